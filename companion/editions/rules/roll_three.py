"""Roll Three (P4, D4, P12): the lander draws a Roll Three card (if any are left), then rolls
three regular dice; every card each player holds wins against the dice. **Option**
``roll_three_action_cards``: the printed deck (``companion.rules.table``), which the deal draws
from too (``turns``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from companion.banker import commands, keptcards, tasks
from companion.banker.ledger import BANK
from companion.banker.moves import follow_up
from companion.banker.options import Option, decision_options, dice_option
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, dice_of, roll_three_cards_left, take_roll_three, task
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "roll_three"
HOUSE_RULE = "roll_three_action_cards"
CODES = (
    "ask.draw.roll_three",
    "event.drew.roll_three",
    "ask.dice.roll_three",
    "note.roll_three",
    "reason.roll_three",
    "option.draw.roll_three",
)

#: The keys of the payout of ``cards.json``'s ``roll_three`` by matches (P4).
_MATCHES = ("none", "one", "two", "three")


def roll_three_winnings(
    payout: Mapping[str, int], card: str, dice: Sequence[int], *, rolled_by_holder: bool
) -> int:
    """P4: what one Roll Three card wins against three dice (matched as multisets), by the
    edition's ``payout`` (``deck.roll_three_payout``: ``one``, ``two``, ``three`` matches, and
    ``own_card_roller`` for the roller holding the exact three).

    >>> from companion.editions import edition
    >>> payout = edition("ultimate").deck.roll_three_payout
    >>> [roll_three_winnings(payout, c, [1, 3, 6], rolled_by_holder=False) for c in ("4-4-5", "2-4-6", "1-3-3", "1-3-6")]
    [0, 50, 200, 1000]
    >>> roll_three_winnings(payout, "1-3-6", [6, 1, 3], rolled_by_holder=True)
    1500
    """
    wanted = [int(v) for v in card.split("-")]
    matches = 0
    for die in dice:
        if die in wanted:
            wanted.remove(die)
            matches += 1
    if matches == 3 and rolled_by_holder:
        return payout["own_card_roller"]
    return payout.get(_MATCHES[matches], 0)


@landing(KIND, notes={"action.roll_three": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action("roll_three", "Roll Three: draw a Roll Three card, then roll three regular dice.")


@follow_up("roll_three")
def _roll_three_due(player: str, a: Action) -> tasks.Task:
    return tasks.RollThree(player)


@task("roll_three")
def _task_roll_three(tx: Tx, task: tasks.RollThree) -> None:
    player = task.player
    if tx.state.roll_three_left:
        tx.ask("draw", player, ("draw",), "ask.draw.roll_three", deck="roll_three")
    else:
        ask_roll_three_dice(tx, player)


@answer("draw", "roll_three")
def _draw(tx: Tx, c: commands.Draw) -> None:
    player = c.player
    combo = take_roll_three(tx, player, (c.card or ""), "draw")
    tx.emit("drew", player=player, card=combo, code="event.drew.roll_three")
    ask_roll_three_dice(tx, player)


@decision_options("draw", KIND)
def _draw_options(state: GameState, d: Decision) -> Iterator[Option]:
    cards = list(dict.fromkeys(roll_three_cards_left(state)))
    if cards:
        yield {
            "command": {"type": "draw"},
            "free": {"card": {"one_of": cards}},
            "code": "option.draw.roll_three",
            "params": {},
        }


def ask_roll_three_dice(tx: Tx, player: str) -> None:
    """P4: the player who drew a Roll Three card (or found the deck empty) rolls three dice."""
    tx.ask("dice", player, ("dice",), "ask.dice.roll_three", why="roll_three")


@answer("dice", "roll_three")
def _dice(tx: Tx, c: commands.Dice) -> None:
    player = c.player
    dice = dice_of(c, 3)
    tx.note("note.roll_three", player=player, dice=dice)
    winnings: dict[str, int] = {}
    payout = tx.deck.roll_three_payout
    for seat in tx.state.active:
        won = sum(
            roll_three_winnings(payout, card, dice, rolled_by_holder=seat.name == player)
            for card in seat.roll_three
        )
        tx.transfer(BANK, seat.name, won, message("reason.roll_three"))
        winnings[seat.name] = won
    keptcards.roll_three_won(tx, winnings)


@decision_options("dice", KIND)
def _dice_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield dice_option(KIND, 3)
