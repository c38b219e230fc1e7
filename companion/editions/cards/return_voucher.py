"""Losers Weepers (``return_voucher``): the drawer's first Travel Voucher goes back to the
Bank's deck, if they hold one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step
from companion.banker.tx import Tx, return_vouchers
from companion.rules.cards import Card

CODES = ()


@card_step("return_voucher")
def _return_voucher(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    seat = tx.state.seat(player)
    if seat.vouchers:
        return_vouchers(tx, player, seat.vouchers[:1])
