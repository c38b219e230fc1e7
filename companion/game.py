"""A game at the table: the engine, its log, and undo.

:class:`Game` is what the touchscreen, the buttons and the simulator talk to. Each command is
decided by the engine, its events are written to the log (when there is one) in one transaction,
and only then does the new state become current. Undo is a command of its own: the log keeps
every row, and the history shows the correction.

A command is given typed (:mod:`companion.banker.commands`) or as its JSON object; the log holds
its JSON (:meth:`Command.to_json <companion.banker.commands.Command.to_json>`), and so do
:attr:`Game.done` and what :meth:`Game.undo` returns.

>>> from companion.banker.commands import Deal
>>> game = Game.new([{"name": "Ann"}, {"name": "Bob"}])
>>> game.state.decision.kind
'deal'
>>> _ = game.execute(Deal("Ann", voucher="voucher-bus-ticket", roll_three="1-2-3"))
>>> game.undo()["type"]
'deal'
>>> game.state.seat("Ann").roll_three
()
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.banker.commands import Command
from companion.banker.engine import fill_options, new_game, step_command, with_options
from companion.banker.options import decision_problem
from companion.banker.state import Event, GameState, fold_in_place, replay, working_copy
from companion.editions import Edition, playable_edition
from companion.errors import (
    CompanionError,
    IllegalCommandError,
    UnresumableGameError,
    shown,
)

if TYPE_CHECKING:
    from companion.log.gamelog import GameLog


@dataclass(frozen=True)
class Correction:
    """A command in force replaced and the game played again after it
    (:meth:`Game.plan_correction`), not yet recorded."""

    #: The number of the command replaced.
    seq: int
    #: The next command number when it was worked out (recorded only if it still is).
    at: int
    #: The replacement, then each later command played again: as logged, its events, after.
    replayed: tuple[tuple[dict[str, Any], list[Event], GameState], ...]
    #: The later commands that no longer apply, and every one after the first of them.
    dropped: tuple[Mapping[str, Any], ...]
    #: The game as it stands, and as it would stand corrected.
    before: GameState
    after: GameState


class Game:
    def __init__(
        self,
        start: Sequence[Event],
        *,
        log: GameLog | None = None,
        game_id: int | None = None,
    ) -> None:
        self.log = log
        self.game_id = game_id
        self._start = list(start)
        self._state = replay(start)
        self._with_options: GameState | None = None
        #: The state the last command led to, while nobody else can hold it.
        self._fresh: GameState | None = None
        #: The commands in force, newest last: (log number, command, state before, events).
        self._done: list[tuple[int, Mapping[str, Any], GameState, Sequence[Event]]] = []
        self._seq = 1
        #: The dice readings (``reading`` keys) of the commands in force.
        self._readings: set[str] = set()

    @classmethod
    def new(
        cls,
        players: Sequence[Mapping[str, Any]],
        *,
        rules: Mapping[str, Any] | None = None,
        log: GameLog | None = None,
        edition: Edition | None = None,
    ) -> Game:
        """A new game of ``edition`` (Ultimate if none) for ``players``."""
        return cls.started(new_game(players, rules=rules, edition=edition), log=log)

    @classmethod
    def started(cls, events: Sequence[Event], *, log: GameLog | None = None) -> Game:
        """A game of these starting events (``new_game``'s or ``start_from_situation``'s),
        recorded in ``log`` as a new game when there is one."""
        game_id = log.new_game(events) if log is not None else None
        return cls(events, log=log, game_id=game_id)

    @classmethod
    def from_situation(
        cls,
        situation: Any,
        *,
        rules: Mapping[str, Any] | None = None,
        log: GameLog | None = None,
    ) -> Game:
        """A game started mid-way from a table situation (``docs/situation.md``: its JSON or
        a parsed ``Situation``); a situation that cannot be started raises
        ``BadSituationError`` before anything is logged."""
        from companion.banker.start import start_from_situation

        return cls.started(start_from_situation(situation, rules), log=log)

    @classmethod
    def resume(cls, log: GameLog, game_id: int | None = None) -> Game:
        """The game as it stood after its last acknowledged command (default: the latest game).

        A game of an edition this companion cannot play (unknown, or a newer data version)
        raises :class:`UnplayableEditionError` before anything is replayed."""
        from companion.log.gamelog import GameLogError

        if game_id is None:
            game_id = log.latest_game()
            if game_id is None:
                raise GameLogError(f"no game in {str(log.path)!r} to resume")
        with _collector_paused():
            return cls._resumed(log, game_id)

    @classmethod
    def _resumed(cls, log: GameLog, game_id: int) -> Game:
        from companion.log.gamelog import in_force

        commands = list(log.commands(game_id))
        playable_edition(
            commands[0].edition,
            f"game {game_id} in {str(log.path)!r} cannot be played here",
            f"'companion history --game {game_id}' reads it",
        )
        game = cls(commands[0].events, log=log, game_id=game_id)
        for logged in in_force(commands[1:]):
            game._push(logged.seq, logged.command, logged.events)
        game._seq = commands[-1].seq + 1
        problem = decision_problem(game._state)
        if problem is not None:
            field, why = problem
            raise UnresumableGameError(
                f"game {game_id} in {str(log.path)!r} cannot be resumed: its pending "
                f"{game._state.decision.kind!r} decision is broken ({field}: {why}), written by "
                f"an older companion: start a new game, or 'companion history --game {game_id}' "
                "to read it"
            )
        return game

    @property
    def state(self) -> GameState:
        """The game as it stands, its decision with its options (worked out when first read:
        the engine poses each decision without them, and the log does not store them; a game
        replayed or resumed without being looked at never works them out)."""
        state = self._state
        if state is not self._with_options:
            # The state the last command led to is the game's alone until now: its options are
            # set in it, not in a copy (a state handed out before, as the state before a
            # command or a correction's, is copied).
            fresh = state is self._fresh
            self._state = self._with_options = (fill_options if fresh else with_options)(state)
        return self._state

    @property
    def current(self) -> GameState:
        """The game as it stands, its decision posed without its options: for a caller that
        works out only the options it reads (:func:`companion.banker.options.options_for`,
        ``anytime_options`` with its kinds), as the simulator's players do. Handed out, the
        state is no longer the game's alone: :attr:`state` then copies it to set its options,
        never changing it under the caller."""
        self._fresh = None
        return self._state

    def _push(
        self,
        seq: int,
        command: Mapping[str, Any],
        events: Sequence[Event],
        after: GameState | None = None,
    ) -> None:
        self._fresh = None
        before = self._state
        if after is None:
            # Folded as the engine folds a command's events: into one working copy.
            after = working_copy(before)
            cash = None
            for event in events:
                cash = fold_in_place(after, event, cash)
        self._done.append((seq, command, before, events))
        self._state = after
        if command.get("reading") is not None:
            self._readings.add(command["reading"])

    def execute(self, command: Command | Mapping[str, Any]) -> list[Event]:
        """Decide ``command``, log its events, make the result current; returns the events.

        An illegal command raises :class:`IllegalCommandError` and changes nothing.
        """
        # A dict first, by its exact type: Mapping's isinstance is a call into the ABC's check.
        if (type(command) is dict or isinstance(command, Mapping)) and command.get(
            "type"
        ) == "undo":
            self.undo()
            return []
        logged, events, after = self._decide(command, self._state, self._readings)
        seq = self._seq
        if self.log is not None:
            assert self.game_id is not None
            seq = self.log.append(self.game_id, logged, events, at=seq)
        self._seq = seq + 1
        self._push(seq, logged, events, after)
        self._fresh = after
        return events

    def _decide(
        self, command: Command | Mapping[str, Any], state: GameState, readings: set[str]
    ) -> tuple[dict[str, Any], list[Event], GameState]:
        """Every check :meth:`execute` makes, against ``state`` with the dice ``readings`` in
        force there: the command as the log holds it, its events and the state after. Nothing
        is written or changed."""
        # A typed command goes to the engine as it is (a throw's typed roll read no
        # further); JSON goes to the engine, which checks who gives it before its fields, and
        # types it once: the log holds the typed command's JSON, with the dice module's key.
        if isinstance(command, Command):
            kind: Any = command.type
            reading = getattr(command, "reading", None)
        elif type(command) is dict or isinstance(command, Mapping):
            kind, reading = command.get("type"), command.get("reading")
        else:
            kind = reading = None
        if reading is not None and not isinstance(reading, str):
            raise IllegalCommandError(
                f"{kind}: 'reading' is the dice module's key (text), not {shown(reading)}"
            )
        if reading is not None and reading in readings:
            # B12: the dice module's throw (or a button press) arrived twice: apply it once.
            raise IllegalCommandError(f"{kind}: reading {reading!r} has been applied already")
        events, after, typed = step_command(state, command, options=False)
        logged = typed.to_json()
        if not isinstance(command, Command) and reading is not None:
            logged["reading"] = reading
        return logged, events, after

    def undo(self, *, player: str = "") -> Mapping[str, Any]:
        """Take back the last command in force; returns it. Recorded, never deleted."""
        if not self._done:
            raise IllegalCommandError("undo: there is nothing to undo since the game started")
        seq, command, _, _ = self._done[-1]
        if self.log is not None:
            assert self.game_id is not None
            self.log.append(self.game_id, *_undo_of(seq, command, player), at=self._seq)
        self._seq += 1
        self._take_back()
        return command

    def _take_back(self) -> None:
        _, command, before, _ = self._done.pop()
        self._fresh = None
        self._readings.discard(command.get("reading"))
        self._state = before

    def correct(self, command: Command | Mapping[str, Any]) -> list[Event]:
        """Replace the last command (a misread roll, a wrong card) with ``command``.

        The replacement passes every check of :meth:`execute`, against the game as it stood
        before the last command, before anything is written; the undo and the replacement are
        then logged in one transaction. A refused correction changes nothing.
        """
        if not self._done:
            raise IllegalCommandError("correct: there is no command to correct yet")
        correction = self.plan_correction(self._done[-1][0], command)
        self.apply_correction(correction)
        return correction.replayed[0][1]

    def state_before(self, seq: int) -> GameState:
        """The game as it stood before command #``seq`` in force, its decision with its
        options (what a correction of that command answers)."""
        return with_options(self._done[self._index(seq)][2])

    def _index(self, seq: int) -> int:
        for index, entry in enumerate(self._done):
            if entry[0] == seq:
                return index
        raise IllegalCommandError(f"correct: #{shown(seq)} is not a command in force")

    def plan_correction(self, seq: int, command: Command | Mapping[str, Any]) -> Correction:
        """Command #``seq`` in force replaced by ``command`` (a card recorded wrongly, a
        misread roll, a wrong answer), and every later command played again after it, each
        checked as :meth:`execute` would; the first that no longer applies, and all after it,
        are left out (:attr:`Correction.dropped`). Nothing is written or changed: give the
        result to :meth:`apply_correction`. An illegal replacement raises
        :class:`IllegalCommandError`.
        """
        if isinstance(command, Mapping) and command.get("type") == "undo":
            raise IllegalCommandError("correct: an undo replaces nothing: give 'undo' instead")
        index = self._index(seq)
        readings = {
            str(c["reading"]) for _, c, _, _ in self._done[:index] if c.get("reading") is not None
        }
        logged, events, state = self._decide(command, self._done[index][2], readings)
        replayed = [(logged, events, state)]
        dropped: list[Mapping[str, Any]] = []
        for _, later, _, _ in self._done[index + 1 :]:
            if logged.get("reading") is not None:
                readings.add(str(logged["reading"]))
            again = dict(later)
            if "decision" in again:  # an answer to the decision in force there now
                again["decision"] = state.decision.id
            if not dropped:
                try:
                    logged, events, state = self._decide(again, state, readings)
                except (CompanionError, ValueError, TypeError, KeyError):
                    pass
                else:
                    replayed.append((logged, events, state))
                    continue
            dropped.append(later)
        return Correction(seq, self._seq, tuple(replayed), tuple(dropped), self._state, state)

    def apply_correction(self, correction: Correction) -> None:
        """Record ``correction`` (:meth:`plan_correction`'s): the undo of every command from
        its last back to the corrected one, then the replacement and the commands played
        again, in one transaction; refused, changing nothing, when the game has moved on
        since it was worked out."""
        if correction.at != self._seq:
            raise IllegalCommandError(
                "correct: the game moved on since this correction was worked out: nothing changed"
            )
        index = self._index(correction.seq)
        player = str(correction.replayed[0][0].get("player", ""))
        rows = [
            _undo_of(seq, command, player) for seq, command, _, _ in reversed(self._done[index:])
        ]
        rows += [(logged, events) for logged, events, _ in correction.replayed]
        seqs = list(range(self._seq, self._seq + len(rows)))
        if self.log is not None:
            assert self.game_id is not None
            seqs = self.log.append_all(self.game_id, rows, at=self._seq)
        for _ in self._done[index:]:
            self._take_back()
        for seq, (logged, events, after) in zip(
            seqs[-len(correction.replayed) :], correction.replayed, strict=True
        ):
            self._push(seq, logged, events, after)
        self._seq = seqs[-1] + 1

    @property
    def previous_state(self) -> GameState | None:
        """The state before the last command in force (what :meth:`correct` decides against)."""
        return self._done[-1][2] if self._done else None

    @property
    def last_seq(self) -> int | None:
        """The number of the last command in force (what an undo takes back), ``None`` before
        the first."""
        return self._done[-1][0] if self._done else None

    def has_reading(self, key: str) -> bool:
        """Whether the dice reading ``key`` is applied by a command in force."""
        return key in self._readings

    @property
    def start_events(self) -> list[Event]:
        """The events that started the game (``companion.banker.engine.new_game``)."""
        return list(self._start)

    @property
    def done(self) -> list[Mapping[str, Any]]:
        """The commands in force, oldest first, as the log holds them."""
        return [entry[1] for entry in self._done]

    @property
    def entries(self) -> list[tuple[int, Mapping[str, Any], Sequence[Event]]]:
        """The commands in force, oldest first: each one's number, JSON and events."""
        return [(seq, command, events) for seq, command, _, events in self._done]

    def all_events(self) -> list[Event]:
        """The events in force from the start: replaying them gives :attr:`state`."""
        return [*self._start, *(e for entry in self._done for e in entry[3])]


def _undo_of(
    seq: int, command: Mapping[str, Any], player: str
) -> tuple[dict[str, Any], list[Event]]:
    """The undo of command #``seq`` as the log holds it: the command and its one event."""
    return {"type": "undo", "player": player, "undoes": seq}, [
        {"type": "undone", "command": seq, "of": command}
    ]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's garbage collector paused while a whole game is read and folded: everything
    made then is kept (the events, a state per command), so each of its passes would walk the
    growing heap and free nothing."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
