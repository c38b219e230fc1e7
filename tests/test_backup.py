"""Backups of the game log (``companion backup``) and restoring one (``companion restore``)."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.banker.state import replay, snapshot
from companion.cli.main import run
from companion.game import Game
from companion.log.backup import (
    BackupError,
    backup,
    backup_age,
    backup_name,
    backups,
    latest_backup,
    restore,
)
from companion.log.gamelog import GameLog, in_force
from tests.test_gamelog_integrity import short_game

T0 = datetime(2026, 11, 24, 21, 5, 9, tzinfo=UTC)


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return run(list(argv), out, err), out.getvalue(), err.getvalue()


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def resumed(path: Path) -> dict[str, object]:
    with GameLog(path, readonly=True) as log:
        return snapshot(Game.resume(log).state)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.db"
    with GameLog(path) as log:
        game = short_game(log)
        game.execute({"type": "roll", "player": "Ann", "dice": [1, 2, 1]})
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "backups"
    path.mkdir()
    return path


def damage(path: Path) -> None:
    """Change one command's text behind the hash chain's back."""
    conn = sqlite3.connect(path)
    conn.execute("UPDATE commands SET command = replace(command, 'Ann', 'Ann ') WHERE seq = 1")
    conn.commit()
    conn.close()


# A companion playing in another process: it prints each command's number once the log has it.
PLAYER = """
import random, sys
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.simulator.simulate import RandomPlayer

log = GameLog(sys.argv[1])
game = Game.new([{"name": n} for n in ("Ann", "Bob", "Cy")], log=log)
player = RandomPlayer(random.Random(7))
print("ready", flush=True)
while not game.state.over and game._seq < 600:
    game.execute(player.choose(game.state))
    print(game._seq - 1, flush=True)
print("over", flush=True)
"""


def test_a_backup_made_while_a_companion_plays_is_intact_and_resumes_to_the_same_game(
    tmp_path: Path, folder: Path, repo_root: Path
) -> None:
    live = tmp_path / "games.db"
    child = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(live)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(repo_root)},
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    made: list[tuple[Path, int]] = []
    acknowledged = -1
    for n in range(5):
        # Wait for a few more commands, so that each backup is taken in the middle of play.
        for _ in range(20):
            line = child.stdout.readline().strip()
            if line.isdigit():
                acknowledged = int(line)
        made.append((backup(live, folder, now=T0 + timedelta(seconds=n)), acknowledged))
    rest = child.stdout.read()
    assert child.wait(timeout=120) == 0 and rest.rstrip().endswith("over")
    with GameLog(live, readonly=True) as log:
        commands = log.commands(1)
    seen = []
    for path, before in made:
        with GameLog(path, readonly=True) as log:
            copied = log.commands(1)
            state = snapshot(Game.resume(log).state)
        last = copied[-1].seq
        seen.append(last)
        # Every command acknowledged before the backup began is in it, and it is the live
        # game as it stood at its last command, hash chain and all.
        assert last >= before
        assert copied == commands[: last + 1]
        assert state == snapshot(replay(e for c in in_force(copied) for e in c.events))
        assert cli("log", "check", str(path))[0] == 0
        assert not Path(f"{path}-wal").exists()
    assert seen == sorted(seen) and seen[0] < seen[-1] < commands[-1].seq


def test_a_backup_holds_the_commands_still_in_the_wal_file(db: Path, folder: Path) -> None:
    # A reader's open snapshot stops the checkpoints: the next commands stay in games.db-wal.
    reader = sqlite3.connect(db, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM commands").fetchone()
    with GameLog(db) as log:
        Game.resume(log).execute({"type": "end_turn", "player": "Ann"})
        saved = backup(db, folder, now=T0)
        live = snapshot(Game.resume(log).state)
    reader.close()
    assert resumed(saved) == live
    conn = sqlite3.connect(saved)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one file
    conn.close()


def test_rotation_keeps_exactly_the_newest_n_and_leaves_other_files_alone(
    db: Path, folder: Path
) -> None:
    foreign = {
        "games.db": b"the live log, somewhere it should not be",
        "games-2026.db": b"x",
        "games-20200101-000000.db.bak": b"x",
        "GAMES-20200101-000000.DB": b"x",
        "notes.txt": b"x",
    }
    for name, data in foreign.items():
        (folder / name).write_bytes(data)
    (folder / "games-20000101-000000.db").mkdir()  # a folder named like a backup
    written = [backup(db, folder, keep=3, now=T0 + timedelta(days=n)) for n in range(6)]
    assert [p.name for p in written] == [f"games-202611{24 + n}-210509.db" for n in range(6)]
    assert backups(folder) == written[-3:]
    assert {n: d for n, d in files(folder).items() if n in foreign} == foreign
    assert set(files(folder)) == set(foreign) | {p.name for p in written[-3:]}
    assert (folder / "games-20000101-000000.db").is_dir()
    # A clock set back (a Pi has no clock of its own): the backup just made is kept anyway.
    early = backup(db, folder, keep=3, now=T0 - timedelta(days=1))
    assert backups(folder) == [early, *written[-2:]]
    assert latest_backup(folder) == written[-1]
    assert backup_age(folder, now=T0 + timedelta(days=6)) == timedelta(days=1)


def test_latest_backup_and_its_age_when_there_is_none(tmp_path: Path) -> None:
    assert latest_backup(tmp_path / "none") is None
    assert backup_age(tmp_path / "none") is None
    assert latest_backup(tmp_path) is None
    assert backup_name(datetime(2026, 1, 2, 3, 4, 5)) == "games-20260102-030405.db"


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        ("damage", "is damaged (game 1: command #1 does not match its hash"),
        ("garbage", "is not a SQLite database"),
        ("missing", "no game log at"),
        ("keep", "keep 0: keep at least 1 backup"),
    ],
)
def test_a_bad_game_log_gives_one_clear_error_and_no_backup(
    db: Path, folder: Path, spoil: str, words: str
) -> None:
    old = backup(db, folder, keep=2, now=T0)
    keep = 2
    if spoil == "damage":
        damage(db)
    elif spoil == "garbage":
        db.write_bytes(b"PK\x03\x04 a zip file, say" * 100)
    elif spoil == "missing":
        db.unlink()
    else:
        keep = 0
    before = files(folder)
    with pytest.raises(BackupError) as caught:
        backup(db, folder, keep=keep, now=T0 + timedelta(days=1))
    message = str(caught.value)
    assert words in message and "\n" not in message
    assert spoil == "keep" or repr(str(db)) in message
    assert files(folder) == before and backups(folder) == [old]


def test_a_missing_or_unwritable_folder_is_refused(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(BackupError, match="no backup folder at .*: create it"):
        backup(db, tmp_path / "none")
    assert not (tmp_path / "none").exists()
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    if os.geteuid() == 0:  # root writes into a read-only folder: refuse as the kernel would

        def refused(**_: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr("companion.log.backup.tempfile.mkstemp", refused)
    with pytest.raises(BackupError, match="cannot write in the backup folder .*locked"):
        backup(db, locked)
    assert list(locked.iterdir()) == []


def test_restore_round_trip_keeps_the_game_log_it_replaces(db: Path, folder: Path) -> None:
    saved = backup(db, folder, now=T0)
    at_backup = resumed(db)
    with GameLog(db) as log:
        Game.resume(log).execute({"type": "end_turn", "player": "Ann"})
    later = resumed(db)
    assert later != at_backup
    with pytest.raises(BackupError, match="exists: restoring replaces it; give --force"):
        restore(saved, db)
    assert resumed(db) == later
    kept = restore(saved, db, force=True)
    assert kept is not None and kept.name.startswith("games.db.before-restore-")
    assert resumed(db) == at_backup and resumed(kept) == later
    # The restored log is played on as before.
    with GameLog(db) as log:
        Game.resume(log).execute({"type": "end_turn", "player": "Ann"})
    assert resumed(db) == later
    # Restored where there is no game log yet: nothing to keep, no --force needed.
    assert restore(saved, db.parent / "new.db") is None
    assert resumed(db.parent / "new.db") == at_backup


def test_restore_refuses_while_a_companion_has_the_game_log_open(db: Path, folder: Path) -> None:
    saved = backup(db, folder, now=T0)
    before = db.read_bytes()
    with GameLog(db):
        with pytest.raises(BackupError, match="is in use .*: close it, then restore"):
            restore(saved, db, force=True)
    assert db.read_bytes() == before
    assert [p.name for p in db.parent.iterdir() if "before-restore" in p.name] == []


def test_restore_refuses_a_damaged_backup_and_changes_nothing(db: Path, folder: Path) -> None:
    saved = backup(db, folder, now=T0)
    damage(saved)
    before = files(db.parent)
    with pytest.raises(BackupError, match=r"the backup .* is damaged \(game 1: command #1"):
        restore(saved, db, force=True)
    assert files(db.parent) == before
    saved.write_bytes(saved.read_bytes()[:5000])
    with pytest.raises(BackupError, match="is damaged"):
        restore(saved, db, force=True)
    assert files(db.parent) == before


def test_restore_over_a_game_log_sqlite_cannot_read(db: Path, folder: Path) -> None:
    saved = backup(db, folder, now=T0)
    at_backup = resumed(db)
    db.write_bytes(b"\x00" * 4096)
    kept = restore(saved, db, force=True)
    assert kept is not None and kept.read_bytes() == b"\x00" * 4096
    assert resumed(db) == at_backup


def test_the_commands_back_up_and_restore(
    db: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = cli("backup", "--db", str(db), "--to", str(folder), "--keep", "2")
    assert (status, err) == (0, "")
    written = Path(out.strip())
    assert written.parent == folder and written == latest_backup(folder)
    monkeypatch.setenv("COMPANION_DB", str(db))
    monkeypatch.setenv("COMPANION_BACKUPS", str(folder))
    status, out, err = cli("restore", str(written), "--force")
    assert status == 0 and out.startswith(f"Restored {written} as {db} (the game log it replaced")
    status, out, err = cli("restore", str(written))
    assert (status, out) == (2, "")
    assert err.startswith("companion: error: the game log") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["backup", "--to", "DIR"], "no --db given: give --db or set COMPANION_DB"),
        (["backup", "--db", "DB"], "no --to given: give --to or set COMPANION_BACKUPS"),
        (["backup", "--db", "DB", "--to", "DIR", "--keep", "0"], "keep 0: keep at least 1"),
        (["backup", "--db", "DB", "--to", "DIR", "--keep", "x"], "invalid int value: 'x'"),
        (["restore", "BACKUP"], "no --db given"),
        (["restore", "BACKUP", "--db", "DB"], "no backup at"),
    ],
)
def test_bad_command_lines_are_refused_in_one_line(
    db: Path, folder: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], words: str
) -> None:
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.delenv("COMPANION_BACKUPS", raising=False)
    names = {"DB": str(db), "DIR": str(folder), "BACKUP": str(folder / "games-none.db")}
    before = files(db.parent) | files(folder)
    status, out, err = cli(*(names.get(a, a) for a in argv))
    assert (status, out) == (2, "")
    assert words in err and err.startswith("companion: error: ") and err.count("\n") == 1
    assert files(db.parent) | files(folder) == before
