"""The shared small widgets: big buttons wearing the physical buttons' numbers, cash chips, the
status line, the dice as read, the flash of the last transfers, lists to pick from.

They show what they are given (view-model values, already translated) and raise events; none
of them talks to the controller, so the screens and dialogs decide what a tap means.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, RoundedRectangle
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    OptionProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.spinner import Spinner
from kivy.uix.widget import Widget

from ui.widgets.notice import NoticeLine
from ui.widgets.words import _

#: The caps of the physical buttons at positions 1, 2, 3 (roll, undo, next in
#: ``deploy/companion.toml``): green, amber, blue. A decision button answered by position k
#: shows k on an edge of this colour, so a player sees which button does what.
BUTTON_CAPS: dict[int, tuple[float, float, float, float]] = {
    1: (0.20, 0.70, 0.30, 1.0),
    2: (0.98, 0.75, 0.18, 1.0),
    3: (0.25, 0.55, 0.95, 1.0),
}

#: Seconds a transfer's before -> after stays lit when animations are on.
FLASH_SECONDS = 1.5

_ROLE_COLOURS = {
    "normal": (0.22, 0.25, 0.31, 1),
    "primary": (0.10, 0.45, 0.25, 1),
    "danger": (0.55, 0.16, 0.14, 1),
    "quiet": (0.16, 0.17, 0.20, 1),
}


class BigButton(Button):
    """A touch target at least 56 dp high; ``number`` (1-3) marks the physical button that
    does the same, with the cap's colour on its left edge."""

    #: The index of the decision's choice it answers, when it answers one.
    choice_index: int | None = None

    number = NumericProperty(0)
    cap_color = ListProperty([0, 0, 0, 0])
    role = OptionProperty("normal", options=list(_ROLE_COLOURS))
    fill = ListProperty(list(_ROLE_COLOURS["normal"]))

    def on_number(self, _w: Any, number: int) -> None:
        self.cap_color = list(BUTTON_CAPS.get(int(number), (0, 0, 0, 0)))

    def on_role(self, _w: Any, role: str) -> None:
        self.fill = list(_ROLE_COLOURS[role])


class CashChip(BoxLayout):
    """One player's cash, in the player's colour, named (never colour alone); the player whose
    turn it is gets a frame and an arrow; a flash shows the balance before -> after."""

    chip = ObjectProperty(None, allownone=True)
    #: The balance before the last transfer ("" when no flash), and -1/+1 for paid/received.
    flash_before = StringProperty("")
    flash_sign = NumericProperty(0)
    compact = BooleanProperty(False)
    #: The balance as shown (``before -> after`` during a flash) and its type size.
    balance = StringProperty("")
    balance_font = NumericProperty(dp(14))

    def on_kv_post(self, _base: Any) -> None:
        self.bind(chip=self._balance, flash_before=self._balance)
        self.ids.cash.bind(size=self._balance)
        self._balance()

    def _balance(self, *_args: Any) -> None:
        """``before -> after`` on one line or two, whichever gives the larger type (six
        players at 800x480: a chip is about 130 px wide, one line would be 14 px, two are
        about 17); sized to the balance's row. Bold figures are about 0.7 em wide, a line of
        DejaVu Sans about 1.2 em high."""
        after = self.chip.cash_text if self.chip is not None else ""
        height, width = max(1.0, self.ids.cash.height), max(1.0, self.ids.cash.width - dp(8))

        def fit(lines: list[str]) -> float:
            longest = max(4, *(len(line) for line in lines))
            high = height * 0.9 if len(lines) == 1 else height / (1.2 * len(lines))
            return min(high, width * 1.4 / longest)

        lines = [f"{self.flash_before} \u2192 {after}"] if self.flash_before else [after]
        if self.flash_before and fit(two := [self.flash_before, f"\u2192 {after}"]) > fit(lines):
            lines = two
        self.balance = "\n".join(lines)
        self.balance_font = max(dp(14), fit(lines))


class PlayerStrip(GridLayout):
    """Every player's :class:`CashChip`: one row up to six players, two rows beyond."""

    players = ObjectProperty((), allownone=True)
    flashes = ObjectProperty((), allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        self._chips: list[CashChip] = []
        super().__init__(**kwargs)

    def on_players(self, _w: Any, players: Sequence[Any] | None) -> None:
        players = tuple(players or ())
        # The old chips go before the grid changes and the new ones come after: more chips
        # than its cells is an error (a game of six players after one of three in the same
        # app lost three chips to it).
        renew = len(players) != len(self._chips)
        if renew:
            self.clear_widgets()
        self.rows = 1 if len(players) <= 6 else 2
        self.cols = max(1, math.ceil(len(players) / self.rows))
        if renew:
            self._chips = [CashChip() for _ in players]
            for chip in self._chips:
                self.add_widget(chip)
        for widget, chip in zip(self._chips, players, strict=True):
            widget.chip = chip
            widget.compact = self.rows > 1
        self._show_flashes()

    def on_flashes(self, *_args: Any) -> None:
        self._show_flashes()

    def _show_flashes(self) -> None:
        before: dict[str, tuple[str, int]] = {}
        for flash in self.flashes or ():
            # The first balance of the command is the one people saw before it.
            before.setdefault(flash.payer, (flash.payer_before, -1))
            before.setdefault(flash.payee, (flash.payee_before, +1))
        for widget in self._chips:
            name = widget.chip.name if widget.chip is not None else ""
            text, sign = before.get(name, ("", 0))
            widget.flash_before, widget.flash_sign = text, sign

    def chip_of(self, name: str) -> CashChip | None:
        return next((w for w in self._chips if w.chip is not None and w.chip.name == name), None)


class StatusLine(Label):
    """One line in big type on a dark band (whose turn; what the referee says)."""

    fill = ListProperty([0.12, 0.13, 0.16, 1])


class DieFace(Widget):
    """One die: a regular die's pips (1-6), or the speed die's face (``1``, ``2``, ``3``,
    ``mr``, ``bus``) written out."""

    value = ObjectProperty(None, allownone=True)
    #: The speed die (red, its face written out) rather than a regular die (pips).
    speed = BooleanProperty(False)

    _PIPS = {
        1: [(0.5, 0.5)],
        2: [(0.25, 0.75), (0.75, 0.25)],
        3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
        4: [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)],
        5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
        6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)],
    }

    def __init__(self, **kwargs: Any) -> None:
        self._label = Label(bold=True, color=(1, 1, 1, 1))
        super().__init__(**kwargs)
        self.add_widget(self._label)
        self.bind(pos=self._redraw, size=self._redraw, value=self._redraw, speed=self._redraw)
        # The speed die's words follow a live language switch (a weak binding: a die that is
        # gone is not kept alive by it).
        _localizer().bind(lang=self._redraw)
        self._redraw()

    def _redraw(self, *_args: Any) -> None:
        side = min(self.width, self.height)
        x, y = self.center_x - side / 2, self.center_y - side / 2
        self.canvas.before.clear()
        value = self.value
        regular = isinstance(value, int) and not isinstance(value, bool) and not self.speed
        with self.canvas.before:
            if value is None:
                Color(0.4, 0.42, 0.46, 1)
            elif regular:
                Color(0.96, 0.96, 0.94, 1)
            else:
                Color(0.78, 0.12, 0.12, 1)
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[side * 0.16])
            if regular and value in self._PIPS:
                Color(0.08, 0.08, 0.1, 1)
                r = side * 0.095
                for px, py in self._PIPS[value]:
                    Ellipse(pos=(x + px * side - r, y + py * side - r), size=(2 * r, 2 * r))
        text = "" if regular or value is None else speed_word(value)
        if value is None:
            text = "?"
        self._label.text = text
        self._label.pos = (x, y)
        self._label.size = (side, side)
        self._label.font_size = side * (0.6 if len(text) <= 1 else 0.3)


def speed_word(face: Any) -> str:
    """The speed die's face as it is printed, in the table's language ("Mr. M" / "M. M")."""
    if str(face).lower() == "mr":
        return _("Mr. M")
    if str(face).lower() == "bus":
        return _("Bus")
    return str(face)


def _localizer() -> Any:
    from ui.kvi18n import l

    return l


class DiceView(BoxLayout):
    """The dice as read (or entered): regular dice then the speed die, large."""

    faces = ListProperty([])
    #: How many of ``faces`` are regular dice; the one after them is the speed die.
    regular = NumericProperty(2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_faces()  # faces given to the constructor arrive before the canvas exists

    def on_faces(self, *_args: Any) -> None:
        if self.canvas is None:
            return
        # The dice already there are turned to their new faces (a new throw of as many dice
        # is no new widget); only a different count of dice adds or takes some away.
        dice = list(reversed(self.children))
        for die in dice[len(self.faces) :]:
            self.remove_widget(die)
        for i, face in enumerate(self.faces):
            if i < len(dice):
                dice[i].speed = i >= self.regular
                dice[i].value = face
            else:
                self.add_widget(DieFace(value=face, speed=i >= self.regular))

    on_regular = on_faces


class FlashBanner(NoticeLine):
    """The table's line of words: what the last command did with money (each transfer's
    sentence), what was undone, or why nothing changed. A change of money is lit for
    :data:`FLASH_SECONDS` (or, without animations, until the next one); the words stay until
    the next command, so money never moves without a sentence on the table. Words longer than
    its two lines end in "…" between two words, and a tap shows them whole (``notice``)."""

    lit = BooleanProperty(False)
    animate = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        self._off = Clock.create_trigger(self._dim, FLASH_SECONDS)
        super().__init__(**kwargs)

    def light(self) -> None:
        """A new change of money: lit for a moment."""
        self.lit = True
        self._off.cancel()
        if self.animate:
            self._off()

    def _dim(self, *_args: Any) -> None:
        self.lit = False


class NavBar(BoxLayout):
    """A row of big buttons; ``items`` is ``[(key, label), ...]``; a tap raises ``on_pick``."""

    items = ListProperty([])
    current = StringProperty("")

    __events__ = ("on_pick",)

    def on_items(self, *_args: Any) -> None:
        self.clear_widgets()
        for key, label in self.items:
            button = BigButton(text=label, role="quiet", font_size="17sp")
            if self.orientation == "vertical":
                button.size_hint_y = 1  # a rail: the places share its height
            button.bind(on_release=lambda _b, key=key: self.dispatch("on_pick", key))
            self.add_widget(button)

    def on_pick(self, key: str) -> None:
        pass


class ChoiceList(BoxLayout):
    """Big buttons in a scrolling grid: ``set_choices([(label, number, role, callback)...])``.

    The buttons are kept from one fill to the next: each is given its new row (label, number,
    role, what a tap does), more are made when needed and the extra ones leave (kept for the
    next fill), so a dialog refilled for the next decision builds no button."""

    cols = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        self._pool: list[BigButton] = []
        super().__init__(**kwargs)

    def set_choices(self, rows: Sequence[tuple[Any, ...]], *, cols: int = 1) -> list[BigButton]:
        grid = self.ids.grid
        grid.clear_widgets()
        self.cols = cols
        buttons = []
        for i, (label, number, role, callback, *index) in enumerate(rows):
            if i == len(self._pool):
                button = BigButton()
                button.bind(on_release=_tap)
                self._pool.append(button)
            button = self._pool[i]
            button.text, button.number, button.role = label, number, role
            # Which of the decision's choices the button answers (drivers and tests find it).
            button.choice_index = index[0] if index else None
            button.tap = callback
            grid.add_widget(button)
            buttons.append(button)
        self.ids.scroll.scroll_y = 1
        return buttons


def _tap(button: Any) -> None:
    button.tap()


def folded(text: str) -> str:
    """``text`` for a search: case and accents ignored ("Électricité" finds "electricite")."""
    decomposed = unicodedata.normalize("NFKD", str(text).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class SearchRow(Button):
    """A row of a :class:`SearchList` ("12.  Boardwalk"); a tap picks its ``value``."""

    value = ObjectProperty(None, allownone=True)
    search = ObjectProperty(None, allownone=True)
    fill = ListProperty(list(_ROLE_COLOURS["normal"]))

    def on_release(self) -> None:
        if self.search is not None:
            self.search.dispatch("on_pick", self.value)


class SearchList(BoxLayout):
    """Rows numbered 1..n with a search box: typing a number picks that row, text filters by
    title. ``rows`` is ``[(value, label), ...]``, or ``(value, label, also)`` where ``also`` is
    more text the search matches but the row does not show (the card's title in the other
    language: the physical cards at the table may be printed in either). A tap raises
    ``on_pick(value)``.

    The rows are a RecycleView's: only the rows in sight have a button (about a dozen), each
    given another row as the list scrolls. The lists run to 120 spaces or cards, and a button
    with its label texture costs about a quarter of a megabyte (docs/performance.md)."""

    rows = ListProperty([])
    query = StringProperty("")
    hint = StringProperty("")
    cols = NumericProperty(1)

    __events__ = ("on_pick",)

    def on_rows(self, *_args: Any) -> None:
        self._fill()

    def on_query(self, *_args: Any) -> None:
        self._fill()

    def matches(self) -> list[tuple[int, Any, str]]:
        """The rows the query keeps: (number, value, label)."""
        query = folded(self.query.strip())
        numbered = [(i, row[0], row[1], row[2:]) for i, row in enumerate(self.rows, 1)]
        if query.isdigit():
            return [(n, v, label) for n, v, label, _also in numbered if n == int(query)]
        return [
            (n, value, label)
            for n, value, label, also in numbered
            if not query or query in folded(" ".join((label, *map(str, also))))
        ]

    def on_kv_post(self, _base: Any) -> None:
        self._fill()  # rows given to the constructor came before the list

    def _fill(self) -> None:
        scroll = self.ids.get("scroll")
        if scroll is None:
            return
        scroll.data = [
            {"text": f"{number}.  {label}", "value": value, "search": self}
            for number, value, label in self.matches()
        ]
        scroll.scroll_y = 1

    def on_pick(self, value: Any) -> None:
        pass


class LazySpinner(Spinner):
    """A Spinner whose options exist only while its list is open.

    Kivy's Spinner makes a button for every value as soon as the values are set, and keeps
    them: the setup screen's seat rows alone held some 370 (56 Travel Vouchers a seat), each
    about 0.1 MB with its label, for the whole game. Here they are made when the list opens
    and let go when it closes."""

    def _update_dropdown(self, *largs: Any) -> None:
        if self.is_open:
            super()._update_dropdown(*largs)
        elif self._dropdown is not None:
            self._dropdown.clear_widgets()

    def on_is_open(self, instance: Any, value: bool) -> None:
        if value:
            super()._update_dropdown()
        super().on_is_open(instance, value)
        if not value:
            self._dropdown.clear_widgets()


class NumberPad(GridLayout):
    """Digits by touch (no keyboard on the table): ``value`` grows as digits are tapped."""

    value = NumericProperty(0)
    maximum = NumericProperty(10**7)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        shown = {"clear": "C", "del": "\u2190"}
        for key in number_pad_keys():
            button = BigButton(text=shown.get(key, key), font_size="22sp", role="quiet")
            button.bind(on_release=lambda _b, k=key: self.tap(k))
            self.add_widget(button)

    def tap(self, key: str) -> None:
        if key == "del":
            self.value = self.value // 10
        elif key == "clear":
            self.value = 0
        elif key.isdigit():
            self.value = min(self.maximum, self.value * 10 + int(key))


def number_pad_keys() -> list[str]:
    return ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "del"]


def min_touch() -> float:
    """The smallest touch target used anywhere (9 mm on the 7-inch panel)."""
    return dp(56)


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
