"""The referee's explanation in the table's language (ui.explain), against the engine's notes.

Every question is resolved by the real movement rules: the golden movement table's cases (cards,
vouchers, Subway, taxis, jail...) and every space of the board with several rolls (Mr. Monopoly,
the Bus, doubles, triples, odd and even) on a board where players own, build and mortgage, with
the mover in several states (Reverse Direction, Subway, Transit Token, in jail). Each note is
worded from its message code and parameters: the lines are checked against the note's English.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from companion.editions import edition
from companion.errors import IllegalMoveError
from companion.rules.movement import (
    CHOICE_SETS,
    NOTE_CODES,
    REASONS,
    Note,
    Resolution,
    Roll,
    resolve_card,
    resolve_roll,
    resolve_voucher,
)
from companion.rules.situation import Situation
from tests.test_golden_moves import CASES, resolve
from ui import explain as explain_module
from ui import viewmodels as vm
from ui.explain import explain, note_line, unworded
from ui.i18n import extract_messages, money, read_catalog

BOARD = edition("ultimate").board
DECK = edition("ultimate").deck
ROLLS = (
    Roll(3, 4, "mr"),
    Roll(2, 2, "bus"),
    Roll(1, 2, 3),
    Roll(5, 5, 2),
    Roll(6, 4, "mr"),
    Roll(4, 2, "bus"),
    Roll(2, 2, 2),
)


def _table(
    position: str,
    *,
    everything_owned: bool = False,
    all_mine: bool = False,
    bank_vouchers: int | None = None,
    **me: Any,
) -> Situation:
    """A table under way: Bob owns the outer track (hotels on some streets, cab stands),
    Cy the middle (one group mortgaged), Ann a few of her own; the Pool holds $430.
    ``all_mine``: Ann owns everything; ``bank_vouchers``: the Travel Vouchers left to draw."""
    properties: dict[str, dict[str, Any]] = {}
    for name, spaces in BOARD.properties.items():
        space = spaces[0]
        if all_mine:
            properties[name] = {"owner": "Ann"}
        elif space.track == "outer":
            properties[name] = {"owner": "Bob"}
            if space.kind == "street" and space.index % 3 == 0:
                properties[name]["buildings"] = "hotel"
            if space.kind == "cab_company":
                properties[name]["cab_stand"] = True
        elif space.track == "middle" and (everything_owned or space.index % 4 != 1):
            properties[name] = {"owner": "Cy", "mortgaged": space.group == "orange"}
        elif everything_owned or space.index % 5 == 0:
            properties[name] = {"owner": "Ann"}
    players = [
        {"name": "Ann", "position": position, "vouchers": 1, **me},
        {"name": "Bob", "position": "outer:0"},
        {"name": "Cy", "position": "middle:0"},
    ]
    table: dict[str, Any] = {"players": players, "properties": properties, "pool": 430}
    if bank_vouchers is not None:
        table["vouchers_left"] = bank_vouchers
    return Situation.parse(table)


@cache
def questions() -> tuple[Resolution, ...]:
    """Many referee answers: the golden cases and every space x several rolls and states."""
    answers = [resolve(case) for case in CASES]
    for space in BOARD.spaces:
        tables = [
            (_table(space.key), ROLLS),
            (_table(space.key, everything_owned=True), ROLLS[:2]),
            (_table(space.key, reverse_direction=True), ROLLS[:3]),
            (_table(space.key, bank_vouchers=0), ROLLS[:3]),
            (_table(space.key, bank_vouchers=0, vouchers=0, reverse_direction=True), ROLLS[1:2]),
            (_table(space.key, all_mine=True), ROLLS[:3]),
        ]
        if BOARD.is_station(space):
            tables.append((_table(space.key, transit_token=True), ROLLS[1:3]))
        if space == BOARD.jail:
            for tries in (0, 2):
                jailed = _table(space.key, in_jail=True, jail_turns=tries)
                tables.append((jailed, (Roll(3, 4), Roll(5, 5))))
        for situation, rolls in tables:
            for roll in rolls:
                answers.append(resolve_roll(BOARD, situation, roll))
    answers += card_and_voucher_questions()
    # R16: Mr. Monopoly's first move stops on the last unowned property, and who wins it at
    # auction changes the rent where the bonus move goes.
    last = {n: {"owner": "Bob"} for n in BOARD.properties if n != "The Embarcadero"}
    players = [{"name": "Ann", "position": "inner:14"}, {"name": "Bob", "position": "outer:0"}]
    situation = Situation.parse({"players": players, "properties": last})
    answers.append(resolve_roll(BOARD, situation, Roll(5, 6, "mr")))
    # M6 with salaries on the way: triples that choose the space the token stands on.
    for where in ("outer:5", "middle:12"):
        options = {"triples_pay_salaries": True}
        situation = Situation.parse(
            {"players": [{"name": "Ann", "position": where}], "options": options}
        )
        answers.append(resolve_roll(BOARD, situation, Roll(3, 3, 3), to=BOARD.space(where)))
    return tuple(answers)


def card_and_voucher_questions() -> list[Resolution]:
    """Every Chance and Community Chest card and every Travel Voucher, from a few spaces, on
    the table under way and on a fresh board."""
    answers = []
    for where in ("States Avenue", "middle:5", "outer:5", "inner:10", "middle:36"):
        start = BOARD.space(where)
        tables = (
            _table(start.key),
            _table(start.key, all_mine=True),
            _table(start.key, shares={DECK.stock_names[0]: 2}),
            Situation.fresh(start),
        )
        for situation in tables:
            answers += _cards(situation) + _vouchers(situation)
    return answers


def _cards(situation: Situation) -> list[Resolution]:
    answers = []
    for card in DECK.cards.values():
        move = card.move or {}
        either = move.get("kind") == "either"
        for option, one in zip(
            (1, 2) if either else (None,), move.get("options", [move]), strict=True
        ):
            to = None
            if one.get("kind") == "choose":
                allowed = CHOICE_SETS[one["among"]]
                to = next((s for s in BOARD.spaces if allowed(BOARD, situation, s)), None)
                if to is None:
                    continue
            rolls = (Roll(2, 2), Roll(3, 4)) if one.get("kind") == "roll_back" else (None,)
            for roll in rolls:
                answers.append(
                    resolve_card(BOARD, situation, card, to=to, roll=roll, option=option)
                )
    return answers


def _vouchers(situation: Situation) -> list[Resolution]:
    answers = []
    for voucher in DECK.vouchers.values():
        if voucher.kind == "free_cab_fare":
            for ride in (False, True):
                answers.append(resolve_voucher(BOARD, situation, voucher, ride=ride))
            continue
        for to in BOARD.track(situation.player().position.track):
            try:
                answers.append(resolve_voucher(BOARD, situation, voucher, to=to))
            except IllegalMoveError:
                continue
    return answers


def test_the_questions_cover_every_kind_of_step_and_action() -> None:
    """The sample is worth checking: every step kind and most follow-ups occur in it."""
    kinds = {s.kind for r in questions() for s in r.steps}
    actions = {a.kind for r in questions() for a in r.follow_up}
    assert kinds == {"walk", "back", "ride", "tunnel", "subway", "taxi", "direct", "jail"}
    assert {
        "draw_chance",
        "draw_community_chest",
        "squeeze_play",
        "roll_three",
        "stock_exchange",
        "reverse_direction",
        "subway",
        "go_to_jail",
        "auction_any",
        "use_jail_card",
        "voucher_expires",
        "no_travel_voucher",
        "continue_turn",
        "transit_token",
        "expire_vouchers",
        "buy_or_auction",
        "pay_rent",
        "mortgaged",
        "own_property",
        "taxi_ride",
        "pay_tax",
        "collect_tax_refund",
        "birthday_gift",
        "holland_tunnel",
        "bus_option",
        "choose_any_space",
        "roll_again",
        "end_turn",
        "pay_bail",
        "draw_travel_voucher",
        "in_jail",
        "card_effect",
        "no_rent",
        "pay_taxi_fare",
        "nothing",
        "take_property",
        "all_players_move",
        "if_unsold",
    } <= actions
    assert sum(len(r.notes) for r in questions()) > 10000
    # Every code the engine has occurs in the sample, so each one's words are checked below.
    codes = {note.code for r in questions() for note in r.notes}
    assert sorted(set(NOTE_CODES) - codes) == []


def test_the_explanation_knows_every_code_and_reason_of_the_engine() -> None:
    assert sorted(set(NOTE_CODES) ^ set(explain_module._SAY)) == []
    assert sorted(set(REASONS) ^ set(explain_module._REASONS)) == []


def test_every_note_of_the_engine_has_its_words() -> None:
    left = {note for r in questions() for note in unworded(r)}
    assert left == set()


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_reason_has_its_words_in_both_languages(reason: str) -> None:
    """Some reasons never make a note in the sample (an odd move rides no station): say each
    one on a ride, as the engine would give it."""
    if reason.startswith("card"):
        extra: dict[str, Any] = {"card": "chance-caught-insider-trading"}
    elif reason == "voucher":
        extra = {"voucher": next(iter(DECK.vouchers))}
    elif reason.startswith(("even_", "odd_")):
        extra = {"count": 7}
    else:
        extra = {}
    params = {"space": "inner:9", "track": "inner", "reason": reason, **extra}
    note = Note("step.ride", params, "(the engine's English)")
    en, fr = note_line(note, "en"), note_line(note, "fr")
    assert en is not None and fr is not None
    assert en.endswith(": ride the Pennsylvania Railroad transit station onto the inner track.")
    assert fr != en
    assert not re.search(r"\{\w*\}", en + fr)


_AMOUNT = re.compile(r"\$([\d,]+)")
#: What a note says that the lines need not repeat: rule ids (M8, R16) and space keys.
_NOT_FACTS = re.compile(r"\b[A-Z]\d+\b|\b\w+:\d+\b")
_NAMES = sorted({s.name for s in BOARD.spaces}, key=len, reverse=True)


def _facts(note: str) -> tuple[set[int], set[str], set[str]]:
    """The amounts, space names and other numbers a note states."""
    amounts = {int(a.replace(",", "")) for a in _AMOUNT.findall(note)}
    rest = _NOT_FACTS.sub(" ", _AMOUNT.sub(" ", note))
    names = {n for n in _NAMES if n in rest}
    return amounts, names, set(re.findall(r"\d+", rest))


def test_the_english_lines_carry_the_facts_of_the_engines_notes() -> None:
    wrong = []
    for r in questions():
        notes, lines = r.explanation[1:], explain(r, "en")
        assert len(lines) == len(notes)
        for note, line in zip(notes, lines, strict=True):
            amounts, names, numbers = _facts(note)
            said_amounts, said_names, said_numbers = _facts(line)
            if amounts != said_amounts or not names <= said_names or numbers != said_numbers:
                wrong.append((note, line))
    assert wrong == []


#: Where the app's English words a note otherwise than the engine: card titles in quotes, "ride
#: the station", amounts with a thousands separator, a space by its track rather than its key.
_REWORDINGS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile("[“”]"), ""),
    (re.compile(r": you ride the "), ": ride the "),
    (re.compile(r" to the Pool for a taxi ride"), " into the Pool for a taxi ride"),
    (re.compile(r"^Pay (\$\d+) (.+ into the Pool\.)$"), r"Pay \1 for \2"),
    (re.compile(r"\((\w+):\d+\)\.$"), r"(\1 track)."),
    (re.compile(r"\$(\d+)"), lambda m: money(int(m.group(1)), "en")),
)


def test_the_english_lines_say_what_the_engine_says() -> None:
    """Each line is the engine's own English note but for the app's few rewordings: the code
    and its flags (double rent, by taxi, which doubles...) chose the right sentence."""
    wrong = []
    for r in questions():
        for note, line in zip(r.notes, explain(r, "en"), strict=True):
            said = note.text
            for pattern, instead in _REWORDINGS:
                said = pattern.sub(instead, said)
            if line.replace("“", "").replace("”", "") != said:
                wrong.append((note.code, note.text, line))
    assert wrong == []


def test_the_french_lines_are_french_and_complete() -> None:
    english_left, unfilled, wrong_amounts = [], [], []
    for r in questions():
        en, fr = explain(r, "en"), explain(r, "fr")
        assert len(fr) == len(en)
        for note, en_line, fr_line in zip(r.explanation[1:], en, fr, strict=True):
            if fr_line == en_line:
                english_left.append(en_line)
            if re.search(r"\{\w*\}", fr_line + en_line):
                unfilled.append(fr_line)
            for amount in _facts(note)[0]:
                if money(amount, "fr") not in fr_line:
                    wrong_amounts.append((note, fr_line))
    assert english_left == []
    assert unfilled == []
    assert wrong_amounts == []


def test_a_sample_reads_as_the_table_expects() -> None:
    r = resolve_roll(BOARD, Situation.fresh(BOARD.space("States Avenue")), Roll(3, 5, "mr"))
    en, fr = explain(r, "en"), explain(r, "fr")
    assert "Collect $200 for passing Bonus." in en or any("$" in line for line in en)
    assert fr[-1] == "Votre déplacement est terminé."
    assert any(line.startswith("M. Monopoly\u00a0: déplacement bonus") for line in fr)
    assert any("Déplacement pair (8)\u00a0: empruntez la station de transit" in x for x in fr)


def test_a_note_without_words_stays_in_english_and_is_reported() -> None:
    r = questions()[0]
    new = Note("step.teleport", {"space": "inner:9"}, "Something the engine has just learnt.")
    odd_reason = Note(
        "step.ride",
        {"space": "inner:9", "track": "inner", "reason": "magic_carpet"},
        "Magic carpet: you ride the Pennsylvania Railroad transit station onto the inner track.",
    )
    odd = replace(r, notes=(*r.notes, new, odd_reason))
    assert explain(odd, "fr")[-2:] == (new.text, odd_reason.text)
    assert explain(odd, "fr")[:-2] == explain(r, "fr")
    assert unworded(odd) == (new.text, odd_reason.text)
    assert odd.explanation[-2:] == (new.text, odd_reason.text)


def test_every_msgid_of_the_explanation_is_translated_in_french() -> None:
    mine = [key for key, places in extract_messages().items() if ("ui/explain.py") in dict(places)]
    assert len(mine) > 80
    catalog = read_catalog("fr")
    missing = [key for key in mine if key not in catalog or not catalog[key].string]
    assert missing == []


@pytest.mark.parametrize(
    ("space", "faces", "card", "voucher"),
    [
        ("States Avenue", (3, 4, "mr"), None, None),
        ("middle:5", (2, 2, "bus"), None, None),
        ("Boardwalk", (), "chance-go-back-three-3-spaces", None),
        ("Boardwalk", (), None, "voucher-free-cab-fare-ahead-2"),
    ],
)
def test_the_referee_view_speaks_the_tables_language(space, faces, card, voucher) -> None:
    en = vm.referee_view(space, faces, card, voucher, "en")
    fr = vm.referee_view(space, faces, card, voucher, "fr")
    assert not en.error and not fr.error
    assert en.explanation and len(fr.explanation) == len(en.explanation)
    assert all(f != e for f, e in zip(fr.explanation, en.explanation, strict=True))
    assert fr.path == en.path
