"""A stock market crash (``stock_crash``): every holder gives half their shares of each company
back to the Bank, rounded up (mortgaged ones last)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step
from companion.banker.tx import Tx
from companion.rules.cards import Card

CODES = ("event.shares.crash",)


@card_step("stock_crash")
def _stock_crash(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    changes = {}
    for seat in tx.state.active:
        if not seat.shares:
            continue
        shares, mortgaged = dict(seat.shares), dict(seat.mortgaged_shares)
        for company, n in seat.shares.items():
            back = (n + 1) // 2
            shares[company] = n - back
            mortgaged[company] = min(mortgaged.get(company, 0), n - back)
        changes[seat.name] = (shares, mortgaged)
    if changes:
        tx.shares(changes, code="event.shares.crash")
