"""Instruction counts (callgrind) of four workloads: a base commit against this tree.

Run from a checkout (valgrind installed)::

    python tests/benchmarks/callgrind.py                  # base c6bc509 against this tree
    python tests/benchmarks/callgrind.py --ref main~3     # another base
    python tests/benchmarks/callgrind.py --head h24-perf  # a commit as the head, not the tree
    python tests/benchmarks/callgrind.py --smoke          # each workload once, small, no valgrind

Each ref is checked out into a temporary git worktree (``git worktree add --detach``, removed
after); the head is this tree as it is, uncommitted changes included, unless ``--head`` names a
ref. In each tree, this file's workloads run with that tree's packages first on ``sys.path``,
under ``valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call``: only the
instructions (Ir) spent inside :func:`operator.call` are counted, and the workloads call
:func:`measured` (``operator.call``) around the measured section only, so Python's start, the
imports, the game recorded for the workloads and a warm-up are not counted. ``PYTHONHASHSEED=0``
and each tree's bytecode compiled beforehand (a native run of the workloads) make the counts the
same from one run to the next, whatever the machine's load.

The workloads (:data:`WORKLOADS`):

- **referee**: the movement resolver (``companion.rules.movement.resolve_roll``) resolving every
  pair of regular dice, with the speed die's faces in turn, from every third space of a board
  whose every property is owned (``bench_referee.fully_owned_situations``), the whole section
  run once first (a space rule's module is loaded the first time a roll lands on its space);
- **engine**: one seeded game of 4 random players (recorded beforehand by the same tree's engine
  and simulator), its commands decided and folded again through ``companion.game.Game``;
- **resume**: the same game resumed from its SQLite game log (``Game.resume``: reading, decoding
  and folding every event), as the app resumes a game;
- **app**: the table's controller (``ui.controller.TableController``, headless, with its SQLite
  log) taking dice readings as the dice module delivers them (``on_reading``: the proposal and
  the table view) and confirming each (``confirm_roll``: the command, the log, the new table
  view), the other decisions of the game answered by a random player outside the count.

The referee and the recorded game play Ultimate unless given another edition (as
``bench_editions.py`` gives them). Only APIs both eras have are used; what moved has an adapter
(:func:`board`: the Ultimate board was ``companion.rules.board.ultimate_board()`` before issue
24, it is ``companion.editions.edition("ultimate").board`` since; :func:`speed_die`,
:func:`situations`, :func:`edition_of`).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import operator
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
BASE = "c6bc509"
#: The C function that :func:`measured` runs the measured section in (callgrind toggles on it).
MARKER = "_operator_call"
WORKLOADS = ("referee", "engine", "resume", "app")
#: The game the engine, resume and app workloads play: seed and players.
SEED, PLAYERS = 7, 4

#: Full and smoke sizes: referee (the step between spaces), engine (commands), app (rolls).
SIZES = {
    "full": {"space_step": 3, "commands": None, "rolls": 20, "max_turns": None},
    "smoke": {"space_step": 40, "commands": 30, "rolls": 2, "max_turns": 12},
}


def measured(section: Callable[[], Any]) -> Any:
    """Run ``section`` inside ``operator.call``, the one C function whose instructions are counted."""
    return operator.call(section)


# -- Adapters: the one API that moved between the eras --------------------------------------------


def has_editions() -> bool:
    """Whether the tree carries editions (issue 24), asked of the tree's own files: an editable
    install's import hook would find a package the tree lacks in the checkout it was installed
    from."""
    import companion

    return (Path(companion.__file__).parent / "editions").is_dir()


def board(edition_id: str = "ultimate") -> Any:
    """The edition's board (before issue 24, Ultimate's: the one there was)."""
    if not has_editions():
        from companion.rules.board import ultimate_board

        return ultimate_board()
    from companion.editions import edition

    return edition(edition_id).board


def speed_die(edition_id: str = "ultimate") -> tuple[int | str | None, ...]:
    """The faces of the edition's speed die as a roll takes them (``(None,)`` without one);
    before issue 24, Ultimate's die, whose six faces no data held then."""
    if not has_editions():
        return (1, 2, 3, "mr", "mr", "bus")
    from companion.editions import edition

    faces = edition(edition_id).dice.speed_die
    return tuple(int(f) if f.isdigit() else f for f in faces) or (None,)


def situations(edition_id: str = "ultimate") -> list[Any]:
    """``bench_referee.fully_owned_situations`` of the edition (of the tree under measure: its
    own takes no edition before issue 24)."""
    from tests.benchmarks.bench_referee import fully_owned_situations

    return fully_owned_situations(edition_id) if has_editions() else fully_owned_situations()


def edition_of(edition_id: str = "ultimate") -> dict[str, Any]:
    """``Game.new``'s edition option (none before issue 24: Ultimate was the game)."""
    if not has_editions():
        return {}
    from companion.editions import edition

    return {"edition": edition(edition_id)}


class Done:
    """What a workload did: the units of work counted (rolls...) and, as its text, in words.
    (A plain class: the smoke test loads this script under no module name, which a dataclass
    needs.)"""

    def __init__(self, units: int, said: str) -> None:
        self.units, self.said = units, said

    def __str__(self) -> str:
        return self.said


# -- The workloads (each returns what it did, in words) -------------------------------------------


def record_game(
    folder: Path, max_turns: int | None, edition_id: str = "ultimate"
) -> dict[str, Any]:
    """Play the seeded game of the edition with a log at ``folder / "game.db"``; its start, its
    commands and the player-turns played (as the simulator counts them)."""
    from companion.game import Game
    from companion.log.gamelog import GameLog
    from companion.simulator.simulate import RandomPlayer, play_game

    with GameLog(folder / "game.db") as log:
        players = [{"name": f"P{i + 1}"} for i in range(PLAYERS)]
        game = Game.new(players, log=log, **edition_of(edition_id))
        limit = {} if max_turns is None else {"max_turns": max_turns}
        turns, _ = play_game(game, RandomPlayer(random.Random(SEED)), check=None, **limit)
        return {
            "game_id": game.game_id,
            "start": game.start_events,
            "commands": game.done,
            "turns": turns,
        }


def referee(size: dict[str, Any], _folder: Path | None, edition_id: str = "ultimate") -> Done:
    from companion.rules.movement import Roll, resolve_roll

    the_board = board(edition_id)
    owned = situations(edition_id)[:: size["space_step"]]
    speed = speed_die(edition_id)
    rolls = [
        Roll(d1, d2, speed[(d1 + d2 * 6) % len(speed)]) for d1 in range(1, 7) for d2 in range(1, 7)
    ]

    def section() -> None:
        for situation in owned:
            for roll in rolls:
                resolve_roll(the_board, situation, roll)

    # The warm-up is the whole section once: a space rule's module is loaded the first time a
    # roll lands on its space, and no import is to be counted.
    section()
    measured(section)
    count = len(owned) * len(rolls)
    return Done(count, f"{count:,} rolls ({len(owned)} spaces x {len(rolls)})")


def engine(size: dict[str, Any], folder: Path) -> str:
    from companion.game import Game

    recorded = json.loads((folder / "game.json").read_text())
    commands = recorded["commands"][: size["commands"]]
    warm = Game(recorded["start"])
    for command in commands[:100]:
        warm.execute(command)

    def section() -> int:
        game = Game(recorded["start"])
        for command in commands:
            game.execute(command)
        return len(game.all_events())

    events = measured(section)
    return f"{len(commands):,} commands, {events:,} events"


def resume(_size: dict[str, Any], folder: Path) -> str:
    from companion.game import Game
    from companion.log.gamelog import GameLog

    game_id = json.loads((folder / "game.json").read_text())["game_id"]
    with GameLog(folder / "game.db") as log:
        Game.resume(log, game_id)  # warm-up
        game = measured(lambda: Game.resume(log, game_id))
        return f"{len(game.all_events()):,} events"


def app(size: dict[str, Any], folder: Path) -> str:
    from companion.banker.throws import wanted_dice
    from companion.simulator.players import RandomPlayer
    from hardware.readings import DiceReading
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    ticks = iter(range(1000, 10**9, 10))  # a scripted clock: the input gate never says too soon
    c = TableController(
        db_path=folder / "app.db",
        store=SetupStore(folder / "setup.json"),
        lang="en",
        clock=lambda: float(next(ticks)),
    )
    player = RandomPlayer(random.Random(SEED))
    assert c.start_game([{"name": f"P{i + 1}"} for i in range(PLAYERS)], {}), c.view.notice
    throws = applied = 0
    try:
        while applied <= size["rolls"]:
            state = c.state
            assert state is not None and not state.over, "the game ended before its rolls"
            d = state.decision
            option = player.answer(state, list(d.options))
            free = player.fill(state, option) if option in d.options else {}
            if "dice" not in free or wanted_dice(d) is None:
                if option in d.options:
                    assert c.answer(d.id, list(d.options).index(option), **free), c.view.notice
                else:
                    command = dict(option["command"], player=option.get("player"))
                    assert c.answer_command(d.id, command), c.view.notice
                continue
            speed = wanted_dice(d)["speed"]  # type: ignore[index]
            faces = free["dice"]
            throws += 1
            reading = DiceReading(
                module="bench",
                boot="b",
                throw=throws,
                read=1,
                dice=tuple(faces[:-1] if speed else faces),
                speed=str(faces[-1]) if speed else None,
            )

            def roll(reading: DiceReading = reading, decision: int = d.id) -> bool:
                c.on_reading(reading)
                return c.confirm_roll(decision)

            # The first roll is the warm-up; the next ``rolls`` are counted.
            moved = roll() if applied == 0 else measured(roll)
            assert moved and c.view.decision.id != d.id, c.view.notice
            applied += 1
    finally:
        c.close()
    return f"{applied - 1} rolls read and confirmed"


RUNS: dict[str, Callable[[dict[str, Any], Path], object]] = {
    "referee": referee,
    "engine": engine,
    "resume": resume,
    "app": app,
}


def prepare(folder: Path, size: dict[str, Any], edition_id: str = "ultimate") -> dict[str, Any]:
    """The recorded game the engine and resume workloads read (``game.db``, ``game.json``)."""
    recorded = record_game(folder, size["max_turns"], edition_id)
    (folder / "game.json").write_text(json.dumps(recorded))
    return recorded


# -- Running them in each tree ------------------------------------------------------------------


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.update(
        PYTHONHASHSEED="0",
        KIVY_NO_ARGS="1",
        KIVY_NO_CONSOLELOG="1",
        KIVY_NO_FILELOG="1",
        GPIOZERO_PIN_FACTORY="mock",
    )
    return env


def valgrind(out_file: Path) -> list[str]:
    """The callgrind command counting only :func:`measured`'s sections, into ``out_file``."""
    return [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out_file}",
        "--collect-atstart=no",
        f"--toggle-collect={MARKER}",
    ]


def run_script(
    script: Path, tree: Path, args: Sequence[str], *, valgrind: Sequence[str] = ()
) -> str:
    """Run ``script`` with ``args`` in ``tree`` (its packages first), under ``valgrind`` if
    given; what it printed (a failure stops with its last line of errors)."""
    env = _env()
    env["PYTHONPATH"] = str(tree)
    done = subprocess.run(
        [*valgrind, sys.executable, str(script), *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise SystemExit(f"{tree}: {' '.join(args)} failed: {tail}")
    return done.stdout.strip()


def _child(tree: Path, args: Sequence[str], *, valgrind: Sequence[str] = ()) -> str:
    return run_script(HERE, tree, ["--child", str(tree), *args], valgrind=valgrind)


def instructions(out_file: Path) -> int:
    """The Ir total of a callgrind output file (its ``totals:`` or ``summary:`` line)."""
    for line in reversed(out_file.read_text().splitlines()):
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise SystemExit(f"{out_file}: no totals line: is it a callgrind output file?")


def measure(tree: Path, data: Path, workload: str, out_file: Path) -> tuple[int, str]:
    said = _child(tree, ["--run", workload, "--data", str(data)], valgrind=valgrind(out_file))
    return instructions(out_file), said.splitlines()[-1] if said else ""


def _worktree(ref: str, parent: Path) -> Path:
    path = parent / ("tree-" + ref.replace("/", "_").replace("~", "_").replace("^", "_"))
    done = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), ref],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        message = (done.stderr.strip().splitlines() or ["git worktree add failed"])[-1]
        raise SystemExit(f"--ref/--head {ref!r}: {message}: name a commit of this repository")
    return path


def compare(base: str, head: str | None, workloads: Sequence[str], *, jobs: int, keep: Path | None):
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (or run --smoke)")
    with tempfile.TemporaryDirectory(prefix="callgrind-") as scratch:
        parent = Path(scratch)
        made: list[Path] = []
        try:
            trees = {"base": _worktree(base, parent)}
            made.append(trees["base"])
            if head is None:
                trees["head"] = ROOT
            else:
                trees["head"] = _worktree(head, parent)
                made.append(trees["head"])
            data = {}
            for side, tree in trees.items():
                data[side] = parent / f"data-{side}"
                data[side].mkdir()
                # Natively: the recorded game, and every module compiled before the counts.
                _child(tree, ["--prepare", "--data", str(data[side])])
                _child(tree, ["--smoke"])
            out = keep or parent
            out.mkdir(parents=True, exist_ok=True)
            with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
                futures = {
                    (side, w): pool.submit(
                        measure, trees[side], data[side], w, out / f"callgrind.{side}.{w}"
                    )
                    for w in workloads
                    for side in trees
                }
                results = {key: f.result() for key, f in futures.items()}
        finally:
            for path in made:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
                    capture_output=True,
                )
    head_name = "this tree" if head is None else head
    print(f"callgrind instructions (Ir) of the measured sections, base {base}, head {head_name}")
    print("| workload | base Ir | head Ir | ratio | what (base; head) |")
    print("|---|---:|---:|---:|---|")
    for w in workloads:
        (base_ir, base_said), (head_ir, head_said) = results["base", w], results["head", w]
        said = base_said if base_said == head_said else f"{base_said}; {head_said}"
        print(f"| {w} | {base_ir:,} | {head_ir:,} | {head_ir / base_ir:.3f} | {said} |")
    if keep is not None:
        print(f"callgrind output files in {keep} (callgrind_annotate FILE)")


def smoke(workloads: Sequence[str]) -> list[str]:
    """Each workload once, small, in this process, without valgrind: what each did."""
    size = SIZES["smoke"]
    with tempfile.TemporaryDirectory(prefix="callgrind-smoke-") as folder:
        prepare(Path(folder), size)
        return [f"{w}: {RUNS[w](size, Path(folder))}" for w in workloads]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default=BASE, help=f"the base commit (default {BASE})")
    parser.add_argument("--head", help="a commit as the head (default: this tree as it is)")
    parser.add_argument("--workload", action="append", choices=WORKLOADS, help="(default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", type=Path, help="a folder to keep the callgrind files in")
    parser.add_argument("--smoke", action="store_true", help="run each workload once, no valgrind")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--run", choices=WORKLOADS, help=argparse.SUPPRESS)
    parser.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    workloads = args.workload or list(WORKLOADS)
    if args.child is None:
        sys.path.insert(0, str(ROOT))  # the tests package of this tree (run as a script)
    else:
        # In the tree under measure: its packages, not those of the tree this file is in.
        sys.path[:1] = [str(args.child)]
        import companion

        assert Path(companion.__file__).is_relative_to(args.child), companion.__file__
    if args.prepare:
        prepare(args.data, SIZES["full"])
    elif args.run:
        print(RUNS[args.run](SIZES["full"], args.data))
    elif args.smoke:
        print("\n".join(smoke(workloads)))
    else:
        compare(args.ref, args.head, workloads, jobs=args.jobs, keep=args.keep)


if __name__ == "__main__":
    main()
