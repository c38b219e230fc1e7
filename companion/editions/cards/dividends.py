"""Dividends paid by a card (``dividends``): every holder of the card's ``companies`` collects
its dividend (P6), tripled for the owner of ``triple_for_owner_of``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_reason, card_step
from companion.banker.tx import Tx, pay_dividends
from companion.rules.cards import Card

CODES = ()


@card_step("dividends")
def _dividends(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    factor = {}
    if "triple_for_owner_of" in spec:
        owner = tx.state.holdings.get(spec["triple_for_owner_of"])
        if owner is not None:
            factor[owner.owner] = 3
    pay_dividends(tx, spec["companies"], card_reason(card), factor=factor)
