"""The campaign of adversarial table situations (not part of the test suite).

    .venv/bin/python tests/campaigns/situations.py --situations 3000 --seeds 1 2

For each seed: valid tables exported from seeded games and written by hand, each mutated
(``tests/situation_mutants.py``) and given to the banker as ``play --from`` and the app do, into
a real game log; an accepted one has its options worked out by the prompt and the app's view,
is resumed from the log file and answered once; every one is asked of the referee. Prints the
outcomes by mutation as JSON; exits 1 on any failure (a traceback, an accepted table that does
not resume, a refusal that wrote to the log or took more than one line, a first answer that
crashed, a doubled key accepted, the referee answering for more than 12 players).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests import situation_mutants  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=3000, help="per seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    args = parser.parse_args()
    started = time.perf_counter()
    reports = {}
    for seed in args.seeds:
        with tempfile.TemporaryDirectory(prefix="companion-situations-") as folder:
            reports[seed] = situation_mutants.campaign(seed, args.situations, Path(folder))
    totals = dict.fromkeys(situation_mutants.OUTCOMES, 0)
    for report in reports.values():
        for counts in report["counts"].values():
            for outcome, n in counts.items():
                totals[outcome] += n
    print(
        json.dumps(
            {
                "totals": totals,
                "by_seed": reports,
                "seconds": round(time.perf_counter() - started, 1),
            },
            indent=2,
        )
    )
    failed = sum(n for outcome, n in totals.items() if outcome not in ("refused", "accepted"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
