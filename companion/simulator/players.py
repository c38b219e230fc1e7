"""A seeded random player: it answers each decision with one of the decision's options.

It never tries commands until one is accepted: it picks among the legal answers (the options the
engine posed the decision with, or :func:`companion.banker.options.options_for` for a state
folded from events, whose decision carries none) and the any-time commands the rules allow
(:func:`companion.banker.options.anytime_options`), with a family's rough sense (buy when there
is money to spare, bid up to a little over the price, sell and mortgage before going bankrupt),
so that games end.

>>> import random
>>> from companion.banker.engine import new_game
>>> from companion.banker.state import replay
>>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
>>> RandomPlayer(random.Random(1)).choose(state)["type"]
'deal'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.banker.assets import lots_to_build
from companion.banker.options import anytime_options, command_of, options_for
from companion.banker.state import GameState
from companion.banker.tx import RAISES

#: An option as a decision carries it (read, never changed).
Option = Mapping[str, Any]

#: The kept cards the player plays on its turn (against another player).
PLAYED = ("take_cash", "jail_other")
#: Any-time commands in a row before a roll or the end of a turn, at most.
MAX_ANYTIME = 8
#: The any-time options the player asks for: to build or lift a mortgage, and to play a card
#: (to raise money, the banker's own ``RAISES``).
_BUILDS = ("build", "unmortgage")
_PLAYS = ("play_card",)
#: The decisions it answers by the types of their options.
_BY_TYPE = frozenset(("roll", "end_turn", "buy_or_auction", "taxi", "rent", "raise_money"))
#: The answers to a debt it reads first: pay, or raise the money (the banker's ``RAISES``).
_PAY_OR_RAISE = ("pay", *RAISES)


class RandomPlayer:
    """Answers the decision in front of it with one of its options, chosen at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.anytime_streak = 0

    def choose(self, state: GameState) -> dict[str, Any]:
        """The command to give now: an answer to the decision, or sometimes an any-time command
        first (build, lift a mortgage, play a card; sell or mortgage to pay a debt)."""
        d = state.decision
        # A state folded from events poses its decision without options: they are worked out
        # here once, and only when read (not before an any-time command, for instance).
        options = d.options
        if not options and d.kind == "raise_money":
            # It pays, or raises the money: bankruptcy only when neither can be done.
            options = options_for(state, d, _PAY_OR_RAISE)
        extra = self.anytime(state, options)
        if extra is not None:
            self.anytime_streak += 1
            return command_of(extra, d.player, **self.fill(state, extra))
        self.anytime_streak = 0
        option = self.answer(state, options or options_for(state, d))
        return command_of(option, d.player, **self.fill(state, option))

    # -- Answers ----------------------------------------------------------------------------

    def answer(self, state: GameState, options: Sequence[Option]) -> Option:
        d = state.decision
        rng = self.rng
        # The options by type, for the decisions whose answer depends on the types offered.
        by_type: dict[str, list[Option]] = {}
        if d.kind in _BY_TYPE:
            for o in options:
                by_type.setdefault(o["command"]["type"], []).append(o)

        def maybe(kind: str, chance: float) -> Option | None:
            return rng.choice(by_type[kind]) if kind in by_type and rng.random() < chance else None

        if d.kind in ("roll", "end_turn"):
            return (
                maybe("jail_card", 0.5)
                or maybe("bail", 0.3)
                or maybe("voucher", 0.15)
                or by_type.get(d.kind, options)[0]
            )
        if d.kind == "buy_or_auction":
            buy = by_type.get("buy")
            if buy and state.cash[d.player] >= buy[0]["price"] + 150 and rng.random() < 0.85:
                return buy[0]
            return by_type["auction"][0]
        if d.kind == "auction":
            return self.bid_or_pass(state, options)
        if d.kind == "stock":
            return self.share(state, options)
        if d.kind == "taxi":
            return maybe("taxi", 0.2) or by_type["skip"][0]
        if d.kind == "rent":
            return (by_type.get("play_card") or by_type["pay"])[0]
        if d.kind == "raise_money":
            return (by_type.get("pay") or by_type["bankrupt"])[0]
        if d.kind == "respond":
            return rng.choice(options)
        if d.kind == "draw":
            # E3: the simulated table draws only the cards the companion lists.
            options = [o for o in options if "card" in o["command"]] or options
        if d.kind == "draw" and len(options) > 1:
            # Weighed by the copies of each card (or voucher) left to draw.
            cards, out, left = state.edition.deck.cards, state.cards_out, state.vouchers_left
            weights = [
                cards[c].count - out.get(c, 0) if c in cards else left.get(c, 1)
                for c in (o["command"]["card"] for o in options)
            ]
            return rng.choices(options, weights=weights)[0]
        return rng.choice(options)

    def bid_or_pass(self, state: GameState, options: Sequence[Option]) -> Option:
        """The player the auction waits for bids a little more, up to a little over the worth."""
        d = state.decision
        mine = [o for o in options if o["player"] == d.player]
        bid = next((o for o in mine if o["command"]["type"] == "bid"), None)
        pass_ = next(o for o in mine if o["command"]["type"] == "pass")
        name, high, item = d.data["name"], d.data["high"], d.data["item"]
        if item == "property":
            worth = state.edition.board.properties[name][0].price
        elif item == "share":
            worth = state.edition.deck.par_values[name]
        else:
            worth = min(
                state.edition.board.building_cost(n) for n in lots_to_build(state, d.player, name)
            )
        amount = high + self.rng.randint(1, 40)
        if (
            bid is not None
            and amount <= state.cash[d.player] - 100
            and amount < worth * 1.3
            and self.rng.random() < 0.7
        ):
            return {**bid, "command": {**bid["command"], "amount": amount}, "free": {}}
        return pass_

    def share(self, state: GameState, options: Sequence[Option]) -> Option:
        d = state.decision
        company = self.rng.choice([o["command"]["company"] for o in options])
        rich = state.cash[d.player] > state.edition.deck.par_values[company] + 200
        how = "buy" if rich or d.data.get("free") else "auction"
        of_company = [o for o in options if o["command"]["company"] == company]
        return next((o for o in of_company if o["command"]["how"] == how), of_company[0])

    # -- Any time ---------------------------------------------------------------------------

    def anytime(self, state: GameState, options: Sequence[Option]) -> Option | None:
        """Sell or mortgage to pay a debt; before a roll or the end of a turn, often claim rent
        owed to it (E2), sometimes build, lift a mortgage, or play a card against another
        player. ``options`` are the decision's: read only for a debt (a state folded from
        events may hold none for the other decisions)."""
        d = state.decision
        if d.kind == "raise_money":
            if any(o["command"]["type"] == "pay" for o in options):
                return None
            return self.raise_money(state, options)
        if d.kind not in ("roll", "end_turn") or self.anytime_streak >= MAX_ANYTIME:
            return None
        rng = self.rng
        if any(k.owner == d.player for k in state.claims) and rng.random() < 0.7:
            # E2: rent owed to it that it must claim (only a game that plays the house rule
            # has any, so the other games draw the same numbers as before).
            return anytime_options(state, d.player, ("claim",))[0]
        cash = state.cash[d.player]
        builds = rng.random() < 0.3
        plays = any(
            state.edition.deck.cards[c].play[0].get("play") in PLAYED
            for c in state.seat(d.player).cards
        )
        if not builds and not plays:
            return None
        # Only the kinds it may use are asked for, each list in the order of the whole one,
        # so the generator draws from the same lists as when it asked for everything.
        if builds:
            extras = [
                o
                for o in anytime_options(state, d.player, _BUILDS)
                if o["command"]["type"] == "build"
                and cash > o["cost"] + 500
                or o["command"]["type"] == "unmortgage"
                and "property" in o["command"]
                and cash > o["cost"] + 600
            ]
            if extras:
                return rng.choice(extras)
        for o in anytime_options(state, d.player, _PLAYS):
            if rng.random() >= 0.3:
                continue
            if state.edition.deck.cards[o["command"]["card"]].play[0].get("play") in PLAYED:
                return o
        return None

    def raise_money(self, state: GameState, options: Sequence[Option]) -> Option | None:
        """Sell buildings (highest first), then mortgage properties, then shares; in a
        shortage of the lower buildings, sell a group down: among the debt's ``options``, which
        hold the sales and mortgages that raise it (P13) in the order of the any-time ones."""
        options = [o for o in options if o["command"]["type"] in RAISES]

        def level(o: Option) -> int:
            h = state.holdings[o["command"]["property"]]
            return h.level + int(h.improved)

        sell = [o for o in options if o["command"]["type"] == "sell_building"]
        if sell:
            return max(sell, key=level)
        mortgage = [o for o in options if o["command"]["type"] == "mortgage"]
        properties = [o for o in mortgage if "property" in o["command"]]
        down = [o for o in options if o["command"]["type"] == "sell_down"]
        return next(iter(properties or mortgage or down), None)

    # -- Free fields ------------------------------------------------------------------------

    def fill(self, state: GameState, option: Mapping[str, Any]) -> dict[str, Any]:
        """A value for each free field: one of the values, a number in range, random dice."""
        rng = self.rng
        values: dict[str, Any] = {}
        for name, spec in option.get("free", {}).items():
            if "one_of" in spec:
                values[name] = rng.choice(spec["one_of"])
            elif "min" in spec:
                values[name] = rng.randint(spec["min"], spec["max"])
            else:
                dice: list[int | str] = [rng.randint(1, 6) for _ in range(spec["count"])]
                if spec["speed"]:
                    face = rng.choice(state.edition.dice.speed_die)
                    dice.append(int(face) if face.isdigit() else face)
                values[name] = dice
        return values
