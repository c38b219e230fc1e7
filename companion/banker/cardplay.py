"""A Chance or Community Chest card drawn: kept, or its steps done one by one.

Each card's ``play`` list in the edition's ``cards.json`` gives its steps in order; each step's
``do`` is a card operation, a module of ``companion/editions/cards/`` that registers its handler
here with :func:`card_step` (``{"do": "move"}`` is the card's movement,
``companion.rules.movement.resolve_card``). Cards that are kept go to the drawer's hand: some are
played with the ``play_card`` command (``playcards``), some act by themselves the next time they
apply (``keptcards``), and Just Say NO! lets its holder refuse a card played against them. See
``docs/rulings.md`` (B5 to B9, B11, B16).

>>> from companion.editions import edition
>>> [step["do"] for step in edition("ultimate").deck.card("cc-vehicle-impounded").play]
['pay_pool', 'move', 'lose_turn']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.banker import tasks
from companion.banker.tx import Tx, registrar, task
from companion.messages import Message, message
from companion.rules.cards import Card

#: A card step's handler: ``(tx, drawer, card, the step's spec)``.
Step = Callable[[Tx, str, Card, Mapping[str, Any]], None]
#: The card operations' steps, by ``do`` (``companion/editions/cards/``).
STEPS: dict[str, Step] = {}


def card_step(*names: str) -> Callable[[Step], Step]:
    """Register the decorated function as the step of the card operations ``names`` (a card's
    ``{"do": name}``)."""
    return registrar(STEPS, names)


def drawn(tx: Tx, player: str, card: Card) -> None:
    """A card has been drawn: keep it, or do its steps. B6: a kept card is out of the deck
    while a hand holds it; one not kept goes back under the deck at once."""
    if card.keep:
        tx.emit("card_kept", player=player, card=card.id)
        return
    _steps(tx, player, card)


def _steps(tx: Tx, player: str, card: Card) -> None:
    tx.first(*(tasks.CardStep(player, card.id, i) for i in range(len(card.play))))


@task("card_step")
def step(tx: Tx, task: tasks.CardStep) -> None:
    """Task: one step of a card."""
    player = task.player
    if tx.state.seat(player).bankrupt:
        return
    card = tx.deck.card(task.card)
    spec = card.play[task.i]
    STEPS[spec["do"]](tx, player, card, spec)


def skip_rest(tx: Tx, player: str, card: Card) -> None:
    """The rest of ``card``'s steps for ``player`` are not done (a Lawyer cancelled it)."""
    tx.agenda[:] = [
        t
        for t in tx.agenda
        if not (isinstance(t, tasks.CardStep) and t.card == card.id and t.player == player)
    ]


def of_card(card: Card) -> dict[str, str]:
    """The card a message names (the parameters of a decision a card poses)."""
    return {"card": card.id}


def card_reason(card: Card) -> Message:
    """Money that changes hands because of ``card``."""
    return message("reason.card", card=card.id)


def one_down(tx: Tx, level: int) -> int:
    """B5: a building taken off (Hurricane, Tornado, Assets Seized) goes back to the Bank
    without payment: a skyscraper leaves a hotel, a hotel 4 houses, as far as the Bank has them
    (with too few, the lot keeps what the Bank can supply)."""
    supply = tx.state.supply()
    if level == 6 and supply["hotels"]:
        return 5
    if level >= 5:
        return min(4, supply["houses"])
    return level - 1
