"""The long campaign of damaged game logs (not part of the test suite).

    .venv/bin/python tests/campaigns/damage_logs.py --copies 1000 --seeds 1 2 3 4

For each seed a real game log is played (two games of 3 seeded random players), then damaged
copies of it are judged (``tests/log_damage.py``): its -wal file lost, a cut at every page
boundary, then flipped bytes, until --copies copies in all are shared out among the seeds.
Prints the counts as JSON: every failure (traceback, silent difference, unclear refusal) is
listed with its seed and damage, and the campaign goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests import log_damage  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=1000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--turns", type=int, default=40, help="turns of each game")
    args = parser.parse_args()
    started = time.perf_counter()
    tally = log_damage.Tally()
    kinds: dict[str, int] = {}
    files: dict[int, int] = {}
    share = -(-args.copies // len(args.seeds))
    for seed in args.seeds:
        count = min(share, args.copies - tally.copies)
        with tempfile.TemporaryDirectory() as tmp:
            reference = log_damage.make_log(Path(tmp), seed, turns=args.turns)
            files[seed] = reference.stat().st_size
            expected = log_damage.readings(reference)
            work = Path(tmp) / "work"
            work.mkdir()
            for damage in log_damage.damages(reference, seed, count):
                kinds[damage.kind] = kinds.get(damage.kind, 0) + 1
                log_damage.judge(damage, work, expected, tally)
    report = {
        "copies": tally.copies,
        "seeds": args.seeds,
        "log sizes (bytes)": files,
        "damage kinds": kinds,
        "histories unchanged": tally.unchanged,
        "refused in one line": tally.refused,
        "log check said damaged": tally.check_damaged,
        "salvaged": tally.salvaged,
        **tally.failure_counts(),
        "failures": tally.failures,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
