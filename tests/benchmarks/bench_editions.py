"""Instruction counts (callgrind) per referee roll and per engine player-turn, edition by edition,
in one run: Classic and Mega against Ultimate (issue 25, "Performance").

Run from a checkout (valgrind installed)::

    python tests/benchmarks/bench_editions.py            # ultimate, classic and mega
    python tests/benchmarks/bench_editions.py --smoke    # each workload once, small, no valgrind

The workloads are ``callgrind.py``'s referee and engine, given the edition, and each runs in a
child process under ``valgrind --tool=callgrind --collect-atstart=no
--toggle-collect=_operator_call`` by ``callgrind.py``'s own runner: only the measured sections
are counted, never Python's start, the imports, the recorded game or a warm-up, and
``PYTHONHASHSEED=0`` keeps the counts the same from run to run whatever the load.

- **referee**: ``resolve_roll`` resolving every pair of regular dice (with the speed die's faces
  in turn, in an edition that has one) from every third space of the edition's board with every
  property owned (``bench_referee.fully_owned_situations``); reported per roll;
- **engine**: a seeded game of 4 random players, recorded natively first, its commands decided
  and folded again through ``companion.game.Game``; reported per player-turn (a turn event that
  is not a doubles re-roll or a ticket's move, as the simulator counts turns).

The ratios are each edition's figure over Ultimate's, from the same run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
EDITIONS = ("ultimate", "classic", "mega")
SEED, PLAYERS = 7, 4
#: Full and smoke sizes: the step between the referee's spaces, the turns of the engine's game.
SIZES = {"full": {"space_step": 3, "turns": 200}, "smoke": {"space_step": 20, "turns": 10}}


def referee(edition_id: str, size: dict[str, int]) -> tuple[int, str]:
    """Resolve every roll from every ``space_step``-th space; the rolls resolved."""
    from tests.benchmarks import callgrind

    done = callgrind.referee(size, None, edition_id)
    return done.units, done.said


def engine(edition_id: str, size: dict[str, int]) -> tuple[int, str]:
    """Execute again the commands of a recorded seeded game; the player-turns it holds."""
    from tests.benchmarks import callgrind

    with tempfile.TemporaryDirectory(prefix="bench-editions-game-") as scratch:
        folder = Path(scratch)
        recorded = callgrind.prepare(folder, {"max_turns": size["turns"]}, edition_id)
        callgrind.engine({"commands": None}, folder)
    turns = recorded["turns"]
    return turns, f"{len(recorded['commands']):,} commands, {turns} player-turns"


RUNS = {"referee": referee, "engine": engine}


def _child(edition_id: str, workload: str, out_file: Path | None) -> tuple[int, str]:
    """Run one workload in a child process (under callgrind when ``out_file`` is given)."""
    from tests.benchmarks.callgrind import run_script, valgrind

    args = ["--run", workload, "--edition", edition_id]
    said = run_script(HERE, ROOT, args, valgrind=valgrind(out_file) if out_file else ())
    units, words = json.loads(said.splitlines()[-1])
    return units, words


def compare(editions: Sequence[str], keep: Path | None) -> None:
    from tests.benchmarks.callgrind import instructions

    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (or run --smoke)")
    with tempfile.TemporaryDirectory(prefix="bench-editions-") as scratch:
        out = keep or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        for ed in editions:  # natively first: every module compiled before the counts
            for workload in RUNS:
                _child(ed, workload, None)
        figures = {}
        for ed in editions:
            for workload in RUNS:
                out_file = out / f"callgrind.{ed}.{workload}"
                units, said = _child(ed, workload, out_file)
                figures[ed, workload] = (instructions(out_file) / units, said)
    print("callgrind instructions (Ir) per unit of the measured sections, one run")
    print("| edition | referee Ir per roll | ratio | engine Ir per player-turn | ratio |")
    print("|---|---:|---:|---:|---:|")
    base = editions[0]
    for ed in editions:
        cells = []
        for workload in RUNS:
            per, _said = figures[ed, workload]
            cells += [f"{per:,.0f}", f"{per / figures[base, workload][0]:.3f}"]
        print(f"| {ed} | {' | '.join(cells)} |")
    for (ed, workload), (_per, said) in figures.items():
        print(f"- {ed} {workload}: {said}")


def smoke(editions: Sequence[str]) -> list[str]:
    """Each workload of each edition once, small, in this process, without valgrind."""
    return [f"{ed} {w}: {RUNS[w](ed, SIZES['smoke'])[1]}" for ed in editions for w in RUNS]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", default=",".join(EDITIONS), help="ids, the base first")
    parser.add_argument("--keep", type=Path, help="a folder to keep the callgrind files in")
    parser.add_argument("--smoke", action="store_true", help="run each workload once, no valgrind")
    parser.add_argument("--run", choices=tuple(RUNS), help=argparse.SUPPRESS)
    parser.add_argument("--edition", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the tests package of this tree (run as a script)
    editions = [e for e in args.editions.split(",") if e]
    if args.run:
        print(json.dumps(RUNS[args.run](args.edition, SIZES["full"])))
    elif args.smoke:
        print("\n".join(smoke(editions)))
    else:
        compare(editions, args.keep)


if __name__ == "__main__":
    main()
