"""Decisions answered by one of a few buttons, each repeating its amount: buy or auction,
rent, a gift, the Bus option, a card's options, a player to target, Just Say NO!, taxi rides,
the Stock Exchange, raising money, the end of the turn."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui.dialogs.base import ChoicesDialog, DecisionDialog, extra_button
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
    """Short of cash: the sales and mortgages that raise it (selling a group down in a
    shortage too), pay once enough is raised, and bankruptcy only when they cannot cover the
    debt (or by the voluntary_bankruptcy house rule, P13); the player sheet (trade, and every
    other sale) is one tap away."""

    def build(self) -> None:
        super().build()
        self.add_widget(
            extra_button(
                _("Sell, mortgage or trade (Players)"), lambda: self.controller.go("players")
            )
        )


class GameOverDialog(DecisionDialog):
    """The end: the history (and its chart) or a new game."""

    def build(self) -> None:
        self.add_widget(self.ending(self.controller))

    @staticmethod
    def ending(controller: Any) -> BoxLayout:
        box = BoxLayout(orientation="vertical", spacing=dp(8))
        box.add_widget(Label(text=_("The game is over"), font_size="26sp", bold=True))
        box.add_widget(extra_button(_("History"), lambda: controller.go("history")))
        box.add_widget(extra_button(_("New game"), lambda: controller.go("setup")))
        return box
