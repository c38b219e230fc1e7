"""Inherit Stock (``free_share``): the drawer takes a share of their choice free, while the Bank
has shares left (the ``stock`` decision, free)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step, of_card
from companion.banker.tx import Tx
from companion.rules.cards import Card

CODES = ("ask.stock.free",)


@card_step("free_share")
def _free_share(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if any(tx.state.shares_left.values()):
        tx.ask("stock", player, ("stock",), "ask.stock.free", of_card(card), free=True)
