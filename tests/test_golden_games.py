"""Every recorded seeded game plays out today exactly as it did when it was recorded.

The recording (``tests/golden_games.py``) was made before the engine was restructured; the same
commands must make the same moves, transfers and decisions.
"""

from __future__ import annotations

import pytest

from tests import golden_games

GAMES = golden_games.load()


def test_the_recording_covers_whole_games_and_every_house_rule() -> None:
    assert len(GAMES) == len(golden_games.GAMES)
    assert (
        sum(
            1
            for g in GAMES
            if g["steps"][-1]["events"][-1]["type"] == "decision"
            and g["steps"][-1]["events"][-1]["decision"]["kind"] == "game_over"
        )
        >= 2
    )
    rules = {name for g in GAMES for name in g["rules"]}
    assert len(rules) == 5


@pytest.mark.parametrize("recorded", GAMES, ids=lambda g: f"seed{g['seed']}")
def test_a_recorded_game_plays_out_the_same(recorded: dict) -> None:
    difference = next(golden_games.replay_game(recorded), None)
    if difference is not None:
        i, step, now = difference
        pytest.fail(f"step {i}: {step['command']}\nrecorded: {step['events']}\nnow:      {now}")
