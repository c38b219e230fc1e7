"""A game log written before the engine was restructured (typed commands and tasks, decision
ids, message codes) resumes unchanged, reads as it was written, and plays on as it would have.

``tests/data/log_before_codes.db`` was written at commit c8c19ea by the engine of that day: the
first 300 commands of the recorded game of seed 4 (``tests/golden_games.py``), with the state
they led to in ``log_before_codes.json``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.banker.state import snapshot
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.log.history import text_lines
from companion.rules.table import Options
from tests import golden_games

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "log_before_codes.json").read_text("utf-8"))


@pytest.fixture
def old_log(tmp_path: Path) -> GameLog:
    copy = tmp_path / "old.db"
    shutil.copy(DATA / "log_before_codes.db", copy)
    log = GameLog(copy)
    yield log
    log.close()


def test_an_old_log_resumes_to_the_state_it_recorded(old_log: GameLog) -> None:
    game = Game.resume(old_log)
    expected = dict(EXPECTED["snapshot"])
    now = snapshot(game.state)
    # Decisions written before ids are numbered as they are read; house rules added since the
    # log was written are at their defaults; the rest is as it was.
    assert now.pop("decision")["id"] > 0 and expected.pop("decision")
    expected["rules"] = {**Options().to_json(), **expected["rules"]}
    assert now == expected
    assert len(old_log.commands(game.game_id)) == 1 + EXPECTED["commands"]  # and the new game


def test_an_old_log_reads_with_the_sentences_it_stored(old_log: GameLog) -> None:
    game_id = old_log.last_played_game()
    lines = list(text_lines(game_id, old_log.commands(game_id)))
    assert len(lines) > EXPECTED["commands"]
    assert any("rolled" in line for line in lines)
    assert not any("None" in line or "(note" in line or "{" in line for line in lines)


def test_an_old_game_plays_on_as_recorded(old_log: GameLog) -> None:
    recorded = next(g for g in golden_games.load() if g["seed"] == EXPECTED["seed"])
    game = Game.resume(old_log)
    for step in recorded["steps"][EXPECTED["commands"] : EXPECTED["commands"] + 200]:
        assert golden_games.execute(game, step) == step["events"], step["command"]
