"""B11: Pay Back (``rent_to_pool``): while its drawer is in jail, rent due to them goes to the
Pool (until they leave jail: :func:`companion.banker.moves.apply_move`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step
from companion.banker.tx import Tx
from companion.rules.cards import Card

CODES = ()


@card_step("rent_to_pool")
def _rent_to_pool(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if tx.state.seat(player).in_jail:
        tx.emit("rent_diverted", player=player)
