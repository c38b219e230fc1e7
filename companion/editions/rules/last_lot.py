"""The last lot of a colour group (E5; ``002``, Mega Edition, "New properties & skyscrapers"):
"If you acquire the final property of a group, after previously building on its other
properties, you must un-mortgage this property immediately (if mortgaged) and build it up
according to the 'even' building rule or, if you can't afford to do so, you must redistribute
existing houses among all properties of the group. You may need to break down hotels to do
this."

The banker lifts the lot's mortgage at once (a payment the owner raises if short) and poses one
decision, ``last_lot``: build the lot up to one level below the group's highest, the least the
even-building rule allows, or, when the owner cannot pay for that (or the Bank lacks the
houses), spread the group's buildings evenly over all its lots (a hotel counts five houses).
Nothing is asked when the group stands even already (its highest lot has one house at most).
A Bank short of the houses to spread them has the highest lots sold down evenly until it can
supply the rest, each house at half its cost (B4). A rule of holdings, not of a space: it has
no space kind (``KIND`` is ``None``)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.assets import sell_down_refund
from companion.banker.ledger import BANK
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import ACQUIRED, Tx, command, set_holding, task
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.table import Holding

KIND = None
HOUSE_RULE = None
#: A hotel's level: it stands for that many houses, and takes none from the Bank's houses.
_HOTEL = 5
CODES = (
    "ask.last_lot",
    "option.last_lot.build",
    "option.last_lot.spread",
    "note.last_lot.spread",
)


def _acquired(tx: Tx, player: str, name: str) -> None:
    if _target(tx.state, player, name) is not None:
        tx.first(tasks.LastLot(player, name))


def _target(state: GameState, player: str, name: str) -> int | None:
    """The level the even-building rule asks of ``name``, the last lot of its group that
    ``player`` has just acquired, or ``None`` when it asks nothing."""
    board = state.edition.board
    group = board.group_of(name)
    if not group or any(state.owner(n) != player for n in group):
        return None
    highest = max(state.holdings[n].level for n in group if n != name)
    want = highest - 1
    return want if want > state.holdings[name].level else None


ACQUIRED[__name__.rpartition(".")[2]] = _acquired


@task("last_lot")
def _task_last_lot(tx: Tx, task: tasks.LastLot) -> None:
    player, name = task.player, task.property
    holding = tx.state.holdings.get(name)
    if tx.state.seat(player).bankrupt or holding is None or holding.owner != player:
        return
    if holding.mortgaged:
        if task.lifted:
            set_holding(tx, name, Holding(player))
        else:
            cost = tx.state.edition.numbers.lift_cost(tx.board.mortgage_value(name))
            why = message("reason.unmortgage", space=tx.board.property_key(name))
            tx.first(tasks.Pay(player, BANK, cost, why), tasks.LastLot(player, name, True))
            return
    target = _target(tx.state, player, name)
    if target is None:
        return
    tx.ask(
        "last_lot",
        player,
        ("last_lot",),
        "ask.last_lot",
        {"space": tx.board.property_key(name), "level": target},
        property=name,
        level=target,
    )


def _build_cost(state: GameState, name: str, level: int) -> int | None:
    """What building ``name`` up to ``level`` costs, or ``None`` when the Bank has not the
    houses for it."""
    houses = level - state.holdings[name].level
    if state.supply()["houses"] < houses:
        return None
    return houses * state.edition.board.building_cost(name)


@decision_options("last_lot")
def _options(state: GameState, d: Decision) -> Iterator[Option]:
    """Building the lot up when its owner can pay for it, else spreading the houses."""
    name, level = d.data["property"], d.data["level"]
    cost = _build_cost(state, name, level)
    key = state.edition.board.property_key(name)
    if cost is not None and state.cash[d.player] >= cost:
        yield {
            "command": {"type": "last_lot", "option": "build"},
            "amount": cost,
            "code": "option.last_lot.build",
            "params": {"space": key, "level": level, "amount": cost},
        }
    else:
        yield {
            "command": {"type": "last_lot", "option": "spread"},
            "code": "option.last_lot.spread",
            "params": {"space": key},
        }


@command("last_lot")
def _cmd_last_lot(tx: Tx, c: commands.LastLot) -> None:
    d = tx.state.decision
    name, level = d.data["property"], d.data["level"]
    cost = _build_cost(tx.state, name, level)
    affordable = cost is not None and tx.cash(c.player) >= cost
    if c.option == "build":
        if cost is None:
            raise IllegalCommandError(
                f"last_lot build: the Bank has not the houses to build {name!r} up; spread them"
            )
        if not affordable:
            raise IllegalCommandError(
                f"last_lot build: building {name!r} up costs {tx.money(cost)} and {c.player} has "
                f"{tx.money(tx.cash(c.player))}; raise the money first, or spread the houses"
            )
        why = message("reason.build", space=tx.board.property_key(name))
        tx.transfer(c.player, BANK, cost, why)
        set_holding(tx, name, Holding(c.player, level=level))
    elif c.option == "spread":
        if affordable and cost is not None:
            raise IllegalCommandError(
                f"last_lot spread: {c.player} can pay {tx.money(cost)} to build {name!r} up, which the "
                "rule asks first (E5)"
            )
        _spread(tx, c.player, name)
    else:
        raise IllegalCommandError(f"last_lot: the option is 'build' or 'spread', not {c.option!r}")


def spread_levels(levels: dict[str, int], houses_left: int | None = None) -> dict[str, int]:
    """The group's buildings spread evenly over its lots, hotels counted as five houses and
    broken down: the extra houses go to the lots that stood highest, in the group's order.
    With ``houses_left`` in the Bank too few for that, the highest lots come down one house at
    a time, evenly, until the Bank can supply the rest (B4: sold, not spread).

    >>> spread_levels({"Kentucky Avenue": 5, "Indiana Avenue": 5, "Illinois Avenue": 4,
    ...                "Michigan Avenue": 0})
    {'Kentucky Avenue': 4, 'Indiana Avenue': 4, 'Illinois Avenue': 3, 'Michigan Avenue': 3}
    """
    total = sum(levels.values())
    each, extra = divmod(total, len(levels))
    first = sorted(levels, key=lambda n: -levels[n])[:extra]
    spread = {n: each + (n in first) for n in levels}
    if houses_left is not None:
        standing = sum(level for level in levels.values() if level < _HOTEL)
        while sum(spread.values()) - standing > houses_left:
            top = max(spread.values())
            spread[next(n for n in spread if spread[n] == top)] -= 1
    return spread


def _spread(tx: Tx, player: str, name: str) -> None:
    group = tx.board.group_of(name)
    before = {n: tx.state.holdings[n].level for n in group}
    spread = spread_levels(before, tx.state.supply()["houses"])
    colour = tx.board.properties[name][0].group
    if sum(before.values()) > sum(spread.values()):
        refund = sell_down_refund(tx.state, spread)
        tx.transfer(BANK, player, refund, message("reason.sell_down", group=colour))
    for lot, level in spread.items():
        if tx.state.holdings[lot].level != level:
            set_holding(tx, lot, Holding(player, level=level))
    tx.note("note.last_lot.spread", player=player, group=colour)
