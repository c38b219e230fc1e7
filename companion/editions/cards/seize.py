"""Assets Seized (``seize``): a drawer out of jail gives up a building, or else an unmortgaged
property, of their choice to the Bank (B5)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion.banker import commands
from companion.banker.cardplay import card_step, of_card, one_down
from companion.banker.options import Option, decision_options, property_choice
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, set_holding
from companion.errors import IllegalCommandError
from companion.rules.cards import Card
from companion.rules.situation import Holding

CODES = ("ask.choose.seize",)


def seizable(holding: Holding) -> bool:
    """Assets Seized takes a lot with a building on it, or an unmortgaged one."""
    return bool(holding.level or holding.improved or not holding.mortgaged)


@card_step("seize")
def _seize(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    seat = tx.state.seat(player)
    if seat.in_jail:
        return
    eligible = [n for n, h in tx.state.holdings.items() if h.owner == player and seizable(h)]
    if eligible:
        tx.ask(
            "choose_space",
            player,
            ("choose",),
            "ask.choose.seize",
            of_card(card),
            why="seize",
            card=card.id,
        )


@answer("choose", "seize")
def _choose(tx: Tx, c: commands.Choose) -> None:
    player, space = c.player, tx.board.space(str(c.space or ""))
    h = tx.state.holdings.get(space.name)
    if h is None or h.owner != player:
        raise IllegalCommandError(f"choose: {player} does not own {space.name!r}")
    if h.level:
        set_holding(tx, space.name, Holding(player, level=one_down(tx, h.level)))
    elif h.improved:
        set_holding(tx, space.name, Holding(player, mortgaged=h.mortgaged))
    elif not h.mortgaged:
        set_holding(tx, space.name, None)
    else:
        raise IllegalCommandError(f"choose: {space.name!r} is mortgaged and has no building")


@decision_options("choose_space", "seize")
def _options(state: GameState, d: Decision) -> Iterator[Option]:
    for name, h in state.holdings.items():
        if h.owner == d.player and seizable(h):
            yield property_choice(state.edition.board, name)
