"""A kept card that sends another player to jail (``play: jail_other``), unless they refuse it
with Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.keptcards import against, effect_words
from companion.banker.options import Option, play_options, said
from companion.banker.playcards import card_play, other_player
from companion.banker.state import GameState
from companion.banker.tx import Tx, others, task
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.cards import Card

CODES = ("option.play_card", "move.to_jail", "action.jail")


@card_play("jail_other")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = other_player(tx, player, c)
    against(tx, rival, tasks.SendToJail(rival), card.id)


@play_options("jail_other")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    words = said("option.play_card", card=card)
    yield {"command": command, "free": {"target": {"one_of": others(state, player)}}, **words}


@task("send_to_jail")
def _task_send_to_jail(tx: Tx, task: tasks.SendToJail) -> None:
    player = task.player
    jail = tx.board.jail
    tx.emit(
        "moved",
        player=player,
        to=jail.key,
        path=[jail.key],
        kinds=["jail"],
        code="move.to_jail",
    )
    tx.emit("jailed", player=player)


@effect_words("send_to_jail")
def _words(board: Board, task: tasks.SendToJail) -> Message:
    return message("action.jail", player=task.player)
