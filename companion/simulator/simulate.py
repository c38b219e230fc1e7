"""Seeded random players playing whole games through the engine, checking invariants.

The players (:class:`companion.simulator.players.RandomPlayer`) answer every decision with one of
its options (and sometimes build, mortgage or raise money); an option the engine refuses stops the
run as a bug. With ``check`` (the default; ``companion simulate --check``), after every event
the invariants of :func:`companion.banker.state.invariant_problems` are checked, and at the end
of each game the log (or the event list) is replayed and must give the same state; without it
the games are only played (the throughput figure), and the report says so.

>>> report = simulate(games=1, seed=7, players=3)
>>> report.games, report.invariant_violations, report.checked
(1, 0, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.banker.state import GameState, evolve, invariant_problems, replay, snapshot
from companion.editions import Edition
from companion.errors import CompanionError
from companion.game import Game
from companion.simulator.players import RandomPlayer

if TYPE_CHECKING:
    from companion.log.gamelog import GameLog

__all__ = ["MAX_TURNS", "RandomPlayer", "Report", "play_game", "simulate"]

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
    #: Whether the invariants were checked (after every event, and the replay of each game).
    checked: bool = True
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "turns": self.turns,
            "turns_per_second": round(self.turns / self.seconds, 1) if self.seconds else 0.0,
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0.0,
            "checked": self.checked,
            "invariant_violations": self.invariant_violations,
            "finished": self.finished,
            "commands": self.commands,
            "events": self.events,
            "seconds": round(self.seconds, 3),
            "problems": self.problems[:20],
        }


def play_game(
    game: Game,
    player: RandomPlayer,
    *,
    check: Callable[[GameState, str], None] | None,
    max_turns: int = MAX_TURNS,
) -> tuple[int, int]:
    """Play ``game`` to its end (or ``max_turns``); returns (turns, commands). ``check`` is
    called on the state after every event (``None``: not at all)."""
    turns = commands = 0
    # The player works out the options it reads (Game.state would work out all of them).
    while not game.current.over and turns < max_turns:
        before = game.current
        command = player.choose(before)
        try:
            events = game.execute(command)
        except CompanionError as exc:
            raise AssertionError(
                f"the engine refused an option of {before.decision.kind!r}: {command}: {exc}"
            ) from exc
        commands += 1
        if check is not None:
            state = before
            for event in events:
                state = evolve(state, event)
                check(state, f"after {event['type']} of {command}")
        for e in events:
            if e["type"] == "turn" and not e.get("doubles") and not e.get("voucher"):
                turns += 1
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
    check: bool = True,
    edition: Edition | None = None,
) -> Report:
    """Play ``games`` complete games of ``edition`` (Ultimate if none) by ``players`` seeded
    random players; ``check``: check the invariants after every event and the replay of every
    game (off: only play, for speed)."""
    rng = random.Random(seed)
    report = Report(checked=check)
    started = time.perf_counter()

    def check_state(state: GameState, where: str) -> None:
        for problem in invariant_problems(state):
            report.invariant_violations += 1
            report.problems.append(f"game {report.games + 1} {where}: {problem}")

    for _ in range(games):
        game = Game.new(
            [{"name": f"P{i + 1}"} for i in range(players)], rules=rules, log=log, edition=edition
        )
        turns, commands = play_game(
            game, RandomPlayer(rng), check=check_state if check else None, max_turns=max_turns
        )
        report.turns += turns
        report.commands += commands
        report.events += len(game.all_events())
        report.finished += game.state.over
        if check:
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
