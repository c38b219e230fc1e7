"""Kept cards played with the ``play_card`` command (Foreclosed, Swap, Steal, Free House...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.banker import assets, commands, tasks
from companion.banker.cardplay import card_reason, move_by_card
from companion.banker.keptcards import against, uses_lawyer
from companion.banker.ledger import BANK
from companion.banker.state import GameState
from companion.banker.tx import (
    Tx,
    command,
    others,
    return_card,
    set_holding,
    task,
)
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.cards import Card
from companion.rules.situation import Holding


@command("play_card")
def play(tx: Tx, c: commands.PlayCard) -> None:
    """The ``play_card`` command: a kept card played by its holder. B8: each card has its
    moment: when another player is about to buy (Deal Buster), when landing on an unowned
    property (Bargain Business), when owing rent (Reverse Rent, The Rent Is Too Darn High),
    else on the holder's own turn, before rolling or at the end of the turn."""
    player = c.player
    card = tx.deck.card(str(c.card or ""))
    if card.id not in tx.state.seat(player).cards:
        raise IllegalCommandError(f"play_card: {player} holds no {card.title!r}")
    spec = card.play[0]
    how = spec.get("play")
    d = tx.state.decision
    if spec.get("use") == "jail":
        raise IllegalCommandError(
            f"play_card: {card.title!r} gets you out of jail: use the jail_card command in jail"
        )
    if how is None:
        raise IllegalCommandError(
            f"play_card: {card.title!r} acts by itself when it applies ({card.effect})"
        )
    if how == "deal_buster":
        if d.kind != "buy_or_auction" or d.player == player:
            raise IllegalCommandError(
                "play_card: Deal Buster is played when another player is about to buy a property"
            )
        name = d.data["property"]
        price = tx.board.properties[name][0].price
        _can_buy(tx, player, name, price)
        return_card(tx, player, card.id)
        # The lander may refuse it with Just Say NO!: then they buy or auction it as before.
        buy = tasks.BuyInstead(player, card.id, name, price)
        against(tx, d.player, buy, card.id, instead=[tasks.Resume(d.to_json(options=False))])
        tx.moved_on = True
        return
    if how == "bargain":
        if d.kind != "buy_or_auction" or d.player != player:
            raise IllegalCommandError(
                "play_card: Bargain Business is played when you land on an unowned property"
            )
        _buy_instead(tx, player, card, d.data["property"], spec["price"])
        return
    if how in ("reverse_rent", "cheap_rent"):
        if d.kind != "rent" or d.player != player:
            raise IllegalCommandError(f"play_card: {card.title!r} is played when you owe rent")
        return_card(tx, player, card.id)
        task = tx.agenda.pop(0)
        assert isinstance(task, tasks.Rent)
        why, owner = card_reason(card), d.data["owner"]
        if how == "reverse_rent":
            effect = tasks.Pay(owner, player, d.data["amount"], why)
        else:
            effect = tasks.Pay(player, owner, min(spec["amount"], task.amount), why)
        # The owner may refuse it with Just Say NO!: then the rent is due as it was.
        against(tx, owner, effect, card.id, instead=[task])
        tx.moved_on = True
        return
    if tx.state.turn != player or d.player != player or d.kind not in ("roll", "end_turn"):
        raise IllegalCommandError(
            f"play_card: {card.title!r} is played on your own turn, before or after your roll"
        )
    mark = len(tx.agenda)
    PLAYS[how](tx, player, card, c)
    return_card(tx, player, card.id)
    tx.resume_after_new(mark, d)
    tx.moved_on = True


def _buy_instead(tx: Tx, player: str, card: Card, name: str, price: int) -> None:
    _can_buy(tx, player, name, price)
    return_card(tx, player, card.id)
    _task_buy_instead(tx, tasks.BuyInstead(player, card.id, name, price))
    tx.moved_on = True


def _can_buy(tx: Tx, player: str, name: str, price: int) -> None:
    if tx.cash(player) < price:
        raise IllegalCommandError(
            f"play_card: {name} costs ${price} and {player} has ${tx.cash(player)}"
        )


@task("buy_instead")
def _task_buy_instead(tx: Tx, task: tasks.BuyInstead) -> None:
    """Task: a card buys the property from the Bank (Deal Buster, Bargain Business)."""
    if task.property in tx.state.holdings:
        return
    why = message(
        "reason.buy_with_card", space=tx.board.property_key(task.property), card=task.card
    )
    if tx.cash(task.player) < task.price:  # spent while the lander was asked
        tx.note(
            "note.card_cannot_buy", player=task.player, space=tx.board.property_key(task.property)
        )
        return
    tx.transfer(task.player, BANK, task.price, why)
    set_holding(tx, task.property, Holding(task.player))


def _other(tx: Tx, player: str, c: commands.PlayCard) -> str:
    who = c.target
    if who not in others(tx.state, player):
        raise IllegalCommandError(
            f"play_card: 'target' is another player ({', '.join(others(tx.state, player))}), not {who!r}"
        )
    return str(who)


def _loose_property(tx: Tx, owner: str, ref: Any) -> str:
    name = assets.property_name(tx, ref)
    problem = loose_problem(tx.state, owner, name)
    if problem:
        raise IllegalCommandError(f"play_card: {problem}")
    return name


def loose_problem(state: GameState, owner: str, name: str) -> str | None:
    """Why a card that takes or swaps a property (Swap, Steal) may not take ``name`` from
    ``owner`` (``None``: it may): it must be theirs, outside a monopoly, without buildings."""
    h = state.holdings.get(name)
    if h is None or h.owner != owner:
        return f"{owner} does not own {name!r}"
    if state.edition.board.ownership(name, lambda n: state.owner(n) == owner) == "monopoly":
        return f"{name!r} is part of {owner}'s monopoly"
    if h.level or h.improved:
        return f"{name!r} has buildings"
    return None


def _play_take_cash(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = _other(tx, player, c)
    if uses_lawyer(tx, rival, card.id):
        return
    why = card_reason(card)
    against(tx, rival, tasks.Pay(rival, player, card.play[0]["amount"], why), card.id)


def _play_move(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    to = tx.board.space(str(c.space)) if c.space else None
    if (card.move or {}).get("kind") == "choose" and to is None:
        raise IllegalCommandError(f"play_card: {card.title!r} needs a 'space'")
    move_by_card(tx, player, card, **({"to": to} if to else {}))


def _play_foreclose(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    name = assets.property_name(tx, c.property)
    h = tx.state.holdings.get(name)
    if h is None or h.owner == player or not h.mortgaged:
        raise IllegalCommandError(
            f"play_card: {card.title!r} claims another player's mortgaged property, and {name!r} is not one"
        )
    value = tx.board.mortgage_value(name)
    assets.afford(tx, player, value, f"claiming {name}")
    why = message("reason.card_claim", card=card.id, space=tx.board.property_key(name))
    tx.transfer(player, BANK, value, why)
    against(tx, h.owner, tasks.HandOver(name, player), card.id)


def _play_swap(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = _other(tx, player, c)
    theirs = _loose_property(tx, rival, c.property)
    mine = _loose_property(tx, player, c.give)
    against(tx, rival, tasks.Swap(player, rival, mine, theirs), card.id)


def _play_steal(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = _other(tx, player, c)
    name = _loose_property(tx, rival, c.property)
    against(tx, rival, tasks.HandOver(name, player), card.id)


def _play_free_house(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    """B15: Zero Dollars Down builds its free house on a street of a monopoly its holder owns."""
    name = assets.property_name(tx, c.property)
    problem = assets.build_problem(tx.state, player, name)
    if tx.board.properties[name][0].kind != "street":
        problem = "Zero Dollars Down builds a house on a street"
    elif problem is None and tx.board.ownership(name, lambda n: tx.state.owner(n) == player) != (
        "monopoly"
    ):
        problem = "a free house goes on a property of a monopoly you own"
    if problem is None and tx.state.holdings[name].level >= 4:
        problem = "Zero Dollars Down builds a house, not a hotel or skyscraper"
    if problem:
        raise IllegalCommandError(f"play_card: cannot build on {name!r}: {problem}")
    h = tx.state.holdings[name]
    set_holding(tx, name, Holding(player, level=h.level + 1))


def _play_sell_share(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    company = c.company
    seat = tx.state.seat(player)
    if (
        not isinstance(company, str)
        or seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0) < 1
    ):
        raise IllegalCommandError(f"play_card: {player} holds no unmortgaged share of {company!r}")
    shares = dict(seat.shares)
    shares[company] -= 1
    tx.shares({player: (shares, seat.mortgaged_shares)})
    amount = tx.deck.par_values[company] + card.play[0]["bonus"]
    tx.transfer(BANK, player, amount, card_reason(card))


def _play_jail_other(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = _other(tx, player, c)
    against(tx, rival, tasks.SendToJail(rival), card.id)


PLAYS: dict[str, Callable[[Tx, str, Card, commands.PlayCard], None]] = {
    "take_cash": _play_take_cash,
    "move": _play_move,
    "foreclose": _play_foreclose,
    "swap": _play_swap,
    "steal": _play_steal,
    "free_house": _play_free_house,
    "sell_share": _play_sell_share,
    "jail_other": _play_jail_other,
}
