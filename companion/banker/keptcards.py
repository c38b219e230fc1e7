"""Kept Chance and Community Chest cards that act by themselves or refuse another card: the
mechanism. Each self-acting use (Get Out of Jail Free, Lawyer on Retainer, Always Bank on
Family, Comped Room...) is a card operation of ``companion/editions/cards/`` that registers its
hook at one of the banker's moments (:data:`MOMENTS`) with :func:`card_use`; the banker calls
the moment (:func:`jail_card`, :func:`priced`, :func:`rent_changed`...), never a card. Here too
the effects played against a player that Just Say NO! can cancel (its answer is the card
operation ``companion/editions/cards/refuse.py``).

B7: a kept card that acts by itself does so the next time it applies (:func:`held` finds it),
and goes back to the deck. B16: Just Say NO! stops any card aimed at its holder (:func:`aimed`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.banker import tasks
from companion.banker.state import GameState
from companion.banker.tx import Tx, registrar, return_card, set_holding, task
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.situation import Holding

#: A self-acting use's hook at its moment: the moment's arguments, its answer (:data:`MOMENTS`).
UseHook = Callable[..., Any]

#: The banker's moments at which a kept card acts by itself, and what their hooks take and
#: answer. The banker names the moment; the card operation (``companion/editions/cards/``)
#: registers its use there with :func:`card_use`.
MOMENTS: Mapping[str, str] = {
    "in_jail": "(state, player) -> the card that gets the jailed player out, or None",
    "card_fine": "(tx, player, card) -> whether a card held cancels the card's fine",
    "auction_won": "(state, winner, bid) -> (what the winner pays, the card that changed it)",
    "share_bought": "(state, player, par) -> (what the share costs, the card that changed it)",
    "rent_due": "(tx, rent task) -> whether a card held changed the rent (it did it)",
    "roll_three_won": "(tx, winnings by player) -> None",
}


@dataclass(frozen=True, slots=True)
class CardUse:
    """A kept card's self-acting use (``"use"`` in the cards): its moment and its hook, and
    what ``play_card`` answers for such a card if not that it acts by itself (``{title!r}``)."""

    moment: str
    hook: UseHook
    refusal: str | None = None
    #: Where its hook runs among the moment's (lower first): the rent's, the lander's card (0)
    #: before the owner's (1).
    order: int = 0


#: The self-acting uses of kept cards, by ``use`` (``companion/editions/cards/``), in the
#: order they were loaded.
USES: dict[str, CardUse] = {}


def card_use(
    use: str, *, moment: str, refusal: str | None = None, order: int = 0
) -> Callable[[UseHook], UseHook]:
    """Register the decorated function as what kept cards ``{"use": use}`` do at the banker's
    ``moment`` (one of :data:`MOMENTS`), ``order``-th among the moment's hooks."""

    def register(hook: UseHook) -> UseHook:
        assert use not in USES, f"two hooks for the use {use!r}"
        assert moment in MOMENTS, f"no moment {moment!r}"
        USES[use] = CardUse(moment, hook, refusal, order)
        uses = sorted((u for u in USES.values() if u.moment == moment), key=lambda u: u.order)
        _AT[moment] = tuple(u.hook for u in uses)
        return hook

    return register


def at(moment: str) -> tuple[UseHook, ...]:
    """The hooks of the loaded uses at ``moment``, in their ``order``; none when the edition's
    deck has no such card."""
    return _AT.get(moment, ())


#: Each moment's hooks in their order (:func:`at`), kept as the uses register.
_AT: dict[str, tuple[UseHook, ...]] = {}


def jail_card(state: GameState, player: str) -> str | None:
    """The kept card that gets the jailed ``player`` out (Get Out of Jail Free), or ``None``."""
    return next((c for hook in at("in_jail") if (c := hook(state, player))), None)


def fine_cancelled(tx: Tx, player: str, card_id: str) -> bool:
    """Whether a kept card of ``player`` (Lawyer on Retainer) cancels the fine of ``card_id``."""
    return any(hook(tx, player, card_id) for hook in at("card_fine"))


def priced(tx: Tx, moment: str, player: str, price: int) -> int:
    """What ``player`` pays at ``moment`` (``auction_won``, ``share_bought``), the kept cards
    that change the price handed back."""
    for hook in at(moment):
        price, card = hook(tx.state, player, price)
        if card is not None:
            return_card(tx, player, card)
    return price


def price_now(state: GameState, moment: str, player: str, price: int) -> int:
    """What ``player`` would pay at ``moment`` with the kept cards held now (the options)."""
    for hook in at(moment):
        price, _ = hook(state, player, price)
    return price


def rent_changed(tx: Tx, rent: tasks.Rent) -> bool:
    """Whether a kept card held changed the rent due (the card's hook did it)."""
    for hook in at("rent_due"):  # a loop, not any() over a generator: asked at every rent
        if hook(tx, rent):
            return True
    return False


def roll_three_won(tx: Tx, winnings: Mapping[str, int]) -> None:
    """The kept cards that act on a Roll Three's winnings (Share in Their Good Fortune)."""
    for hook in at("roll_three_won"):
        hook(tx, winnings)


def kept_for(state: GameState, player: str, use: str) -> tuple[str, ...]:
    """Every kept card of ``player`` used this way (``use``: ``jail``, ``refuse``...), in hand
    order."""
    cards = state.edition.deck.cards
    return tuple(c for c in state.seat(player).cards if cards[c].play[0].get("use") == use)


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
    return registrar(EFFECT_WORDS, [do])


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


@task("hand_over")
def _task_hand_over(tx: Tx, task: tasks.HandOver) -> None:
    h = tx.state.holdings[task.property]
    set_holding(
        tx,
        task.property,
        Holding(task.to, mortgaged=h.mortgaged and task.keep_mortgage),
    )
