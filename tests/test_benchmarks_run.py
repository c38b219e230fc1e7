"""The benchmark scripts still run (their timings are recorded in docs/performance.md, not here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from companion.editions import edition


def test_the_referee_benchmark_runs_on_a_fully_owned_board(repo_root: Path, capsys) -> None:
    bench = _bench(repo_root, "bench_referee")

    situations = bench.fully_owned_situations()
    assert len(situations) == len(edition("ultimate").board.spaces)
    assert set(situations[0].holdings) == set(edition("ultimate").board.properties)

    bench.main(rounds=1)
    assert "median" in capsys.readouterr().out


def test_the_banker_benchmark_runs(repo_root: Path, capsys, tmp_path: Path, monkeypatch) -> None:
    bench = _bench(repo_root, "bench_banker")
    monkeypatch.chdir(tmp_path)
    bench.main(games=1, appends=5, resume_events=50)
    out = capsys.readouterr().out
    assert "turns/s" in out and "append one command" in out and "resume a game" in out
    # The append's target is a ratio to a bare fsync'd insert timed in the same run.
    assert "append / bare insert: " in out and "x (target: at most 2x)" in out
    assert "bare insert + checkpoint / bare insert: " in out


def test_the_peers_benchmark_runs_our_part(repo_root: Path) -> None:
    """Our side of the benchmark against the public simulators (theirs are fetched, not here)."""
    bench = _bench(repo_root, "bench_peers")
    result = bench.run_ours(0.001, 2, check=True)  # one game, every house rule on
    assert result["games"] == 1 and result["turns"] > 0 and result["violations"] == 0


def test_the_instruction_count_workload_runs(repo_root: Path) -> None:
    module = _bench(repo_root, "bench_games_instructions")
    assert module.run(1) > 0  # one seeded game played, executed again and replayed


def test_the_callgrind_workloads_run_in_both_eras_apis(repo_root: Path) -> None:
    """The instruction-count script's four workloads, each once and small, without valgrind."""
    bench = _bench(repo_root, "callgrind")

    assert bench.board().spaces == edition("ultimate").board.spaces
    done = bench.smoke(bench.WORKLOADS)
    assert [line.split(":")[0] for line in done] == ["referee", "engine", "resume", "app"]
    assert done[0] == "referee: 108 rolls (3 spaces x 36)"
    assert done[1].startswith("engine: 30 commands, ")
    assert done[2].startswith("resume: ") and done[2].endswith(" events")
    assert done[3] == "app: 2 rolls read and confirmed"


def test_the_editions_benchmark_runs_each_edition_small(repo_root: Path) -> None:
    """Issue 25: the per-edition instruction counts' workloads, each once and small, without
    valgrind: the referee resolves a Classic board's rolls with two dice only."""
    bench = _bench(repo_root, "bench_editions")

    done = bench.smoke(["ultimate", "classic"])
    assert done[0] == "ultimate referee: 216 rolls (6 spaces x 36)"
    assert done[1].startswith("ultimate engine: ") and done[1].endswith(" 10 player-turns")
    assert done[2] == "classic referee: 72 rolls (2 spaces x 36)"
    assert done[3].startswith("classic engine: ") and done[3].endswith(" 10 player-turns")
    referee = _bench(repo_root, "bench_referee")
    situations = referee.fully_owned_situations("classic")
    assert {s.edition.id for s in situations} == {"classic"}
    assert set(situations[0].holdings) == set(edition("classic").board.properties)


def test_the_callgrind_script_reads_the_totals_and_refuses_a_bad_ref(
    repo_root: Path, tmp_path: Path
) -> None:
    bench = _bench(repo_root, "callgrind")

    out = tmp_path / "callgrind.out"
    out.write_text("events: Ir\nfn=(1) main\n3 12\ntotals: 4242\n")
    assert bench.instructions(out) == 4242
    out.write_text("not callgrind\n")
    with pytest.raises(SystemExit, match="no totals line"):
        bench.instructions(out)
    with pytest.raises(SystemExit, match="'no-such-ref'.*name a commit"):
        bench._worktree("no-such-ref", tmp_path)


def test_the_explanation_benchmark_runs(repo_root: Path, capsys) -> None:
    bench = _bench(repo_root, "bench_explain")
    bench.main(rounds=1)
    out = capsys.readouterr().out
    assert "explain en: " in out and "explain fr: " in out and "us a note" in out


def _bench(repo_root: Path, name: str) -> Any:
    """The benchmark script ``tests/benchmarks/NAME.py``, loaded as a module."""
    path = repo_root / "tests" / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
