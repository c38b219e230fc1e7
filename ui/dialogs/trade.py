"""A trade between two players: cash, properties, shares, Travel Vouchers, Roll Three cards
and kept cards, each side picked by touch; both players agree; one ``trade`` command.

A mortgaged deed put into the trade shows its new owner's choice under it (002, *Mortgages*):
lift the mortgage now (its value and the interest, the command's ``lift``) or keep it
mortgaged (the interest now, and the value and interest again when it is lifted later).

The agreement is given on what is shown: changing anything withdraws both agreements. The
command carries the decision id the table showed when the second player agreed, and the dialog
sends it once (a second tap finds it sent; the engine refuses a stale id anyway).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.modalview import ModalView
from kivy.uix.togglebutton import ToggleButton

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
from ui import viewmodels as vm
from ui.edition import table_edition
from ui.i18n import _, language, money

if TYPE_CHECKING:
    from ui.controller import TableController
    from ui.viewmodels import PlayerChip, TradeItem

#: The cash steps offered as buttons: a touchscreen may have no keyboard.
CASH_STEPS = (-100, -10, 10, 100)


class TradeItemToggle(ToggleButton):
    """One asset a side may give: pressed = in the trade."""

    kind = StringProperty("")
    value = StringProperty("")
    side = ObjectProperty(None, allownone=True)
    #: A mortgaged deed: what its new owner pays to lift the mortgage now, or the interest
    #: paid now if it stays mortgaged (0 for anything else).
    lift = NumericProperty(0)
    interest = NumericProperty(0)
    #: The new owner's choice shown under the deed while it is in the trade.
    choice = ObjectProperty(None, allownone=True)

    def on_state(self, *_args: Any) -> None:
        if self.side is not None:
            self.side.chosen(self)


class TradeLiftChoice(BoxLayout):
    """Under a mortgaged deed in the trade: its new owner (``receiver``) lifts the mortgage now
    or keeps it mortgaged (the default, as the banker has it without ``lift``)."""

    item = ObjectProperty(None, allownone=True)
    receiver = StringProperty("")
    #: The interest in percent of the mortgage (the edition's number).
    percent = NumericProperty(0)
    lifted = BooleanProperty(False)

    def choose(self, lifted: bool) -> None:
        if lifted != self.lifted:
            self.lifted = lifted
            if self.item is not None and self.item.side is not None:
                self.item.side.changed()


class TradeAgree(Button):
    """One player's agreement: it says whose, and whether it is given."""

    # rebind: the kv rules read ``side.player`` and ``side.agreed`` through this property.
    side = ObjectProperty(None, allownone=True, rebind=True)
    dialog = ObjectProperty(None, allownone=True)


class TradeSide(BoxLayout):
    """One player's side: who, the cash they give, the assets they give."""

    player = StringProperty("")
    players = ListProperty([])
    colour = ListProperty([0.6, 0.6, 0.6, 1])
    cash = NumericProperty(0)
    cash_max = NumericProperty(0)
    cash_text = StringProperty("")
    have_text = StringProperty("")
    agreed = BooleanProperty(False)
    dialog = ObjectProperty(None, allownone=True)

    def on_cash(self, *_args: Any) -> None:
        self.cash_text = money(int(self.cash))
        self.changed()

    def step(self, amount: int) -> None:
        self.cash = max(0, min(int(self.cash_max), int(self.cash) + amount))

    def typed(self, text: str) -> None:
        try:
            value = int(text or 0)
        except ValueError:
            return
        self.cash = max(0, min(int(self.cash_max), value))

    def items(self) -> list[TradeItemToggle]:
        return list(
            reversed([w for w in self.ids.item_box.children if isinstance(w, TradeItemToggle)])
        )

    def receiver(self) -> str:
        """Who receives what this side gives: the other side's player."""
        return "" if self.dialog is None else str(self.dialog.other(self).player)

    def chosen(self, item: TradeItemToggle) -> None:
        """An item put into the trade or taken out: a mortgaged deed shows its new owner's
        choice under it while it is in."""
        if item.lift:
            box = self.ids.item_box
            if item.state == "down" and item.choice is None:
                item.choice = TradeLiftChoice(
                    item=item,
                    receiver=self.receiver(),
                    percent=table_edition().numbers.mortgage_interest_percent,
                )
                box.add_widget(item.choice, index=box.children.index(item))
                Clock.schedule_once(lambda _dt: self._show(item), 0)
            elif item.state != "down" and item.choice is not None:
                box.remove_widget(item.choice)
                item.choice = None
        self.changed()

    def _show(self, item: TradeItemToggle) -> None:
        # The choice appears below the deed tapped: scrolled into view on a small screen (a
        # list shorter than its view stays at its top; Kivy's scroll_to would push it down).
        scroll, box = self.ids.scroll, self.ids.item_box
        if item.choice is None or item.choice.parent is None:
            return
        box.do_layout()
        if box.height > scroll.height:
            scroll.scroll_to(item.choice, padding=0, animate=False)

    def lifts(self) -> list[TradeItemToggle]:
        """The mortgaged deeds this side gives whose new owner lifts the mortgage now."""
        return [t for t in self.items() if t.choice is not None and t.choice.lifted]

    def fill(self, tradables: tuple[TradeItem, ...], cash_max: int, cash_text: str) -> None:
        self.cash_max = cash_max
        self.cash = 0
        self.cash_text = money(0)
        self.have_text = _("has {amount}", amount=cash_text)
        box = self.ids.item_box
        box.clear_widgets()
        for item in tradables:
            box.add_widget(
                TradeItemToggle(
                    text=item.label,
                    kind=item.kind,
                    value=str(item.value),
                    side=self,
                    lift=item.lift,
                    interest=item.interest,
                )
            )
        self.ids.nothing.opacity = 0 if tradables else 1

    def gives(self) -> dict[str, Any]:
        """This side as the trade command carries it."""
        side: dict[str, Any] = {}
        if int(self.cash) > 0:
            side["cash"] = int(self.cash)
        chosen = [t for t in self.items() if t.state == "down"]
        for kind in ("properties", "vouchers", "roll_three", "cards"):
            values = [t.value for t in chosen if t.kind == kind]
            if values:
                side[kind] = values
        shares = Counter(t.value for t in chosen if t.kind == "shares")
        if shares:
            side["shares"] = dict(shares)
        return side

    def words(self) -> str:
        parts = [money(int(self.cash))] if int(self.cash) > 0 else []
        parts += [
            _("{property} (mortgage lifted now)", property=vm.space_name(t.value, language()))
            if t.choice is not None and t.choice.lifted
            else t.text
            for t in self.items()
            if t.state == "down"
        ]
        return ", ".join(parts) if parts else _("nothing")

    def changed(self) -> None:
        if self.dialog is not None:
            self.dialog.changed()


class TradeDialog(ModalView):
    """The trade: two sides, two agreements, one command."""

    controller = ObjectProperty(None, allownone=True)
    summary = StringProperty("")
    message = StringProperty("")
    ready = BooleanProperty(False)
    sent = BooleanProperty(False)

    def __init__(
        self, controller: TableController, first: str = "", second: str = "", **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self._filling = False
        self.agreed_on: int | None = None
        names = [c.name for c in self._chips() if not c.bankrupt]
        first = first if first in names else (names[0] if names else "")
        second = (
            second
            if second in names and second != first
            else next((n for n in names if n != first), "")
        )
        for side in (self.ids.left, self.ids.right):
            side.dialog = self
            side.players = names
        self.ids.left.player = first
        self.ids.right.player = second
        self.refill()

    def _chips(self) -> tuple[PlayerChip, ...]:
        chips: tuple[PlayerChip, ...] = self.controller.view.players
        return chips

    def other(self, side: TradeSide) -> TradeSide:
        """The side across from ``side`` (the ids are proxies: compared by what they stand for)."""
        left, right = self.ids.left, self.ids.right
        return right if side.__self__ is left.__self__ else left

    def choose(self, side: TradeSide, name: str) -> None:
        """Pick who trades on a side (the other side steps aside if it was that player)."""
        other = self.other(side)
        if name == other.player:
            other.player = side.player
        side.player = name
        self.refill()

    def refill(self) -> None:
        chips = {c.name: c for c in self._chips()}
        self._filling = True
        for side in (self.ids.left, self.ids.right):
            chip = chips.get(side.player)
            if chip is None:
                continue
            side.colour = list(chip.colour)
            side.fill(self.controller.tradables(side.player), chip.cash, chip.cash_text)
        self._filling = False
        self.changed()

    def changed(self) -> None:
        """Anything changed: the agreements given on the old trade are withdrawn."""
        if self._filling:
            return
        left, right = self.ids.left, self.ids.right
        if not self.sent:
            left.agreed = right.agreed = False
            self.agreed_on = None
        self.summary = _(
            "{first} gives {first_gives}; {second} gives {second_gives}.",
            first=left.player,
            first_gives=left.words(),
            second=right.player,
            second_gives=right.words(),
        )
        self.ready = False
        self.message = ""

    def agree(self, side: TradeSide) -> None:
        """One player agrees to the trade as shown."""
        if self.sent:
            return
        if not (self.ids.left.gives() or self.ids.right.gives()):
            self.message = _("Pick what changes hands first.")
            return
        short = self._short_to_lift()
        if short:
            self.message = short
            return
        side.agreed = True
        if self.ids.left.agreed and self.ids.right.agreed:
            # The id shown when the second player agreed: the trade is made under it or not at all.
            self.agreed_on = self.controller.decision_id
            self.ready = self.agreed_on is not None

    def _short_to_lift(self) -> str:
        """Why a new owner cannot lift the mortgages chosen with the cash they would have once
        the trade's cash has changed hands ("" if they can), as the banker would refuse it."""
        left, right = self.ids.left, self.ids.right
        for giver, receiver in ((left, right), (right, left)):
            cost = sum(int(t.lift) for t in giver.lifts())
            cash = int(receiver.cash_max) - int(receiver.cash) + int(giver.cash)
            if cost > cash:
                return _(
                    "Lifting now costs {name} {amount} and they would have {cash} after the "
                    "trade: keep a deed mortgaged or change the cash.",
                    name=receiver.player,
                    amount=money(cost),
                    cash=money(cash),
                )
        return ""

    def command(self) -> dict[str, Any]:
        left, right = self.ids.left, self.ids.right
        command: dict[str, Any] = {"type": "trade", "player": left.player, "with": right.player}
        give, take = left.gives(), right.gives()
        if give:
            command["give"] = give
        if take:
            command["take"] = take
        lift = [t.value for t in (*left.lifts(), *right.lifts())]
        if lift:
            command["lift"] = lift
        return command

    def confirm(self) -> bool:
        """Make the trade (once, however many taps)."""
        if self.sent or not self.ready or self.agreed_on is None:
            return False
        self.sent = True
        done = bool(self.controller.anytime(self.agreed_on, self.command()))
        if done:
            self.dismiss()
            return True
        # Refused (the table moved on, or a rule): say why, and ask both to agree again.
        self.sent = False
        self.message = self.controller.view.notice
        self.ids.left.agreed = self.ids.right.agreed = False
        self.ready = False
        self.agreed_on = None
        return False


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
