"""Decisions answered by one of a few buttons, each repeating its amount: buy or auction,
rent, a gift, the Bus option, a card's options, a player to target, Just Say NO!, taxi rides,
the Stock Exchange, raising money, the end of the turn."""

from __future__ import annotations

from ui.dialogs.base import ChoicesDialog, extra_button
from ui.widgets.words import _


class TaxiDialog(ChoicesDialog):
    """The taxi's destinations with their fares, or no ride (two columns)."""

    def build(self) -> None:
        super().build()
        self.wide = len(self.decision.choices) > 4


class StockDialog(ChoicesDialog):
    """The Stock Exchange: buy a share at its price, or auction it, per company."""

    def build(self) -> None:
        super().build()
        self.wide = len(self.decision.choices) > 4


class RaiseMoneyDialog(ChoicesDialog):
    """Short of cash: pay once enough is raised, or go bankrupt; the player sheet (sell,
    mortgage, trade) is one tap away."""

    def build(self) -> None:
        super().build()
        self.add_widget(
            extra_button(
                _("Sell, mortgage or trade (Players)"), lambda: self.controller.go("players")
            )
        )
