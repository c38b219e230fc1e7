"""A game log written before the engine was restructured (typed commands and tasks, decision
ids, message codes) resumes unchanged, reads as it was written, and plays on by today's rules as any game in its position does.

``tests/data/log_before_codes.db`` was written at commit c8c19ea by the engine of that day: the
first 300 commands of the game of seed 4 as ``tests/golden_games.py`` then recorded it, with the
state they led to in ``log_before_codes.json``.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.banker.start import start_from_situation, table_situation
from companion.banker.state import GameState, snapshot
from companion.errors import CompanionError
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.log.history import text_lines
from companion.rules.table import Options
from companion.simulator.players import RandomPlayer

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


def test_an_old_game_plays_on_as_a_game_started_from_its_table(old_log: GameLog) -> None:
    """The old log plays on by today's rules exactly as a new game started from the same table
    does (``table_situation``): after each of 200 commands of a seeded random player, given to
    both, the two tables and their decisions' options are the same. (It cannot play on as the
    old recording did: rules fixed since, such as used Travel Vouchers being out of play, change
    what its next turns do.)"""
    old = Game.resume(old_log)
    new = Game.started(start_from_situation(table_situation(old.state)))
    player = RandomPlayer(random.Random(EXPECTED["seed"]))
    for _ in range(200):
        command = player.choose(old.state)
        if "decision" in command:  # each game numbers its own decisions
            command = {**command, "decision": new.state.decision.id}
        try:
            old.execute(command)
        except CompanionError as refused:
            with pytest.raises(CompanionError, match=re.escape(str(refused))):
                new.execute(command)
            continue
        new.execute(command)
        assert table(new.state) == table(old.state), command
        assert new.state.decision.options == old.state.decision.options, command


def table(state: GameState) -> dict[str, Any]:
    """The whole state but the decision's number."""
    data = snapshot(state)
    data["decision"].pop("id")
    return data
