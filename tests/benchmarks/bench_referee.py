"""Benchmark: resolving one roll with a Mr. Monopoly bonus move on a fully owned board.

Run: ``.venv/bin/python tests/benchmarks/bench_referee.py``. Prints the median and spread per
roll; the figures go into ``docs/performance.md``. Not a pass/fail test: timings are noisy.
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable

from companion.editions import edition
from companion.rules.movement import Roll, resolve_roll
from companion.rules.situation import Situation


def fully_owned_situations(edition_id: str = "ultimate") -> list[Situation]:
    """Every property owned: one colour group in five and one railroad, cab company or utility in
    five by Ann, the rest by Bob, every third group with two houses; Ann to move from each space
    of ``edition_id``'s board."""
    board = edition(edition_id).board
    properties: dict[str, dict] = {}
    for i, members in enumerate(board.groups.values()):
        owner = {"owner": "Ann" if i % 5 == 0 else "Bob"}
        for name in members:
            properties[name] = {**owner, "buildings": "2 houses"} if i % 3 == 0 else owner
    for kind in ("railroad", "cab_company", "utility"):
        for i, name in enumerate(board.properties_of_kind(kind)):
            properties[name] = {"owner": "Ann" if i % 5 == 0 else "Bob"}
    return [
        Situation.parse(
            {
                "edition": edition_id,
                "players": [
                    {"name": "Ann", "position": space.key},
                    {"name": "Bob", "position": board.start.key},
                ],
                "properties": properties,
            }
        )
        for space in board
    ]


def per_call_ms(call: Callable[[], object], calls: int, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        times.append((time.perf_counter() - start) / calls * 1000)
    return sorted(times)


def report(label: str, ms: list[float]) -> None:
    print(
        f"{label}: median {statistics.median(ms):.4f} ms, min {ms[0]:.4f} ms, max {ms[-1]:.4f} ms"
    )


def main(rounds: int = 30) -> None:
    board = edition("ultimate").board
    situations = fully_owned_situations()
    rolls = [Roll(d1, d2, "mr") for d1 in range(1, 7) for d2 in range(1, 7)]

    def every_mr_monopoly_roll() -> None:
        for situation in situations:
            for roll in rolls:
                resolve_roll(board, situation, roll)

    print(f"python {platform.python_version()} on {platform.machine()}, {rounds} rounds")
    batch = len(situations) * len(rolls)
    report(
        f"Mr. Monopoly roll, fully owned board ({batch} rolls a round), per roll",
        [t / batch for t in per_call_ms(every_mr_monopoly_roll, 1, rounds)],
    )
    # The longest walk there is: Auction with everything owned on an even roll (M10).
    from_canal = situations[[s.key for s in board].index("outer:9")]
    report(
        "Auction, everything owned, even roll (M10), per roll",
        per_call_ms(lambda: resolve_roll(board, from_canal, Roll(1, 3, 2)), 200, rounds),
    )


if __name__ == "__main__":
    main()
