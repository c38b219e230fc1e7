"""Insider Trading (``use: share_price``): kept, its holder pays half the par value on their
next share bought at par (not at auction)."""

from __future__ import annotations

from companion.banker.keptcards import card_use, held
from companion.banker.state import GameState

CODES = ()


@card_use("share_price", moment="share_bought")
def _share_price(state: GameState, player: str, par: int) -> tuple[int, str | None]:
    card = held(state, player, "share_price")
    return (par, None) if card is None else (par // 2, card)
