"""B11: Vehicle Impounded (``lose_turn``): the drawer's next turn is missed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step
from companion.banker.tx import Tx
from companion.rules.cards import Card

CODES = ()


@card_step("lose_turn")
def _lose_turn(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.emit("turn_lost", player=player, turns=tx.state.seat(player).skip_turns + 1)
