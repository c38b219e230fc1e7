"""One dialog per kind of decision the engine poses, and the host that shows the one in force.

:data:`REGISTRY` maps a decision kind (``state.decision.kind``) to its dialog class;
:data:`DECISION_KINDS` lists the kinds the engine poses (``tests/ui/test_dialogs.py`` checks the
list against the engine's own decisions, and that every kind has a dialog). The
:class:`DecisionHost` sits on the table screen: on each new table view it keeps the dialog when
the decision is the same (a dice proposal came), and shows the registered one when the
decision changed: one dialog of each class, built on first use and refilled for each later
decision of its kinds (``DecisionDialog.renew``), since building a dialog's widgets costs far
more than refilling them. Dialogs answer by decision id only (a tap names the decision shown
when it went down), so a stale tap changes nothing.

The dialogs are panels of the table screen rather than pop-ups: the players' cash, the Pool and
the navigation stay visible and reachable while a decision waits (never hide money). A decision
that follows another without its player asking is announced: the host's frame flashes for
:data:`ANNOUNCE_SECONDS` (:meth:`DecisionHost.announce`) before the table screen tells the
controller it is shown.
"""

from __future__ import annotations

from typing import Any

from kivy.animation import Animation
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from ui.dialogs.auction import AuctionDialog
from ui.dialogs.base import ChoicesDialog, DecisionDialog
from ui.dialogs.choices import GameOverDialog, RaiseMoneyDialog, StockDialog, TaxiDialog
from ui.dialogs.dice import DiceDialog
from ui.dialogs.picks import DealDialog, DrawDialog, SpaceDialog

#: Every kind of decision the engine poses (``companion.banker.options`` answers each).
DECISION_KINDS = (
    "deal",
    "order_roll",
    "roll",
    "subway",
    "choose_space",
    "bus_option",
    "end_turn",
    "buy_or_auction",
    "building_shortage",
    "auction",
    "taxi",
    "draw",
    "gift",
    "last_lot",
    "dice",
    "stock",
    "rent",
    "raise_money",
    "card_option",
    "choose_player",
    "respond",
    "game_over",
)

REGISTRY: dict[str, type[DecisionDialog]] = {
    "deal": DealDialog,
    "order_roll": DiceDialog,
    "roll": DiceDialog,
    "dice": DiceDialog,
    "subway": SpaceDialog,
    "choose_space": SpaceDialog,
    "bus_option": ChoicesDialog,
    "end_turn": ChoicesDialog,
    "buy_or_auction": ChoicesDialog,
    "building_shortage": ChoicesDialog,
    "auction": AuctionDialog,
    "taxi": TaxiDialog,
    "draw": DrawDialog,
    "gift": ChoicesDialog,
    "last_lot": ChoicesDialog,
    "stock": StockDialog,
    "rent": ChoicesDialog,
    "raise_money": RaiseMoneyDialog,
    "card_option": ChoicesDialog,
    "choose_player": ChoicesDialog,
    "respond": ChoicesDialog,
    "game_over": GameOverDialog,
}


#: Seconds a chained decision's panel flashes before a press or a tap can answer it.
ANNOUNCE_SECONDS = 0.9


def dialog_for(kind: str) -> type[DecisionDialog]:
    """The dialog of a decision kind; a kind this version does not know gets the plain
    buttons (its choices are still the engine's options), never nothing."""
    return REGISTRY.get(kind, ChoicesDialog)


class DecisionHost(BoxLayout):
    """Shows the dialog of the decision in force (see the module docstring)."""

    dialog = ObjectProperty(None, allownone=True)
    #: The dialog asks for the whole width (the table screen hides the map meanwhile).
    wide = BooleanProperty(False)
    #: The announcement's light over the panel (0: off), animated by :meth:`announce`.
    glow = NumericProperty(0.0)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        super().__init__(**kwargs)
        self.controller: Any = None
        #: The decision shown: its id, the language and its choices.
        self._shown: tuple[Any, ...] = ()
        self._over_shown = False
        #: One dialog of each class, refilled for each decision it shows.
        self._dialogs: dict[type[DecisionDialog], DecisionDialog] = {}
        with self.canvas.after:
            self._glow_fill = Color(1.0, 0.82, 0.3, 0.0)
            self._glow_area = Rectangle()
            self._glow_edge = Color(1.0, 0.82, 0.3, 0.0)
            self._glow_line = Line(width=dp(3))
        self.bind(pos=self._draw_glow, size=self._draw_glow, glow=self._draw_glow)

    def announce(self, seconds: float = ANNOUNCE_SECONDS) -> None:
        """Flash the panel twice over ``seconds``: a new decision nobody asked for is here."""
        Animation.cancel_all(self, "glow")
        self.glow = 1.0
        half = seconds / 4
        flash = Animation(glow=0.25, d=half) + Animation(glow=1.0, d=half)
        (flash + Animation(glow=0.0, d=2 * half)).start(self)

    def _draw_glow(self, *_args: Any) -> None:
        self._glow_fill.a = 0.22 * self.glow
        self._glow_edge.a = self.glow
        self._glow_area.pos, self._glow_area.size = self.pos, self.size
        self._glow_line.rectangle = (self.x, self.y, self.width, self.height)

    def show(self, view: Any) -> None:
        decision = view.decision if view is not None else None
        if decision is None:
            self._shown = ()
            self._set(None)
            if view is not None and view.over:
                self._show_over()  # the engine's game_over decision: the view has none
            return
        # The same decision in the same words (a dice proposal came or went) keeps its
        # dialog as it is; a switch of language words it again, its list of vouchers left
        # open; the same id in another game (its choices differ) is a new decision.
        shown = (decision.id, view.lang, decision.choices)
        if self.dialog is not None and shown == self._shown:
            self.dialog.update(view)
            return
        reopen = self._shown[:1] == shown[:1] and self._vouchers_open()
        self._shown = shown
        cls = dialog_for(decision.kind)
        dialog = self._dialogs.get(cls)
        if dialog is None or dialog.controller is not self.controller or dialog.lang != view.lang:
            # (a language switch: its own words, "Pad", "Correct", are built in the new one)
            dialog = cls(self.controller, view)
            if dialog.reusable:
                self._dialogs[cls] = dialog
        else:
            dialog.renew(view)
        self._set(dialog)
        if reopen:
            dialog.open_vouchers()

    def _vouchers_open(self) -> bool:
        picker = self.dialog.voucher_picker if self.dialog is not None else None
        return picker is not None and picker.parent is self.dialog

    def _set(self, dialog: DecisionDialog | None) -> None:
        if self.dialog is not None:
            self.dialog.unbind(wide=self._wide)
        if dialog is not None and dialog is self.dialog and dialog.parent is self:
            dialog.bind(wide=self._wide)
            self.wide = bool(dialog.wide)
            return
        self.clear_widgets()
        self.dialog = dialog
        if dialog is not None:
            dialog.bind(wide=self._wide)
            self.add_widget(dialog)
        self.wide = bool(dialog is not None and dialog.wide)

    def _wide(self, _dialog: Any, wide: bool) -> None:
        self.wide = wide

    def _show_over(self) -> None:
        self.add_widget(GameOverDialog.ending(self.controller))
