"""Dialogs that pick one among many: the starting cards (deal), the card drawn (by title or
number, with a search box), and a space (Subway, triples, a card's choice of space)."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from ui import viewmodels as vm
from ui.dialogs.another import AnotherCardMenu
from ui.dialogs.base import ChoicesDialog, DecisionDialog
from ui.widgets import BigButton, SearchList
from ui.widgets.words import _


def _one_of(choice: Any, field: str) -> list[Any]:
    return list(((choice.free or {}).get(field) or {}).get("one_of", ()))


class DealDialog(DecisionDialog):
    """A player's starting Travel Voucher and Roll Three card, as dealt at the table."""

    reusable = False  # the start of a game only

    def build(self) -> None:
        self.wide = True
        choice = self.decision.choices[0]
        self.picked: dict[str, Any] = {}
        lists = BoxLayout(spacing=dp(8))
        for field, title in (
            ("voucher", _("Travel Voucher")),
            ("roll_three", _("Roll Three card")),
        ):
            values = _one_of(choice, field)
            column = BoxLayout(orientation="vertical", spacing=dp(4))
            label = self.heading(title)
            column.add_widget(label)
            search = SearchList(hint=_("Search or type a number"))
            search.rows = [(v, vm.card_title(str(v), self.lang), vm.card_titles(v)) for v in values]
            search.bind(on_pick=lambda _s, v, f=field, lab=label, t=title: self.pick(f, v, lab, t))
            column.add_widget(search)
            lists.add_widget(column)
        self.add_widget(lists)
        self.deal_button = BigButton(text=_("Deal these cards"), role="primary", disabled=True)
        self.deal_button.bind(on_release=lambda _b: self.deal())
        self.add_widget(self.deal_button)

    def pick(self, field: str, value: Any, label: Any, title: str) -> None:
        self.picked[field] = value
        label.text = f"{title}: {vm.card_title(str(value), self.lang)}"
        self.deal_button.disabled = len(self.picked) < 2

    def deal(self) -> bool:
        if len(self.picked) < 2:
            return False
        return self.answer(0, **self.picked)


class DrawDialog(DecisionDialog):
    """The card drawn: every card still in the deck, numbered, with a search box; at a Chance
    or Community Chest draw, an "Another card…" button above the list (E3) opens
    :class:`AnotherCardMenu` in its place, for a card the companion does not list."""

    #: The "another card" menu, made when first opened (:meth:`open_another`).
    another: AnotherCardMenu | None = None
    #: The button that opens it, made when first needed.
    another_button: BigButton | None = None

    def build(self) -> None:
        self.wide = True
        rows: list[tuple[Any, str, str]] = []
        self.another_index: int | None = None
        for index, choice in enumerate(self.decision.choices):
            if _unlisted(choice) is not None:
                self.another_index = index
                continue
            picks = _one_of(choice, "card")
            if picks:  # the Roll Three deck: the combination is typed in
                rows += [
                    ((index, p), vm.card_title(str(p), self.lang), vm.card_titles(p)) for p in picks
                ]
            else:
                card = choice.command.get("card")
                also = vm.card_titles(card) if card is not None else ""
                rows.append(((index, None), choice.label, also))
        if self.another_index is not None:
            button = self.another_button
            if button is None:
                button = self.another_button = BigButton(size_hint_y=None, height=dp(56))
                button.bind(on_release=lambda _b: self.open_another())
            button.text = self.decision.choices[self.another_index].label
            self.add_widget(button)
        search: SearchList | None = getattr(self, "search", None)
        if search is None:
            search = self.search = SearchList(hint=_("Search the card's title, or type its number"))
            search.bind(on_pick=lambda _s, value: self.pick(*value))
        search.query = ""  # the last card's search is not this one's
        search.cols = 2 if len(rows) > 8 else 1
        search.rows = rows
        self.add_widget(search)

    def pick(self, index: int, card: Any) -> bool:
        if card is None:
            return self.answer(index)
        return self.answer(index, card=card)

    def open_another(self) -> None:
        """The "another card" menu in place of the list; its card answers the draw."""
        if self.another_index is None:
            return
        menu = self.another
        if menu is None:
            menu = self.another = AnotherCardMenu()
            menu.bind(
                on_pick=lambda _m, card: self.draw_another(card), on_back=lambda _m: self.refill()
            )
        menu.fill(_unlisted(self.decision.choices[self.another_index]), self.lang)
        self.clear_widgets()
        self.add_widget(menu)

    def draw_another(self, card: str) -> bool:
        if self.another_index is None:
            return False
        return self.answer(self.another_index, card=card)


def _unlisted(choice: Any) -> Any:
    """The "another card" menu of a draw's choice (``free.card.unlisted``), or None."""
    return ((choice.free or {}).get("card") or {}).get("unlisted")


class SpaceDialog(ChoicesDialog):
    """Subway, triples and a card's choice of space: a search over the spaces allowed, or the
    properties offered as buttons."""

    def build(self) -> None:
        choices = self.decision.choices
        free = [i for i, c in enumerate(choices) if _one_of(c, "space")]
        if not free:
            super().build()
            return
        self.wide = True
        index = free[0]
        spaces = _one_of(choices[index], "space")
        search: SearchList | None = getattr(self, "search", None)
        if search is None:
            search = self.search = SearchList(hint=_("Search a space, or type its number"))
            search.cols = 2
            search.bind(on_pick=lambda _s, key: self.pick(key))
        self.space_choice = index
        search.query = ""  # the last decision's search is not this one's
        search.rows = [
            (key, vm.space_name(str(key), self.lang), vm.space_names(key)) for key in spaces
        ]
        self.add_widget(search)

    def pick(self, key: Any) -> bool:
        return self.answer(self.space_choice, space=key)
