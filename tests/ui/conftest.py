"""Fixtures of the app's tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def make_controller(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Makes table controllers (``options`` as :class:`ui.controller.TableController` takes
    them) on the log ``name`` (``games.db``) in ``tmp_path``, with a set-up of their own; closes
    them after the test and gives the table back the edition it had before (the words and
    drawings asked by a name alone read it)."""
    from ui.controller import TableController
    from ui.edition import set_table_edition, table_edition
    from ui.setup_store import SetupStore

    made: list[TableController] = []

    def build(name: str = "games.db", **options: Any) -> TableController:
        c = TableController(
            db_path=tmp_path / name, store=SetupStore(tmp_path / "setup.json"), **options
        )
        made.append(c)
        return c

    before = table_edition()
    yield build
    for c in made:
        c.close()
    set_table_edition(before)
