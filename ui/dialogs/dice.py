"""The dice: the roll as read with Confirm, Correct and Cancel, or touch entry of the faces.

Used for the turn's roll, the turn-order roll and the dice a space or card asks for (utility,
Squeeze Play, Roll Three, Game Night). Re-rolling a visible result is not offered: a misread
is corrected by entering the faces the dice show.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from ui.dialogs.base import DecisionDialog, extra_button
from ui.widgets import BigButton, ChoiceList, DiceView
from ui.widgets.words import _


class FaceRow(BoxLayout):
    """One die's faces as toggles: the table taps the face it shows."""

    def __init__(self, title: str, faces: tuple[str, ...], shown: dict[str, str], **kwargs: Any):
        super().__init__(spacing=dp(4), size_hint_y=None, height=dp(52), **kwargs)
        self.value: str | None = None
        self.add_widget(Label(text=title, size_hint_x=None, width=dp(84), font_size="16sp"))
        self.toggles: dict[str, ToggleButton] = {}
        group = f"die-{id(self)}"
        for face in faces:
            toggle = ToggleButton(
                text=shown.get(face, face),
                group=group,
                font_size="22sp",
                bold=True,
                allow_no_selection=False,
            )
            toggle.bind(on_release=lambda _t, f=face: self.pick(f))
            self.toggles[face] = toggle
            self.add_widget(toggle)

    def pick(self, face: str | None) -> None:
        self.value = face
        for name, toggle in self.toggles.items():
            toggle.state = "down" if name == face else "normal"


class DiceEntry(BoxLayout):
    """Touch entry of ``count`` regular dice and (when ``speed``) the speed die, filled in
    with what was read, if anything; plus an opponent for Game Night."""

    def __init__(
        self,
        count: int,
        speed: bool,
        *,
        faces: tuple[Any, ...] = (),
        speed_faces: tuple[str, ...] = (),
        opponents: tuple[str, ...] = (),
        on_apply: Any,
        on_cancel: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(orientation="vertical", spacing=dp(4), **kwargs)
        self.count, self.speed = count, speed
        self.rows: list[FaceRow] = []
        regular = tuple(str(n) for n in range(1, 7))
        for i in range(count):
            row = FaceRow(_("Die {number}", number=i + 1), regular, {})
            self.rows.append(row)
        if speed:
            shown = {"mr": _("Mr. M"), "bus": _("Bus")}
            self.rows.append(FaceRow(_("Speed"), speed_faces, shown))
        self.opponent: FaceRow | None = None
        if opponents:
            self.opponent = FaceRow(_("Against"), tuple(opponents), {})
            for toggle in self.opponent.toggles.values():
                toggle.font_size = "16sp"
        for row, face in zip(self.rows, faces, strict=False):
            row.pick(str(face))
        for row in self.rows:
            self.add_widget(row)
        if self.opponent is not None:
            self.add_widget(self.opponent)
        self.hint = Label(
            text="", size_hint_y=None, height=0, font_size="16sp", color=(1, 0.8, 0.3, 1)
        )
        self.add_widget(self.hint)
        buttons = BoxLayout(spacing=dp(8), size_hint_y=None, height=dp(56))
        if on_cancel is not None:
            buttons.add_widget(extra_button(_("Back"), on_cancel))
        self.apply_button = BigButton(text=_("Apply these dice"), role="primary")
        self.apply_button.bind(on_release=lambda _b: on_apply(self.faces(), self.opponent_name()))
        buttons.add_widget(self.apply_button)
        self.add_widget(buttons)

    def say(self, text: str) -> None:
        self.hint.text = text
        self.hint.height = dp(26) if text else 0

    def faces(self) -> list[int | str] | None:
        """The faces entered (regular dice as numbers, the speed die as its face), or None
        while a die is missing."""
        values = [row.value for row in self.rows]
        if any(v is None for v in values):
            return None
        regular = [int(v) for v in values[: self.count] if v is not None]
        return [*regular, *[v for v in values[self.count :] if v is not None]]

    def opponent_name(self) -> str | None:
        return self.opponent.value if self.opponent is not None else None


class DiceDialog(DecisionDialog):
    """Roll, turn-order roll, and the dice a space or card asks for."""

    choice_list: ChoiceList | None = None
    #: The reading's widgets (the dice, their heading, the row of buttons), built on the first
    #: reading and refilled for each one after.
    _reading_panel: tuple[Any, ...] | None = None

    def build(self) -> None:
        self.entering = False
        self._proposal_key: Any = object()
        self.refresh()

    def update(self, view: Any) -> None:
        super().update(view)
        proposal = view.proposal
        key = proposal.key if proposal is not None else None
        if key != self._proposal_key and not self.entering:
            self.refresh()

    def _dice_index(self) -> int:
        return next((i for i, c in enumerate(self.decision.choices) if c.free), 0)

    def _wanted(self) -> tuple[int, bool]:
        if self.decision.dice is not None:
            count, speed = self.decision.dice
            return int(count), bool(speed)
        choice = self.decision.choices[self._dice_index()] if self.decision.choices else None
        dice = (choice.free or {}).get("dice", {}) if choice else {}
        return int(dice.get("count", 2)), bool(dice.get("speed", False))

    def _opponents(self) -> tuple[str, ...]:
        choice = self.decision.choices[self._dice_index()] if self.decision.choices else None
        free = (choice.free or {}) if choice else {}
        return tuple(free.get("opponent", {}).get("one_of", ()))

    def refresh(self) -> None:
        self.clear_widgets()
        self.wide = False  # (a proposal read while the vouchers' list was open replaces it)
        proposal = self.view.proposal
        if proposal is not None and proposal.decision_id != self.decision.id:
            proposal = None
        self._proposal_key = proposal.key if proposal is not None else None
        count, _speed = self._wanted()
        if proposal is not None:
            # Built once, then refilled: a reading changes the dice, the heading and
            # Confirm's words, not the panel (building it cost most of a reading's frame).
            if self._reading_panel is None:
                self._reading_panel = self._build_reading_panel()
            self.dice_view.regular = count
            self.dice_view.faces = list(proposal.faces)
            self._reading_heading.text = proposal.label or proposal.faces_text
            self.confirm_button.text = _("Confirm {faces}", faces=proposal.faces_text)
            for widget in self._reading_panel:
                self.add_widget(widget)
            return
        rows = []
        dice_index = self._dice_index()
        if self.controller.throw_hook is not None and not self._opponents():
            rows.append((_("Throw the dice"), 0, "primary", self.throw))
        rows.append((_("Enter the dice by touch"), 0, "normal", self.enter))
        rows += self.choice_rows(i for i in range(len(self.decision.choices)) if i != dice_index)
        if self.choice_list is None:
            self.choice_list = ChoiceList()
        self.buttons = self.choice_list.set_choices(rows, cols=2 if len(rows) > 4 else 1)
        self.add_widget(self.choice_list)

    def _build_reading_panel(self) -> tuple[Any, ...]:
        """The dice as read, their heading, and Confirm, Correct and Cancel (filled by
        :meth:`refresh`)."""
        self.dice_view = DiceView()
        self.dice_view.size_hint_y = 1.2
        self._reading_heading = self.heading("")
        row = BoxLayout(spacing=dp(8), size_hint_y=None, height=dp(64))
        self.confirm_button = BigButton(text="", number=1, role="primary")
        self.confirm_button.bind(on_release=lambda _b: self.confirm())
        row.add_widget(self.confirm_button)
        correct = extra_button(_("Correct"), self.enter)
        correct.size_hint_x = 0.45
        row.add_widget(correct)
        # Beside Confirm and Correct, as the auto-confirm's sentence promises.
        self.cancel_button = extra_button(_("Cancel"), self.cancel)
        self.cancel_button.size_hint_x = 0.45
        row.add_widget(self.cancel_button)
        # Three buttons share the width: a long Confirm wraps, and the row grows with it
        # rather than spilling over the referee's sentence above.
        row.bind(minimum_height=lambda r, h: setattr(r, "height", max(dp(64), h)))
        return self.dice_view, self._reading_heading, row

    def confirm(self) -> bool:
        decision_id, at = self.stamp()
        return bool(self.controller.confirm_roll(decision_id, at=at))

    def cancel(self) -> bool:
        """Drop the reading: the table throws again or enters the dice."""
        return bool(self.controller.cancel_proposal())

    def throw(self) -> bool:
        return bool(self.controller.throw(None))

    def enter(self) -> None:
        self.entering = True
        self.wide = True
        self.clear_widgets()
        count, speed = self._wanted()
        proposal = self.view.proposal
        faces = tuple(proposal.faces) if proposal is not None else ()
        self.entry = DiceEntry(
            count,
            speed,
            faces=faces,
            speed_faces=self.controller.speed_faces,
            opponents=self._opponents(),
            on_apply=self.apply,
            on_cancel=self.leave_entry,
        )
        self.add_widget(self.entry)

    def leave_entry(self) -> None:
        self.entering = False
        self.wide = False
        self.refresh()

    def apply(self, faces: list[int | str] | None, opponent: str | None) -> bool:
        if faces is None:
            self.entry.say(_("Tap a face for every die first"))
            return False
        if self._opponents():
            if opponent is None:
                self.entry.say(_("Tap the opponent first"))
                return False
            return self.answer(self._dice_index(), dice=faces, opponent=opponent)
        decision_id, at = self.stamp()
        return bool(self.controller.enter_roll(decision_id, faces, at=at))
