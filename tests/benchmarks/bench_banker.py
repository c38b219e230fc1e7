"""Benchmarks of the banker: engine turns per second, appending a command to the log, resuming.

Run: ``.venv/bin/python tests/benchmarks/bench_banker.py``. The figures go into
``docs/performance.md``; timings are never asserted (the machines are shared and noisy).

1. **Engine**: complete games of 4 seeded random players are recorded once; then their commands
   are decided and folded again through :class:`companion.game.Game` without a log, which is
   the engine's whole work per command, without the random player's. CPU time, best of 3.
2. **Append**: one command and its events appended with ``GameLog.append`` (WAL,
   ``synchronous=FULL``, one transaction, then the checkpoint that copies it into the main
   file), against, in the same run and the same folder, a **bare insert** (one row a
   transaction, the same pragmas) and a bare insert followed by the same checkpoint (what any
   append that checkpoints costs at least). The three take turns, one operation each, the
   order rotating, so that the disk's mood (the machine is shared) falls on all three alike;
   the figure is the ratio of the medians (target: the append at most 2x the bare insert).
3. **Resume**: a game log holding a game of at least 10,000 events, resumed with
   ``Game.resume`` (reading, checking the hash chain, JSON decoding and folding every event);
   CPU time, median of 5.
"""

from __future__ import annotations

import argparse
import platform
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.game import Game
from companion.log.gamelog import GameLog
from companion.simulator.simulate import RandomPlayer, play_game


def record_games(count: int, seed: int = 1) -> list[tuple[list[dict[str, Any]], list[Any]]]:
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game = Game.new([{"name": f"P{i + 1}"} for i in range(4)])
        play_game(game, RandomPlayer(rng), check=lambda s, w: None)
        games.append((game.start_events, game.done))
    return games


def engine_turns_per_second(
    games: list[tuple[list[dict[str, Any]], list[Any]]], rounds: int = 3
) -> tuple[float, int, int]:
    best = float("inf")
    turns = commands = 0
    for _ in range(rounds):
        turns = commands = 0
        started = time.process_time()
        for start, done in games:
            game = Game(start)
            for command in done:
                events = game.execute(command)
                commands += 1
                turns += sum(1 for e in events if e["type"] == "turn" and "code" in e)
        best = min(best, time.process_time() - started)
    return turns / best, turns, commands


#: The operations :func:`append_ms` times, in the order it prints them.
APPEND, BARE, BARE_CHECKPOINT = "append", "bare insert", "bare insert + checkpoint"


def _bare_table(path: Path) -> sqlite3.Connection:
    """A table with the game log's pragmas: WAL, ``synchronous=FULL``, autocommit."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
    return conn


def append_ms(folder: Path, count: int) -> dict[str, list[float]]:
    """Milliseconds of each of ``count`` appends of a real game's commands, bare inserts and
    bare inserts with a checkpoint, taking turns (see the module docstring); each sorted."""
    start, done = record_games(1, seed=2)[0]
    replayed = Game(start)
    batches = [(c, replayed.execute(c)) for c in done[:count]]
    bare, checkpointed = _bare_table(folder / "bare.db"), _bare_table(folder / "checkpoint.db")
    payload = "x" * 200
    with GameLog(folder / "append.db") as log:
        game_id = log.new_game(start)
        steps: list[tuple[str, Callable[[int], object]]] = [
            (APPEND, lambda i: log.append(game_id, *batches[i])),
            (BARE, lambda i: bare.execute("INSERT INTO t VALUES (?, ?)", (i, payload))),
            (
                BARE_CHECKPOINT,
                lambda i: (
                    checkpointed.execute("INSERT INTO t VALUES (?, ?)", (i, payload)),
                    checkpointed.execute("PRAGMA wal_checkpoint(PASSIVE)"),
                ),
            ),
        ]
        times: dict[str, list[float]] = {name: [] for name, _ in steps}
        for i in range(len(batches)):
            turn = i % len(steps)
            for name, step in steps[turn:] + steps[:turn]:
                t = time.perf_counter()
                step(i)
                times[name].append((time.perf_counter() - t) * 1000)
    bare.close()
    checkpointed.close()
    return {name: sorted(ms) for name, ms in times.items()}


def _p95(ms: list[float]) -> float:
    return ms[max(0, int(len(ms) * 0.95) - 1)]


def resume_seconds(folder: Path, events_wanted: int = 10_000, rounds: int = 5) -> tuple[float, int]:
    path = folder / "resume.db"
    with GameLog(path) as log:
        rng = random.Random(3)
        while True:
            game = Game.new([{"name": f"P{i + 1}"} for i in range(6)], log=log)
            play_game(game, RandomPlayer(rng), check=lambda s, w: None)
            if len(game.all_events()) >= events_wanted:
                break
        game_id = game.game_id
        events = len(game.all_events())
    times = []
    for _ in range(rounds):
        with GameLog(path) as log:
            # CPU time: the shared machine's load swings a wall-clock figure several times over.
            t = time.process_time()
            Game.resume(log, game_id)
            times.append(time.process_time() - t)
    return statistics.median(times), events


def main(*, games: int = 20, appends: int = 400, resume_events: int = 10_000) -> None:
    print(f"{platform.machine()}, Python {platform.python_version()}")
    recorded = record_games(games)
    rate, turns, commands = engine_turns_per_second(recorded)
    print(
        f"engine: {rate:,.0f} turns/s ({turns} turns, {commands} commands, {games} games, CPU time, best of 3)"
    )
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        times = append_ms(Path(folder), appends)
        median = {name: statistics.median(ms) for name, ms in times.items()}
        ours = times[APPEND]
        print(
            f"append one command (with its checkpoint): median {median[APPEND]:.3f} ms, "
            f"p95 {_p95(ours):.3f} ms ({len(ours)} commands)"
        )
        print(
            f"bare insert (WAL, synchronous=FULL, one row a transaction): median {median[BARE]:.3f} ms"
        )
        print(f"bare insert + wal_checkpoint(PASSIVE): median {median[BARE_CHECKPOINT]:.3f} ms")
        print(
            f"append / bare insert: {median[APPEND] / median[BARE]:.2f}x (target: at most 2x); "
            f"bare insert + checkpoint / bare insert: {median[BARE_CHECKPOINT] / median[BARE]:.2f}x "
            "(medians, same run, taking turns)"
        )
        seconds, events = resume_seconds(Path(folder), resume_events)
        print(
            f"resume a game of {events} events: median {seconds:.3f} s of CPU "
            f"({seconds * 10_000 / events:.3f} s for 10,000 events)"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--appends", type=int, default=400)
    parser.add_argument("--resume-events", type=int, default=10_000)
    args = parser.parse_args()
    main(games=args.games, appends=args.appends, resume_events=args.resume_events)
