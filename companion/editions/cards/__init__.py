"""What an edition's Chance and Community Chest cards do: one module per card operation.

A card's ``play`` list in the edition's ``cards.json`` names its operations: each step's ``do``
(``storm``, ``seize``, ``pay_pool``...) and a kept card's ``play`` (``swap``, ``deal_buster``...)
or self-acting ``use`` (``refuse``: Just Say NO!; ``jail``, ``lawyer``, ``rent``...). Each
operation is the module of this package of its name (``storm.py``), which declares together its
step (``@card_step``), the answers to the decisions it poses (``@answer`` by their ``why``),
their options (``@decision_options``), its kept-card play with its moment (``@card_play``) and
that play's options (``@play_options``), or its self-acting use's hook at the banker's moment
(``@card_use``: ``keptcards.MOMENTS``), and the message codes it uses (``CODES``). A family of
operations sharing their code shares one module, named in :data:`FAMILIES` (the plain money
steps are ``money.py``).

The modules to load are computed from the edition's deck (:func:`operations`), not listed in
``edition.json``: a card naming an operation is all it takes. :func:`load_for` imports them; an
operation with no module is an ``EditionDataError`` naming the cards file and the card
(``companion.editions.load_edition``, through :func:`unknown`).

This package's ``__init__`` imports nothing of the companion, so the lowest layers may call
:func:`load_for`; the operation modules themselves sit above the banker
(``docs/architecture.md``).

>>> operations([{"do": "pay_pool", "amount": 50}, {"do": "move"}])
('pay_pool', 'move')
>>> operations([{"do": "keep", "use": "play", "play": "swap"}]), module_of("collect")
(('swap',), 'money')
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.editions import Edition

#: The operations that share the module of their family (operation -> module).
FAMILIES: Mapping[str, str] = {
    "pay_pool": "money",
    "collect": "money",
    "pay_each": "money",
    "collect_each": "money",
    "repairs": "money",
    "per_property": "money",
    "by_track": "money",
    "discount": "move",
    "cheap_rent": "reverse_rent",
}

#: E3: the operations a card entered from the "another card" menu may name
#: (``companion.rules.cards.unlisted_card``), loaded for every edition whatever its deck names.
UNLISTED_OPERATIONS = ("collect", "pay_pool", "collect_each", "pay_each", "repairs", "move", "jail")

#: The editions whose card operations are loaded (each value once: they compare by identity).
_LOADED: set[Edition] = set()


def operations(play: Iterable[Mapping[str, Any]]) -> tuple[str, ...]:
    """The operations a card's ``play`` list names, in order (a kept card's play or its
    self-acting use)."""
    found = []
    for step in play:
        do = step.get("do")
        if do != "keep":
            found.append(str(do))
        elif step.get("use") == "play":
            found.append(str(step.get("play")))
        else:
            found.append(str(step.get("use")))
    return tuple(found)


def module_of(operation: str) -> str:
    """The module of this package that holds ``operation``."""
    return FAMILIES.get(operation, operation)


def unknown(plays: Iterable[tuple[str, Sequence[Mapping[str, Any]]]]) -> tuple[str, str] | None:
    """The first card of ``plays`` (card id, its play list) naming an operation this package
    has no module for, and that operation; ``None`` when every one is known.

    >>> unknown([("cc-bonus", [{"do": "collect", "amount": 5}]), ("cc-odd", [{"do": "juggle"}])])
    ('cc-odd', 'juggle')
    """
    package = resources.files(__name__)
    for card, play in plays:
        for operation in operations(play):
            module = module_of(operation)
            if not module.isidentifier() or not package.joinpath(f"{module}.py").is_file():
                return card, operation
    return None


def load(names: Iterable[str]) -> None:
    """Import the operation modules ``names`` (each registers itself once)."""
    for name in names:
        importlib.import_module(f"{__name__}.{name}")


def load_for(edition: Edition) -> None:
    """Register the card operations ``edition``'s deck names, and those an unlisted card may
    name, once per edition."""
    if edition not in _LOADED:
        named = {op for c in edition.deck.cards.values() for op in operations(c.play)}
        load(sorted({module_of(op) for op in (*named, *UNLISTED_OPERATIONS)}))
        _LOADED.add(edition)
