"""Rent due: the kept cards that answer it (Reverse Rent, The Rent Is Too Darn High), those
that change it by themselves at the ``rent_due`` moment (Comped Room, half railroad rent, rent
received bonus: card operations of ``companion/editions/cards/``), and a jailed landlord's Pay
Back."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.banker import tasks
from companion.banker.keptcards import held, rent_changed
from companion.banker.options import Option, decision_options
from companion.banker.playcards import answering
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, task
from companion.messages import message

#: The message codes of the decision posed here and of its options.
CODES = ("ask.rent", "option.pay", "option.play_card")


@task("no_rent")
def _task_no_rent(tx: Tx, task: tasks.NoRent) -> None:
    tx.note("note.comped_room", player=task.player, space=task.space)


@task("rent")
def rent(tx: Tx, task: tasks.Rent) -> None:
    """Task: rent due, after the kept cards that change it."""
    player, owner, space = task.player, task.owner, tx.board.space(task.space)
    amount = task.amount
    if not task.asked and (card := _rent_card(tx.state, player)):
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
    # The cards that act by themselves against the other player, who may refuse them with
    # Just Say NO! (B16): then the rent is worked out again (``asked``), without the card.
    if rent_changed(tx, replace(task, asked=True)):
        return
    landlord = tx.state.seat(owner)
    jailed_to_pool = landlord.rent_to_pool and landlord.in_jail
    payee = tx.state.edition.fees_account if jailed_to_pool else owner
    tx.first(tasks.Pay(player, payee, amount, message("reason.rent", space=space.key)))


def _rent_card(state: GameState, player: str) -> str | None:
    """A kept card ``player`` holds that a rent due may be answered with (B8: Reverse Rent,
    The Rent Is Too Darn High), the first of the plays answering rent; ``None`` if none."""
    for how in answering("rent"):
        card = held(state, player, "play", how)
        if card is not None:
            return card
    return None


@decision_options("rent")
def _rent_options(state: GameState, d: Decision) -> Iterator[Option]:
    """Rent due by a player who holds Reverse Rent or The Rent Is Too Darn High."""
    amount, owner = d.data["amount"], d.data["owner"]
    yield {
        "command": {"type": "pay"},
        "amount": amount,
        "owner": owner,
        "code": "option.pay",
        "params": {"amount": amount, "payee": owner},
    }
    plays = answering("rent")
    for card_id in dict.fromkeys(state.seat(d.player).cards):
        if state.edition.deck.cards[card_id].play[0].get("play") in plays:
            yield {
                "command": {"type": "play_card", "card": card_id},
                "code": "option.play_card",
                "params": {"card": card_id},
            }
