"""Reverse Rent and The Rent Is Too Darn High (``play: reverse_rent``, ``play: cheap_rent``,
one family sharing its code, B8): played when its holder owes rent, the owner pays the rent to
them instead, or they pay at most the card's ``amount``; the owner may refuse it with Just Say
NO! (then the rent is due as it was). The rent decision offers them (``answers``)."""

from __future__ import annotations

from companion.banker import commands, tasks
from companion.banker.cardplay import card_reason
from companion.banker.keptcards import against
from companion.banker.playcards import card_play
from companion.banker.state import GameState
from companion.banker.tx import Tx, return_card
from companion.rules.cards import Card

CODES = ()


def _owes_rent(state: GameState, player: str) -> bool:
    d = state.decision
    return d.kind == "rent" and d.player == player


_WHEN = "{title!r} is played when you owe rent"


# Registered from the bottom up: Reverse Rent first, the one the rent's question names when
# the holder has both.
@card_play("cheap_rent", moment=_owes_rent, when=_WHEN, answers="rent")
@card_play("reverse_rent", moment=_owes_rent, when=_WHEN, answers="rent")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    d = tx.state.decision
    return_card(tx, player, card.id)
    task = tx.agenda.pop(0)
    assert isinstance(task, tasks.Rent)
    why, owner = card_reason(card), d.data["owner"]
    spec = card.play[0]
    if spec["play"] == "reverse_rent":
        effect = tasks.Pay(owner, player, d.data["amount"], why)
    else:
        effect = tasks.Pay(player, owner, min(spec["amount"], task.amount), why)
    # The owner may refuse it with Just Say NO!: then the rent is due as it was.
    against(tx, owner, effect, card.id, instead=[task])
    tx.moved_on = True
