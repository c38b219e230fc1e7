"""One home per card operation (issue 24): each operation a Chance or Community Chest card names
(a step's ``do``, a kept card's ``play`` or ``use``) is one module of
``companion/editions/cards/`` that declares its step, its answers and options, its kept-card
play with its moment and its message codes; the registries are filled from the operations the
edition's cards name, and a new operation takes its module, the card data and its catalogue
lines, nothing else."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import pytest

from companion.banker import cardplay, keptcards, playcards
from companion.banker.engine import COMMAND_HANDLERS  # noqa: F401 (loads the banker)
from companion.editions import EditionDataError, edition, load_edition
from companion.editions.cards import load_for, module_of, operations
from tests.banker import give, rejected, table
from tests.companion_copy import CompanionCopy
from tests.edition_data import ULTIMATE_DATA, copied
from tests.message_samples import assert_worded, said_in

ULTIMATE = edition("ultimate")
load_for(ULTIMATE)
NAMED = sorted(
    {op for card in ULTIMATE.deck.cards.values() for op in operations(card.play)}
)  # the operations Ultimate's cards name
MODULES = {
    name: importlib.import_module(f"companion.editions.cards.{name}")
    for name in sorted({module_of(op) for op in NAMED})
}


def test_every_operation_of_ultimates_cards_is_handled_in_its_own_module() -> None:
    """A step's ``do`` is a registered step, a kept card's ``play`` a registered play, each
    defined in the module of its operation (or of its family)."""
    for card in ULTIMATE.deck.cards.values():
        for spec in card.play:
            if spec["do"] != "keep":
                module = cardplay.STEPS[spec["do"]].__module__
                assert module == f"companion.editions.cards.{module_of(spec['do'])}", card.id
            elif spec["use"] == "play":
                module = playcards.PLAYS[spec["play"]].handler.__module__
                assert module == f"companion.editions.cards.{module_of(spec['play'])}", card.id
    assert "refuse" in NAMED  # Just Say NO!: its answer and options are its module's


def test_every_self_acting_use_of_ultimates_cards_is_handled_in_its_own_module() -> None:
    """A kept card's self-acting ``use`` (Get Out of Jail Free, Lawyer on Retainer, the rent
    cards...) is a hook registered at a banker's moment by the module of the use; every use
    the cards name is an operation (none served by the banker under its name)."""
    uses = set()
    for card in ULTIMATE.deck.cards.values():
        for spec in card.play:
            if spec["do"] == "keep" and spec["use"] not in ("play", "refuse"):
                uses.add(spec["use"])
                assert spec["use"] in NAMED, card.id
                use = keptcards.USES[spec["use"]]
                assert use.moment in keptcards.MOMENTS, card.id
                assert use.hook.__module__ == f"companion.editions.cards.{spec['use']}", card.id
    assert uses == {
        "jail",
        "lawyer",
        "auction_bonus",
        "share_price",
        "rent",
        "rent_received",
        "roll_three_share",
    }


def test_the_banker_asks_for_no_self_acting_card_by_its_use(repo_root: Path) -> None:
    """The banker asks which card a player holds by a self-acting use nowhere (``held(...,
    "lawyer")``): it calls the moment's hooks. Just Say NO! (``refuse``, the banker's own
    ``against``) and a played card (``play``) are its mechanism."""
    uses = set(keptcards.USES) | {"jail"}
    found = []
    for path in sorted((repo_root / "companion" / "banker").glob("*.py")):
        source = path.read_text("utf-8")
        asked = re.findall(r'\bheld\([^)]*?"(\w+)"', source)
        asked += re.findall(r'"(\w+)"\s*(?:in|==)\s*\w*\.?get\("use"\)', source)
        asked += re.findall(r'get\("use"\)\s*==\s*"(\w+)"', source)
        found += [f"{path.name}: {use}" for use in asked if use in uses]
    assert found == []


def test_the_landers_rent_card_acts_before_the_owners_whatever_the_load_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a rent due, Comped Room or Special Online Pricing (``rent``, the lander's) is asked
    before Renovation Success (``rent_received``, the owner's), as the banker always did."""
    load_for(ULTIMATE)
    loaded = dict(keptcards.USES)
    monkeypatch.setattr(keptcards, "USES", {})
    monkeypatch.setattr(keptcards, "_AT", {})
    for use in ("rent_received", "rent"):  # registered the other way round
        registered = loaded[use]
        keptcards.card_use(use, moment=registered.moment, order=registered.order)(registered.hook)
    assert [hook.__module__ for hook in keptcards.at("rent_due")] == [
        "companion.editions.cards.rent",
        "companion.editions.cards.rent_received",
    ]


def test_a_self_acting_card_played_is_refused_in_the_words_of_its_use() -> None:
    """``play_card`` with Get Out of Jail Free says what its module registered; another
    self-acting card says it acts by itself."""
    state = give(
        table("Ann", "Bob"), "Ann", cards=["chance-get-out-of-jail-free", "cc-insider-trading"]
    )
    assert rejected(state, "play_card", card="chance-get-out-of-jail-free") == (
        "play_card: 'Get Out of Jail Free!' gets you out of jail: use the jail_card command in jail"
    )
    assert rejected(state, "play_card", card="cc-insider-trading") == (
        "play_card: 'Insider Trading' acts by itself when it applies (Keep: pay 1/2 par value on"
        " your next stock purchase (not at auction).)"
    )


@pytest.mark.parametrize("name", sorted(MODULES))
def test_an_operations_message_codes_are_declared_and_worded_in_every_language(name: str) -> None:
    module = MODULES[name]
    kinds = ("ask", "reason", "note", "event", "option", "action", "move")
    assert said_in(module, kinds) == set(module.CODES)
    assert_worded(module.CODES)


def test_the_banker_has_no_ladder_of_card_operations(repo_root: Path) -> None:
    """An operation's name is compared in its own module, not in an ``==`` or ``in (...)``
    ladder of the banker (``move``, also an event and a step of many things, aside)."""
    names = set(NAMED) - {"move"}
    found = []
    for path in sorted((repo_root / "companion" / "banker").glob("*.py")):
        source = path.read_text("utf-8")
        compared = re.findall(r'==\s*"(\w+)"', source)
        compared += [
            word
            for group in re.findall(r"\bin \(([^)]*)\)", source)
            for word in re.findall(r'"(\w+)"', group)
        ]
        found += [f"{path.name}: {name}" for name in compared if name in names]
    assert found == []


def test_an_unknown_operation_in_an_editions_cards_is_refused_naming_the_file_and_card(
    repo_root: Path, tmp_path: Path
) -> None:

    def juggle(cards: dict[str, Any]) -> None:
        (loan,) = [c for c in cards["chance"] if c["id"] == "chance-loan-matures"]
        loan["play"] = [{"do": "juggle", "amount": 3}]

    folder = copied(ULTIMATE_DATA, tmp_path / "ultimate", cards=juggle)
    with pytest.raises(EditionDataError) as caught:
        load_edition(folder)
    assert str(caught.value) == (
        f"{folder / 'cards.json'}: card 'chance-loan-matures' does 'juggle': companion/editions/cards/ "
        "has no such card operation"
    )


# -- A new card operation: its module, the card data and its catalogue lines -----------------

POCKET_MONEY = '''
"""Pocket Money (a throwaway card operation of the tests): the drawer collects the card's
``amount`` from the Bank."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.banker.cardplay import card_step
from companion.banker.ledger import BANK
from companion.banker.tx import Tx
from companion.messages import message
from companion.rules.cards import Card

CODES = ("reason.pocket_money",)


@card_step("pocket_money")
def _pocket_money(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.transfer(BANK, player, spec["amount"], message("reason.pocket_money"))
'''

#: The catalogue lines of the operation: each file's line after which its own go.
CATALOGUE_LINES = {
    "messages/codes.py": ('"reason.house_condemned": {},', '    "reason.pocket_money": {},\n'),
    "locales/en/LC_MESSAGES/messages.po": (
        'msgid "House Condemned"\nmsgstr ""\n',
        '\nmsgctxt "reason.pocket_money"\nmsgid "Pocket money"\nmsgstr ""\n',
    ),
    "locales/fr/LC_MESSAGES/messages.po": (
        'msgstr "Maison insalubre"\n',
        '\nmsgctxt "reason.pocket_money"\nmsgid "Pocket money"\nmsgstr "Argent de poche"\n',
    ),
}

#: Played in a fresh interpreter on the changed copy: Ann rolls 2+4 and 1 from GO onto the
#: Chance space middle:7 and draws Loan Matures, which now gives pocket money.
PLAY = """
import json
from companion.banker.engine import apply, new_game, step
from companion.banker.state import replay
from companion.messages import render_message

state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
for name, card in (("Ann", "4-5-6"), ("Bob", "2-4-5")):
    state = apply(state, {"type": "deal", "player": name, "voucher": "voucher-bus-ticket",
                          "roll_three": card})
state = apply(state, {"type": "order_roll", "player": "Ann", "dice": [6, 6]})
state = apply(state, {"type": "order_roll", "player": "Bob", "dice": [1, 2]})
state = apply(state, {"type": "roll", "player": "Ann", "dice": [2, 4, 1]})
asked = [state.decision.kind, state.decision.data.get("deck")]
cash = state.cash["Ann"]
events, state = step(state, {"type": "draw", "player": "Ann", "card": "chance-loan-matures"})
paid = [e for e in events if e["type"] == "transfer" and e["to"] == "Ann"]
print(json.dumps({
    "asked": asked,
    "gain": state.cash["Ann"] - cash,
    "reasons": [[render_message(e["reason"], lang) for lang in ("en", "fr")] for e in paid],
    "next": state.decision.kind,
}))
"""


def test_a_new_card_operation_takes_its_module_the_card_data_and_its_catalogue_lines(
    repo_root: Path, tmp_path: Path
) -> None:
    """Pocket Money, an operation no edition has, is added to a copy of the companion as one
    module and its catalogue lines; a Chance card of the copied Ultimate deck does it (the
    edition's data). A draw of that card is banked through the engine, in a fresh
    interpreter."""
    copy = CompanionCopy(repo_root, tmp_path)
    copy.write("editions/cards/pocket_money.py", POCKET_MONEY)
    copy.insert(CATALOGUE_LINES)

    def pocket_money(cards: dict[str, Any]) -> None:
        (loan,) = [c for c in cards["chance"] if c["id"] == "chance-loan-matures"]
        loan["play"] = [{"do": "pocket_money", "amount": 7}]

    copy.change_json("editions/ultimate/cards.json", pocket_money)

    played = copy.play(PLAY)
    assert played["asked"] == ["draw", "chance"]
    assert played["gain"] == 7
    assert played["reasons"] == [["Pocket money", "Argent de poche"]]
    assert played["next"] == "end_turn"

    assert copy.touched() == [
        "editions/cards/pocket_money.py",
        "editions/ultimate/cards.json",  # the card that does it
        "locales/en/LC_MESSAGES/messages.po",
        "locales/fr/LC_MESSAGES/messages.po",
        "messages/codes.py",
    ]
