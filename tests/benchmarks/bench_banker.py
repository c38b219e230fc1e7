"""Benchmarks of the banker: engine turns per second, appending a command to the log, resuming.

Run: ``.venv/bin/python tests/benchmarks/bench_banker.py``. The figures go into
``docs/performance.md``; timings are never asserted (the machines are shared and noisy).

1. **Engine**: complete games of 4 seeded random players are recorded once; then their commands
   are decided and folded again through :class:`companion.game.Game` without a log, which is
   the engine's whole work per command, without the random player's. CPU time, best of 3.
2. **Append**: one command's events (a roll: about 8 events) appended with ``GameLog.append``
   (WAL, ``synchronous=FULL``, one transaction with fsync), beside a bare one-row WAL insert
   with ``synchronous=FULL`` in the same folder.
3. **Resume**: a game log holding a game of at least 10,000 events, resumed with
   ``Game.resume`` (reading, JSON decoding and folding every event).
"""

from __future__ import annotations

import argparse
import platform
import random
import sqlite3
import statistics
import tempfile
import time
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


def append_ms(folder: Path, count: int) -> tuple[list[float], list[float]]:
    games = record_games(1, seed=2)
    start, done = games[0]
    replayed = Game(start)
    batches = [(c, replayed.execute(c)) for c in done[:count]]
    with GameLog(folder / "append.db") as log:
        game_id = log.new_game(start)
        ours = []
        for command, events in batches:
            t = time.perf_counter()
            log.append(game_id, command, events)
            ours.append((time.perf_counter() - t) * 1000)
    conn = sqlite3.connect(folder / "bare.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
    bare = []
    for i in range(len(batches)):
        t = time.perf_counter()
        conn.execute("INSERT INTO t VALUES (?, ?)", (i, "x" * 200))
        bare.append((time.perf_counter() - t) * 1000)
    conn.close()
    return sorted(ours), sorted(bare)


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
            t = time.perf_counter()
            Game.resume(log, game_id)
            times.append(time.perf_counter() - t)
    return statistics.median(times), events


def main(*, games: int = 20, appends: int = 400, resume_events: int = 10_000) -> None:
    print(f"{platform.machine()}, Python {platform.python_version()}")
    recorded = record_games(games)
    rate, turns, commands = engine_turns_per_second(recorded)
    print(
        f"engine: {rate:,.0f} turns/s ({turns} turns, {commands} commands, {games} games, CPU time, best of 3)"
    )
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        ours, bare = append_ms(Path(folder), appends)
        print(
            f"append one command: median {statistics.median(ours):.3f} ms, p95 {ours[int(len(ours) * 0.95) - 1]:.3f} ms ({len(ours)} commands)"
        )
        print(f"bare WAL insert, synchronous=FULL: median {statistics.median(bare):.3f} ms")
        seconds, events = resume_seconds(Path(folder), resume_events)
        print(f"resume a game of {events} events: median {seconds:.3f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--appends", type=int, default=400)
    parser.add_argument("--resume-events", type=int, default=10_000)
    args = parser.parse_args()
    main(games=args.games, appends=args.appends, resume_events=args.resume_events)
