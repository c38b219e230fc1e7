"""E3: "Another card…", a Chance or Community Chest card the companion does not list, entered
from a short menu in the card picker (:class:`ui.dialogs.picks.DrawDialog`).

First the effect (big buttons, two columns), then what that effect needs (an amount, a space,
a kind of space, a count, the repairs per house and per hotel) by touch: the number pad, the
board's spaces with a search box, the kinds as buttons; a title if the table wants one (the
card's printed words; the card is otherwise named by its effect), and "Draw this card". The
draw option's menu (``free.card.unlisted``: the deck, each effect with what it needs, the
kinds) says what to ask; the answer is the card's id (``companion.rules.cards.Unlisted``), which
the engine checks like any card.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from ui import viewmodels as vm
from ui.edition import table_edition
from ui.i18n import N_
from ui.widgets import BigButton, ChoiceList, NumberPad, SearchList
from ui.widgets.words import _, money

#: Each effect's button, in the menu's order (``pay``: the fees account's, below).
EFFECT_WORDS = {
    "collect": N_("Collect from the Bank"),
    "pay": N_("Pay the Bank"),
    "collect_each": N_("Collect from each player"),
    "pay_each": N_("Pay each player"),
    "advance": N_("Advance to a space"),
    "nearest": N_("Advance to the nearest\u2026"),
    "back": N_("Go back spaces"),
    "jail": N_("Go to jail"),
    "keep_jail": N_("Get out of jail free (kept)"),
    "repairs": N_("Repairs per house and per hotel"),
}
#: ``pay`` in an edition with a Pool: it goes there.
PAY_POOL = N_("Pay the Pool")
#: What each value is called beside the pad.
VALUE_WORDS = {
    "amount": N_("Amount"),
    "count": N_("Spaces back"),
    "house": N_("Per house"),
    "hotel": N_("Per hotel"),
    "space": N_("Space"),
    "kind": N_("Nearest"),
}
#: The values said as money.
MONEY = ("amount", "house", "hotel")


class AnotherCardMenu(BoxLayout):
    """The menu: :meth:`fill` it with the draw option's menu; ``on_pick(card_id)`` gives the
    card entered, ``on_back`` asks for the list of cards again."""

    __events__ = ("on_pick", "on_back")

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.menu: dict[str, Any] = {}
        self.lang = "en"
        self.effect = ""
        self.values: dict[str, Any] = {}
        self.editing = ""

    # -- Steps ------------------------------------------------------------------------------

    def fill(self, menu: dict[str, Any], lang: str) -> None:
        """Start again at the choice of effect."""
        self.menu, self.lang = dict(menu), lang
        self.show_effects()

    def show_effects(self) -> None:
        self.clear_widgets()
        self.effect, self.values, self.editing = "", {}, ""
        self.add_widget(self._top(_("Another card: what does it do?"), self.back))
        self.effects = ChoiceList()
        rows = [
            (self.effect_words(effect), 0, "normal", lambda e=effect: self.choose(e))
            for effect in self.menu["effects"]
        ]
        self.effect_buttons = self.effects.set_choices(rows, cols=2)
        self.add_widget(self.effects)

    def effect_words(self, effect: str) -> str:
        if effect == "pay" and table_edition().has_pool:
            return _(PAY_POOL)
        return _(EFFECT_WORDS.get(effect, effect))

    def choose(self, effect: str) -> None:
        """The effect tapped: ask for what it needs."""
        self.effect = effect
        needs = list(self.menu["effects"][effect])
        self.values = {n: None for n in needs}
        self.editing = next((n for n in needs if n in (*MONEY, "count")), "")
        self.clear_widgets()
        self.add_widget(self._top(self.effect_words(effect), self.show_effects))
        body = BoxLayout(spacing=dp(8))
        left = BoxLayout(orientation="vertical", spacing=dp(6))
        self.value_buttons: dict[str, BigButton] = {}
        for name in needs:
            button = BigButton(role="normal", size_hint_y=None, height=dp(56))
            button.bind(on_release=lambda _b, n=name: self.edit(n))
            self.value_buttons[name] = button
            left.add_widget(button)
        self.title_input = TextInput(
            hint_text=_("Title on the card (optional)"),
            multiline=False,
            font_size="20sp",
            size_hint_y=None,
            height=dp(52),
        )
        self.title_input.bind(text=lambda _t, _v: self._refresh())
        left.add_widget(self.title_input)
        self.preview = Label(font_size="16sp", halign="left", valign="middle")
        self.preview.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
        left.add_widget(self.preview)
        self.draw_button = BigButton(
            text=_("Draw this card"), role="primary", size_hint_y=None, height=dp(56)
        )
        self.draw_button.bind(on_release=lambda _b: self.draw())
        left.add_widget(self.draw_button)
        body.add_widget(left)
        picker = self._picker(needs)
        if picker is not None:
            body.add_widget(picker)
        self.add_widget(body)
        self._refresh()

    def _picker(self, needs: list[str]) -> Any:
        """The right half: the pad, the spaces or the kinds (nothing for jail)."""
        if "space" in needs:
            board = table_edition().board
            self.spaces = SearchList(hint=_("Search a space, or type its number"))
            self.spaces.rows = [
                (s.key, vm.space_name(s.key, self.lang), vm.space_names(s.key))
                for s in board.spaces
            ]
            self.spaces.bind(on_pick=lambda _s, key: self.set_value("space", key))
            return self.spaces
        if "kind" in needs:
            kinds = ChoiceList()
            self.kind_buttons = kinds.set_choices(
                [
                    (self.kind_words(k), 0, "normal", lambda k=k: self.set_value("kind", k))
                    for k in self.menu["kinds"]
                ]
            )
            return kinds
        if needs:
            # Four columns: three rows of keys fit under the menu's top row at 800x480.
            self.pad = NumberPad(cols=4, spacing=dp(4), size_hint_x=0.8)
            self.pad.maximum = vm.UNLISTED_MOST
            self.pad.bind(value=lambda _p, v: self._typed(int(v)))
            return self.pad
        return None

    def kind_words(self, kind: str) -> str:
        return vm.kind_name(kind, self.lang)

    # -- Values -----------------------------------------------------------------------------

    def edit(self, name: str) -> None:
        """The pad now types ``name`` (a tap on its button)."""
        if name in (*MONEY, "count"):
            self.editing = name
            self.pad.value = self.values.get(name) or 0
        self._refresh()

    def _typed(self, value: int) -> None:
        if self.editing:
            self.values[self.editing] = value
            self._refresh()

    def set_value(self, name: str, value: Any) -> None:
        self.values[name] = value
        self._refresh()

    def shown(self, name: str) -> str:
        value = self.values.get(name)
        if value is None:
            return "\u2026"
        if name in MONEY:
            return money(int(value), self.lang)
        if name == "space":
            return vm.space_name(str(value), self.lang)
        if name == "kind":
            return self.kind_words(str(value))
        return str(value)

    def card_id(self) -> str | None:
        """The card as entered so far, or None while a value is missing."""
        if any(v is None for v in self.values.values()):
            return None
        return vm.unlisted_id(self.menu, self.effect, self.values, self.title_input.text)

    def _refresh(self) -> None:
        for name, button in self.value_buttons.items():
            button.text = _("{what}: {value}", what=_(VALUE_WORDS[name]), value=self.shown(name))
            button.role = "primary" if name == self.editing else "normal"
        card = self.card_id()
        problem = None if card is None else vm.unlisted_problem(card)
        self.draw_button.disabled = card is None or problem is not None
        self.preview.text = (
            problem or vm.unlisted_said(card, self.lang)
            if card is not None
            else _("Give what the card says.")
        )

    def draw(self) -> bool:
        card = self.card_id()
        if card is None or self.draw_button.disabled:
            return False
        self.dispatch("on_pick", card)
        return True

    def back(self) -> None:
        self.dispatch("on_back")

    def _top(self, text: str, back: Any) -> BoxLayout:
        row = BoxLayout(spacing=dp(6), size_hint_y=None, height=dp(56))
        button = BigButton(text=_("Back"), role="quiet", size_hint_x=0.3)
        button.bind(on_release=lambda _b: back())
        row.add_widget(button)
        label = Label(text=text, font_size="20sp", bold=True, halign="left", valign="middle")
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
        row.add_widget(label)
        return row

    def on_pick(self, card: str) -> None:
        pass

    def on_back(self) -> None:
        pass
