"""Fixtures of the app's tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from companion.editions import Edition


@contextmanager
def at_the_table(played: Edition | None = None) -> Iterator[None]:
    """The table's edition is ``played`` (if given) inside the block, and the one it had before
    after it: the words and drawings asked by a name alone read the table's edition. A context
    manager, not only a fixture, for the modules a recording script imports too
    (``tests/ui/explanations.py``)."""
    from ui.edition import set_table_edition, table_edition

    before = table_edition()
    try:
        if played is not None:
            set_table_edition(played)
        yield
    finally:
        set_table_edition(before)


@pytest.fixture(autouse=True)
def _the_language_given_back() -> Iterator[None]:
    """Each test leaves the app in the language it found: a controller switched to French
    (``set_language``) must not word the next test's dialogs."""
    from ui import i18n

    was = i18n.language()
    yield
    if i18n.language() != was:
        i18n.set_language(was)


@pytest.fixture
def make_controller(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Makes table controllers (``options`` as :class:`ui.controller.TableController` takes
    them) on the log ``name`` (``games.db``) in ``tmp_path``, with a set-up of their own; closes
    them after the test and gives the table back the edition it had before (the words and
    drawings asked by a name alone read it)."""
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    made: list[TableController] = []

    def build(name: str = "games.db", **options: Any) -> TableController:
        c = TableController(
            db_path=tmp_path / name, store=SetupStore(tmp_path / "setup.json"), **options
        )
        made.append(c)
        return c

    with at_the_table():
        yield build
        for c in made:
            c.close()
