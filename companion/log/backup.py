"""Backups of the game log, and restoring one.

:func:`backup` copies the live game log into a folder as ``games-YYYYMMDD-HHMMSS.db`` (the time
in UTC), checks the copy and keeps the newest ``keep`` of them; :func:`latest_backup` and
:func:`backup_age` tell how old the newest is; :func:`restore` puts one back.

Both directions go through SQLite's online backup API (:meth:`sqlite3.Connection.backup`), never
a file copy: the companion may be writing a command at that moment, and its newest commands may
still be in the ``-wal`` file beside the database, which a file copy would miss or cut in half.
The API reads one consistent snapshot, WAL included, while the writer goes on.

Only the standard library is imported here; the game log's own check is imported when run, so
importing ``companion`` stays free of sqlite-utils.
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.log.gamelog import WriterLock


class BackupError(CompanionError, OSError):
    """A backup that could not be made, read or restored; nothing was changed."""


#: The names :func:`backup` gives its files; rotation and :func:`latest_backup` see only these.
BACKUP_NAME = re.compile(r"games-(\d{8}-\d{6})\.db")
_STAMP = "%Y%m%d-%H%M%S"
#: Copies cut short (a power cut while writing one) are removed once this old.
_STALE_PARTIAL = 3600.0
_HEADER = b"SQLite format 3\x00"


def backup_name(when: datetime) -> str:
    """The file name of a backup made at ``when`` (naive means UTC).

    >>> backup_name(datetime(2026, 11, 24, 21, 5, 9, tzinfo=UTC))
    'games-20261124-210509.db'
    """
    return f"games-{_utc(when).strftime(_STAMP)}.db"


def backup_time(path: str | Path) -> datetime:
    """When the backup ``path`` was made (UTC), read from its name.

    >>> backup_time("/backups/games-20261124-210509.db")
    datetime.datetime(2026, 11, 24, 21, 5, 9, tzinfo=datetime.timezone.utc)
    """
    match = BACKUP_NAME.fullmatch(Path(path).name)
    if match is None:
        raise BackupError(
            f"{str(path)!r} is not named as a backup (games-YYYYMMDD-HHMMSS.db): give a file "
            "'companion backup' wrote"
        )
    return datetime.strptime(match[1], _STAMP).replace(tzinfo=UTC)


def backups(directory: str | Path) -> list[Path]:
    """The backups in ``directory``, oldest first (none when there is no such folder).

    >>> backups("/no/such/folder")
    []
    """
    folder = Path(directory)
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise BackupError(f"{str(folder)!r} is not a folder: give the folder of the backups")
    try:
        names = sorted(p.name for p in folder.iterdir() if BACKUP_NAME.fullmatch(p.name))
    except OSError as exc:
        raise BackupError(
            f"cannot read the backup folder {str(folder)!r}: {exc.strerror}"
        ) from None
    # The stamp is fixed-width UTC, so the order of the names is the order in time.
    return [folder / name for name in names if (folder / name).is_file()]


def latest_backup(directory: str | Path) -> Path | None:
    """The newest backup in ``directory``, or ``None`` when there is none (or no folder).

    >>> latest_backup("/no/such/folder") is None
    True
    """
    found = backups(directory)
    return found[-1] if found else None


def backup_age(directory: str | Path, *, now: datetime | None = None) -> timedelta | None:
    """How long ago the newest backup in ``directory`` was made, or ``None`` when there is none.

    >>> backup_age("/no/such/folder") is None
    True
    """
    newest = latest_backup(directory)
    if newest is None:
        return None
    return _utc(now or datetime.now(UTC)) - backup_time(newest)


def backup(
    db: str | Path, directory: str | Path, keep: int = 14, now: datetime | None = None
) -> Path:
    """Copy the game log ``db`` into ``directory`` as ``games-YYYYMMDD-HHMMSS.db`` (``now``, in
    UTC), check the copy, then keep the newest ``keep`` backups there (other files are left
    alone; the one just written is always kept). Returns the backup's path.

    The copy is written under a temporary name, checked (``PRAGMA integrity_check`` and
    ``companion log check``'s check of every game), made durable, then renamed. A game log that
    is missing, not a database or damaged raises :class:`BackupError`, and no backup is written.

    >>> backup("/no/such/games.db", "/tmp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    companion.log.backup.BackupError: no game log at '/no/such/games.db': give the file ...
    """
    db, folder = Path(db), Path(directory)
    if isinstance(keep, bool) or not isinstance(keep, int) or keep < 1:
        raise BackupError(f"keep {keep!r}: keep at least 1 backup")
    _check_is_database(db, "game log", "give the file 'companion play --db' wrote")
    if not folder.is_dir():
        raise BackupError(
            f"no backup folder at {str(folder)!r}: create it (mkdir -p {folder}) or give another"
        )
    target = folder / backup_name(now or datetime.now(UTC))
    if target.exists():
        raise BackupError(f"{str(target)!r} exists already: make the next backup a second later")
    try:
        handle, name = tempfile.mkstemp(prefix=".games-", suffix=".partial", dir=folder)
    except OSError as exc:
        raise BackupError(
            f"cannot write in the backup folder {str(folder)!r}: {exc.strerror}: give a "
            "writable folder"
        ) from None
    os.close(handle)
    partial = Path(name)
    try:
        try:
            # As readable as the game log itself (mkstemp makes it private to the user).
            os.chmod(partial, stat.S_IMODE(db.stat().st_mode) | stat.S_IWUSR | stat.S_IRUSR)
            _copy(_connect(db), partial)
        except sqlite3.DatabaseError as exc:
            raise BackupError(
                f"cannot back up the game log {str(db)!r}: {exc}: no backup was written; run "
                f"'companion log check {db}'"
            ) from None
        except OSError as exc:
            raise BackupError(
                f"cannot write the backup into {str(folder)!r}: {exc.strerror}: no backup was "
                "written"
            ) from None
        problem = _problem(partial)
        if problem:
            raise BackupError(
                f"the game log {str(db)!r} is damaged ({problem}): no backup was written; run "
                f"'companion log check {db}', and restore the newest good backup or salvage it"
            )
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    _sync_folder(folder)
    _rotate(folder, keep, target)
    return target


def restore(backup_file: str | Path, db: str | Path, *, force: bool = False) -> Path | None:
    """Put the backup ``backup_file`` back as the game log ``db``. Returns where the replaced
    game log was kept (``<db>.before-restore-YYYYMMDD-HHMMSS``), or ``None`` when there was none.

    The backup is checked first. A ``db`` that exists is replaced only with ``force``, and never
    while a companion has it open; it is written through SQLite's backup API, in one
    transaction. On :class:`BackupError` nothing was changed.

    >>> restore("/no/such/games-20261124-210509.db", "/tmp/games.db")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    companion.log.backup.BackupError: no backup at '/no/such/games-20261124-210509.db': give ...
    """
    source, db = Path(backup_file), Path(db)
    _check_is_database(source, "backup", "give a file 'companion backup' wrote")
    problem = _problem(source)
    if problem:
        raise BackupError(
            f"the backup {str(source)!r} is damaged ({problem}): nothing was restored; give an "
            "older backup"
        )
    if source.resolve() == db.resolve():
        raise BackupError(f"{str(source)!r} is the game log itself: give a backup of it")
    if not db.parent.is_dir():
        raise BackupError(f"no folder {str(db.parent)!r} for the game log {str(db)!r}")
    lock = _take_for_writing(db)
    try:
        return _restore(source, db, force)
    finally:
        lock.close()


def _take_for_writing(db: Path) -> WriterLock:
    """The game log's writer lock (``GameLog``'s), held while it is restored: a companion
    playing on it refuses the restore, and none can open it before the restore is done."""
    from companion.log.gamelog import GameLogError, LogInUseError, WriterLock, special_file

    kind = special_file(db)
    if kind is not None:
        raise BackupError(f"{str(db)!r} is {kind}, not a game log: give the game log's file")
    try:
        return WriterLock(db, "'companion restore'")
    except LogInUseError as exc:
        raise BackupError(
            f"the game log {str(db)!r} is in use ({exc.holder} has it open): close it, then "
            "restore; nothing was changed"
        ) from None
    except GameLogError as exc:
        raise BackupError(f"{exc}; nothing was changed") from None


def _restore(source: Path, db: Path, force: bool) -> Path | None:
    if not db.exists() and not Path(f"{db}-wal").exists():
        _write_new(source, db)
        return None
    conn = _lock(db)
    if conn is None:
        # Not a database SQLite can open, so no companion can have it open either.
        if not force:
            raise _exists(db)
        kept = _keep_bytes(db)
        _write_new(source, db, replace=True)
        return kept
    try:
        if not force:
            raise _exists(db)
        kept = _kept_name(db)
        try:
            _copy(conn, kept, close_source=False)
        except sqlite3.DatabaseError:
            kept.unlink(missing_ok=True)
            kept = _keep_bytes(db)
        try:
            reader = _connect(source, readonly=True)
            try:
                reader.backup(conn)
            finally:
                reader.close()
        except sqlite3.DatabaseError as exc:
            raise BackupError(
                f"could not write {str(db)!r}: {exc}; it is as it was (also kept as {str(kept)!r})"
            ) from None
    finally:
        conn.close()
    _sync_folder(db.parent)
    return kept


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _check_is_database(path: Path, what: str, todo: str) -> None:
    from companion.log.gamelog import special_file

    kind = special_file(path)  # before any open: opening a FIFO waits for a writer forever
    if kind is not None:
        raise BackupError(f"{str(path)!r} is {kind}, not a {what}: {todo}")
    try:
        with path.open("rb") as f:
            header = f.read(len(_HEADER))
    except FileNotFoundError:
        raise BackupError(f"no {what} at {str(path)!r}: {todo}") from None
    except OSError as exc:
        raise BackupError(f"cannot read the {what} {str(path)!r}: {exc.strerror}") from None
    if header != _HEADER:
        raise BackupError(
            f"{str(path)!r} is not a SQLite database, or its first bytes are damaged: {todo}"
        )


def _connect(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    if not readonly:
        # A plain connection that only reads: unlike mode=ro it leaves no -wal or -shm file
        # behind, and unlike immutable=1 it sees the companion's writes as they happen.
        return sqlite3.connect(path, isolation_level=None, timeout=10)
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    if not Path(f"{path}-wal").exists():
        uri += "&immutable=1"  # a backup is one file: read it without creating any beside it
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def _copy(source: sqlite3.Connection, path: Path, *, close_source: bool = True) -> None:
    """Write ``source`` into the new file ``path`` with the backup API, as one self-contained,
    durable file (rollback journal, not WAL, so no -wal file belongs with it)."""
    try:
        dest = sqlite3.connect(path, isolation_level=None)
        try:
            dest.execute("PRAGMA synchronous=FULL")
            source.backup(dest)
            dest.execute("PRAGMA journal_mode=DELETE")
        finally:
            dest.close()
    finally:
        if close_source:
            source.close()
    _sync_file(path)


def _problem(path: Path) -> str | None:
    """What is wrong with the database ``path``, or ``None`` when it is an intact game log."""
    from companion.log.gamelog import GameLogError, check_log

    try:
        conn = _connect(path, readonly=True)
        try:
            found = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(5)")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"SQLite finds: {exc}"
    if found != ["ok"]:
        return f"SQLite finds: {'; '.join(found)}"
    try:
        report = check_log(path)
    except GameLogError as exc:
        return str(exc)
    if report.is_intact:
        return None
    bad = [*report.problems, *(f"game {g.game_id}: {g.problem}" for g in report.games if g.problem)]
    return "; ".join(bad)


def _lock(db: Path) -> sqlite3.Connection | None:
    """A connection holding ``db`` exclusively, or ``None`` when SQLite cannot read it at all;
    :class:`BackupError` when another connection (a companion playing on it) has it open."""
    conn = None
    try:
        conn = sqlite3.connect(db, isolation_level=None, timeout=0)
        # In exclusive locking mode the lock outlives the transaction, until close. A WAL-mode
        # connection holds a shared lock while open, so even an idle companion is seen.
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        if conn is not None:
            conn.close()
        if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise BackupError(
                f"the game log {str(db)!r} is in use (the companion app or 'companion play' has "
                "it open): close it, then restore; nothing was changed"
            ) from None
        raise BackupError(
            f"cannot open the game log {str(db)!r}: {exc}; nothing was changed"
        ) from None
    except sqlite3.DatabaseError:
        if conn is not None:
            conn.close()
        return None
    return conn


def _exists(db: Path) -> BackupError:
    return BackupError(
        f"the game log {str(db)!r} exists: restoring replaces it; give --force to replace it "
        f"(it is kept as {db.name}.before-restore-YYYYMMDD-HHMMSS); nothing was changed"
    )


def _kept_name(db: Path) -> Path:
    kept = db.with_name(f"{db.name}.before-restore-{datetime.now(UTC).strftime(_STAMP)}")
    if kept.exists():
        raise BackupError(f"{str(kept)!r} exists already: restore again a second later")
    return kept


def _keep_bytes(db: Path) -> Path:
    """Keep a game log SQLite cannot read as it is, byte for byte (with its -wal file)."""
    kept = _kept_name(db)
    try:
        for suffix in ("", "-wal"):
            if Path(f"{db}{suffix}").exists():
                Path(f"{kept}{suffix}").write_bytes(Path(f"{db}{suffix}").read_bytes())
                _sync_file(Path(f"{kept}{suffix}"))
    except OSError as exc:
        raise BackupError(
            f"cannot keep a copy of {str(db)!r}: {exc.strerror}; nothing was restored"
        ) from None
    return kept


def _write_new(source: Path, db: Path, *, replace: bool = False) -> None:
    """Write the backup ``source`` as ``db`` (new, or replacing a file SQLite cannot read):
    into a temporary file beside it, then renamed over it."""
    try:
        handle, name = tempfile.mkstemp(prefix=f".{db.name}-", suffix=".partial", dir=db.parent)
    except OSError as exc:
        raise BackupError(f"cannot write in {str(db.parent)!r}: {exc.strerror}") from None
    os.close(handle)
    partial = Path(name)
    try:
        _copy(_connect(source, readonly=True), partial)
        os.replace(partial, db)
    except (sqlite3.DatabaseError, OSError) as exc:
        raise BackupError(f"cannot write the game log {str(db)!r}: {exc}") from None
    finally:
        partial.unlink(missing_ok=True)
    if replace:
        # The -wal and -shm files of the file replaced would be read as this one's.
        for suffix in ("-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
    _sync_folder(db.parent)


def _rotate(folder: Path, keep: int, written: Path) -> None:
    older = [p for p in backups(folder) if p != written]
    # The one just written stays even if the clock went back (a Pi has no clock of its own).
    doomed = older[: max(0, len(older) - (keep - 1))]
    now = time.time()
    try:
        for path in doomed:
            path.unlink(missing_ok=True)
        for path in folder.glob(".games-*.partial*"):  # with a journal left by a power cut
            if now - path.stat().st_mtime > _STALE_PARTIAL:
                path.unlink(missing_ok=True)
    except OSError as exc:
        raise BackupError(
            f"wrote {str(written)!r}, but could not remove an old backup in {str(folder)!r}: "
            f"{exc.strerror}"
        ) from None
    _sync_folder(folder)


def _sync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """Make a rename or removal in ``folder`` survive a power cut."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems (FAT on a USB stick) cannot sync a folder; nothing more to do
    finally:
        os.close(fd)
