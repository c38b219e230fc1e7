"""The ``companion`` commands that read game logs: ``history`` (and, next, ``games`` and ``log``).

They open the game log (sqlite-utils) only when run, so importing the command line stays pure.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO


def register(commands: argparse._SubParsersAction[Any]) -> None:
    history = commands.add_parser(
        "history",
        help="print or export a game's history from its log",
        description="Print a game's history in words (text) or export it as data (jsonl, csv).",
    )
    history.add_argument("--db", required=True, metavar="FILE", help="the game log (SQLite)")
    history.add_argument("--game", type=int, metavar="ID", help="the game (default: the latest)")
    history.add_argument(
        "--format",
        choices=("text", "jsonl", "csv", "situation"),
        default="text",
        help="words, events as JSON lines or CSV, or the table situation now (docs/situation.md)",
    )
    history.set_defaults(handler=_history)


def _history(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion import history
    from companion.game import Game
    from companion.gamelog import GameLog, GameLogError

    with GameLog(_existing(args.db)) as log:
        game_id = args.game if args.game is not None else log.latest_game()
        if game_id is None:
            raise GameLogError(f"no game in {args.db!r} yet")
        commands = list(log.commands(game_id))
    if args.format == "situation":
        with GameLog(args.db) as log:
            state = Game.resume(log, game_id).state
        out.write(json.dumps(state.situation().to_json(), indent=2) + "\n")
    elif args.format == "text":
        out.write("\n".join(history.text_lines(game_id, commands)) + "\n")
    elif args.format == "jsonl":
        for line in history.jsonl_lines(game_id, commands):
            out.write(line + "\n")
    else:
        out.write(history.csv_text(game_id, commands))
    return 0


def _existing(path: str) -> str:
    from pathlib import Path

    from companion.gamelog import GameLogError

    if not Path(path).is_file():
        raise GameLogError(f"no game log at {path!r}: give the file 'companion play --db' wrote")
    return path
