"""Foreclosed (``play: foreclose``): its holder claims another player's mortgaged property,
paying the Bank its mortgage value, unless the owner refuses with Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import assets, commands, tasks
from companion.banker.keptcards import against
from companion.banker.ledger import BANK
from companion.banker.options import Option, play_options
from companion.banker.playcards import card_play
from companion.banker.state import GameState
from companion.banker.tx import Tx
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.cards import Card

CODES = ("reason.card_claim", "option.play_card.property")


@card_play("foreclose")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    name = assets.property_name(tx, c.property)
    h = tx.state.holdings.get(name)
    if h is None or h.owner == player or not h.mortgaged:
        raise IllegalCommandError(
            f"play_card: {card.title!r} claims another player's mortgaged property, and {name!r} is not one"
        )
    value = tx.board.mortgage_value(name)
    assets.afford(tx, player, value, f"claiming {name}")
    why = message("reason.card_claim", card=card.id, space=tx.board.property_key(name))
    tx.transfer(player, BANK, value, why)
    against(tx, h.owner, tasks.HandOver(name, player), card.id)


@play_options("foreclose")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    board = state.edition.board
    for name, h in state.holdings.items():
        if h.owner != player and h.mortgaged and state.cash[player] >= board.mortgage_value(name):
            yield {
                "command": {**command, "property": name},
                "price": board.mortgage_value(name),
                "code": "option.play_card.property",
                "params": {"card": card, "property": name},
            }
