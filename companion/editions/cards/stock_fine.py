"""A fine on shares held (``stock_fine``): the drawer's dividends on every company, or every
holder's on the card's ``companies``, paid into the fees account; with ``lawyer``, a Lawyer on
Retainer held cancels it (and, for the drawer's own fine, the rest of the card)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker import tasks
from companion.banker.cardplay import card_reason, card_step, skip_rest
from companion.banker.keptcards import fine_cancelled
from companion.banker.tx import Tx, dividend
from companion.rules.cards import Card

CODES = ()


@card_step("stock_fine")
def _stock_fine(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    companies = list(tx.deck.par_values) if spec["companies"] == "all" else spec["companies"]
    holders = [player] if spec["companies"] == "all" else [s.name for s in tx.state.active]
    fines: list[tasks.Task] = []
    for holder in holders:
        seat = tx.state.seat(holder)
        fine = sum(dividend(tx.deck, c, n) for c in companies if (n := seat.shares.get(c, 0)))
        if not fine:
            continue
        if spec.get("lawyer") and fine_cancelled(tx, holder, card.id):
            if holder == player and spec["companies"] == "all":
                skip_rest(tx, player, card)
            continue
        fines.append(tasks.Pay(holder, tx.state.edition.fees_account, fine, card_reason(card)))
    tx.first(*fines)
