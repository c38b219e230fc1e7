"""Subway (M6, R8): the lander's next move is a ride directly to any space on any track. The
banker asks for the destination when that move comes: the ``subway`` decision instead of the
next roll, or, when the speed die's bonus move comes first, a ``choose_space`` for
``bonus_subway`` (``turns.INSTEAD_OF_ROLL``, ``INSTEAD_OF_BONUS``); the choice and its options
are here."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.banker import commands
from companion.banker.moves import apply_move
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.turns import INSTEAD_OF_BONUS, INSTEAD_OF_ROLL, any_space
from companion.banker.tx import Tx, answer
from companion.rules.movement import ACTION_PARAMS, Landing, Roll, resolve_bonus, resolve_subway
from companion.rules.spacekinds import landing

KIND = "subway"
HOUSE_RULE = None
CODES = ("ask.subway", "ask.choose.bonus_subway")


@landing(KIND, notes={"action.subway": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action("subway", "Subway: on your next move, ride directly to any space on any track.")
    at.mark(subway=True)


def _ride_due(tx: Tx, player: str) -> bool:
    """Instead of the roll: the ride due, to the space the player chooses."""
    if not tx.state.seat(player).subway:
        return False
    tx.ask("subway", player, ("choose",), "ask.subway", why="subway")
    return True


def _bonus_ride_due(tx: Tx, player: str, roll: Roll) -> bool:
    """Instead of the speed die's bonus move: the ride due, the bonus roll kept with it."""
    if not tx.state.seat(player).subway:
        return False
    tx.ask(
        "choose_space",
        player,
        ("choose",),
        "ask.choose.bonus_subway",
        why="bonus_subway",
        roll=roll.to_json(),
    )
    return True


INSTEAD_OF_ROLL.append(_ride_due)
INSTEAD_OF_BONUS.append(_bonus_ride_due)


@decision_options(KIND)
def _ride_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield any_space(state.edition.board)


@answer("choose", "subway")
def _ride(tx: Tx, c: commands.Choose) -> None:
    space = tx.board.space(str(c.space or ""))
    apply_move(
        tx, resolve_subway(tx.board, tx.state.situation(), space, player=c.player, quiet=True)
    )


@decision_options("choose_space", "bonus_subway")
def _bonus_ride_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield any_space(state.edition.board)


@answer("choose", "bonus_subway")
def _bonus_ride(tx: Tx, c: commands.Choose) -> None:
    """The Subway ride due, taken as the speed die's bonus move (``turns``' bonus task)."""
    player = c.player
    space = tx.board.space(str(c.space or ""))
    tx.emit("subway_ride_over", player=player)
    situation = tx.state.situation()
    seat = situation.player(player)
    situation = replace(
        situation,
        players=tuple(replace(p, subway=True) if p is seat else p for p in situation.players),
    )
    roll = Roll.from_json(tx.state.decision.data["roll"])
    apply_move(tx, resolve_bonus(tx.board, situation, roll, player=player, to=space, quiet=True))
