"""The agenda: what is left to do of a command once it has been decided, as typed tasks.

A roll, a card or a payment leaves work behind it (rent to pay, a bonus move, doubles to roll
again...). Each item is a frozen dataclass; the engine runs them in order until somebody has to
decide something. In the game log (the ``agenda`` of each ``decision`` event) a task is the JSON
object ``{"do": NAME, ...fields}`` it has always been, so logs written before the tasks had types
resume unchanged.

>>> task = Pay("Ann", "Pool", 50, {"code": "reason.bail", "params": {}})
>>> task.to_json()
{'do': 'pay', 'from': 'Ann', 'to': 'Pool', 'amount': 50, 'reason': {'code': 'reason.bail', 'params': {}}}
>>> task_from_json(task.to_json()) == task
True
>>> task_from_json({"do": "bonus", "roll": [3, 4, "mr"], "backwards": False})
Bonus(roll=Roll(d1=3, d2=4, speed='mr'), backwards=False, bus=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Literal

from companion.frozen import fast_init
from companion.messages import Message
from companion.rules.movement import Roll


@dataclass(frozen=True, slots=True)
class Task:
    """One item of the agenda; ``do`` names it in the log."""

    do: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The task as the log holds it: fields left at a ``None``/``False`` default are left out."""
        out: dict[str, Any] = {"do": self.do}
        layout = _LAYOUTS.get(type(self))
        if layout is None:
            layout = _LAYOUTS[type(self)] = _layout(type(self))
        for name, key, default in layout:
            value = getattr(self, name)
            if default is not _KEPT and value == default:
                continue
            out[key] = value.to_json() if isinstance(value, Roll) else value
        return out


#: A field whose value is always written, whatever it is.
_KEPT = object()


def _layout(cls: type[Task]) -> tuple[tuple[str, str, Any], ...]:
    """Each field of ``cls`` as :meth:`Task.to_json` writes it: its name, its key in the log,
    and the default that leaves it out (:data:`_KEPT`: none), worked out once per class (the
    agenda is written with every decision)."""
    return tuple(
        (
            f.name,
            f.name.rstrip("_"),
            f.default if f.default is not MISSING and f.default in (None, False) else _KEPT,
        )
        for f in fields(cls)
    )


_LAYOUTS: dict[type[Task], tuple[tuple[str, str, Any], ...]] = {}


def task_from_json(data: Mapping[str, Any]) -> Task:
    """The task a log's agenda holds."""
    cls = TASKS[data["do"]]
    values = {}
    for f in fields(cls):
        key = f.name.rstrip("_")
        if key in data:
            value = data[key]
            values[f.name] = Roll.from_json(value) if f.type == "Roll" else value
    return cls(**values)


# -- Money ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pay(Task):
    """A payment owed; if the payer is short, they must raise the money or go bankrupt."""

    do: ClassVar[str] = "pay"
    from_: str
    to: str
    amount: int
    reason: Message


@dataclass(frozen=True, slots=True)
class Rent(Task):
    """Rent due, before the kept cards that change it (``asked``: the payer was offered them)."""

    do: ClassVar[str] = "rent"
    player: str
    space: str
    amount: int
    owner: str
    asked: bool = False


@dataclass(frozen=True, slots=True)
class UtilityRoll(Task):
    """A utility's rent: the payer rolls two dice and pays ``times`` the total."""

    do: ClassVar[str] = "utility_roll"
    player: str
    space: str
    times: int


# -- The turn ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseTriples(Task):
    do: ClassVar[str] = "choose_triples"
    roll: Roll


@dataclass(frozen=True, slots=True)
class Bonus(Task):
    """The speed die's Mr. Monopoly or Bus move, after the first move's space is settled."""

    do: ClassVar[str] = "bonus"
    roll: Roll
    backwards: bool
    bus: Literal["move", "voucher"] | None = None


@dataclass(frozen=True, slots=True)
class Doubles(Task):
    """Doubles: the player rolls again (or may play a Travel Voucher and end the turn)."""

    do: ClassVar[str] = "doubles"
    roll: Roll


@dataclass(frozen=True, slots=True)
class Resume(Task):
    """Ask this decision again once what interrupted it is done."""

    do: ClassVar[str] = "resume"
    decision: Mapping[str, Any]


# -- Spaces -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Offer(Task):
    """An unowned property landed on: buy it (at ``price``, when a card changes it) or auction."""

    do: ClassVar[str] = "offer"
    player: str
    space: str
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Auction(Task):
    """An auction of a property, of one share, or of one building of the Bank's pile ``name``
    in a shortage (``item``: property, share or building)."""

    do: ClassVar[str] = "auction"
    item: str
    name: str


@dataclass(frozen=True, slots=True)
class Shortage(Task):
    """A build on ``property`` would take from a pile the Bank is short of (P11): buy it if
    nobody else wants to build, or auction the pile."""

    do: ClassVar[str] = "shortage"
    player: str
    property: str


@dataclass(frozen=True, slots=True)
class PlaceBuilding(Task):
    """A building of the Bank's ``pile`` won at auction for ``price`` goes on one of
    ``player``'s lots."""

    do: ClassVar[str] = "place_building"
    player: str
    pile: str
    price: int


@dataclass(frozen=True, slots=True)
class TaxiOffer(Task):
    do: ClassVar[str] = "taxi_offer"
    player: str
    space: str


@dataclass(frozen=True, slots=True)
class DrawCard(Task):
    do: ClassVar[str] = "draw_card"
    player: str
    deck: str


@dataclass(frozen=True, slots=True)
class AllMove(Task):
    """Everyone else not in jail moves directly to ``space``."""

    do: ClassVar[str] = "all_move"
    player: str
    space: str


@dataclass(frozen=True, slots=True)
class SpaceTask(Task):
    """A space that acts on the player who landed there; ``do`` is the space's action."""

    player: str


@dataclass(frozen=True, slots=True)
class CollectTaxRefund(SpaceTask):
    do: ClassVar[str] = "collect_tax_refund"


@dataclass(frozen=True, slots=True)
class BirthdayGift(SpaceTask):
    do: ClassVar[str] = "birthday_gift"


@dataclass(frozen=True, slots=True)
class SqueezePlay(SpaceTask):
    do: ClassVar[str] = "squeeze_play"


@dataclass(frozen=True, slots=True)
class RollThree(SpaceTask):
    do: ClassVar[str] = "roll_three"


@dataclass(frozen=True, slots=True)
class StockExchange(SpaceTask):
    do: ClassVar[str] = "stock_exchange"


@dataclass(frozen=True, slots=True)
class AuctionAny(SpaceTask):
    do: ClassVar[str] = "auction_any"


@dataclass(frozen=True, slots=True)
class LastLot(Task):
    """E5: the last lot of a colour group acquired after building on the others: lift its
    mortgage, then build it up or spread the group's houses (``rules/last_lot.py``);
    ``lifted``: its mortgage's lift has been paid (a payment the owner had to raise)."""

    do: ClassVar[str] = "last_lot"
    player: str
    property: str
    lifted: bool = False


# -- Travel Vouchers --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawVoucher(SpaceTask):
    do: ClassVar[str] = "draw_voucher"


@dataclass(frozen=True, slots=True)
class ExpireVoucher(SpaceTask):
    do: ClassVar[str] = "expire_voucher"


@dataclass(frozen=True, slots=True)
class ExpireAllVouchers(Task):
    do: ClassVar[str] = "expire_all_vouchers"


@dataclass(frozen=True, slots=True)
class GiveVoucher(Task):
    """``from_`` hands one of their Travel Vouchers to ``to``."""

    do: ClassVar[str] = "give_voucher"
    from_: str
    to: str


# -- Cards ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardStep(Task):
    """Step ``i`` of a drawn card's ``play`` list."""

    do: ClassVar[str] = "card_step"
    player: str
    card: str
    i: int


@dataclass(frozen=True, slots=True)
class CardPool(SpaceTask):
    """A card's "collect the Pool" after its move."""

    do: ClassVar[str] = "card_pool"


@dataclass(frozen=True, slots=True)
class HandOver(Task):
    """A property changes hands by a card (``keep_mortgage``: it stays mortgaged)."""

    do: ClassVar[str] = "hand_over"
    property: str
    to: str
    keep_mortgage: bool = False


@dataclass(frozen=True, slots=True)
class Swap(Task):
    do: ClassVar[str] = "swap"
    a: str
    b: str
    mine: str
    theirs: str


@dataclass(frozen=True, slots=True)
class SendToJail(Task):
    do: ClassVar[str] = "send_to_jail"
    player: str


@dataclass(frozen=True, slots=True)
class Against(Task):
    """``task`` (JSON), an effect of ``card`` against ``target``, who holds Just Say NO!: they
    are asked first; ``instead`` (JSON tasks) is what happens if they refuse."""

    do: ClassVar[str] = "against"
    target: str
    card: str
    task: dict[str, Any]
    instead: tuple[dict[str, Any], ...] = ()

    def __post_init__(self) -> None:
        # The tasks it holds are read back from a log or a table situation: each must be one.
        for held in (self.task, *self.instead):
            if not isinstance(held, Mapping) or held.get("do") not in TASKS:
                raise ValueError(f"an 'against' task holds tasks, not {held!r}")
            task_from_json(held)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "do": self.do,
            "target": self.target,
            "card": self.card,
            "task": self.task,
        }
        if self.instead:
            out["instead"] = list(self.instead)
        return out


@dataclass(frozen=True, slots=True)
class Storm(Task):
    """Hurricane or Tornado (``card``) on ``property``'s group (or its railroad or cab company
    kind): one building comes off each of its owner's built lots."""

    do: ClassVar[str] = "storm"
    card: str
    property: str


@dataclass(frozen=True, slots=True)
class TakeAndMove(Task):
    """Taxi Wars: ``player`` takes the cab company ``space`` from its owner, as it stands, and
    the card moves them there (the owner could refuse it with Just Say NO!)."""

    do: ClassVar[str] = "take_and_move"
    player: str
    card: str
    space: str


@dataclass(frozen=True, slots=True)
class BuyInstead(Task):
    """Deal Buster: ``player`` buys ``property`` at ``price`` instead of the lander."""

    do: ClassVar[str] = "buy_instead"
    player: str
    card: str
    property: str
    price: int


@dataclass(frozen=True, slots=True)
class NoRent(Task):
    """Comped Room: ``player`` pays no rent on ``space`` (a key)."""

    do: ClassVar[str] = "no_rent"
    player: str
    space: str


#: Every task class by its ``do`` name.
TASKS: dict[str, type[Task]] = {
    cls.do: cls
    for cls in (
        Pay, Rent, UtilityRoll, ChooseTriples, Bonus, Doubles, Resume, Offer, Auction,
        TaxiOffer, DrawCard, AllMove, CollectTaxRefund, BirthdayGift, SqueezePlay, RollThree,
        StockExchange, AuctionAny, LastLot, DrawVoucher, ExpireVoucher, ExpireAllVouchers, GiveVoucher,
        CardStep, CardPool, HandOver, Swap, SendToJail, Against, Storm, TakeAndMove,
        BuyInstead, NoRent, Shortage, PlaceBuilding,
    )
}  # fmt: skip
for _task in TASKS.values():
    fast_init(_task)  # every roll and answer builds tasks for the agenda
