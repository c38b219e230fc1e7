"""The ``companion`` commands of the banker: ``play`` and ``simulate``.

They open the game log (sqlite-utils) only when run, so importing the command line stays pure.
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Callable
from typing import Any, TextIO

from companion.errors import CompanionError, IllegalCommandError


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
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(handler=_simulate)

    play = commands.add_parser(
        "play",
        help="play a game at the prompt, logged to a database",
        description=(
            "Start a game (--players) or resume the latest one in --db, and answer its "
            "decisions at the prompt: e.g. 'roll 3 4 mr', 'buy', 'bid 250 as Bob', 'undo', "
            "'correct roll 3 4 2' (replace the last command), 'show' (the accounts)."
        ),
    )
    play.add_argument("--db", required=True, metavar="FILE", help="the game log (SQLite)")
    play.add_argument("--players", metavar="A,B,...", help="start a new game with these names")
    play.add_argument("--game", type=int, metavar="ID", help="resume this game")
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
    from companion.simulate import Report, simulate

    def progress(total: int, report: Report) -> None:
        done = report.games
        bar = "#" * (30 * done // total)
        err.write(f"\r[{bar:<30}] {done}/{total} games, {report.turns} turns")
        if done == total:
            err.write("\n")
        err.flush()

    log = None
    if args.db:
        from companion.gamelog import GameLog

        log = GameLog(args.db)
    try:
        report = simulate(
            games=args.games, seed=args.seed, players=args.players, log=log, progress=progress
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
            f"invariant violations: {data['invariant_violations']}\n"
        )
        for problem in data["problems"]:
            out.write(f"  {problem}\n")
    return 1 if report.invariant_violations else 0


def parse_command(line: str, default_player: str) -> dict[str, Any]:
    """A command typed at the prompt: a JSON object, or ``TYPE [VALUES] [key=value...] [as NAME]``.

    >>> parse_command("roll 3 4 mr", "Ann")
    {'type': 'roll', 'player': 'Ann', 'dice': [3, 4, 'mr']}
    >>> parse_command("bid 250 as Bob", "Ann")
    {'type': 'bid', 'player': 'Bob', 'amount': 250}
    >>> parse_command('build property="Park Place"', "Ann")
    {'type': 'build', 'player': 'Ann', 'property': 'Park Place'}
    """
    if line.startswith("{"):
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise IllegalCommandError(f"cannot read {line!r}: {exc.msg}") from None
        if not isinstance(data, dict):
            raise IllegalCommandError(f"a command is a JSON object, not {line!r}")
        return {"player": default_player, **data}
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise IllegalCommandError(f"cannot read {line!r}: {exc}") from None
    player = default_player
    if len(words) >= 3 and words[-2] == "as":
        player = words[-1]
        words = words[:-2]
    kind, *rest = words
    command: dict[str, Any] = {"type": kind, "player": player}
    values: list[Any] = []
    for word in rest:
        if "=" in word:
            key, _, value = word.partition("=")
            command[key] = _value(value)
        else:
            values.append(_value(word))
    if values:
        field = _POSITIONAL.get(kind)
        if field is None:
            raise IllegalCommandError(f"{kind} takes key=value words, not {' '.join(rest)!r}")
        command[field] = values if field == "dice" else values[0]
    return command


_POSITIONAL = {
    "roll": "dice",
    "order_roll": "dice",
    "dice": "dice",
    "bid": "amount",
    "draw": "card",
    "choose": "space",
    "taxi": "space",
    "bus": "option",
    "gift": "option",
    "option": "option",
    "target": "target",
    "build": "property",
    "sell_building": "property",
    "mortgage": "property",
    "unmortgage": "property",
    "play_card": "card",
}


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _balances(state: Any) -> str:
    """Every account and what each player owns, for ``show`` at the prompt."""
    lines = [f"Bank ${state.cash['Bank']}, Pool ${state.pool}"]
    for seat in state.active:
        owned = sorted(n for n, h in state.holdings.items() if h.owner == seat.name)
        lines.append(
            f"{seat.name}: ${state.cash[seat.name]} on {seat.position.name}"
            + (f"; owns {', '.join(owned)}" if owned else "")
        )
    return "\n".join(lines)


def _play(
    args: argparse.Namespace, out: TextIO, err: TextIO, prompt: Callable[[], str] | None = None
) -> int:
    from companion.game import Game
    from companion.gamelog import GameLog

    ask = prompt or (lambda: input("> "))
    with GameLog(args.db) as log:
        if args.players:
            names = [n.strip() for n in args.players.split(",")]
            game = Game.new([{"name": n} for n in names], log=log)
        else:
            game = Game.resume(log, args.game)
        print(f"Game {game.game_id} in {args.db}. Type a command, 'undo', or 'quit'.", file=out)
        while True:
            d = game.state.decision
            print(d.text, f"[{', '.join(d.answers)}]" if d.answers else "", file=out)
            if game.state.over:
                return 0
            try:
                line = ask().strip()
            except EOFError:
                return 0
            if line in ("quit", "exit"):
                return 0
            if not line:
                continue
            try:
                if line == "undo":
                    undone = game.undo(player=d.player)
                    print(f"Undone: {undone['type']} by {undone.get('player')}", file=out)
                    continue
                if line == "show":
                    print(_balances(game.state), file=out)
                    continue
                if line.startswith("correct "):
                    last = game.done[-1]["player"] if game.done else d.player
                    events = game.correct(parse_command(line.removeprefix("correct "), last))
                else:
                    events = game.execute(parse_command(line, d.player))
            except CompanionError as exc:
                print(f"companion: error: {exc}", file=err)
                continue
            from companion.history import describe

            for event in events[:-1]:
                words = describe(event)
                if words:
                    print(f"  {words}", file=out)
