"""A kept card that sends another player to jail (``play: jail_other``), unless they refuse it
with Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.keptcards import against
from companion.banker.options import Option, play_options, said
from companion.banker.playcards import card_play, other_player
from companion.banker.state import GameState
from companion.banker.tx import Tx, others
from companion.rules.cards import Card

CODES = ("option.play_card",)


@card_play("jail_other")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = other_player(tx, player, c)
    against(tx, rival, tasks.SendToJail(rival), card.id)


@play_options("jail_other")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    words = said("option.play_card", card=card)
    yield {"command": command, "free": {"target": {"one_of": others(state, player)}}, **words}
