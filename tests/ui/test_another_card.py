"""E3: the card picker's "Another card…" entry opens a short menu (the effect, then what it
needs, an optional title) whose card answers the draw by its id, in English and French."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.test_dialogs import Recorder

pytest.importorskip("kivy")


def _picker(lang: str = "en") -> tuple[Any, Any, Recorder, int]:
    """The draw dialog at Ann's Chance draw, its "another card" row's choice, the recorder."""
    from kivy.clock import Clock

    from tests.test_engine_cards import at_chance
    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    view = vm.table_view(at_chance(), lang)
    host = DecisionHost()
    recorder = Recorder()
    host.controller = recorder
    host.show(view)
    Clock.tick()
    dialog = host.dialog
    index = dialog.another_index
    assert view.decision.choices[index].command == {"type": "draw"}
    # Above the list of the listed cards, none of which it is.
    assert dialog.children[-1] is dialog.another_button and dialog.search.parent is dialog
    assert all(row[0][0] != index for row in dialog.search.rows)
    return view, dialog, recorder, index


def _button(widget: Any, text: str) -> Any:
    from kivy.uix.button import Button

    found = [b for b in widget.walk(restrict=True) if isinstance(b, Button) and b.text == text]
    assert found, f"no button {text!r}"
    return found[0]


def test_the_menu_enters_a_card_that_answers_the_draw() -> None:
    view, dialog, recorder, index = _picker()
    assert dialog.another_button.text == "Another card\u2026"
    assert dialog.another_button.height >= 56
    dialog.another_button.dispatch("on_release")
    menu = dialog.another
    assert menu.parent is dialog and dialog.search.parent is None
    texts = [b.text for b in menu.effect_buttons]
    assert texts == [
        "Collect from the Bank", "Pay the Pool", "Collect from each player", "Pay each player",
        "Advance to a space", "Advance to the nearest\u2026", "Go back spaces", "Go to jail",
        "Get out of jail free (kept)", "Repairs per house and per hotel",
    ]  # fmt: skip
    assert all(b.height >= 56 for b in menu.effect_buttons)
    _button(menu, "Collect from the Bank").dispatch("on_release")
    draw = menu.draw_button
    assert draw.disabled and menu.preview.text == "Give what the card says."
    for key in ("5", "0"):
        _button(menu.pad, key).dispatch("on_release")
    assert menu.value_buttons["amount"].text == "Amount: $50" and not draw.disabled
    assert menu.preview.text == "Collect $50 from the Bank"
    menu.title_input.text = "Bank  pays you dividend "
    assert menu.preview.text == "Bank pays you dividend: Collect $50 from the Bank"
    draw.dispatch("on_release")
    assert recorder.calls[-1] == (
        "answer",
        (view.decision.id, index),
        {"card": "another/chance/collect/50/Bank pays you dividend", "at": None},
    )


def test_a_space_a_kind_and_repairs_are_picked_by_touch() -> None:
    view, dialog, recorder, index = _picker()
    dialog.open_another()
    menu = dialog.another
    menu.choose("advance")
    menu.spaces.query = "boardw"
    ((_number, key, _label),) = menu.spaces.matches()
    menu.spaces.dispatch("on_pick", key)
    assert menu.value_buttons["space"].text == "Space: Boardwalk"
    menu.draw()
    assert recorder.calls[-1][2]["card"] == "another/chance/advance/middle:39"
    menu.choose("nearest")
    assert [b.text for b in menu.kind_buttons] == ["cab company", "railroad", "utility"]
    menu.kind_buttons[1].dispatch("on_release")
    menu.draw()
    assert recorder.calls[-1][2]["card"] == "another/chance/nearest/railroad"
    menu.choose("repairs")
    for key in ("2", "5"):
        _button(menu.pad, key).dispatch("on_release")
    menu.value_buttons["hotel"].dispatch("on_release")
    for key in ("1", "0", "0"):
        _button(menu.pad, key).dispatch("on_release")
    assert menu.value_buttons["house"].text == "Per house: $25"
    assert menu.value_buttons["hotel"].text == "Per hotel: $100"
    menu.draw()
    assert recorder.calls[-1][2]["card"] == "another/chance/repairs/25/100"
    menu.choose("jail")
    assert menu.card_id() == "another/chance/jail" and not menu.draw_button.disabled


def test_a_card_the_engine_would_refuse_cannot_be_drawn_and_back_returns() -> None:
    view, dialog, recorder, index = _picker()
    dialog.open_another()
    menu = dialog.another
    menu.choose("back")
    for key in ("9", "9"):
        _button(menu.pad, key).dispatch("on_release")
    assert menu.draw_button.disabled
    assert "count is a whole number from 1 to 23, not '99'" in menu.preview.text
    calls = len(recorder.calls)
    assert menu.draw() is False and len(recorder.calls) == calls
    _button(menu, "Back").dispatch("on_release")  # to the effects
    _button(menu, "Back").dispatch("on_release")  # to the list of cards
    assert dialog.search.parent is dialog and menu.parent is None


def plain(text: str) -> str:
    """French text with its no-break spaces as plain ones."""
    return str(text).replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture
def french() -> Any:
    from ui import i18n

    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_the_menu_in_french(french: None) -> None:
    view, dialog, recorder, index = _picker("fr")
    assert dialog.another_button.text == "Une autre carte\u2026"
    dialog.open_another()
    menu = dialog.another
    assert menu.effect_buttons[0].text == "Recevoir de la Banque"
    assert menu.effect_buttons[1].text == "Payer le Pool"
    menu.choose("collect_each")
    for key in ("1", "0"):
        _button(menu.pad, key).dispatch("on_release")
    assert plain(menu.value_buttons["amount"].text) == "Montant : 10 $"
    assert plain(menu.preview.text) == "Recevez 10 $ de chaque joueur"
    assert _button(menu, "Piocher cette carte") is menu.draw_button


def test_the_nearest_kinds_are_the_catalogues_words_in_french() -> None:
    # The kinds are worded as the banker's catalogue words them (kind.<kind>), not a copy.
    _view, dialog, _recorder, _index = _picker("fr")
    dialog.open_another()
    dialog.another.choose("nearest")
    assert [b.text for b in dialog.another.kind_buttons] == [
        "compagnie de taxi",
        "gare",
        "compagnie de service public",
    ]
