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
from dataclasses import MISSING, field, fields, is_dataclass
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


_C = TypeVar("_C", bound=type)
#: A ``default_factory`` field's argument left out.
_UNSET = object()


def fast_init(cls: _C) -> _C:
    """Give the frozen slotted dataclass ``cls`` an ``__init__`` that sets each slot through its
    descriptor's setter, bound once: the same arguments, defaults, default factories and
    ``__post_init__`` call as the dataclass's own, which sets each field with
    ``object.__setattr__`` by name (the engine and the resolver build these values by the
    thousand per game). Apply it below ``@dataclass``.

    >>> from dataclasses import dataclass, field
    >>> @fast_init
    ... @dataclass(frozen=True, slots=True)
    ... class Tile:
    ...     name: str
    ...     marks: tuple[str, ...] = field(default_factory=tuple)
    ...     level: int = 0
    >>> Tile("GO"), Tile("Jail", ("x",), level=2)
    (Tile(name='GO', marks=(), level=0), Tile(name='Jail', marks=('x',), level=2))
    """
    params: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    scope: dict[str, Any] = {"_UNSET": _UNSET}
    for i, f in enumerate(fields(cls)):
        scope[f"_set{i}"] = getattr(cls, f.name).__set__
        value = f.name
        if f.default is not MISSING:
            scope[f"_default{i}"] = f.default
            default = f"=_default{i}"
        elif f.default_factory is not MISSING:
            scope[f"_factory{i}"] = f.default_factory
            default = "=_UNSET"
            value = f"_factory{i}() if {f.name} is _UNSET else {f.name}"
        else:
            default = ""
        if not f.init:
            if f.default is not MISSING:
                body.append(f"    _set{i}(self, _default{i})")
            elif f.default_factory is not MISSING:
                body.append(f"    _set{i}(self, _factory{i}())")
            continue
        (keywords if f.kw_only else params).append(f"{f.name}{default}")
        body.append(f"    _set{i}(self, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    signature = ", ".join(["self", *params, *(["*", *keywords] if keywords else [])])
    exec("\n".join([f"def __init__({signature}) -> None:", *body, "    pass"]), scope)
    init = scope["__init__"]
    if _arguments(cls.__init__.__code__) != _arguments(init.__code__):  # type: ignore[misc]
        raise TypeError(f"fast_init: {cls.__name__}'s __init__ takes arguments fields() lacks")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


def _arguments(code: Any) -> tuple[tuple[str, ...], int]:
    """A function's argument names, and how many are keyword-only."""
    return code.co_varnames[: code.co_argcount + code.co_kwonlyargcount], code.co_kwonlyargcount
