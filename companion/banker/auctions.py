"""Buying an unowned property, and auctions of properties, shares and, in a shortage, of the
Bank's buildings (bids, passes, the winner): the decisions they pose, with their options."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, keptcards, tasks
from companion.banker.assets import (
    buy_building,
    lots_to_build,
    pile_of,
    put_up,
)
from companion.banker.ledger import BANK
from companion.banker.options import Option, decision_options, property_choice, said
from companion.banker.state import Decision, GameState
from companion.banker.tx import (
    Tx,
    answer,
    command,
    give_share,
    set_holding,
    task,
)
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.board import Board
from companion.rules.situation import Holding

#: The message codes of the decisions posed here and of their options.
CODES = (
    "ask.buy_or_auction",
    "ask.building_shortage",
    "ask.choose.place_building",
    "ask.auction.property",
    "ask.auction.share",
    "ask.auction.building",
    "option.buy",
    "option.auction",
    "option.auction.pile",
    "option.auction.last",
    "option.bid",
    "option.pass",
)


@task("offer")
def _task_offer(tx: Tx, task: tasks.Offer) -> None:
    space = tx.board.space(task.space)
    if space.name in tx.state.holdings:
        return
    player = task.player
    price = task.price if task.price is not None else space.price
    tx.ask(
        "buy_or_auction",
        player,
        ("buy", "auction"),
        "ask.buy_or_auction",
        {"space": space.key, "price": price},
        property=space.name,
        price=price,
    )


@decision_options("buy_or_auction")
def _buy_or_auction_options(state: GameState, d: Decision) -> Iterator[Option]:
    price = d.data["price"]
    if state.cash[d.player] >= price:
        yield {"command": {"type": "buy"}, **_buy(d.data["property"], price)}
    yield {
        "command": {"type": "auction"},
        "property": d.data["property"],
        "code": "option.auction",
        "params": {},
    }


def _buy(name: str, price: int) -> Option:
    """The facts and words of buying the property ``name`` at ``price``."""
    return {"property": name, "price": price, "code": "option.buy", "params": {"amount": price}}


@command("buy")
def _cmd_buy(tx: Tx, c: commands.Buy) -> None:
    d = tx.state.decision
    player, name, price = c.player, d.data["property"], d.data["price"]
    if d.kind == "building_shortage":
        if tx.cash(player) < price:
            raise IllegalCommandError(
                f"buy by {player}: a building on {name} costs {tx.money(price)} and {player} has {tx.money(tx.cash(player))}"
            )
        buy_building(tx, player, name)
        return
    if tx.cash(player) < price:
        raise IllegalCommandError(
            f"buy by {player}: {name} costs {tx.money(price)} and {player} has {tx.money(tx.cash(player))}; mortgage or sell first, or auction it"
        )
    tx.transfer(player, BANK, price, message("reason.buy", space=tx.board.property_key(name)))
    set_holding(tx, name, Holding(owner=player))


@command("auction")
def _cmd_auction(tx: Tx, c: commands.Auction) -> None:
    d = tx.state.decision
    if d.kind == "building_shortage":
        tx.first(tasks.Auction("building", d.data["pile"]))
    else:
        tx.first(tasks.Auction("property", d.data["property"]))


@task("auction")
def _task_auction(tx: Tx, task: tasks.Auction) -> None:
    if task.item != "building":
        # B2: every player in the game bids, the one who declined to buy too.
        bidders = [s.name for s in tx.state.active]
        _ask_auction(tx, task.item, task.name, bidders, 0, None)
        return
    # P11: the pile's buildings, one at a time, to the players who could put one up now;
    # once one player alone could, they simply build what is left.
    bidders = [s.name for s in tx.state.active if lots_to_build(tx.state, s.name, task.name)]
    if tx.state.supply()[task.name] and len(bidders) > 1:
        _ask_auction(tx, task.item, task.name, bidders, 0, None)


@task("shortage")
def _task_shortage(tx: Tx, task: tasks.Shortage) -> None:
    pile = pile_of(tx.state, task.property)
    price = tx.board.building_cost(task.property)
    tx.ask(
        "building_shortage",
        task.player,
        ("buy", "auction"),
        "ask.building_shortage",
        {
            "space": tx.board.property_key(task.property),
            "pile": pile,
            "left": tx.state.supply()[pile],
            "price": price,
        },
        property=task.property,
        pile=pile,
        price=price,
    )


@decision_options("building_shortage")
def _shortage_options(state: GameState, d: Decision) -> Iterator[Option]:
    """P11: the build at its cost when nobody else wants the pile, or the pile auctioned."""
    pile, price = d.data["pile"], d.data["price"]
    if state.cash[d.player] >= price:
        yield {"command": {"type": "buy"}, **_buy(d.data["property"], price)}
    left = state.supply()[pile]
    # P11: the Bank's last building of the pile is one auction, not a series.
    words = said("option.auction.last") if left == 1 else said("option.auction.pile", count=left)
    yield {"command": {"type": "auction"}, "pile": pile, "left": left, **words}


@task("place_building")
def _task_place_building(tx: Tx, task: tasks.PlaceBuilding) -> None:
    lots = lots_to_build(tx.state, task.player, task.pile)
    if not lots:
        # The winner traded or sold what could take it while the auction went on: the building
        # stays with the Bank, and so does no money.
        why = message("reason.auction_building", pile=task.pile)
        tx.transfer(BANK, task.player, task.price, why)
        return
    if len(lots) == 1:
        put_up(tx, task.player, lots[0])
        return
    tx.ask(
        "choose_space",
        task.player,
        ("choose",),
        "ask.choose.place_building",
        {"pile": task.pile},
        why="place_building",
        pile=task.pile,
    )


@answer("choose", "place_building")
def _place_building(tx: Tx, c: commands.Choose) -> None:
    """The lot the player chose for the building won at auction."""
    player, space = c.player, tx.board.space(str(c.space or ""))
    pile = tx.state.decision.data["pile"]
    lots = lots_to_build(tx.state, player, pile)
    if space.name not in lots:
        raise IllegalCommandError(
            f"choose: {space.name!r} cannot take the {pile[:-1].replace('_', ' ')} won at "
            f"auction; choose one of {', '.join(lots)}"
        )
    put_up(tx, player, space.name)


@decision_options("choose_space", "place_building")
def _place_building_options(state: GameState, d: Decision) -> Iterator[Option]:
    for name in lots_to_build(state, d.player, d.data["pile"]):
        yield property_choice(state.edition.board, name)


def _ask_auction(
    tx: Tx, item: str, name: str, bidders: list[str], high: int, leader: str | None
) -> None:
    waiting = [b for b in bidders if b != leader]
    tx.ask(
        "auction",
        waiting[0],
        ("bid", "pass"),
        _CODES[item][0],
        {**_what(tx.board, item, name), "high": high, "leader": leader, "waiting": waiting},
        item=item,
        name=name,
        bidders=bidders,
        high=high,
        leader=leader,
    )


@decision_options("auction")
def _auction_options(state: GameState, d: Decision) -> Iterator[Option]:
    """Anyone still bidding may bid above the standing bid, up to their cash, or pass (but the
    leader)."""
    high, leader = d.data["high"], d.data["leader"]
    active = {s.name for s in state.active}
    for bidder in d.data["bidders"]:
        if bidder not in active:
            continue
        if state.cash[bidder] > high:
            yield {
                "command": {"type": "bid"},
                "player": bidder,
                "free": {"amount": {"min": high + 1, "max": state.cash[bidder]}},
                "code": "option.bid",
                "params": {"player": bidder},
            }
        if bidder != leader:
            yield {
                "command": {"type": "pass"},
                "player": bidder,
                "code": "option.pass",
                "params": {"player": bidder},
            }


@command("bid")
def _cmd_bid(tx: Tx, c: commands.Bid) -> None:
    """B2: a bid is a whole number of dollars above the standing bid, at most the bidder's cash."""
    d = tx.state.decision.data
    player, amount = c.player, c.amount
    if player not in d["bidders"]:
        raise IllegalCommandError(f"bid by {player}: {player} has passed in this auction")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= d["high"]:
        raise IllegalCommandError(
            f"bid by {player}: a bid is a whole amount above {tx.money(d['high'])}, not {amount!r}"
        )
    if amount > tx.cash(player):
        raise IllegalCommandError(
            f"bid by {player}: {player} has {tx.money(tx.cash(player))} and cannot bid {tx.money(amount)}"
        )
    tx.note("note.bid", player=player, amount=amount)
    _auction_next(tx, d["item"], d["name"], list(d["bidders"]), amount, player)


@command("pass")
def _cmd_pass(tx: Tx, c: commands.Pass) -> None:
    d = tx.state.decision.data
    player = c.player
    if player not in d["bidders"] or player == d["leader"]:
        raise IllegalCommandError(f"pass by {player}: {player} is not bidding in this auction")
    bidders = [b for b in d["bidders"] if b != player]
    tx.note("note.pass", player=player)
    _auction_next(tx, d["item"], d["name"], bidders, d["high"], d["leader"])


def _auction_next(
    tx: Tx, item: str, name: str, bidders: list[str], high: int, leader: str | None
) -> None:
    """B2: the auction goes on until every other bidder has passed; with no bid, the property
    (or share) stays with the Bank."""
    if [b for b in bidders if b != leader]:
        _ask_auction(tx, item, name, bidders, high, leader)
        return
    what = _what(tx.board, item, name)
    _, unsold, won, reason = _CODES[item]
    if leader is None:
        tx.note(unsold, **what)
        return
    price = keptcards.priced(tx, "auction_won", leader, high)
    tx.transfer(leader, BANK, price, message(reason, **what))
    if item == "property":
        set_holding(tx, name, Holding(owner=leader))
    elif item == "share":
        give_share(tx, leader, name)
    else:
        tx.first(tasks.PlaceBuilding(leader, name, price), tasks.Auction("building", name))
    tx.note(won, player=leader, amount=high, **what)


#: Each kind of auction's message codes: the decision, nobody bid, the winner, the payment.
_CODES = {
    "property": (
        "ask.auction.property",
        "note.auction_unsold.property",
        "note.auction_won.property",
        "reason.auction",
    ),
    "share": (
        "ask.auction.share",
        "note.auction_unsold.share",
        "note.auction_won.share",
        "reason.auction_share",
    ),
    "building": (
        "ask.auction.building",
        "note.auction_unsold.building",
        "note.auction_won.building",
        "reason.auction_building",
    ),
}


def _what(board: Board, item: str, name: str) -> dict[str, str]:
    """What is auctioned, as a message names it: a property's space, a company, or a pile of
    the Bank's buildings."""
    if item == "property":
        return {"space": board.property_key(name)}
    return {"company": name} if item == "share" else {"pile": name}
