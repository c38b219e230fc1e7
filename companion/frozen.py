"""A fast ``dataclasses.replace`` for the frozen slotted dataclasses of the domain.

The engine copies its state on every event and the resolver copies a player on every move;
``dataclasses.replace`` re-runs ``__init__`` each time, which the engine's speed target cannot
afford. The copies here set the slots directly: use them only for classes whose
``__post_init__`` (if any) derives nothing from the fields that change.

>>> from companion.rules.situation import Holding
>>> replace(Holding("Ann"), level=2)
Holding(owner='Ann', mortgaged=False, level=2, improved=False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def derived(*, kept: bool = False) -> Any:
    """A slot for a value derived from the others, filled when first asked for (``None`` until
    then): no argument of ``__init__``, not in ``repr`` or comparisons. A copy starts it empty,
    since the fields it comes from may have changed; ``kept``: a copy keeps it, for a value that
    holds what it was derived from and is checked against it when read.

    A cache that lives in the value it derives from dies with it, and no other value, of this
    game or of another one in the process, can ever read it (which a module-level cache keyed
    by ``id()`` cannot promise)."""
    return field(
        default=None,
        init=False,
        repr=False,
        compare=False,
        metadata={"derived": "kept" if kept else "fresh"},
    )


def _fresh(cls: type) -> frozenset[str]:
    """The slots of ``cls`` that a copy starts empty (:func:`derived`)."""
    if not is_dataclass(cls):
        return frozenset()
    return frozenset(f.name for f in fields(cls) if f.metadata.get("derived") == "fresh")


def _copier(cls: type) -> Callable[[Any, Mapping[str, Any]], Any]:
    """The copy function of ``cls``, generated once: one line per slot."""
    fresh = _fresh(cls)
    slots = cls.__slots__  # type: ignore[attr-defined]
    # Every slot copied (a derived one emptied), then the few changed set again: cheaper than
    # asking ``changes`` about every slot, as a copy changes one or two of twenty. Each slot is
    # set through its own descriptor's setter, bound once: a third cheaper than
    # ``object.__setattr__``, which looks the slot up by name on every call.
    lines = [
        "def copy(obj, changes):",
        "    new = new_(cls)",
        *(
            f"    set_{i}(new, None)" if name in fresh else f"    set_{i}(new, obj.{name})"
            for i, name in enumerate(slots)
        ),
        "    for name, value in changes.items():",
        "        set_(new, name, value)",
        "    return new",
    ]
    scope: dict[str, Any] = {"new_": object.__new__, "set_": object.__setattr__, "cls": cls}
    scope.update({f"set_{i}": getattr(cls, name).__set__ for i, name in enumerate(slots)})
    exec("\n".join(lines), scope)
    return scope["copy"]  # type: ignore[no-any-return]


_COPIERS: dict[type, Callable[[Any, Mapping[str, Any]], Any]] = {}


def copy_with(obj: T, changes: Mapping[str, Any]) -> T:
    """``obj`` with ``changes`` (a mapping of field names to values)."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    new: T = copier(obj, changes)
    return new


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, without running ``__init__`` again."""
    return copy_with(obj, changes)
