"""Instructions per player-turn (callgrind): our ``simulate`` beside hawkinator's public Ultimate
Monopoly simulator, in one run (issue 26: at most 1.2 M per player-turn for ours).

Run from a checkout (valgrind installed)::

    python tests/benchmarks/bench_turn_instructions.py                # this tree and hawkinator's
    python tests/benchmarks/bench_turn_instructions.py --ref main     # main counted too: before/after
    python tests/benchmarks/bench_turn_instructions.py --games 8      # more games each
    python tests/benchmarks/bench_turn_instructions.py --smoke        # tiny, no valgrind

Both engines are played as ``bench_peers.py`` plays them, and their player-turns are counted as it
counts them:

- **ours**: :func:`companion.simulator.simulate.simulate`, ``--games`` games (seed 3) of 2 seeded
  random players, every house rule on (``bench_peers.ALL_RULES``), invariant checks off; the
  player-turns are its report's ``turns`` (a turn's doubles re-rolls are in the one turn);
- **ours, the engine alone**: the same games, recorded first outside the count, their commands
  decided and folded again by a fresh :class:`companion.game.Game` (no player choosing, no
  options worked out): the table's own work per command, per player-turn of those games;
- **hawkinator's**: ``ultimate_game.py`` of https://github.com/hawkinator/Ultimate-Monopoly-Simulator,
  exported unmodified from its clone by ``bench_peers.source`` (``--hawkinator DIR``, or
  ``$HAWKINATOR_SIM``, by default ``/work/.mirror/hawkinator+Ultimate-Monopoly-Simulator/repo``),
  run by ``bench_peers``' own code: ``exec`` with its input policy, ``print`` silenced, the
  Community Chest deck's typo patched in memory; ``--games`` games (``random.seed(0)``,
  ``random.seed(1)``...), 2 players; the player-turns are its turns ended with ``e`` (or by a
  bankruptcy).

Each engine runs in a child process under ``valgrind --tool=callgrind --collect-atstart=no
--toggle-collect=_operator_call`` with ``PYTHONHASHSEED=0`` (``callgrind.py``'s runner): the child
imports, plays a warm-up game outside the count, then calls ``operator.call`` around the measured
games only, so Python's start, the imports, the compiling and the warm-up are not counted. Each
tree runs its child natively first, so its bytecode is compiled before the counts. The counts are
the same from run to run whatever the machine's load (within about 0.3%, as ``callgrind.py``'s).

``--ref REV`` also counts ours in REV, checked out into a temporary git worktree (removed after),
as ``callgrind.py`` does: one run gives the figure before and after. The table printed is
markdown, one row per engine and tree, ready for ``docs/performance.md``; ``--json`` prints the
figures as JSON instead.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import importlib.util
import json
import operator
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
#: Issue 26's target for ours, instructions per player-turn.
TARGET = 1_200_000
#: The seed of our games (``simulate`` draws each game's players from it), and of the warm-up.
SEED, WARM_SEED = 3, 99
#: The warm-up's length in player-turns, and the smoke run's.
WARM_TURNS, SMOKE_TURNS = 60, 10


def _peers() -> Any:
    """``bench_peers.py`` of this tree, loaded from its file (the child of another tree has that
    tree first on ``sys.path``; the policy, the constants and the source stay this tree's)."""
    spec = importlib.util.spec_from_file_location("bench_peers", HERE.parent / "bench_peers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _callgrind() -> Any:
    spec = importlib.util.spec_from_file_location("callgrind_runner", HERE.parent / "callgrind.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- The measured games (in a child process) ----------------------------------------------------


def ours(games: int, *, max_turns: int | None = None) -> dict[str, Any]:
    """Play our games, the counted ones inside ``operator.call``; the player-turns played."""
    from companion.simulator.simulate import simulate

    rules = _peers().ALL_RULES
    limit = {} if max_turns is None else {"max_turns": max_turns}
    # The warm-up: every module the games use imported and every rule module loaded.
    simulate(games=1, seed=WARM_SEED, players=2, rules=rules, check=False, max_turns=WARM_TURNS)
    report = operator.call(
        lambda: simulate(games=games, seed=SEED, players=2, rules=rules, check=False, **limit)
    )
    return {"turns": report.turns, "games": games, "commands": report.commands}


def engine(games: int, *, max_turns: int | None = None) -> dict[str, Any]:
    """Our engine alone: the games :func:`ours` plays, recorded first outside the count, their
    commands decided and folded again by a fresh :class:`~companion.game.Game` inside
    ``operator.call`` (no player choosing, no options worked out: the table's own work per
    command); the player-turns those games played."""
    from companion.game import Game
    from companion.simulator.simulate import MAX_TURNS, RandomPlayer, play_game

    rules = _peers().ALL_RULES
    rng = random.Random(SEED)  # as simulate draws each game's player from its seed
    recorded, turns = [], 0
    for _ in range(games):
        game = Game.new([{"name": "P1"}, {"name": "P2"}], rules=rules)
        played, _ = play_game(game, RandomPlayer(rng), check=None, max_turns=max_turns or MAX_TURNS)
        turns += played
        recorded.append((game.start_events, game.done))

    def again() -> None:
        for start, commands in recorded:
            replayed = Game(start)
            for command in commands:
                replayed.execute(command)

    again()  # the warm-up: the same work once, outside the count
    operator.call(again)
    return {"turns": turns, "games": games, "commands": sum(len(c) for _, c in recorded)}


def hawkinator(games: int, folder: Path, *, max_turns: int | None = None) -> dict[str, Any]:
    """Play hawkinator's games as ``bench_peers.run_hawkinator`` does, the counted ones inside
    ``operator.call``; the player-turns played (as ``bench_peers`` counts them)."""
    peers = _peers()
    if max_turns is not None:
        peers.MAX_HAWK_TURNS = max_turns
    code = peers.hawkinator_code(folder)
    here, system, rng = Path.cwd(), os.system, random.getstate()
    os.chdir(tempfile.mkdtemp(prefix="hawk-"))  # no save file to resume; none written
    os.system = lambda command: 0  # its 'clear' after every turn

    def play(seeds: range) -> int:
        turns = 0
        for seed in seeds:
            random.seed(seed)
            turns += peers._hawk_game(code)
        return turns

    try:
        full, peers.MAX_HAWK_TURNS = peers.MAX_HAWK_TURNS, WARM_TURNS
        play(range(1000, 1001))  # the warm-up, outside the count
        peers.MAX_HAWK_TURNS = full
        turns = operator.call(lambda: play(range(games)))
    finally:
        os.chdir(here)
        os.system = system
        random.setstate(rng)
    return {"turns": turns, "games": games}


# -- Running the children -----------------------------------------------------------------------


def _head_name(tree: Path) -> str:
    """The tree's commit, short, marked ``+`` when it has uncommitted changes."""
    commit = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return (commit or "?") + ("+" if dirty else "")


def _child(
    engine: str, tree: Path, games: int, folder: Path | None, out_file: Path | None
) -> dict[str, Any]:
    cg = _callgrind()
    args = ["--child", engine, "--tree", str(tree), "--games", str(games)]
    if folder is not None:
        args += ["--folder", str(folder)]
    said = cg.run_script(HERE, tree, args, valgrind=cg.valgrind(out_file) if out_file else ())
    result: dict[str, Any] = json.loads(said.splitlines()[-1])
    if out_file is not None:
        result["ir"] = cg.instructions(out_file)
        result["per_turn"] = result["ir"] / result["turns"]
    return result


def count(
    games: int, ref: str | None, hawk: str | None, *, jobs: int, keep: Path | None
) -> list[dict[str, Any]]:
    """Count ours in this tree (and in ``ref``) and hawkinator's; one figure per row."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (or run --smoke)")
    peers, cg = _peers(), _callgrind()
    folder = peers.source(peers.HAWKINATOR, hawk)
    with tempfile.TemporaryDirectory(prefix="bench-turns-") as scratch:
        parent = Path(scratch)
        runs: list[tuple[str, str, Path, Path | None]] = [
            ("ours", _head_name(ROOT), ROOT, None),
            ("engine", _head_name(ROOT), ROOT, None),
            ("hawkinator", "HEAD of its clone", ROOT, folder),
        ]
        made: list[Path] = []
        try:
            if ref is not None:
                tree = cg._worktree(ref, parent)
                made.append(tree)
                name = f"{ref} ({_head_name(tree)})"
                runs[2:2] = [("ours", name, tree, None), ("engine", name, tree, None)]
            for engine, _name, tree, where in runs:  # natively first: the bytecode compiled
                _child(engine, tree, 1, where, None)
            out = keep or parent
            out.mkdir(parents=True, exist_ok=True)
            with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
                futures = [
                    pool.submit(_child, engine, tree, games, where, out / f"callgrind.{engine}.{i}")
                    for i, (engine, _name, tree, where) in enumerate(runs)
                ]
                results = [f.result() for f in futures]
        finally:
            for path in made:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
                    capture_output=True,
                )
    return [
        dict(result, engine=engine, tree=name)
        for (engine, name, _tree, _where), result in zip(runs, results, strict=True)
    ]


#: Each row's engine, as the table names it.
LABELS = {
    "ours": "ours: simulate (2 players, every house rule, checks off)",
    "engine": "ours: the engine alone (the same games' commands through Game, no player)",
    "hawkinator": "hawkinator's Ultimate (2 players)",
}


def table(rows: Sequence[dict[str, Any]], *, today: str | None = None) -> list[str]:
    """The markdown table of the counted rows: per player-turn, the target, the ratio to
    hawkinator's (from the same run)."""
    today = today or datetime.date.today().isoformat()
    hawk = next(r["per_turn"] for r in rows if r["engine"] == "hawkinator")
    lines = [
        "| date | engine | tree | games | player-turns | Ir | Ir per player-turn | target "
        "| / target | / hawkinator's |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        is_ours = r["engine"] != "hawkinator"
        label = LABELS[r["engine"]]
        target = f"{TARGET / 1e6:.2f} M" if is_ours else ""
        of_target = f"{r['per_turn'] / TARGET:.2f}" if is_ours else ""
        lines.append(
            f"| {today} | {label} | {r['tree']} | {r['games']} | {r['turns']:,} | {r['ir']:,} "
            f"| {r['per_turn'] / 1e6:.3f} M | {target} | {of_target} | {r['per_turn'] / hawk:.2f} |"
        )
    return lines


def smoke(hawk: str | None, *, with_hawkinator: bool = True) -> list[str]:
    """Each engine once, tiny, in this process, without valgrind: what each played."""
    done = [
        f"ours: {ours(1, max_turns=SMOKE_TURNS)['turns']} player-turns",
        f"engine: {engine(1, max_turns=SMOKE_TURNS)['turns']} player-turns",
    ]
    if with_hawkinator:
        peers = _peers()
        played = hawkinator(1, peers.source(peers.HAWKINATOR, hawk), max_turns=SMOKE_TURNS)
        done.append(f"hawkinator: {played['turns']} player-turns")
    return done


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games of each engine (default 4)")
    parser.add_argument("--ref", help="a commit whose engine is counted too (e.g. main)")
    parser.add_argument("--hawkinator", default=os.environ.get("HAWKINATOR_SIM"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", type=Path, help="a folder to keep the callgrind files in")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--smoke", action="store_true", help="each engine once, tiny, no valgrind")
    parser.add_argument("--child", choices=tuple(LABELS), help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games {args.games}: give at least 1 game")
    if args.child:
        # In the tree under measure: its packages, not those of the tree this file is in.
        sys.path[:1] = [str(args.tree)]
        if args.child in ("ours", "engine"):
            import companion

            assert Path(companion.__file__).is_relative_to(args.tree), companion.__file__
            print(json.dumps((ours if args.child == "ours" else engine)(args.games)))
        else:
            print(json.dumps(hawkinator(args.games, args.folder)))
        return
    sys.path.insert(0, str(ROOT))  # the companion of this tree (run as a script)
    if args.smoke:
        print("\n".join(smoke(args.hawkinator)))
        return
    rows = count(args.games, args.ref, args.hawkinator, jobs=args.jobs, keep=args.keep)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print("callgrind instructions (Ir) per player-turn of the measured games, one run")
    print("\n".join(table(rows)))
    if args.keep is not None:
        print(f"callgrind output files in {args.keep} (callgrind_annotate FILE)")


if __name__ == "__main__":
    main()
