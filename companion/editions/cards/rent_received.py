"""Renovation Success (``use: rent_received``): kept until used by an owner, it adds the
card's ``amount`` to the next rent they receive; the payer may refuse it with Just Say NO!
(B16), and then pays the rent as due. Its hook comes after ``rent.py``'s at the ``rent_due``
moment (``order=1``): the lander's card acts first."""

from __future__ import annotations

from dataclasses import replace

from companion.banker import tasks
from companion.banker.keptcards import against, card_use, held
from companion.banker.tx import Tx, return_card

CODES = ()


@card_use("rent_received", moment="rent_due", order=1)
def _rent_received(tx: Tx, rent: tasks.Rent) -> bool:
    card = held(tx.state, rent.owner, "rent_received")
    if card is None:
        return False
    return_card(tx, rent.owner, card)
    extra = replace(rent, amount=rent.amount + tx.deck.card(card).play[0]["amount"])
    against(tx, rent.player, extra, card, instead=[rent])
    return True
