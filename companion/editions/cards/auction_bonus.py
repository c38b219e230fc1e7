"""Always Bank on Family (``use: auction_bonus``): kept, the Bank adds the card's ``amount``
to its holder's final bid in the next auction they win."""

from __future__ import annotations

from companion.banker.keptcards import card_use, held
from companion.banker.state import GameState

CODES = ()


@card_use("auction_bonus", moment="auction_won")
def _auction_bonus(state: GameState, winner: str, bid: int) -> tuple[int, str | None]:
    card = held(state, winner, "auction_bonus")
    if card is None:
        return bid, None
    bonus: int = state.edition.deck.cards[card].play[0]["amount"]
    return max(0, bid - bonus), card
