"""The long fuzz campaign of the ``play`` prompt (not part of the test suite).

    .venv/bin/python tests/campaigns/fuzz_prompt.py --lines 100000 --seed 1

Plays games of 2 to 4 players in temporary log files, each fed --per-game generated lines
(``tests/prompt_fuzz.py``), until --lines lines are sent; prints the counts as JSON. A crash, a
traceback or a silent difference is counted with its seed and line, and the campaign goes on.
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

from tests import prompt_fuzz  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-game", type=int, default=200)
    parser.add_argument(
        "--resume-every", type=int, default=1, help="check the log replays every N games"
    )
    args = parser.parse_args()
    totals = {"lines": 0, "refused": 0, "accepted": 0, "games": 0}
    failures: list[dict[str, object]] = []
    started = time.perf_counter()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        while totals["lines"] < args.lines:
            seed = rng.randrange(2**32)
            players = rng.randint(2, 4)
            game_rng = random.Random(seed)
            path = Path(tmp) / f"g{totals['games']}.db"
            harness = prompt_fuzz.Harness(path, players, game_rng)
            check = totals["games"] % args.resume_every == 0
            count = min(args.per_game, args.lines - totals["lines"])
            text = ""
            try:
                for _ in range(count):
                    text = prompt_fuzz.line(harness.game.state, game_rng)
                    harness.send(text, resume_check=check)
            except AssertionError as exc:
                failures.append(
                    {
                        "seed": seed,
                        "line": text[:200],
                        "kind": "silent difference",
                        "detail": str(exc)[:300],
                    }
                )
            except Exception:  # noqa: BLE001 - a crash is what the campaign counts
                failures.append(
                    {
                        "seed": seed,
                        "line": text[:200],
                        "kind": "traceback",
                        "detail": traceback.format_exc()[-600:],
                    }
                )
            finally:
                harness.close()
                path.unlink(missing_ok=True)
            for key in ("lines", "refused", "accepted"):
                totals[key] += harness.counts[key]
            totals["games"] += 1
    report = {
        **totals,
        "seed": args.seed,
        "tracebacks": sum(f["kind"] == "traceback" for f in failures),
        "silent_differences": sum(f["kind"] == "silent difference" for f in failures),
        "failures": failures[:20],
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
