"""Every recorded seeded game plays out today exactly as it did when it was recorded.

The recording (``tests/golden_games.py``) was made before the engine was restructured; the same
commands must make the same moves, transfers and decisions.
"""

from __future__ import annotations

import pytest

from tests import golden_games

GAMES = golden_games.load()


def test_the_recording_covers_whole_games_and_every_house_rule() -> None:
    assert len(GAMES) == len(golden_games.GAMES["ultimate"])
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


def _plays_out_the_same(recorded: dict) -> None:
    """Replays a recorded game command by command; fails at the first step whose events differ."""
    difference = next(golden_games.replay_game(recorded), None)
    if difference is not None:
        i, step, now = difference
        pytest.fail(f"step {i}: {step['command']}\nrecorded: {step['events']}\nnow:      {now}")


@pytest.mark.parametrize("recorded", GAMES, ids=lambda g: f"seed{g['seed']}")
def test_a_recorded_game_plays_out_the_same(recorded: dict) -> None:
    _plays_out_the_same(recorded)


#: Each other edition's recorded games (``python -m tests.golden_games record EDITION``).
EDITION_GAMES = [g for e in golden_games.GAMES if e != "ultimate" for g in golden_games.load(e)]


def test_the_mega_edition_s_recording_holds_whole_games_and_its_own_rules() -> None:
    """The Mega Edition's games (issue 25) end with a winner and meet its own rules: the
    last lot, Bus Tickets played and expiring, the Birthday Gift, the Auction space."""
    mega = [g for g in EDITION_GAMES if g["edition"] == "mega"]
    assert len(mega) == len(golden_games.GAMES["mega"])
    kinds = {
        e["decision"]["kind"]
        for g in mega
        for step in g["steps"]
        for e in step["events"]
        if e["type"] == "decision"
    }
    assert {"last_lot", "gift", "game_over"} <= kinds
    commands = {step["command"]["type"] for g in mega for step in g["steps"]}
    assert {"voucher", "last_lot", "build", "choose"} <= commands


def test_the_classic_recording_covers_whole_games_and_every_house_rule_it_offers() -> None:
    """Classic's seeded games (issue 25), recorded once its rules were checked against the
    rules text: three end with one player left, building, mortgages and rent claims among them,
    and between them they play every house rule Classic offers."""
    from companion.editions import edition

    CLASSIC = [g for g in EDITION_GAMES if g["edition"] == "classic"]
    assert len(CLASSIC) == len(golden_games.GAMES["classic"])
    ends = [g["steps"][-1]["events"][-1] for g in CLASSIC]
    assert sum(e["type"] == "decision" and e["decision"]["kind"] == "game_over" for e in ends) == 3
    commands = {s["command"]["type"] for g in CLASSIC for s in g["steps"]}
    assert {"build", "sell_building", "mortgage", "unmortgage", "claim", "bankrupt"} <= commands
    assert {name for g in CLASSIC for name in g["rules"]} == set(edition("classic").house_rules)


@pytest.mark.parametrize("recorded", EDITION_GAMES, ids=lambda g: f"{g['edition']}-seed{g['seed']}")
def test_another_edition_s_recorded_game_plays_out_the_same(recorded: dict) -> None:
    _plays_out_the_same(recorded)
