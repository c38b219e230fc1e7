"""What the rules ask of a token that stops on a space of each kind: the referee's side of
each space rule.

Each space rule is one module of :mod:`companion.editions.rules` (``tax.py``,
``birthday_gift.py``...): it registers its kind here with :func:`landing`, with the notes its
actions make (their message codes and parameters), and the movement resolver looks the kind up
(:data:`LANDINGS`) where it once climbed a ladder of ``kind ==``. Properties (streets,
railroads, utilities, cab companies) are the resolver's own (rent, taxis, transit stations).

The rules are modules named by each edition's list (``companion.editions.rules.load_for``);
a lookup for an edition loads that edition's (:func:`landing_of`), and the list of every note
loads the rules of every edition the companion ships (:func:`ensure_loaded`), so the referee,
the banker and the tests see the same rules whichever of them comes first.

>>> from companion.editions import edition
>>> hook = landing_of("tax", edition("ultimate"))
>>> hook.__module__, "action.pay_tax" in rule_notes()
('companion.editions.rules.tax', True)
>>> landing_of("street", edition("ultimate")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from companion.editions.rules import load_for
from companion.rules.board import Space

if TYPE_CHECKING:
    from companion.editions import Edition

#: A space rule's hook: it reads the stop (a :class:`companion.rules.movement.Landing`, which
#: looks the hooks up here: typed ``Any`` so that this registry imports nothing of the resolver
#: and the two make no circle) and answers with its actions, the player's marks and a forced
#: move.
LandingHook = Callable[[Any], None]

#: Space kind -> what landing there asks (filled as the rule modules are imported).
LANDINGS: dict[str, LandingHook] = {}
#: The notes the space rules' actions make: message code -> the parameters it may have.
NOTES: dict[str, frozenset[str]] = {}
#: Space kind -> what the referee says of such a space besides its kind (a tax's amount).
DESCRIPTIONS: dict[str, Callable[[Space, Edition], str]] = {}

_loaded: list[bool] = []


def landing(
    kind: str,
    *,
    notes: Mapping[str, Iterable[str]],
    describe: Callable[[Space, Edition], str] | None = None,
) -> Callable[[LandingHook], LandingHook]:
    """Register the decorated function as what landing on a space of ``kind`` asks; ``notes``:
    each message code its notes use (``action.<kind>[.<variant>]``...) and the parameters it
    has; ``describe``: the line ``companion referee space`` adds about such a space."""

    def register(hook: LandingHook) -> LandingHook:
        assert kind not in LANDINGS, f"two rules for the space kind {kind!r}"
        LANDINGS[kind] = hook
        for code, params in notes.items():
            NOTES[code] = frozenset(params)
        if describe is not None:
            DESCRIPTIONS[kind] = describe
        return hook

    return register


def ensure_loaded() -> None:
    """Import the rules of every edition the companion ships, once (the referee may resolve a
    move before any game, and so any edition's, is loaded)."""
    if not _loaded:
        _loaded.append(True)
        from companion.editions import edition, known_editions

        for edition_id in known_editions():
            load_for(edition(edition_id))


def landing_of(kind: str, played: Edition) -> LandingHook | None:
    """What landing on a space of ``kind`` asks in the edition ``played`` (its rules loaded
    first), or ``None`` (a property, a corner that asks nothing)."""
    load_for(played)
    return LANDINGS.get(kind)


def description_of(kind: str, played: Edition) -> Callable[[Space, Edition], str] | None:
    """What the referee says of a space of ``kind`` in the edition ``played`` besides its
    kind, if its rule says more."""
    load_for(played)
    return DESCRIPTIONS.get(kind)


def rule_notes() -> Mapping[str, frozenset[str]]:
    """Every note code the space rules' actions make, with its parameters."""
    if not _loaded:
        ensure_loaded()
    return NOTES
