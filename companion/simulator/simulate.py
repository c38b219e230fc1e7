"""Seeded random players playing whole games through the engine, checking invariants.

The players answer every decision with a random legal command (and sometimes build, mortgage or
raise money); after every event the invariants of :func:`companion.banker.state.invariant_problems`
are checked, and at the end of each game the log (or the event list) is replayed and must give
the same state.

>>> report = simulate(games=1, seed=7, players=3)
>>> report.games, report.invariant_violations
(1, 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.banker.assets import build_problem, building_cost, lift_cost, mortgage_value
from companion.banker.state import GameState, evolve, invariant_problems, replay, snapshot
from companion.banker.tx import roll_three_cards_left
from companion.errors import CompanionError
from companion.game import Game
from companion.rules.board import ultimate_board
from companion.rules.cards import card_deck

if TYPE_CHECKING:
    from companion.log.gamelog import GameLog

SPEED_DIE = (1, 2, 3, "mr", "mr", "bus")
#: A game still going after this many turns is stopped (random players can stall for ever).
MAX_TURNS = 3000


@dataclass
class Report:
    games: int = 0
    turns: int = 0
    commands: int = 0
    events: int = 0
    finished: int = 0
    seconds: float = 0.0
    invariant_violations: int = 0
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "turns": self.turns,
            "turns_per_second": round(self.turns / self.seconds, 1) if self.seconds else 0.0,
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0.0,
            "invariant_violations": self.invariant_violations,
            "finished": self.finished,
            "commands": self.commands,
            "events": self.events,
            "seconds": round(self.seconds, 3),
            "problems": self.problems[:20],
        }


class RandomPlayer:
    """Answers the decision in front of it with a random legal command."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.board = ultimate_board()
        self.deck = card_deck()

    def dice(self, n: int) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(n)]

    def commands(self, state: GameState) -> list[dict[str, Any]]:
        """Commands to try, best first; the caller takes the first the engine accepts."""
        d = state.decision
        p = d.player
        rng = self.rng
        base = {"player": p}
        kind = d.kind
        if kind == "deal":
            vouchers = [v for v, n in state.vouchers_left.items() if n]
            card = rng.choice(roll_three_cards_left(state))
            return [{**base, "type": "deal", "voucher": rng.choice(vouchers), "roll_three": card}]
        if kind == "order_roll":
            return [{**base, "type": "order_roll", "dice": self.dice(2)}]
        if kind in ("roll", "end_turn"):
            tries = self.extras(state, p)
            if "jail_card" in d.answers and rng.random() < 0.5:
                tries.append({**base, "type": "jail_card"})
            if "bail" in d.answers and rng.random() < 0.3:
                tries.append({**base, "type": "bail"})
            if "voucher" in d.answers and rng.random() < 0.15:
                tries += self.vouchers(state, p)
            if kind == "end_turn":
                return [*tries, {**base, "type": "end_turn"}]
            seat = state.seat(p)
            dice = self.dice(2) if seat.in_jail else [*self.dice(2), rng.choice(SPEED_DIE)]
            return [*tries, {**base, "type": "roll", "dice": dice}]
        if kind in ("subway", "choose_space"):
            spaces = list(self.board.spaces)
            if d.data.get("why") == "auction_any":
                spaces = [s for s in spaces if s.is_property and s.name not in state.holdings]
            elif d.data.get("why") in ("storm", "seize", "condemn"):
                spaces = [s for s in spaces if s.name in state.holdings]
            rng.shuffle(spaces)
            return [{**base, "type": "choose", "space": s.key} for s in spaces]
        if kind == "buy_or_auction":
            price = d.data["price"]
            if state.cash[p] >= price + 150 and rng.random() < 0.85:
                return [{**base, "type": "buy"}, {**base, "type": "auction"}]
            return [{**base, "type": "auction"}]
        if kind == "auction":
            high = d.data["high"]
            name = d.data["name"]
            worth = (
                self.board.properties[name][0].price
                if d.data["item"] == "property"
                else card_par(name)
            )
            bid = high + rng.randint(1, 40)
            if bid <= state.cash[p] - 100 and bid < worth * 1.3 and rng.random() < 0.7:
                return [{**base, "type": "bid", "amount": bid}, {**base, "type": "pass"}]
            return [{**base, "type": "pass"}]
        if kind == "bus_option":
            return [{**base, "type": "bus", "option": rng.choice(("move", "voucher"))}]
        if kind == "draw":
            deck = d.data["deck"]
            if deck == "travel_voucher":
                ids = [v for v, n in state.vouchers_left.items() if n]
            elif deck == "roll_three":
                ids = [rng.choice(roll_three_cards_left(state))]
            else:
                ids = [
                    c.id
                    for c in self.deck.cards.values()
                    if c.deck == deck and state.cards_out.get(c.id, 0) < c.count
                ]
                weights = [self.deck.cards[i].count for i in ids]
                ids = rng.choices(ids, weights=weights, k=3)
            return [{**base, "type": "draw", "card": i} for i in ids]
        if kind == "dice":
            why = d.data["why"]
            if why == "squeeze_play" and state.rules.squeeze_play_speed_die:
                return [{**base, "type": "dice", "dice": [*self.dice(2), rng.choice(SPEED_DIE)]}]
            if why == "game_night":
                others = [s.name for s in state.active if s.name != p]
                return [
                    {**base, "type": "dice", "dice": self.dice(4), "opponent": rng.choice(others)}
                ]
            return [{**base, "type": "dice", "dice": self.dice(3 if why == "roll_three" else 2)}]
        if kind == "gift":
            return [{**base, "type": "gift", "option": rng.choice(("cash", "voucher"))}]
        if kind == "stock":
            companies = [c for c, n in state.shares_left.items() if n]
            company = rng.choice(companies)
            rich = state.cash[p] > card_par(company) + 200
            how = "buy" if rich or d.data.get("free") else "auction"
            return [
                {**base, "type": "stock", "company": company, "how": how},
                {**base, "type": "stock", "company": company, "how": "auction"},
            ]
        if kind == "taxi":
            if rng.random() < 0.2:
                return [
                    {**base, "type": "taxi", "space": "Free Parking"},
                    {**base, "type": "skip"},
                ]
            return [{**base, "type": "skip"}]
        if kind == "raise_money":
            return [*self.raise_money(state, p, d.data["amount"]), {**base, "type": "bankrupt"}]
        if kind == "rent":
            cards = [
                c
                for c in state.seat(p).cards
                if c in ("cc-reverse-rent", "cc-the-rent-is-too-darn-high")
            ]
            return [
                *({**base, "type": "play_card", "card": c} for c in cards),
                {**base, "type": "pay"},
            ]
        if kind == "card_option":
            return [{**base, "type": "option", "option": rng.choice((1, 2))}]
        if kind == "choose_player":
            return [{**base, "type": "target", "target": rng.choice(d.data["among"])}]
        if kind == "respond":
            return [{**base, "type": rng.choice(("accept", "refuse"))}]
        raise AssertionError(f"the random player cannot answer {kind!r}")

    def extras(self, state: GameState, p: str) -> list[dict[str, Any]]:
        """Sometimes build, lift a mortgage or play a kept card before rolling."""
        rng = self.rng
        tries: list[dict[str, Any]] = []
        if rng.random() < 0.3:
            mine = [n for n, h in state.holdings.items() if h.owner == p]
            rng.shuffle(mine)
            for name in mine[:6]:
                h = state.holdings[name]
                if h.mortgaged:
                    if state.cash[p] > lift_cost(mortgage_value(name)) + 600:
                        tries.append({"type": "unmortgage", "player": p, "property": name})
                elif (
                    build_problem(state, p, name) is None
                    and state.cash[p] > building_cost(name) + 500
                ):
                    tries.append({"type": "build", "player": p, "property": name})
        for card in state.seat(p).cards:
            if rng.random() < 0.3 and self.deck.card(card).play[0].get("play") in (
                "take_cash",
                "jail_other",
            ):
                others = [s.name for s in state.active if s.name != p]
                tries.append(
                    {"type": "play_card", "player": p, "card": card, "target": rng.choice(others)}
                )
        return tries

    def vouchers(self, state: GameState, p: str) -> list[dict[str, Any]]:
        seat = state.seat(p)
        tries = []
        for v in dict.fromkeys(seat.vouchers):
            voucher = self.deck.vouchers[v]
            if voucher.kind == "free_cab_fare":
                tries.append(
                    {"type": "voucher", "player": p, "voucher": v, "ride": self.rng.random() < 0.5}
                )
            else:
                ahead = [self.board.step(seat.position, 1)]
                for _ in range(12):
                    ahead.append(self.board.step(ahead[-1], 1))
                for s in self.rng.sample(ahead, 4):
                    tries.append({"type": "voucher", "player": p, "voucher": v, "space": s.key})
        return tries

    def raise_money(self, state: GameState, p: str, amount: int) -> list[dict[str, Any]]:
        """Sell buildings (highest first), then mortgage, until the debt can be paid."""
        if state.cash[p] >= amount:
            return [{"type": "pay", "player": p}]
        tries: list[dict[str, Any]] = []
        mine = sorted(
            ((n, h) for n, h in state.holdings.items() if h.owner == p),
            key=lambda item: (-item[1].level, -int(item[1].improved)),
        )
        for name, h in mine:
            if h.level or h.improved:
                tries.append({"type": "sell_building", "player": p, "property": name})
        for name, h in mine:
            if not h.mortgaged:
                tries.append({"type": "mortgage", "player": p, "property": name})
        seat = state.seat(p)
        for company, n in seat.shares.items():
            if n > seat.mortgaged_shares.get(company, 0):
                tries.append({"type": "mortgage", "player": p, "company": company})
        return tries


def card_par(company: str) -> int:
    from companion.banker.tx import par_values

    return par_values()[company]


def play_game(
    game: Game,
    player: RandomPlayer,
    *,
    check: Callable[[GameState, str], None],
    max_turns: int = MAX_TURNS,
) -> tuple[int, int]:
    """Play ``game`` to its end (or ``max_turns``); returns (turns, commands)."""
    turns = commands = 0
    anytime_streak = 0
    while not game.state.over and turns < max_turns:
        for command in player.commands(game.state):
            if command["type"] in ("build", "sell_building", "mortgage", "unmortgage", "play_card"):
                if anytime_streak > 8:
                    continue
            try:
                before = game.state
                events = game.execute(command)
            except CompanionError:
                continue
            anytime_streak = (
                anytime_streak + 1
                if command["type"] in ("build", "sell_building", "mortgage", "unmortgage")
                else 0
            )
            commands += 1
            state = before
            for event in events:
                state = evolve(state, event)
                check(state, f"after {event['type']} of {command}")
            turns += sum(1 for e in events if e["type"] == "turn" and "text" in e)
            break
        else:
            raise AssertionError(f"no command answers {game.state.decision}")
    return turns, commands


def simulate(
    *,
    games: int,
    seed: int,
    players: int,
    log: GameLog | None = None,
    rules: Mapping[str, Any] | None = None,
    progress: Callable[[int, Report], None] | None = None,
    max_turns: int = MAX_TURNS,
) -> Report:
    """Play ``games`` complete games of ``players`` seeded random players."""
    rng = random.Random(seed)
    report = Report()
    started = time.perf_counter()

    def check(state: GameState, where: str) -> None:
        for problem in invariant_problems(state):
            report.invariant_violations += 1
            report.problems.append(f"game {report.games + 1} {where}: {problem}")

    for _ in range(games):
        game = Game.new([{"name": f"P{i + 1}"} for i in range(players)], rules=rules, log=log)
        turns, commands = play_game(game, RandomPlayer(rng), check=check, max_turns=max_turns)
        report.turns += turns
        report.commands += commands
        report.events += len(game.all_events())
        report.finished += game.state.over
        _check_replay(game, log, report)
        report.games += 1
        if progress is not None:
            progress(games, report)
    report.seconds = time.perf_counter() - started
    return report


def _check_replay(game: Game, log: GameLog | None, report: Report) -> None:
    """Replaying the game (from the log when there is one) must give the same state."""
    if log is not None:
        assert game.game_id is not None
        again = Game.resume(log, game.game_id).state
    else:
        again = game.state
    for label, state in (("log", again), ("events", replay(game.all_events()))):
        if snapshot(state) != snapshot(game.state):
            report.invariant_violations += 1
            report.problems.append(
                f"game {report.games + 1}: replaying the {label} gives another state"
            )
