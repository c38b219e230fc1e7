"""Benchmark: resolving one roll with a Mr. Monopoly bonus move on a fully owned board.

Run: ``.venv/bin/python tests/benchmarks/bench_referee.py``. Prints the median and spread per
roll; the figures go into ``docs/performance.md``. Not a pass/fail test: timings are noisy.
"""

from __future__ import annotations

import platform
import statistics
import time

from companion.board import ultimate_board
from companion.movement import Roll, resolve_roll
from companion.situation import Situation


def fully_owned_situations() -> list[Situation]:
    """Every property owned, most by Bob with buildings, some by Ann; Ann to move from each space."""
    board = ultimate_board()
    properties = {}
    for i, name in enumerate(sorted(board.properties)):
        kind = board.properties[name][0].kind
        entry: dict = {"owner": "Ann" if i % 5 == 0 else "Bob"}
        if kind == "street" and i % 3 == 0:
            entry["buildings"] = "2 houses"
        properties[name] = entry
    return [
        Situation.parse(
            {
                "players": [
                    {"name": "Ann", "position": space.key},
                    {"name": "Bob", "position": "GO"},
                ],
                "properties": properties,
            }
        )
        for space in board
    ]


def main(rounds: int = 30) -> None:
    board = ultimate_board()
    situations = fully_owned_situations()
    rolls = [Roll(d1, d2, "mr") for d1 in range(1, 7) for d2 in range(1, 7)]
    per_roll = []
    for _ in range(rounds):
        start = time.perf_counter()
        for situation in situations:
            for roll in rolls:
                resolve_roll(board, situation, roll)
        per_roll.append((time.perf_counter() - start) / (len(situations) * len(rolls)))
    ms = sorted(t * 1000 for t in per_roll)
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{len(situations) * len(rolls)} rolls x {rounds} rounds"
    )
    print(
        f"Mr. Monopoly roll, fully owned board: median {statistics.median(ms):.4f} ms, "
        f"min {ms[0]:.4f} ms, max {ms[-1]:.4f} ms per roll"
    )


if __name__ == "__main__":
    main()
