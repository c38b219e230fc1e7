"""The ``companion`` commands of the banker: ``play`` and ``simulate``.

They open the game log (sqlite-utils) only when run, so importing the command line stays pure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from companion.editions import DEFAULT, Edition, edition, known_editions, regional_boards

_EDITION_HELP = (
    f"the edition a new game plays (default {DEFAULT}; the companion knows "
    f"{', '.join(known_editions())})"
)
#: E8: the regional board of the edition.
BOARD_HELP = (
    f"the edition's regional board, whose names and money the game uses ({regional_boards()}; "
    "default the edition's own)"
)


def chosen_edition(args: argparse.Namespace) -> Edition:
    """The edition ``--edition`` and ``--board`` name; an unknown one is refused in one line
    naming it and the choices."""
    return edition(getattr(args, "edition", None) or DEFAULT, getattr(args, "board", None))


def register(commands: argparse._SubParsersAction[Any]) -> None:
    sim = commands.add_parser(
        "simulate",
        help="play whole games with seeded random players and check the invariants",
        description="Play complete games with seeded random players through the engine.",
    )
    sim.add_argument("--games", type=_positive, required=True, metavar="N")
    sim.add_argument("--seed", type=int, default=0, metavar="S")
    sim.add_argument("--players", type=_players, default=4, metavar="P", help="2 to 12")
    sim.add_argument("--db", metavar="FILE", help="also write every game to this game log")
    sim.add_argument("--edition", default=DEFAULT, metavar="ID", help=_EDITION_HELP)
    sim.add_argument("--board", metavar="REGION", help=BOARD_HELP)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--check",
        action="store_true",
        help="check the invariants after every event and replay every game (slower)",
    )
    sim.set_defaults(handler=_simulate)

    play = commands.add_parser(
        "play",
        help="play a game at the prompt, logged to a database",
        description=(
            "Start a game (--players, or --from a table situation) or resume the last one played "
            "in --db, and answer its "
            "decisions at the prompt: 'help' lists what answers the game now, e.g. 'roll 3 4 mr', "
            "'buy', 'bid 250 as Bob', 'draw school fees', 'show', 'undo', 'correct roll 3 4 2'."
        ),
    )
    play.add_argument("--db", required=True, metavar="FILE", help="the game log (SQLite)")
    play.add_argument("--players", metavar="A,B,...", help="start a new game with these names")
    play.add_argument(
        "--new",
        action="store_true",
        help="with --players or --from: start the new game without asking, even if one is in progress",
    )
    play.add_argument(
        "--edition",
        default=DEFAULT,
        metavar="ID",
        help=f"{_EDITION_HELP}; a game resumed plays the edition it started with",
    )
    play.add_argument(
        "--board",
        metavar="REGION",
        help=f"{BOARD_HELP}; a game resumed plays on the board it started on",
    )
    play.add_argument("--game", type=int, metavar="ID", help="resume this game ('companion games')")
    play.add_argument(
        "--from",
        dest="situation",
        metavar="SITUATION.json",
        help="start a new game mid-way from the table as it stands (docs/situation.md; "
        "'companion history --format situation' writes one)",
    )
    play.add_argument(
        "--dice",
        metavar="URL",
        help="take rolls from the dice module at this serial port or pyserial URL, or "
        "'emulator' for an emulated module thrown with 'throw' at the prompt",
    )
    play.set_defaults(handler=_play)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def _players(text: str) -> int:
    value = int(text)
    if not 2 <= value <= 12:
        raise ValueError(text)
    return value


_players.__name__ = "number of players (2 to 12)"
_positive.__name__ = "positive whole number"


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.simulator.simulate import Report, simulate

    def progress(total: int, report: Report) -> None:
        done = report.games
        bar = "#" * (30 * done // total)
        err.write(f"\r[{bar:<30}] {done}/{total} games, {report.turns} turns")
        if done == total:
            err.write("\n")
        err.flush()

    played = chosen_edition(args)
    log = None
    if args.db:
        from companion.log.gamelog import GameLog

        log = GameLog(args.db, holder="'companion simulate'")
    try:
        report = simulate(
            edition=played,
            games=args.games,
            seed=args.seed,
            players=args.players,
            log=log,
            progress=progress,
            check=args.check,
        )
    finally:
        if log is not None:
            log.close()
    data = report.to_json()
    if args.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(
            f"games: {data['games']} ({data['finished']} played to the end)\n"
            f"turns: {data['turns']}\n"
            f"turns per second: {data['turns_per_second']}\n"
            f"games per second: {data['games_per_second']}\n"
            + (
                f"invariant violations: {data['invariant_violations']}\n"
                if report.checked
                else "invariants: not checked (--check checks them)\n"
            )
        )
        for problem in data["problems"]:
            out.write(f"  {problem}\n")
    return 1 if report.invariant_violations else 0


def _play(
    args: argparse.Namespace, out: TextIO, err: TextIO, prompt: Callable[[str], str] | None = None
) -> int:
    from companion.cli.prompt import PromptSession
    from companion.game import Game
    from companion.log.gamelog import GameLog

    interactive = prompt is None
    ask = prompt or _terminal_prompt()
    played = chosen_edition(args)
    started = _started(args, played)
    with GameLog(args.db, holder="'companion play'") as log:
        if started is not None:
            if not args.new and not _may_start(log, args.db, ask, out):
                print("No new game started.", file=out)
                return 1
            game = Game.started(started, log=log)
        elif args.players:
            if not args.new and not _may_start(log, args.db, ask, out):
                print("No new game started.", file=out)
                return 1
            names = [n.strip() for n in args.players.split(",")]
            game = Game.new([{"name": n} for n in names], log=log, edition=played)
        elif args.game is None and log.latest_game() is None:
            game = _first_game(log, args.db, ask, out, played)
            if game is None:
                return 1
        else:
            game = Game.resume(log, args.game)
        session = PromptSession(game, out, err)
        print(
            f"Game {game.game_id} in {args.db}: {', '.join(s.name for s in game.state.seats)}; "
            f"{game.state.edition.title}. "
            "Type 'help' for the commands; the game is saved after each one.",
            file=out,
        )
        with _dice_link(args, session, out) as poll:
            session.say_decision()
            while not session.done:
                try:
                    line = ask(session.prompt())
                except KeyboardInterrupt:
                    print("^C (line cancelled; 'quit' or Ctrl-D leaves)", file=out)
                    continue
                except EOFError:
                    print(file=out)
                    break
                poll()
                try:
                    session.handle(line)
                except Exception as exc:  # noqa: BLE001 - the table goes on; the log is intact
                    # A bug, not bad input (that is refused in one line): every acknowledged
                    # command is in the log already, so say so and keep the game open.
                    if logging.getLogger().handlers:  # the service's journal, not the screen
                        logging.getLogger(__name__).exception("unexpected error at the prompt")
                    print(
                        f"companion: internal error ({type(exc).__name__}: {exc!s:.120}); "
                        "every command given so far is saved; 'show' says where the game stands",
                        file=err,
                    )
        if interactive:
            print(f"Saved. Resume with: companion play --db {args.db}", file=out)
    return 0


def _started(args: argparse.Namespace, played: Edition) -> list[dict[str, Any]] | None:
    """The events that start the game of ``--from``'s situation (of the edition and board it
    names, else of ``played``), worked out before the game log is opened: a bad file is
    refused in one line and changes nothing."""
    from companion.banker.start import start_from_situation
    from companion.errors import CompanionError
    from companion.rules.situation import Situation

    path = getattr(args, "situation", None)
    if path is None:
        return None
    if getattr(args, "players", None) or getattr(args, "game", None) is not None:
        raise CompanionError("--from starts a game from a situation: give no --players or --game")
    return start_from_situation(Situation.load(path, played))


def _terminal_prompt() -> Callable[[str], str]:
    """``input`` with line editing and history when the terminal has them (readline), and
    bytes that are not UTF-8 kept so they can be refused instead of raising."""
    import sys

    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  (imported for its side effect on input())
        except ImportError:
            pass
    return input


def _first_game(
    log: Any, path: str, ask: Callable[[str], str], out: TextIO, played: Edition
) -> Any:
    """An empty game log: ask for the players' names until they make a game (or give up)."""
    from companion.errors import CompanionError
    from companion.game import Game

    seats = f"{played.min_players} to {played.max_players}"
    print(f"{path} holds no game yet. Who plays? ({seats} names, in seating order)", file=out)
    while True:
        try:
            answer = ask("Players (e.g. Ann, Bob, Cy): ")
        except (EOFError, KeyboardInterrupt):
            print(file=out)
            return None
        names = [n.strip() for n in answer.split(",") if n.strip()]
        try:
            return Game.new([{"name": n} for n in names], log=log, edition=played)
        except CompanionError as exc:
            print(f"companion: error: {exc}; type the names separated by commas", file=out)


def _may_start(log: Any, path: str, ask: Callable[[str], str], out: TextIO) -> bool:
    """Whether to start another game in a file that holds one in progress: ask first."""
    playing = [g for g in log.games() if g["status"] == "playing"]
    if not playing:
        return True
    g = playing[-1]
    print(
        f"{path} holds game {g['id']} in progress ({', '.join(g['players'])}). "
        f"'companion play --db {path}' resumes it.",
        file=out,
    )
    try:
        answer = ask("Start a new game anyway? [y/N] ")
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in ("y", "yes")


@contextlib.contextmanager
def _dice_link(args: argparse.Namespace, session: Any, out: TextIO) -> Iterator[Callable[[], None]]:
    """Nothing without --dice; else the dice module's readings become proposals at the prompt
    (companion.cli.dice). Yields the call that hands waiting readings to the session."""
    if not args.dice:
        yield lambda: None
        return
    from companion.cli.dice import connect

    with connect(args.dice, session, out) as poll:
        yield poll
