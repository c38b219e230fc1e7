"""Game Night (``game_night``): the drawer and an opponent of their choice roll two dice each;
the higher total collects the card's ``amount`` from the Bank, a tie nothing."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion.banker import commands
from companion.banker.cardplay import card_step
from companion.banker.ledger import BANK
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, dice_of, others
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.cards import Card

CODES = ("ask.dice.game_night", "note.game_night_tie", "reason.game_night", "option.roll")


@card_step("game_night")
def _game_night(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.ask(
        "dice", player, ("dice",), "ask.dice.game_night", why="game_night", amount=spec["amount"]
    )


@answer("dice", "game_night")
def _dice(tx: Tx, c: commands.Dice) -> None:
    player, rival = c.player, c.opponent
    if rival not in others(tx.state, player):
        raise IllegalCommandError(
            f"dice: Game Night needs an 'opponent' among {', '.join(others(tx.state, player))}, not {rival!r}"
        )
    values = dice_of(c, 4)
    mine, theirs = sum(values[:2]), sum(values[2:])
    if mine == theirs:
        tx.note("note.game_night_tie", player=player, rival=rival, total=mine)
    else:
        winner = player if mine > theirs else rival
        amount = tx.state.decision.data["amount"]
        tx.transfer(BANK, winner, amount, message("reason.game_night"))


@decision_options("dice", "game_night")
def _dice_options(state: GameState, d: Decision) -> Iterator[Option]:
    rivals = others(state, d.player)
    free = {"dice": {"count": 4, "speed": False}, "opponent": {"one_of": rivals}}
    yield {
        "command": {"type": "dice"},
        "free": free,
        "why": "game_night",
        "amount": d.data["amount"],
        "code": "option.roll",
        "params": {},
    }
