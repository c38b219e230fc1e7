"""What the app remembers between evenings: the last table and the settings.

One JSON file in the data directory (``$XDG_DATA_HOME/companion/setup.json``, by default
``~/.local/share/companion/setup.json``), written atomically: a new file beside it, flushed to
the disk, then renamed over the old one, so a power cut leaves the old file or the new one,
never half of one. A file that cannot be read (damaged, hand-edited badly) is set aside as
``setup.json.bad`` and the defaults are used: the table must start whatever the file holds.

>>> import tempfile, pathlib
>>> store = SetupStore(pathlib.Path(tempfile.mkdtemp()) / "setup.json")
>>> store.lang
'en'
>>> store.save(lang="fr"); SetupStore(store.path).lang
'fr'
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

FILE_NAME = "setup.json"
DEFAULTS: Mapping[str, Any] = {
    "version": 1,
    #: The last table: each player's name, token and colour (cards are dealt anew each game).
    "players": [],
    #: The house rules (``companion.rules.table.Options`` fields).
    "rules": {},
    #: The edition of the last new game (its id) and its regional board ("" for its own),
    #: chosen first at the next one.
    "edition": "",
    "region": "",
    "lang": "en",
    #: The game last played, offered first by "resume".
    "last_game": None,
    #: Seconds after which a read roll is confirmed by itself (0: never; a setting).
    "auto_confirm": 0,
    #: Moves and flashes animated (a setting; off for a slow screen).
    "animation": True,
    #: Where the history is exported ("" = the home folder; a setting).
    "export_dir": "",
    #: Milliseconds a decision must have been shown, unchanged, before a press or a tap
    #: answers it (a setting; ``TableController``'s input gate).
    "settle_ms": 400,
}


def data_dir() -> Path:
    """The companion's data directory (``$XDG_DATA_HOME/companion``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def default_db_path() -> Path:
    """The game log unless ``--db`` says otherwise: ``$COMPANION_DB`` (the Pi's service sets
    it), else ``games.db`` in the data directory."""
    if os.environ.get("COMPANION_DB"):
        return Path(os.environ["COMPANION_DB"])
    return data_dir() / "games.db"


class SetupStore:
    """The remembered table and settings, read once and written on each :meth:`save`."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / FILE_NAME
        self.data: dict[str, Any] = dict(DEFAULTS)
        self.problem = ""
        self._load()

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as exc:
            self.problem = f"cannot read {self.path}: {exc.strerror or exc}"
            return
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            self.problem = f"{self.path} was damaged ({exc}); the defaults are used"
            with contextlib.suppress(OSError):
                os.replace(self.path, self.path.with_name(self.path.name + ".bad"))
            return
        for key, default in DEFAULTS.items():
            value = data.get(key, default)
            # A value of the wrong shape is the default: one bad key never loses the rest.
            if default is not None and not isinstance(value, type(default)):
                value = default
            self.data[key] = value

    @property
    def players(self) -> list[dict[str, Any]]:
        return [dict(p) for p in self.data["players"] if isinstance(p, dict)]

    @property
    def rules(self) -> dict[str, Any]:
        return dict(self.data["rules"])

    @property
    def lang(self) -> str:
        return str(self.data["lang"])

    @property
    def last_game(self) -> int | None:
        value = self.data["last_game"]
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def save(self, **changes: Any) -> None:
        """Change these keys and write the file atomically; raises ``OSError`` on failure."""
        if "players" in changes:
            # The table as remembered: who sits where, not the cards they were dealt.
            changes["players"] = [
                {k: p.get(k) for k in ("name", "token", "colour") if p.get(k)}
                for p in changes["players"]
            ]
        self.data.update(changes)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".setup-", suffix=".json", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.data, f, indent=2, ensure_ascii=False)
                f.write("\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        # The rename itself is made durable by syncing the directory.
        with contextlib.suppress(OSError):
            dir_fd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
