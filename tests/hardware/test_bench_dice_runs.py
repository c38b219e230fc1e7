"""The dice benchmark still runs (its timings are recorded in docs/performance.md, not here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path


def test_the_dice_benchmark_runs_over_a_pty(repo_root: Path, capsys) -> None:
    path = repo_root / "tests" / "benchmarks" / "bench_dice.py"
    spec = importlib.util.spec_from_file_location("bench_dice", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    assert len(bench.delivery_ms(5)) == 5
    bench.main(rolls=3, parse_calls=10)
    out = capsys.readouterr().out
    assert "settled line to application, over a pty: median" in out
    assert "parse one SETTLED line: median" in out
