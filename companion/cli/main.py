"""The ``companion`` command line.

``companion referee move --from "States Avenue" --roll 1 2 1`` explains a roll in the
catalogues' words (the app's), in the edition's words and money and on its board, in English or
``--lang fr``; ``--json`` prints it as data. Bad input prints one line naming it and exits with
status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from companion.cli.play import BOARD_HELP
from companion.editions import DEFAULT, Edition, edition, known_editions
from companion.errors import CompanionError
from companion.messages import card_words, explain, language, languages, render
from companion.rules import referee
from companion.rules.board import Space
from companion.rules.cards import Card, unlisted_from_words
from companion.rules.movement import (
    Resolution,
    Roll,
    resolve_card,
    resolve_roll,
    resolve_subway,
    resolve_taxi,
    resolve_voucher,
)
from companion.rules.situation import Situation

EXIT_BAD_INPUT = 2

Handler = Callable[[argparse.Namespace, TextIO, TextIO], int]
"""A command's entry point: parsed arguments, standard output and error; returns the exit status."""


class UsageError(CompanionError, ValueError):
    """A command line the parser cannot read."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and an exception, not an exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    root = _Parser(prog="companion", description="Ultimate Monopoly table companion.")
    commands = root.add_subparsers(dest="command", parser_class=_Parser, required=True)
    ref = commands.add_parser(
        "referee",
        help="answer 'what happens now?' for a table situation",
        description="Ask the referee. Without a question it starts an interactive prompt.",
    )
    ref.add_argument(
        "--edition",
        default=DEFAULT,
        metavar="ID",
        help=f"the edition played (default {DEFAULT}; the companion knows {', '.join(known_editions())})",
    )
    ref.add_argument("--board", metavar="REGION", help=BOARD_HELP)
    ref.add_argument(
        "--lang",
        default="en",
        choices=languages(),
        help="the language of the answers (default en)",
    )
    questions = ref.add_subparsers(dest="question", parser_class=_Parser)

    def question(name: str, help_: str) -> argparse.ArgumentParser:
        q = questions.add_parser(name, help=help_, description=help_)
        q.add_argument(
            "--from",
            dest="start",
            metavar="SPACE",
            help="where the token is: a space name or TRACK:INDEX (e.g. outer:24)",
        )
        q.add_argument("--state", metavar="FILE", help="table situation JSON (docs/situation.md)")
        q.add_argument("--player", metavar="NAME", help="who moves (default: the player to move)")
        q.add_argument("--json", action="store_true", help="print one JSON object")
        return q

    move = question("move", "explain where a roll of the dice takes the token")
    move.add_argument(
        "--roll",
        nargs="+",
        required=True,
        metavar="DIE",
        help="the two dice, then the speed die in an edition with one (Ultimate's: 1, 2, 3, mr "
        "or bus); in jail, two dice",
    )
    move.add_argument(
        "--to", metavar="SPACE", help="the chosen space, for triples or a Subway ride"
    )
    move.add_argument("--bus", choices=("move", "voucher"), help="the Bus option chosen")
    leave = move.add_mutually_exclusive_group()
    leave.add_argument(
        "--bail",
        dest="leave_jail",
        action="store_const",
        const="bail",
        help="in jail: the player paid the bail before rolling",
    )
    leave.add_argument(
        "--jail-card",
        dest="leave_jail",
        action="store_const",
        const="card",
        help="in jail: the player used a Get Out of Jail Free card before rolling",
    )
    subway = question("subway", "the Subway ride to any space")
    subway.add_argument("--to", metavar="SPACE", required=True)
    taxi = question("taxi", "a taxi ride from an owned cab company")
    taxi.add_argument("--to", metavar="SPACE", required=True)
    card = question("card", "where a Chance or Community Chest card sends the player")
    card.add_argument(
        "--card",
        required=True,
        metavar="ID",
        help="the card's id (see 'cards'), or a card the companion does not list by its effect: "
        "'another back 3', 'another advance Boardwalk', 'another nearest railroad'",
    )
    card.add_argument(
        "--to", metavar="SPACE", help="the space chosen, for a card that lets you choose"
    )
    card.add_argument(
        "--roll",
        nargs="+",
        metavar="DIE",
        help="a new roll of two dice, for a card that asks for one",
    )
    card.add_argument(
        "--option", type=int, choices=(1, 2), help="the option chosen, for a card that offers two"
    )
    voucher = question("voucher", "where a Travel Voucher takes the player")
    voucher.add_argument(
        "--voucher", required=True, metavar="ID", help="the voucher's id (see 'cards')"
    )
    voucher.add_argument(
        "--to", metavar="SPACE", help="the space chosen (Bus Ticket, Transit Token)"
    )
    voucher.add_argument(
        "--ride", action="store_true", help="change track at a transit station on the way"
    )
    questions.add_parser("cards", help="list every card and Travel Voucher with its id")
    space = questions.add_parser("space", help="what a space is, costs and does")
    space.add_argument("name", nargs="+", metavar="SPACE")
    questions.add_parser("board", help="list every space of the three tracks")
    # Commands of the other packages set ``handler(args, out, err) -> int``; they import their
    # libraries (pyserial, gpiozero, sqlite-utils) only when run, so the domain stays pure.
    from companion.cli.logs import register as register_log
    from companion.cli.play import register as register_game
    from hardware.cli import register as register_hardware
    from ui.doctor import register as register_doctor
    from ui.launch import register as register_app  # imports Kivy only when the app runs

    register_game(commands)
    register_log(commands)
    register_hardware(commands)
    register_app(commands)
    register_doctor(commands)
    return root


def _situation(args: argparse.Namespace, played: Edition) -> Situation:
    """The situation asked about: ``--state``'s (of the edition and board it names, else
    ``played``), with ``--from`` (a space of its board) where the player stands."""
    if args.state:
        return Situation.load(args.state, played, player=args.player, position=args.start)
    if args.start is None:
        raise UsageError("--from SPACE is required when no --state file gives the position")
    start = played.board.space(args.start)
    return Situation.fresh(start, name=args.player or "Player", edition=played)


def _card(text: str, played: Edition) -> Card:
    """``--card``: a card's id, or ``another EFFECT ...``: a card the companion does not list
    (E3), entered as at the prompt."""
    words = shlex.split(text)
    if words and words[0].lower() == "another":
        return played.deck.card(unlisted_from_words(words[1:], "chance", played.board).id)
    return played.deck.card(text)


def _answer(args: argparse.Namespace, played: Edition) -> str:
    board = played.board
    if args.question == "board":
        words = language(args.lang, played).words
        return "\n".join(
            f"{s.key:<10} {s.name} ({words.get(f'kind.{s.kind}', s.kind.replace('_', ' '))})"
            for s in board
        )
    if args.question == "cards":
        deck, words = played.deck, language(args.lang, played).words
        rows = [
            f"{c.id:<48} {card_words(c.id, args.lang, edition=played)}" for c in deck.cards.values()
        ]
        rows += [
            f"{v.id:<48} {words.get(f'voucher.{v.id}', v.title)}" for v in deck.vouchers.values()
        ]
        return "\n".join(rows)
    if args.question == "space":
        return referee.describe_space(played, board.space(" ".join(args.name)))
    situation = _situation(args, played)
    played, board = situation.edition, situation.edition.board
    to: Space | None = board.space(args.to) if getattr(args, "to", None) else None
    result: Resolution
    if args.question == "move":
        result = resolve_roll(
            board,
            situation,
            Roll.parse(args.roll, played.dice),
            player=args.player,
            to=to,
            bus=args.bus,
            leave_jail=args.leave_jail,
        )
    elif args.question == "card":
        roll = Roll.parse(args.roll, played.dice) if args.roll else None
        result = resolve_card(
            board,
            situation,
            _card(args.card, played),
            player=args.player,
            to=to,
            roll=roll,
            option=args.option,
        )
    elif args.question == "voucher":
        result = resolve_voucher(
            board,
            situation,
            played.deck.voucher(args.voucher),
            player=args.player,
            to=to,
            ride=args.ride,
        )
    elif args.question == "subway":
        assert to is not None
        result = resolve_subway(board, situation, to, player=args.player)
    else:
        assert to is not None
        result = resolve_taxi(board, situation, to, player=args.player)
    said = _said(result, args.lang, played)
    if args.json:
        return json.dumps({**referee.to_json(result), "lang": args.lang, "said": said}, indent=2)
    return "\n".join(said)


def _said(result: Resolution, lang: str, played: Edition) -> tuple[str, ...]:
    """The answer as a player reads it, in ``lang`` and ``played``'s words (the app's:
    ``companion.messages.explain``): the headline, the path, each note after a dash, the
    salaries and where the token ends."""
    lines = [explain.headline(result, lang, edition=played)]
    if result.path:
        names = language(lang, played).words
        spaces = " > ".join(names.get(f"space.{s.name}", s.name) for s in result.path)
        lines.append(render("answer.path", {"spaces": spaces}, lang, edition=played))
    lines += [f"- {line}" for line in explain.explain(result, lang, edition=played)]
    total = sum(p.amount for p in result.salaries)
    if total:
        lines.append(render("answer.salaries", {"amount": total}, lang, edition=played))
    end = result.landing.key
    lines.append(render("answer.ends", {"space": end, "key": end}, lang, edition=played))
    return tuple(lines)


def run(
    argv: Sequence[str], out: TextIO, err: TextIO, *, prompt: Callable[[], str] | None = None
) -> int:
    """Run one command line; returns the exit status."""
    if not argv:
        argv = ["app"]  # `companion` alone starts the touchscreen app
    try:
        args = build_parser().parse_args(argv)
        handler: Handler | None = getattr(args, "handler", None)
        if handler is not None:
            return handler(args, out, err)
        played = edition(args.edition, args.board)
        if args.command == "referee" and args.question is None:
            ask = prompt or (lambda: input("referee> "))
            return _interactive(played, args.lang, out, err, ask)
        print(_answer(args, played), file=out)
        return 0
    except CompanionError as exc:
        _error(err, str(exc))
        return EXIT_BAD_INPUT


def _error(err: TextIO, message: str) -> None:
    """One line, whatever the input quoted in it holds (control characters are escaped)."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    print(f"companion: error: {line}", file=err)


def _interactive(
    played: Edition, lang: str, out: TextIO, err: TextIO, prompt: Callable[[], str]
) -> int:
    # The example is a question of the edition played: a street of its board, its dice.
    street = next((s.name for s in played.board if s.kind == "street"), "GO")
    roll = "1 2 1" if played.dice.has_speed_die else "1 2"
    print(
        f'Ask the referee, e.g.  move --from "{street}" --roll {roll}   (help, or quit to leave)',
        file=out,
    )
    while True:
        try:
            line = prompt().strip()
        except EOFError:
            print(file=out)
            return 0
        if line in ("quit", "exit"):
            return 0
        if not line:
            continue
        if line in ("help", "?"):
            line = "--help"
        try:
            words = shlex.split(line)
        except ValueError as exc:
            _error(err, f"cannot read {line!r}: {exc}")
            continue
        if words[:1] == ["referee"]:
            words = words[1:]
        try:
            board = ["--board", played.region] if played.region else []
            chosen = [*board, "--lang", lang]
            run(["referee", "--edition", played.id, *chosen, *words], out, err)
        except SystemExit:  # --help prints and exits; the prompt goes on
            pass


def main(argv: Sequence[str] | None = None) -> NoReturn:
    try:
        status = run(sys.argv[1:] if argv is None else argv, sys.stdout, sys.stderr)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)
