"""The plain money steps, one family sharing its code: ``pay_pool`` (into the edition's fees
account: the Pool, or the Bank in an edition without one), ``collect`` (from the Bank),
``pay_each`` and ``collect_each`` (every other player; Just Say NO! may refuse a collection),
``repairs`` (by building), ``per_property`` (by unmortgaged property) and ``by_track`` (by the
track the drawer is on)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker import tasks
from companion.banker.cardplay import card_reason, card_step
from companion.banker.keptcards import aimed
from companion.banker.ledger import BANK
from companion.banker.tx import Tx, others
from companion.rules.cards import Card
from companion.rules.table import building_piles

CODES = ("note.card_nothing_to_pay",)


@card_step("pay_pool")
def _pay_pool(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(tasks.Pay(player, tx.state.edition.fees_account, spec["amount"], card_reason(card)))


@card_step("collect")
def _collect(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.transfer(BANK, player, spec["amount"], card_reason(card))


def _owns_a(tx: Tx, player: str, kind: str) -> bool:
    return any(
        h.owner == player
        for h in (tx.state.holdings.get(n) for n in tx.board.properties_of_kind(kind))
        if h
    )


@card_step("pay_each")
def _pay_each(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    held = spec.get("if_holds")
    if held and not (
        _owns_a(tx, player, held["kind"]) or tx.state.seat(player).shares.get(held["company"])
    ):
        tx.note("note.card_nothing_to_pay", card=card.id, player=player, company=held["company"])
        return
    payees = others(tx.state, player)
    if "to_owners_of" in spec:
        payees = [p for p in payees if _owns_a(tx, p, spec["to_owners_of"])]
    tx.first(*(tasks.Pay(player, p, spec["amount"], card_reason(card)) for p in payees))


@card_step("collect_each")
def _collect_each(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(
        *(
            aimed(tx, p, tasks.Pay(p, player, spec["amount"], card_reason(card)), card.id)
            for p in others(tx.state, player)
        )
    )


def buildings_of(tx: Tx, player: str) -> dict[str, int]:
    """``player``'s buildings by kind, as a repairs card counts them."""
    counts = dict.fromkeys(_REPAIRED.values(), 0)
    for name, h in tx.state.holdings.items():
        if h.owner == player:
            for pile in building_piles(h, tx.board.properties[name][0].kind):
                counts[_REPAIRED[pile]] += h.level if pile == "houses" else 1
    return counts


#: The Bank's supply piles (``rules.table.building_piles``) as a repairs card names them.
_REPAIRED = {
    "houses": "house",
    "hotels": "hotel",
    "skyscrapers": "skyscraper",
    "train_depots": "depot",
    "cab_stands": "cab_stand",
}


@card_step("repairs")
def _repairs(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    counts = buildings_of(tx, player)
    amount = sum(spec.get(k, 0) * n for k, n in counts.items())
    tx.first(tasks.Pay(player, tx.state.edition.fees_account, amount, card_reason(card)))


@card_step("per_property")
def _per_property(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    n = sum(1 for h in tx.state.holdings.values() if h.owner == player and not h.mortgaged)
    fees = tx.state.edition.fees_account
    tx.first(tasks.Pay(player, fees, spec["amount"] * n, card_reason(card)))


@card_step("by_track")
def _by_track(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    amount = spec.get(tx.state.seat(player).position.track, 0)
    if amount > 0:
        tx.transfer(BANK, player, amount, card_reason(card))
    elif amount < 0:
        tx.first(tasks.Pay(player, tx.state.edition.fees_account, -amount, card_reason(card)))
