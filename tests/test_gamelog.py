"""The game log: one transaction per command, undo as a command, resume, several games."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from companion.banker.state import replay, snapshot
from companion.errors import IllegalCommandError
from companion.game import Game
from companion.log.gamelog import SCHEMA_VERSION, GameLog, GameLogError
from companion.simulator.simulate import RandomPlayer, play_game

DEAL = {"type": "deal", "voucher": "voucher-bus-ticket"}
CARDS = ("1-2-3", "1-2-4", "1-2-5", "1-2-6", "1-3-4")


def deal(game: Game, *names: str) -> None:
    for n, card in zip(names, CARDS, strict=False):
        game.execute({**DEAL, "player": n, "roll_three": card})


def started(log: GameLog, *names: str) -> Game:
    game = Game.new([{"name": n} for n in names or ("Ann", "Bob")], log=log)
    for i, n in enumerate(names or ("Ann", "Bob")):
        # Each Roll Three card is in the deck once (D4).
        game.execute({**DEAL, "player": n, "roll_three": f"1-2-{3 + i}"})
    return game


def test_the_file_is_wal_with_full_sync_and_a_schema_version(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        assert log.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert log.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert log.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert set(log.db.table_names()) >= {"games", "players", "commands", "events"}


def test_after_each_command_the_main_file_alone_holds_it(tmp_path: Path) -> None:
    """The checkpoint after every commit: a copy of the .db file without its -wal file (a
    backup made by hand while playing, a lost -wal file) holds every acknowledged command."""
    db, copy = tmp_path / "g.db", tmp_path / "copy.db"
    with GameLog(db) as log:
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log)
        steps = [
            lambda: game.execute({**DEAL, "player": "Ann", "roll_three": CARDS[0]}),
            game.undo,
            lambda: game.execute({**DEAL, "player": "Ann", "roll_three": CARDS[1]}),
            lambda: game.execute({**DEAL, "player": "Bob", "roll_three": CARDS[2]}),
        ]
        for step in [lambda: None, *steps]:
            step()
            assert Path(f"{db}-wal").exists()  # the live file is open in WAL mode
            copy.write_bytes(db.read_bytes())  # the main file alone
            with GameLog(copy, readonly=True) as alone:
                assert alone.commands(1) == log.commands(1)
                assert snapshot(Game.resume(alone).state) == snapshot(game.state)


def test_each_command_is_one_row_with_its_events(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = started(log)
        conn = sqlite3.connect(tmp_path / "g.db")
        rows = conn.execute("SELECT seq, player, type FROM commands ORDER BY seq").fetchall()
        assert rows == [(0, "", "new_game"), (1, "Ann", "deal"), (2, "Bob", "deal")]
        kinds = [
            r[0] for r in conn.execute("SELECT type FROM events WHERE command_seq = 1 ORDER BY seq")
        ]
        alone = Game.new([{"name": "Ann"}, {"name": "Bob"}])
        dealt = alone.execute({**DEAL, "player": "Ann", "roll_three": CARDS[0]})
        assert kinds == [e["type"] for e in dealt] and kinds[-1] == "decision"
        payload = json.loads(
            conn.execute("SELECT payload FROM events ORDER BY seq LIMIT 1").fetchone()[0]
        )
        assert payload["type"] == "game_started"
        assert game.state.decision.kind == "order_roll"


def test_a_refused_command_writes_nothing(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = started(log)
        count = log.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
        with pytest.raises(IllegalCommandError):
            game.execute({"type": "roll", "player": "Ann", "dice": [1, 2, 3]})
        assert log.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == count


def test_undo_is_recorded_and_deletes_nothing(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = started(log)
        before = snapshot(game.state)
        game.execute({"type": "order_roll", "player": "Ann", "dice": [3, 4]})
        undone = game.undo(player="Ann")
        assert undone["type"] == "order_roll"
        assert snapshot(game.state) == before
        rows = log.db.execute("SELECT seq, type FROM commands ORDER BY seq").fetchall()
        assert rows[-2:] == [(3, "order_roll"), (4, "undo")]
        resumed = Game.resume(log, game.game_id)
        assert snapshot(resumed.state) == before
        assert [c["type"] for c in resumed.done] == ["deal", "deal"]


def test_several_undos_then_a_correction(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = started(log)
        game.execute({"type": "order_roll", "player": "Ann", "dice": [6, 6]})
        game.execute({"type": "order_roll", "player": "Bob", "dice": [1, 2]})
        roll = {"type": "roll", "player": "Ann", "dice": [1, 2, 1]}
        game.execute(roll)
        assert game.state.seat("Ann").position.name == "Income Tax"
        game.correct({**roll, "dice": [1, 2, 2]})  # the dice module misread the speed die
        assert game.state.seat("Ann").position.key == "middle:5"
        assert game.state.cash["Ann"] == 3200
        with pytest.raises(IllegalCommandError):
            game.correct({"type": "roll", "player": "Bob", "dice": [1, 2, 2]})
        assert game.state.seat("Ann").position.key == "middle:5"
        game.undo()
        game.undo()
        assert game.state.decision.kind == "order_roll" and game.state.decision.player == "Bob"
        again = Game.resume(log)
        assert snapshot(again.state) == snapshot(game.state)


def rows_and_head(log: GameLog, game_id: int) -> tuple[int, int, str]:
    """The game's command and event rows in the file, and its head."""
    conn = log.conn
    commands = conn.execute("SELECT COUNT(*) FROM commands WHERE game_id = ?", (game_id,))
    events = conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,))
    head = conn.execute("SELECT head FROM games WHERE id = ?", (game_id,))
    return commands.fetchone()[0], events.fetchone()[0], head.fetchone()[0]


def test_a_refused_correction_changes_nothing_in_the_log_or_in_memory(tmp_path: Path) -> None:
    # Issue 21: the replacement carries a dice reading applied already (by the first order
    # roll): the engine alone accepted it, so the undo was logged before execute refused it.
    with GameLog(tmp_path / "g.db") as log:
        game = started(log)
        game.execute({"type": "order_roll", "player": "Ann", "dice": [6, 6], "reading": "k1"})
        game.execute({"type": "order_roll", "player": "Bob", "dice": [1, 2]})
        before = (rows_and_head(log, game.game_id), snapshot(game.state), game.done)
        with pytest.raises(IllegalCommandError, match="reading 'k1' has been applied already"):
            game.correct({"type": "order_roll", "player": "Bob", "dice": [2, 3], "reading": "k1"})
        assert (rows_and_head(log, game.game_id), snapshot(game.state), game.done) == before
        assert snapshot(Game.resume(log, game.game_id).state) == before[1]
        # The same correction with a new reading is one undo and one command, in one go.
        game.correct({"type": "order_roll", "player": "Bob", "dice": [2, 3], "reading": "k2"})
        commands, events, _ = rows_and_head(log, game.game_id)
        assert commands == before[0][0] + 2
        assert [c.command["type"] for c in log.commands(game.game_id)[-2:]] == [
            "undo",
            "order_roll",
        ]
        assert snapshot(Game.resume(log, game.game_id).state) == snapshot(game.state)
        assert game.done[-1] == {
            "type": "order_roll",
            "player": "Bob",
            "dice": [2, 3],
            "reading": "k2",
        }


def test_a_correction_is_written_in_one_transaction(tmp_path: Path) -> None:
    # The replacement's row cannot be written (a trigger of this connection refuses it, as a
    # full disk would refuse the second half): the undo before it is not written either.
    with GameLog(tmp_path / "g.db") as log:
        game = started(log)
        game.execute({"type": "order_roll", "player": "Ann", "dice": [6, 6]})
        game.execute({"type": "order_roll", "player": "Bob", "dice": [1, 2]})
        before = (rows_and_head(log, game.game_id), snapshot(game.state), game.done)
        log.conn.execute(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.commands WHEN NEW.command "
            "LIKE '%[2, 3]%' BEGIN SELECT RAISE(ABORT, 'no room'); END"
        )
        with pytest.raises(GameLogError, match="no room"):
            game.correct({"type": "order_roll", "player": "Bob", "dice": [2, 3]})
        assert (rows_and_head(log, game.game_id), snapshot(game.state), game.done) == before
        log.conn.execute("DROP TRIGGER refuse")
        game.correct({"type": "order_roll", "player": "Bob", "dice": [2, 3]})
        assert rows_and_head(log, game.game_id)[0] == before[0][0] + 2
        assert snapshot(Game.resume(log, game.game_id).state) == snapshot(game.state)


def test_nothing_to_undo_at_the_start() -> None:
    game = Game.new([{"name": "Ann"}, {"name": "Bob"}])
    with pytest.raises(IllegalCommandError, match="nothing to undo"):
        game.undo()


def test_several_games_in_one_file(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        one = started(log, "Ann", "Bob")
        two = started(log, "Cy", "Dee", "Eve")
        one.execute({"type": "order_roll", "player": "Ann", "dice": [2, 2]})
        games = log.games()
        assert [(g["id"], g["players"], g["status"]) for g in games] == [
            (one.game_id, ["Ann", "Bob"], "playing"),
            (two.game_id, ["Cy", "Dee", "Eve"], "playing"),
        ]
        assert snapshot(Game.resume(log, one.game_id).state) == snapshot(one.state)
        assert snapshot(Game.resume(log, two.game_id).state) == snapshot(two.state)
        with pytest.raises(GameLogError, match="no game 9"):
            Game.resume(log, 9)


def test_a_whole_game_resumes_exactly(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = Game.new([{"name": f"P{i}"} for i in range(4)], log=log)
        play_game(game, RandomPlayer(random.Random(4)), check=lambda s, w: None, max_turns=150)
        resumed = Game.resume(log, game.game_id)
        assert snapshot(resumed.state) == snapshot(game.state)
        assert snapshot(replay(resumed.all_events())) == snapshot(game.state)


def test_a_newer_schema_is_refused_and_garbage_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    sqlite3.connect(path).execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(GameLogError, match="update the companion"):
        GameLog(path)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(GameLogError, match="cannot open game log"):
        GameLog(junk)


def test_an_old_file_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    sqlite3.connect(path).close()  # version 0: an empty file from before the first schema
    with GameLog(path) as log:
        assert log.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert log.games() == []


def test_a_dice_reading_is_applied_once() -> None:
    game = Game.new([{"name": "Ann"}, {"name": "Bob"}])
    for i, n in enumerate(("Ann", "Bob")):
        game.execute({**DEAL, "player": n, "roll_three": f"1-2-{3 + i}"})
    game.execute({"type": "order_roll", "player": "Ann", "dice": [6, 6], "reading": "b1:1"})
    with pytest.raises(IllegalCommandError, match="reading 'b1:1' has been applied already"):
        game.execute({"type": "order_roll", "player": "Bob", "dice": [6, 6], "reading": "b1:1"})
    game.execute({"type": "order_roll", "player": "Bob", "dice": [1, 2], "reading": "b1:2"})
    assert game.state.turn == "Ann"
