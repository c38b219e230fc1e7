"""Property and everything held: buildings, mortgages, trades, bankruptcy and the end.

The commands here may be given whenever the rules allow them, not only as the answer to the
decision (``companion.banker.engine.ANYTIME``); a payment owed is ``debts``'s (paid, or bankruptcy).

>>> from companion.editions import edition
>>> edition("ultimate").numbers.lift_cost(250)  # a mortgage is lifted with 10% interest
275
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterator, Mapping
from typing import Any, cast

from companion.banker import commands, tasks
from companion.banker.ledger import BANK, POOL
from companion.banker.state import GameState
from companion.banker.tx import (
    Tx,
    command,
    return_card,
    return_vouchers,
    set_holding,
)
from companion.errors import CompanionError, IllegalCommandError
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.situation import Holding
from companion.rules.table import building_stock, next_pile

_LEVEL_NAMES = (
    "no building",
    "1 house",
    "2 houses",
    "3 houses",
    "4 houses",
    "a hotel",
    "a skyscraper",
)


def _owned(tx: Tx, player: str, name: Any, verb: str) -> Holding:
    if not isinstance(name, str) or name not in tx.board.properties:
        try:
            space = tx.board.space(str(name))
        except CompanionError as exc:
            raise IllegalCommandError(f"{verb}: {exc}") from None
        name = space.name
    holding = tx.state.holdings.get(name)
    if holding is None or holding.owner != player:
        raise IllegalCommandError(f"{verb} by {player}: {player} does not own {name!r}")
    return holding


def property_name(tx: Tx, ref: Any) -> str:
    if isinstance(ref, str) and ref in tx.board.properties:
        return ref
    return tx.board.space(str(ref)).name


def build_problem(state: GameState, player: str, name: str, *, now: bool = True) -> str | None:
    """Why ``player`` may not add a building to ``name`` now (``None``: they may);
    ``now=False``: by the holdings alone, whoever's turn it is and whatever the Bank has left."""
    board = state.edition.board
    holding = state.holdings.get(name)
    if holding is None or holding.owner != player:
        return f"{player} does not own {name!r}"
    if now and not_my_turn(state, player):
        return f"{player} builds only on their own turn (house rule), and it is {state.turn}'s"
    if holding.mortgaged:
        return f"{name!r} is mortgaged; lift the mortgage first"
    space = board.properties[name][0]
    supply = state.supply()
    if space.kind in ("railroad", "cab_company"):
        what = pile_of(state, name)
        if holding.improved:
            return f"{name!r} already has its {what[:-1].replace('_', ' ')}"
        if not board.building_supply[what]:
            return f"{state.edition.name} has no {what.replace('_', ' ')}"
        if now and not supply[what]:
            return f"the Bank has no {what.replace('_', ' ')} left"
        return None
    if space.kind != "street":
        return f"{name!r} is not a street, railroad or cab company: nothing can be built on it"
    group = board.group_of(name)
    mine = [n for n in group if state.owner(n) == player]
    if not board.ownership(name, lambda n: n in mine):
        need = "all but one" if board.has_majority(len(group)) else "all"
        return f"building on {space.group} needs {need} of its {len(group)} lots; {player} owns {len(mine)}"
    mortgaged = [n for n in group if state.holdings.get(n) and state.holdings[n].mortgaged]
    if mortgaged and state.rules.mortgage_blocks_building:
        return f"{mortgaged[0]!r} in the same group is mortgaged"
    if holding.level >= 6:
        return f"{name!r} has a skyscraper already"
    low = min(state.holdings[n].level for n in mine)
    if holding.level > low:
        lower = next(n for n in mine if state.holdings[n].level == low)
        return f"{lower!r} has {_LEVEL_NAMES[low]}; build evenly"
    if holding.level == 5 and (len(mine) < len(group) or low < 5):
        return f"a skyscraper needs the whole {space.group} group with a hotel on every lot"
    what = pile_of(state, name)
    if not board.building_supply[what]:
        return f"{state.edition.name} has no {what}"
    if now and not supply[what]:
        return f"the Bank has no {what} left"
    return None


def not_my_turn(state: GameState, player: str) -> bool:
    """E1 (``003``, house rule ``build_on_own_turn``): whether ``player`` may not build now
    because it is another player's turn."""
    return state.rules.build_on_own_turn and state.turn != player


def pile_of(state: GameState, name: str) -> str:
    """The Bank's pile the next building on ``name`` comes from (``houses``, ``hotels``,
    ``skyscrapers``, ``train_depots`` or ``cab_stands``)."""
    return next_pile(state.edition.board.properties[name][0].kind, state.holdings[name].level)


def lots_to_build(state: GameState, player: str, pile: str) -> list[str]:
    """``player``'s lots that may take a building of ``pile`` now (cash aside), a colour
    group's in the board's order.

    In a colour group only the owner's lowest lots may take the next building, and
    :func:`build_problem` says the same of all of them: it is asked once per group as its
    holdings stand (:func:`_builders`), and every build asks this of every player near a
    shortage (:func:`shortage`)."""
    lots: list[str] = []
    if not_my_turn(state, player) or not state.supply().get(pile):
        return lots
    for builder, pile_of_lots, names in _builders_of(state, (player,)):
        if builder == player and pile_of_lots == pile:
            lots.extend(names)
    return lots


def _builders_of(
    state: GameState, players: Collection[str]
) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """:func:`_builders` of every colour group (or property of no group) in which one of
    ``players`` holds a lot, each group once, in the order of the holdings."""
    keys = _group_keys(state.edition.board)
    groups = state.by_group()
    seen: set[str] = set()
    for player in players:
        for name in state.holdings_of(player):
            key = keys[name]
            if key not in seen:
                seen.add(key)
                found = groups.get(key)
                yield from _builders(state, key) if found is None else found


def _group_keys(board: Board) -> Mapping[str, str]:
    """Each property's colour group, or its own name for a property of no group: the key of
    what :func:`_builders` keeps (``GameState.by_group``). Made once per board."""
    memo = board.memo("group_keys")
    keys = memo.get("")
    if keys is None:
        keys = memo[""] = {
            name: spaces[0].group or name for name, spaces in board.properties.items()
        }
    return cast(Mapping[str, str], keys)


def _builders(state: GameState, key: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Who may build in colour group ``key`` (or on property ``key`` of no group) by its
    holdings alone (:func:`build_problem` with ``now=False``): (player, the pile of their next
    building, the lots that may take it). It follows from the group's holdings, so it is kept
    with them (``GameState.by_group``) and worked out again only for a group that changed."""
    groups = state.by_group()
    found: tuple[tuple[str, str, tuple[str, ...]], ...] | None = groups.get(key)
    if found is not None:
        return found
    board = state.edition.board
    holdings = state.holdings
    names = board.groups[key] if key in board.groups else (key,)
    out = []
    for player in dict.fromkeys(h.owner for h in map(holdings.get, names) if h is not None):
        mine = [n for n in names if n in holdings and holdings[n].owner == player]
        low = min(holdings[n].level for n in mine)
        lowest = tuple(n for n in mine if holdings[n].level == low)
        if build_problem(state, player, lowest[0], now=False) is None:
            out.append((player, pile_of(state, lowest[0]), lowest))
    found = groups[key] = tuple(out)
    return found


def shortage(state: GameState, player: str, name: str) -> bool:
    """P11 (``002`` "Building shortages"): whether a build on ``name`` by ``player`` takes
    from a pile that another player could build from too, while the Bank holds fewer of it
    than the lots on which all of them could put one now."""
    pile = pile_of(state, name)
    left = state.supply()[pile]
    # Checked on every build: first the bound that settles most of them, the lots held that
    # take from the pile (whoever holds them, whether they may build now or not), kept up to
    # date by the holdings' fold; only near a shortage is it worked out who could build, from
    # who may build in each group (kept per group: a build changes one), every group once
    # for all the players who may build now (the sum of their lots_to_build).
    if not left or left >= state.pile_lots().get(pile, 0):
        return False
    builders = [s.name for s in state.active if not not_my_turn(state, s.name)]
    wanted, others = 0, False
    for builder, pile_of_lots, names in _builders_of(state, builders):
        if pile_of_lots == pile and builder in builders:
            wanted += len(names)
            others = others or builder != player
    return others and wanted > left


def selling_buildings(state: GameState) -> bool:
    """Whether the Bank's buildings in short supply are being sold (P11): nobody builds
    meanwhile."""
    d = state.decision
    return (
        d.kind == "building_shortage"
        or d.data.get("item") == "building"
        or d.data.get("why") == "place_building"
    )


@command("build")
def build(tx: Tx, c: commands.Build) -> None:
    player = c.player
    name = property_name(tx, c.property)
    problem = build_problem(tx.state, player, name)
    if problem:
        raise IllegalCommandError(f"cannot build on {name!r}: {problem}")
    if selling_buildings(tx.state):
        raise IllegalCommandError(
            f"cannot build on {name!r}: the Bank's buildings in short supply are being sold; "
            "build once that is done"
        )
    cost = tx.board.building_cost(name)
    if tx.cash(player) < cost:
        raise IllegalCommandError(
            f"cannot build on {name!r}: it costs {tx.money(cost)} and {player} has {tx.money(tx.cash(player))}"
        )
    if shortage(tx.state, player, name):
        tx.first(tasks.Shortage(player, name))
        return
    buy_building(tx, player, name)


def buy_building(tx: Tx, player: str, name: str) -> None:
    """``player`` buys the next building on ``name`` at its cost (checked already)."""
    cost = tx.board.building_cost(name)
    tx.transfer(player, BANK, cost, message("reason.build", space=tx.board.property_key(name)))
    put_up(tx, player, name)


def put_up(tx: Tx, player: str, name: str) -> None:
    """The next building goes on ``name``: a house, hotel or skyscraper, a depot or a stand."""
    if tx.board.properties[name][0].kind == "street":
        set_holding(tx, name, Holding(player, level=tx.state.holdings[name].level + 1))
    else:
        set_holding(tx, name, Holding(player, improved=True))


@command("sell_building")
def sell_building(tx: Tx, c: commands.SellBuilding) -> None:
    player = c.player
    name = property_name(tx, c.property)
    holding = _owned(tx, player, name, "sell_building")
    problem = sell_problem(tx.state, name)
    if problem:
        raise IllegalCommandError(f"sell_building: {problem}")
    space = tx.board.properties[name][0]
    why = message("reason.sell_building", space=space.key)
    tx.transfer(BANK, player, tx.board.building_cost(name) // 2, why)
    if space.kind == "street":
        set_holding(tx, name, Holding(player, level=holding.level - 1))
    else:
        set_holding(tx, name, Holding(player))


def sell_problem(state: GameState, name: str) -> str | None:
    """B4: why the owner of ``name`` may not sell a building from it now (``None``: they may):
    evenly, highest first, and a hotel or skyscraper sold needs the buildings that go back."""
    holding = state.holdings[name]
    if state.edition.board.properties[name][0].kind in ("railroad", "cab_company"):
        return None if holding.improved else f"{name!r} has nothing built on it"
    if not holding.level:
        return f"{name!r} has no building to sell"
    group = _built_lots(state, name)
    high = max(state.holdings[n].level for n in group)
    if holding.level < high:
        higher = next(n for n in group if state.holdings[n].level == high)
        return f"{higher!r} has {_LEVEL_NAMES[high]}; sell evenly"
    return _put_back_problem(state, name)


def _built_lots(state: GameState, name: str) -> list[str]:
    """The lots of ``name``'s colour group its owner holds, in the board's order."""
    owner = state.holdings[name].owner
    return [n for n in state.edition.board.group_of(name) if state.owner(n) == owner]


def _put_back_problem(state: GameState, name: str) -> str | None:
    """Why the Bank cannot put back the lower buildings of the top building on ``name``."""
    level, supply = state.holdings[name].level, state.supply()
    if level == 6 and not supply["hotels"]:
        return f"the Bank has no hotel to put back on {name!r}"
    if level == 5 and supply["houses"] < 4:
        return f"the Bank has {supply['houses']} houses, not the 4 that go back on {name!r}"
    return None


def sell_down_problem(state: GameState, name: str) -> str | None:
    """Why the owner of ``name`` may not sell its colour group down (``None``: they may): only
    when the Bank cannot put back the lower buildings of the group's top building."""
    if state.edition.board.properties[name][0].kind != "street":
        return f"{name!r} is not a street: sell its building with sell_building"
    top = max(_built_lots(state, name), key=lambda n: state.holdings[n].level)
    if state.holdings[top].level < 5:
        return f"{name!r} has no hotel or skyscraper standing in its group"
    if _put_back_problem(state, top) is None:
        return (
            f"the Bank can put back what goes on {top!r}: "
            "sell one building at a time with sell_building"
        )
    return None


def sell_down_levels(state: GameState, name: str) -> dict[str, int]:
    """B4 (``000``, "Improving & Mortgaging"): when the Bank cannot supply the lower buildings,
    "sell back everything until the Bank is able to supply you with enough buildings to evenly
    replace what you had before". The levels of the owner's lots of ``name``'s group after the
    sale: one building at a time, evenly from the highest (the first such lot in the board's
    order), down to the first levels the Bank can supply (bare lots if need be)."""
    board = state.edition.board
    lots = _built_lots(state, name)
    levels = {n: state.holdings[n].level for n in lots}
    holdings = dict(state.holdings)
    while any(levels.values()):
        top = max(levels.values())
        lot = next(n for n in lots if levels[n] == top)
        levels[lot] -= 1
        holdings[lot] = Holding(holdings[lot].owner, level=levels[lot])
        if min(building_stock(holdings, board).values()) >= 0:
            break
    return levels


def sell_down_refund(state: GameState, levels: Mapping[str, int]) -> int:
    """What the Bank pays for the lots sold down to ``levels`` (:func:`sell_down_levels`):
    half the cost of each building that goes back (a hotel stands for 5, a skyscraper for 6)."""
    return sum(
        state.edition.board.building_cost(n) // 2 * (state.holdings[n].level - level)
        for n, level in levels.items()
    )


@command("sell_down")
def sell_down(tx: Tx, c: commands.SellDown) -> None:
    player = c.player
    name = property_name(tx, c.property)
    _owned(tx, player, name, "sell_down")
    problem = sell_down_problem(tx.state, name)
    if problem:
        raise IllegalCommandError(f"sell_down: {problem}")
    levels = sell_down_levels(tx.state, name)
    why = message("reason.sell_down", group=tx.board.properties[name][0].group)
    tx.transfer(BANK, player, sell_down_refund(tx.state, levels), why)
    for lot, level in levels.items():
        if level != tx.state.holdings[lot].level:
            set_holding(tx, lot, Holding(player, level=level))


@command("mortgage")
def mortgage(tx: Tx, c: commands.Mortgage) -> None:
    player, company = c.player, c.company
    if company is not None:
        seat = tx.state.seat(player)
        if seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0) < 1:
            raise IllegalCommandError(
                f"mortgage by {player}: {player} has no unmortgaged share of {company!r}"
            )
        why = message("reason.mortgage_share", company=company)
        tx.transfer(BANK, player, tx.deck.par_values[company] // 2, why)
        m = dict(seat.mortgaged_shares)
        m[company] = m.get(company, 0) + 1
        tx.shares({player: (seat.shares, m)})
        return
    name = property_name(tx, c.property)
    _owned(tx, player, name, "mortgage")
    problem = mortgage_problem(tx.state, name)
    if problem:
        raise IllegalCommandError(f"mortgage: {problem}")
    why = message("reason.mortgage", space=tx.board.property_key(name))
    tx.transfer(BANK, player, tx.board.mortgage_value(name), why)
    set_holding(tx, name, Holding(player, mortgaged=True))


def mortgage_problem(state: GameState, name: str) -> str | None:
    """P9: why the owner of ``name`` may not mortgage it now (``None``: they may): no building
    may stand anywhere in its group."""
    if state.holdings[name].mortgaged:
        return f"{name!r} is mortgaged already"
    board = state.edition.board
    group = board.group_of(name) or (name,)
    built = [n for n in group if (h := state.holdings.get(n)) and (h.level or h.improved)]
    return f"sell the buildings on {built[0]!r} first" if built else None


@command("unmortgage")
def unmortgage(tx: Tx, c: commands.Unmortgage) -> None:
    player, company = c.player, c.company
    if company is not None:
        seat = tx.state.seat(player)
        if not seat.mortgaged_shares.get(company):
            raise IllegalCommandError(f"unmortgage by {player}: no mortgaged share of {company!r}")
        cost = tx.state.edition.numbers.lift_cost(tx.deck.par_values[company] // 2)
        afford(tx, player, cost, f"lifting the mortgage on a share of {company}")
        tx.transfer(player, BANK, cost, message("reason.unmortgage_share", company=company))
        m = dict(seat.mortgaged_shares)
        m[company] -= 1
        tx.shares({player: (seat.shares, m)})
        return
    name = property_name(tx, c.property)
    holding = _owned(tx, player, name, "unmortgage")
    if not holding.mortgaged:
        raise IllegalCommandError(f"unmortgage: {name!r} is not mortgaged")
    cost = tx.state.edition.numbers.lift_cost(tx.board.mortgage_value(name))
    afford(tx, player, cost, f"lifting the mortgage on {name}")
    tx.transfer(player, BANK, cost, message("reason.unmortgage", space=tx.board.property_key(name)))
    set_holding(tx, name, Holding(player))


def afford(tx: Tx, player: str, cost: int, what: str) -> None:
    if tx.cash(player) < cost:
        raise IllegalCommandError(
            f"{what} costs {tx.money(cost)} and {player} has {tx.money(tx.cash(player))}"
        )


_ASSETS = ("cash", "properties", "shares", "vouchers", "roll_three", "cards")


@command("trade")
def trade(tx: Tx, c: commands.Trade) -> None:
    """Both players agreed at the table: ``give`` goes from ``player`` to ``with``, ``take`` back."""
    a, b = c.player, c.with_
    if b == a or b not in [s.name for s in tx.state.active]:
        raise IllegalCommandError(f"trade: 'with' names another player in the game, not {b!r}")
    give, take = c.give or {}, c.take or {}
    for side in (give, take):
        unknown = set(side) - set(_ASSETS)
        if unknown:
            raise IllegalCommandError(
                f"trade: no asset kind {sorted(unknown)[0]!r}; trade {', '.join(_ASSETS)}"
            )
    _check_side(tx, a, give)
    _check_side(tx, b, take)
    if not give and not take:
        raise IllegalCommandError("trade: nothing changes hands")
    lifted = _lifted_at_once(tx, c, give, take)
    _move_assets(tx, a, b, give, message("reason.trade"), lifted)
    _move_assets(tx, b, a, take, message("reason.trade"), lifted)


def _lifted_at_once(
    tx: Tx, c: commands.Trade, give: Mapping[str, Any], take: Mapping[str, Any]
) -> dict[str, str]:
    """002 (*Mortgages*): "If you are the new owner, you may lift the mortgage at once if you
    wish by paying off the mortgage plus 10% interest": the trade's ``lift`` properties, each
    by its new owner, who must have the cash for it once the trade's cash has changed hands."""
    if not c.lift:
        return {}
    receiver = {n: c.with_ for n in give.get("properties", [])}
    receiver.update({n: c.player for n in take.get("properties", [])})
    lifted: dict[str, str] = {}
    for ref in c.lift:
        try:
            name = property_name(tx, ref)
        except CompanionError as exc:
            raise IllegalCommandError(f"trade: lift: {exc}") from None
        if name in lifted:
            raise IllegalCommandError(f"trade: {name!r} to lift is named twice")
        if name not in receiver:
            raise IllegalCommandError(f"trade: {name!r} to lift is not a property of the trade")
        if not tx.state.holdings[name].mortgaged:
            raise IllegalCommandError(f"trade: {name!r} to lift is not mortgaged")
        lifted[name] = receiver[name]
    cash = {
        c.player: tx.cash(c.player) - give.get("cash", 0) + take.get("cash", 0),
        c.with_: tx.cash(c.with_) + give.get("cash", 0) - take.get("cash", 0),
    }
    for who in dict.fromkeys(lifted.values()):
        cost = sum(_lift_cost(tx, n) for n, owner in lifted.items() if owner == who)
        if cash[who] < cost:
            raise IllegalCommandError(
                f"trade: lifting {', '.join(n for n, o in lifted.items() if o == who)} at once "
                f"costs {tx.money(cost)} and {who} would have {tx.money(cash[who])}"
            )
    return lifted


def _lift_cost(tx: Tx, name: str) -> int:
    return tx.state.edition.numbers.lift_cost(tx.board.mortgage_value(name))


def _check_side(tx: Tx, owner: str, side: Mapping[str, Any]) -> None:
    seat = tx.state.seat(owner)
    cash = side.get("cash", 0)
    if isinstance(cash, bool) or not isinstance(cash, int) or not 0 <= cash <= tx.cash(owner):
        raise IllegalCommandError(
            f"trade: {owner} has {tx.money(tx.cash(owner))} and cannot give {cash!r}"
        )
    for name in side.get("properties", []):
        h = tx.state.holdings.get(name)
        if h is None or h.owner != owner:
            raise IllegalCommandError(f"trade: {owner} does not own {name!r}")
        space = tx.board.properties[name][0]
        group = tx.board.group_of(name) if space.group else (name,)
        built = [
            n
            for n in group
            if (g := tx.state.holdings.get(n)) and (g.level or g.improved) and g.owner == owner
        ]
        if built:
            raise IllegalCommandError(
                f"trade: sell the buildings on {built[0]!r} before trading {name!r}"
            )
    for company, n in (side.get("shares") or {}).items():
        free = seat.shares.get(company, 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 < n <= free:
            raise IllegalCommandError(
                f"trade: {owner} holds {free} shares of {company!r}, not {n!r}"
            )
    for key, held in (
        ("vouchers", seat.vouchers),
        ("roll_three", seat.roll_three),
        ("cards", seat.cards),
    ):
        pool = list(held)
        for item in side.get(key, []):
            if item not in pool:
                raise IllegalCommandError(f"trade: {owner} holds no {item!r}")
            pool.remove(item)
            if key == "cards" and not tx.deck.card(item).tradable:
                raise IllegalCommandError(f"trade: {tx.deck.card(item).title!r} may not be traded")


def _move_assets(
    tx: Tx,
    source: str,
    target: str,
    side: Mapping[str, Any],
    why: Message,
    lifted: Mapping[str, str] | None = None,
) -> None:
    tx.transfer(source, target, side.get("cash", 0), why)
    for name in side.get("properties", []):
        h = tx.state.holdings[name]
        if lifted and name in lifted:
            set_holding(tx, name, Holding(target, mortgaged=True))
            lift = message("reason.unmortgage", space=tx.board.property_key(name))
            tx.transfer(target, BANK, _lift_cost(tx, name), lift)
            set_holding(tx, name, Holding(target))
            continue
        set_holding(tx, name, Holding(target, mortgaged=h.mortgaged))
        if h.mortgaged:
            # Classic: who receives a mortgaged property pays the interest at once.
            interest = message("reason.mortgage_interest", space=tx.board.property_key(name))
            due = tx.state.edition.numbers.mortgage_interest(tx.board.mortgage_value(name))
            tx.first(tasks.Pay(target, BANK, due, interest))
    if side.get("shares"):
        src, dst = tx.state.seat(source), tx.state.seat(target)
        s_sh, s_m, d_sh, d_m = (
            dict(src.shares),
            dict(src.mortgaged_shares),
            dict(dst.shares),
            dict(dst.mortgaged_shares),
        )
        for company, n in side["shares"].items():
            mortgaged = min(n, s_m.get(company, 0))
            s_sh[company] -= n
            s_m[company] = s_m.get(company, 0) - mortgaged
            d_sh[company] = d_sh.get(company, 0) + n
            d_m[company] = d_m.get(company, 0) + mortgaged
        tx.shares({source: (s_sh, s_m), target: (d_sh, d_m)})
    hands = {key: list(side.get(key, [])) for key in ("vouchers", "roll_three", "cards")}
    if any(hands.values()):
        tx.emit("cards_given", player=source, to=target, **hands)


def bankruptcy_problem(state: GameState, player: str, amount: int) -> str | None:
    """P13: why ``player``, owing ``amount``, may not go bankrupt now (``None``: they may).

    Bankruptcy is for a debt the debtor cannot pay (002: "owe more than you can pay"): while
    their cash and what the Bank would pay them (:func:`raisable`) cover it, they sell and
    mortgage, unless the ``voluntary_bankruptcy`` house rule is on, or the Bank's supply of
    buildings blocks every sale left (nothing else could raise a dollar)."""
    if state.rules.voluntary_bankruptcy:
        return None
    cash = state.cash[player]
    money = functools.partial(state.edition.money.written, grouped=False)
    if cash >= amount:
        return f"{player} has {money(cash)}, enough for the {money(amount)} owed: pay"
    worth = raisable(state, player)
    if cash + worth < amount or not can_raise(state, player):
        return None
    return (
        f"{player} has {money(cash)} and the Bank would pay {money(worth)} for buildings and "
        f"mortgages, enough for the {money(amount)} owed: sell or mortgage, then pay"
    )


def raisable(state: GameState, player: str) -> int:
    """P13: what the Bank would pay ``player`` for everything they may sell back or mortgage:
    each building at half its cost (a hotel counts 5, a skyscraper 6, as :func:`bankrupt`
    sells them), each unmortgaged property (unless another owner's building stands in its
    group: P9 forbids that mortgage) and each unmortgaged share at its mortgage value.

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> raisable(replay(new_game([{"name": "Ann"}, {"name": "Bob"}])), "Ann")
    0
    """
    held = state.held()
    total: int | None = held.get(("raisable", player))
    if total is None:
        # What the properties would raise follows from the holdings alone: kept with them,
        # as a player raising money asks again before each sale or mortgage's holdings change.
        total = 0
        for name in state.holdings_of(player):
            h = state.holdings[name]
            total += state.edition.board.building_cost(name) // 2 * (h.level + int(h.improved))
            if not h.mortgaged and not _built_by_others(state, name, player):
                total += state.edition.board.mortgage_value(name)
        held[("raisable", player)] = total
    seat = state.seat(player)
    stocks = state.edition.deck.par_values
    for company, n in seat.shares.items():
        total += stocks[company] // 2 * (n - seat.mortgaged_shares.get(company, 0))
    return total


def _built_by_others(state: GameState, name: str, player: str) -> bool:
    holdings = state.holdings
    for n in state.edition.board.group_of(name):
        h = holdings.get(n)
        if h is not None and h.owner != player and h.level:
            return True
    return False


def can_raise(state: GameState, player: str) -> bool:
    """Whether ``player`` may sell a building (or a group down, in a shortage: B4) or
    mortgage a property or share right now."""
    for name in state.holdings_of(player):
        h = state.holdings[name]
        if (h.level or h.improved) and (
            sell_problem(state, name) is None or sell_down_problem(state, name) is None
        ):
            return True
        if mortgage_problem(state, name) is None:
            return True
    seat = state.seat(player)
    return any(n > seat.mortgaged_shares.get(c, 0) for c, n in seat.shares.items())


def bankrupt(tx: Tx, player: str, creditor: str) -> None:
    """P9: buildings go back to the Bank for half; everything else to the creditor player, or
    back to the Bank when the Bank or Pool is owed (shares to its stock, vouchers and cards to
    their decks), which then auctions the properties one after another, the bankrupt player
    out of the bidding (P13)."""
    for name, h in list(tx.state.holdings.items()):
        if h.owner != player:
            continue
        if h.level or h.improved:
            # A hotel stands for 5 buildings bought and a skyscraper for 6, all at half price.
            back = h.level + int(h.improved)
            why = message("reason.buildings_sold_back", space=tx.board.property_key(name))
            tx.transfer(BANK, player, tx.board.building_cost(name) // 2 * back, why)
            set_holding(tx, name, Holding(player, mortgaged=h.mortgaged))
    seat = tx.state.seat(player)
    to_player = creditor not in (BANK, POOL)
    taken: tuple[str, ...] = ()
    if to_player:
        side = {
            "cash": tx.cash(player),
            "properties": [n for n, h in tx.state.holdings.items() if h.owner == player],
            "shares": dict(seat.shares),
            "vouchers": list(seat.vouchers),
            "roll_three": list(seat.roll_three),
            "cards": list(seat.cards),
        }
        _move_assets(tx, player, creditor, side, message("reason.bankruptcy", player=player))
    else:
        why = message("reason.bankruptcy", player=player)
        tx.transfer(player, creditor, tx.cash(player), why)
        taken = tx.state.holdings_of(player)
        for name in taken:
            set_holding(tx, name, None)
        tx.shares({player: ({}, {})})
        if seat.roll_three:
            tx.emit("roll_three_returned", player=player)
        return_vouchers(tx, player, seat.vouchers)
        for card in seat.cards:
            return_card(tx, player, card)
    tx.emit("went_bankrupt", player=player)
    tx.note("note.bankrupt", player=player, to=creditor if to_player else BANK)
    tx.agenda[:] = [
        t
        for t in tx.agenda
        if getattr(t, "player", None) != player and getattr(t, "from_", None) != player
    ]
    if tx.state.turn == player:
        tx.agenda[:] = [
            t for t in tx.agenda if not isinstance(t, (tasks.Bonus, tasks.Doubles, tasks.Resume))
        ]
    if taken:
        # P13 (002): "the Bank immediately sells by auction all properties so taken", mortgaged
        # ones too: the Bank lent on them, so once it holds them it sells them free of the loan.
        tx.note("note.bankrupt_auctions", player=player)
        tx.first(*(tasks.Auction("property", name) for name in taken))


def net_worth(state: GameState, player: str) -> int:
    """P9 time limit: cash, plus property (mortgaged at the mortgage value), buildings at cost
    and shares at par."""
    total = state.cash[player]
    for name, h in state.holdings.items():
        if h.owner == player:
            space = state.edition.board.properties[name][0]
            total += space.price - (space.price - space.mortgage if h.mortgaged else 0)
            total += state.edition.board.building_cost(name) * (
                h.level if h.level <= 4 else 5 if h.level == 5 else 6
            )
            total += state.edition.board.building_cost(name) if h.improved else 0
    seat = state.seat(player)
    stocks = state.edition.deck.par_values
    total += sum(stocks[c] * n for c, n in seat.shares.items())
    total -= sum(stocks[c] // 2 * n for c, n in seat.mortgaged_shares.items())
    return total


@command("end_game")
def end_game(tx: Tx, c: commands.EndGame) -> None:
    if not tx.state.rules.time_limit:
        raise IllegalCommandError(
            "end_game: the time-limit house rule is off; the game ends when one player is left"
        )
    richest = max(tx.state.active, key=lambda s: net_worth(tx.state, s.name))
    tx.agenda.clear()
    tx.emit("game_over", winner=richest.name, code="event.game_over.time_up")
    tx.ask("game_over", richest.name, (), "ask.game_over")
    tx.moved_on = True
