"""The game log: every acknowledged command and its events, in SQLite (sqlite-utils).

This is the one I/O module of ``companion``. Each command's events are appended in one
transaction (WAL journal, ``synchronous=FULL``) before the new state is shown, so a game resumes
after a power cut exactly at the last acknowledged command. Rows are never deleted or changed:
an undo is a command of its own whose ``undone`` event names the command it takes back.

The tables open in any SQLite tool:

- ``games``: ``id``, ``created``, ``rules`` (JSON), ``status`` (``playing`` or ``over``), ``winner``
- ``players``: ``game_id``, ``seat``, ``name``, ``token``, ``colour``
- ``commands``: ``game_id``, ``seq``, ``time``, ``player``, ``type``, ``command`` (JSON)
- ``events``: ``game_id``, ``seq``, ``command_seq``, ``time``, ``type``, ``payload`` (JSON)

``PRAGMA user_version`` holds the schema version; :data:`MIGRATIONS` bring older files up to it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from companion.errors import CompanionError


class GameLogError(CompanionError, OSError):
    """A game log file that cannot be opened or read, or a game that is not in it."""


def _v1(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {"id": int, "created": str, "rules": str, "status": str, "winner": str}, pk="id"
    )
    db.table("players").create(
        {"game_id": int, "seat": int, "name": str, "token": str, "colour": str},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("commands").create(
        {"game_id": int, "seq": int, "time": str, "player": str, "type": str, "command": str},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("events").create(
        {
            "game_id": int,
            "seq": int,
            "command_seq": int,
            "time": str,
            "type": str,
            "payload": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("events").create_index(["game_id", "command_seq"])


#: Schema migrations: entry ``n`` brings a file from version ``n`` to ``n + 1``.
MIGRATIONS: tuple[Callable[[sqlite_utils.Database], None], ...] = (_v1,)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True, slots=True)
class LoggedCommand:
    seq: int
    time: str
    player: str
    command: dict[str, Any]
    events: tuple[dict[str, Any], ...]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class GameLog:
    """A SQLite file holding any number of games."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            self.db = sqlite_utils.Database(conn)
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise GameLogError(f"cannot open game log {str(path)!r}: {exc}") from None
        self._next: dict[int, tuple[int, int]] = {}

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise GameLogError(
                f"game log {str(self.path)!r} has schema version {version}; this companion "
                f"reads up to {SCHEMA_VERSION}: update the companion"
            )
        for n in range(version, SCHEMA_VERSION):
            with self.db.conn:
                self.db.execute("BEGIN IMMEDIATE")
                MIGRATIONS[n](self.db)
                self.db.execute(f"PRAGMA user_version={n + 1}")

    def close(self) -> None:
        self.db.conn.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Writing

    def new_game(self, events: Sequence[Mapping[str, Any]]) -> int:
        """Record a new game from its starting events (``companion.engine.new_game``)."""
        start = events[0]
        conn = self.db.conn
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            cur = conn.execute(
                "INSERT INTO games (created, rules, status) VALUES (?, ?, 'playing')",
                (_now(), json.dumps(start["rules"])),
            )
            game_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO players (game_id, seat, name, token, colour) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, i, p["name"], p["token"], p["colour"])
                    for i, p in enumerate(start["players"])
                ],
            )
            self._insert(game_id, 0, 0, {"type": "new_game", "player": ""}, events)
        self._next[game_id] = (1, len(events))
        return game_id

    def append(
        self, game_id: int, command: Mapping[str, Any], events: Sequence[Mapping[str, Any]]
    ) -> int:
        """Append one command and its events in one transaction; returns the command's number."""
        seq, event_seq = self._next.get(game_id) or self._counters(game_id)
        conn = self.db.conn
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            self._insert(game_id, seq, event_seq, command, events)
            over = next((e for e in events if e["type"] == "game_over"), None)
            if over is not None:
                conn.execute(
                    "UPDATE games SET status = 'over', winner = ? WHERE id = ?",
                    (over["winner"], game_id),
                )
        self._next[game_id] = (seq + 1, event_seq + len(events))
        return seq

    def _insert(
        self,
        game_id: int,
        seq: int,
        event_seq: int,
        command: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> None:
        now = _now()
        conn = self.db.conn
        conn.execute(
            "INSERT INTO commands (game_id, seq, time, player, type, command) VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_id,
                seq,
                now,
                str(command.get("player", "")),
                str(command.get("type")),
                json.dumps(command),
            ),
        )
        conn.executemany(
            "INSERT INTO events (game_id, seq, command_seq, time, type, payload) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, event_seq + i, seq, now, e["type"], json.dumps(e))
                for i, e in enumerate(events)
            ],
        )

    def _counters(self, game_id: int) -> tuple[int, int]:
        self._check(game_id)
        row = self.db.execute(
            "SELECT (SELECT COALESCE(MAX(seq), -1) + 1 FROM commands WHERE game_id = ?),"
            " (SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id = ?)",
            (game_id, game_id),
        ).fetchone()
        return int(row[0]), int(row[1])

    # Reading

    def _check(self, game_id: int) -> None:
        if self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            ids = [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY id")]
            raise GameLogError(
                f"no game {game_id} in {str(self.path)!r}; the games are {ids or 'none'}"
            )

    def games(self) -> list[dict[str, Any]]:
        """Every game with its players, oldest first."""
        rows = list(self.db.query("SELECT * FROM games ORDER BY id"))
        for row in rows:
            row["players"] = [
                p["name"]
                for p in self.db.query(
                    "SELECT name FROM players WHERE game_id = ? ORDER BY seat", [row["id"]]
                )
            ]
        return rows

    def latest_game(self) -> int | None:
        row = self.db.execute("SELECT MAX(id) FROM games").fetchone()
        return None if row[0] is None else int(row[0])

    def commands(self, game_id: int) -> Iterator[LoggedCommand]:
        """Every command of a game in order, undos included, each with its events."""
        self._check(game_id)
        events: dict[int, list[dict[str, Any]]] = {}
        for command_seq, payload in self.db.execute(
            "SELECT command_seq, payload FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            events.setdefault(command_seq, []).append(json.loads(payload))
        for seq, time, player, command in self.db.execute(
            "SELECT seq, time, player, command FROM commands WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ):
            yield LoggedCommand(seq, time, player, json.loads(command), tuple(events.get(seq, ())))
