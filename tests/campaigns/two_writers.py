"""The two-writer campaign of the game log (not part of the test suite).

    .venv/bin/python tests/campaigns/two_writers.py --rounds 12 --seed 1

Each round runs the five trials of ``tests/writers.py`` once, each on a new game log in a
temporary folder, with its own seed: two ``companion play`` started together; a second one
started while the first plays; the writer killed with SIGKILL at a random moment, then the next
one opened; the app's controller holding the log beside ``companion play``; ``companion play``
holding it beside the app. Prints the counts as JSON: forks, tracebacks and refusals that
changed something, each with its trial and seed; the campaign goes on after a failure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

# conftest sets the headless environment before the app's controller is imported.
from tests import conftest, writers  # noqa: E402, F401


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12, help="each round runs the 5 trials")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = ("together", "staggered", "killed", "app first", "play first")
    trials = {name: 0 for name in names}
    failures: list[dict[str, object]] = []
    counts = {"forks": 0, "tracebacks": 0, "changed_by_refusal": 0}
    rng = random.Random(args.seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="companion-two-writers-") as tmp:
        for _ in range(args.rounds):
            for name, trial in zip(names, writers.TRIALS, strict=True):
                seed = rng.randrange(2**31)
                trials[name] += 1
                try:
                    outcome = trial(Path(tmp), seed)
                except Exception:  # noqa: BLE001 - a crash of the trial is counted, and it goes on
                    counts["tracebacks"] += 1
                    failures.append(
                        {"trial": name, "seed": seed, "traceback": traceback.format_exc()[-800:]}
                    )
                    continue
                for key in counts:
                    found = getattr(outcome, key)
                    counts[key] += bool(found)
                    if found:
                        failures.append({"trial": name, "seed": seed, key: found})
    report = {
        "seed": args.seed,
        "rounds": args.rounds,
        "trials": trials,
        **counts,
        "failures": failures[:20],
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
