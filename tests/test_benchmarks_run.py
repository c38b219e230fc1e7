"""The benchmark scripts still run (their timings are recorded in docs/performance.md, not here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

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


def test_the_callgrind_workloads_run_in_both_eras_apis(repo_root: Path) -> None:
    """The instruction-count script's four workloads, each once and small, without valgrind."""
    path = repo_root / "tests" / "benchmarks" / "callgrind.py"
    spec = importlib.util.spec_from_file_location("callgrind", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    assert bench.board().spaces == edition("ultimate").board.spaces
    done = bench.smoke(bench.WORKLOADS)
    assert [line.split(":")[0] for line in done] == ["referee", "engine", "resume", "app"]
    assert done[0] == "referee: 108 rolls (3 spaces x 36)"
    assert done[1].startswith("engine: 30 commands, ")
    assert done[2].startswith("resume: ") and done[2].endswith(" events")
    assert done[3] == "app: 2 rolls read and confirmed"


def test_the_callgrind_script_reads_the_totals_and_refuses_a_bad_ref(
    repo_root: Path, tmp_path: Path
) -> None:
    path = repo_root / "tests" / "benchmarks" / "callgrind.py"
    spec = importlib.util.spec_from_file_location("callgrind", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    out = tmp_path / "callgrind.out"
    out.write_text("events: Ir\nfn=(1) main\n3 12\ntotals: 4242\n")
    assert bench.instructions(out) == 4242
    out.write_text("not callgrind\n")
    with pytest.raises(SystemExit, match="no totals line"):
        bench.instructions(out)
    with pytest.raises(SystemExit, match="'no-such-ref'.*name a commit"):
        bench._worktree("no-such-ref", tmp_path)


def test_the_explanation_benchmark_runs(repo_root: Path, capsys) -> None:
    path = repo_root / "tests" / "benchmarks" / "bench_explain.py"
    spec = importlib.util.spec_from_file_location("bench_explain", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(rounds=1)
    out = capsys.readouterr().out
    assert "explain en: " in out and "explain fr: " in out and "us a note" in out
