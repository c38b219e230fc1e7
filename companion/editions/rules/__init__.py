"""The rules an edition plays by: one module per rule.

A space rule (``tax.py``, ``birthday_gift.py``...) declares in one place what the referee says
of landing on its kind of space (:func:`companion.rules.spacekinds.landing`), the banker's
tasks, commands and options for it (``@task``, ``@command``, ``@follow_up``,
``@decision_options``, ``@dice``), the message codes it uses (``CODES``) and its house-rule
flag (``HOUSE_RULE``, ``None`` when it has none). Importing the module registers it;
:func:`load_for` imports the modules an edition's data names (``edition.json``'s ``rules``).

This package's ``__init__`` imports nothing of the companion, so the lowest layers may call
:func:`load`; the rule modules themselves sit above the banker (``docs/architecture.md``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.editions import Edition

_LOADED: set[tuple[str, ...]] = set()


def load(names: Iterable[str], *, package: str = __name__) -> None:
    """Import the rule modules ``names`` of ``package`` (each registers itself once)."""
    for name in names:
        importlib.import_module(f"{package}.{name}")


def load_for(edition: Edition) -> None:
    """Register the rules ``edition`` plays by (its data's ``rules`` list), once per list."""
    if edition.rules not in _LOADED:
        load(edition.rules)
        _LOADED.add(edition.rules)
