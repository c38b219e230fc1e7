"""The history: every event in words, newest last, one line each with the player's colour and
the money delta right-aligned; filter by player; a correction (undo) leaves the undone lines
struck through with "corrected by #n"; a tap on a line shows it whole, with "Correct…" for an
answer still in force (``ui.dialogs.correction``); undo the last action (showing what it
reverses); export; the net-worth chart.

The rows are plain dicts in a RecycleView (``data`` reassigned, never mutated); only the last
:data:`PAGE` rows are shown until "Load earlier" asks for more.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.recycleview.views import RecycleDataViewBehavior
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
import ui.widgets  # noqa: F401  (LazySpinner in the kv file)
import ui.widgets.chart  # noqa: F401  (NetWorthChart in the kv file)
from ui.i18n import _
from ui.screens.common import app_controller, export_path, is_shown, watch

if TYPE_CHECKING:
    from ui.controller import TableController
    from ui.viewmodels import HistoryRow, TableView

#: Rows shown at first, and added by each "Load earlier".
PAGE = 300


def row_data(row: HistoryRow) -> dict[str, Any]:
    """A HistoryRow as the dict one RecycleView line shows."""
    text = escape_markup(row.text)
    if row.corrected:
        text = f"[s]{text}[/s]"
    note = ""
    if row.corrected_by is not None:
        note = _("corrected by #{number}", number=row.corrected_by)
    elif row.correction_of is not None:
        note = _("correction of #{number}", number=row.correction_of)
    return {
        "seq": int(row.seq),
        "text": text,
        "plain": row.text,
        "note": note,
        "delta_text": row.delta_text,
        "delta": row.delta,
        "colour": list(row.colour),
        "corrected": bool(row.corrected),
        "correction": row.kind == "correction",
    }


class HistoryLine(RecycleDataViewBehavior, BoxLayout):
    """One event: #n, colour chip, the words (struck when undone), the money delta."""

    seq = NumericProperty(0)
    text = StringProperty("")
    plain = StringProperty("")
    note = StringProperty("")
    delta_text = StringProperty("")
    delta = NumericProperty(0)
    colour = ListProperty([0.6, 0.6, 0.6, 1])
    corrected = BooleanProperty(False)
    correction = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)

    def on_touch_up(self, touch: Any) -> bool:
        # A tap (down and up on this line, not a scroll) shows the line whole.
        if (
            self.screen is not None
            and self.collide_point(*touch.pos)
            and self.collide_point(*touch.opos)
        ):
            self.screen.open_row(self)
            return True
        return bool(super().on_touch_up(touch))


class RowDetail(ModalView):
    """A history line whole (the list cuts it), its note, and "Correct…" when the command
    it belongs to is an answer in force."""

    number = NumericProperty(0)
    text = StringProperty("")
    note = StringProperty("")
    can_correct = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)

    def correct(self) -> None:
        screen, self.screen = self.screen, None  # one dialog, however many taps
        self.dismiss()
        if screen is not None:
            screen.correct(int(self.number))


class ConfirmUndo(ModalView):
    """ "Undo: <what>" asked once more, its buttons away from where the first tap was."""

    text = StringProperty("")
    callback = ObjectProperty(None, allownone=True)

    def yes(self) -> None:
        callback, self.callback = self.callback, None  # one undo, however many taps
        self.dismiss()
        if callback is not None:
            callback()


class HistoryScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    rows = ListProperty([])
    shown_from = NumericProperty(0)
    players = ListProperty([])
    player = StringProperty("")  # "" = everyone
    undo_text = StringProperty("")
    can_undo = BooleanProperty(False)
    show_chart = BooleanProperty(False)
    notice = StringProperty("")

    def __init__(self, controller: TableController | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = "history"
        self.controller = app_controller(controller)
        self.view: TableView | None = None
        self._all: list[dict[str, Any]] = []
        self._confirm: ConfirmUndo | None = None
        watch(self.controller, self.show)
        self.show(self.controller.view)

    def on_pre_enter(self, *_args: Any) -> None:
        self.show(self.controller.view)

    def show(self, view: TableView) -> None:
        """A new table view: reload the rows (when this screen is the one shown)."""
        self.view = view
        self.players = [c.name for c in view.players]
        if self.player and self.player not in self.players:
            self.player = ""
        self.can_undo = view.can_undo
        self.undo_text = view.undo_text
        self.notice = view.notice
        if is_shown(self):
            self.reload()

    def reload(self) -> None:
        rows = self.controller.history(self.player or None)
        self._all = [{**row_data(r), "screen": self} for r in rows]
        self.shown_from = max(0, len(self._all) - PAGE)
        self._publish(to_end=True)
        if self.show_chart:
            self.draw_chart()

    def _publish(self, *, to_end: bool) -> None:
        self.rows = self._all[self.shown_from :]
        rv = self.ids.rv
        rv.data = self.rows
        if to_end:
            rv.scroll_y = 0  # newest last: show the bottom

    def load_earlier(self) -> None:
        """Show :data:`PAGE` more of the older rows (staying where the reader was)."""
        self.shown_from = max(0, self.shown_from - PAGE)
        self._publish(to_end=False)
        self.ids.rv.scroll_y = 1

    def filter(self, player: str) -> None:
        self.player = "" if player in ("", _("Everyone")) else player
        self.reload()

    def toggle_chart(self) -> None:
        self.show_chart = not self.show_chart
        if self.show_chart:
            self.draw_chart()

    def draw_chart(self) -> None:
        chart = self.ids.chart
        chips = self.view.players if self.view is not None else ()
        chart.colours = {c.name: tuple(c.colour) for c in chips}
        series = self.controller.net_worth()
        if self.player:
            series = {k: v for k, v in series.items() if k == self.player}
        chart.series = series

    # -- a line whole, and its correction -------------------------------------------------

    def open_row(self, line: HistoryLine) -> RowDetail:
        """Show a tapped line whole; a line still in force offers its correction."""
        detail = RowDetail(
            number=line.seq,
            text=line.plain,
            note=line.note,
            can_correct=not line.corrected and not line.correction,
            screen=self,
        )
        detail.open()
        return detail

    def correct(self, seq: int) -> Any:
        """Open the correction of command #``seq`` (``ui.dialogs.correction``)."""
        from ui.dialogs.correction import CorrectionDialog

        dialog = CorrectionDialog(self.controller, seq)
        dialog.open()
        return dialog

    # -- undo and export ---------------------------------------------------------------------

    def ask_undo(self) -> ConfirmUndo | None:
        """Show what an undo reverses, and undo only on a second, deliberate tap."""
        if not self.can_undo or (self._confirm is not None and self._confirm.parent is not None):
            return None
        self._confirm = ConfirmUndo(text=self.undo_text, callback=self.undo)
        self._confirm.open()
        return self._confirm

    def undo(self) -> bool:
        return bool(self.controller.undo())

    def export(self, fmt: str) -> Path | None:
        """Write the history to the settings' export folder (the notice says where)."""
        written: Path | None = self.controller.export(fmt, export_path(self.controller, fmt))
        return written

    def back(self) -> None:
        self.controller.go("table")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
