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
