"""A company's dividends cut (``dividend_cut``): its next ``payouts`` dividends are halved
(:func:`companion.banker.tx.pay_dividends`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step
from companion.banker.tx import Tx
from companion.rules.cards import Card

CODES = ()


@card_step("dividend_cut")
def _dividend_cut(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.emit("dividend_cut", company=spec["company"], payouts=spec["payouts"])
