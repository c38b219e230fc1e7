"""Deal Buster (``play: deal_buster``, B8): played when another player is about to buy a
property, its holder buys it from the Bank at its price instead, unless the lander refuses it
with Just Say NO! (then they buy or auction it as before)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.assets import afford
from companion.banker.keptcards import against, effect_words
from companion.banker.options import Option, play_options
from companion.banker.playcards import card_play
from companion.banker.state import GameState
from companion.banker.tx import Tx, return_card
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.cards import Card

CODES = ("option.play_card", "action.buy_instead")


def _another_buys(state: GameState, player: str) -> bool:
    d = state.decision
    return d.kind == "buy_or_auction" and d.player != player


@card_play(
    "deal_buster",
    moment=_another_buys,
    when="Deal Buster is played when another player is about to buy a property",
)
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    d = tx.state.decision
    name = d.data["property"]
    price = tx.board.properties[name][0].price
    afford(tx, player, price, f"play_card: {name}")
    return_card(tx, player, card.id)
    buy = tasks.BuyInstead(player, card.id, name, price)
    against(tx, d.player, buy, card.id, instead=[tasks.Resume(d.to_json(options=False))])
    tx.moved_on = True


@play_options("deal_buster")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    name = state.decision.data["property"]
    price = state.edition.board.properties[name][0].price
    if state.cash[player] >= price:
        yield {
            "command": command,
            "property": name,
            "price": price,
            "code": "option.play_card",
            "params": {"card": card},
        }


@effect_words("buy_instead")
def _words(board: Board, task: tasks.BuyInstead) -> Message:
    return message(
        "action.buy_instead",
        player=task.player,
        space=board.property_key(task.property),
        amount=task.price,
    )
