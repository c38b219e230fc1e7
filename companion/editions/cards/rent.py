"""Rent cards kept until used by the player who lands (``use: rent``): Comped Room
(``rent: free``) pays no rent on the next property of another player, Special Online Pricing
(``rent: half_railroad``) half the rent of the next railroad. Each acts against the owner, who
may refuse it with Just Say NO! (B16): then the rent is worked out again, without the card."""

from __future__ import annotations

from dataclasses import replace

from companion.banker import tasks
from companion.banker.keptcards import against, card_use, held
from companion.banker.tx import Tx, return_card

CODES = ()


@card_use("rent", moment="rent_due")
def _rent(tx: Tx, rent: tasks.Rent) -> bool:
    player, owner, space = rent.player, rent.owner, tx.board.space(rent.space)
    if (card := held(tx.state, player, "rent", "free")) is not None:
        return_card(tx, player, card)
        against(tx, owner, tasks.NoRent(player, space.key), card, instead=[rent])
        return True
    if (
        space.kind == "railroad"
        and (card := held(tx.state, player, "rent", "half_railroad")) is not None
    ):
        return_card(tx, player, card)
        half = replace(rent, amount=(rent.amount + 1) // 2)
        against(tx, owner, half, card, instead=[rent])
        return True
    return False
