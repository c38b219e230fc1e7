"""Correct an answer recorded wrongly (a card or a Travel Voucher, a misread roll, a wrong
answer), from the table's "Correct…" or a History row.

The decision of that moment is shown by its own dialog (``ui.dialogs.REGISTRY``: a card by
title or number, the dice faces, the other answers), in the table's language; its answer
works out the correction (``TableController.propose_correction``: the game played again
after it) and shows each player's money and place before and after; only "Apply" records it
(``apply_correction``), and the history keeps the corrected line, struck, with the new one
after it. A refused correction says why in one line and changes nothing.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui.dialogs import dialog_for
from ui.dialogs.base import extra_button
from ui.widgets.words import _


def _wrapped(text: str, *, font_size: str = "16sp", bold: bool = False, **kwargs: Any) -> Label:
    """A label that takes the lines its text needs at its width, never cut."""
    label = Label(
        text=text,
        font_size=font_size,
        bold=bold,
        size_hint_y=None,
        halign="left",
        valign="middle",
        **kwargs,
    )
    label.bind(
        width=lambda w, width: setattr(w, "text_size", (width, None)),
        texture_size=lambda w, size: setattr(w, "height", max(dp(24), size[1] + dp(4))),
    )
    return label


def _before_after(before: str, after: str) -> str:
    """ "before -> after", or the value alone when the correction leaves it as it was."""
    return before if before == after else f"{before} \u2192 {after}"


def _cell(text: str, share: float, colour: Any, *, bold: bool = False) -> Label:
    """One cell of the before/after table: one line, cut with an ellipsis if need be."""
    label = Label(
        text=text,
        font_size="16sp",
        bold=bold,
        color=colour,
        size_hint=(share, None),
        height=dp(30),
        halign="left",
        valign="middle",
        shorten=True,
        shorten_from="right",
    )
    label.bind(size=lambda w, size: setattr(w, "text_size", size))
    return label


class CorrectionDialog(ModalView):
    """Correct command #``seq``: the decision as it stood, then what the correction changes,
    then Apply."""

    def __init__(self, controller: Any, seq: int, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (0.98, 0.98))
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(**kwargs)
        self.controller = controller
        self.seq = seq
        self.preview: Any = None
        box = BoxLayout(orientation="vertical", padding=dp(8), spacing=dp(6))
        self.heading = _wrapped(
            _("Correct #{number}: {what}", number=seq, what=controller.entry_words(seq)),
            font_size="17sp",
            bold=True,
        )
        self.message = _wrapped("", font_size="15sp", color=(1, 0.7, 0.4, 1))
        self.body = BoxLayout(orientation="vertical")
        self.buttons = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(12))
        for widget in (self.heading, self.message, self.body, self.buttons):
            box.add_widget(widget)
        self.add_widget(box)
        self.choose()

    def choose(self) -> bool:
        """Show the decision of that moment, its answers as its own dialog offers them."""
        self.preview = None
        self.controller.cancel_correction()
        view = self.controller.correction_view(self.seq)
        self.body.clear_widgets()
        self._buttons()
        if view is None or view.decision is None:
            self.message.text = self.controller.view.notice
            return False
        self.message.text = _("Choose what should have been recorded:")
        answers = self.controller.correction_answers(self.seq, view, self.proposed)
        self.dialog = dialog_for(view.decision.kind)(answers, view)
        self.body.add_widget(self.dialog)
        return True

    def proposed(self, preview: Any) -> None:
        """The correction worked out (or refused: the notice says why, nothing changed)."""
        if preview is None:
            self.message.text = self.controller.view.notice
            return
        self.preview = preview
        self.message.text = ""  # the heading says what was recorded; the changes follow
        self.body.clear_widgets()
        self.body.add_widget(self.changes(preview))
        self._buttons(
            extra_button(_("Choose again"), self.choose),
            extra_button(_("Apply the correction"), self.apply, role="primary"),
        )

    def _buttons(self, *more: Any) -> None:
        """Cancel on the left, then ``more``, in three fixed places: Apply comes at the right,
        where nothing could be tapped before it (a second tap of a choice never applies)."""
        self.buttons.clear_widgets()
        self.buttons.add_widget(extra_button(_("Cancel"), self.cancel))
        for button in more or (Widget(), Widget()):
            self.buttons.add_widget(button)
        self.apply_button = more[-1] if more else None

    def changes(self, preview: Any) -> ScrollView:
        """Now: the new words, then each player's money and place, before -> after."""
        grid = GridLayout(cols=1, size_hint_y=None, spacing=dp(4))
        grid.bind(minimum_height=grid.setter("height"))
        grid.add_widget(_wrapped(_("Now: {now}", now=preview.now), color=(0.75, 0.95, 0.8, 1)))
        table = GridLayout(cols=3, size_hint_y=None, spacing=dp(2), row_default_height=dp(30))
        table.bind(minimum_height=table.setter("height"))
        for change in preview.changes:
            colour = (1, 0.93, 0.6, 1) if change.changed else (0.75, 0.77, 0.8, 1)
            cells = (
                (change.name, 0.18, change.colour),
                (_before_after(change.cash_before, change.cash_after), 0.32, colour),
                (_before_after(change.where_before, change.where_after), 0.5, colour),
            )
            for text, share, tint in cells:
                table.add_widget(_cell(text, share, tint, bold=tint is change.colour))
        grid.add_widget(table)
        if preview.replayed:
            grid.add_widget(
                _wrapped(
                    _("The {count} answers after it are played again.", count=preview.replayed)
                )
            )
        if preview.dropped:
            grid.add_widget(
                _wrapped(
                    _(
                        "The {count} answers after it no longer fit and are taken back: "
                        "the table plays on from the corrected answer.",
                        count=preview.dropped,
                    ),
                    color=(1, 0.7, 0.4, 1),
                )
            )
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(grid)
        return scroll

    def apply(self) -> bool:
        """Record the correction; on a refusal, say why and stay."""
        if self.preview is None:
            return False
        self.preview = None  # one correction, however many taps
        if not self.controller.apply_correction():
            self.message.text = self.controller.view.notice
            return False
        self.dismiss()
        return True

    def cancel(self) -> None:
        self.controller.cancel_correction()
        self.dismiss()


__all__ = ["CorrectionDialog"]
