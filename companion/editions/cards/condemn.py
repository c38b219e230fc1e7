"""House Condemned (``condemn``): the drawer sells one house of their choice back to the Bank
for half its cost."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion.banker import commands
from companion.banker.cardplay import card_step, of_card
from companion.banker.ledger import BANK
from companion.banker.options import Option, decision_options, property_choice
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, set_holding
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.cards import Card
from companion.rules.situation import Holding

CODES = ("ask.choose.condemn", "reason.house_condemned")


@card_step("condemn")
def _condemn(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if any(h.owner == player and 1 <= h.level <= 4 for h in tx.state.holdings.values()):
        tx.ask(
            "choose_space",
            player,
            ("choose",),
            "ask.choose.condemn",
            of_card(card),
            why="condemn",
            card=card.id,
        )


@answer("choose", "condemn")
def _choose(tx: Tx, c: commands.Choose) -> None:
    player, space = c.player, tx.board.space(str(c.space or ""))
    h = tx.state.holdings.get(space.name)
    if h is None or h.owner != player or not 1 <= h.level <= 4:
        raise IllegalCommandError(
            f"choose: House Condemned sells a house of yours, and {space.name!r} has none"
        )
    refund = tx.board.building_cost(space.name) // 2
    tx.transfer(BANK, player, refund, message("reason.house_condemned"))
    set_holding(tx, space.name, Holding(player, level=h.level - 1))


@decision_options("choose_space", "condemn")
def _options(state: GameState, d: Decision) -> Iterator[Option]:
    board = state.edition.board
    for name, h in state.holdings.items():
        if h.owner == d.player and 1 <= h.level <= 4:
            yield property_choice(board, name, refund=board.building_cost(name) // 2)
