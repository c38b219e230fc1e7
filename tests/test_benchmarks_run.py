"""The benchmark scripts still run (their timings are recorded in docs/performance.md, not here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from companion.editions import edition


def test_the_referee_benchmark_runs_on_a_fully_owned_board(repo_root: Path, capsys) -> None:
    path = repo_root / "tests" / "benchmarks" / "bench_referee.py"
    spec = importlib.util.spec_from_file_location("bench_referee", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    situations = bench.fully_owned_situations()
    assert len(situations) == len(edition("ultimate").board.spaces)
    assert set(situations[0].holdings) == set(edition("ultimate").board.properties)

    bench.main(rounds=1)
    assert "median" in capsys.readouterr().out


def test_the_banker_benchmark_runs(repo_root: Path, capsys, tmp_path: Path, monkeypatch) -> None:
    path = repo_root / "tests" / "benchmarks" / "bench_banker.py"
    spec = importlib.util.spec_from_file_location("bench_banker", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.chdir(tmp_path)
    bench.main(games=1, appends=5, resume_events=50)
    out = capsys.readouterr().out
    assert "turns/s" in out and "append one command" in out and "resume a game" in out
    # The append's target is a ratio to a bare fsync'd insert timed in the same run.
    assert "append / bare insert: " in out and "x (target: at most 2x)" in out
    assert "bare insert + checkpoint / bare insert: " in out


def test_the_peers_benchmark_runs_our_part(repo_root: Path) -> None:
    """Our side of the benchmark against the public simulators (theirs are fetched, not here)."""
    path = repo_root / "tests" / "benchmarks" / "bench_peers.py"
    spec = importlib.util.spec_from_file_location("bench_peers", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = bench.run_ours(0.001, 2, check=True)  # one game, every house rule on
    assert result["games"] == 1 and result["turns"] > 0 and result["violations"] == 0


def test_the_instruction_count_workload_runs(repo_root: Path) -> None:
    path = repo_root / "tests" / "benchmarks" / "bench_games_instructions.py"
    spec = importlib.util.spec_from_file_location("bench_games_instructions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.run(0) == 0
