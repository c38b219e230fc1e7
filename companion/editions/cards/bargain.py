"""Bargain Business (``play: bargain``, B8): played when its holder lands on an unowned
property, it buys the property from the Bank at the card's ``price``."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.assets import afford
from companion.banker.options import Option, play_options
from companion.banker.playcards import buy_instead, card_play
from companion.banker.state import GameState
from companion.banker.tx import Tx, return_card
from companion.rules.cards import Card

CODES = ("option.play_card",)


def _lands_on_unowned(state: GameState, player: str) -> bool:
    d = state.decision
    return d.kind == "buy_or_auction" and d.player == player


@card_play(
    "bargain",
    moment=_lands_on_unowned,
    when="Bargain Business is played when you land on an unowned property",
)
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    name, price = tx.state.decision.data["property"], card.play[0]["price"]
    afford(tx, player, price, f"play_card: {name}")
    return_card(tx, player, card.id)
    buy_instead(tx, tasks.BuyInstead(player, card.id, name, price))
    tx.moved_on = True


@play_options("bargain")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    name = state.decision.data["property"]
    price = state.edition.deck.cards[card].play[0]["price"]
    if state.cash[player] >= price:
        yield {
            "command": command,
            "property": name,
            "price": price,
            "code": "option.play_card",
            "params": {"card": card},
        }
