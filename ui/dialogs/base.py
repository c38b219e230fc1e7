"""What every decision dialog shares: the decision it was built for, and answering it by id.

A dialog is built for one :class:`ui.viewmodels.DecisionView` and answers only that decision:
every verb it calls names ``decision.id``, so a second tap after the game moved on (a double
tap, a touch delivered twice) is refused by the controller and moves no money.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui.widgets import BigButton, ChoiceList


def button_number(index: int) -> int:
    """The physical button (1-3) that answers the choice at ``index``, or 0 for none."""
    return index + 1 if 0 <= index < 3 else 0


def role_of(choice: Any) -> str:
    """Bankruptcy is irreversible: it never looks like the other answers."""
    return "danger" if choice.key.startswith("bankrupt") else "normal"


class DecisionDialog(BoxLayout):
    """The base: ``controller`` (the :class:`ui.controller.TableController`), ``decision``
    (the view it answers), ``view`` (the whole table view, for the proposal). Subclasses fill
    themselves in :meth:`build` and may refresh in :meth:`update`."""

    decision = ObjectProperty(None)
    view = ObjectProperty(None)
    #: Asks the table screen for the whole width (the map steps aside).
    wide = BooleanProperty(False)
    title = StringProperty("")

    def __init__(self, controller: Any, view: Any, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.controller = controller
        self.view = view
        self.decision = view.decision
        self.build()

    @property
    def lang(self) -> str:
        return str(getattr(self.view, "lang", "en"))

    def build(self) -> None:
        raise NotImplementedError

    def update(self, view: Any) -> None:
        """A new table view with the same decision (a dice proposal came or went)."""
        self.view = view

    def answer(self, index: int, **free: Any) -> bool:
        return bool(self.controller.answer(self.decision.id, index, **free))

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
        """The decision's choices (or those at ``indexes``) as :class:`ChoiceList` rows."""
        choices = self.decision.choices
        picked = range(len(choices)) if indexes is None else indexes
        return [
            (
                choices[i].label,
                button_number(i),
                role_of(choices[i]),
                lambda i=i: self.answer(i),
                i,
            )
            for i in picked
        ]


class ChoicesDialog(DecisionDialog):
    """The decision's choices as big numbered buttons (two columns when there are many)."""

    def build(self) -> None:
        rows = self.choice_rows()
        self.choice_list = ChoiceList()
        self.buttons = self.choice_list.set_choices(rows, cols=2 if len(rows) > 4 else 1)
        self.add_widget(self.choice_list)


def extra_button(text: str, callback: Any, *, role: str = "quiet") -> BigButton:
    button = BigButton(text=text, role=role)
    button.bind(on_release=lambda _b: callback())
    return button
