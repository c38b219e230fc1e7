"""The Travel Vouchers a player may play instead of rolling (or before ending the turn), each
with every place it can take the token: a Bus Ticket goes to any space ahead up to the end of
the side, so a player holding two vouchers has dozens of answers.

They are never a wall of buttons: the dialog shows one "Play a Travel Voucher..." button
(:meth:`ui.dialogs.base.DecisionDialog.open_vouchers`) that opens this list, grouped by voucher
(one toggle per voucher held narrows the list to it) and searchable by the voucher's title or
the destination's name in either language, or by the row's number. The physical buttons never
play a voucher (``DecisionView.numbered``).
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from ui import viewmodels as vm
from ui.widgets import BigButton, SearchList
from ui.widgets.words import _

#: The characters two lines of a half-width row hold at 800x480 (18sp, about 31 a line).
HALF_ROW_CHARS = 56


class VoucherPicker(BoxLayout):
    """Back, the voucher's title (or the vouchers held as toggles), and the search list of
    every destination; ``on_pick(index)`` names the decision's choice tapped, ``on_back``
    asks for the dialog's buttons again."""

    __events__ = ("on_pick", "on_back")

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.top_row = BoxLayout(spacing=dp(6), size_hint_y=None, height=dp(52))
        self.back_button = BigButton(text=_("Back"), role="quiet", size_hint_x=None, width=dp(96))
        self.back_button.bind(on_release=lambda _b: self.dispatch("on_back"))
        self.search = SearchList(hint=_("Search a voucher or a space, or type its number"))
        self.search.cols = 2
        self.search.bind(on_pick=lambda _s, index: self.dispatch("on_pick", index))
        self.add_widget(self.top_row)
        self.add_widget(self.search)
        #: Each voucher held: (its title, the rows of its destinations).
        self.groups: list[tuple[str, list[tuple[int, str, str]]]] = []
        self.toggles: list[ToggleButton] = []

    def fill(self, decision: Any, lang: str) -> None:
        """The voucher choices of ``decision``, grouped by voucher in the engine's order."""
        groups: dict[str, list[tuple[int, str, str]]] = {}
        for index, choice in enumerate(decision.choices):
            if not choice.is_voucher:
                continue
            voucher = str(choice.command.get("voucher", ""))
            space = choice.command.get("space")
            also = vm.card_titles(voucher) + (f" {vm.space_names(space)}" if space else "")
            groups.setdefault(voucher, []).append((index, choice.label, also))
        self.groups = [(vm.card_title(v, lang), rows) for v, rows in groups.items()]
        self.top_row.clear_widgets()
        self.top_row.add_widget(self.back_button)
        self.toggles = []
        if len(self.groups) == 1:
            title = Label(text=self.groups[0][0], font_size="17sp", bold=True)
            title.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
            self.top_row.add_widget(title)
        elif self.groups:
            names = [_("All"), *(_short(title) for title, _rows in self.groups)]
            for number, name in enumerate(names):
                toggle = ToggleButton(
                    text=name,
                    group=f"vouchers-{id(self)}",
                    allow_no_selection=False,
                    font_size="15sp",
                    halign="center",
                    state="down" if number == 0 else "normal",
                )
                toggle.bind(
                    width=lambda t, w: setattr(t, "text_size", (w - dp(8), None)),
                    on_release=lambda _t, n=number: self.show_group(n - 1),
                )
                self.toggles.append(toggle)
                self.top_row.add_widget(toggle)
        self.search.query = ""  # the last decision's search is not this one's
        self.show_group(-1)

    def show_group(self, group: int) -> None:
        """The destinations of the ``group``-th voucher held, or of them all (-1): in two
        columns, or in one when a row says more than two lines of a half can hold (a Free Cab
        Fare's row names where it lands, with the owner and rent there)."""
        chosen = self.groups if group < 0 else self.groups[group : group + 1]
        rows = [row for _title, rows in chosen for row in rows]
        self.search.cols = 1 if any(len(label) > HALF_ROW_CHARS for _i, label, _a in rows) else 2
        self.search.rows = rows
        for number, toggle in enumerate(self.toggles):
            toggle.state = "down" if number == group + 1 else "normal"

    def on_pick(self, index: int) -> None:
        pass

    def on_back(self) -> None:
        pass


def _short(title: str) -> str:
    """A voucher's title on its toggle (two lines at most): the printed English title of the
    expiring Bus Ticket runs to seventy characters. Not cut in the middle: the end of "Free
    Cab Fare +2" tells two cab fares apart."""
    return title if len(title) <= 24 else title[:23].rstrip() + "\u2026"
