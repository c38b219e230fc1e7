"""What the running app knows of its own installation, for ``companion doctor``.

Only the app can say which OpenGL renderer it got (the Pi's V3D, or a software fallback when
the service user is not in the ``render`` group), which input providers it started and what the
dice module answered; and while it runs, it holds the display, the serial port and the GPIO
lines, so the doctor cannot try them itself. The app therefore writes these facts to
``app-status.json`` beside its game log, when it starts and when the dice module's state changes;
the doctor reads them back. Each write replaces the file atomically (a power cut leaves the old
or the new one, never half of one).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

FILE_NAME = "app-status.json"


def status_path(db: Path) -> Path:
    """The status file of the app playing on the game log ``db``."""
    return db.parent / FILE_NAME


class AppStatus:
    """The status file of one running app; :meth:`update` merges and rewrites it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fields: dict[str, Any] = {
            "pid": os.getpid(),
            "boot": boot_id(),
            "started": time.time(),
        }

    def update(self, **fields: Any) -> None:
        """Merge ``fields`` and rewrite the file; a failure to write is never the app's end."""
        self.fields.update(fields)
        try:
            _write_atomically(self.path, json.dumps(self.fields, indent=2, sort_keys=True))
        except OSError:
            pass  # a read-only or full disk: the doctor says so from its own checks


def read_status(path: Path) -> dict[str, Any] | None:
    """The status an app wrote at ``path``; ``None`` when there is none or it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def is_running(status: dict[str, Any] | None) -> bool:
    """Whether the app that wrote ``status`` is still running: its process is alive, and it is
    the same boot (after a power cut another process may have the number)."""
    if not status or not isinstance(status.get("pid"), int):
        return False
    if status.get("boot") != boot_id():
        return False
    try:
        os.kill(status["pid"], 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, under another user
    return True


def boot_id() -> str:
    """This boot's id from the kernel ("" where there is none)."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
