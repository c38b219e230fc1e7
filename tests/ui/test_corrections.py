"""The controller's corrections of any answer in force (issue 22, item 3) and the player
sheet's fixed slots and Undo's words (item 2), without a window, on real game logs."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.banker.state import snapshot
from tests.ui.test_controller import logged, play_until, started
from tests.ui.test_screens_sheets import SITUATION
from ui import i18n
from ui import viewmodels as vm
from ui.controller import TableController
from ui.setup_store import SetupStore

WRONG, RIGHT = "cc-insurance-premiums-due", "cc-you-inherit-100"


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Callable[..., TableController]]:
    made: list[TableController] = []

    def build(name: str = "games.db") -> TableController:
        made.append(TableController(db_path=tmp_path / name, store=SetupStore(tmp_path / "s.json")))
        return made[-1]

    yield build
    for c in made:
        c.close()


def drawing(make: Callable[..., TableController], seed: int = 11) -> tuple[TableController, int]:
    """A game at a Community Chest draw offering both cards, the wrong one recorded: its
    number."""
    c = started(make)

    def both(c: TableController) -> bool:
        d = c.state.decision
        cards = {o["command"].get("card") for o in d.options}
        return d.kind == "draw" and {WRONG, RIGHT} <= cards

    play_until(c, random.Random(seed), both, cap=3000)
    assert both(c)
    d = c.view.decision
    assert c.answer(
        d.id, next(i for i, ch in enumerate(d.choices) if ch.command.get("card") == WRONG)
    )
    return c, c.last_seq()


def table(c: TableController) -> tuple[Any, ...]:
    """Everything a refused correction must leave as it was."""
    assert c.game is not None
    return (logged(c), snapshot(c.game.state), c.game.done, c.undo_text(), c.view.can_undo)


def index_of(view: vm.TableView, card: str) -> int:
    assert view.decision is not None
    return next(i for i, ch in enumerate(view.decision.choices) if ch.command.get("card") == card)


def test_a_card_corrected_plays_the_later_answers_again(make):
    c, seq = drawing(make)
    play_until(c, random.Random(2), lambda c: False, cap=3)
    later = c.game.done[-3:]
    view = c.correction_view(seq)
    assert view is not None and view.decision.kind == "draw"
    before = table(c)
    preview = c.propose_correction(seq, index=index_of(view, RIGHT))
    assert preview is not None, c.view.notice
    assert table(c) == before  # worked out, nothing recorded
    assert (preview.replayed, preview.dropped) == (3, 0)
    assert "Insurance Premiums Due" in preview.was and "You Inherit $100" in preview.now
    assert c.apply_correction(), c.view.notice
    assert c.game.done[-4]["card"] == RIGHT
    assert [{k: v for k, v in x.items() if k != "decision"} for x in c.game.done[-3:]] == [
        {k: v for k, v in x.items() if k != "decision"} for x in later
    ]
    # One undo for the card and each answer after it, then the card and the answers again.
    assert logged(c) == before[0] + 4 + 4
    assert c.undo_text() == before[3]


def test_a_correction_whose_later_answers_no_longer_fit_takes_them_back(make):
    c, seq = drawing(make)
    play_until(c, random.Random(2), lambda c: False, cap=3)
    view = c.correction_view(seq)
    # Happy Birthday! moves the drawer to Birthday Gift: the answers after the card differ.
    birthday = index_of(view, "cc-happy-birthday")
    preview = c.propose_correction(seq, index=birthday)
    assert preview is not None and preview.dropped == 3 and preview.replayed == 0
    drawer = next(p for p in preview.changes if p.where_after == "Birthday Gift")
    assert drawer.changed
    assert c.apply_correction()
    assert c.game.done[-1]["card"] == "cc-happy-birthday"
    assert vm.space_name(c.game.state.seat(drawer.name).position.key, "en") == "Birthday Gift"


@pytest.mark.parametrize(
    "how, words",
    [
        ({"index": 999}, "Choose the right answer among those shown"),
        ({"command": {"type": "draw", "card": "no-such-card"}}, "no-such-card"),
        ({"command": {"type": "buy"}}, "buy"),
        ({"faces": (1, 2, "1")}, "dice"),
    ],
)
def test_a_refused_correction_says_why_in_one_line_and_changes_nothing(make, how, words):
    c, seq = drawing(make)
    before = table(c)
    assert c.propose_correction(seq, **how) is None
    assert words in c.view.notice and "\n" not in c.view.notice
    assert table(c) == before
    assert not c.apply_correction()  # nothing worked out: nothing to apply
    assert table(c) == before


def test_only_an_answer_in_force_is_corrected(make):
    c, seq = drawing(make)
    before = table(c)
    assert c.correction_view(seq + 50) is None
    assert f"#{seq + 50} is not in force" in c.view.notice
    assert c.propose_correction(0, index=0) is None
    assert table(c) == before


def test_a_building_is_not_an_answer_it_is_undone(make):
    c = make()
    assert c.start_from_situation(json.dumps(SITUATION)), c.view.notice
    assert c.anytime(
        c.decision_id, {"type": "build", "player": "Ann", "property": "Oriental Avenue"}
    )
    before = table(c)
    assert c.correction_view(c.last_seq()) is None
    assert "undo it instead" in c.view.notice
    assert table(c) == before


def test_a_correction_worked_out_before_the_game_moved_on_is_refused(make):
    c, seq = drawing(make)
    view = c.correction_view(seq)
    assert c.propose_correction(seq, index=index_of(view, RIGHT)) is not None
    play_until(c, random.Random(2), lambda c: False, cap=1)
    before = table(c)
    assert not c.apply_correction()
    assert "moved on" in c.view.notice
    assert table(c) == before


def test_a_correction_is_said_in_the_table_s_language(make):
    c, seq = drawing(make)
    c.set_language("fr")
    view = c.correction_view(seq)
    label = view.decision.choices[index_of(view, RIGHT)].label
    assert "Vous héritez de 100" in label
    preview = c.propose_correction(seq, index=index_of(view, RIGHT))
    assert preview is not None
    assert "a pioché «\u00a0Primes d'assurance à payer\u00a0»" in preview.was
    assert "a pioché «\u00a0Vous héritez de 100\u00a0$\u00a0»" in preview.now
    assert all(p.cash_before.endswith("\u00a0$") for p in preview.changes)


def test_a_correction_the_banker_refuses_is_framed_at_a_french_table(make):
    """The banker words its refusals in English only: at a French table a refused correction
    is framed in French (nothing changed), as a refused answer is."""
    c, seq = drawing(make)
    c.set_language("fr")
    before = table(c)
    assert c.propose_correction(seq, command={"type": "draw", "card": "no-such-card"}) is None
    frame = i18n.translate("Refused, nothing changed (the banker's words): {why}", "fr", why="")
    assert c.view.notice.startswith(frame) and "no-such-card" in c.view.notice
    assert table(c) == before


def test_the_answers_buttons_of_the_correction_dialog_reach_the_correction(make):
    c, seq = drawing(make)
    view = c.correction_view(seq)
    got: list[Any] = []
    answers = c.correction_answers(seq, view, got.append)
    before = table(c)
    assert answers.decision_id == view.decision.id
    assert answers.answer(view.decision.id, index_of(view, RIGHT))
    assert got and got[-1].seq == seq and table(c) == before
    assert not answers.confirm_roll(view.decision.id) and answers.throw_hook is None


# -- The sheet's slots and Undo's words ---------------------------------------------------


def test_a_lot_s_actions_keep_their_slots_whatever_can_be_done(make):
    c = make()
    assert c.start_from_situation(json.dumps(SITUATION)), c.view.notice

    def slots() -> dict[str, list[tuple[str, str, bool]]]:
        sheet = c.player_sheet("Ann")
        out = {
            r.name: [(s.kind, s.label, s.choice is not None) for s in r.slots]
            for r in sheet.properties
        }
        out["shares"] = [(s.kind, s.label, s.choice is not None) for s in sheet.share_slots]
        return out

    first = slots()
    assert [k for k, _l, _e in first["Oriental Avenue"]] == [
        "build",
        "sell_building",
        "mortgage",
        "unmortgage",
    ]
    assert [e for _k, _l, e in first["Oriental Avenue"]] == [True, False, True, False]
    assert first["shares"] == [
        ("mortgage", "Mortgage Motion Pictures (+$50)", True),
        ("unmortgage", "Lift the mortgage on Motion Pictures ($55)", False),
    ]
    assert c.anytime(
        c.decision_id, {"type": "build", "player": "Ann", "property": "Oriental Avenue"}
    )
    assert c.anytime(
        c.decision_id, {"type": "mortgage", "player": "Ann", "property": "Mediterranean Avenue"}
    )
    then = slots()
    # Same places, same words; only what can be done now changed.
    assert {n: [(k, w) for k, w, _e in s] for n, s in then.items()} == {
        n: [(k, w) for k, w, _e in s] for n, s in first.items()
    }
    assert [e for _k, _l, e in then["Oriental Avenue"]] == [False, True, False, False]
    assert [e for _k, _l, e in then["Mediterranean Avenue"]] == [False, False, False, True]


def test_undo_names_the_lot_and_the_amount(make):
    c = make()
    assert c.start_from_situation(json.dumps(SITUATION)), c.view.notice
    assert c.anytime(
        c.decision_id, {"type": "mortgage", "player": "Ann", "property": "Vermont Avenue"}
    )
    assert c.undo_text() == "Undo Ann: Mortgage Vermont Avenue (+$50)"
    c.set_language("fr")
    assert c.undo_text().replace("\u202f", " ").replace("\u00a0", " ") == (
        "Annuler Ann : Hypothéquer Vermont Avenue (+50 $)"
    )
