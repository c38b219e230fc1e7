"""The auction: bids by touch (+10 / +50 / +100 steppers and a number pad) and passes.

The amount is one for the table. Every player of the auction has one row that stays in place
for the whole auction (the seats' order): a Bid button (their name and the amount) and a Pass
button while they are in; the high bidder's row says they lead and has no Bid button (nobody
outbids themselves); a player who passed keeps the row, greyed out. So rows never move up under
a finger: three taps at one spot cannot pass three players. Up to six players the rows are in
two columns, so every bidder is in sight at 800x480.

A bid carries **the amount shown when its finger went down**: a double tap is one bid (the
controller's input gate drops the repeat), never $170 then $180. A bid outside a bidder's range
(above the standing bid, up to their cash) is refused by the engine with a notice, nothing
changes.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui.dialogs.base import DecisionDialog, extra_button
from ui.widgets import BigButton, NumberPad
from ui.widgets.words import _, money

STEPS = (10, 50, 100)
#: The key in a touch's ``ud`` of the amount shown when it went down.
TOUCH_AMOUNT = "companion.amount"
#: Up to this many players, one row each; beyond, two players a row.
ONE_COLUMN = 3


class AuctionDialog(DecisionDialog):
    #: The auction whose rows are shown ((item, name)) and its players, in the rows' order.
    _auction: tuple[Any, Any] | None = None
    _players: tuple[str, ...] = ()

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
        self.bid_buttons: dict[str, BigButton] = {}
        self.pass_buttons: dict[str, BigButton] = {}
        bids = {
            choice.player or self.decision.player: index
            for index, choice in enumerate(self.decision.choices)
            if choice.command.get("type") == "bid"
        }
        passes = {
            choice.player or self.decision.player: index
            for index, choice in enumerate(self.decision.choices)
            if choice.command.get("type") == "pass"
        }
        players = self._rows(data)
        self.rows: dict[str, tuple[BigButton, BigButton]] = {}
        self.bidders.clear_widgets()
        for row, who in enumerate(players):
            bid, pass_ = self._slot(2 * row), self._slot(2 * row + 1)
            self.rows[who] = (bid, pass_)
            in_play = who in data.get("bidders", ())
            self._fill(bid, bids.get(who) if in_play and who != leader else None, self.bid)
            self._fill(pass_, passes.get(who) if in_play else None, self.answer)
            bid.role = "primary" if bid.choice_index is not None else "quiet"
            pass_.role = "normal" if pass_.choice_index is not None else "quiet"
            pass_.text = _("Pass") if pass_.choice_index is not None else ""
            if who == leader:
                bid.text = _("{player} leads: {amount}", player=who, amount=money(high, self.lang))
            elif not in_play:
                bid.text = _("{player} passed", player=who)
            elif bid.choice_index is None:
                bid.text = _("{player}: not enough cash", player=who)
            else:
                self.bid_buttons[who] = bid
            if pass_.choice_index is not None:
                self.pass_buttons[who] = pass_
        self.bidders.cols = 2 if len(players) <= ONE_COLUMN else 4
        if self.pad.parent is not None:
            self.body.remove_widget(self.pad)
        self.add_widget(self.amount_row)
        self.add_widget(self.body)
        self.set_amount(self.amount)

    def _rows(self, data: Any) -> tuple[str, ...]:
        """The players of this auction, in the seats' order, those who passed included: a
        property's or a share's auction is every player still in the game; a building's, those
        who could build (remembered from the auction's first bid on)."""
        bidders = set(data.get("bidders", ()))
        auction = (data.get("item"), data.get("name"))
        if data.get("item") == "building":
            seen = set(self._players) if auction == self._auction else set()
            wanted = bidders | seen
        else:
            wanted = {p.name for p in self.view.players if not p.bankrupt} | bidders
        self._auction = auction
        self._players = tuple(p.name for p in self.view.players if p.name in wanted)
        return self._players

    @staticmethod
    def _fill(button: BigButton, index: int | None, verb: Any) -> None:
        """A slot answering the choice at ``index`` with ``verb``, or greyed out (None)."""
        button.choice_index = index
        button.disabled = index is None
        button.tap = (lambda: verb(index)) if index is not None else _nothing

    def _build_frame(self) -> None:
        """What every auction shows the same: the amount with its steppers and pad, the
        players' grid (refilled for each bid: an auction is one decision per bid)."""
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

    def _slot(self, index: int) -> BigButton:
        """The grid's button at ``index`` (a row's Bid, then its Pass), made on first use and
        kept for the next bids: the grid is refilled in the rows' order."""
        while len(self._pool) <= index:
            button = BigButton(font_size="16sp")
            button.bind(on_release=lambda b: b.tap())
            # A Bid is wide, a Pass narrow.
            button.size_hint_x = 1.0 if len(self._pool) % 2 == 0 else 0.45
            self._pool.append(button)
        button = self._pool[index]
        self.bidders.add_widget(button)
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

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            touch.ud.setdefault(TOUCH_AMOUNT, self.amount)
        return super().on_touch_down(touch)

    def bid(self, index: int) -> bool:
        """Bid the amount shown when the finger went down (the amount shown now for an answer
        given without a touch)."""
        touch = self.releasing()
        amount = self.amount if touch is None else int(touch.ud.get(TOUCH_AMOUNT, self.amount))
        return self.answer(index, amount=amount)


def _nothing() -> None:
    """What a greyed slot does when tapped."""
