"""How long the app takes to word the referee's notes (``ui.explain.explain``), per note, in
English and French, over the answers ``tests/ui/explanations.py`` records (about 5,300 answers,
14,000 notes). Run: ``PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_explain.py``; the
figures go into ``docs/performance.md``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ui.explanations import questions  # noqa: E402
from ui.explain import explain  # noqa: E402


def main(rounds: int = 5) -> None:
    answers = questions()
    notes = sum(len(r.notes) for r in answers)
    for lang in ("en", "fr"):
        for r in answers:  # the catalogues read, the caches warm
            explain(r, lang)
        per_note = []
        for _ in range(rounds):
            start = time.perf_counter()
            for r in answers:
                explain(r, lang)
            per_note.append((time.perf_counter() - start) / notes * 1e6)
        per_note.sort()
        print(
            f"explain {lang}: {notes} notes, median {statistics.median(per_note):.1f} us a note, "
            f"min {per_note[0]:.1f} us, max {per_note[-1]:.1f} us"
        )


if __name__ == "__main__":
    main()
