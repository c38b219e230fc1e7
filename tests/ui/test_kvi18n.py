"""ui.kvi18n: kv rules read ``l._`` and ``l.money``, and are worded again when the language
changes, whichever side switches it; every label's default face is the UI family."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ui import i18n

kivy_lang = pytest.importorskip("kivy.lang")

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture
def label(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from ui.kvi18n import l

    assert l.lang == i18n.language() == "en"
    monkeypatch.setitem(i18n._catalogs, "fr", {"Buy for {amount}": "Acheter pour {amount}"})
    return kivy_lang.Builder.load_string(
        "Label:\n"
        '    text: l._("Buy for {amount}", amount=l.money(1500)) + " / " + l.number(2000)\n'
        "    font_name: l.font_name\n"
    )


def test_a_kv_text_follows_a_switch_made_in_python(label) -> None:  # type: ignore[no-untyped-def]
    assert label.text == "Buy for $1,500 / 2,000"
    i18n.set_language("fr")
    assert label.text == f"Acheter pour 1{NNBSP}500{NBSP}$ / 2{NNBSP}000"
    i18n.set_language("en")
    assert label.text == "Buy for $1,500 / 2,000"


def test_a_kv_text_follows_a_switch_made_in_kv(label) -> None:  # type: ignore[no-untyped-def]
    from ui.kvi18n import l

    l.lang = "fr"
    assert i18n.language() == "fr"
    assert label.text.startswith("Acheter pour 1")
    with pytest.raises(ValueError):
        l.lang = "de"
    assert i18n.language() == l.lang == "fr"


def test_every_label_draws_with_the_ui_family(label) -> None:  # type: ignore[no-untyped-def]
    from kivy.core.text import DEFAULT_FONT, LabelBase
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    from ui.kvi18n import FONT_NAME, font_files

    regular, bold = (str(p) for p in font_files())
    assert label.font_name == FONT_NAME
    for name in (FONT_NAME, DEFAULT_FONT, Label().font_name, TextInput().font_name):
        assert LabelBase._fonts[name] == (regular, regular, bold, bold), name


def test_a_kv_rule_left_bound_to_a_widget_gone_does_not_stop_a_switch(label) -> None:  # type: ignore[no-untyped-def]
    """A full run once failed here: a rule of a widget already collected was still bound to
    ``l._``, and setting it raised ReferenceError from Kivy's dispatch (in the app, a language
    switch would have stopped there). The switch unbinds such a rule and rewords the rest."""
    import gc

    from kivy.lang.builder import call_fn
    from kivy.uix.label import Label
    from kivy.weakproxy import WeakProxy

    from ui.kvi18n import l

    gone = Label()
    dead = WeakProxy(gone)
    del gone
    gc.collect()
    # Bound as Kivy's Builder binds a kv rule: its call_fn, with the widget's proxy first.
    l.fbind("_", call_fn, (dead, "text", None, None, {}))
    before = len(l.get_property_observers("_"))

    i18n.set_language("fr")

    assert label.text.startswith("Acheter pour 1")
    assert len(l.get_property_observers("_")) == before - 1
