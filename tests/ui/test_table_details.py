"""The table's smaller details, headless (issue 22, item 9): the dice that count on the jail and
turn-order proposals, the turn order said once found, where each Free Cab Fare lands, a space
at a glance, and the house rules in a family's words."""

from __future__ import annotations

import json
import re

from tests.ui import test_controller
from tests.ui.test_controller import FakeClock, reading, rolling
from ui import viewmodels as vm

#: The controller tests' fixture: a controller on a real log in the test's folder.
make = test_controller.make


def spaced(text: str) -> str:
    """French text with its no-break spaces as plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def test_the_turn_order_proposal_shows_only_the_two_dice_that_count(make, tmp_path):
    c = rolling(make, FakeClock(), 0, tmp_path)
    assert c.view.decision.kind == "order_roll"
    c.on_reading(reading(1, (3, 4), "mr"))
    p = c.view.proposal
    assert (p.faces, p.faces_text, p.label) == ((3, 4), "3+4", "Apply 3+4")
    assert c.confirm_roll(c.decision_id), c.view.notice
    assert c.game.done[-1]["dice"] == [3, 4]


def test_the_jail_proposal_shows_only_the_two_dice_that_count(make):
    table = {
        "players": [
            {"name": "Ann", "position": "middle:10", "in_jail": True, "cash": 1000, "vouchers": []},
            {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
        ],
        "to_move": "Ann",
    }
    c = make()
    assert c.start_from_situation(json.dumps(table)), c.view.notice
    c.on_reading(reading(1, (2, 5), "bus"))
    p = c.view.proposal
    assert (p.faces, p.faces_text) == ((2, 5), "2+5")
    c.set_language("fr")
    c.on_reading(reading(2, (2, 5), "bus"))
    assert c.view.proposal.faces_text == "2+5"


def test_the_turn_order_found_is_said_on_the_table_and_in_history(make, tmp_path):
    c = rolling(make, FakeClock(), 0, tmp_path)
    for dice in ((1, 2), (6, 5)):  # Ann then Bob: Bob rolls highest
        assert c.enter_roll(c.decision_id, dice), c.view.notice
    said = "Bob rolled highest and starts; the order of play: Bob and Ann."
    assert c.view.notice == said
    assert any(said in row.text for row in c.history())
    c.set_language("fr")
    found = "Bob a fait le plus haut score et commence ; l'ordre de jeu : Bob et Ann."
    assert any(found in spaced(row.text) for row in c.history())
    assert c.enter_roll(c.decision_id, [3, 4, "1"]), c.view.notice
    assert "ordre de jeu" not in c.view.notice  # said once, when found


#: Ann on Baltic Avenue holds two Free Cab Fares; Bob owns Reading Railroad, two spaces ahead.
CAB_TABLE = {
    "players": [
        {
            "name": "Ann",
            "position": "middle:3",
            "cash": 1000,
            "vouchers": ["voucher-free-cab-fare-ahead-2", "voucher-free-cab-fare-back-3"],
        },
        {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
    ],
    "to_move": "Ann",
    "properties": {"Reading Railroad": {"owner": "Bob"}},
}


def test_each_free_cab_fare_choice_names_where_it_lands_and_the_rent_there(make):
    c = make()
    assert c.start_from_situation(json.dumps(CAB_TABLE)), c.view.notice
    labels = [ch.label for ch in c.view.decision.choices if ch.is_voucher]
    assert labels == [
        "Free Cab Fare +2: stay on this track, to Reading Railroad (Bob \u00b7 Rent $25)",
        "Free Cab Fare +2: change track, to Reading Railroad (Bob \u00b7 Rent $25)",
        "Free Cab Fare -3: stay on this track, to GO",
        "Free Cab Fare -3: change track, to GO",
    ]
    c.set_language("fr")
    labels = [spaced(ch.label) for ch in c.view.decision.choices if ch.is_voucher]
    assert labels[0] == (
        "Taxi gratuit +2 : rester sur cette piste, vers Reading Railroad (Bob \u00b7 Loyer 25 $)"
    )
    assert labels[3] == "Taxi gratuit -3 : changer de piste, vers GO"


def test_a_space_at_a_glance_names_its_owner_and_rent_or_its_price(make):
    c = make()
    assert c.start_from_situation(json.dumps(CAB_TABLE)), c.view.notice
    spaces = {s.key: s for s in c.board_view().spaces}
    assert spaces["middle:5"].glance == "Bob \u00b7 Rent $25"
    assert spaces["middle:39"].glance == "For sale: $400"
    assert spaces["middle:2"].glance == ""  # Community Chest: its name says it all
    assert spaced(vm.space_view(None, "middle:39", "fr").glance) == "À vendre : 400 $"


def test_the_house_rules_are_worded_for_a_family_without_ruling_ids(make):
    c = make()
    for lang in ("en", "fr"):
        c.set_language(lang)
        rules = {key: text for key, _on, _title, text in c.setup_choices().house_rules}
        assert len(rules) == 6
        for key, text in rules.items():
            assert not re.search(r"\([A-Z]\d+\)", text), (lang, key, text)
    assert rules["triples_pay_salaries"] == (
        "Sur un triple, le joueur touche le salaire de chaque coin payant passé en chemin."
    )
    c.set_language("en")
    rules = {key: text for key, _on, _title, text in c.setup_choices().house_rules}
    assert rules["birthday_from_players"] == (
        "Birthday Gift: each other player gives $100, instead of the Bank."
    )


def test_the_turn_order_said_on_the_table_follows_a_language_switch(make, tmp_path):
    c = rolling(make, FakeClock(), 0, tmp_path)
    for dice in ((1, 2), (6, 5)):
        assert c.enter_roll(c.decision_id, dice), c.view.notice
    c.set_language("fr")
    assert spaced(c.view.notice) == (
        "Bob a fait le plus haut score et commence ; l'ordre de jeu : Bob et Ann."
    )
