"""The referee's explanation in the table's language (ui.explain), against the engine's notes.

Every question is resolved by the real movement rules (``tests.ui.explanations.questions``:
the golden movement table's cases, every space of the board with several rolls on a board where
players own, build and mortgage, the mover in several states). Each note is worded from its
message code and parameters by the companion's catalogues (``referee.<code>``): the lines are
checked against the note's English.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from companion.editions import edition
from companion.messages import language, languages
from companion.messages.codes import NOTE_PREFIX, REASON_PREFIX
from companion.rules.movement import NOTE_CODES, REASONS, Note, Roll, resolve_roll
from companion.rules.situation import Situation
from tests.ui.explanations import questions, reason_notes
from ui import viewmodels as vm
from ui.explain import explain, note_line, unworded
from ui.i18n import extract_messages, money, po_path

BOARD = edition("ultimate").board


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


@pytest.mark.parametrize("lang", languages())
def test_the_catalogues_word_every_code_and_reason_of_the_engine(lang: str) -> None:
    """In each language's own catalogue, not by falling back to English."""
    from companion.messages import po
    from companion.messages.rendering import catalogue_path, wordings

    own, _ = wordings(po.read(catalogue_path(lang)))
    codes = {NOTE_PREFIX + code for code in NOTE_CODES} | {REASON_PREFIX + r for r in REASONS}
    assert sorted(codes - set(own)) == []
    assert sorted(code for code in language(lang).messages if code.startswith(NOTE_PREFIX)) == (
        sorted(codes)
    )


def test_every_note_of_the_engine_has_its_words() -> None:
    left = {note for r in questions() for note in unworded(r)}
    assert left == set()


@pytest.mark.parametrize("note", reason_notes(), ids=lambda note: note.params["reason"])
def test_every_reason_has_its_words_in_both_languages(note: Note) -> None:
    """Some reasons never make a note in the sample (an odd move rides no station): say each
    one on a ride, as the engine would give it."""
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


def test_the_app_s_catalogues_hold_none_of_the_referee_s_words() -> None:
    """One home for the referee's sentences: the companion's catalogues, not the app's."""
    from companion.messages import po

    mine = [key for key, places in extract_messages().items() if "ui/explain.py" in dict(places)]
    assert mine == []
    referee = {
        form
        for code, cases in language("en").messages.items()
        if code.startswith(NOTE_PREFIX) and not code.startswith(REASON_PREFIX)
        for case in cases
        for form in case.forms
    }
    assert len(referee) > 90
    for lang in ("en", "fr"):
        app = {entry.id for entry in po.read(po_path(lang)).entries}
        assert sorted(app & referee) == []


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
