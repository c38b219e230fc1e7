"""The game log: every acknowledged command and its events, in SQLite (sqlite-utils).

This is the one I/O module of ``companion``. Each command's events are appended in one
transaction (WAL journal, ``synchronous=FULL``) before the new state is shown, so a game resumes
after a power cut exactly at the last acknowledged command. Rows are never deleted or changed:
an undo is a command of its own whose ``undone`` event names the command it takes back.

The tables open in any SQLite tool:

- ``games``: ``id``, ``created``, ``rules`` (JSON), ``status`` (``playing`` or ``over``),
  ``winner``, ``head`` (the hash of the game's last command)
- ``players``: ``game_id``, ``seat``, ``name``, ``token``, ``colour``
- ``commands``: ``game_id``, ``seq``, ``time``, ``player``, ``type``, ``command`` (JSON), ``hash``
- ``events``: ``game_id``, ``seq``, ``command_seq``, ``time``, ``type``, ``payload`` (JSON)

``PRAGMA user_version`` holds the schema version; :data:`MIGRATIONS` bring older files up to it.

A game log has one writer at a time: opened to write, it is locked for the process's life
(:class:`WriterLock`, a ``flock`` on ``<file>.lock``), a second writer is refused in one line
naming the first (:class:`LogInUseError`), and each append checks that the game's last command
in the file is the one this writer last saw (:class:`LogMovedOnError`). Readers take no lock.

Each command row carries a hash chained over the one before (:func:`chain_hash`), covering the
row and all its events exactly as stored, so a changed byte or a lost row is found when the game
is read, never replayed (every read checks every hash, in bulk: :meth:`GameLog._read_checked`). :func:`check_log` finds the first bad row and :func:`salvage_log`
copies each game's longest intact beginning into a new file.

Why one file of about 1,400 lines: the schema, the hash chain, the writer and the checker must
agree byte for byte on how a row is stored and hashed, and this module is the only one allowed
sqlite-utils (``tests/test_architecture.py``); split, each half would re-read the other's rows.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import functools
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar
from urllib.parse import quote

from companion.errors import CompanionError

if TYPE_CHECKING:
    import sqlite_utils


class GameLogError(CompanionError, OSError):
    """A game log file that cannot be opened, read or written, or a game that is not in it."""


class DamagedLogError(GameLogError):
    """A game log whose file or rows are damaged; ``game_id`` and ``seq`` name the first bad
    command when the damage is in one game (both ``None`` when the file itself is damaged)."""

    def __init__(self, message: str, *, game_id: int | None = None, seq: int | None = None):
        super().__init__(message)
        self.game_id = game_id
        self.seq = seq


class LogWriteError(GameLogError):
    """A command the game log could not record (disk full, read-only medium, I/O error);
    nothing of it was written and the game is as it was."""


class LogInUseError(GameLogError):
    """The game log is open for writing in another process (``holder`` says which, as its
    lock file records it): the second writer is refused before it reads or writes anything."""

    def __init__(self, message: str, *, holder: str = "") -> None:
        super().__init__(message)
        self.holder = holder


class LogMovedOnError(LogInUseError):
    """The game's last command in the file is not the one this process last saw (another
    writer moved the game on): nothing was written."""


#: The ``prev`` of a game's first command (``seq`` 0) in the hash chain.
START = "0" * 64


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


def _v2(db: sqlite_utils.Database) -> None:
    db.execute("ALTER TABLE commands ADD COLUMN hash TEXT")
    db.execute("ALTER TABLE games ADD COLUMN head TEXT")
    conn = db.conn
    for (game_id,) in conn.execute("SELECT id FROM games ORDER BY id").fetchall():
        # Logs written before the chain existed keep working: their rows are chained as they
        # stand (a JSON payload that does not decode stops the migration: it is damaged).
        prev = START
        event_seq = 0
        for seq, (row, events) in enumerate(_read_game(conn, game_id, hashed=False)):
            prev, _ = _verify(game_id, seq, prev, row, events, hashed=False, first_event=event_seq)
            event_seq += len(events)
            conn.execute(
                "UPDATE commands SET hash = ? WHERE game_id = ? AND seq = ?",
                (prev, game_id, row[0]),
            )
        conn.execute("UPDATE games SET head = ? WHERE id = ?", (prev, game_id))


#: Schema migrations: entry ``n`` brings a file from version ``n`` to ``n + 1``.
MIGRATIONS: tuple[Callable[[sqlite_utils.Database], None], ...] = (_v1, _v2)
SCHEMA_VERSION = len(MIGRATIONS)

#: The columns of each table at each schema version, to tell a damaged schema from an old one.
_SCHEMA = {
    1: {
        "games": ["id", "created", "rules", "status", "winner"],
        "players": ["game_id", "seat", "name", "token", "colour"],
        "commands": ["game_id", "seq", "time", "player", "type", "command"],
        "events": ["game_id", "seq", "command_seq", "time", "type", "payload"],
    },
}
_SCHEMA[2] = {
    **_SCHEMA[1],
    "games": [*_SCHEMA[1]["games"], "head"],
    "commands": [*_SCHEMA[1]["commands"], "hash"],
}


@dataclass(frozen=True, slots=True)
class LoggedCommand:
    seq: int
    time: str
    player: str
    command: dict[str, Any]
    events: tuple[dict[str, Any], ...]

    @property
    def edition(self) -> Any:
        """The edition its ``game_started`` event records, for a game's first command: a stamp
        (``companion.editions.stamp_problem`` checks it), or ``None`` (a log before editions)."""
        return self.events[0].get("edition") if self.events else None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _text(data: bytes) -> str:
    # A damaged row may hold bytes that are not UTF-8; decoding must not fail before the hash
    # can name the row (the bytes come back unchanged with .encode("utf-8", "surrogateescape")).
    return data.decode("utf-8", "surrogateescape")


# Raw rows as stored: every text column is read as its bytes (CAST AS BLOB), so the hash covers
# exactly what is on the disk, not a re-serialisation of it.
_COMMAND = (
    "seq, CAST(time AS BLOB), CAST(player AS BLOB), CAST(type AS BLOB), CAST(command AS BLOB)"
)
_EVENT = "seq, command_seq, CAST(time AS BLOB), CAST(type AS BLOB), CAST(payload AS BLOB)"
Row = tuple[Any, ...]


def chain_hash(
    prev: str, game_id: int, seq: int, row: Sequence[Any], events: Iterable[Sequence[Any]]
) -> str:
    """The hash of one command: sha256 over the previous command's hash, the game and command
    numbers, the command row's ``time, player, type, command`` and each of its event rows'
    ``seq, time, type, payload``, each value as stored (``bytes``, ``int`` or ``None``).

    >>> chain_hash(START, 1, 0, [b"t", b"", b"new_game", b"{}"], [])[:12]
    '3f17cbe6198b'
    """
    h = hashlib.sha256(prev.encode("utf-8", "surrogateescape"))
    for value in (game_id, seq, *row):
        _put(h, value)
    for event in events:
        h.update(b"E")
        for value in event:
            _put(h, value)
    return h.hexdigest()


def _put(h: Any, value: Any) -> None:
    # Length-prefixed and typed, so that no two different rows give the same byte stream.
    if value is None:
        h.update(b"N")
    elif isinstance(value, int):
        h.update(b"I%d." % value)
    else:
        data = value if isinstance(value, bytes) else str(value).encode("utf-8", "surrogateescape")
        h.update(b"B%d." % len(data))
        h.update(data)


class _BadRow(Exception):
    """Why one command row (or its events) cannot be trusted."""


def _verify(
    game_id: int,
    seq: int,
    prev: str,
    row: Row,
    events: Sequence[Row],
    *,
    hashed: bool,
    stored: str | None = None,
    first_event: int | None = None,
) -> tuple[str, LoggedCommand]:
    """Check one raw command row and its raw events; returns its hash and the decoded command.

    ``first_event`` is the number its first event must have, when known.
    """
    if row[0] != seq or row[4] is None:
        raise _BadRow("is missing")
    if any(e[1] != seq for e in events):
        raise _BadRow("has events of another command")
    if first_event is not None and [e[0] for e in events] != list(
        range(first_event, first_event + len(events))
    ):
        raise _BadRow("has lost an event or has one too many")
    digest = chain_hash(prev, game_id, seq, row[1:5], [(e[0], *e[2:5]) for e in events])
    if hashed and digest != stored:
        raise _BadRow("does not match its hash (a changed byte or a lost event)")
    try:
        time, player, kind = (None if v is None else bytes(v).decode("utf-8") for v in row[1:4])
        command = json.loads(bytes(row[4]))
        decoded = tuple(json.loads(bytes(e[4])) for e in events)
    except (TypeError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError included
        raise _BadRow(f"cannot be decoded ({exc})") from None
    if not (
        isinstance(time, str)
        and isinstance(player, str)
        and isinstance(command, dict)
        and command.get("type") == kind
        and all(
            isinstance(e, dict) and e.get("type") == _text(bytes(r[3]))
            for e, r in zip(decoded, events, strict=True)
        )
    ):
        raise _BadRow("does not hold a command and its events")
    return digest, LoggedCommand(seq, time, player, command, decoded)


def _read_game(
    conn: sqlite3.Connection, game_id: int, *, hashed: bool
) -> list[tuple[Row, list[Row]]]:
    """A game's raw command rows, each with its raw event rows, in order (no checks)."""
    extra = ", hash" if hashed else ""
    rows = conn.execute(
        f"SELECT {_COMMAND}{extra} FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    events: dict[int, list[Row]] = {}
    for event in conn.execute(
        f"SELECT {_EVENT} FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ):
        events.setdefault(event[1], []).append(event)
    orphans = set(events) - {r[0] for r in rows}
    if orphans:
        # Events of a command row that is gone: the command is missing, not empty.
        rows.append((min(orphans), None, None, None, None, None))
        rows.sort(key=lambda r: r[0] if isinstance(r[0], int) else -1)
    return [(row, events.pop(row[0], [])) for row in rows]


P = ParamSpec("P")
T = TypeVar("T")


def _boundary(method: Callable[P, T]) -> Callable[P, T]:
    """Every SQLite error of a public method becomes a one-line :class:`GameLogError`."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except sqlite3.DatabaseError as exc:
            log = args[0]
            assert isinstance(log, GameLog)
            raise log._error(exc) from None

    return wrapper


def _connect_readonly(path: Path) -> sqlite3.Connection:
    # mode=ro alone still creates -wal and -shm files beside the database (and cannot open a
    # WAL file on a read-only medium at all); immutable=1 reads the file as it is, which is
    # right only when no -wal file holds newer pages (a companion playing on it right now).
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    if not Path(f"{path}-wal").exists():
        uri += "&immutable=1"
    return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def special_file(path: str | Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file ("a folder", "a named pipe
    (FIFO)", "a socket", "a device"), else ``None``; from ``os.stat`` alone, so that nothing
    opens a FIFO or a device (an open of a FIFO waits for a writer forever).

    >>> special_file("/")
    'a folder'
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return next((kind for is_kind, kind in _KINDS if is_kind(mode)), None)


def refuse_special_file(path: str | Path) -> None:
    """Raise :class:`GameLogError` in one line when ``path`` is not a regular file
    (:func:`special_file`); a path that does not exist passes."""
    kind = special_file(path)
    if kind is not None:
        raise GameLogError(
            f"{str(path)!r} is {kind}, not a game log: give the file 'companion play --db' "
            "wrote (or a new file name to start one)"
        )


def lock_path(path: str | Path) -> Path:
    """The lock file of the game log ``path``: ``<file>.lock`` beside it, the path resolved
    so that every name of one file (a symbolic link, a relative path) locks the same file.

    >>> lock_path("/srv/games.db")
    PosixPath('/srv/games.db.lock')
    """
    return Path(f"{Path(path).resolve()}.lock")


class WriterLock:
    """The one writer of a game log: an exclusive ``flock`` on its lock file (:func:`lock_path`),
    held until :meth:`close` or the end of the process.

    Why a lock file beside the database and ``flock``: SQLite's own locks on the database are
    POSIX record locks, which belong to the process and are dropped when *any* descriptor of
    the file is closed (a reader's connection in the same process would release them), and
    ``restore`` replaces the database file by a rename, which a lock on its inode would not
    survive. A ``flock`` belongs to its open file, is never shared by accident, and the kernel
    drops it when the process ends however it ends (a crash, ``kill -9``, a power cut), so no
    lock is ever stale; the file is never removed (removing it would let two writers lock two
    files). The holder writes who it is (``holder``, pid, since when) into the file, for the
    refusal of the next one.

    Raises :class:`LogInUseError` when another open file holds it.
    """

    def __init__(self, path: str | Path, holder: str) -> None:
        self.path = lock_path(path)
        db = str(path)
        # O_NONBLOCK: a FIFO put in the lock file's place must not make the open wait.
        flags = os.O_RDWR | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            try:
                fd = os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o666)
                # Whoever writes the log next may lock it: a lock file left by 'sudo companion
                # play' must not lock the service's user out of its own game log.
                os.fchmod(fd, 0o666)
            except FileExistsError:
                fd = os.open(self.path, flags)
        except OSError as exc:
            raise self._unwritable(db, exc) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise GameLogError(
                    f"cannot open game log {db!r} for writing: its lock file "
                    f"{str(self.path)!r} is not a file: remove it"
                )
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise self._in_use(db, fd) from None
            except OSError as exc:
                raise GameLogError(
                    f"cannot lock the game log {db!r} for writing ({exc.strerror}): its file "
                    "system has no locks; copy it to the companion's card and play from there"
                ) from None
            since = datetime.now(UTC).isoformat(timespec="seconds")
            record = json.dumps({"holder": holder, "pid": os.getpid(), "since": since})
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{record}\n".encode(), 0)
        except BaseException:
            os.close(fd)
            raise
        self._fd: int | None = fd

    def _in_use(self, db: str, fd: int) -> LogInUseError:
        holder, pid = "another companion", 0
        # The holder writes its record just after it takes the lock: a refusal in between
        # waits for it a little (at most 0.2 s), rather than saying "another companion" or
        # believing the record of a writer that has ended (its pid holds no lock).
        for _ in range(20):
            try:
                record = json.loads(os.pread(fd, 4096, 0))
                named, number = str(record["holder"]), int(record["pid"])
            except (OSError, ValueError, TypeError, KeyError):
                named, number = "", 0
            holders = _flock_holders(os.fstat(fd))
            if named and (holders is None or number in holders):
                holder, pid = named, number
                break
            time.sleep(0.01)
        process = f" (process {pid})" if pid else ""
        return LogInUseError(
            f"{holder} has the game log {db!r} open{process}: close it first, or use "
            "'companion history' to read it; nothing was changed",
            holder=holder,
        )

    def _unwritable(self, db: str, exc: OSError) -> GameLogError:
        if exc.errno == errno.ENOENT:
            return GameLogError(
                f"cannot open game log {db!r}: there is no folder {str(self.path.parent)!r}: "
                "create it, or give a file in a folder that exists"
            )
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return LogWriteError(
                f"cannot write to the game log {db!r}: the file or its folder is read-only "
                f"(cannot write its lock file {str(self.path)!r}); nothing was recorded: copy it "
                "to a writable place to play on, or use 'companion history' to read it"
            )
        return GameLogError(
            f"cannot open game log {db!r} for writing: its lock file {str(self.path)!r}: "
            f"{exc.strerror}"
        )

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)  # no record of a writer that has ended
            os.close(self._fd)  # the kernel drops the lock with the last descriptor
            self._fd = None


def writer_of(path: str | Path) -> str | None:
    """Who holds the game log ``path`` open for writing now (the ``holder`` its
    :class:`WriterLock` wrote: "the companion app", "'companion play'"), or ``None`` when
    nobody does; the lock is not taken, not even for a moment, so asking never stands in a
    writer's way.

    The kernel lists every ``flock`` held in ``/proc/locks`` by the lock file's device and
    inode; the lock file itself says who took it (a record left by a writer that has ended is
    not believed: no lock holds it). ``None`` also where there is no ``/proc/locks`` (not
    Linux): opening for writing still refuses a second writer.

    >>> writer_of("/no/such/games.db") is None
    True
    """
    lock = lock_path(path)
    try:
        info = os.stat(lock)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    holders = _flock_holders(info)
    if not holders:
        return None
    try:
        record = json.loads(lock.read_text(encoding="utf-8"))
        if int(record["pid"]) in holders:
            return str(record["holder"])
    except (OSError, ValueError, TypeError, KeyError):
        pass
    return "another companion"  # taken this instant: its record is being written


def _flock_holders(info: os.stat_result) -> set[int] | None:
    """The processes holding a ``flock`` on the file ``info`` describes, from ``/proc/locks``;
    ``None`` where it cannot be read (not Linux)."""
    try:
        held = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    key = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    # "1: FLOCK  ADVISORY  WRITE 1763 fe:00:2146585 0 EOF" (a waiter's line has "->" first)
    return {
        int(f[4])
        for f in map(str.split, held.splitlines())
        if f[1:2] == ["FLOCK"] and f[5:6] == [key] and f[4].isdigit()
    }


class GameLog:
    """A SQLite file holding any number of games.

    ``readonly=True`` reads it without writing anything, not even the journal files (a backup,
    a write-protected card, ``companion history``); any number of readers work beside the
    writer. Opened to write, it is this process's until :meth:`close` (:class:`WriterLock`):
    a second writer is refused with :class:`LogInUseError` naming ``holder`` ("the companion
    app", "'companion play'"), and every append checks that the game's last command in the
    file is still the one this object last saw (:class:`LogMovedOnError` otherwise).

    A path that is not a regular file (a folder, a FIFO, a device) is refused before anything
    opens it.
    """

    def __init__(
        self, path: str | Path, *, readonly: bool = False, holder: str = "a companion"
    ) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self._next: dict[int, tuple[int, int]] = {}
        self._head: dict[int, str] = {}
        refuse_special_file(self.path)
        if readonly and not self.path.is_file():
            raise GameLogError(
                f"no game log at {str(path)!r}: give the file 'companion play --db' wrote"
            )
        self._lock = None if readonly else WriterLock(self.path, holder)
        try:
            self._open()
        except BaseException:
            if self._lock is not None:
                self._lock.close()
            raise
        self.hashed = self.version >= 2

    def _open(self) -> None:
        readonly = self.readonly
        self._check_header()
        conn = None
        try:
            if readonly:
                conn = _connect_readonly(self.path)
            else:
                conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.text_factory = _text
            self.conn = conn
            self._check_file()
            if not readonly:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
                conn.execute("PRAGMA foreign_keys=ON")
            self.version = self._migrate()
        except sqlite3.DatabaseError as exc:
            error = self._error(exc)
            if conn is not None:
                conn.close()
            raise error from None
        except GameLogError:
            if conn is not None:
                conn.close()
            raise

    @functools.cached_property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils' view of the file, which the migrations create its tables with.
        Imported on first use: sqlite-utils (with click, pluggy and dateutil) is a tenth of the
        app's start, and a log already at :data:`SCHEMA_VERSION` never needs it."""
        import sqlite_utils

        return sqlite_utils.Database(self.conn)

    def _check_header(self) -> None:
        try:
            with self.path.open("rb") as f:
                header = f.read(100)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise GameLogError(f"cannot read game log {str(self.path)!r}: {exc.strerror}") from None
        if header and not header.startswith(b"SQLite format 3\x00"):
            raise DamagedLogError(
                f"cannot open game log {str(self.path)!r}: it is not a SQLite database, or its "
                "first bytes are damaged: give the file 'companion play --db' wrote, or a backup"
            )

    def _check_file(self) -> None:
        problems = [r[0] for r in self.conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise self._damaged(f"SQLite finds: {problems[0]}")

    def _migrate(self) -> int:
        version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
        tables = {
            r[0]: [c[1] for c in self.conn.execute(f"PRAGMA table_info({r[0]})")]
            for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if version > SCHEMA_VERSION:
            raise GameLogError(
                f"game log {str(self.path)!r} has schema version {version}; this companion "
                f"reads up to {SCHEMA_VERSION}: update the companion (or, if this companion wrote "
                f"it, it is damaged: run 'companion log check {self.path}')"
            )
        expected = _SCHEMA.get(version, {})
        if {t: c for t, c in tables.items() if not t.startswith("sqlite_")} != expected:
            raise self._damaged(f"its tables do not match schema version {version}")
        if self.readonly:
            if version == 0:
                # The companion writes its tables as it creates a file: none means cut short.
                raise self._damaged("it holds no tables (cut short, or not a game log)")
            return version
        for n in range(version, SCHEMA_VERSION):
            conn = self.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[n](self.db)
                conn.execute(f"PRAGMA user_version={n + 1}")
                conn.execute("COMMIT")
            except _BadRow as bad:
                conn.execute("ROLLBACK")
                raise self._damaged(f"a row {bad}; it was not migrated") from None
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        return SCHEMA_VERSION

    def close(self) -> None:
        self.conn.close()
        if self._lock is not None:
            self._lock.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Errors

    def _damaged(
        self, what: str, game_id: int | None = None, seq: int | None = None
    ) -> DamagedLogError:
        where = "" if game_id is None else f" in game {game_id}, command #{seq}"
        return DamagedLogError(
            f"game log {str(self.path)!r} is damaged{where}: {what}: run 'companion log salvage "
            f"{self.path} --out NEW' and play from NEW",
            game_id=game_id,
            seq=seq,
        )

    def _moved_on(self, game_id: int) -> LogMovedOnError:
        return LogMovedOnError(
            f"the game moved on in another window: game {game_id} in {str(self.path)!r} has "
            "commands this one has not seen; nothing was recorded: close this one and resume "
            "the game to see where it stands"
        )

    def _error(self, exc: sqlite3.DatabaseError) -> GameLogError:
        """One line for an SQLite error, naming the file and what to do."""
        name = getattr(exc, "sqlite_errorname", "") or ""
        path = str(self.path)
        if name.startswith("SQLITE_FULL"):
            return LogWriteError(
                f"could not write to the game log {path!r}: disk full; nothing was recorded: "
                "free some space and give the command again"
            )
        if name.startswith("SQLITE_READONLY") or (
            name.startswith("SQLITE_CANTOPEN") and not self.readonly
        ):
            return LogWriteError(
                f"cannot write to the game log {path!r}: the file or its folder is read-only "
                "(a backup or a write-protected card?); nothing was recorded: copy it to a "
                "writable place to play on, or use 'companion history' to read it"
            )
        if name.startswith("SQLITE_IOERR") and not self.readonly:
            return LogWriteError(
                f"could not write to the game log {path!r}: {exc}; nothing was recorded: "
                "check the card or disk and give the command again"
            )
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_IOERR")):
            return self._damaged(f"SQLite finds: {exc}")
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return GameLogError(
                f"the game log {path!r} is busy (another companion is writing to it): "
                "close the other one and try again"
            )
        if name.startswith("SQLITE_CANTOPEN"):
            return GameLogError(
                f"cannot open game log {path!r} read-only: {exc} (its -wal file may need a "
                "writable folder: copy the file and its -wal file somewhere writable)"
            )
        return GameLogError(f"cannot open game log {path!r}: {exc}")

    # Writing

    def _write(self, body: Callable[[], T]) -> T:
        """Run ``body`` in one transaction; on any error roll back and say so in one line."""
        if self.readonly:
            raise LogWriteError(f"game log {str(self.path)!r} was opened read-only")
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = body()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.DatabaseError:
                        pass  # SQLite has rolled back already (e.g. after SQLITE_FULL)
                raise
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None
        try:
            # Copy the new pages into the main file now, so that the .db file alone (a backup,
            # a copy taken while playing, a lost -wal file) holds every acknowledged command.
            # The command is already safe in the WAL: a checkpoint that fails loses nothing.
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.DatabaseError:
            pass
        return result

    def new_game(self, events: Sequence[Mapping[str, Any]]) -> int:
        """Record a new game from its starting events (``companion.banker.engine.new_game``)."""
        start = events[0]

        def body() -> tuple[int, str]:
            conn = self.conn
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
            head = self._insert(game_id, 0, 0, START, {"type": "new_game", "player": ""}, events)
            # A game with no command yet is read back (resumed, exported) like any other.
            conn.execute("UPDATE games SET head = ? WHERE id = ?", (head, game_id))
            return game_id, head

        game_id, head = self._write(body)
        self._next[game_id] = (1, len(events))
        self._head[game_id] = head
        return game_id

    def append(
        self,
        game_id: int,
        command: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
        *,
        at: int | None = None,
    ) -> int:
        """Append one command and its events in one transaction; returns the command's number.

        Raises :class:`LogWriteError` when nothing could be written (the disk is full): the log
        is as it was, and the same command can be given again once there is space.
        :class:`LogMovedOnError` when the game's last command in the file is not the one this
        object last wrote or read, or the new command would not be number ``at`` (the caller's
        count): another writer moved the game on, and nothing was written.
        """
        return self.append_all(game_id, [(command, events)], at=at)[0]

    @_boundary
    def append_all(
        self,
        game_id: int,
        commands: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
        *,
        at: int | None = None,
    ) -> list[int]:
        """Append several commands, each with its events, in one transaction (a correction:
        the undo and the command replacing the one undone); returns their numbers. Either all
        are written or none, as :meth:`append`."""
        if game_id not in self._next:
            self._next[game_id], self._head[game_id] = self._counters(game_id)
        first, first_event = self._next[game_id]

        def body() -> tuple[str, int]:
            conn = self.conn
            # Under the write lock of this transaction: the file's last command must be the
            # one this object last saw (the hash of a command covers all before it).
            last = conn.execute(
                "SELECT head, (SELECT MAX(seq) FROM commands WHERE game_id = ?) FROM games "
                "WHERE id = ?",
                (game_id, game_id),
            ).fetchone()
            if last != (self._head[game_id], first - 1) or at not in (None, first):
                raise self._moved_on(game_id)
            head, seq, event_seq = self._head[game_id], first, first_event
            for command, events in commands:
                head = self._insert(game_id, seq, event_seq, head, command, events)
                seq, event_seq = seq + 1, event_seq + len(events)
            status: tuple[str, str | None] | None = None
            for e in (e for _, events in commands for e in events):
                if e["type"] == "game_over":
                    status = ("over", e["winner"])
                elif (
                    e["type"] == "undone"
                    and conn.execute(
                        "SELECT 1 FROM events WHERE game_id = ? AND command_seq = ? AND type = 'game_over'",
                        (game_id, e["command"]),
                    ).fetchone()
                ):
                    status = ("playing", None)  # the command that ended the game is taken back
            if status is None:
                conn.execute("UPDATE games SET head = ? WHERE id = ?", (head, game_id))
            else:
                conn.execute(
                    "UPDATE games SET head = ?, status = ?, winner = ? WHERE id = ?",
                    (head, *status, game_id),
                )
            return head, event_seq

        head, event_seq = self._write(body)
        self._next[game_id] = (first + len(commands), event_seq)
        self._head[game_id] = head
        return list(range(first, first + len(commands)))

    def _insert(
        self,
        game_id: int,
        seq: int,
        event_seq: int,
        prev: str,
        command: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> str:
        now = _now()
        row = (now, str(command.get("player", "")), str(command.get("type")), json.dumps(command))
        event_rows = [(event_seq + i, now, e["type"], json.dumps(e)) for i, e in enumerate(events)]
        return self._insert_rows(game_id, seq, prev, row, event_rows)

    def _insert_rows(
        self, game_id: int, seq: int, prev: str, row: Sequence[str], events: Sequence[Sequence[Any]]
    ) -> str:
        digest = chain_hash(
            prev,
            game_id,
            seq,
            [v.encode("utf-8") for v in row],
            [(e[0], *(v.encode("utf-8") for v in e[1:])) for e in events],
        )
        conn = self.conn
        conn.execute(
            "INSERT INTO commands (game_id, seq, time, player, type, command, hash)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seq, *row, digest),
        )
        conn.executemany(
            "INSERT INTO events (game_id, seq, command_seq, time, type, payload)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, e[0], seq, *e[1:]) for e in events],
        )
        return digest

    def _restore(self, game: _Scanned) -> None:
        """Write a salvaged game: its intact commands as they were stored, and its game and
        players rows made again from its ``game_started`` event."""
        start = game.rows[0][2].events[0]
        status, winner = _in_force(r[2] for r in game.rows)

        def body() -> None:
            conn = self.conn
            conn.execute(
                "INSERT INTO games (id, created, rules, status, winner) VALUES (?, ?, ?, ?, ?)",
                (
                    game.check.game_id,
                    game.created or game.rows[0][2].time,
                    json.dumps(start["rules"]),
                    status,
                    winner,
                ),
            )
            conn.executemany(
                "INSERT INTO players (game_id, seat, name, token, colour) VALUES (?, ?, ?, ?, ?)",
                [
                    (game.check.game_id, i, p["name"], p["token"], p["colour"])
                    for i, p in enumerate(start["players"])
                ],
            )
            head = START
            for row, events, _ in game.rows:
                head = self._insert_rows(
                    game.check.game_id,
                    row[0],
                    head,
                    [bytes(v).decode("utf-8") for v in row[1:5]],
                    [(e[0], *(bytes(v).decode("utf-8") for v in e[2:5])) for e in events],
                )
            conn.execute("UPDATE games SET head = ? WHERE id = ?", (head, game.check.game_id))

        self._write(body)

    def _counters(self, game_id: int) -> tuple[tuple[int, int], str]:
        """The next command and event numbers of a game, and its last command's hash."""
        head = self._check(game_id)
        last = self.conn.execute(
            "SELECT seq, hash FROM commands WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        if last is None or last[1] != head:
            seq = 0 if last is None else last[0] + 1
            raise self._damaged("its last command does not match the game's head", game_id, seq)
        events = self.conn.execute(
            "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE game_id = ?", (game_id,)
        ).fetchone()[0]
        return (int(last[0]) + 1, int(events)), str(head)

    # Reading

    def _check(self, game_id: int) -> str | None:
        """The game's head hash; raises if there is no such game."""
        column = "head" if self.hashed else "NULL"
        row = self.conn.execute(f"SELECT {column} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            ids = [r[0] for r in self.conn.execute("SELECT id FROM games ORDER BY id")]
            raise GameLogError(
                f"no game {game_id} in {str(self.path)!r}; the games are {ids or 'none'}"
            )
        return None if row[0] is None else str(row[0])

    @_boundary
    def games(self) -> list[dict[str, Any]]:
        """Every game, oldest first: ``id``, ``players`` (names), ``edition`` (what its start
        records of its edition, ``None`` in a log from before editions: Ultimate's; see
        ``companion.editions.stamp_name``), ``created``, ``last_played``
        (the times of its first and last commands), ``commands`` (how many were given after
        the start, undos included), ``status`` (``playing`` or ``over``) and ``winner``.

        Each value comes from the game's first or last command, checked against its hash.
        """
        with self._snapshot():
            return [self._summary(game_id) for game_id in self._game_ids()]

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[None]:
        """Read in one transaction: a reader beside the writer sees the file as it stood after
        one command, never a game's head from after a command and its rows from before."""
        conn = self.conn
        if conn.in_transaction:
            yield
            return
        conn.execute("BEGIN")
        try:
            yield
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    def _game_ids(self) -> list[int]:
        ids = [r[0] for r in self.conn.execute("SELECT id FROM games ORDER BY id")]
        stray = {r[0] for r in self.conn.execute("SELECT DISTINCT game_id FROM commands")}
        if stray - set(ids):
            raise self._damaged(
                f"it has commands of game {min(stray - set(ids))}, which is not in its games table"
            )
        return ids

    def _summary(self, game_id: int) -> dict[str, Any]:
        head = self._check(game_id)
        first = self._verified_command(game_id, 0)
        last_seq = self.conn.execute(
            "SELECT MAX(seq) FROM commands WHERE game_id = ?", (game_id,)
        ).fetchone()[0]
        last = self._verified_command(game_id, last_seq if isinstance(last_seq, int) else 0, head)
        start = first.events[0] if first.events else {}
        # After the game is over only an undo is accepted, so the last command says it all.
        over = next((e for e in last.events if e.get("type") == "game_over"), None)
        return {
            "id": game_id,
            "players": [str(p.get("name")) for p in start.get("players", ())],
            "edition": first.edition,
            "created": first.time,
            "last_played": last.time,
            "commands": last.seq,
            "status": "playing" if over is None else "over",
            "winner": None if over is None else over.get("winner"),
        }

    def _verified_command(self, game_id: int, seq: int, head: str | None = None) -> LoggedCommand:
        """One command, checked against its own hash and the hash of the one before it
        (and, for the last, the game's head) without reading the whole game."""
        extra = ", hash" if self.hashed else ""
        row = self.conn.execute(
            f"SELECT {_COMMAND}{extra} FROM commands WHERE game_id = ? AND seq = ?",
            (game_id, seq),
        ).fetchone()
        events = self.conn.execute(
            f"SELECT {_EVENT} FROM events WHERE game_id = ? AND command_seq = ? ORDER BY seq",
            (game_id, seq),
        ).fetchall()
        prev = START
        if seq and self.hashed:
            before = self.conn.execute(
                "SELECT hash FROM commands WHERE game_id = ? AND seq = ?", (game_id, seq - 1)
            ).fetchone()
            prev = "" if before is None else str(before[0])
        try:
            if row is None:
                raise _BadRow("is missing")
            if self.hashed and head is not None and row[5] != head:
                raise _BadRow("is not the game's last command (its head does not match)")
            return _verify(game_id, seq, prev, row, events, hashed=self.hashed, stored=row[-1])[1]
        except _BadRow as bad:
            self.commands(game_id)  # names the first bad command, which may come before
            raise self._damaged(f"it {bad}", game_id, seq) from None

    @_boundary
    def last_played_game(self) -> int | None:
        """The game with the most recent command (a new game counts from its start): the one
        ``play`` and ``history`` take when no game is named; ``None`` in an empty file.

        Each game's last command is checked against its hash first, so that a damaged time
        cannot silently pick another game.
        """
        best: tuple[str, int] | None = None
        for game in self.games():
            if best is None or (game["last_played"], game["id"]) > best:
                best = (game["last_played"], game["id"])
        return None if best is None else best[1]

    def latest_game(self) -> int | None:
        """The default game: the same as :meth:`last_played_game` (the name older callers use)."""
        return self.last_played_game()

    @_boundary
    def commands(self, game_id: int) -> list[LoggedCommand]:
        """Every command of a game in order, undos included, each with its events.

        The whole game is checked before anything is returned: numbering, the hash chain and
        the game's head; the first bad command raises :class:`DamagedLogError`.
        """
        with self._snapshot():
            return self._commands(game_id)

    def _commands(self, game_id: int) -> list[LoggedCommand]:
        head = self._check(game_id)
        if self.hashed:
            read = self._read_checked(game_id, head)
            if read is not None:
                return read
        prev = START
        event_seq = 0
        commands: list[LoggedCommand] = []
        for seq, (row, events) in enumerate(_read_game(self.conn, game_id, hashed=self.hashed)):
            try:
                prev, logged = _verify(
                    game_id,
                    seq,
                    prev,
                    row,
                    events,
                    hashed=self.hashed,
                    stored=row[5] if self.hashed else None,
                    first_event=event_seq,
                )
            except _BadRow as bad:
                raise self._damaged(f"it {bad}", game_id, seq) from None
            event_seq += len(events)
            commands.append(logged)
        if not commands:
            raise self._damaged("it is missing", game_id, 0)
        if self.hashed and prev != head:
            raise self._damaged(
                "it is missing (the game's head does not match its last command)",
                game_id,
                len(commands),
            )
        return commands

    def _read_checked(self, game_id: int, head: str | None) -> list[LoggedCommand] | None:
        """The whole game checked as :meth:`_commands` checks it row by row, in bulk: each
        command's hash over the one before (one ``bytes`` format an event and one sha256 a
        command, instead of :func:`chain_hash`'s call a value), the numbering and the game's
        head, then all the JSON decoded in one ``json.loads``. ``None`` at the first doubt (a
        NULL, a value of an unexpected type, a hash that does not match): the row-by-row
        reading then finds and names the first bad command.

        What it accepts, :func:`_verify` accepts, and it returns the same commands.
        """
        conn = self.conn
        read = conn.execute(
            f"SELECT {_COMMAND}, hash FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        rows = conn.execute(
            f"SELECT {_EVENT} FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        prev, event_seq = START.encode(), 0
        commands: list[bytes] = []
        events: list[bytes] = []
        kinds: list[list[bytes]] = []
        sha256 = hashlib.sha256
        try:
            for seq, (row_seq, time, player, kind, command, stored) in enumerate(read):
                if row_seq != seq or type(stored) is not str:
                    return None
                # chain_hash's bytes for the row and its events (_put: b"I%d." for an int,
                # b"B%d." and the bytes for a text read as its bytes); %b refuses a None.
                h = sha256(
                    b"%bI%d.I%d.B%d.%bB%d.%b"
                    % (prev, game_id, seq, len(time), time, len(player), player)
                    + b"B%d.%bB%d.%b" % (len(kind), kind, len(command), command)
                )
                payloads, whats = [], []
                # The events are numbered on from one command to the next: this command's
                # are the rows from event_seq on that name it.
                while event_seq < len(rows) and rows[event_seq][1] == seq:
                    number, _, at, what, payload = rows[event_seq]
                    if type(number) is not int or number != event_seq:
                        return None
                    h.update(
                        b"EI%d.B%d.%bB%d.%bB%d.%b"
                        % (number, len(at), at, len(what), what, len(payload), payload)
                    )
                    payloads.append(payload)
                    whats.append(what)
                    event_seq += 1
                digest = h.hexdigest()
                if digest != stored:
                    return None
                prev = digest.encode()
                commands.append(command)
                events.append(b"[%b]" % b",".join(payloads))
                kinds.append(whats)
        except TypeError:  # a NULL where bytes should be
            return None
        if not read or event_seq != len(rows) or prev.decode() != head:
            return None
        try:
            decoded = json.loads(b"[[%b],[%b]]" % (b",".join(commands), b",".join(events)))
            return [
                _logged(row, command, events_of, whats)
                for row, command, events_of, whats in zip(read, *decoded, kinds, strict=True)
            ]
        except (TypeError, ValueError, AttributeError):
            return None


def _logged(row: Row, command: Any, events: list[Any], kinds: list[bytes]) -> LoggedCommand:
    """A command read in bulk (:meth:`GameLog._read_checked`), checked as :func:`_verify` checks
    it once its hash matches: a JSON object of its row's type, its events JSON objects of
    theirs (ValueError, TypeError or AttributeError otherwise)."""
    time, player, kind = (bytes(v).decode("utf-8") for v in row[1:4])
    if not (
        isinstance(command, dict)
        and command.get("type") == kind
        and [e.get("type") for e in events] == [_text(k) for k in kinds]
    ):
        raise ValueError("not a command and its events")
    return LoggedCommand(row[0], time, player, command, tuple(events))


# Checking and salvaging: row by row, so that one damaged page costs only the rows on it.


@dataclass(frozen=True, slots=True)
class GameCheck:
    """What :func:`check_log` found in one game: ``intact`` commands from #0 on, then the
    first bad one (``problem`` says why) and the ``lost`` ones after it, as far as they read."""

    game_id: int
    players: tuple[str, ...]
    intact: int
    problem: str | None = None
    lost: tuple[str, ...] = ()

    @property
    def is_intact(self) -> bool:
        return self.problem is None


@dataclass(frozen=True, slots=True)
class LogCheck:
    """What :func:`check_log` found in a game log: problems of the file, and each game."""

    path: Path
    version: int
    problems: tuple[str, ...]
    games: tuple[GameCheck, ...]

    @property
    def is_intact(self) -> bool:
        return not self.problems and all(g.is_intact for g in self.games)


@dataclass(frozen=True, slots=True)
class _Scanned:
    check: GameCheck
    created: str | None
    rows: tuple[tuple[Row, tuple[Row, ...], LoggedCommand], ...]


def _try(read: Callable[[], T]) -> T | None:
    try:
        return read()
    except sqlite3.DatabaseError:
        return None


def _both_ways(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> list[list[Row]]:
    """The different answers to ``sql`` (whose ``{}`` follows the table name) read through the
    indexes and by a scan of the table: a damaged index can hide a row, or show a wrong one."""
    found: list[list[Row]] = []
    for how in ("", " NOT INDEXED"):
        try:
            rows = conn.execute(sql.format(how), params).fetchall()
        except sqlite3.DatabaseError:
            continue
        if rows not in found:
            found.append(rows)
    return found


def _one_command(conn: sqlite3.Connection, game_id: int, seq: int, hashed: bool) -> list[Row]:
    """The candidate rows of one command (none when it cannot be read)."""
    extra = ", hash" if hashed else ""
    sql = f"SELECT {_COMMAND}{extra} FROM commands{{}} WHERE game_id = ? AND seq = ?"
    return [rows[0] for rows in _both_ways(conn, sql, (game_id, seq)) if rows]


def _command_events(conn: sqlite3.Connection, game_id: int, seq: int) -> list[list[Row]]:
    sql = f"SELECT {_EVENT} FROM events{{}} WHERE game_id = ? AND command_seq = ? ORDER BY seq"
    return _both_ways(conn, sql, (game_id, seq))


def _ids(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> set[int]:
    return {r[0] for rows in _both_ways(conn, sql, params) for r in rows if isinstance(r[0], int)}


def _scan_game(conn: sqlite3.Connection, game_id: int, hashed: bool) -> _Scanned:
    head_row = _try(
        lambda: conn.execute(
            f"SELECT created, {'head' if hashed else 'NULL'} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    )
    created, head = head_row if head_row else (None, None)
    prev, event_seq, seq = START, 0, 0
    rows: list[tuple[Row, tuple[Row, ...], LoggedCommand]] = []
    problem: str | None = None
    while True:
        candidates = _one_command(conn, game_id, seq, hashed)
        if not candidates:
            break
        reasons = []
        for row in candidates:
            for events in _command_events(conn, game_id, seq):
                try:
                    digest, logged = _verify(
                        game_id,
                        seq,
                        prev,
                        row,
                        events,
                        hashed=hashed,
                        stored=row[5] if hashed else None,
                        first_event=event_seq,
                    )
                except _BadRow as bad:
                    reasons.append(str(bad))
                    continue
                break
            else:
                continue
            break
        else:
            problem = f"command #{seq} {reasons[0] if reasons else 'cannot be read'}"
            break
        rows.append((row, tuple(events), logged))
        prev, event_seq, seq = digest, event_seq + len(events), seq + 1
    seqs = _ids(conn, "SELECT seq FROM commands{} WHERE game_id = ?", (game_id,)) | _ids(
        conn, "SELECT command_seq FROM events{} WHERE game_id = ?", (game_id,)
    )
    last = max(seqs, default=-1)
    if problem is None and last >= seq:
        problem = f"command #{seq} is missing"
    if problem is None and hashed and head != prev:
        problem = f"command #{seq} is missing (the game's head does not match its last command)"
    lost = []
    for n in range(seq, last + 1) if problem else ():
        found = _one_command(conn, game_id, n, hashed)
        try:
            row = found[0]
            lost.append(f"#{n} {_text(row[2]) or 'table'}: {_text(row[4])}")
        except (IndexError, TypeError):
            lost.append(f"#{n} (unreadable)")
    players: tuple[str, ...] = ()
    if rows:
        start = rows[0][2].events[0] if rows[0][2].events else {}
        players = tuple(str(p.get("name")) for p in start.get("players", ()))
    check = GameCheck(game_id, players, len(rows), problem, tuple(lost))
    return _Scanned(check, created, tuple(rows))


def _scan(path: Path) -> tuple[int, list[str], list[_Scanned]]:
    """Read a game log as far as it can be read: its version, problems of the file, each game."""
    problems: list[str] = []
    log: GameLog | None = None
    try:
        log = GameLog(path, readonly=True)
    except DamagedLogError as exc:
        problems.append(str(exc).split(": run 'companion log salvage", 1)[0])
    try:
        conn = _connect_readonly(path)
        conn.execute("BEGIN")  # one snapshot, whatever a writer beside commits meanwhile
        conn.execute("SELECT name FROM sqlite_master").fetchall()
    except sqlite3.DatabaseError as exc:
        problems.append(f"nothing in it can be read ({exc})")
        return 0, problems, []
    conn.text_factory = _text
    if log is not None:
        # The whole check, not the quick one of every open: it also compares each index with
        # its table (a damaged index entry gives wrong rows to the reads that go through it).
        try:
            found = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(5)")]
        except sqlite3.DatabaseError as exc:
            found = [str(exc)]
        if found != ["ok"]:
            problems.append(f"SQLite finds: {'; '.join(found)}")
    try:
        version = int(_try(lambda: conn.execute("PRAGMA user_version").fetchone()[0]) or 0)
        columns = {
            c[1] for c in _try(lambda: conn.execute("PRAGMA table_info(commands)").fetchall()) or []
        }
        hashed = "hash" in columns
        ids = _ids(conn, "SELECT id FROM games{}") | _ids(
            conn, "SELECT DISTINCT game_id FROM commands{}"
        )
        games = [_scan_game(conn, game_id, hashed) for game_id in sorted(ids)]
        for game in games:
            if log is not None and game.check.is_intact:
                # Read as play and history read it: through the indexes, all in one go.
                try:
                    log.commands(game.check.game_id)
                except GameLogError as exc:
                    problems.append(
                        f"reading game {game.check.game_id} through its indexes fails "
                        f"({str(exc).split(': run ', 1)[0].split(': ', 1)[-1]}), although its "
                        "rows are intact: an index is damaged"
                    )
    finally:
        conn.close()
        if log is not None:
            log.close()
    return version, problems, games


def check_log(path: str | Path) -> LogCheck:
    """Check a game log row by row, without writing anything: the file, then each game's
    commands from the first on, to the first bad one.

    Raises :class:`GameLogError` only when there is no file or nothing of it can be read.
    """
    path = Path(path)
    version, problems, games = _scan(path)
    return LogCheck(path, version, tuple(problems), tuple(g.check for g in games))


def salvage_log(path: str | Path, out: str | Path) -> LogCheck:
    """Copy each game's longest intact beginning from the game log ``path`` into the new game
    log ``out``; ``path`` is only read (from a copy). Returns what was found, as
    :func:`check_log` does: each game keeps its ``intact`` commands; games with none are left
    out."""
    path, out = Path(path), Path(out)
    if out.exists() or Path(f"{out}-wal").exists():
        raise GameLogError(f"{str(out)!r} exists already: give a new file for the salvaged log")
    refuse_special_file(path)
    if not path.is_file():
        raise GameLogError(f"no game log at {str(path)!r}: give the damaged file to salvage")
    with tempfile.TemporaryDirectory(prefix="companion-salvage-") as folder:
        # Work on a copy, so that nothing SQLite does while reading (a -shm file, recovering
        # the WAL) touches the original.
        copy = Path(folder) / "log.db"
        shutil.copyfile(path, copy)
        if Path(f"{path}-wal").exists():
            shutil.copyfile(f"{path}-wal", f"{copy}-wal")
        version, problems, games = _scan(copy)
    kept = [g for g in games if g.rows]
    if not kept:
        raise DamagedLogError(
            f"no game in {str(path)!r} has an intact first command: nothing to salvage"
        )
    with GameLog(out, holder="'companion log salvage'") as log:
        for game in kept:
            log._restore(game)
    checked = LogCheck(path, version, tuple(problems), tuple(g.check for g in games))
    return checked


def in_force(commands: Iterable[LoggedCommand]) -> list[LoggedCommand]:
    """The commands still in force, oldest first: each ``undo`` takes back the last one."""
    done: list[LoggedCommand] = []
    for logged in commands:
        if logged.command.get("type") == "undo":
            if done:
                done.pop()
        else:
            done.append(logged)
    return done


def _in_force(commands: Iterable[LoggedCommand]) -> tuple[str, str | None]:
    """The game's status and winner from its commands: over while a game_over is in force."""
    done = [logged for logged in in_force(commands) if logged.seq]
    over = (
        next((e for e in done[-1].events if e.get("type") == "game_over"), None) if done else None
    )
    return ("playing", None) if over is None else ("over", str(over.get("winner")))
