"""Rent due: the kept cards that change it (Reverse Rent, The Rent Is Too Darn High, Comped
Room, half railroad rent, rent received bonus), and a jailed landlord's Pay Back."""

from __future__ import annotations

from dataclasses import replace

from companion.banker import tasks
from companion.banker.keptcards import held
from companion.banker.ledger import POOL
from companion.banker.tx import (
    Tx,
    return_card,
    task,
)
from companion.messages import message


@task("rent")
def rent(tx: Tx, task: tasks.Rent) -> None:
    """Task: rent due, after the kept cards that change it."""
    player, owner, space = task.player, task.owner, tx.board.space(task.space)
    amount = task.amount
    if not task.asked and (
        card := held(tx.state, player, "play", "reverse_rent")
        or held(tx.state, player, "play", "cheap_rent")
    ):
        tx.first(replace(task, asked=True))
        tx.ask(
            "rent",
            player,
            ("pay", "play_card"),
            "ask.rent",
            {"amount": amount, "owner": owner, "space": space.key, "card": card},
            amount=amount,
            owner=owner,
        )
        return
    if (card := held(tx.state, player, "rent", "free")) is not None:
        return_card(tx, player, card)
        tx.note("note.comped_room", player=player, space=space.key)
        return
    if (
        space.kind == "railroad"
        and (card := held(tx.state, player, "rent", "half_railroad")) is not None
    ):
        return_card(tx, player, card)
        amount = (amount + 1) // 2
    if (card := held(tx.state, owner, "rent_received")) is not None:
        return_card(tx, owner, card)
        amount += tx.deck.card(card).play[0]["amount"]
    landlord = tx.state.seat(owner)
    payee = POOL if landlord.rent_to_pool and landlord.in_jail else owner
    tx.first(tasks.Pay(player, payee, amount, message("reason.rent", space=space.key)))
