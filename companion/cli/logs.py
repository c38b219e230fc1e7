"""The ``companion`` commands that read game logs: ``history``, ``games``, ``log check`` and
``log salvage``; and ``backup`` and ``restore``, which copy one (docs/reliability.md, "Backups").

They open the game log (sqlite-utils) only when run, so importing the command line stays pure.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any, TextIO

#: The game log ``backup`` and ``restore`` take when no ``--db`` is given.
DB_VARIABLE = "COMPANION_DB"
#: The folder ``backup`` writes into when no ``--to`` is given.
BACKUPS_VARIABLE = "COMPANION_BACKUPS"


def register(commands: argparse._SubParsersAction[Any]) -> None:
    from companion.messages import languages

    history = commands.add_parser(
        "history",
        help="print or export a game's history from its log",
        description="Print a game's history in words (text) or export it as data (jsonl, csv).",
    )
    history.add_argument(
        "--db", metavar="FILE", help=f"the game log (SQLite; default: ${DB_VARIABLE})"
    )
    history.add_argument(
        "--game", type=int, metavar="ID", help="the game (default: the last played)"
    )
    history.add_argument(
        "--format",
        choices=("text", "jsonl", "csv", "situation"),
        default="text",
        help="words, events as JSON lines or CSV, or the table situation (docs/situation.md) "
        "that 'companion play --from' starts a game from",
    )
    history.add_argument(
        "--lang",
        choices=languages(),
        default="en",
        help="with --format text: the language of the words (default en)",
    )
    history.add_argument(
        "--at",
        type=int,
        metavar="N",
        help="with --format situation: the table as it stood after command #N (default: now)",
    )
    history.set_defaults(handler=_history)

    games = commands.add_parser(
        "games",
        help="list the games in a game log",
        description="List every game in a game log: players, when it was created and last "
        "played, its status and how many commands were given. The last played is the default "
        "of play and history.",
    )
    games.add_argument(
        "--db", metavar="FILE", help=f"the game log (SQLite; default: ${DB_VARIABLE})"
    )
    games.set_defaults(handler=_games)

    log = commands.add_parser(
        "log",
        help="check a game log, or salvage the intact part of a damaged one",
        description="Check a game log for damage (exit status 1 if damaged), or copy the intact "
        "beginning of each game of a damaged log into a new file to play on.",
    )
    actions = log.add_subparsers(dest="log_command", parser_class=type(log), required=True)
    check = actions.add_parser(
        "check",
        help="check every row of a game log; report the first bad one",
        description="Check a game log without writing to it: the SQLite file, then every "
        "game's commands in order. Exit status 0 when intact, 1 when damaged.",
    )
    check.add_argument("file", metavar="FILE", help="the game log (SQLite)")
    check.set_defaults(handler=_check)
    salvage = actions.add_parser(
        "salvage",
        help="copy the intact beginning of each game into a new game log",
        description="Copy each game's longest intact beginning (from its first command to "
        "the one before the first damaged one) into a new game log; the original is only "
        "read. Then 'companion play --db NEW' resumes from it.",
    )
    salvage.add_argument("file", metavar="FILE", help="the damaged game log")
    salvage.add_argument("--out", required=True, metavar="NEW", help="the new game log to write")
    salvage.set_defaults(handler=_salvage)

    save = commands.add_parser(
        "backup",
        help="copy the game log into a folder of dated backups, keeping the newest N",
        description="Copy the game log, even while a game is being played on it, into DIR as "
        "games-YYYYMMDD-HHMMSS.db (UTC), check the copy, and keep the newest N backups there "
        "(other files are left alone). Prints the backup's path.",
    )
    save.add_argument("--db", metavar="FILE", help=f"the game log (default: ${DB_VARIABLE})")
    save.add_argument(
        "--to", metavar="DIR", help=f"the backup folder (default: ${BACKUPS_VARIABLE})"
    )
    save.add_argument(
        "--keep", type=int, default=14, metavar="N", help="how many backups to keep (default: 14)"
    )
    save.set_defaults(handler=_backup)

    back = commands.add_parser(
        "restore",
        help="put a backup back as the game log",
        description="Check the backup, then write it as the game log. An existing game log is "
        "replaced only with --force, never while a companion has it open, and is kept beside "
        "it as FILE.before-restore-YYYYMMDD-HHMMSS.",
    )
    back.add_argument("backup", metavar="BACKUP", help="the backup file (games-….db)")
    back.add_argument(
        "--db", metavar="FILE", help=f"the game log to write (default: ${DB_VARIABLE})"
    )
    back.add_argument(
        "--force", action="store_true", help="replace the game log if it exists (it is kept)"
    )
    back.set_defaults(handler=_restore)


def _history(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.banker.start import table_situation
    from companion.log import history
    from companion.log.gamelog import GameLog, GameLogError

    if args.at is not None and args.format != "situation":
        raise GameLogError("--at goes with --format situation: the table after command #N")
    args.db = _given(args.db, "--db", DB_VARIABLE)
    # Read-only: a backup or a write-protected card is read as it is, and nothing is written.
    with GameLog(args.db, readonly=True) as log:
        game_id = args.game if args.game is not None else log.last_played_game()
        if game_id is None:
            raise GameLogError(f"no game in {args.db!r} yet")
        commands = log.commands(game_id)
        if args.format == "situation":
            state = _state_at(game_id, list(commands), args.at)
    if args.format == "situation":
        out.write(json.dumps(table_situation(state).to_json(), indent=2) + "\n")
    elif args.format == "text":
        out.write("\n".join(history.text_lines(game_id, commands, args.lang)) + "\n")
    elif args.format == "jsonl":
        for line in history.jsonl_lines(game_id, commands):
            out.write(line + "\n")
    else:
        out.write(history.csv_text(game_id, commands))
    return 0


def _state_at(game_id: int, commands: list[Any], at: int | None) -> Any:
    """The game's state after command #``at`` (default: the last), the undone ones left out:
    the recorded events of the commands then in force, folded; a game of an edition this
    companion cannot play is refused, as ``play`` refuses it."""
    from companion.banker.state import replay
    from companion.editions import playable_edition
    from companion.log.gamelog import GameLogError, in_force

    playable_edition(commands[0].edition, f"game {game_id}", "its history in words: --format text")
    last = commands[-1].seq
    if at is not None and not 0 <= at <= last:
        raise GameLogError(f"--at {at}: game {game_id} has commands #0 to #{last}")
    upto = [logged for logged in commands if at is None or logged.seq <= at]
    return replay(e for logged in in_force(upto) for e in logged.events)


def _games(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.editions import stamp_name
    from companion.log.gamelog import GameLog

    args.db = _given(args.db, "--db", DB_VARIABLE)
    with GameLog(args.db, readonly=True) as log:
        games = log.games()
        default = log.last_played_game()
    if not games:
        out.write(f"no game in {args.db} yet\n")
        return 0
    rows = [
        ("game", "edition", "players", "created (UTC)", "last played (UTC)", "status", "commands")
    ]
    for g in games:
        status = f"over: {g['winner']} wins" if g["status"] == "over" else str(g["status"])
        rows.append(
            (
                f"{g['id']}{'*' if g['id'] == default else ''}",
                stamp_name(g["edition"]),
                ", ".join(g["players"]),
                _minute(g["created"]),
                _minute(g["last_played"]),
                status,
                str(g["commands"]),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        cells = [c.ljust(w) for c, w in zip(r[:-1], widths, strict=False)]
        out.write("  ".join([*cells, r[-1].rjust(widths[-1])]) + "\n")
    out.write("* the last played: play and history take it when no --game is given\n")
    return 0


def _minute(time: str | None) -> str:
    return "" if not time else f"{time[:10]} {time[11:16]}"


def _game_words(g: Any) -> str:
    return f"game {g.game_id}" + (f" ({', '.join(g.players)})" if g.players else "")


def _check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.log.gamelog import check_log

    report = check_log(_existing(args.file))
    unresumable = _unresumable(args.file, report.games)
    if report.is_intact:
        commands = sum(g.intact for g in report.games)
        out.write(
            f"{args.file}: intact: {len(report.games)} game{'s' if len(report.games) != 1 else ''}, "
            f"{commands} commands, schema "
            f"version {report.version}\n"
        )
        for line in unresumable.values():
            out.write(f"  {line}\n")
        return 1 if unresumable else 0
    out.write(f"{args.file}: damaged\n")
    for problem in report.problems:
        out.write(f"  the file: {problem}\n")
    for g in report.games:
        if g.game_id in unresumable:
            out.write(f"  {unresumable[g.game_id]}\n")
        elif g.is_intact:
            out.write(f"  {_game_words(g)}: intact, {g.intact} commands\n")
        elif g.intact:
            out.write(
                f"  {_game_words(g)}: the first bad row: {g.problem}; #0-#{g.intact - 1} are "
                f"intact, {len(g.lost) or 'the'} command(s) from #{g.intact} on would be lost\n"
            )
        else:
            out.write(f"  {_game_words(g)}: the first bad row: {g.problem}; nothing is intact\n")
    out.write(f"To keep what is intact: companion log salvage {args.file} --out NEW\n")
    return 1


def _unresumable(path: str, games: Any) -> dict[int, str]:
    """The intact games ``play`` cannot resume (a pending decision an older companion logged
    broken, an edition this companion cannot play), each with its one-line reason."""
    from companion.errors import UnplayableEditionError, UnresumableGameError
    from companion.game import Game
    from companion.log.gamelog import GameLog, GameLogError

    found: dict[int, str] = {}
    try:
        with GameLog(path, readonly=True) as log:
            for g in games:
                if g.is_intact:
                    try:
                        Game.resume(log, g.game_id)
                    except (UnresumableGameError, UnplayableEditionError) as exc:
                        found[g.game_id] = str(exc)
    except GameLogError:
        pass  # damage: the check reports it, and a game that cannot be read is not resumed
    return found


def _salvage(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.log.gamelog import salvage_log

    report = salvage_log(_existing(args.file), args.out)
    out.write(f"Salvaged {args.file} into {args.out} ({args.file} is left as it was).\n")
    for problem in report.problems:
        out.write(f"  the file: {problem}\n")
    for g in report.games:
        if g.is_intact:
            out.write(f"  {_game_words(g)}: kept all {g.intact} commands\n")
        elif not g.intact:
            out.write(f"  {_game_words(g)}: left out: {g.problem}\n")
        else:
            out.write(
                f"  {_game_words(g)}: kept {g.intact} commands (#0-#{g.intact - 1}); lost "
                f"{len(g.lost) or 'the'} from #{g.intact} on ({g.problem}):\n"
            )
            for line in g.lost or ("(no more rows could be read)",):
                out.write(f"    {line}\n")
    out.write(f"Play on with: companion play --db {args.out}\n")
    return 0


def _existing(path: str) -> str:
    from pathlib import Path

    from companion.log.gamelog import GameLogError, refuse_special_file

    refuse_special_file(path)
    if not Path(path).is_file():
        raise GameLogError(f"no game log at {path!r}: give the file 'companion play --db' wrote")
    return path


def _given(value: str | None, option: str, variable: str) -> str:
    """The option's value, else the environment variable's (the Pi sets it for the table)."""
    from companion.log.gamelog import GameLogError

    given = value or os.environ.get(variable)
    if not given:
        raise GameLogError(f"no {option} given: give {option} or set {variable}")
    return given


def _backup(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.log.backup import backup

    db = _given(args.db, "--db", DB_VARIABLE)
    folder = _given(args.to, "--to", BACKUPS_VARIABLE)
    out.write(f"{backup(db, folder, keep=args.keep)}\n")
    return 0


def _restore(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from companion.log.backup import restore

    db = _given(args.db, "--db", DB_VARIABLE)
    kept = restore(args.backup, db, force=args.force)
    out.write(f"Restored {args.backup} as {db}")
    out.write(f" (the game log it replaced is kept as {kept}).\n" if kept else ".\n")
    return 0
