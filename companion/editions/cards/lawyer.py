"""Lawyer on Retainer (``use: lawyer``): kept, it cancels the next card fine aimed at its
holder that allows it (a stock fine penalty, See You In Court!, Caught Insider Trading) and
goes back to the deck."""

from __future__ import annotations

from companion.banker.keptcards import card_use, held
from companion.banker.tx import Tx, return_card

CODES = ("note.lawyer",)


@card_use("lawyer", moment="card_fine")
def _lawyer(tx: Tx, player: str, card_id: str) -> bool:
    lawyer = held(tx.state, player, "lawyer")
    if lawyer is None:
        return False
    return_card(tx, player, lawyer)
    tx.note("note.lawyer", player=player, card=card_id)
    return True
