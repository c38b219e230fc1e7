"""What every decision dialog shares: the decision it was built for, and answering it by id.

A dialog shows one :class:`ui.viewmodels.DecisionView` at a time and answers only that
decision: every verb it calls names a decision id, so a second tap after the game moved on (a
double tap, a touch delivered twice) is refused by the controller and moves no money.

The :class:`ui.dialogs.DecisionHost` keeps one dialog of each class and refills it for the
next decision of its kind (:meth:`DecisionDialog.renew`) rather than building it again: a
dialog's widgets (a hundred card buttons, the number pad) cost far more to build than to
refill. So a button may outlive the decision it was drawn for, and a tap names **the decision
shown when its finger went down** (stamped on the touch by the dialog, as a physical button's
press is stamped at its GPIO edge): a touch delivered twice, released after the dialog was
refilled, still answers the old decision and is refused. The touch is also stamped with **the
time it went down** (the controller's clock), for the controller's input gate: a tap sooner
than the settle time after the decision was shown, or repeating the answer just given, does
nothing.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui.dialogs.vouchers import VoucherPicker
from ui.edition import table_edition
from ui.viewmodels import voucher_buttons
from ui.widgets import BigButton, ChoiceList
from ui.widgets.words import _

#: The key in a touch's ``ud`` of the decision shown when it went down.
TOUCH_DECISION = "companion.decision_id"
#: The key in a touch's ``ud`` of the time it went down (the controller's clock).
TOUCH_AT = "companion.at"


def role_of(choice: Any) -> str:
    """Bankruptcy is irreversible: it never looks like the other answers."""
    return "danger" if choice.key.startswith("bankrupt") else "normal"


class DecisionDialog(BoxLayout):
    """The base: ``controller`` (the :class:`ui.controller.TableController`), ``decision``
    (the view it answers), ``view`` (the whole table view, for the proposal). Subclasses fill
    themselves in :meth:`build` and may refresh in :meth:`update`."""

    #: Kept by the host for the next decision of its kinds (False: built each time, for a
    #: dialog seen once a game, whose widgets would only take memory the rest of the game).
    reusable = True
    decision = ObjectProperty(None)
    view = ObjectProperty(None)
    #: Asks the table screen for the whole width (the map steps aside).
    wide = BooleanProperty(False)
    title = StringProperty("")
    #: The Travel Vouchers' list, made when first opened (:meth:`open_vouchers`).
    voucher_picker: VoucherPicker | None = None

    def __init__(self, controller: Any, view: Any, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.controller = controller
        self.view = view
        self.decision = view.decision
        # The touches that went down on this dialog and may still be held (see decision_id).
        self._touches: list[Any] = []
        self.build()

    def renew(self, view: Any) -> None:
        """Show the next decision of this dialog's kind (a new decision id)."""
        self.view = view
        self.decision = view.decision
        self.wide = False
        self.refill()

    def refill(self) -> None:
        """Fill the dialog for :attr:`decision`; subclasses keep what they can of their
        widgets (by default everything is built again)."""
        self.clear_widgets()
        self.build()

    def on_touch_down(self, touch: Any) -> bool:
        if self.decision is not None and self.collide_point(*touch.pos):
            touch.ud.setdefault(TOUCH_DECISION, self.decision.id)
            touch.ud.setdefault(TOUCH_AT, self.controller.clock())
            self._touches = [t for t in self._touches if t.time_end < 0] + [touch]
        return bool(super().on_touch_down(touch))

    def releasing(self) -> Any:
        """The touch being released now (its grabbed widget's ``on_release``), or None."""
        for touch in self._touches:
            if touch.grab_current is not None and TOUCH_DECISION in touch.ud:
                return touch
        return None

    def decision_id(self) -> int:
        """The decision an answer names: while a touch is being released (its grabbed
        widget's ``on_release``), the one shown when that touch went down; otherwise (a
        physical button, a test, the demo) the decision shown now."""
        return self.stamp()[0]

    def stamp(self) -> tuple[int, float | None]:
        """The decision an answer names (:meth:`decision_id`) and the input's time: when the
        touch being released went down, or None for an answer given without a touch."""
        touch = self.releasing()
        if touch is None:
            return int(self.decision.id), None
        return int(touch.ud[TOUCH_DECISION]), touch.ud.get(TOUCH_AT)

    @property
    def lang(self) -> str:
        return str(self.view.lang)

    def build(self) -> None:
        raise NotImplementedError

    def update(self, view: Any) -> None:
        """A new table view with the same decision (a dice proposal came or went)."""
        self.view = view

    def answer(self, index: int, **free: Any) -> bool:
        decision_id, at = self.stamp()
        return bool(self.controller.answer(decision_id, index, at=at, **free))

    def heading(self, text: str) -> Label:
        label = Label(
            text=text,
            font_size="18sp",
            size_hint_y=None,
            height=dp(28),
            halign="left",
            valign="middle",
            color=(0.85, 0.88, 0.95, 1),
        )
        label.bind(
            width=lambda w, width: setattr(w, "text_size", (width, None)),
            texture_size=lambda w, size: setattr(w, "height", max(dp(28), size[1])),
        )
        return label

    def choice_rows(self, indexes: Any = None) -> list[tuple[Any, ...]]:
        """The decision's choices (or those at ``indexes``) as :class:`ChoiceList` rows, each
        with the number of the physical button that answers it; the Travel Vouchers'
        destinations (dozens of them) folded into one row that opens their list."""
        decision = self.decision
        choices = decision.choices
        picked = range(len(choices)) if indexes is None else list(indexes)
        rows: list[tuple[Any, ...]] = [
            (
                choices[i].label,
                decision.number_of(i),
                role_of(choices[i]),
                lambda i=i: self.answer(i),
                i,
            )
            for i in picked
            if not choices[i].is_voucher
        ]
        if any(choices[i].is_voucher for i in picked):
            opener = voucher_buttons(table_edition())[2]
            rows.append((_(opener), 0, "normal", self.open_vouchers))
        return rows

    def open_vouchers(self) -> None:
        """The vouchers held and their destinations (:class:`VoucherPicker`) in place of the
        dialog's buttons, over the whole width; a tap answers the decision, Back returns."""
        picker = self.voucher_picker
        if picker is None:
            picker = self.voucher_picker = VoucherPicker()
            picker.bind(
                on_pick=lambda _p, index: self.answer(index),
                on_back=lambda _p: self.close_vouchers(),
            )
        picker.fill(self.decision, self.lang)
        self.clear_widgets()
        self.wide = True
        self.add_widget(picker)

    def close_vouchers(self) -> None:
        """Back from the vouchers' list to the dialog's buttons."""
        self.wide = False
        self.refill()


class ChoicesDialog(DecisionDialog):
    """The decision's choices as big numbered buttons (two columns when there are many)."""

    choice_list: ChoiceList | None = None

    def build(self) -> None:
        rows = self.choice_rows()
        if self.choice_list is None:
            self.choice_list = ChoiceList()
        self.buttons = self.choice_list.set_choices(rows, cols=2 if len(rows) > 4 else 1)
        self.add_widget(self.choice_list)


def extra_button(text: str, callback: Any, *, role: str = "quiet") -> BigButton:
    button = BigButton(text=text, role=role)
    button.bind(on_release=lambda _b: callback())
    return button
