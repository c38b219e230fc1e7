"""One home per space rule (issue 24): each space kind is one module of
``companion/editions/rules/`` that declares what the referee says of landing there, the banker's
handlers and options, its message codes and its house-rule flag; and a new rule takes its module
and its catalogue lines, nothing else."""

from __future__ import annotations

import importlib
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from companion.banker.engine import COMMAND_HANDLERS, TASK_HANDLERS  # noqa: F401 (loads)
from companion.editions import edition
from companion.rules.board import PROPERTY_KINDS
from companion.rules.movement import NOTE_CODES
from companion.rules.referee import describe_space
from companion.rules.situation import Options
from companion.rules.spacekinds import LANDINGS, NOTES, landing_of
from tests.companion_copy import CompanionCopy
from tests.message_samples import assert_worded, said_in

ULTIMATE = edition("ultimate")
RULES = {
    name: importlib.import_module(f"companion.editions.rules.{name}") for name in ULTIMATE.rules
}
#: The corners that ask nothing of the lander: no rule, no action.
QUIET_KINDS = {"pay_corner", "jail", "free_parking"}


def test_every_kind_of_space_on_the_board_is_a_property_a_quiet_corner_or_a_rule() -> None:
    kinds = {space.kind for space in ULTIMATE.board.spaces}
    assert kinds - PROPERTY_KINDS - QUIET_KINDS == {rule.KIND for rule in RULES.values()}
    assert set(LANDINGS) == {rule.KIND for rule in RULES.values()}
    for name, rule in RULES.items():
        assert rule.KIND == name
        assert landing_of(rule.KIND, edition("ultimate")).__module__ == rule.__name__


@pytest.mark.parametrize("name", ULTIMATE.rules)
def test_a_rules_message_codes_are_declared_and_worded_in_every_language(name: str) -> None:
    rule = RULES[name]
    assert said_in(rule, ("ask", "reason", "note", "event", "option")) == set(rule.CODES)
    assert_worded(rule.CODES)


@pytest.mark.parametrize("name", ULTIMATE.rules)
def test_a_rules_house_rule_is_an_option_of_the_game(name: str) -> None:
    flag = RULES[name].HOUSE_RULE
    assert flag is None or flag in {f.name for f in fields(Options)}


def test_the_rules_notes_are_note_codes() -> None:
    for code, params in NOTES.items():
        assert NOTE_CODES[code] == params


def test_the_movement_resolver_and_the_banker_have_no_ladder_of_space_kinds(
    repo_root: Path,
) -> None:
    """A space rule's kind is named in its own module, not in an ``if kind ==`` elsewhere."""
    kinds = {rule.KIND for rule in RULES.values()}
    places = [repo_root / "companion" / "rules" / name for name in ("movement.py", "referee.py")]
    places += sorted((repo_root / "companion" / "banker").glob("*.py"))
    ladders = [
        f"{path.name}: {kind}"
        for path in places
        # (A Travel Voucher's kind, bus_ticket, is not the space's.)
        for kind in re.findall(r'(?<!voucher)\.kind\s*==\s*"(\w+)"', path.read_text("utf-8"))
        if kind in kinds
    ]
    assert ladders == []


def test_the_referee_describes_a_tax_space_by_its_rule() -> None:
    """D3: Income Tax $200, Luxury Tax $75, both into the Pool."""
    board = ULTIMATE.board
    assert describe_space(ULTIMATE, board.space("Luxury Tax")).splitlines() == [
        "Luxury Tax (middle:38): tax",
        "Pay $75 into the Pool",
    ]
    assert describe_space(ULTIMATE, board.space("Income Tax")).endswith("\nPay $200 into the Pool")


# -- A new space rule: its module and its catalogue lines -------------------------------------

LUCKY_SPOT = '''
"""Lucky Spot (a throwaway rule of the tests): the lander collects $7 from the Bank."""

from __future__ import annotations

from companion.banker import tasks
from companion.banker.ledger import BANK
from companion.banker.moves import follow_up
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "lucky_spot"
HOUSE_RULE = None
CODES = ("reason.lucky_spot",)
LUCK = 7


@landing(KIND, notes={"action.collect_luck": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action("collect_luck", f"Lucky Spot: collect ${LUCK} from the Bank.", LUCK)


@follow_up("collect_luck")
def _collect(player: str, a: Action) -> tasks.Task:
    return tasks.Pay(BANK, player, a.amount or 0, message("reason.lucky_spot"))
'''

#: The catalogue lines of the rule: each file's line after which its own go.
CATALOGUE_LINES = {
    "messages/codes.py": ('"reason.tax_refund": {},', '    "reason.lucky_spot": {},\n'),
    "locales/en/LC_MESSAGES/messages.po": (
        'msgid "Tax Refund: half the Pool"\nmsgstr ""\n',
        '\nmsgctxt "reason.lucky_spot"\nmsgid "Lucky Spot"\nmsgstr ""\n'
        '\nmsgctxt "referee.action.collect_luck"\n'
        'msgid "Lucky Spot: collect {amount} from the Bank."\nmsgstr ""\n',
    ),
    "locales/fr/LC_MESSAGES/messages.po": (
        'msgstr "Tax Refund : la moitié du Pool"\n',
        '\nmsgctxt "reason.lucky_spot"\nmsgid "Lucky Spot"\nmsgstr "Case chanceuse"\n'
        '\nmsgctxt "referee.action.collect_luck"\n'
        'msgid "Lucky Spot: collect {amount} from the Bank."\n'
        'msgstr "Case chanceuse : touchez {amount} de la Banque."\n',
    ),
}

#: Played in a fresh interpreter on the changed copy: Ann rolls 2+4 and 1 from GO onto middle:7.
PLAY = """
import json
from companion.banker.engine import apply, new_game
from companion.banker.state import replay
from companion.messages import render_message
from companion.editions import edition
from companion.rules.movement import Roll, resolve_roll

board = edition("ultimate").board
state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
for name, card in (("Ann", "4-5-6"), ("Bob", "2-4-5")):
    state = apply(state, {"type": "deal", "player": name, "voucher": "voucher-bus-ticket",
                          "roll_three": card})
state = apply(state, {"type": "order_roll", "player": "Ann", "dice": [6, 6]})
state = apply(state, {"type": "order_roll", "player": "Bob", "dice": [1, 2]})
referee = resolve_roll(board, state.situation(), Roll(2, 4, 1))
from ui.explain import explain, unworded  # the app's, from the repository as it is
explained = {lang: list(explain(referee, lang)) for lang in ("en", "fr")}
cash = state.cash["Ann"]
from companion.banker.engine import step
events, state = step(state, {"type": "roll", "player": "Ann", "dice": [2, 4, 1]})
paid = [e for e in events if e["type"] == "transfer" and e["to"] == "Ann"]
print(json.dumps({
    "kind": board.by_key("middle:7").kind,
    "landing": referee.landing.key,
    "notes": [[n.code, dict(n.params), n.text] for n in referee.notes],
    "explained": explained,
    "unworded": list(unworded(referee)),
    "gain": state.cash["Ann"] - cash,
    "reasons": [[render_message(e["reason"], lang) for lang in ("en", "fr")] for e in paid],
    "next": state.decision.kind,
}))
"""


def test_a_new_space_rule_takes_its_module_and_its_catalogue_lines(
    repo_root: Path, tmp_path: Path
) -> None:
    """Lucky Spot, a rule no edition has, is added to a copy of the companion as one module,
    its name in the edition's list of rules and its catalogue lines; one space of the copied
    Ultimate board becomes a Lucky Spot (the edition's data: the test board, not the rule). A
    landing on it is refereed and banked through the engine, in a fresh interpreter, and the
    app (``ui/`` of the repository, not copied, so untouched) explains it in French from the
    rule's catalogue lines alone."""
    copy = CompanionCopy(repo_root, tmp_path)
    copy.write("editions/rules/lucky_spot.py", LUCKY_SPOT)
    copy.change_json(
        "editions/ultimate/edition.json", lambda data: data["rules"].append("lucky_spot")
    )
    copy.insert(CATALOGUE_LINES)

    def lucky(board: dict[str, Any]) -> None:
        (chance,) = [s for s in board["spaces"] if (s["track"], s["index"]) == ("middle", 7)]
        chance["kind"] = "lucky_spot"

    copy.change_json("editions/ultimate/board.json", lucky)

    played = copy.play(PLAY, with_repo=True)
    assert played["kind"] == "lucky_spot" and played["landing"] == "middle:7"
    assert [
        "action.collect_luck",
        {"space": "middle:7", "amount": 7},
        "Lucky Spot: collect $7 from the Bank.",
    ] in played["notes"]
    luck = played["notes"].index(
        [
            "action.collect_luck",
            {"space": "middle:7", "amount": 7},
            "Lucky Spot: collect $7 from the Bank.",
        ]
    )
    assert played["explained"]["fr"][luck] == "Case chanceuse\u00a0: touchez 7\u00a0$ de la Banque."
    assert played["explained"]["en"][luck] == "Lucky Spot: collect $7 from the Bank."
    assert played["unworded"] == []
    assert played["gain"] == 7
    assert played["reasons"] == [["Lucky Spot", "Case chanceuse"]]
    assert played["next"] == "end_turn"

    rule_files = [
        "editions/ultimate/edition.json",  # the edition's list of rules
        "editions/rules/lucky_spot.py",
        "messages/codes.py",
        "locales/en/LC_MESSAGES/messages.po",
        "locales/fr/LC_MESSAGES/messages.po",
    ]
    assert copy.touched() == sorted([*rule_files, "editions/ultimate/board.json"])
    assert len(rule_files) <= 5
