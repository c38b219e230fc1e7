"""A kept card that takes cash from another player (``play: take_cash``): the target pays the
card's ``amount``, unless their Lawyer on Retainer cancels it or they refuse with Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.cardplay import card_reason
from companion.banker.keptcards import against, fine_cancelled
from companion.banker.options import Option, play_options, said
from companion.banker.playcards import card_play, other_player
from companion.banker.state import GameState
from companion.banker.tx import Tx, others
from companion.rules.cards import Card

CODES = ("option.play_card",)


@card_play("take_cash")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = other_player(tx, player, c)
    if fine_cancelled(tx, rival, card.id):
        return
    why = card_reason(card)
    against(tx, rival, tasks.Pay(rival, player, card.play[0]["amount"], why), card.id)


@play_options("take_cash")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    words = said("option.play_card", card=card)
    yield {"command": command, "free": {"target": {"one_of": others(state, player)}}, **words}
