"""The player sheets: each player's cash, deeds (buildings, mortgages), shares, Travel
Vouchers, Roll Three cards and kept cards, and what can be done with them at any time.

Every action button is a :class:`ui.viewmodels.Choice` the controller put on the sheet, sent
back with the decision id the table showed (``controller.anytime``), so a double tap acts once.
Playing a Travel Voucher answers the pending decision (its voucher options).
"""

from __future__ import annotations

from collections.abc import Sequence
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
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
from ui.edition import table_edition
from ui.i18n import _
from ui.screens.common import app_controller, is_shown, watch
from ui.viewmodels import voucher_buttons

if TYPE_CHECKING:
    from ui.controller import TableController
    from ui.viewmodels import Choice, PlayerSheet, Slot, TableView


class PlayerTab(BoxLayout):
    """A player in the list on the left: colour, name, cash."""

    name_text = StringProperty("")
    cash_text = StringProperty("")
    colour = ListProperty([0.6, 0.6, 0.6, 1])
    selected = BooleanProperty(False)
    bankrupt = BooleanProperty(False)
    is_turn = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)

    def on_touch_down(self, touch: Any) -> bool:
        # The whole tab is the target (60 dp high): a tap anywhere on it shows that sheet.
        if self.collide_point(*touch.pos) and self.screen is not None:
            self.screen.select(self.name_text)
            return True
        return bool(super().on_touch_down(touch))


class SheetHeading(BoxLayout):
    text = StringProperty("")


class SheetLine(BoxLayout):
    """One line of a holding: a colour chip, what it is, its state."""

    text = StringProperty("")
    detail = StringProperty("")
    colour = ListProperty([0, 0, 0, 0])
    mortgaged = BooleanProperty(False)


class SheetAction(BoxLayout):
    """A button for one any-time Choice (or a voucher answer); in a lot's or a share's slot
    with no Choice now, it stays in its place, disabled."""

    text = StringProperty("")
    index = NumericProperty(-1)
    screen = ObjectProperty(None, allownone=True)
    choice = ObjectProperty(None, allownone=True)
    voucher = BooleanProperty(False)
    enabled = BooleanProperty(True)
    #: The decision shown and the controller's time when the finger went down
    #: (:meth:`PlayersScreen.stamp`): what the tap answers, through the input gate.
    pressed = ObjectProperty(None, allownone=True)


class SlotGrid(GridLayout):
    """A lot's or a share's action slots, two a row, each always in its place."""

    def __init__(self, slots: Sequence[Slot], screen: PlayersScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for slot in slots:
            self.add_widget(
                SheetAction(
                    text=slot.label,
                    choice=slot.choice,
                    enabled=slot.choice is not None,
                    screen=screen,
                )
            )


class PickValue(ModalView):
    """Pick the value of a Choice's free field (a card's target, a space)."""

    title = StringProperty("")
    values = ListProperty([])
    #: What each value's button says (the values themselves when empty).
    labels = ListProperty([])
    callback = ObjectProperty(None, allownone=True)

    def on_pre_open(self, *_args: Any) -> None:
        from kivy.metrics import dp
        from kivy.uix.button import Button

        grid = self.ids.grid
        grid.clear_widgets()
        labels = list(self.labels) or [str(v) for v in self.values]
        grid.cols = 2 if max((len(t) for t in labels), default=0) <= 24 else 1
        for value, label in zip(self.values, labels, strict=False):
            button = Button(
                text=label,
                font_size="17sp",
                size_hint_y=None,
                height=dp(52),
                shorten=True,
                halign="center",
            )
            button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(12), None)))
            button.bind(on_release=lambda _b, v=value: self.pick(v))
            grid.add_widget(button)

    def pick(self, value: Any) -> None:
        callback, self.callback = self.callback, None  # one pick, however many taps
        self.dismiss()
        if callback is not None:
            callback(value)


class PlayersScreen(Screen):
    """One player's sheet at a time, the others one tap away."""

    controller = ObjectProperty(None, allownone=True)
    player = StringProperty("")
    cash_text = StringProperty("")
    colour = ListProperty([0.6, 0.6, 0.6, 1])
    title = StringProperty("")
    subtitle = StringProperty("")
    notice = StringProperty("")
    can_trade = BooleanProperty(False)

    def __init__(self, controller: TableController | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = "players"
        self.controller = app_controller(controller)
        self.view: TableView | None = None
        self.sheet: PlayerSheet | None = None
        watch(self.controller, self.show)
        self.show(self.controller.view)

    # -- showing ----------------------------------------------------------------------------

    def on_pre_enter(self, *_args: Any) -> None:
        self.show(self.controller.view)

    def show(self, view: TableView) -> None:
        """Redraw from a new table view (and the selected player's sheet), when this screen
        is the one shown: hidden, it would rebuild its tabs and sheet on every change of the
        table (each dice reading, each answer) for nobody; it is drawn on entering."""
        self.view = view
        if not is_shown(self):
            return
        chips = view.players
        names = [c.name for c in chips]
        if chips and self.player not in names:
            acting = next((c.name for c in chips if c.is_turn), names[0])
            self.player = acting
        self.can_trade = sum(1 for c in chips if not c.bankrupt) >= 2
        self.notice = view.notice
        tabs = self.ids.tabs
        tabs.clear_widgets()
        for c in chips:
            tabs.add_widget(
                PlayerTab(
                    name_text=c.name,
                    cash_text=c.cash_text,
                    colour=list(c.colour),
                    selected=c.name == self.player,
                    bankrupt=c.bankrupt,
                    is_turn=c.is_turn,
                    screen=self,
                )
            )
        self._show_sheet()

    def select(self, name: str) -> None:
        self.player = name
        for tab in self.ids.tabs.children:
            tab.selected = tab.name_text == name
        self._show_sheet()

    def _show_sheet(self) -> None:
        body = self.ids.body
        body.clear_widgets()
        if not self.player or self.controller.game is None:
            self.sheet = None
            return
        sheet = self.controller.player_sheet(self.player)
        self.sheet = sheet
        if sheet is None:
            return
        self.cash_text = sheet.cash_text
        self.colour = list(sheet.colour)
        self.title = sheet.name
        where = _("in jail") if sheet.in_jail else sheet.where
        if sheet.bankrupt:
            where = _("bankrupt")
        self.subtitle = "  ·  ".join(x for x in (sheet.token, where, sheet.net_worth_text) if x)

        vouchers = self.voucher_choices()
        if sheet.vouchers:
            # One button, there while vouchers are held (disabled when none can be played now,
            # so the sheet below never moves); the places are picked in a list.
            many, one, _opener, _heading = voucher_buttons(table_edition())
            body.add_widget(
                SheetAction(
                    text=_(many, count=len(vouchers)) if vouchers else _(one),
                    voucher=True,
                    enabled=bool(vouchers),
                    screen=self,
                )
            )

        body.add_widget(SheetHeading(text=_("Properties ({count})", count=len(sheet.properties))))
        if not sheet.properties:
            body.add_widget(SheetLine(text=_("No properties.")))
        for row in sheet.properties:
            state = _("mortgaged") if row.mortgaged else row.buildings
            body.add_widget(
                SheetLine(
                    text=row.name, detail=state, colour=list(row.colour), mortgaged=row.mortgaged
                )
            )
            body.add_widget(SlotGrid(row.slots, self))

        # Only what the edition's decks have: no shares, vouchers or Roll Three in Classic.
        played = table_edition()
        sections = (
            (_("Shares"), sheet.shares, sheet.share_slots, bool(played.deck.par_values)),
            (_(voucher_buttons(played)[3]), sheet.vouchers, (), bool(played.deck.vouchers)),
            (_("Roll Three cards"), sheet.roll_three, (), played.numbers.roll_three_cards > 0),
            (_("Get Out of Jail Free cards"), sheet.jail_cards, (), True),
            (_("Kept cards"), sheet.cards, (), True),
        )
        for heading, items, slots, in_edition in sections:
            if not in_edition and not items:
                continue
            body.add_widget(
                SheetHeading(text=_("{what} ({count})", what=heading, count=len(items)))
            )
            for item in items:
                body.add_widget(SheetLine(text=str(item)))
            if slots:
                body.add_widget(SlotGrid(slots, self))
        if sheet.actions:
            body.add_widget(SheetHeading(text=_("More actions")))
            for choice in sheet.actions:
                body.add_widget(SheetAction(text=choice.label, choice=choice, screen=self))

    def voucher_choices(self) -> list[tuple[int, Choice]]:
        """The pending decision's voucher answers, when the decision is this player's."""
        decision = self.view.decision if self.view is not None else None
        if decision is None or decision.player != self.player:
            return []
        return [(i, c) for i, c in enumerate(decision.choices) if c.is_voucher]

    # -- acting -----------------------------------------------------------------------------

    def decision_id(self) -> int | None:
        """The id of the decision the sheet was drawn under (sent with every action)."""
        decision = self.view.decision if self.view is not None else None
        return None if decision is None else decision.id

    def stamp(self) -> tuple[int | None, float]:
        """The decision shown and the controller's time, as a finger goes down."""
        return self.decision_id(), self.controller.clock()

    def act(self, button: SheetAction) -> bool:
        """Send the button's Choice under the decision shown when the finger went down, at
        that time (the controller's input gate drops a tap too soon after the last answer,
        so a second tap at the same spot does nothing)."""
        decision_id, at = button.pressed or self.stamp()
        button.pressed = None
        if decision_id is None:
            return False
        if button.voucher:
            vouchers = self.voucher_choices()
            if not vouchers:
                return False
            PickValue(
                title=_(voucher_buttons(table_edition())[1]),
                values=[index for index, _c in vouchers],
                labels=[c.label for _i, c in vouchers],
                callback=lambda index: self.play_voucher(decision_id, index),
            ).open()
            return False
        choice = button.choice
        if choice is None:
            return False
        free = dict(choice.free or {})
        if free:
            # One free field (a card's target, a space): ask for it, then send.
            field, spec = next(iter(free.items()))
            values = list(spec.get("one_of", ())) if isinstance(spec, dict) else []
            PickValue(
                title=choice.label,
                values=values,
                callback=lambda value: self._send(decision_id, choice, {field: value}, None),
            ).open()
            return False
        return self._send(decision_id, choice, {}, at)

    def play_voucher(self, decision_id: int, index: int) -> bool:
        """Answer the decision with its voucher option at ``index`` (picked from a list the
        player opened: a deliberate choice, not gated on time)."""
        return bool(self.controller.answer(decision_id, index))

    def _send(
        self, decision_id: int, choice: Choice, free: dict[str, Any], at: float | None
    ) -> bool:
        command = {**dict(choice.command), **free}
        if choice.player and "player" not in command:
            command["player"] = choice.player
        return bool(self.controller.anytime(decision_id, command, at=at))

    def open_trade(self) -> Any:
        from ui.dialogs.trade import TradeDialog

        dialog = TradeDialog(controller=self.controller, first=self.player)
        dialog.open()
        return dialog

    def back(self) -> None:
        self.controller.go("table")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
