"""Editions made for a test: a copy of an edition's data folder with its JSON changed, known by
its id for the test's time only (``companion.editions.register`` would keep it for the process).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion import editions
from companion.editions import Edition, load_edition

#: The companion's own Ultimate data, and the tests' editions (tiny, square40, square52).
ULTIMATE_DATA = Path(editions.__file__).parent / "ultimate"
TEST_EDITIONS = Path(__file__).resolve().parent / "data" / "editions"

Change = Callable[[dict[str, Any]], None]


def copied(source: Path, folder: Path, **changes: Change) -> Path:
    """A copy of the edition data folder ``source`` at ``folder``, each file that ``changes``
    names (``edition``, ``board``, ``cards``) changed in place by its function."""
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__"))
    for stem, change in changes.items():
        path = folder / f"{stem}.json"
        data = json.loads(path.read_text("utf-8"))
        change(data)
        path.write_text(json.dumps(data), "utf-8")
    return folder


def registered(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Edition:
    """The edition in ``folder``, known by its id (``edition(id)``, a log naming it) until the
    test ends."""
    loaded = load_edition(folder)
    monkeypatch.setitem(editions._LOADED, loaded.id, loaded)
    return loaded


@contextmanager
def registered_for(folder: Path) -> Iterator[Edition]:
    """:func:`registered` for a fixture wider than one test: known inside the ``with``."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        yield registered(folder, monkeypatch)
