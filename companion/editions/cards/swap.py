"""Swap (``play: swap``): its holder swaps a property of theirs for another player's, each
outside a monopoly and without buildings (:func:`loose_problem`), unless the other refuses with
Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.banker import assets, commands, tasks
from companion.banker.keptcards import against, effect_words
from companion.banker.options import Option, of_holdings, play_options
from companion.banker.playcards import card_play, other_player
from companion.banker.state import GameState
from companion.banker.tx import Tx, set_holding, task
from companion.errors import IllegalCommandError
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.cards import Card
from companion.rules.situation import Holding

CODES = ("option.play_card.lot", "action.swap")


def loose_problem(state: GameState, owner: str, name: str) -> str | None:
    """Why a card that takes or swaps a property (Swap, Steal) may not take ``name`` from
    ``owner`` (``None``: it may): it must be theirs, outside a monopoly, without buildings."""
    h = state.holdings.get(name)
    if h is None or h.owner != owner:
        return f"{owner} does not own {name!r}"
    if state.edition.board.ownership(name, lambda n: state.owner(n) == owner) == "monopoly":
        return f"{name!r} is part of {owner}'s monopoly"
    if h.level or h.improved:
        return f"{name!r} has buildings"
    return None


def loose_property(tx: Tx, owner: str, ref: Any) -> str:
    """The property ``ref`` names, which a Swap or Steal may take from ``owner``."""
    name = assets.property_name(tx, ref)
    problem = loose_problem(tx.state, owner, name)
    if problem:
        raise IllegalCommandError(f"play_card: {problem}")
    return name


def loose(state: GameState, owner: str) -> tuple[str, ...]:
    """``owner``'s properties a Swap or Steal may take (:func:`loose_problem`): they follow
    from the holdings alone, so they are worked out once per holdings and owner."""
    return of_holdings(state, ("loose", owner), lambda: _work_out_loose(state, owner))


def _work_out_loose(state: GameState, owner: str) -> tuple[str, ...]:
    return tuple(
        name for name in state.holdings_of(owner) if loose_problem(state, owner, name) is None
    )


@card_play("swap")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    rival = other_player(tx, player, c)
    theirs = loose_property(tx, rival, c.property)
    mine = loose_property(tx, player, c.give)
    against(tx, rival, tasks.Swap(player, rival, mine, theirs), card.id)


@play_options("swap")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    mine = loose(state, player)
    if not mine:
        return
    for rival in (s.name for s in state.active if s.name != player):
        for name in loose(state, rival):
            yield {
                "command": {**command, "target": rival, "property": name},
                "free": {"give": {"one_of": list(mine)}},
                "code": "option.play_card.lot",
                "params": {"card": card, "property": name, "owner": rival},
            }


@task("swap")
def _task_swap(tx: Tx, task: tasks.Swap) -> None:
    for name, to in ((task.mine, task.b), (task.theirs, task.a)):
        h = tx.state.holdings[name]
        set_holding(tx, name, Holding(to, mortgaged=h.mortgaged))


@effect_words("swap")
def _words(board: Board, task: tasks.Swap) -> Message:
    return message(
        "action.swap",
        player=task.a,
        mine=board.property_key(task.mine),
        theirs=board.property_key(task.theirs),
    )
