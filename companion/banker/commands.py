"""The banker's commands as typed values: one frozen dataclass per command the engine accepts.

A command travels as a JSON object (``{"type": "bid", "player": "Bob", "amount": 250}``): the
game log holds it so, the prompt and the touchscreen build it. :meth:`Command.from_json` reads
such an object into its class, refusing with :class:`IllegalCommandError` any value no table
could mean (a huge number, a long text, deep nesting, a field of the wrong JSON type) before a
rule looks at it; :meth:`Command.to_json` gives back the JSON the log holds. A field's name is
its JSON key (``with`` is ``with_``); ``decision`` is the id of the decision a command answers
(absent in logs written before decisions had ids). Values the engine reads later (dice, the
sides of a trade) stay as given: the engine's own messages quote them. A throw's ``dice`` may
also be the typed :class:`~companion.rules.movement.Roll` the dice reader or the prompt made
(:func:`companion.banker.throws.command_for_throw`): the engine takes it as it is, and it becomes
the log's list (``[3, 4, "mr"]``) only in :meth:`Command.to_json`.

>>> bid = Command.from_json({"type": "bid", "player": "Bob", "amount": 250})
>>> bid
Bid(player='Bob', amount=250)
>>> bid.amount, bid.to_json()
(250, {'type': 'bid', 'player': 'Bob', 'amount': 250})
>>> Trade("Ann", "Bob", give={"cash": 200}, decision=7).to_json()
{'type': 'trade', 'player': 'Ann', 'decision': 7, 'with': 'Bob', 'give': {'cash': 200}}
>>> Command.from_json({"type": "bid", "player": "Bob", "amount": "lots"})
Traceback (most recent call last):
...
companion.errors.IllegalCommandError: bid: 'amount' is a whole number, not 'lots'
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from companion.errors import IllegalCommandError, shown
from companion.rules.movement import Roll as DiceRoll

#: Bounds on any value in a command: far beyond any real one, small enough to quote and check.
MAX_TEXT, MAX_ITEMS, MAX_DEPTH, MAX_NUMBER = 200, 200, 6, 1_000_000_000_000
#: Commands allowed whenever the rules allow them, not only as the answer to the decision.
ANYTIME = (
    "build", "sell_building", "sell_down", "mortgage", "unmortgage", "trade", "play_card",
    "end_game", "claim",
)  # fmt: skip

C = TypeVar("C", bound="Command")


@dataclass(frozen=True, slots=True)
class _Field:
    """One field of a command class: its attribute, its JSON key, its JSON types."""

    attr: str
    key: str
    types: tuple[type, ...]
    optional: bool


#: The JSON types of the annotations the command classes use.
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "int": (int,),
    "bool": (bool,),
    "list[Any]": (list,),
    "list[Any] | DiceRoll": (list, DiceRoll),
    "dict[str, Any]": (dict,),
}
_TYPE_WORDS = {str: "text", list: "a list", int: "a whole number", bool: "true or false", dict: "an object"}  # fmt: skip


@dataclass(frozen=True, slots=True, repr=False)
class Command:
    """A command: its ``type`` (one per class), the ``player`` giving it, and the id of the
    ``decision`` it answers (``None`` when it does not say)."""

    type: ClassVar[str] = ""
    #: The fields beyond ``player`` and ``decision``, in the order they are checked.
    json_fields: ClassVar[tuple[_Field, ...]] = ()

    player: str
    decision: int | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        self._check(sizes=True)

    def _check(self, *, sizes: bool) -> None:
        """Refuse a field of the wrong type (and, unless :func:`check_sizes` has passed them,
        values beyond the bounds)."""
        kind = self.type
        if sizes:
            problem = _size_problem(self.player, 0)
            if problem is not None:
                raise IllegalCommandError(f"{kind}: 'player' is {problem}")
            for f in self.json_fields:
                problem = _size_problem(getattr(self, f.attr), 0)
                if problem is not None:
                    raise IllegalCommandError(f"{kind}: {shown(f.key)} is {problem}")
        if not isinstance(self.player, str):
            got = "missing" if self.player is None else shown(self.player)
            raise IllegalCommandError(f"{kind}: 'player' is text, not {got}")
        d = self.decision
        if d is not None and (isinstance(d, bool) or not isinstance(d, int)):
            raise IllegalCommandError(f"{kind}: 'decision' is a whole number, not {shown(d)}")
        for f in self.json_fields:
            value = getattr(self, f.attr)
            if value is None and f.optional:
                continue
            if isinstance(value, bool) and bool not in f.types or not isinstance(value, f.types):
                what = " or ".join(_TYPE_WORDS[t] for t in f.types if t in _TYPE_WORDS)
                got = "missing" if value is None else shown(value)
                raise IllegalCommandError(f"{kind}: '{f.key}' is {what}, not {got}")

    @classmethod
    def from_json(cls: builtins.type[C], data: Any) -> C:
        """The command a JSON object gives; refuses what no table could mean.

        Called on a subclass, the object must be of that type.

        >>> Command.from_json({"type": "choose", "player": "Ann", "space": "Boardwalk"})
        Choose(player='Ann', space='Boardwalk')
        """
        kind = command_class(data)
        if cls is not Command and kind is not cls:
            raise IllegalCommandError(f"{kind.type}: not a {cls.type} command")
        return kind.from_checked_json(data)  # type: ignore[return-value]

    @classmethod
    def from_checked_json(cls: builtins.type[C], data: Mapping[str, Any]) -> C:
        """:meth:`from_json` for an object :func:`command_class` has passed as this class."""
        # Built without __init__: check_sizes has checked every value already.
        command = object.__new__(cls)
        set_ = object.__setattr__
        set_(command, "player", data.get("player"))
        set_(command, "decision", data.get("decision"))
        for f in cls.json_fields:
            set_(command, f.attr, data.get(f.key))
        command._check(sizes=False)
        command._check_json(data)
        return command

    def _check_json(self, data: Mapping[str, Any]) -> None:
        """What only the JSON shows (a field given as ``null``)."""

    def to_json(self) -> dict[str, Any]:
        """The command as the log holds it: no ``decision`` when it says none, no optional field
        left out."""
        out: dict[str, Any] = {"type": self.type, "player": self.player}
        if self.decision is not None:
            out["decision"] = self.decision
        for f in self.json_fields:
            value = getattr(self, f.attr)
            if value is not None:
                out[f.key] = value.to_dice() if type(value) is DiceRoll else value
        return out

    def __repr__(self) -> str:
        shown_ = [f"player={self.player!r}"]
        shown_ += [
            f"{f.attr}={getattr(self, f.attr)!r}"
            for f in self.json_fields
            if getattr(self, f.attr) is not None or not f.optional
        ]
        if self.decision is not None:
            shown_.append(f"decision={self.decision!r}")
        return f"{type(self).__name__}({', '.join(shown_)})"


def command_class(data: Any) -> type[Command]:
    """The class of a JSON command, once its values are within the bounds any command keeps
    (:data:`MAX_TEXT`, :data:`MAX_ITEMS`, :data:`MAX_DEPTH`, :data:`MAX_NUMBER`) and its type is
    known; its fields are checked by :meth:`Command.from_checked_json`.

    >>> command_class({"type": "roll", "player": "Ann", "dice": [3, 4, "mr"]}).__name__
    'Roll'
    """
    if type(data) is not dict and not isinstance(data, Mapping):
        raise IllegalCommandError(f"a command is a JSON object, not {shown(data)}")
    check_sizes(data)
    kind = data.get("type")
    cls = COMMANDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalCommandError(
            f"unknown command type {shown(kind)}; the commands are {', '.join(sorted(COMMANDS))}"
        )
    return cls


def check_sizes(data: Mapping[str, Any]) -> None:
    """Refuse values no table could mean (huge numbers, long texts, deep nesting, non-JSON),
    in any field, before any rule looks at them.

    >>> check_sizes({"type": "bid", "player": "Bob", "amount": 10**20})
    Traceback (most recent call last):
    ...
    companion.errors.IllegalCommandError: bid: 'amount' is a number of about 21 digits, too large
    """
    kind = data.get("type")
    kind = kind if isinstance(kind, str) and len(kind) <= 20 else "command"
    for name, value in data.items():
        problem = _size_problem(value, 0)
        if problem is None and not isinstance(name, str):
            problem = "not a field name"
        if problem is not None:
            raise IllegalCommandError(f"{kind}: {shown(name)} is {problem}")


def _size_problem(value: Any, depth: int) -> str | None:
    # The usual values first, by their exact type: this runs on every field of every command.
    kind = type(value)
    if kind is str:
        return None if len(value) <= MAX_TEXT else f"text longer than {MAX_TEXT} characters"
    if kind is int and -MAX_NUMBER <= value <= MAX_NUMBER or kind is DiceRoll:
        return None
    if value is None or isinstance(value, (bool, str)) and len(str(value)) <= MAX_TEXT:
        return None
    if isinstance(value, str):
        return f"text longer than {MAX_TEXT} characters"
    if isinstance(value, int):
        return None if abs(value) <= MAX_NUMBER else f"{shown(value)}, too large"
    if isinstance(value, float):
        ok = value == value and abs(value) <= MAX_NUMBER
        return None if ok else f"{shown(value)}, not a usable number"
    if depth >= MAX_DEPTH:
        return "nested too deep"
    if isinstance(value, list):
        items: list[Any] = value
    elif isinstance(value, Mapping):
        if any(not isinstance(k, str) or len(k) > MAX_TEXT for k in value):
            return "an object whose keys are not short texts"
        items = list(value.values())
    else:
        return f"not a JSON value ({type(value).__name__})"
    if len(items) > MAX_ITEMS:
        return f"more than {MAX_ITEMS} items"
    for item in items:
        problem = _size_problem(item, depth + 1)
        if problem is not None:
            return problem
    return None


# -- The commands ------------------------------------------------------------------------------
# Fields in the order they are checked; the optional ones default to None.


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Command):
    """The starting Travel Voucher and Roll Three card a player drew (``1-3-6``)."""

    type: ClassVar[str] = "deal"
    voucher: str
    roll_three: str


@dataclass(frozen=True, slots=True, repr=False)
class OrderRoll(Command):
    """The two regular dice for the turn order (a list, or a typed roll without the speed
    die); ``reading`` is the dice module's key."""

    type: ClassVar[str] = "order_roll"
    dice: list[Any] | DiceRoll
    reading: str | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Command):
    """A turn's roll: the two regular dice and the speed die (two dice in jail), as a list or
    as the typed roll the dice reader or the prompt made."""

    type: ClassVar[str] = "roll"
    dice: list[Any] | DiceRoll
    reading: str | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Bail(Command):
    type: ClassVar[str] = "bail"


@dataclass(frozen=True, slots=True, repr=False)
class JailCard(Command):
    type: ClassVar[str] = "jail_card"


@dataclass(frozen=True, slots=True, repr=False)
class Choose(Command):
    """The space chosen (triples, the Subway, the Auction space, a card)."""

    type: ClassVar[str] = "choose"
    space: str


@dataclass(frozen=True, slots=True, repr=False)
class Bus(Command):
    """The Bus: ``move`` or ``voucher``."""

    type: ClassVar[str] = "bus"
    option: str


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(Command):
    type: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True, repr=False)
class Buy(Command):
    type: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True, repr=False)
class Auction(Command):
    type: ClassVar[str] = "auction"


@dataclass(frozen=True, slots=True, repr=False)
class Bid(Command):
    type: ClassVar[str] = "bid"
    amount: int


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Command):
    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True, repr=False)
class Taxi(Command):
    type: ClassVar[str] = "taxi"
    space: str


@dataclass(frozen=True, slots=True, repr=False)
class Skip(Command):
    type: ClassVar[str] = "skip"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Command):
    """The card drawn: a card id, a voucher id, or a Roll Three card (``1-3-6``)."""

    type: ClassVar[str] = "draw"
    card: str


@dataclass(frozen=True, slots=True, repr=False)
class Gift(Command):
    """Birthday Gift: ``cash`` or ``voucher``."""

    type: ClassVar[str] = "gift"
    option: str


@dataclass(frozen=True, slots=True, repr=False)
class LastLot(Command):
    """E5, the last lot of a group acquired after building on the others: ``build`` it up, or
    ``spread`` the group's houses over all its lots."""

    type: ClassVar[str] = "last_lot"
    option: str


@dataclass(frozen=True, slots=True, repr=False)
class Dice(Command):
    """The dice a space or card asked for (a list, or a typed roll of two dice); ``opponent``
    for Game Night."""

    type: ClassVar[str] = "dice"
    dice: list[Any] | DiceRoll
    opponent: str | None = None
    reading: str | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Stock(Command):
    """The share bought at par (``how="buy"``) or auctioned."""

    type: ClassVar[str] = "stock"
    company: str
    how: str


@dataclass(frozen=True, slots=True, repr=False)
class Voucher(Command):
    """A Travel Voucher played: ``space`` for a Bus Ticket or Transit Token, ``ride`` to ride."""

    type: ClassVar[str] = "voucher"
    voucher: str
    space: str | None = None
    ride: bool | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Pay(Command):
    type: ClassVar[str] = "pay"


@dataclass(frozen=True, slots=True, repr=False)
class Bankrupt(Command):
    type: ClassVar[str] = "bankrupt"


@dataclass(frozen=True, slots=True, repr=False)
class Build(Command):
    type: ClassVar[str] = "build"
    property: str


@dataclass(frozen=True, slots=True, repr=False)
class SellBuilding(Command):
    type: ClassVar[str] = "sell_building"
    property: str


@dataclass(frozen=True, slots=True, repr=False)
class SellDown(Command):
    """A colour group's buildings sold back evenly, as far as the Bank's supply needs (B4)."""

    type: ClassVar[str] = "sell_down"
    property: str


@dataclass(frozen=True, slots=True, repr=False)
class _MortgageCommand(Command):
    """A property, or one share of a ``company``: exactly one of them."""

    property: str | None = None
    company: str | None = None

    def _check(self, *, sizes: bool) -> None:
        Command._check(self, sizes=sizes)
        if (self.property is None) == (self.company is None):
            raise IllegalCommandError(f"{self.type}: give either 'property' or 'company'")

    def _check_json(self, data: Mapping[str, Any]) -> None:
        if ("property" in data) == ("company" in data):
            raise IllegalCommandError(f"{self.type}: give either 'property' or 'company'")


@dataclass(frozen=True, slots=True, repr=False)
class Mortgage(_MortgageCommand):
    type: ClassVar[str] = "mortgage"


@dataclass(frozen=True, slots=True, repr=False)
class Unmortgage(_MortgageCommand):
    type: ClassVar[str] = "unmortgage"


@dataclass(frozen=True, slots=True, repr=False)
class Trade(Command):
    """A trade both players agreed: each side ``{"cash", "properties", "shares", "vouchers",
    "roll_three", "cards"}`` as given; ``lift``: mortgaged properties of the trade whose new
    owner lifts the mortgage at once (its value plus 10%, instead of 10% now and again later)."""

    type: ClassVar[str] = "trade"
    with_: str
    give: dict[str, Any] | None = None
    take: dict[str, Any] | None = None
    lift: list[Any] | None = None


@dataclass(frozen=True, slots=True, repr=False)
class PlayCard(Command):
    """A kept card played, with what it needs (a target player, a property, a space...)."""

    type: ClassVar[str] = "play_card"
    card: str
    target: str | None = None
    property: str | None = None
    give: str | None = None
    space: str | None = None
    company: str | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Option(Command):
    """The option (1 or 2) of a card that offers two."""

    type: ClassVar[str] = "option"
    option: int


@dataclass(frozen=True, slots=True, repr=False)
class Target(Command):
    type: ClassVar[str] = "target"
    target: str


@dataclass(frozen=True, slots=True, repr=False)
class Accept(Command):
    type: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True, repr=False)
class Refuse(Command):
    type: ClassVar[str] = "refuse"


@dataclass(frozen=True, slots=True, repr=False)
class Claim(Command):
    """E2: the owner claims the rent ``payer`` owes them (for ``space``, when several are owed)."""

    type: ClassVar[str] = "claim"
    payer: str
    space: str | None = None


@dataclass(frozen=True, slots=True, repr=False)
class EndGame(Command):
    type: ClassVar[str] = "end_game"


_CLASSES: tuple[type[Command], ...] = (
    Deal, OrderRoll, Roll, Bail, JailCard, Choose, Bus, EndTurn, Buy, Auction, Bid, Pass, Taxi,
    Skip, Draw, Gift, LastLot, Dice, Stock, Voucher, Pay, Bankrupt, Build, SellBuilding, SellDown, Mortgage,
    Unmortgage, Trade, PlayCard, Option, Target, Accept, Refuse, EndGame, Claim,
)  # fmt: skip
#: Every command class by its ``type``.
COMMANDS: dict[str, type[Command]] = {cls.type: cls for cls in _CLASSES}


def _json_fields(cls: type[Command]) -> tuple[_Field, ...]:
    out = []
    for f in fields(cls):
        if f.name in ("player", "decision"):
            continue
        annotation = str(f.type)
        optional = annotation.endswith(" | None")
        out.append(
            _Field(
                f.name,
                f.name.rstrip("_"),
                _JSON_TYPES[annotation.removesuffix(" | None")],
                optional,
            )
        )
    return tuple(out)


for _cls in _CLASSES:
    _cls.json_fields = _json_fields(_cls)
