"""Kept Chance and Community Chest cards that act by themselves or refuse another card: Just Say
NO!, Lawyer on Retainer, Always Bank on Family, Share in Their Good Fortune; and the effects
played against a player that Just Say NO! can cancel (its answer is the card operation
``companion/editions/cards/refuse.py``).

B7: a kept card that acts by itself does so the next time it applies (:func:`held` finds it),
and goes back to the deck. B16: Just Say NO! stops any card aimed at its holder (:func:`aimed`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.banker import tasks
from companion.banker.state import GameState
from companion.banker.tx import (
    Tx,
    return_card,
    set_holding,
    task,
)
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.situation import Holding


def held(state: GameState, player: str, use: str, value: str | None = None) -> str | None:
    """The first kept card of ``player`` used this way (``use``, and its ``rent`` or ``play``
    kind when ``value`` is given), or ``None``."""
    for card_id in state.seat(player).cards:
        spec = state.edition.deck.cards[card_id].play[0]
        if spec.get("use") == use and (
            value is None or spec.get("rent") == value or spec.get("play") == value
        ):
            return card_id
    return None


def aimed(
    tx: Tx, target: str, task: tasks.Task, card_id: str, *, instead: Sequence[tasks.Task] = ()
) -> tasks.Task:
    """B16: the agenda's task for an effect of ``card_id`` against ``target`` (``task``): a
    target holding Just Say NO! is asked first, and ``instead`` happens if they refuse."""
    if held(tx.state, target, "refuse") is None:
        return task
    return tasks.Against(target, card_id, task.to_json(), tuple(t.to_json() for t in instead))


def against(
    tx: Tx, target: str, task: tasks.Task, card_id: str, *, instead: Sequence[tasks.Task] = ()
) -> None:
    """An effect against ``target``: they may refuse it with Just Say NO!"""
    tx.first(aimed(tx, target, task, card_id, instead=instead))


@task("against")
def _task_against(tx: Tx, t: tasks.Against) -> None:
    if held(tx.state, t.target, "refuse") is None:  # traded away, or given up, meanwhile
        tx.first(tasks.task_from_json(t.task))
        return
    data: dict[str, Any] = {"task": t.task}
    if t.instead:
        data["instead"] = list(t.instead)
    action = action_of(tx.board, tasks.task_from_json(t.task))
    tx.ask(
        "respond",
        t.target,
        ("accept", "refuse"),
        "ask.respond",
        {"card": t.card, **({"action": action} if action else {})},
        **data,
    )


#: The words of an effect a card operation plays against a player: ``(board, task)``.
EffectWords = Callable[[Board, Any], Message]
#: What each card operation's own effects do, by task (``do``), as the table hears it.
EFFECT_WORDS: dict[str, EffectWords] = {}


def effect_words(do: str) -> Callable[[EffectWords], EffectWords]:
    """Register the decorated function as the words of the agenda task ``do`` played against
    a player (the action a Just Say NO! would cancel)."""

    def register(words: EffectWords) -> EffectWords:
        assert do not in EFFECT_WORDS, f"two words for {do!r}"
        EFFECT_WORDS[do] = words
        return words

    return register


def action_of(board: Board, task: tasks.Task) -> Message | None:
    """What an effect against a player does, as the table hears it (the respond decision
    names the action Just Say NO! would cancel): a payment, rent, a property handed over or a
    voucher given, or a card operation's own effect (:func:`effect_words`)."""
    match task:
        case tasks.Pay():
            return message("action.pay", player=task.from_, to=task.to, amount=task.amount)
        case tasks.Rent():
            return message("action.pay", player=task.player, to=task.owner, amount=task.amount)
        case tasks.NoRent():
            return message("action.no_rent", player=task.player, space=task.space)
        case tasks.HandOver():
            return message("action.hand_over", space=board.property_key(task.property), to=task.to)
        case tasks.GiveVoucher():
            return message("action.voucher", player=task.from_, to=task.to)
    words = EFFECT_WORDS.get(task.do)
    return None if words is None else words(board, task)


def auction_discount(tx: Tx, winner: str, bid: int) -> int:
    """What the winner of an auction pays: Always Bank on Family adds $100 to the bid."""
    card = held(tx.state, winner, "auction_bonus")
    if card is None:
        return bid
    return_card(tx, winner, card)
    bonus: int = tx.deck.card(card).play[0]["amount"]
    return max(0, bid - bonus)


def roll_three_shares(tx: Tx, winnings: Mapping[str, int]) -> None:
    """Share in Their Good Fortune: its holder takes half of another player's Roll Three win
    (who may refuse it with Just Say NO!)."""
    for seat in tx.state.active:
        card = held(tx.state, seat.name, "roll_three_share")
        best = max(((w, n) for n, w in winnings.items() if n != seat.name and w), default=None)
        if card is not None and best is not None:
            return_card(tx, seat.name, card)
            why = message("reason.share_good_fortune")
            share = tasks.Pay(best[1], seat.name, best[0] // 2, why)
            if held(tx.state, best[1], "refuse") is None:
                tx.transfer(share.from_, share.to, share.amount, why)
            else:
                against(tx, best[1], share, card)


def uses_lawyer(tx: Tx, player: str, card_id: str) -> bool:
    """Lawyer on Retainer, if ``player`` holds it, cancels the card ``card_id``."""
    lawyer = held(tx.state, player, "lawyer")
    if lawyer is None:
        return False
    return_card(tx, player, lawyer)
    tx.note("note.lawyer", player=player, card=card_id)
    return True


def share_price(tx: Tx, player: str, par: int) -> int:
    """A share bought at par; Insider Trading (kept) halves the next purchase."""
    if tx.state.decision.data.get("free"):
        return 0
    card = held(tx.state, player, "share_price")
    if card is None:
        return par
    return_card(tx, player, card)
    return par // 2


@task("hand_over")
def _task_hand_over(tx: Tx, task: tasks.HandOver) -> None:
    h = tx.state.holdings[task.property]
    set_holding(
        tx,
        task.property,
        Holding(task.to, mortgaged=h.mortgaged and task.keep_mortgage),
    )
