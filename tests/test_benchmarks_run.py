"""The benchmark scripts still run (their timings are recorded in docs/performance.md, not here)."""

from __future__ import annotations

import importlib.util
import os
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


def test_the_turn_instructions_benchmark_plays_ours_small(repo_root: Path) -> None:
    """Issue 26: our side of the instructions per player-turn, tiny, without valgrind, and the
    table it prints: per player-turn, the 1.2 M target, the ratio to hawkinator's."""
    bench = _bench(repo_root, "bench_turn_instructions")

    assert bench.smoke(None, with_hawkinator=False) == [
        "ours: 10 player-turns",
        "engine: 10 player-turns",  # the same games' commands again, without the player
    ]
    rows = [
        {"engine": "ours", "tree": "abc1234", "games": 4, "turns": 800, "ir": 1_920_000_000},
        {"engine": "engine", "tree": "abc1234", "games": 4, "turns": 800, "ir": 960_000_000},
        {"engine": "hawkinator", "tree": "HEAD", "games": 4, "turns": 3000, "ir": 1_500_000_000},
    ]
    for row in rows:
        row["per_turn"] = row["ir"] / row["turns"]
    header, rule, ours, alone, theirs = bench.table(rows, today="2026-11-28")
    assert header.startswith("| date | engine | tree |") and rule.startswith("|---|")
    assert ours.endswith("| 800 | 1,920,000,000 | 2.400 M | 1.20 M | 2.00 | 4.80 |")
    assert "the engine alone" in alone
    assert alone.endswith("| 800 | 960,000,000 | 1.200 M | 1.20 M | 1.00 | 2.40 |")
    assert theirs.endswith("| 3,000 | 1,500,000,000 | 0.500 M |  |  | 1.00 |")


def test_the_turn_instructions_benchmark_plays_hawkinators_small(repo_root: Path) -> None:
    """The public Ultimate simulator, exported unmodified and played by bench_peers' own code,
    tiny (skipped where its source is not here, as the peers benchmark's is not run here)."""
    bench = _bench(repo_root, "bench_turn_instructions")
    peers = _bench(repo_root, "bench_peers")
    given = os.environ.get("HAWKINATOR_SIM")
    where = Path(given) if given else peers.MIRROR / peers.HAWKINATOR.replace("/", "+") / "repo"
    if not where.exists():
        pytest.skip(f"hawkinator's simulator is not at {where}")
    here = Path.cwd()

    assert bench.smoke(given) == [
        "ours: 10 player-turns",
        "engine: 10 player-turns",
        "hawkinator: 10 player-turns",
    ]
    assert Path.cwd() == here  # its folder changes are undone


def test_the_app_benchmark_runs_each_child_small(repo_root: Path) -> None:
    """Issue 26: the app's benchmark, each child (its own Kivy window) once and tiny: the app's
    start, a dice reading and a press, a few turns' memory (on llvmpipe and on softpipe); the
    trivial Kivy app's (and the bare window's on softpipe). Figures are printed, never
    asserted; only that each was measured and the table says each."""
    bench = _bench(repo_root, "bench_app")

    figures = bench.measure(bench.SIZES["smoke"])
    roll, memory, trivial = figures["roll"], figures["memory"], figures["trivial"][0]
    assert [len(roll["roll"]) + len(roll["misses"]), len(roll["button"])] in ([1, 1], [1, 0])
    assert all(f >= 0 for f in roll["frames_ms"]) and roll["frames_ms"]
    assert memory["turns"] == 3 and set(memory["samples"]) == {"1", "3"}
    assert memory["memory"]["without_driver_mb"] <= memory["memory"]["rss_mb"]
    assert len(trivial["label"]) == 1 and trivial["start_cpu_s"] > 0
    soft = figures["softpipe"]
    assert soft["memory"]["turns"] == 2 and set(soft["memory"]["samples"]) == {"1", "2"}
    assert soft["bare"]["without_driver_mb"] <= soft["bare"]["rss_mb"]
    lines = bench.table(figures)
    assert len(lines) == 2 + 11
    assert "start to the first interactive frame" in lines[2] and "<= 1.3x trivial" in lines[2]
    assert "settled dice reading to the table drawn" in lines[3]
    assert "button 1 to the moved table drawn" in lines[5]
    assert "largest frame during the turns" in lines[7] and "<= 17 ms" in lines[7]
    assert "resident after 3 turns, without the GL driver's" in lines[9]
    assert "turn 1 to turn 3" in lines[10]
    assert "on softpipe (no LLVM shader heap), resident after 2 turns" in lines[11]
    assert "<= 2.0x bare window" in lines[11]
    assert "on softpipe, resident without the driver, turn 1 to turn 2" in lines[12]


def _bench(repo_root: Path, name: str) -> Any:
    """The benchmark script ``tests/benchmarks/NAME.py``, loaded as a module."""
    path = repo_root / "tests" / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
