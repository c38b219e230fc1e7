"""The auction: bids by touch (+10 / +50 / +100 steppers and a number pad) and passes.

The amount is one for the table; each bidder still in has a Bid button (their name and the
amount) and a Pass button. A bid outside a bidder's range (above the standing bid, up to their
cash) is refused by the engine with a notice, nothing changes.
"""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui.dialogs.base import DecisionDialog, extra_button
from ui.widgets import BigButton, NumberPad
from ui.widgets.words import _, money

STEPS = (10, 50, 100)


class AuctionDialog(DecisionDialog):
    def build(self) -> None:
        self.wide = True
        if getattr(self, "amount_row", None) is None:
            self._build_frame()
        data = self.decision.data
        high = int(data.get("high", 0) or 0)
        self.amount = self._floor(high)
        leader = data.get("leader")
        standing = (
            _("High bid {amount} by {player}", amount=money(high, self.lang), player=leader)
            if leader
            else _("No bid yet")
        )
        # The referee's sentence above says who leads; kept for tests and screen readers.
        self.standing = standing
        self.bidders.clear_widgets()
        self.bid_buttons: dict[str, BigButton] = {}
        self.pass_buttons: dict[str, BigButton] = {}
        for index, choice in enumerate(self.decision.choices):
            who = choice.player or self.decision.player
            button = self._pool[index] if index < len(self._pool) else self._new_button()
            button.choice_index = index
            if choice.command.get("type") == "bid":
                button.role = "primary"
                button.tap = lambda i=index: self.bid(i)
                self.bid_buttons[who] = button
            else:
                button.role = "normal"
                button.text = _("{player}: pass", player=who)
                button.tap = lambda i=index: self.answer(i)
                self.pass_buttons[who] = button
        for who in dict.fromkeys([*self.bid_buttons, *self.pass_buttons]):
            self.bidders.add_widget(self.bid_buttons.get(who) or Label())
            self.bidders.add_widget(self.pass_buttons.get(who) or Label())
        if self.pad.parent is not None:
            self.body.remove_widget(self.pad)
        self.add_widget(self.amount_row)
        self.add_widget(self.body)
        self.set_amount(self.amount)

    def _build_frame(self) -> None:
        """What every auction shows the same: the amount with its steppers and pad, the
        bidders' grid (refilled for each bid: an auction is one decision per bid)."""
        self.amount_row = BoxLayout(spacing=dp(6), size_hint_y=None, height=dp(56))
        self.amount_label = Label(text="", font_size="30sp", bold=True, size_hint_x=1.6)
        self.amount_row.add_widget(self.amount_label)
        for step in STEPS:
            self.amount_row.add_widget(
                extra_button(f"+{step}", lambda s=step: self.step(s), role="normal")
            )
        self.amount_row.add_widget(extra_button(_("Pad"), self.toggle_pad, role="normal"))
        self.body = BoxLayout(spacing=dp(6))
        self.bidders = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
        self.bidders.bind(minimum_height=self.bidders.setter("height"))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(10), scroll_type=["bars", "content"])
        scroll.add_widget(self.bidders)
        self.body.add_widget(scroll)
        self.pad = NumberPad(size_hint_x=0.4)
        self.pad.bind(value=lambda _p, v: self.set_amount(int(v)))
        self._pool: list[BigButton] = []

    def _new_button(self) -> BigButton:
        button = BigButton()
        button.bind(on_release=lambda b: b.tap())
        self._pool.append(button)
        return button

    def _floor(self, high: int) -> int:
        """The first bid offered: the standing bid and the smallest step above it."""
        return high + STEPS[0] if high else STEPS[0]

    def _range(self, index: int) -> tuple[int, int]:
        free = self.decision.choices[index].free or {}
        amount = free.get("amount", {})
        return int(amount.get("min", 1)), int(amount.get("max", 10**7))

    def step(self, by: int) -> None:
        self.set_amount(self.amount + by)

    def set_amount(self, amount: int) -> None:
        self.amount = max(0, amount)
        self.amount_label.text = money(self.amount, self.lang)
        for who, button in self.bid_buttons.items():
            button.text = _(
                "{player}: bid {amount}", player=who, amount=money(self.amount, self.lang)
            )

    def toggle_pad(self) -> None:
        if self.pad.parent is None:
            self.pad.value = 0
            self.body.add_widget(self.pad)
        else:
            self.body.remove_widget(self.pad)

    def bid(self, index: int) -> bool:
        return self.answer(index, amount=self.amount)
