"""One writer per game log (issue 21): a second writer is refused in one line naming the first,
readers work beside the writer, a killed writer leaves no stale lock, an append to a game that
moved on under it is refused, and a path that is not a regular file is refused before any open.

The races run real ``companion play`` processes (``tests/writers.py``, also the campaign
``tests/campaigns/two_writers.py``)."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from companion.game import Game
from companion.log.backup import BackupError, backup, restore
from companion.log.gamelog import (
    GameLog,
    GameLogError,
    LogInUseError,
    LogMovedOnError,
    lock_path,
    writer_of,
)
from companion.simulator.players import RandomPlayer
from tests import writers
from tests.writers import companion


def rows(db: Path) -> tuple[int, int, str]:
    with GameLog(db, readonly=True) as log:
        conn = log.conn
        head = conn.execute("SELECT head FROM games WHERE id = 1").fetchone()[0]
        counts = [
            conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("commands", "events")
        ]
        return counts[0], counts[1], head


@pytest.mark.parametrize("stagger", [False, True], ids=["together", "one-while-the-other-plays"])
def test_two_plays_on_one_log_one_plays_the_other_is_refused(tmp_path: Path, stagger: bool) -> None:
    outcome = writers.race(tmp_path, 7, stagger=stagger)
    assert outcome.ok, outcome


def test_a_kill_9_of_the_writer_lets_the_next_one_open(tmp_path: Path) -> None:
    outcome = writers.killed(tmp_path, 11)
    assert outcome.ok, outcome


@pytest.mark.parametrize("app_first", [True, False], ids=["app-first", "play-first"])
def test_the_app_beside_play_is_refused_either_way(tmp_path: Path, app_first: bool) -> None:
    outcome = writers.app_beside_play(tmp_path, 5, app_first=app_first)
    assert outcome.ok, outcome


def test_a_second_writer_is_refused_naming_the_first_and_nothing_changes(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    game_id, _ = writers.opening(db, 3)
    before = rows(db)
    with GameLog(db, holder="the companion app") as first:
        record = json.loads(lock_path(db).read_text())
        assert record["holder"] == "the companion app" and record["pid"] == os.getpid()
        # Any user who may write the log may lock it (a lock file made by root's sudo too).
        assert lock_path(db).stat().st_mode & 0o777 == 0o666
        with pytest.raises(LogInUseError) as caught:
            GameLog(db, holder="'companion play'")
        assert str(caught.value) == (
            f"the companion app has the game log {str(db)!r} open (process {os.getpid()}): "
            "close it first, or use 'companion history' to read it; nothing was changed"
        )
        assert caught.value.holder == "the companion app"
        # Through a symbolic link, or a path written otherwise, it is the same log.
        link = tmp_path / "link.db"
        link.symlink_to(db)
        with pytest.raises(LogInUseError):
            GameLog(link)
        done = companion("play", "--db", str(tmp_path / "." / "g.db"))
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == (
            f"companion: error: the companion app has the game log "
            f"{str(tmp_path / '.' / 'g.db')!r} open (process {os.getpid()}): close it first, or "
            "use 'companion history' to read it; nothing was changed\n"
        )
        assert rows(db) == before
        Game.resume(first, game_id)
    # Closed, it is free again: the kernel keeps no lock of a closed file.
    with GameLog(db, holder="'companion play'"):
        pass


def test_readers_work_beside_the_writer_and_take_no_lock(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    writers.opening(db, 4)
    with GameLog(db, holder="'companion play'"):
        for argv in (
            ("history", "--db", str(db)),
            ("games", "--db", str(db)),
            ("log", "check", str(db)),
            ("backup", "--db", str(db), "--to", str(tmp_path)),
        ):
            done = companion(*argv)
            assert done.returncode == 0 and done.stderr == "", (argv, done.stderr)
    # A reader open holds nothing: a writer opens beside it.
    with GameLog(db, readonly=True) as reader, GameLog(db) as writer:
        assert reader.games() == writer.games()


def test_restore_is_refused_while_play_has_the_log_and_holds_it_while_it_writes(
    tmp_path: Path,
) -> None:
    db = tmp_path / "g.db"
    writers.opening(db, 4)
    saved = backup(db, tmp_path)
    before = rows(db)
    with GameLog(db, holder="'companion play'"):
        with pytest.raises(BackupError, match=r"is in use \('companion play' has it open\)"):
            restore(saved, db, force=True)
    assert rows(db) == before
    assert restore(saved, db, force=True) is not None


def choose(game: Game, seed: int) -> dict:
    return RandomPlayer(random.Random(seed)).choose(game.state)


def test_an_append_to_a_game_that_moved_on_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    # The lock is bypassed (its file removed under the first writer, as a careless clean-up
    # would): the second guard, the game's last command, still stops the stale writer.
    db = tmp_path / "g.db"
    game_id, _ = writers.opening(db, 6)
    with GameLog(db) as stale_log:
        stale = Game.resume(stale_log, game_id)  # it has read the game, not yet written
        lock_path(db).unlink()
        with GameLog(db) as other_log:
            other = Game.resume(other_log, game_id)
            other.execute(choose(other, 1))
        before, state = rows(db), stale.state
        with pytest.raises(LogMovedOnError, match="the game moved on in another window"):
            stale.execute(choose(stale, 2))
        assert rows(db) == before and stale.state is state
    # Once it has written, the command it wrote last is checked too.
    with GameLog(db) as stale_log:
        stale = Game.resume(stale_log, game_id)
        stale.execute(choose(stale, 3))
        lock_path(db).unlink()
        with GameLog(db) as other_log:
            Game.resume(other_log, game_id).undo()
        before, state = rows(db), stale.state
        with pytest.raises(LogMovedOnError, match="nothing was recorded"):
            stale.undo()
        with pytest.raises(LogMovedOnError):
            stale.correct(stale.done[-1])
        assert rows(db) == before and stale.state is state


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_paths_that_are_not_regular_files_are_refused_in_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.db"
    folder.mkdir()
    for path, kind in (
        (fifo, "a named pipe (FIFO)"),
        (folder, "a folder"),
        (Path("/dev/null"), "a device"),
    ):
        expected = f"{str(path)!r} is {kind}, not a game log"
        for argv in (
            ("play", "--db", str(path)),
            ("play", "--db", str(path), "--players", "Ann,Bob", "--new"),
            ("history", "--db", str(path)),
            ("games", "--db", str(path)),
            ("log", "check", str(path)),
            ("log", "salvage", str(path), "--out", str(tmp_path / "new.db")),
            ("backup", "--db", str(path), "--to", str(tmp_path)),
        ):
            done = companion(*argv)  # a FIFO opened would wait here until the timeout
            assert done.returncode == 2, (argv, done.stderr)
            assert done.stderr.startswith(f"companion: error: {expected}"), (argv, done.stderr)
            assert done.stderr.count("\n") == 1 and done.stdout == ""
        done = companion("restore", str(path), "--db", str(tmp_path / "restored.db"))
        assert done.returncode == 2 and done.stderr.startswith(
            f"companion: error: {str(path)!r} is {kind}, not a backup"
        )
        for readonly in (True, False):
            with pytest.raises(GameLogError, match=re.escape(expected)):
                GameLog(path, readonly=readonly)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.db", "pipe.db"]


def test_a_writer_that_has_ended_is_never_named_as_the_holder(tmp_path: Path) -> None:
    """Two 'companion play' started together: the second was refused naming the last writer
    before them ("a companion (process N)", the test's own opening), read from the lock file
    in the instant between the winner's lock and its record. A writer that closes leaves no
    record, and a record whose process holds no lock is not believed."""
    import subprocess
    import sys

    db = tmp_path / "g.db"
    with GameLog(db, holder="'the old writer'"):
        pass
    lock = lock_path(db)
    assert lock.read_text() == ""  # closed: no record left
    # A writer killed outright leaves its record; another takes the lock and has not yet
    # written its own.
    lock.write_text(json.dumps({"holder": "'the old writer'", "pid": os.getpid()}) + "\n")
    taker = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time\n"
         f"fd = os.open({str(lock)!r}, os.O_RDWR)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(30)\n"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert taker.stdout is not None and taker.stdout.readline() == "locked\n"
        with pytest.raises(LogInUseError) as refused:
            GameLog(db, holder="'companion play'")
        assert refused.value.holder == "another companion"
        assert writer_of(db) == "another companion"
    finally:
        taker.kill()
        taker.wait()
