"""Zero Dollars Down (``play: free_house``, B15): its holder builds a free house (not a hotel)
on a street of a monopoly they own, as the building rules allow."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import assets, commands
from companion.banker.options import Option, of_holdings, play_options
from companion.banker.playcards import card_play
from companion.banker.state import GameState
from companion.banker.tx import Tx, set_holding
from companion.errors import IllegalCommandError
from companion.rules.cards import Card
from companion.rules.situation import Holding

CODES = ("option.play_card.property",)


@card_play("free_house")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    name = assets.property_name(tx, c.property)
    problem = assets.build_problem(tx.state, player, name)
    if tx.board.properties[name][0].kind != "street":
        problem = "Zero Dollars Down builds a house on a street"
    elif problem is None and tx.board.ownership(name, lambda n: tx.state.owner(n) == player) != (
        "monopoly"
    ):
        problem = "a free house goes on a property of a monopoly you own"
    if problem is None and tx.state.holdings[name].level >= 4:
        problem = "Zero Dollars Down builds a house, not a hotel or skyscraper"
    if problem:
        raise IllegalCommandError(f"play_card: cannot build on {name!r}: {problem}")
    h = tx.state.holdings[name]
    set_holding(tx, name, Holding(player, level=h.level + 1))


@play_options("free_house")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    for name in of_holdings(state, ("free_house", player), lambda: _free_houses(state, player)):
        yield {
            "command": {**command, "property": name},
            "code": "option.play_card.property",
            "params": {"card": card, "property": name},
        }


def _free_houses(state: GameState, player: str) -> tuple[str, ...]:
    """The streets :func:`_options` offers (from the holdings alone: once per holdings)."""
    board = state.edition.board
    names = []
    for name in state.holdings_of(player):
        h = state.holdings[name]
        if board.properties[name][0].kind != "street" or h.level >= 4:
            continue
        monopoly = board.ownership(name, lambda n: state.owner(n) == player) == "monopoly"
        if monopoly and assets.build_problem(state, player, name) is None:
            names.append(name)
    return tuple(names)
