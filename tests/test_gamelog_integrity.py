"""The game log's integrity: the hash chain, read-only reading, a full disk, the game's status,
and the default game (the last played)."""

from __future__ import annotations

import io
import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path
from unittest.mock import patch

import pytest

from companion.banker.state import snapshot
from companion.cli.main import run
from companion.game import Game
from companion.log.gamelog import (
    SCHEMA_VERSION,
    START,
    DamagedLogError,
    GameLog,
    GameLogError,
    LoggedCommand,
    LogWriteError,
    chain_hash,
)
from tests.test_gamelog import deal


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return run(list(argv), out, err), out.getvalue(), err.getvalue()


def short_game(log: GameLog, *names: str, rules: dict[str, bool] | None = None) -> Game:
    """A game at its first player's first roll: the deal and the turn order, logged."""
    names = names or ("Ann", "Bob")
    game = Game.new([{"name": n} for n in names], log=log, rules=rules)
    deal(game, *names)
    for i, n in enumerate(names):
        game.execute({"type": "order_roll", "player": n, "dice": [6 - i, 6 - i]})
    return game


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "g.db"
    with GameLog(path) as log:
        game = short_game(log)
        game.execute({"type": "roll", "player": "Ann", "dice": [1, 2, 1]})
    return path


def raw(path: Path, sql: str, *args: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def history(path: Path) -> tuple[int, str, str]:
    return cli("history", "--db", str(path))


def test_every_command_carries_the_hash_of_its_row_events_and_the_one_before(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.text_factory = bytes
    prev = START
    for seq, time, player, kind, command, stored in conn.execute(
        "SELECT seq, time, player, type, command, hash FROM commands ORDER BY seq"
    ):
        events = conn.execute(
            "SELECT seq, time, type, payload FROM events WHERE command_seq = ? ORDER BY seq",
            (seq,),
        ).fetchall()
        prev = chain_hash(prev, 1, seq, [time, player, kind, command], events)
        assert stored.decode() == prev
    head = conn.execute("SELECT head FROM games").fetchone()[0]
    assert head.decode() == prev


@pytest.mark.parametrize(
    ("sql", "seq", "what"),
    [
        # A changed byte in a JSON payload that still decodes: replaying it would be wrong.
        (
            "UPDATE events SET payload = replace(payload, '\"amount\": 200', '\"amount\": 900')"
            " WHERE command_seq = 5",
            5,
            "does not match its hash",
        ),
        ("UPDATE commands SET time = '2026-01-01T00:00:00.000+00:00' WHERE seq = 2", 2, "hash"),
        ("UPDATE commands SET command = CAST(X'7b22ff' AS TEXT) WHERE seq = 3", 3, "hash"),
        (
            "DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events WHERE command_seq = 4)",
            4,
            "event",
        ),
        ("DELETE FROM commands WHERE seq = 4", 4, "missing"),
        # The last command and its events gone: the rows left agree with each other, not with
        # the game's head.
        ("DELETE FROM events WHERE command_seq = 5", 5, "missing"),
        ("DELETE FROM commands WHERE seq = 5", 5, "missing"),
        ("UPDATE games SET head = 'x'", 6, "head"),
    ],
)
def test_a_damaged_row_is_refused_naming_the_file_game_and_first_bad_command(
    db: Path, sql: str, seq: int, what: str
) -> None:
    raw(db, sql)
    if sql.startswith("DELETE FROM events WHERE command_seq = 5"):
        raw(db, "DELETE FROM commands WHERE seq = 5")
    with GameLog(db, readonly=True) as log, pytest.raises(DamagedLogError) as caught:
        log.commands(1)
    assert (caught.value.game_id, caught.value.seq) == (1, seq)
    assert what in str(caught.value)
    assert f"run 'companion log salvage {db} --out NEW'" in str(caught.value)
    status, out, err = history(db)
    assert (status, out) == (2, "")
    assert err.startswith(f"companion: error: game log '{db}' is damaged in game 1, command #{seq}")
    assert err.count("\n") == 1


def row_by_row(log: GameLog, game_id: int) -> list[LoggedCommand]:
    """The game as the row-by-row check reads it (chain_hash and json.loads a value)."""
    with patch.object(GameLog, "_read_checked", return_value=None):
        return log.commands(game_id)


def test_a_game_is_checked_in_bulk_and_read_as_the_row_by_row_check_reads_it(db: Path) -> None:
    with GameLog(db) as log:
        game = Game.resume(log)
        game.undo()
        expected = row_by_row(log, 1)
        with patch("companion.log.gamelog._put", side_effect=AssertionError("a value hashed")):
            assert log.commands(1) == expected
            resumed = Game.resume(log, 1)
    assert [c.seq for c in expected] == list(range(7))
    assert snapshot(resumed.state) == snapshot(game.state)


@pytest.mark.parametrize(
    ("sql", "seq", "what"),
    [
        # Values of another type than the writer's: each must fail the hash, never be read.
        ("UPDATE events SET seq = 10.5 WHERE seq = 10", 2, "event"),
        ("UPDATE events SET seq = 'ten' WHERE seq = 10", 2, "event"),
        ("UPDATE events SET payload = NULL WHERE seq = 13", 3, "hash"),
        ("UPDATE commands SET player = NULL WHERE seq = 3", 3, "hash"),
        ("UPDATE commands SET hash = NULL WHERE seq = 4", 4, "hash"),
        ("UPDATE commands SET hash = CAST(X'ff' AS TEXT) WHERE seq = 4", 4, "hash"),
        # The row-by-row reading sorts a command number that is not an integer first.
        ("UPDATE commands SET seq = 4.5 WHERE seq = 4", 0, "missing"),
        # An event given to the next command: both commands' rows still read in order.
        ("UPDATE events SET command_seq = 5 WHERE seq = 17", 4, "event"),
        # One payload made two JSON objects: the game's one json.loads must not take it.
        (
            'UPDATE events SET payload = \'{"type": "turn"}, {"type": "turn"}\' WHERE seq = 16',
            4,
            "hash",
        ),
        ("INSERT INTO events VALUES (1, 22, 9, 't', 'turn', '{\"type\": \"turn\"}')", 6, "missing"),
    ],
)
def test_damage_the_bulk_check_must_not_take(db: Path, sql: str, seq: int, what: str) -> None:
    raw(db, sql)
    with GameLog(db, readonly=True) as log:
        assert log._read_checked(1, log._check(1)) is None
        with pytest.raises(DamagedLogError) as caught:
            log.commands(1)
    assert (caught.value.game_id, caught.value.seq) == (1, seq)
    assert what in str(caught.value)


def test_damage_sqlite_sees_is_one_line_too(db: Path) -> None:
    data = bytearray(db.read_bytes())
    page = 4096
    data[page * 2 : page * 2 + 64] = bytes(64)  # a b-tree page's header zeroed
    db.write_bytes(bytes(data))
    status, out, err = history(db)
    assert (status, out) == (2, "")
    assert err.startswith(f"companion: error: game log '{db}' is damaged: SQLite finds: ")
    assert err.endswith(f"run 'companion log salvage {db} --out NEW' and play from NEW\n")


def test_a_version_1_log_is_read_as_it_is_and_migrated_with_its_chain(db: Path) -> None:
    with GameLog(db) as log:
        before = log.commands(1)
        hashes = [r[0] for r in log.conn.execute("SELECT hash FROM commands ORDER BY seq")]
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE commands DROP COLUMN hash")
    conn.execute("ALTER TABLE games DROP COLUMN head")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with GameLog(db, readonly=True) as log:
        assert log.version == 1
        assert log.commands(1) == before
    with GameLog(db) as log:
        assert log.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert [r[0] for r in log.conn.execute("SELECT hash FROM commands ORDER BY seq")] == hashes
        assert log.commands(1) == before
        Game.resume(log).undo()
        assert len(log.commands(1)) == len(before) + 1


def test_a_damaged_schema_version_is_not_taken_for_an_old_file(db: Path) -> None:
    raw(db, "PRAGMA user_version = 1")
    for readonly in (True, False):
        with pytest.raises(DamagedLogError, match="tables do not match schema version 1"):
            GameLog(db, readonly=readonly)


def files_and_times(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def test_reading_writes_nothing_not_even_journal_files(db: Path) -> None:
    before = files_and_times(db.parent)
    assert sorted(before) == ["g.db", "g.db.lock"]  # the writer's lock file stays beside it
    for fmt in ("text", "jsonl", "csv", "situation"):
        status, out, _ = cli("history", "--db", str(db), "--format", fmt)
        assert status == 0 and out
    assert cli("games", "--db", str(db))[0] == 0
    assert cli("log", "check", str(db))[0] == 0
    assert files_and_times(db.parent) == before
    with GameLog(db, readonly=True) as log, pytest.raises(LogWriteError, match="read-only"):
        log.append(1, {"type": "undo"}, [])


def test_reading_while_a_game_is_played_sees_every_acknowledged_command(db: Path) -> None:
    with GameLog(db) as log:
        game = Game.resume(log)
        game.undo()
        assert Path(f"{db}-wal").exists()
        with GameLog(db, readonly=True) as reader:
            assert [c.seq for c in reader.commands(1)][-1] == 6


@pytest.fixture
def mount_point(tmpfs: Callable[[str], Path]) -> Path:
    """A tmpfs of 256 KiB (skipped where none can be mounted)."""
    return tmpfs("256k")


def test_history_reads_a_log_on_a_read_only_medium(db: Path, mount_point: Path) -> None:
    shutil.copy(db, mount_point / "backup.db")
    expected = history(db)
    subprocess.run(["mount", "-o", "remount,ro", str(mount_point)], check=True)
    assert history(mount_point / "backup.db") == (0, expected[1].replace(str(db), "x"), "")
    status, _, err = cli("play", "--db", str(mount_point / "backup.db"))
    assert status == 2
    assert err.startswith(
        f"companion: error: cannot write to the game log '{mount_point}/backup.db'"
    )
    assert err.count("\n") == 1
    assert os.listdir(mount_point) == ["backup.db"]


def test_a_full_disk_changes_nothing_and_play_goes_on_when_space_is_freed(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = short_game(log)
        pages = log.conn.execute("PRAGMA page_count").fetchone()[0]
        # No page may be added: the same SQLite path as a full card (SQLITE_FULL).
        log.conn.execute(f"PRAGMA max_page_count = {pages}")
        roll = {"type": "roll", "player": "Ann", "dice": [1, 2, 1]}
        for _ in range(200):  # until the pages there are have no room left
            before = snapshot(game.state)
            counts = log.conn.execute(
                "SELECT COUNT(*), (SELECT COUNT(*) FROM events) FROM commands"
            ).fetchone()
            try:
                game.execute(roll) if game.state.decision.kind == "roll" else game.undo()
            except LogWriteError as exc:
                caught = exc
                break
        else:
            pytest.fail("the disk never filled")
        assert str(caught) == (
            f"could not write to the game log '{tmp_path / 'g.db'}': disk full; nothing was "
            "recorded: free some space and give the command again"
        )
        assert snapshot(game.state) == before
        assert (
            log.conn.execute(
                "SELECT COUNT(*), (SELECT COUNT(*) FROM events) FROM commands"
            ).fetchone()
            == counts
        )
        log.conn.execute("PRAGMA max_page_count = 1000000")  # space freed
        game.execute(roll) if game.state.decision.kind == "roll" else game.undo()
        assert snapshot(Game.resume(log).state) == snapshot(game.state)
        assert [c.seq for c in log.commands(1)] == list(range(counts[0] + 1))


def test_a_really_full_disk(mount_point: Path) -> None:
    with GameLog(mount_point / "g.db") as log:
        game = short_game(log)
        before = snapshot(game.state)
        filler = mount_point / "filler"
        with filler.open("wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"\0" * 4096)
                    f.flush()
            except OSError:
                pass
        roll = {"type": "roll", "player": "Ann", "dice": [1, 2, 1]}
        with pytest.raises(LogWriteError, match="nothing was recorded"):
            for _ in range(100):  # until the last free bytes of the last pages are used
                before = snapshot(game.state)
                game.execute(roll) if game.state.decision.kind == "roll" else game.undo()
        assert snapshot(game.state) == before
        filler.unlink()
        game.execute(roll) if game.state.decision.kind == "roll" else game.undo()
        assert snapshot(Game.resume(log).state) == snapshot(game.state)


def test_undoing_the_command_that_ended_the_game_reopens_it_and_history_shows_both(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.db"
    with GameLog(path) as log:
        game = short_game(log, rules={"time_limit": True})
        game.execute({"type": "end_game", "player": "Ann"})
        assert [(g["status"], g["winner"]) for g in log.games()] == [
            ("over", game.state.decision.player)
        ]
        game.undo(player="Ann")
        assert [(g["status"], g["winner"]) for g in log.games()] == [("playing", None)]
    _, out, _ = history(path)
    words = [line[12:] if line.startswith("#") else line for line in out.splitlines()[-5:]]
    assert words == [
        "Ann: end_game",
        "    Time is up: Ann is the richest and wins.",
        "    Now: Game over: Ann wins.",
        "Ann: undo undoes=5",
        "    Undone: command #5 (the end of the game, by Ann).",
    ]


def test_the_default_game_is_the_last_played_not_the_newest(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    with GameLog(path) as log:
        assert log.last_played_game() is None
        one = short_game(log)
        two = short_game(log, "Cy", "Dee")
        assert log.last_played_game() == two.game_id
        one.execute({"type": "roll", "player": "Ann", "dice": [1, 2, 1]})
        assert log.last_played_game() == one.game_id
        assert Game.resume(log).game_id == one.game_id
    assert history(path)[1].startswith(f"Game {one.game_id}: Ultimate Monopoly\n")
    # A damaged time cannot make another game the default without a word.
    raw(path, "UPDATE commands SET time = '2000' || substr(time, 5) WHERE game_id = 1 AND seq = 5")
    with (
        GameLog(path, readonly=True) as log,
        pytest.raises(DamagedLogError, match="game 1, command #5"),
    ):
        log.last_played_game()


def test_games_lists_every_game_with_its_players_status_and_commands(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    with GameLog(path) as log:
        one = short_game(log, rules={"time_limit": True})
        one.execute({"type": "end_game", "player": "Ann"})
        short_game(log, "Cy", "Dee", "Eve")
        listed = [
            (g["id"], g["players"], g["status"], g["winner"], g["commands"]) for g in log.games()
        ]
        assert listed == [
            (1, ["Ann", "Bob"], "over", one.state.decision.player, 5),
            (2, ["Cy", "Dee", "Eve"], "playing", None, 6),
        ]
    status, out, err = cli("games", "--db", str(path))
    assert (status, err) == (0, "")
    table = [re.split(r"\s{2,}", line.strip()) for line in out.splitlines()]
    minute = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")
    assert all(minute.fullmatch(row[i]) for row in table[1:3] for i in (3, 4))
    assert [row[:3] + row[5:] for row in table] == [
        ["game", "edition", "players", "status", "commands"],
        ["1", "Ultimate Monopoly", "Ann, Bob", f"over: {one.state.decision.player} wins", "5"],
        ["2*", "Ultimate Monopoly", "Cy, Dee, Eve", "playing", "6"],
        ["* the last played: play and history take it when no --game is given"],
    ]


def test_errors_opening_a_log_are_one_line(tmp_path: Path) -> None:
    assert cli("games", "--db", str(tmp_path / "none.db"))[2] == (
        f"companion: error: no game log at '{tmp_path}/none.db': give the file 'companion play --db' wrote\n"
    )
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database" * 100)
    status, _, err = cli("history", "--db", str(junk))
    assert status == 2 and err.count("\n") == 1 and "not a SQLite database" in err
    with pytest.raises(GameLogError):
        GameLog(junk, readonly=True)


def test_check_finds_the_first_bad_row_and_salvage_keeps_what_is_before_it(db: Path) -> None:
    assert cli("log", "check", str(db)) == (
        0,
        f"{db}: intact: 1 game, 6 commands, schema version 2\n",
        "",
    )
    raw(
        db, "UPDATE events SET payload = replace(payload, '[5, 5]', '[4, 5]') WHERE command_seq = 4"
    )
    damaged = db.read_bytes()
    status, out, _ = cli("log", "check", str(db))
    assert (status, out) == (
        1,
        f"{db}: damaged\n"
        "  game 1 (Ann, Bob): the first bad row: command #4 does not match its hash (a changed "
        "byte or a lost event); #0-#3 are intact, 2 command(s) from #4 on would be lost\n"
        f"To keep what is intact: companion log salvage {db} --out NEW\n",
    )
    new = db.parent / "saved.db"
    status, out, _ = cli("log", "salvage", str(db), "--out", str(new))
    assert status == 0
    assert out.splitlines()[:3] == [
        f"Salvaged {db} into {new} ({db} is left as it was).",
        "  game 1 (Ann, Bob): kept 4 commands (#0-#3); lost 2 from #4 on (command #4 does not "
        "match its hash (a changed byte or a lost event)):",
        '    #4 Bob: {"type": "order_roll", "player": "Bob", "dice": [5, 5]}',
    ]
    assert out.splitlines()[-1] == f"Play on with: companion play --db {new}"
    assert db.read_bytes() == damaged
    with GameLog(new) as log:
        game = Game.resume(log)
        assert game.state.decision.kind == "order_roll" and game.state.decision.player == "Bob"
        game.execute({"type": "order_roll", "player": "Bob", "dice": [5, 5]})
    assert cli("log", "check", str(new))[0] == 0
    status, _, err = cli("log", "salvage", str(db), "--out", str(new))
    assert (status, err) == (
        2,
        f"companion: error: '{new}' exists already: give a new file for the salvaged log\n",
    )
