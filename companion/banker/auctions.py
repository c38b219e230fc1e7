"""Buying an unowned property, and auctions of properties and shares (bids, passes, the winner)."""

from __future__ import annotations

from companion.banker import commands, keptcards, tasks
from companion.banker.ledger import BANK
from companion.banker.tx import (
    Tx,
    command,
    give_share,
    property_key,
    set_holding,
    task,
)
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.situation import Holding


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


@command("buy")
def _cmd_buy(tx: Tx, c: commands.Buy) -> None:
    d = tx.state.decision
    player, name, price = c.player, d.data["property"], d.data["price"]
    if tx.cash(player) < price:
        raise IllegalCommandError(
            f"buy by {player}: {name} costs ${price} and {player} has ${tx.cash(player)}; mortgage or sell first, or auction it"
        )
    tx.transfer(player, BANK, price, message("reason.buy", space=property_key(name)))
    set_holding(tx, name, Holding(owner=player))


@command("auction")
def _cmd_auction(tx: Tx, c: commands.Auction) -> None:
    tx.first(tasks.Auction("property", tx.state.decision.data["property"]))


@task("auction")
def _task_auction(tx: Tx, task: tasks.Auction) -> None:
    bidders = [s.name for s in tx.state.active]
    _ask_auction(tx, task.item, task.name, bidders, 0, None)


def _ask_auction(
    tx: Tx, item: str, name: str, bidders: list[str], high: int, leader: str | None
) -> None:
    waiting = [b for b in bidders if b != leader]
    tx.ask(
        "auction",
        waiting[0],
        ("bid", "pass"),
        "ask.auction.property" if item == "property" else "ask.auction.share",
        {**_what(item, name), "high": high, "leader": leader, "waiting": waiting},
        item=item,
        name=name,
        bidders=bidders,
        high=high,
        leader=leader,
    )


@command("bid")
def _cmd_bid(tx: Tx, c: commands.Bid) -> None:
    d = tx.state.decision.data
    player, amount = c.player, c.amount
    if player not in d["bidders"]:
        raise IllegalCommandError(f"bid by {player}: {player} has passed in this auction")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= d["high"]:
        raise IllegalCommandError(
            f"bid by {player}: a bid is a whole number of dollars above ${d['high']}, not {amount!r}"
        )
    if amount > tx.cash(player):
        raise IllegalCommandError(
            f"bid by {player}: {player} has ${tx.cash(player)} and cannot bid ${amount}"
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
    if [b for b in bidders if b != leader]:
        _ask_auction(tx, item, name, bidders, high, leader)
        return
    what = _what(item, name)
    property_ = item == "property"
    if leader is None:
        unsold = "note.auction_unsold.property" if property_ else "note.auction_unsold.share"
        tx.note(unsold, **what)
        return
    price = keptcards.auction_discount(tx, leader, high)
    if property_:
        tx.transfer(leader, BANK, price, message("reason.auction", **what))
        set_holding(tx, name, Holding(owner=leader))
    else:
        tx.transfer(leader, BANK, price, message("reason.auction_share", **what))
        give_share(tx, leader, name)
    won = "note.auction_won.property" if property_ else "note.auction_won.share"
    tx.note(won, player=leader, amount=high, **what)


def _what(item: str, name: str) -> dict[str, str]:
    """What is auctioned, as a message names it: a property's space, or a company."""
    return {"space": property_key(name)} if item == "property" else {"company": name}
