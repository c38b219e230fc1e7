"""View values for the setup screen and the trade dialog, read from the engine (plain Python,
no Kivy): what a seat may pick at setup (tokens, colours, the starting Travel Vouchers and Roll
Three cards, the house rules) and what a player may put into a trade.

The screens never import ``companion``; like :mod:`ui.viewmodels`, this module is where the
engine's data becomes translated values. The lists are the engine's own: the setup's cards are
the options of a new game's ``deal`` decision, the house rules ``companion.rules.table.Options``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from companion.banker.engine import COLOURS, TOKENS
from companion.game import Game
from companion.rules.cards import card_deck
from companion.rules.table import Options
from ui.i18n import N_, translate
from ui.viewmodels import Rgba, card_title, company_name, rgba, space_name

if TYPE_CHECKING:
    from companion.banker.state import GameState

MAX_PLAYERS = 12

#: Each house rule's name and one line on what it changes (docs/rulings.md).
HOUSE_RULES: dict[str, tuple[str, str]] = {
    "triples_pay_salaries": (
        N_("Triples pay salaries"),
        N_("A triples move pays the pay corners passed on the route shown (M6)."),
    ),
    "squeeze_play_speed_die": (
        N_("Squeeze Play with the speed die"),
        N_("The rules' other table; Mr. Monopoly or Bus also takes a voucher from each (P5)."),
    ),
    "birthday_from_players": (
        N_("Birthday Gift from the players"),
        N_("Birthday Gift collects $100 from each other player, not from the Bank (P7)."),
    ),
    "time_limit": (
        N_("Time limit"),
        N_("The game may be ended at any time: the richest player wins (P9)."),
    ),
    "roll_three_action_cards": (
        N_("Printed Roll Three cards"),
        N_("The 36 printed action cards (18 combinations twice) instead of the rules' 20 (D4)."),
    ),
}


@dataclass(frozen=True)
class SetupChoices:
    tokens: tuple[str, ...]
    colours: tuple[tuple[str, Rgba], ...]
    #: (id, title shown), in the deck's order.
    vouchers: tuple[tuple[str, str], ...]
    roll_three: tuple[str, ...]
    #: (key, default, title, one-line explanation).
    house_rules: tuple[tuple[str, bool, str, str], ...]
    max_players: int = MAX_PLAYERS


@dataclass(frozen=True)
class TradeItem:
    """One asset a player may give: ``kind`` is the trade command's key, ``value`` what the
    command carries, ``label`` what the button says."""

    kind: str
    value: str
    label: str


@functools.cache
def _deal_lists(action_cards: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The vouchers and Roll Three cards a new game's first deal accepts (the engine's lists)."""
    game = Game.new([{"name": "A"}, {"name": "B"}], rules={"roll_three_action_cards": action_cards})
    (option,) = game.state.decision.options
    free = option["free"]
    return tuple(free["voucher"]["one_of"]), tuple(free["roll_three"]["one_of"])


def voucher_title(voucher_id: str, lang: str) -> str:
    return card_title(voucher_id, lang)


def setup_choices(lang: str, *, action_cards: bool = False) -> SetupChoices:
    vouchers, roll_three = _deal_lists(action_cards)
    defaults = Options()
    rules = tuple(
        (
            f.name,
            bool(getattr(defaults, f.name)),
            translate(HOUSE_RULES.get(f.name, (f.name, ""))[0], lang),
            translate(HOUSE_RULES[f.name][1], lang) if f.name in HOUSE_RULES else "",
        )
        for f in fields(Options)
    )
    return SetupChoices(
        tokens=tuple(TOKENS),
        colours=tuple((c, rgba(c)) for c in COLOURS),
        vouchers=tuple((v, voucher_title(v, lang)) for v in vouchers),
        roll_three=roll_three,
        house_rules=rules,
    )


def tradables(state: GameState, player: str, lang: str) -> tuple[TradeItem, ...]:
    """What ``player`` may put into a trade: deeds, shares (one item per share), Travel
    Vouchers, Roll Three cards and the kept cards that may be traded."""
    deck = card_deck()
    seat = state.seat(player)
    items: list[TradeItem] = []
    for name, h in state.holdings.items():
        if h.owner != player:
            continue
        label = space_name(name, lang)
        if h.mortgaged:
            label = translate("{property} (mortgaged)", lang, property=label)
        items.append(TradeItem("properties", name, label))
    for company, count in seat.shares.items():
        label = translate("a share of {company}", lang, company=company_name(company, lang))
        items += [TradeItem("shares", company, label)] * count
    items += [TradeItem("vouchers", v, card_title(v, lang)) for v in seat.vouchers]
    items += [
        TradeItem("roll_three", r, translate("Roll Three card {dice}", lang, dice=r))
        for r in seat.roll_three
    ]
    items += [
        TradeItem("cards", c, card_title(c, lang)) for c in seat.cards if deck.cards[c].tradable
    ]
    return tuple(items)
