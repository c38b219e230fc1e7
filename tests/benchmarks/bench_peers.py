"""Our simulator beside two public Monopoly simulators, player-turns per second, in one run.

Run: ``.venv/bin/python tests/benchmarks/bench_peers.py`` (``--seconds``, ``--rounds``). The
figures go into ``docs/performance.md``; timings are never asserted (the machines are shared and
noisy: only ratios from one run count).

The engines, each timed in a process of its own, in turn (A B C A B C ...), the median of
``--rounds`` runs each:

- **ours**: :func:`companion.simulator.simulate.simulate`, 2 seeded random players, every house
  rule on, invariant checks off (the throughput figure); then, not timed, a correctness pass with
  the checks on.
- **hawkinator**: hawkinator's Ultimate Monopoly simulator
  (https://github.com/hawkinator/Ultimate-Monopoly-Simulator, ``ultimate_game.py``), 2 players.
  It is an interactive script: it is run unmodified by ``exec`` with ``input`` answered by a
  simple policy (roll, buy when the cash allows, else auction; bid once then drop; pay $200
  Income Tax; bankrupt when short), ``print`` and ``os.system('clear')`` silenced, and its
  Community Chest deck's typo (card ``78`` for ``7, 8``, which raises IndexError when drawn)
  patched in memory so that games finish. A game still going after 3,000 player-turns is left
  (``x``), as ours stops at ``MAX_TURNS``.
- **classic**: gamescomputersplay's classic Monopoly simulator
  (https://github.com/gamescomputersplay/monopoly), ``monopoly.core.game.monopoly_game`` as
  shipped (4 players, at most 1,000 rounds), its game log off (``KEEP_GAME_LOG = False``).

A player-turn is one player's turn, extra rolls after doubles included, for all three: our
``turn`` events that start a turn; hawkinator's turns ended with ``e`` (or by bankruptcy); the
classic one's top-level ``Player.make_a_move`` calls (doubles recurse inside one).

Their source is not in this repository. The script reads each from a git checkout or a bare
clone named by ``--hawkinator`` / ``--classic`` (or ``$HAWKINATOR_SIM`` / ``$CLASSIC_SIM``),
by default ``/work/.mirror/<owner>+<name>/repo``; to get them anywhere else::

    git clone https://github.com/hawkinator/Ultimate-Monopoly-Simulator
    git clone https://github.com/gamescomputersplay/monopoly

and pass the folders. The source at ``HEAD`` is exported into a temporary folder for each run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

MIRROR = Path("/work/.mirror")
HAWKINATOR = "hawkinator/Ultimate-Monopoly-Simulator"
CLASSIC = "gamescomputersplay/monopoly"
#: Every house rule on (``companion.rules.table.Options``).
ALL_RULES = {
    "triples_pay_salaries": True,
    "squeeze_play_speed_die": True,
    "birthday_from_players": True,
    "time_limit": True,
    "roll_three_action_cards": True,
}
ENGINES = ("ours", "hawkinator", "classic")


def source(repo: str, given: str | None) -> Path:
    """A folder holding the repository's files at HEAD (exported from a clone or bare clone)."""
    where = Path(given) if given else MIRROR / repo.replace("/", "+") / "repo"
    if not where.exists():
        raise SystemExit(
            f"no copy of {repo} at {where}: git clone https://github.com/{repo} and pass its folder"
        )
    if (where / "HEAD").exists() and not (where / ".git").exists():
        git_dir = where  # a bare clone (no work tree)
    elif (where / ".git").exists():
        git_dir = where / ".git"
    else:
        return where  # plain files
    out = Path(tempfile.mkdtemp(prefix="peer-"))
    archive = subprocess.run(
        ["git", f"--git-dir={git_dir}", "archive", "HEAD"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


# -- ours ---------------------------------------------------------------------------------


def run_ours(seconds: float, players: int, check: bool) -> dict[str, Any]:
    from companion.simulator.simulate import simulate

    turns = games = violations = 0
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        report = simulate(games=1, seed=seed, players=players, rules=ALL_RULES, check=check)
        turns += report.turns
        violations += report.invariant_violations
        games += 1
        seed += 1
    elapsed = time.perf_counter() - started
    return {"turns": turns, "games": games, "seconds": elapsed, "violations": violations}


# -- hawkinator's -------------------------------------------------------------------------

MAX_HAWK_TURNS = 3000
_TYPO = "7,78,9"


class _Stop(Exception):
    pass


def hawkinator_code(folder: Path) -> Any:
    """``ultimate_game.py`` of the exported ``folder``, compiled, its deck's typo patched."""
    text = (folder / "ultimate_game.py").read_text()
    assert text.count(_TYPO) == 1, "the Community Chest deck typo is not where it was"
    return compile(text.replace(_TYPO, "7,8,9"), "ultimate_game.py", "exec")


def run_hawkinator(seconds: float, folder: Path) -> dict[str, Any]:
    code = hawkinator_code(folder)
    os.chdir(tempfile.mkdtemp(prefix="hawk-"))  # no save file to resume; none written
    os.system = lambda command: 0  # its 'clear' after every turn
    turns = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        random.seed(games)
        turns += _hawk_game(code)
        games += 1
    elapsed = time.perf_counter() - started
    return {"turns": turns, "games": games, "seconds": elapsed}


def _hawk_game(code: Any) -> int:
    count = [0]

    def answer(prompt: str = "") -> str:
        frame = sys._getframe(1)
        where = frame.f_code.co_name
        local = frame.f_locals
        if where == "setUpNewGame":
            return "2" if prompt.startswith("How many") else prompt.split()[1]
        if where == "<module>":
            g = frame.f_globals
            player = g["listPlayers"][g["currentPlayer"]]
            if g["endTurn"]:
                count[0] += 1
                return "x" if count[0] >= MAX_HAWK_TURNS else "e"
            if player.IsInJail:
                return "d" if player.turnsInJail < 2 else "50"
            return "r"
        if where == "landOnProperty":
            token = local["token"]
            board = frame.f_globals["Gameboard"]
            coords = local["coords"]
            price = board.propList[board.propNum[coords[0]][coords[1]]][3]
            return "p" if token.PlayerMoney > price else "a"
        if where == "auctioneer":
            i, bids = local["i"], local["biddersBidsList"]
            bidder = frame.f_globals["listPlayers"][local["biddersList"][i]]
            if bids[i] > 0:
                return "0"  # lower than its bid: drops out
            high = local["highBid"]
            return str(high + 1) if bidder.PlayerMoney > high else "0"
        if where == "landOnSpace":
            return "pay200"
        if where in ("payRentTo", "payFineToPool"):
            return "b"
        raise _Stop(f"unexpected prompt in {where}: {prompt}")

    scope: dict[str, Any] = {
        "__name__": "hawkinator_game",
        "print": lambda *a, **k: None,
        "input": answer,
        "open": lambda *a, **k: _Sink(),
    }
    exec(code, scope)
    turns = count[0]
    if any(p.isBankrupt for p in scope["listPlayers"]):
        turns += 1  # the turn that ended in bankruptcy, without an 'e'
    return turns


class _Sink:
    def write(self, text: str) -> int:
        return len(text)

    def close(self) -> None:
        pass


# -- the classic one ----------------------------------------------------------------------


def run_classic(seconds: float, folder: Path) -> dict[str, Any]:
    sys.path.insert(0, str(folder))
    os.chdir(folder)
    from monopoly.core import game as classic_game  # type: ignore[import-not-found]
    from monopoly.core.player import Player  # type: ignore[import-not-found]
    from monopoly.log_settings import LogSettings  # type: ignore[import-not-found]

    LogSettings.KEEP_GAME_LOG = False
    LogSettings.BANKRUPTCIES_PATH = Path(tempfile.mkdtemp(prefix="classic-")) / "bankruptcies.tsv"
    move = Player.make_a_move
    depth = [0]
    count = [0]

    def counted(self: Any, *args: Any) -> Any:
        if depth[0] == 0:
            count[0] += 1
        depth[0] += 1
        try:
            return move(self, *args)
        finally:
            depth[0] -= 1

    Player.make_a_move = counted
    rng = random.Random(0)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        classic_game.monopoly_game((games + 1, rng.getrandbits(32)))
        games += 1
    elapsed = time.perf_counter() - started
    return {"turns": count[0], "games": games, "seconds": elapsed}


# -- the run ------------------------------------------------------------------------------


def one(engine: str, seconds: float, folder: str | None) -> dict[str, Any]:
    if engine == "ours":
        return run_ours(seconds, 2, check=False)
    if engine == "ours-checked":
        return run_ours(seconds, 2, check=True)
    assert folder is not None
    if engine == "hawkinator":
        return run_hawkinator(seconds, Path(folder))
    return run_classic(seconds, Path(folder))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="each timed run (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each engine (default 3)")
    parser.add_argument("--hawkinator", default=os.environ.get("HAWKINATOR_SIM"))
    parser.add_argument("--classic", default=os.environ.get("CLASSIC_SIM"))
    parser.add_argument("--one", choices=(*ENGINES, "ours-checked"), help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.seconds, args.folder)))
        return
    folders = {
        "ours": None,
        "hawkinator": str(source(HAWKINATOR, args.hawkinator)),
        "classic": str(source(CLASSIC, args.classic)),
    }

    def run(engine: str, seconds: float) -> dict[str, Any]:
        command = [sys.executable, __file__, "--one", engine, "--seconds", str(seconds)]
        folder = folders.get(engine)
        if folder:
            command += ["--folder", folder]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]

    print(f"{platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores")
    checked = run("ours-checked", args.seconds)
    print(
        f"correctness pass (ours, checks on, 2 players, every house rule): {checked['games']} "
        f"games, {checked['turns']} player-turns, {checked['violations']} invariant violations, "
        f"{checked['turns'] / checked['seconds']:,.0f} player-turns/s"
    )
    rates: dict[str, list[float]] = {e: [] for e in ENGINES}
    for _ in range(args.rounds):
        for engine in ENGINES:
            result = run(engine, args.seconds)
            rates[engine].append(result["turns"] / result["seconds"])
    medians = {e: statistics.median(r) for e, r in rates.items()}
    labels = {
        "ours": "ours (2 players, every house rule, checks off)",
        "hawkinator": "hawkinator's Ultimate Monopoly (2 players, printing off)",
        "classic": "gamescomputersplay's classic Monopoly (4 players, log off)",
    }
    print(f"| engine | player-turns/s (median of {args.rounds}) | runs | ours / it |")
    print("|---|---|---|---|")
    for engine in ENGINES:
        ratio = "" if engine == "ours" else f"x{medians['ours'] / medians[engine]:.2f}"
        runs = ", ".join(f"{r:,.0f}" for r in rates[engine])
        print(f"| {labels[engine]} | {medians[engine]:,.0f} | {runs} | {ratio} |")


if __name__ == "__main__":
    main()
