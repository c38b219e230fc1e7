"""The banker's prompt: one line typed, one command decided, what happened said in words.

:class:`PromptSession` is the loop ``companion play`` runs, without the terminal: it takes one
line at a time (:meth:`PromptSession.handle`) and writes to two streams, so that tests and the
fuzzer drive exactly what a person drives. A refused line writes one ``companion: error: …``
line to the error stream and changes nothing; an accepted one says every event that moves a
token or changes a player's state, then what the game waits for next.

Dice readings from the dice module arrive as proposals (:meth:`PromptSession.propose`): Enter
applies the proposal, a typed roll replaces it, and each reading is applied once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TextIO

from companion.banker.commands import Command, Dice, OrderRoll, Roll
from companion.banker.ledger import BANK, POOL
from companion.cli import parse as commands
from companion.cli.parse import CommandSyntaxError
from companion.errors import CompanionError
from companion.log.history import describe
from companion.messages import language, render_decision

if TYPE_CHECKING:
    from companion.banker.state import Event, GameState
    from companion.game import Game
    from companion.rules.table import Player

#: Words of the prompt itself, not commands of the game.
PROMPT_WORDS = {
    "help": "help [COMMAND]: the commands that answer the game now, or one command in full",
    "show": "show [PLAYER]: every account, deed, share, card and voucher, and who is in jail",
    "undo": "undo: take back the last command (the history keeps both)",
    "correct": "correct COMMAND: replace the last command, e.g. 'correct roll 3 4 2'",
    "history": "history [N]: the last N things that happened (default 10)",
    "quit": "quit: leave; the game is saved after every command (Ctrl-D leaves too)",
}
_LEVELS = ("", "1 house", "2 houses", "3 houses", "4 houses", "hotel", "skyscraper")


@dataclass(frozen=True, slots=True)
class Proposal:
    """A throw read by the dice module, waiting for Enter (or a typed correction)."""

    key: str
    dice: tuple[int, ...]
    speed: str | None
    words: str


class PromptSession:
    """The ``play`` loop for one game (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        out: TextIO,
        err: TextIO,
        *,
        extra: Mapping[str, tuple[str, Callable[[str], None]]] | None = None,
    ) -> None:
        self.game = game
        self.out = out
        self.err = err
        self.proposal: Proposal | None = None
        #: Prompt words added by the front end (``throw`` for the emulated dice module).
        self.extra = dict(extra or {})
        self.done = False

    # -- What the person sees -----------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.game.state

    def prompt(self) -> str:
        """The prompt string: whose decision it is."""
        d = self.state.decision
        return "game over> " if self.state.over else f"{d.player or 'table'}> "

    def say_decision(self) -> None:
        """What the game waits for, with the commands that answer it."""
        d = self.state.decision
        if self.state.over:
            said = render_decision(d, edition=self.state.edition)
            self._say(f"{said} ('undo' takes back the last command; 'quit' leaves.)")
            return
        forms = " | ".join(
            commands.syntax_now(s, self.state) for s in commands.answers_now(self.state)
        )
        self._say(f"{render_decision(d, edition=self.state.edition)}  [{forms}]  ('help' for more)")
        if self.proposal is not None:
            self._say(
                f"  Dice read {self.proposal.words}: press Enter to use them, or type the roll."
            )

    # -- One line -----------------------------------------------------------------------------

    def handle(self, line: str) -> None:
        """Do what one typed line says; a refusal is one error line and changes nothing."""
        try:
            self._handle(line)
        except CompanionError as exc:
            self._error(str(exc))

    def _handle(self, line: str) -> None:
        text = commands.check_text(line)
        if not text:
            if self.proposal is not None:
                self._apply_proposal()
            return
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("quit", "exit"):
            self.done = True
        elif word in ("help", "?"):
            self._help(rest)
        elif word == "show":
            self._say(show(self.state, rest))
        elif word == "history":
            self._history(rest)
        elif word == "undo":
            if rest:
                raise CommandSyntaxError("undo takes no words: it takes back the last command")
            self._undo()
        elif word == "correct":
            self._correct(rest)
        elif word in self.extra:
            self.extra[word][1](rest)
        elif (undo := commands.parse_undo(text, self.state)) is not None:
            self._undo(*undo)
        else:
            command = commands.parse_line(text, self.state)
            self._execute(self._with_reading(command))

    def _execute(self, command: Command) -> None:
        before = self.state
        events = self.game.execute(command)
        self.proposal = None
        self._announce(before, events)
        self.say_decision()

    def _with_reading(self, command: Command) -> Command:
        """A typed roll while a reading waits corrects that reading: it carries its key."""
        p = self.proposal
        if p is not None and isinstance(command, (Roll, OrderRoll, Dice)):
            return replace(command, reading=p.key)
        return command

    def _undo(self, player: str | None = None, undoes: int | None = None) -> None:
        """Take back the last command; ``undoes``, from a logged undo's JSON, must name it."""
        before = self.state
        last = self.game.last_seq
        if undoes is not None and undoes != last:
            raise CommandSyntaxError(
                f"undo: the line takes back command #{undoes}, but the last command in force is "
                f"#{last}; type 'undo' to take that one back"
            )
        who = before.decision.player if player is None else player
        undone = self.game.undo(player=who)
        who = undone.get("player") or "the table"
        self._say(f"Undone: {_command_words(undone)} by {who}. Back to where it was:")
        self.say_decision()

    def _correct(self, rest: str) -> None:
        if not rest:
            raise CommandSyntaxError("correct: say the right command, e.g. 'correct roll 3 4 2'")
        previous = self.game.previous_state
        if previous is None:
            raise CommandSyntaxError("correct: there is no command to correct yet")
        command = commands.parse_line(rest, previous)
        last = self.game.done[-1]
        if "reading" in last and isinstance(command, (Roll, OrderRoll, Dice)):
            if command.type == last["type"]:
                command = replace(command, reading=last["reading"])
        events = self.game.correct(command)
        self._say(f"Corrected: {_command_words(last)} is replaced by {_command_words(command)}.")
        self._announce(previous, events)
        self.say_decision()

    def _help(self, rest: str) -> None:
        if rest:
            name = rest.split()[0].lower()
            if name in PROMPT_WORDS:
                self._say(PROMPT_WORDS[name])
            elif name in self.extra:
                self._say(self.extra[name][0])
            else:
                self._say(commands.help_text(commands.spec_of(name), self.state.edition))
            return
        now = commands.answers_now(self.state)
        lines = [f"Now: {render_decision(self.state.decision, edition=self.state.edition)}"]
        if now:
            lines.append("Answer with:")
            lines += [f"  {commands.help_line(s)}" for s in now]
        lines.append("Any time the rules allow (add 'as PLAYER' when it is not the owner's):")
        lines += [f"  {commands.help_line(s)}" for s in commands.anytime(self.state)]
        lines.append("The prompt:")
        lines += [f"  {text}" for text in PROMPT_WORDS.values()]
        lines += [f"  {text}" for text, _ in self.extra.values()]
        lines.append(
            "Names: printed titles or their first letters, any case ('draw school', 'build park')."
            " 'help COMMAND' shows one command in full."
        )
        self._say("\n".join(lines))

    def _history(self, rest: str) -> None:
        count = 10
        if rest:
            if not rest.isdigit() or not 1 <= int(rest) <= 1000:
                raise CommandSyntaxError(
                    f"history: N is a number from 1 to 1000, not {rest[:20]!r}"
                )
            count = int(rest)
        events = (e for e in self.game.all_events() if e["type"] != "decision")
        played = self.state.edition
        lines = [w for e in events if (w := describe(e, edition=played)) is not None]
        self._say("\n".join(lines[-count:]) or "Nothing has happened yet.")

    # -- Dice readings ------------------------------------------------------------------------

    def propose(self, key: str, dice: Sequence[int], speed: str | None) -> str:
        """A throw read by the dice module: it waits for Enter, replacing any earlier one.

        Returns the words to show the table. A reading already applied is ignored.
        """
        words = " ".join(str(d) for d in dice) + (f" {speed}" if speed else "")
        if self.game.has_reading(key):
            return f"Dice read {words} again: that throw is already applied."
        try:
            command = commands.reading_command(self.state, dice, speed)
        except CommandSyntaxError as exc:
            return f"Dice read {words}, but {exc}."
        self.proposal = Proposal(key, tuple(dice), speed, words)
        shown = _command_words(command)
        return f"Dice read {words}: press Enter for '{shown}', or type the roll to correct it."

    def _apply_proposal(self) -> None:
        p = self.proposal
        assert p is not None
        command = commands.reading_command(self.state, p.dice, p.speed)
        self._execute(replace(command, reading=p.key))

    # -- Output -------------------------------------------------------------------------------

    def _announce(self, before: GameState, events: Sequence[Event]) -> None:
        cash = dict(before.cash)
        for event in events:
            if event["type"] == "decision":
                continue
            words = describe(event, edition=before.edition)
            if event["type"] == "transfer":
                cash[event["from"]] -= event["amount"]
                cash[event["to"]] += event["amount"]
                balances = [
                    f"{name} {before.edition.money.written(cash[name])}"
                    for name in (event["from"], event["to"])
                    if name != BANK
                ]
                words = f"{words} [{', '.join(balances)}]" if balances else words
            if event["type"] == "moved" and event.get("path"):
                board = before.edition.board
                path = _path_words([board.by_key(k) for k in event["path"]])
                words = f"{words}\n    Path: {path}"
            if words:
                self._say(f"  {words}")

    def _say(self, text: str) -> None:
        print(text, file=self.out)

    def _error(self, message: str) -> None:
        line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        print(f"companion: error: {line}", file=self.err)


def _path_words(spaces: Sequence[Any]) -> str:
    """A path as names; a transit ride (the same station on another track) says so."""
    words: list[str] = []
    for i, space in enumerate(spaces):
        if i and space.name == spaces[i - 1].name:
            words[-1] += f" (ride to the {space.track} track)"
        else:
            words.append(space.name)
    return " > ".join(words)


def _command_words(command: Command | Mapping[str, Any]) -> str:
    """A command as it would be typed, without who gave it: ``roll 3 4 mr``."""
    data = command.to_json() if isinstance(command, Command) else command
    return commands.format_line(
        {k: v for k, v in data.items() if k not in ("player", "reading", "decision")}
    )


def show(state: GameState, who: str = "") -> str:
    """Every account and what each player holds, and the Bank's stock, in words.

    The Bank has no balance to show: it never runs out of money (Classic rules).
    """
    deck = state.edition.deck
    seats = list(state.seats)
    if who:
        wanted = who.strip().casefold()
        seats = [s for s in seats if s.name.casefold().startswith(wanted)]
        if not seats:
            names = ", ".join(s.name for s in state.seats)
            raise CommandSyntaxError(f"show: no player {who[:24]!r}; the players are {names}")
    lines = []
    if not who:
        lines += _bank_lines(state)
    for seat in seats:
        lines += _seat_lines(state, seat, deck)
    return "\n".join(lines)


def _bank_lines(state: GameState) -> list[str]:
    """The Pool, the Bank's stock and the shares left, of what the edition has."""
    played = state.edition
    supply = state.supply()
    piles = [
        f"{supply[pile]} {words}"
        for pile, words in (
            ("houses", "houses"),
            ("hotels", "hotels"),
            ("skyscrapers", "skyscrapers"),
            ("train_depots", "train depots"),
            ("cab_stands", "cab stands"),
        )
        if played.board.building_supply.get(pile)
    ]
    decks = [
        f"{left} {words}"
        for left, words, has in (
            (state.roll_three_left, "Roll Three cards", played.numbers.roll_three_cards),
            (sum(state.vouchers_left.values()), _vouchers_word(state), played.deck.vouchers),
        )
        if has
    ]
    pool = f"Pool {played.money.written(state.cash.get(POOL, 0))}. " if played.has_pool else ""
    lines = [
        f"{pool}Bank's stock: {', '.join(piles)}" + (f"; {', '.join(decks)}." if decks else ".")
    ]
    if played.deck.stock_names:
        shares = ", ".join(f"{c} {n}" for c, n in state.shares_left.items() if n)
        lines.append(f"Shares left: {shares or 'none'}.")
    return lines


def _vouchers_word(state: GameState) -> str:
    """What the edition calls its vouchers (the Mega Edition's Bus Tickets), in English."""
    return language("en", state.edition).words["deck.travel_voucher"] + "s"


def _seat_lines(state: GameState, seat: Player, deck: Any) -> list[str]:
    if seat.bankrupt:
        return [f"{seat.name}: bankrupt, out of the game."]
    where = (
        f"in jail ({seat.jail_turns} of 3 tries used)"
        if seat.in_jail
        else f"on {seat.position.name}"
    )
    flags = [
        text
        for flag, text in (
            (seat.name == state.turn, "to play"),
            (seat.reverse_direction, "moving backwards (Reverse Direction)"),
            (seat.subway, "rides the Subway next"),
            (seat.skip_turns, f"misses {seat.skip_turns} turn(s)"),
            (seat.rent_to_pool, "rent to the Pool while in jail"),
        )
        if flag
    ]
    cash = state.edition.money.written(state.cash.get(seat.name, 0))
    head = f"{seat.name} ({seat.token}, {seat.colour}): {cash}, {where}"
    lines = [head + (f"; {', '.join(flags)}" if flags else "")]
    deeds = []
    for name, h in sorted(state.holdings.items()):
        if h.owner != seat.name:
            continue
        extra = [_LEVELS[h.level]] if h.level else []
        if h.improved:
            extra.append(
                "depot"
                if state.edition.board.properties[name][0].kind == "railroad"
                else "cab stand"
            )
        if h.mortgaged:
            extra.append("MORTGAGED")
        deeds.append(name + (f" ({', '.join(extra)})" if extra else ""))
    if deeds:
        lines.append(f"    deeds: {', '.join(deeds)}")
    if any(seat.shares.values()):
        held = []
        for company, n in seat.shares.items():
            if n:
                m = seat.mortgaged_shares.get(company, 0)
                held.append(f"{company} {n}" + (f" ({m} mortgaged)" if m else ""))
        lines.append(f"    shares: {', '.join(held)}")
    if seat.vouchers:
        titles = [deck.vouchers[v].label for v in seat.vouchers]
        lines.append(f"    {_vouchers_word(state)}: {', '.join(titles)}")
    if seat.roll_three:
        lines.append(f"    Roll Three cards: {', '.join(seat.roll_three)}")
    if seat.cards:
        lines.append(f"    cards kept: {', '.join(deck.cards[c].title for c in seat.cards)}")
    return lines
