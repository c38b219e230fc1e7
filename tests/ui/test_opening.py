"""What the first screen is told by the controller (issue 22, items 4 and 5), without a window:
the newest game read and replayed once for the first screen, its list and Resume; a file that
moved on since is replayed again; who holds a game log, asked without taking its lock."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.banker.state import snapshot
from companion.game import Game
from companion.log.gamelog import GameLog, lock_path
from tests.conftest import REPO_ROOT
from tests.ui.test_controller import PLAYERS, play_until
from ui.controller import TableController
from ui.setup_store import SetupStore


def controller(db: Path) -> TableController:
    return TableController(db_path=db, store=SetupStore(db.parent / "setup.json"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A game log holding one game of three, 60 commands in."""
    c = controller(tmp_path / "games.db")
    assert c.start_game(PLAYERS, {}), c.view.notice
    play_until(c, random.Random(4), lambda c: False, cap=60)
    c.close()
    return c.db_path


def test_the_newest_game_is_replayed_once_for_the_first_screen_its_list_and_resume(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays: list[int | None] = []
    resume = Game.resume.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Game], log: GameLog, game_id: int | None = None) -> Game:
        replays.append(game_id)
        return resume(cls, log, game_id)

    monkeypatch.setattr(Game, "resume", classmethod(counted))
    with GameLog(db, readonly=True) as log:
        expected = snapshot(resume(Game, log, 1).state)
    c = controller(db)

    games = c.saved_games()  # the first screen's list of saved games (and its Resume button)
    assert c.resume(games[0]["id"]), c.view.notice

    assert replays == [1]
    assert [g["id"] for g in games] == [1] and games[0]["problem"] is None
    assert snapshot(c.game.state) == expected
    # And it plays on: the next answer is recorded after the last one in the file.
    play_until(c, random.Random(8), lambda c: False, cap=5)
    c.close()
    with GameLog(db, readonly=True) as log:
        assert snapshot(resume(Game, log, 1).state) == snapshot(c.game.state)


def test_a_game_played_on_elsewhere_since_the_first_screen_is_replayed_from_the_file(
    db: Path,
) -> None:
    c = controller(db)
    opening = c.opening()
    with GameLog(db, holder="'companion play'") as log:  # played on meanwhile, then closed
        game = Game.resume(log, opening.resume_id)
        play_until_logged(game)
        moved_on = snapshot(game.state)

    assert c.resume(opening.resume_id), c.view.notice

    assert snapshot(c.game.state) == moved_on


def play_until_logged(game: Game) -> None:
    """One more command in the file: the first option of the decision in force."""
    from companion.banker.options import command_of

    state = game.state
    option = state.decision.options[0]
    free = {"dice": [2, 3, "1"]} if "dice" in option.get("free", {}) else {}
    game.execute(command_of(option, state.decision.player, **free))


def test_who_holds_a_game_log_is_asked_without_taking_its_lock(tmp_path: Path) -> None:
    from companion.log.gamelog import writer_of

    db = tmp_path / "games.db"
    assert writer_of(db) is None  # no file, no lock file
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from companion.log.gamelog import GameLog; "
            f"log = GameLog({str(db)!r}, holder=\"'companion play'\"); "
            "print('ready', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO_ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
        assert writer_of(db) == "'companion play'"
        assert writer_of(db) == "'companion play'"  # asking took nothing: ask again
    finally:
        holder.kill()  # as kill -9: the kernel drops the lock, the record stays
        holder.wait()
    assert "'companion play'" in lock_path(db).read_text()
    deadline = time.monotonic() + 5
    while writer_of(db) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert writer_of(db) is None
    with GameLog(db):  # and the lock is free for the next writer
        pass


def test_a_game_log_of_a_newer_companion_is_said_not_taken_for_no_games(db: Path) -> None:
    """Not "No saved games yet.": the file cannot be read, and no game is offered over it."""
    import contextlib
    import sqlite3

    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA user_version = 9")
    before = db.read_bytes()
    c = controller(db)

    opening = c.opening()

    assert opening.fault == "unreadable" and not opening.can_play
    assert opening.message.startswith("The saved games cannot be read: game log ")
    assert "schema version 9" in opening.message and "\n" not in opening.message
    assert c.saved_games() == [] and db.read_bytes() == before


def test_rescue_is_refused_when_the_game_log_is_not_damaged(db: Path) -> None:
    before = sorted(p.name for p in db.parent.iterdir()), db.read_bytes()
    c = controller(db)
    assert c.opening().fault == ""

    assert not c.rescue()

    assert c.view.notice == "The saved games are not damaged: nothing to rescue"
    assert (sorted(p.name for p in db.parent.iterdir()), db.read_bytes()) == before
