"""Travel Vouchers drawn by a card (``draw_vouchers``): the drawer draws ``count`` of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker import tasks
from companion.banker.cardplay import card_step
from companion.banker.tx import Tx
from companion.rules.cards import Card

CODES = ()


@card_step("draw_vouchers")
def _draw_vouchers(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(*(tasks.DrawVoucher(player) for _ in range(spec["count"])))
