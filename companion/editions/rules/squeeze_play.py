"""Squeeze Play (P5, B15): the lander rolls the two regular dice, and each other player pays
them by the total (the edition's ``numbers.squeeze_play`` table). **Option** ``squeeze_play_speed_die``: the speed die is rolled too (the rules'
alternative table; Mr. Monopoly or the Bus also takes a voucher from each player)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.moves import follow_up
from companion.banker.options import Option, decision_options, dice_option
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, dice_of, others, roll_of, task
from companion.errors import BadRollError, shown
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing, Roll
from companion.rules.spacekinds import landing

KIND = "squeeze_play"
HOUSE_RULE = "squeeze_play_speed_die"
CODES = (
    "ask.dice.squeeze_play",
    "ask.dice.squeeze_play_speed",
    "note.squeeze_play",
    "reason.squeeze_play",
)


@landing(KIND, notes={"action.squeeze_play": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action(
        "squeeze_play",
        "Squeeze Play: roll the two regular dice to see what each other player pays you.",
    )


@follow_up("squeeze_play")
def _squeeze_due(player: str, a: Action) -> tasks.Task:
    return tasks.SqueezePlay(player)


@task("squeeze_play")
def _task_squeeze(tx: Tx, task: tasks.SqueezePlay) -> None:
    player = task.player
    speed = tx.state.rules.squeeze_play_speed_die
    code = "ask.dice.squeeze_play_speed" if speed else "ask.dice.squeeze_play"
    tx.ask("dice", player, ("dice",), code, why="squeeze_play")


@answer("dice", "squeeze_play")
def _dice(tx: Tx, c: commands.Dice) -> None:
    player = c.player
    numbers = tx.state.edition.numbers
    if tx.state.rules.squeeze_play_speed_die:
        given = c.dice.to_dice() if isinstance(c.dice, Roll) else c.dice
        if len(given) != 3:
            # B15: with the option, two dice alone are refused.
            raise BadRollError(
                f"dice: Squeeze Play is rolled with the speed die: give two regular dice and "
                f"the speed die, not {shown(given)}"
            )
        roll = roll_of(tx, c)
        total = roll.spaces
        amount = numbers.squeeze_play_pays(total, speed_die=True)
    else:
        total = sum(dice_of(c, 2))
        amount = numbers.squeeze_play_pays(total)
        roll = None
    tx.note("note.squeeze_play", player=player, total=total, amount=amount)
    rivals = others(tx.state, player)
    why = message("reason.squeeze_play")
    owed: list[tasks.Task] = [tasks.Pay(o, player, amount, why) for o in rivals]
    if roll is not None and roll.speed in ("mr", "bus"):
        owed += [tasks.GiveVoucher(o, player) for o in rivals]
    tx.first(*owed)


@decision_options("dice", KIND)
def _dice_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield dice_option(KIND, 2, speed=state.rules.squeeze_play_speed_die)
