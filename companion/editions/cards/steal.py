"""Steal (``play: steal``): its holder takes another player's property outside a monopoly and
without buildings (``swap.loose_problem``), unless the owner refuses with Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.keptcards import against
from companion.banker.options import Option, play_options
from companion.banker.playcards import card_play, other_player
from companion.banker.state import GameState
from companion.banker.tx import Tx
from companion.editions.cards.swap import loose, loose_property
from companion.rules.cards import Card

CODES = ("option.play_card.lot",)


@card_play("steal")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = other_player(tx, player, c)
    name = loose_property(tx, rival, c.property)
    against(tx, rival, tasks.HandOver(name, player), card.id)


@play_options("steal")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    for rival in (s.name for s in state.active if s.name != player):
        for name in loose(state, rival):
            yield {
                "command": {**command, "target": rival, "property": name},
                "code": "option.play_card.lot",
                "params": {"card": card, "property": name, "owner": rival},
            }
