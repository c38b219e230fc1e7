"""The lists a table searches (the card drawn, the starting cards, a space) find a card by its
French or its English title, accents and case aside; the speed die's faces are worded in the
table's language. Built off-screen (the SDL offscreen driver of ``tests/conftest.py``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("kivy")

ILLINOIS = "chance-advance-to-illinois-avenue"
JAIL = "chance-go-to-jail"


def _draw_dialog(lang: str) -> Any:
    """A DrawDialog for a Chance draw of two cards, as the view-model words it in ``lang``."""
    from ui import viewmodels as vm
    from ui.dialogs.picks import DrawDialog

    choices = tuple(
        vm.Choice(vm.card_title(card, lang), {"type": "draw", "card": card}, None, {}, card, "Ann")
        for card in (ILLINOIS, JAIL)
    )
    decision = SimpleNamespace(id=7, kind="draw", player="Ann", choices=choices, data={})
    view = SimpleNamespace(decision=decision, lang=lang, proposal=None)
    return DrawDialog(controller=None, view=view)


def _found(dialog: Any, query: str) -> list[Any]:
    dialog.search.query = query
    return [value for _n, value, _label in dialog.search.matches()]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_card_drawn_is_found_by_its_french_or_english_title(lang: str) -> None:
    dialog = _draw_dialog(lang)
    assert _found(dialog, "Illinois Ave") == [(0, None)]  # English title
    assert _found(dialog, "Allez en prison") == [(1, None)]  # French title
    assert _found(dialog, "go to JAIL") == [(1, None)]  # case aside
    assert _found(dialog, "liberE de PRISON") == []  # not one of these two cards
    assert _found(dialog, "Avancez jusqu'a") == [(0, None)]  # accent aside
    assert _found(dialog, "2") == [(1, None)]  # its number
    assert _found(dialog, "en prison !") == [(1, None)]  # a plain space for the narrow one
    # A row shows the title in the table's language only.
    from ui import viewmodels as vm

    labels = [label for _n, _v, label in dialog.search.matches()]
    assert labels == [vm.card_title(JAIL, lang)]
    assert labels == (["Allez en prison\u202f!"] if lang == "fr" else ["Go To Jail!"])


def test_a_search_matches_the_extra_text_but_shows_the_label() -> None:
    from ui.widgets import SearchList

    search = SearchList(rows=[("a", "Taxi gratuit -1", "Free Cab Fare -1"), ("b", "Bus")])
    search.query = "free cab"
    assert search.matches() == [(1, "a", "Taxi gratuit -1")]
    search.query = "bus"
    assert search.matches() == [(2, "b", "Bus")]
    search.query = ""
    assert [n for n, _v, _l in search.matches()] == [1, 2]


def test_the_speed_die_is_worded_in_the_table_language() -> None:
    from ui.kvi18n import l
    from ui.widgets.basic import DieFace

    mr, bus, three = (DieFace(value=v, speed=True) for v in ("mr", "bus", 3))
    try:
        l.lang = "fr"
        assert (mr._label.text, bus._label.text, three._label.text) == ("M. M", "Bus", "3")
        l.lang = "en"
        assert (mr._label.text, bus._label.text) == ("Mr. M", "Bus")
    finally:
        l.lang = "en"


def _frame() -> None:
    from kivy.clock import Clock

    Clock.tick()


def test_a_long_list_has_buttons_only_for_the_rows_in_sight_and_a_tap_picks_its_row() -> None:
    """120 spaces: a dozen or so buttons, not 120 (each costs about a quarter of a megabyte
    with its label); typing a number brings its row into sight, and its tap picks it."""
    from kivy.uix.button import Button

    from ui.widgets import SearchList

    search = SearchList(rows=[(f"s{i}", f"Space {i}") for i in range(1, 121)], size=(380, 400))
    search.cols = 2
    _frame()
    shown = [w for w in search.walk(restrict=True) if isinstance(w, Button)]
    assert 2 <= len(shown) <= 24, len(shown)
    assert {b.text for b in shown} >= {"1.  Space 1", "2.  Space 2"}
    picked: list[Any] = []
    search.bind(on_pick=lambda _s, value: picked.append(value))
    search.query = "117"
    _frame()
    (row,) = [w for w in search.walk(restrict=True) if isinstance(w, Button) and w.text]
    assert row.text == "117.  Space 117"
    row.dispatch("on_release")
    assert picked == ["s117"]


def test_a_spinner_makes_its_options_when_it_opens_and_lets_them_go_when_it_closes() -> None:
    from kivy.core.window import Window

    from ui.widgets import LazySpinner

    spinner = LazySpinner(values=[f"Voucher {i}" for i in range(56)], text="Voucher 0")
    Window.add_widget(spinner)
    try:
        dropdown = spinner._dropdown
        assert dropdown.container.children == []
        spinner.is_open = True
        assert len(dropdown.container.children) == 56
        spinner.values = ["A", "B"]  # values changed while open: the list follows
        assert [w.text for w in reversed(dropdown.container.children)] == ["A", "B"]
        next(w for w in dropdown.container.children if w.text == "B").dispatch("on_release")
        assert spinner.text == "B" and not spinner.is_open
        assert dropdown.container.children == []
    finally:
        Window.remove_widget(spinner)


def test_the_headless_demo_scrolls_a_search_list_s_rows_into_sight() -> None:
    """The demo taps a row out of sight (the fifth voucher of a long list) by scrolling its
    RecycleView, which has no ``scroll_to``; Kivy's Factory loads that class under a second
    module name (``kivy.uix.recycleview.__init__``), so an ``isinstance`` check missed it and
    the demo stopped on ``scroll_to`` in about one run in three."""
    from types import SimpleNamespace

    from ui.demo import _is_recycled, _scroll_into_sight
    from ui.widgets import SearchList

    search = SearchList(rows=[(str(n), f"Row {n}") for n in range(40)])
    view = search.ids.scroll
    assert _is_recycled(view)
    view.size = (400, 200)
    view.layout_manager.height = 40 * 62
    view.layout_manager.y = 0
    row = SimpleNamespace(center_y=30.0)  # the last row, at the bottom of the list
    view.scroll_y = 1.0
    _scroll_into_sight(view, row)
    assert view.scroll_y == 0.0
    row.center_y = 40 * 62 - 30.0  # the first row, at the top
    _scroll_into_sight(view, row)
    assert view.scroll_y == 1.0
    row.center_y = 40 * 62 / 2  # a row halfway down: in the middle of the view
    _scroll_into_sight(view, row)
    assert view.scroll_y == pytest.approx(0.5)
