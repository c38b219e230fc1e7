"""The table's controller: plain Python between the engine and the screens (no Kivy here).

:class:`TableController` owns the :class:`~companion.game.Game` and its SQLite game log, and is
told about every input: a touch on a decision button (:meth:`~TableController.answer`), a free
answer from a dialog (:meth:`~TableController.answer_command`), a physical button
(:meth:`~TableController.press`), a dice reading (:meth:`~TableController.on_reading`). After
each change it recomputes one :class:`~ui.viewmodels.TableView` and hands it to its listeners;
the screens draw that value and call the verbs back.

Rules every verb keeps:

- **Every answer names the decision id** it was given under. An id that is no longer in force
  (a double tap, a doubled GPIO edge, a screen drawn before the game moved on) is refused before
  anything happens; the engine checks it again. So money moves once.
- **One answer per intention** (the input gate, for touch, keys and buttons alike): an input
  that carries its own time (``at``, on the controller's monotonic ``clock``: a touch's when
  it went down, a button's at its GPIO edge) counts only on a decision that has been shown,
  unchanged, for the settle time (the ``settle_ms`` setting, 400 ms by default). The app says
  when a decision is shown (:meth:`~TableController.shown`: its panel drawn, the move's
  animation and a chained decision's announcement over); without an app, a decision is shown
  when it is published. An input sooner than that is refused with the short "Too soon" mark
  (``view.too_soon``) and never answers the new decision; so is a repeat within the settle time
  of the answer just given (a bouncy double press, a double tap), whatever decision it names.
- **Bad input never raises out of a verb**: the one-line message (the engine's, or one naming
  the input and what to do) goes to ``view.notice`` and nothing changes. Verbs return whether
  the game changed.
- **A dice reading is a proposal**: it becomes a command only when the table confirms it (or
  corrects it). A re-read of the same throw replaces the proposal; a reading of a throw already
  applied is ignored (``Game.has_reading``).
- Main thread only: the hardware callbacks hop here through ``post`` (:mod:`ui.devices`), and
  the auto-confirm timer runs through ``schedule`` (the app gives ``Clock.schedule_once``).
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.editions import Edition, edition, known_editions, stamp_name
from companion.errors import CompanionError, UnplayableEditionError, UnresumableGameError
from companion.log import history as log_history
from companion.log.backup import restore
from companion.log.gamelog import (
    DamagedLogError,
    GameLog,
    LogInUseError,
    LogMovedOnError,
    in_force,
    salvage_log,
    writer_of,
)
from companion.messages import languages
from companion.rules.movement import Roll
from companion.rules.situation import parse_json
from ui import i18n
from ui import viewmodels as vm
from ui.doctor import Account, Sentence, Setting, default_backups, existing_folder, run_checks
from ui.edition import set_table_edition, table_edition
from ui.i18n import N_, _, number
from ui.setup_store import DEFAULTS, SetupStore

if TYPE_CHECKING:
    from companion.banker.commands import Command
    from companion.banker.state import GameState
    from companion.game import Correction, Game
    from hardware.readings import DiceReading, ReaderStatus

log = logging.getLogger(__name__)

PLACES = ("setup", "table", "board", "players", "history", "referee", "settings")
#: Commands that record what the dice or a drawn card showed at the table: undo stops there
#: (what was seen cannot be unseen); a misread is fixed with :meth:`TableController.correct`.
RANDOM_COMMANDS = ("roll", "order_roll", "dice", "draw", "deal")
#: An answer in a few words, for Undo when its events say nothing worth showing (a decision
#: passed on, an auction opened): never the command's raw type.
_ANSWER_WORDS = {
    "bail": N_("paying bail"),
    "jail_card": N_("the Get Out of Jail Free card"),
    "choose": N_("the space chosen"),
    "bus": N_("the Bus choice"),
    "end_turn": N_("the end of the turn"),
    "buy": N_("the purchase"),
    "auction": N_("the auction"),
    "bid": N_("the bid"),
    "pass": N_("the pass"),
    "taxi": N_("the taxi ride"),
    "skip": N_("the skipped choice"),
    "gift": N_("the Birthday Gift"),
    "last_lot": N_("the last lot's buildings"),
    "stock": N_("the Stock Exchange choice"),
    "voucher": N_("the Travel Voucher"),
    "pay": N_("the payment"),
    "bankrupt": N_("the bankruptcy"),
    "build": N_("the building"),
    "sell_building": N_("the building sold"),
    "sell_down": N_("the buildings sold down"),
    "mortgage": N_("the mortgage"),
    "unmortgage": N_("the mortgage lifted"),
    "trade": N_("the trade"),
    "play_card": N_("the card played"),
    "option": N_("the card's option"),
    "target": N_("the target chosen"),
    "accept": N_("the card accepted"),
    "refuse": N_("the card refused"),
    "end_game": N_("the end of the game"),
}
_LAST_ANSWER = N_("the last answer")
#: Who holds the game log while the app plays on it, in the refusal another writer gets.
HOLDER = "the companion app"
#: Command types a throw of the dice is.
DICE_COMMANDS = ("roll", "order_roll", "dice")
#: Less free space than this where the game log is kept, and the first screen says the disk is
#: full: a command's row and its journal need a few pages, a whole game about 1 MB.
MIN_FREE_BYTES = 2 * 1024 * 1024
#: What the first screen says of each fault of the game log, with what to do.
_FAULTS = {
    "readonly": N_(
        "The saved games cannot be written here (the file or its folder is read-only): a game "
        "played now could not be saved. Make the memory card writable, or ask whoever set up "
        "the companion, then tap Try again."
    ),
    "full": N_(
        "The memory card is full: a game played now could not be saved. Free some space (old "
        "exports and backups), then tap Try again."
    ),
    "damaged": N_(
        "The saved games are damaged: they cannot be played on. Rescue what can be read into a "
        "new file (the damaged one is kept aside), then play on."
    ),
}
#: The doctor's checks (``ui.doctor``) as Settings names them.
_CHECK_NAMES = {
    "version": N_("Version"),
    "display": N_("Screen"),
    "touch": N_("Touch"),
    "renderer": N_("Drawing"),
    "dice": N_("Dice module"),
    "buttons": N_("Buttons"),
    "database": N_("Game log"),
    "disk": N_("Disk"),
    "backup": N_("Backup"),
}
#: The dice module's states that leave the table entering the dice by touch, as the banner says.
_DICE_AWAY = {
    "disconnected": N_("Dice module unplugged: enter the dice on the screen"),
    "silent": N_("Dice module not answering: enter the dice on the screen"),
    "incompatible": N_("Dice module not understood (update it): enter the dice on the screen"),
}
#: The dice module's state on the table's line (the reader's ``ReaderStatus.state``).
DICE_STATE_WORDS = {
    **_DICE_AWAY,
    "stopped": N_("Dice module stopped: enter the dice on the screen"),
    "connecting": N_("Dice module connecting: enter the dice on the screen until it is ready"),
}
#: The module's tray faults (``hardware.protocol.TRAY_FAULTS``), in the table's words.
TRAY_FAULT_WORDS = {
    "camera-blocked": N_("the camera cannot see the tray"),
    "too-dark": N_("the tray is too dark to read"),
    "die-leaning": N_("a die is leaning against the wall or another die"),
    "unknown-object": N_("something that is not a die is in the tray"),
    "dice-missing": N_("fewer dice are in the tray than were thrown"),
    "camera-failed": N_("the camera does not answer"),
}
#: The settle time when the setting is missing or out of range (ms: the setting's default),
#: and its range.
SETTLE_MS: int = DEFAULTS["settle_ms"]
SETTLE_RANGE = (0, 2000)
#: Seconds the "Too soon" mark stays on the table.
TOO_SOON_SECONDS = 1.2
#: The decisions a turn always comes to: never announced as a chained decision.
ROUTINE_KINDS = ("roll", "end_turn")

Listener = Callable[[vm.TableView], None]
Post = Callable[[Callable[[], None]], None]
#: ``schedule(delay, fn)``: call ``fn`` on the main thread after ``delay`` seconds.
Schedule = Callable[[float, Callable[[], None]], Any]


def one_line(exc: BaseException) -> str:
    """An error's message on one line (its first), never empty. The game log's refusals a
    family meets at the app (another program has the game open, a game that cannot be
    resumed) are said in the table's words, without the file's path or a command to type."""
    if isinstance(exc, LogMovedOnError):
        return _(
            "Nothing recorded: the game moved on in another window. Restart the app to see it."
        )
    if isinstance(exc, LogInUseError):
        return _(
            "{holder} has this game open: close it there first, then try again. "
            "Nothing was changed.",
            holder=holder_words(exc.holder),
        )
    if isinstance(exc, UnplayableEditionError):
        return _(
            "This game was saved for {edition} by a newer companion: update this one to play "
            "it. Nothing was changed.",
            edition=exc.edition,
        )
    if isinstance(exc, UnresumableGameError):
        return _(
            "This game cannot be resumed: it was saved by an older version of the companion, "
            "with a fault in the question it was waiting on. Start a new game."
        )
    text = str(exc).strip()
    if isinstance(exc, KeyError) and exc.args:
        text = f"unknown {exc.args[0]!r}"
    return text.splitlines()[0] if text else type(exc).__name__


def holder_words(holder: str) -> str:
    """Who holds the game log (``LogInUseError.holder``, :func:`writer_of`), as the table says
    it: a command is named as it is typed ('companion play'); the other holders' English words
    ("the companion app", "a companion") are the table's."""
    if holder.startswith("'"):
        return holder
    if holder == HOLDER:
        return _("Another companion app")
    return _("Another companion program")


@dataclass
class _Found:
    """What the game log held when the app looked (:meth:`TableController.opening`): kept, so
    that the first screen, its list of saved games and Resume read and replay the newest game
    once, and worded only when shown (the table may switch languages)."""

    fault: str = ""
    holder: str = ""
    #: The games newest first, each with ``error``: why it cannot be resumed, or None.
    games: list[dict[str, Any]] = field(default_factory=list)
    #: The newest game that can be resumed, replayed from a reader of the file.
    game: Game | None = None
    #: Its summary when it was read: Resume checks that the file still holds just that.
    summary: dict[str, Any] | None = None
    #: Why the file could not be read at all (a damaged file, a file of a newer schema).
    error: Exception | None = None


def refusal(exc: BaseException) -> str:
    """Why a command changed nothing, on one line (:func:`one_line`). The engine words its
    refusals in English only: at a table in another language they are framed in its words
    ("Refusé, rien n'a changé (mots du banquier, en anglais) : ..."), so the table reads that
    nothing changed, and the framing follows a switch of language."""
    text = one_line(exc)
    if isinstance(text, i18n.Words) or not isinstance(exc, CompanionError):
        return text  # said in the table's words already, or not the engine's
    return i18n.worded(
        lambda lang: (
            text
            if lang == i18n.LANGUAGES[0]
            else i18n.translate(
                "Refused, nothing changed (the banker's words): {why}", lang, why=text
            )
        )
    )


class TableController:
    """The game at the table, its inputs and its views (see the module docstring).

    :param db_path: the SQLite game log (created when missing).
    :param post: runs a function on the main thread (the hardware's threads hop through it).
    :param store: the remembered table and settings.
    :param lang: the language of the views (``en``, ``fr``).
    :param schedule: runs a function on the main thread after a delay (the auto-confirm of a
        dice reading); by default a timer thread hops back through ``post`` when one is given,
        and without either there is no auto-confirm (nothing would run the timer).
    :param clock: the monotonic clock of the inputs' times and of the input gate (seconds);
        tests give a scripted one.
    """

    def __init__(
        self,
        *,
        db_path: str | Path,
        post: Post | None = None,
        store: SetupStore | None = None,
        lang: str | None = None,
        schedule: Schedule | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db_path = Path(db_path)
        self.clock = clock
        self.post: Post = post or (lambda call: call())
        self.schedule: Schedule | None = schedule
        if schedule is None and post is not None:
            self.schedule = self._timer
        self.store = store if store is not None else SetupStore()
        self.lang = lang or self.store.lang or "en"
        if self.lang not in languages():
            self.lang = "en"
        _set_ui_language(self.lang)
        self.game: Game | None = None
        self.place = "setup"
        self._log: GameLog | None = None
        self._listeners: list[Listener] = []
        self._notice = ""
        self._flashes: tuple[vm.Flash, ...] = ()
        # The balances before and the events the flashes were worded from.
        self._flashed: tuple[Mapping[str, int], Sequence[Mapping[str, Any]]] = ({}, ())
        self._move: vm.MoveView | None = None
        self._proposal: vm.Proposal | None = None
        # The key of the throw the table is asked to type in (a reading needing manual entry).
        self._typed_key: tuple[str, int] | None = None
        # Bumped by every new, held or dropped proposal: an older auto-confirm timer finds it
        # changed and does nothing.
        self._auto_token = 0
        # The commands in force and their events, newest last (mirrors Game.done).
        self._stack: list[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]] = []
        # The correction worked out and waiting for the table's yes (propose_correction).
        self._correction: Correction | None = None
        self._dice_status = ""
        self._dice_banner = ""
        self._found: _Found | None = None
        #: Set by ui.devices: asks the dice module to read the throw again.
        self.reread_hook: Callable[[], bool] | None = None
        #: Set by ui.devices: throws the emulated dice (faces or random).
        self.throw_hook: Callable[[Sequence[int | str] | None], None] | None = None
        # The input gate: whether the app says when a decision is shown (else it is shown when
        # published); the decision (and dice proposal) shown last, and when; the time of the
        # last answer; the "Too soon" mark and the token of its timer; a chained decision.
        self._follows_display = False
        self._shown: tuple[tuple[int, str | None], float] | None = None
        self._answered_at: float | None = None
        self._too_soon = ""
        self._too_soon_token = 0
        self._announce = False
        self.view: vm.TableView = vm.empty_table_view(self.lang)
        if self.store.problem:
            self._notice = self.store.problem

    # -- Plumbing ---------------------------------------------------------------------------------

    @property
    def log(self) -> GameLog:
        """The game log, opened for writing on first use: from then on this app is its one
        writer (``GameLog``'s lock), and another writer (``companion play``, a second app) is
        refused until the app closes. Only starting or resuming a game opens it."""
        if self._log is None:
            self.db_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = GameLog(self.db_path, holder=HOLDER)
        return self._log

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def _timer(self, delay: float, fn: Callable[[], None]) -> None:
        """The default ``schedule``: a timer thread that hops back through ``post``."""
        timer = threading.Timer(delay, lambda: self.post(fn))
        timer.daemon = True
        timer.start()

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with each new view (now, and after every change)."""
        self._listeners.append(listener)
        listener(self.view)

    @property
    def state(self) -> GameState | None:
        return None if self.game is None else self.game.state

    @property
    def decision_id(self) -> int | None:
        """The id of the decision in force (read from any thread: a stamp for a button press)."""
        decision = self.view.decision
        return None if decision is None else decision.id

    def _publish(self) -> None:
        state = self.state
        if state is None:
            self.view = vm.empty_table_view(self.lang, notice=self._notice, place=self.place)
        else:
            can_undo = self.can_undo()
            self.view = vm.table_view(
                state,
                self.lang,
                proposal=self._proposal,
                flashes=self._flashes,
                move=self._move,
                notice=self._notice,
                place=self.place,
                can_undo=can_undo,
                undo_text=self.undo_text(),
                dice_status=self._dice_status,
                can_correct=bool(self._stack) and not can_undo,
                dice_banner=_(self._dice_banner) if self._dice_banner else "",
                too_soon=self._too_soon,
                announce=self._announce,
            )
            if not self._follows_display:
                self._mark_shown(self.view, self.clock())
        for listener in list(self._listeners):
            try:
                listener(self.view)
            except Exception:  # a screen's bug must not stop the game
                log.exception("view listener %r", listener)

    def _refuse(self, message: str) -> bool:
        """Say why nothing changed (one line), and change nothing else."""
        self._notice = message
        self._publish()
        return False

    def _say(self, message: str) -> None:
        self._notice = message
        self._publish()

    def _no_game(self) -> bool:
        return self._refuse(_("No game yet: start one or resume a saved game"))

    def _stale(self, decision_id: Any) -> bool:
        state = self.state
        assert state is not None
        if isinstance(decision_id, bool) or not isinstance(decision_id, int):
            return self._refuse(_("The answer must name the question it answers: nothing changed"))
        return self._refuse(
            _(
                "That answer was for an earlier question (#{old}); the game has moved on to #{new}: nothing changed",
                old=decision_id,
                new=state.decision.id,
            )
        )

    def _run(self, command: Command | Mapping[str, Any], *, at: float | None = None) -> bool:
        """Execute ``command`` (given by an input at time ``at``, if it has one); on success
        the flashes, the move and the view follow. A typed command (a throw's, holding its
        typed roll) goes to the game as it is."""
        from companion.banker.commands import Command

        game = self.game
        assert game is not None
        before = game.state
        try:
            events = game.execute(command if isinstance(command, Command) else dict(command))
        except (CompanionError, ValueError, TypeError, KeyError) as exc:
            return self._refuse(refusal(exc))
        self._answered_at = self.clock() if at is None else at
        logged = dict(game.done[-1])
        self._stack.append((logged, events))
        self._changed(before, events, announce=_is_chained(before, logged, game.state))
        return True

    def _changed(
        self, before: GameState, events: Sequence[Mapping[str, Any]], *, announce: bool = False
    ) -> None:
        self._flash(before.cash, events)
        self._move = vm.move_for(events, self.lang)
        self._notice = vm.order_found(events, self.lang)
        self._too_soon = ""
        self._announce = announce
        self._typed_key = None
        self._refresh_proposal()
        self._publish()

    def _flash(self, before: Mapping[str, int], events: Sequence[Mapping[str, Any]]) -> None:
        """The transfers of ``events`` lit on the table (balances from ``before``), kept to be
        worded again at a switch of language."""
        self._flashed = (before, events)
        self._flashes = vm.flashes_for(before, events, self.lang)

    def _refresh_proposal(self) -> None:
        """Keep a waiting proposal for the decision in force: dropped once applied, when no
        dice are wanted now, or when another decision is asked (002, "Jail": bail is paid
        "before you roll the dice", so a throw read in jail is not the roll after bail); an
        any-time command poses the same decision under a new id, so the proposal follows it
        there."""
        from companion.banker.throws import command_for_throw, wanted_dice

        p, game = self._proposal, self.game
        if p is None or game is None:
            return
        state = game.state
        d = state.decision
        if (
            game.has_reading(p.key)
            or state.over
            or wanted_dice(d) is None
            or (d.kind, d.player, d.code) != p.asked
        ):
            self._proposal = None
            return
        if p.decision_id != d.id:
            faces = p.faces if p.roll is None else _roll_faces(p.roll)
            faces = _counted(faces, wanted_dice(d))
            try:
                thrown = p.roll or faces
                command = command_for_throw(state.decision, thrown, p.key, dice=state.edition.dice)
            except CompanionError:
                self._proposal = None
                return
            self._proposal = replace(
                p,
                decision_id=state.decision.id,
                faces=faces,
                faces_text=vm.faces_text(faces, self.lang),
                label=vm.proposal_label(state, faces, self.lang),
                command=command,
            )

    # -- Places -----------------------------------------------------------------------------------

    def go(self, place: str) -> None:
        """Show ``place`` (one of :data:`PLACES`); the app follows ``view.place``."""
        if place not in PLACES:
            self._refuse(_("No screen {place!r}", place=place))
            return
        if place != "setup" and place != "settings" and self.game is None:
            self._no_game()
            return
        self.place = place
        self._notice = ""
        self._publish()

    # -- Setup ------------------------------------------------------------------------------------

    def edition_choices(self) -> tuple[vm.EditionChoice, ...]:
        """The editions a new game may be of (``companion.editions.known_editions``: the ones
        the companion ships), as the set-up shows them, in the table's language."""
        return tuple(vm.edition_choice(edition(e), self.lang) for e in known_editions())

    def setup_edition(self, edition_id: str, region: str | None = None) -> Edition | None:
        """The edition ``edition_id`` on the regional board ``region`` (its own board if
        none) for a new game, or ``None`` with the notice saying why (an edition or a board the
        companion does not know: a remembered set-up of another companion)."""
        try:
            return edition(edition_id, region)
        except CompanionError as exc:
            self._refuse(one_line(exc))
            return None

    def setup_choices(
        self, action_cards: bool = False, *, played: Edition | None = None
    ) -> vm.SetupChoices:
        """What a seat may pick at setup in a game of ``played`` (the table's edition if none):
        the engine's tokens and colours, the starting Travel Vouchers and Roll Three cards of
        the deck (the printed action cards with ``action_cards``; none in an edition that
        deals no starting cards), the house rules; titles in the table's language."""
        from companion.banker.engine import COLOURS, TOKENS

        played = played or table_edition()
        vouchers, roll_three = _deal_lists(played, bool(action_cards))
        return vm.setup_choices(
            self.lang,
            tokens=TOKENS,
            colours=COLOURS,
            vouchers=vouchers,
            roll_three=roll_three,
            edition=played,
        )

    def roll_three_problem(
        self,
        picks: Sequence[tuple[str, str]],
        action_cards: bool = False,
        *,
        played: Edition | None = None,
    ) -> str:
        """D4, in the table's words: the first seat whose Roll Three card the deck of
        ``played`` (the table's edition if none) cannot have dealt (``picks``: each seat's name
        and card, "1-3-6", in seat order), or ``""``."""
        clash = (played or table_edition()).roll_three_clash(picks, action_cards)
        if clash is None:
            return ""
        name, card, holders, copies = clash
        if not copies:
            return _("The printed action cards have no Roll Three card {card}.", card=card)
        text = _ROLL_THREE_HELD[copies]
        return _(text, name=name, card=card, holders=", ".join(holders))

    def opening(self, *, again: bool = False) -> vm.Opening:
        """What the first screen says before anything is played: a fault of the game log
        (another program holds it, it is read-only, the disk is full, it is damaged, it cannot
        be read at all: a file of a newer companion, a folder it cannot enter) in the
        table's words with what to do, else the newest game that can be resumed ("Resume:
        Ann, Bob, Cy, Dee (turn 41)"). The file is looked at once (``again`` looks again:
        after a rescue, or when the table tries again); the newest game is replayed then, and
        :meth:`saved_games` and :meth:`resume` take that replay."""
        if self._found is None or again:
            self._found = self._look()
        found = self._found
        if found.fault == "locked":
            message = _(
                "{holder} has the saved games open: close it there first, then tap Try again.",
                holder=holder_words(found.holder),
            )
            return vm.Opening(fault="locked", message=message)
        if found.fault == "unreadable":
            message = _(
                "The saved games cannot be read: {why}. Nothing was changed.",
                why=one_line(found.error or OSError()),
            )
            return vm.Opening(fault="unreadable", message=message)
        if found.fault:
            return vm.Opening(fault=found.fault, message=_(_FAULTS[found.fault]))
        game = found.game
        if game is None or game.state.over:
            return vm.Opening()
        players = [s.name for s in game.state.seats]
        turn = vm.turn_number(game.all_events())
        return vm.Opening(
            resume_id=game.game_id, resume_text=vm.resume_text(players, turn, self.lang)
        )

    def _look(self) -> _Found:
        """Read the game log as the first screen needs it (see :meth:`opening`), taking no
        lock: a 'companion play' playing on the file now is neither stopped nor waited for."""
        if self._log is not None:
            games, game = self._offered(self._log)
            return _Found(games=games, game=game)
        holder = writer_of(self.db_path)
        if holder is not None:
            # Listed beside the writer (a reader takes no lock), never offered to resume.
            found = _Found(fault="locked", holder=holder)
            with (
                contextlib.suppress(CompanionError, OSError),
                GameLog(self.db_path, readonly=True) as log,
            ):
                found.games = self._offered(log)[0]
            return found
        if not _writable(self.db_path):
            return _Found(fault="readonly")
        if shutil.disk_usage(existing_folder(self.db_path)).free < MIN_FREE_BYTES:
            return _Found(fault="full")
        if not self.db_path.exists():
            return _Found()
        try:
            with GameLog(self.db_path, readonly=True) as log:
                games, game = self._offered(log)
        except DamagedLogError as exc:
            return _Found(fault="damaged", error=exc)
        except (CompanionError, OSError) as exc:
            return _Found(fault="unreadable", error=exc)
        if any(isinstance(g["error"], DamagedLogError) for g in games):
            return _Found(fault="damaged", games=games, game=game)
        return _Found(games=games, game=game, summary=_summary(games, game))

    def saved_games(self) -> list[dict[str, Any]]:
        """The games in the log, newest first (``id``, ``players``, ``edition`` (its name),
        ``created``, ``last_played``, ``commands``, ``status``, ``winner``, ``problem``); [] with a notice if
        unreadable. ``problem`` says in one line why a game cannot be resumed (its pending
        decision logged broken by an older companion, or damaged rows): the newest games are
        tried down to the first that can be, the one offered; ``None`` for that one and the
        older ones. Read once with :meth:`opening` until a game is played, then as the file
        stands at each call."""
        if self._found is None or self._log is not None:
            self._found = self._look()
        found = self._found
        if found.error is not None:
            self._refuse(one_line(found.error))
        return [
            {
                **{k: v for k, v in g.items() if k not in ("error", "edition")},
                "edition": stamp_name(g["edition"]),
                "problem": None if g["error"] is None else one_line(g["error"]),
            }
            for g in found.games
        ]

    @staticmethod
    def _offered(log: GameLog) -> tuple[list[dict[str, Any]], Game | None]:
        """``log``'s games newest first, and the newest that can be resumed, resumed; the games
        before it get their ``error`` (a pending decision logged broken, or damaged rows),
        the others ``None``."""
        from companion.game import Game

        games = sorted(log.games(), key=lambda g: (g["last_played"], g["id"]), reverse=True)
        for game in games:
            game["error"] = None
        for game in games:
            try:
                return games, Game.resume(log, game["id"])
            except CompanionError as exc:
                game["error"] = exc
        return games, None

    def rescue(self) -> bool:
        """The first screen's Rescue: what can be read of the damaged game log is copied into
        a new file (``companion log salvage``), which then takes the game log's place
        (``companion restore``: the damaged file is kept beside it as
        ``<file>.before-restore-<time>``); the first screen looks at the file again."""
        if self._found is None or self._found.fault != "damaged":
            return self._refuse(_("The saved games are not damaged: nothing to rescue"))
        folder = self.db_path.parent
        try:
            with tempfile.TemporaryDirectory(prefix=".rescue-", dir=folder) as work:
                rescued = Path(work) / self.db_path.name
                salvage_log(self.db_path, rescued)
                restore(rescued, self.db_path, force=True)
        except (CompanionError, OSError) as exc:
            return self._refuse(_("Nothing could be rescued: {why}", why=one_line(exc)))
        opening = self.opening(again=True)
        self._say(opening.message or _("The saved games were rescued."))
        return not opening.fault

    def resume(self, game_id: int | None = None) -> bool:
        """Resume a saved game (default: the last played that can be resumed) where it stood."""
        from companion.game import Game

        try:
            game = self._replayed(game_id)
            if game is None:
                if game_id is None:
                    game = self._offered(self.log)[1]
                    if game is None:
                        return self._refuse(_("No saved game to resume: start a new one"))
                else:
                    game = Game.resume(self.log, game_id)
            commands = in_force(self.log.commands(game.game_id or 0)[1:])
        except (CompanionError, OSError, ValueError) as exc:
            return self._refuse(one_line(exc))
        self._load(game)
        self._stack = [(c.command, c.events) for c in commands]
        self._remember()
        self.place = "table"
        self._publish()
        return True

    def _replayed(self, game_id: int | None) -> Game | None:
        """The game the first screen replayed (:meth:`opening`), when ``game_id`` names it and
        the file, now open to write, still holds it as it was read; else ``None``."""
        found = self._found
        if found is None or found.game is None or found.summary is None:
            return None
        game = found.game
        if game_id not in (None, game.game_id):
            return None
        now = next((g for g in self.log.games() if g["id"] == game.game_id), None)
        if now is None or _summary([now], game) != found.summary:
            return None  # another program played on it since: replayed from the file again
        game.log = self.log
        return game

    def start_game(
        self,
        players: Sequence[Mapping[str, Any]],
        rules: Mapping[str, Any] | None = None,
        *,
        edition: Edition | None = None,
    ) -> bool:
        """A new game of ``edition`` (Ultimate if none): ``players`` (Ultimate: 2 to 12) each
        with ``name``, ``token``, ``colour`` and, when the physical cards are already drawn,
        ``voucher`` (id) and ``roll_three`` (``"1-3-6"``); ``rules`` the house rules
        (``companion.rules.table.Options`` fields). The starting cards given are dealt at
        once; the others are asked on the table."""
        from companion.game import Game

        try:
            seats = [
                {k: p.get(k) for k in ("name", "token", "colour") if p.get(k)} for p in players
            ]
            # Tried without a log first: a refused table leaves no game behind in the file.
            trial = Game.new(seats, rules=dict(rules or {}), edition=edition)
            deals = self._deals(trial, players)
            game = Game.new(seats, rules=dict(rules or {}), log=self.log, edition=edition)
        except (CompanionError, ValueError, TypeError, AttributeError, OSError) as exc:
            return self._refuse(one_line(exc))
        self._load(game)
        for command in deals:
            self._run(command)
        self._flashes = ()
        try:
            self.store.save(
                players=seats,
                rules=dict(rules or {}),
                edition=game.state.edition.id,
                region=game.state.edition.region or "",
                last_game=game.game_id,
            )
        except OSError as exc:
            self._notice = _("The table could not be remembered: {why}", why=one_line(exc))
        self.place = "table"
        self._publish()
        return True

    @staticmethod
    def _deals(trial: Game, players: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The deal commands of the starting cards given, checked on a game without a log."""
        deals = []
        for p in players:
            voucher, roll_three = p.get("voucher"), p.get("roll_three")
            if not voucher and not roll_three:
                break
            name = str(p.get("name", "")).strip()
            if not voucher or not roll_three:
                raise ValueError(
                    _(
                        "{player}: give both the Travel Voucher and the Roll Three card, or neither",
                        player=name,
                    )
                )
            command = {
                "type": "deal",
                "player": name,
                "voucher": voucher,
                "roll_three": roll_three,
            }
            trial.execute(command)
            deals.append(command)
        return deals

    def start_from_situation(self, situation_json: str | Mapping[str, Any]) -> bool:
        """A game already under way: the table as it stands (``docs/situation.md``)."""
        from companion.game import Game

        try:
            data = parse_json(situation_json) if isinstance(situation_json, str) else situation_json
            Game.from_situation(data)  # checked first: a refused table logs nothing
            game = Game.from_situation(data, log=self.log)
        except json.JSONDecodeError as exc:
            return self._refuse(_("The situation is not JSON: {why}", why=one_line(exc)))
        except (CompanionError, ValueError, TypeError, KeyError, OSError) as exc:
            return self._refuse(one_line(exc))
        self._load(game)
        self._remember()
        self.place = "table"
        self._publish()
        return True

    def _load(self, game: Game) -> None:
        self.game = game
        set_table_edition(game.state.edition)
        self._found = None  # the file is this app's now: read from its writer from now on
        self._stack = []
        self._proposal = None
        self._flashes = ()
        self._move = None
        self._notice = ""
        self._typed_key = None
        self._shown = None
        self._answered_at = None
        self._too_soon = ""
        self._announce = False

    def _remember(self) -> None:
        state = self.state
        if state is None or self.game is None:
            return
        try:
            self.store.save(
                players=[
                    {"name": s.name, "token": s.token, "colour": s.colour} for s in state.seats
                ],
                edition=state.edition.id,
                region=state.edition.region or "",
                last_game=self.game.game_id,
            )
        except OSError as exc:
            self._notice = _("The table could not be remembered: {why}", why=one_line(exc))

    # -- The input gate ---------------------------------------------------------------------------

    def follow_display(self) -> None:
        """From now on a decision counts as shown only when the app says so (:meth:`shown`):
        the table screen calls this when it is built."""
        self._follows_display = True
        self._shown = None

    def shown(self, view: vm.TableView, *, at: float | None = None) -> None:
        """The app has drawn ``view``'s decision (and dice proposal) in full, the move's
        animation and a chained decision's announcement done: from ``at`` (now by default)
        plus the settle time, an input may answer it. A view that is no longer the one in
        force is ignored."""
        if _shown_key(view) == _shown_key(self.view):
            self._mark_shown(self.view, self.clock() if at is None else at)

    def is_shown(self, view: vm.TableView) -> bool:
        """Whether ``view``'s decision and dice proposal, those in force, count as shown."""
        key = _shown_key(view)
        return self._shown is not None and key == self._shown[0] == _shown_key(self.view)

    def _mark_shown(self, view: vm.TableView, at: float) -> None:
        key = _shown_key(view)
        if key is not None and (self._shown is None or self._shown[0] != key):
            self._shown = (key, at)
            self._announce = False  # announced once: a dice reading on it is not announced

    def settle_seconds(self) -> float:
        """The settle time (the ``settle_ms`` setting; :data:`SETTLE_MS` when it is missing
        or out of :data:`SETTLE_RANGE`), in seconds."""
        value = self.store.get("settle_ms", SETTLE_MS)
        low, high = SETTLE_RANGE
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            value = SETTLE_MS
        return value / 1000

    def _repeated(self, at: float) -> bool:
        """Whether an input at ``at`` repeats the answer just given (within the settle time)."""
        return self._answered_at is not None and at - self._answered_at < self.settle_seconds()

    def _settled(self, at: float) -> bool:
        """Whether the decision in force was shown, unchanged, a settle time before ``at``."""
        shown = self._shown
        return (
            shown is not None
            and shown[0] == _shown_key(self.view)
            and at - shown[1] >= self.settle_seconds()
        )

    def ready(self, at: float | None = None) -> bool:
        """Whether an input at ``at`` (now by default) would pass the gate: the decision in
        force is shown and settled, and no answer was just given (the demo waits on it)."""
        at = self.clock() if at is None else at
        return self.game is not None and not self._repeated(at) and self._settled(at)

    def _refuse_too_soon(self) -> bool:
        """The short "Too soon" mark on the table, taken off after :data:`TOO_SOON_SECONDS`;
        nothing else changes."""
        self._too_soon = _("Too soon")
        self._too_soon_token += 1
        if self.schedule is not None:
            token = self._too_soon_token
            self.schedule(TOO_SOON_SECONDS, lambda: self._clear_too_soon(token))
        self._publish()
        return False

    def _clear_too_soon(self, token: int) -> None:
        if token == self._too_soon_token and self._too_soon:
            self._too_soon = ""
            self._publish()

    # -- The decision -----------------------------------------------------------------------------

    def _check(self, decision_id: Any, at: float | None = None) -> bool:
        """True when a game is on, ``decision_id`` is the decision in force, and an input at
        ``at`` (if it has a time) passes the gate (see the module docstring); else a notice,
        or the "Too soon" mark (also for a repeat of the answer just given)."""
        if self.game is None:
            return self._no_game()
        if at is not None and self._repeated(at):
            return self._refuse_too_soon()
        if isinstance(decision_id, bool) or decision_id != self.game.state.decision.id:
            return self._stale(decision_id)
        if at is not None and not self._settled(at):
            return self._refuse_too_soon()
        return True

    def answer(self, decision_id: int, index: int, *, at: float | None = None, **free: Any) -> bool:
        """Answer the decision with its choice at ``index`` (0-based), the free fields filled;
        ``at``: the input's time (see the module docstring)."""
        from companion.banker.options import command_of

        if not self._check(decision_id, at):
            return False
        state = self.game.state if self.game else None
        assert state is not None
        options = state.decision.options
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(options):
            return self._refuse(
                _(
                    "There is no answer {number} now: choose one of the {count} shown",
                    number=index + 1 if isinstance(index, int) else index,
                    count=len(options),
                )
            )
        option = options[index]
        try:
            command = command_of(option, state.decision.player, **free)
        except (ValueError, TypeError) as exc:
            return self._refuse(one_line(exc))
        return self._run({**command, "decision": decision_id}, at=at)

    def answer_command(
        self, decision_id: int, command: Mapping[str, Any], *, at: float | None = None
    ) -> bool:
        """A free-form answer (a bid, a card picked, a space): the command as JSON; ``player``
        defaults to the decision's."""
        if not self._check(decision_id, at):
            return False
        if not isinstance(command, Mapping) or not isinstance(command.get("type"), str):
            return self._refuse(_("An answer is a command with a type: nothing changed"))
        state = self.game.state if self.game else None
        assert state is not None
        data = {"player": state.decision.player, **command, "decision": decision_id}
        if data["type"] in DICE_COMMANDS and self._typed_key and self._typed_key[1] == decision_id:
            data.setdefault("reading", self._typed_key[0])
        return self._run(data, at=at)

    def anytime(
        self, decision_id: int, command: Mapping[str, Any], *, at: float | None = None
    ) -> bool:
        """An any-time command (build, sell, mortgage, lift, play a card, trade, end the game),
        given under the decision in force; it names its ``player``."""
        if not self._check(decision_id, at):
            return False
        if not isinstance(command, Mapping) or not command.get("player"):
            return self._refuse(_("Say who does it: the command names no player"))
        return self._run({**command, "decision": decision_id}, at=at)

    def press(
        self, position: int, *, decision_id: int | None = None, at: float | None = None
    ) -> bool:
        """A physical button (or its key): position ``k`` answers the decision's ``k``-th
        numbered choice (``DecisionView.numbered``: the main actions, never an entry of a
        list); with a dice proposal waiting, position 1 confirms it. ``decision_id`` is the
        decision in force when the button went down and ``at`` its time (:mod:`ui.devices`
        stamps both), so a doubled edge acts once and a press sooner than the settle time
        after a decision is shown does nothing."""
        if self.game is None:
            return self._no_game()
        state = self.game.state
        if decision_id is None:
            decision_id = state.decision.id
        if not self._check(decision_id, at):
            return False
        if self._proposal is not None and position == 1:
            return self.confirm_roll(decision_id, at=at)
        decision = self.view.decision
        numbered = decision.numbered if decision is not None else ()
        if not 1 <= position <= len(numbered):
            if not numbered and decision is not None and any(c.is_entry for c in decision.choices):
                return self._refuse(
                    _("Button {number}: pick from the list on the screen", number=position)
                )
            return self._refuse(_("Button {number} has nothing to do now", number=position))
        assert decision is not None
        index = numbered[position - 1]
        choice = decision.choices[index]
        if choice.free:
            if set(choice.free) == {"dice"}:
                return self._refuse(_("Throw the dice, or enter them on the screen"))
            return self._refuse(_("Choose on the screen: {label}", label=choice.label))
        return self.answer(decision_id, index, at=at)

    def action(self, name: str, *, decision_id: int | None = None, at: float | None = None) -> bool:
        """A button's configured action (``hardware.config.ACTIONS``): ``roll`` (confirm the
        proposal), ``reread``, ``cancel`` (drop the proposal), ``undo``, ``next`` (end the
        turn); ``roll`` and ``next`` answer the decision through the input gate."""
        if name == "roll":
            return self.press(1, decision_id=decision_id, at=at)
        if name == "reread":
            return self.reread()
        if name == "cancel":
            return self.cancel_proposal()
        if name == "undo":
            return self.undo()
        if name == "next":
            if self.game is None:
                return self._no_game()
            current = self.game.state.decision.id
            if decision_id is not None and decision_id != current:
                return self._stale(decision_id)
            choices = self.view.decision.choices if self.view.decision else ()
            for i, c in enumerate(choices):
                if c.key == "end_turn":
                    return self.answer(current, i, at=at)
            return self._refuse(_("The turn cannot end yet"))
        return self._refuse(_("No button action {name!r}", name=name))

    # -- Dice -------------------------------------------------------------------------------------

    def on_reading(self, reading: DiceReading) -> None:
        """A dice reading: a proposal for the decision that wants dice (replaced by a re-read
        of the same throw or a newer throw; ignored once its throw is applied)."""
        from companion.banker.throws import command_for_throw, is_stray_speed_die, wanted_dice

        game = self.game
        shown = vm.faces_text(_faces(reading), self.lang) if reading.dice else _("nothing")
        if game is None:
            self._say(_("Dice read {faces}: no game yet", faces=shown))
            return
        if game.has_reading(reading.key):
            return  # that throw moved the game already: a re-read changes nothing
        state = game.state
        decision = state.decision
        if state.over or wanted_dice(decision) is None:
            self._say(_("Dice read {faces}: ignored, no dice are wanted now", faces=shown))
            return
        if reading.needs_manual_entry:
            self._proposal = None  # a newer throw: confirming must not apply the one before
            self._typed_key = (reading.key, decision.id)
            self._say(
                _(
                    "Dice read {faces}, but {why}: enter the dice on the screen",
                    faces=shown,
                    why=reading.explanation,
                )
            )
            return
        if is_stray_speed_die(reading.speed, state.edition.dice):
            # A module set up for another game (or a stray die in the tray): the table throws
            # again with this game's dice; nothing is proposed, the waiting proposal stays.
            self._say(
                _(
                    "Dice read {faces}: {edition} has no speed die: take it out of the tray "
                    "and throw again",
                    faces=shown,
                    edition=state.edition.name,
                )
            )
            return
        faces = _counted(_faces(reading), wanted_dice(decision))
        shown = vm.faces_text(faces, self.lang)
        try:
            # The reader's typed roll itself when it has one: the engine takes that object.
            thrown = faces if reading.roll is None else reading.roll
            command = command_for_throw(decision, thrown, reading.key, dice=state.edition.dice)
        except CompanionError as exc:
            self._proposal = None
            self._typed_key = (reading.key, decision.id)
            self._say(_("Dice read {faces}: {why}", faces=shown, why=one_line(exc)))
            return
        self._auto_token += 1
        seconds = self.auto_confirm_seconds()
        self._proposal = vm.Proposal(
            key=reading.key,
            faces=faces,
            faces_text=shown,
            label=vm.proposal_label(state, faces, self.lang),
            decision_id=decision.id,
            auto_confirm=seconds,
            auto_text=_auto_text(seconds),
            command=command,
            roll=reading.roll,
            asked=(decision.kind, decision.player, decision.code),
        )
        if seconds and self.schedule is not None:
            token, key = self._auto_token, reading.key
            self.schedule(seconds, lambda: self._auto_confirm(token, key))
        self._notice = self._proposal.auto_text
        self._publish()

    def auto_confirm_seconds(self) -> int:
        """The auto-confirm setting (seconds, 0 = off), or 0 when nothing can run the timer."""
        if self.schedule is None:
            return 0
        value = self.store.get("auto_confirm", 0)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            return 0
        return int(value)

    def _auto_confirm(self, token: int, key: str) -> None:
        """The auto-confirm timer: apply the proposal it was set for, if it still waits."""
        p = self._proposal
        if token != self._auto_token or p is None or p.key != key or self.game is None:
            return  # re-read, held, corrected, dropped or applied since: nothing to do
        self.confirm_roll(p.decision_id)

    def hold_proposal(self) -> bool:
        """The table is correcting the reading: it stays proposed but is no longer confirmed
        by itself (confirm it, enter the dice, or cancel it)."""
        p = self._proposal
        if p is None:
            return self._refuse(_("No dice reading is waiting"))
        self._auto_token += 1
        if p.auto_confirm:
            self._proposal = replace(p, auto_confirm=0, auto_text="")
            self._notice = ""
            self._publish()
        return True

    def confirm_roll(self, decision_id: int, *, at: float | None = None) -> bool:
        """Apply the dice proposal (as read) to the decision ``decision_id``."""
        if not self._check(decision_id, at):
            return False
        p = self._proposal
        if p is None or p.decision_id != decision_id or p.command is None:
            return self._refuse(_("No dice reading to confirm: throw the dice or enter them"))
        # The command made from the reading for this very decision (the proposal follows a
        # new decision id with its own): the engine checks it as it checks any command.
        return self._run(p.command, at=at)

    def enter_roll(
        self, decision_id: int, faces: Sequence[int | str], *, at: float | None = None
    ) -> bool:
        """The dice entered by touch (no module, a reading to correct before it is applied):
        the command the decision needs. It carries the key of the throw being corrected, so a
        later re-read of that throw is ignored."""
        from companion.banker.throws import command_for_throw, wanted_dice

        if not self._check(decision_id, at):
            return False
        game = self.game
        assert game is not None
        key = None
        if self._proposal is not None and self._proposal.decision_id == decision_id:
            key = self._proposal.key
        elif self._typed_key is not None and self._typed_key[1] == decision_id:
            key = self._typed_key[0]
        try:
            command = command_for_throw(
                game.state.decision,
                _normal_faces(faces, wanted_dice(game.state.decision)),
                key,
                dice=game.state.edition.dice,
            )
        except (CompanionError, ValueError, TypeError) as exc:
            return self._refuse(refusal(exc))
        return self._run(command, at=at)

    def cancel_proposal(self) -> bool:
        """Drop the waiting dice proposal (the table will throw again or type the roll)."""
        if self._proposal is None:
            return self._refuse(_("No dice reading is waiting"))
        self._auto_token += 1
        self._proposal = None
        self._say(_("The dice reading was dropped: throw again or enter the dice"))
        return True

    def reread(self) -> bool:
        """Ask the dice module to read the last throw again (the roll button held)."""
        if self.reread_hook is None:
            return self._refuse(_("No dice module is connected: enter the dice on the screen"))
        try:
            asked = self.reread_hook()
        except Exception as exc:  # noqa: BLE001 - a module's trouble is a notice
            return self._refuse(one_line(exc))
        if not asked:
            return self._refuse(_("The dice module cannot read again now"))
        self._say(_("Reading the dice again…"))
        return True

    def throw(self, faces: Sequence[int | str] | None = None) -> bool:
        """Throw the emulated dice (desktop and demo): the reading comes back through the
        reader as a proposal."""
        if self.throw_hook is None:
            return self._refuse(_("No emulated dice module: enter the dice on the screen"))
        try:
            self.throw_hook(faces)
        except Exception as exc:  # noqa: BLE001
            return self._refuse(one_line(exc))
        return True

    def on_dice_status(self, status: ReaderStatus) -> None:
        """The dice module's state changed: shown in words on the table."""
        if status.is_connected and status.fault is None:
            text = _("Dice module ready")
        elif status.state == "connected":
            fault = status.fault or ""
            said = (
                _(TRAY_FAULT_WORDS[fault]) if fault in TRAY_FAULT_WORDS else fault
            )  # a new code as sent
            text = _("Dice module: {fault}: enter the dice on the screen", fault=said)
        elif status.state in DICE_STATE_WORDS:
            text = _(DICE_STATE_WORDS[status.state])
        else:
            text = _("Dice module {state}: enter the dice on the screen", state=status.state)
        # Worded when shown (the language may change); kept while a module comes back (its
        # port opened, its greeting awaited), so it goes only once the dice can be read.
        banner = _DICE_AWAY.get(status.state, "")
        if status.state == "connecting":
            banner = self._dice_banner
        if (text, banner) != (self._dice_status, self._dice_banner):
            self._dice_status, self._dice_banner = text, banner
            self._publish()

    # -- Undo and corrections ---------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back now (see :meth:`undo`)."""
        return bool(self._stack) and self._stack[-1][0].get("type") not in RANDOM_COMMANDS

    def undo_text(self) -> str:
        """What :meth:`undo` would take back, in words ("" when nothing)."""
        if not self._stack:
            return ""
        command, events = self._stack[-1]
        if command.get("type") in RANDOM_COMMANDS:
            return _("The dice and the cards cannot be taken back: correct the roll instead")
        what = i18n.worded(lambda lang: _what_was_done(command, events, lang), self.lang)
        said = vm.command_sentences(events, self.lang)
        player = str(command.get("player") or "")
        lot = vm.lot_action_text(command, events, self.lang)
        # "Undo: Bob pays $60 ...", not "Undo Bob: Bob pays ..."; a lot's action keeps its player.
        if not lot and said and player in said[0]:
            return _("Undo: {what}", what=what)
        return _("Undo {player}: {what}", player=player, what=what)

    def undo(self) -> bool:
        """Take back the last command in force, leaving a visible correction in the history.

        The table's rule (``../shared/UI.md`` §5.7, BGA's policy): undo never goes past a throw
        of the dice or a card drawn (roll, turn-order roll, dice, draw, the starting deal),
        since the table has seen what they showed and a player could fish for a better one.
        A misread throw or a mistyped card is fixed with :meth:`correct` / :meth:`correct_roll`
        instead: the engine's ``Game.undo``/``Game.correct`` replace that one command.
        """
        if self.game is None:
            return self._no_game()
        if not self._stack:
            return self._refuse(_("Nothing to undo since the game started"))
        if not self.can_undo():
            return self._refuse(
                _("The dice and the cards cannot be taken back: correct the roll instead")
            )
        before = self.game.state
        try:
            self.game.undo(player=str(self.game.state.decision.player))
        except (CompanionError, OSError) as exc:
            return self._refuse(one_line(exc))
        command, events = self._stack.pop()
        self._flash(before.cash, _reversed(events))
        self._move = None
        self._proposal = None
        self._too_soon = ""
        self._announce = False
        # The table's banner says what was taken back, not the transfers back as if new.
        what = i18n.worded(lambda lang: _what_was_done(command, events, lang), self.lang)
        self._notice = _("Undone: {what}", what=what)
        self._publish()
        return True

    def correct(self, command: Mapping[str, Any]) -> bool:
        """Replace the last command in force (a misread roll, a mistyped card) with
        ``command``; checked first, so a bad correction changes nothing."""
        game = self.game
        if game is None:
            return self._no_game()
        before_state = game.previous_state
        if before_state is None or not self._stack:
            return self._refuse(_("There is nothing to correct yet"))
        if not isinstance(command, Mapping) or not isinstance(command.get("type"), str):
            return self._refuse(_("A correction is a command with a type: nothing changed"))
        data = {"player": before_state.decision.player, **command}
        data.pop("decision", None)
        try:
            events = game.correct(data)
        except (CompanionError, ValueError, TypeError, KeyError, OSError) as exc:
            return self._refuse(refusal(exc))
        self._stack.pop()
        self._stack.append((dict(game.done[-1]), events))
        self._changed(before_state, events)
        return True

    def correct_roll(self, faces: Sequence[int | str]) -> bool:
        """The last throw applied was misread: apply ``faces`` instead (``Game.correct``)."""
        from companion.banker.throws import command_for_throw, wanted_dice

        game = self.game
        if game is None:
            return self._no_game()
        before_state = game.previous_state
        if not self._stack or self._stack[-1][0].get("type") not in DICE_COMMANDS:
            return self._refuse(_("The last thing done was not a throw of the dice"))
        assert before_state is not None
        last = self._stack[-1][0]
        try:
            command = command_for_throw(
                before_state.decision,
                _normal_faces(faces, wanted_dice(before_state.decision)),
                last.get("reading"),
                dice=before_state.edition.dice,
            ).to_json()
        except (CompanionError, ValueError, TypeError) as exc:
            return self._refuse(refusal(exc))
        command.pop("decision", None)
        return self.correct(command)

    # -- Corrections of any answer in force -----------------------------------------------------

    def last_seq(self) -> int | None:
        """The number of the last command in force (what "Correct…" on the table corrects)."""
        return None if self.game is None else self.game.last_seq

    def entry_words(self, seq: int) -> str:
        """What command #``seq`` in force did, in words ("" when it is not in force)."""
        game = self.game
        events = next((e for s, _c, e in game.entries if s == seq), ()) if game else ()
        return vm.command_words(events, self.lang)

    def correction_view(self, seq: int) -> vm.TableView | None:
        """The table as it stood before command #``seq``, its decision with the answers it
        had (what the correction dialog offers); ``None`` with a notice when #``seq`` is not
        an answer in force."""
        found = self._correctable(seq)
        return None if found is None else vm.table_view(found[2], self.lang, place=self.place)

    def _correctable(
        self, seq: int
    ) -> tuple[Mapping[str, Any], Sequence[Mapping[str, Any]], GameState] | None:
        """Command #``seq`` in force, its events and the game as it stood before it, when it
        is an answer that can be corrected; else ``None`` with a notice."""
        game = self.game
        if game is None:
            self._no_game()
            return None
        entry = next((e for e in game.entries if e[0] == seq), None)
        if entry is None:
            self._refuse(
                _("#{number} is not in force: only what stands can be corrected", number=seq)
            )
            return None
        state = game.state_before(seq)
        if entry[1].get("type") not in state.decision.answers:
            self._refuse(
                _(
                    "#{number} answered no question (a building, a sale, a mortgage, a trade): "
                    "undo it instead",
                    number=seq,
                )
            )
            return None
        return entry[1], entry[2], state

    def correction_answers(
        self,
        seq: int,
        view: vm.TableView,
        on_proposal: Callable[[vm.CorrectionView | None], None],
    ) -> CorrectionAnswers:
        """What the correction dialog gives a decision's dialog in place of this controller
        (:class:`CorrectionAnswers`)."""
        return CorrectionAnswers(self, seq, view, on_proposal)

    def propose_correction(
        self,
        seq: int,
        *,
        index: int | None = None,
        free: Mapping[str, Any] | None = None,
        command: Mapping[str, Any] | None = None,
        faces: Sequence[int | str] | None = None,
    ) -> vm.CorrectionView | None:
        """Work out command #``seq`` answered otherwise: by the decision's choice at
        ``index`` (its ``free`` fields filled), a ``command``, or the dice ``faces``; the game
        is played again after it. Nothing is recorded until :meth:`apply_correction`; a
        refusal is one line in the notice and changes nothing."""
        from companion.banker.options import command_of
        from companion.banker.throws import command_for_throw, wanted_dice

        game = self.game
        self._correction = None
        found = self._correctable(seq)
        if game is None or found is None:
            return None
        old, was, state = found
        decision = state.decision
        try:
            if faces is not None:
                data = command_for_throw(
                    decision,
                    _normal_faces(faces, wanted_dice(decision)),
                    old.get("reading"),
                    dice=state.edition.dice,
                ).to_json()
            elif command is not None:
                data = {"player": decision.player, **command}
            elif isinstance(index, int) and 0 <= index < len(decision.options):
                data = command_of(decision.options[index], decision.player, **dict(free or {}))
            else:
                self._refuse(_("Choose the right answer among those shown"))
                return None
            data["decision"] = decision.id
            plan = game.plan_correction(seq, data)
        except (CompanionError, ValueError, TypeError, KeyError) as exc:
            self._refuse(refusal(exc))
            return None
        self._correction = plan
        return vm.correction_view(
            seq,
            was,
            plan.replayed[0][1],
            plan.before,
            plan.after,
            replayed=len(plan.replayed) - 1,
            dropped=len(plan.dropped),
            lang=self.lang,
        )

    def apply_correction(self) -> bool:
        """Record the correction :meth:`propose_correction` worked out (the undone commands
        struck in the history, the replacement and the answers played again after them)."""
        game, plan = self.game, self._correction
        self._correction = None
        if game is None:
            return self._no_game()
        if plan is None:
            return self._refuse(_("No correction is waiting: choose the right answer first"))
        try:
            game.apply_correction(plan)
        except (CompanionError, OSError) as exc:
            return self._refuse(refusal(exc))
        self._stack = [(dict(c), list(e)) for _s, c, e in game.entries]
        self._flashes = ()
        self._move = None
        self._proposal = None
        self._typed_key = None
        self._notice = _(
            "Corrected #{number}: {what}",
            number=plan.seq,
            what=vm.command_words(plan.replayed[0][1], self.lang, first=True),
        )
        self._publish()
        return True

    def cancel_correction(self) -> None:
        """Forget the correction worked out (nothing was recorded)."""
        self._correction = None

    # -- Settings ---------------------------------------------------------------------------------

    def set_language(self, lang: str) -> bool:
        """Switch the views' language live (``en``, ``fr``), remembered for next time."""
        if lang not in languages():
            return self._refuse(
                _(
                    "No language {lang!r}: choose one of {langs}",
                    lang=lang,
                    langs=", ".join(languages()),
                )
            )
        self.lang = lang
        _set_ui_language(lang)
        try:
            self.store.save(lang=lang)
        except OSError as exc:
            self._notice = _("The setting could not be saved: {why}", why=one_line(exc))
        # What the table shows was worded in the old language: it is worded again.
        self._notice = i18n.reword(self._notice, lang)
        self._dice_status = i18n.reword(self._dice_status, lang)
        self._flashes = vm.flashes_for(*self._flashed, lang) if self._flashes else ()
        if self._move is not None and self.game is not None and self._stack:
            self._move = vm.move_for(self._stack[-1][1], lang)
        if self._proposal is not None and self.state is not None:
            self._proposal = replace(
                self._proposal,
                faces_text=vm.faces_text(self._proposal.faces, lang),
                label=vm.proposal_label(self.state, self._proposal.faces, lang),
                auto_text=_auto_text(self._proposal.auto_confirm),
            )
        self._publish()
        return True

    def doctor(self) -> list[vm.DoctorLine]:
        """The installation checked as ``companion doctor`` checks it (screen, touch, drawing,
        dice module, buttons, game log, disk, backup), for the user running the app, each line
        in the table's language with its fix. What the running app holds (the screen, the dice
        module's port, the buttons) is read from what it recorded (``ui.appstatus``)."""
        setting = Setting(
            db=self.db_path, backups=default_backups(self.db_path), account=Account.current()
        )
        return [
            vm.DoctorLine(
                name=_(_CHECK_NAMES[c.name]) if c.name in _CHECK_NAMES else c.name,
                status=c.status.lower(),
                detail=_worded(c.said),
                fix=_worded(c.fix_said) if c.ok is False and c.fix_said is not None else "",
            )
            for c in run_checks(setting)
        ]

    # -- The other screens ------------------------------------------------------------------------

    @property
    def speed_faces(self) -> tuple[str, ...]:
        """The speed die's faces of the edition at the table (``edition.dice``), for the
        screens that let the table enter a roll."""
        return table_edition().dice.speed_faces

    @property
    def start_space(self) -> str:
        """The key of the space every token starts on (GO) in the edition at the table."""
        return table_edition().board.start.key

    def board_view(self) -> vm.BoardView:
        path = self._move.path if self._move is not None else ()
        return vm.board_view(self.state, self.lang, path=path)

    def player_sheet(self, name: str) -> vm.PlayerSheet | None:
        state = self.state
        if state is None:
            self._no_game()
            return None
        try:
            return vm.player_sheet(state, name, self.lang)
        except KeyError:
            self._refuse(_("No player {name!r} at this table", name=name))
            return None

    def tradables(self, player: str) -> tuple[vm.TradeItem, ...]:
        """What ``player`` may put into a trade (the trade dialog's buttons); () with a notice
        when there is no game or no such player."""
        state = self.state
        if state is None:
            self._no_game()
            return ()
        try:
            return vm.tradables(state, player, self.lang)
        except KeyError:
            self._refuse(_("No player {name!r} at this table", name=player))
            return ()

    def space_card(self, key: str) -> vm.SpaceView | None:
        """A tapped space: its deed, owner and rent now."""
        try:
            return vm.space_view(self.state, key, self.lang)
        except (CompanionError, KeyError, ValueError) as exc:
            self._refuse(one_line(exc))
            return None

    def ask_referee(
        self,
        space: str,
        faces: Sequence[int | str] = (),
        card: str | None = None,
        voucher: str | None = None,
    ) -> vm.RefereeView:
        """The referee's explained path from ``space`` for a roll, a card or a voucher, for
        the player whose turn it is on the table as it stands; the game does not change."""
        state = self.state
        player = state.turn or state.decision.player if state is not None else None
        view = vm.referee_view(
            space, _normal_faces(faces), card, voucher, self.lang, state=state, player=player
        )
        if view.error:
            self._say(view.error)
        return view

    def referee_cards(self) -> tuple[tuple[str, str], ...]:
        """(card id, title shown) of every Chance and Community Chest card
        :meth:`ask_referee` can resolve (not those whose drawer chooses the move)."""
        return vm.referee_cards(self.lang)

    def referee_vouchers(self) -> tuple[tuple[str, str], ...]:
        """(voucher id, title shown) of every Travel Voucher :meth:`ask_referee` can resolve."""
        return vm.referee_vouchers(self.lang)

    def history(self, player: str | None = None) -> list[vm.HistoryRow]:
        """The game's history in words, oldest first (see :func:`ui.viewmodels.history_rows`)."""
        game = self.game
        if game is None or game.game_id is None:
            return []
        try:
            commands = self.log.commands(game.game_id)
        except (CompanionError, OSError) as exc:
            self._refuse(one_line(exc))
            return []
        colours = {s.name: s.colour or "" for s in game.state.seats}  # always one: chosen at start
        return vm.history_rows(commands, self.lang, player=player, colours=colours)

    def net_worth(self) -> dict[str, list[int]]:
        """Each player's net worth at the start and after each command in force."""
        game = self.game
        if game is None:
            return {}
        return vm.net_worth_series(game.start_events, [events for _c, events in self._stack])

    def export(self, fmt: str, path: str | Path) -> Path | None:
        """Write the game's history to ``path`` in ``fmt`` (``text``, ``jsonl``, ``csv``: the
        formats of ``companion history``); returns the path, or ``None`` with a notice."""
        game = self.game
        if game is None or game.game_id is None:
            self._no_game()
            return None
        if fmt not in log_history.FORMATS:
            self._refuse(
                _(
                    "No export format {fmt!r}: choose one of {formats}",
                    fmt=fmt,
                    formats=", ".join(log_history.FORMATS),
                )
            )
            return None
        target = Path(path)
        try:
            commands = self.log.commands(game.game_id)
            if fmt == "text":
                text = "\n".join(log_history.text_lines(game.game_id, commands)) + "\n"
            elif fmt == "jsonl":
                text = "\n".join(log_history.jsonl_lines(game.game_id, commands)) + "\n"
            else:
                text = log_history.csv_text(game.game_id, commands)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except (CompanionError, OSError) as exc:
            self._refuse(one_line(exc))
            return None
        self._say(_("History written to {path}", path=str(target)))
        return target


class CorrectionAnswers:
    """What a decision's dialog calls (``ui.dialogs``), for the correction of command #``seq``:
    the dialog shows the decision as it stood then (``view``), and its answer works out the
    correction (:meth:`TableController.propose_correction`) instead of answering the decision
    in force; ``on_proposal`` gets what it worked out (``None``: refused, see the notice)."""

    #: No dice are thrown for a correction: the faces seen are entered.
    throw_hook = None

    def __init__(
        self,
        controller: TableController,
        seq: int,
        view: vm.TableView,
        on_proposal: Callable[[vm.CorrectionView | None], None],
    ) -> None:
        self.controller = controller
        self.seq = seq
        self.view = view
        self.on_proposal = on_proposal

    @property
    def decision_id(self) -> int | None:
        decision = self.view.decision
        return None if decision is None else decision.id

    def clock(self) -> float:
        return self.controller.clock()

    @property
    def speed_faces(self) -> tuple[str, ...]:
        """The dice dialog's speed die, as the table's controller gives it."""
        return self.controller.speed_faces

    # A correction is worked out, not answered: the input gate's time (``at``) does not apply
    # (the table sees what it changes and taps "Apply the correction").
    def answer(self, decision_id: int, index: int, *, at: float | None = None, **free: Any) -> bool:
        return self._propose(index=index, free=free)

    def answer_command(
        self, decision_id: int, command: Mapping[str, Any], *, at: float | None = None
    ) -> bool:
        return self._propose(command=command)

    def enter_roll(
        self, decision_id: int, faces: Sequence[int | str], *, at: float | None = None
    ) -> bool:
        return self._propose(faces=faces)

    def confirm_roll(self, decision_id: int, *, at: float | None = None) -> bool:
        return False

    def throw(self, faces: Sequence[int | str] | None = None) -> bool:
        return False

    def anytime(
        self, decision_id: int, command: Mapping[str, Any], *, at: float | None = None
    ) -> bool:
        return False

    def tradables(self, player: str) -> tuple[vm.TradeItem, ...]:
        return self.controller.tradables(player)

    def go(self, place: str) -> None:
        """A correction stays in its dialog: no other place is shown under it."""

    def _propose(self, **how: Any) -> bool:
        proposal = self.controller.propose_correction(self.seq, **how)
        self.on_proposal(proposal)
        return proposal is not None


#: A seat's Roll Three card that the deck has already given to others, by the deck's copies.
_ROLL_THREE_HELD = {
    1: N_("{name}'s Roll Three card {card} is already held by {holders}: the deck has one {card}."),
    2: N_("{name}'s Roll Three card {card} is already held by {holders}: the deck has two {card}."),
}


@functools.cache
def _deal_lists(played: Edition, action_cards: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Travel Vouchers and Roll Three cards a new game of ``played``'s first deal accepts:
    the engine's own lists, read from the options of a trial game's ``deal`` decision (none in
    an edition that deals no starting cards)."""
    from companion.game import Game

    if not played.deals_starting_cards:
        return (), ()
    game = Game.new(
        [{"name": "A"}, {"name": "B"}],
        rules={"roll_three_action_cards": action_cards},
        edition=played,
    )
    (option,) = game.state.decision.options
    free = option["free"]
    return tuple(free["voucher"]["one_of"]), tuple(free["roll_three"]["one_of"])


def _worded(said: Sentence) -> str:
    """The doctor's sentence (``ui.doctor.Sentence``) in the table's language, fields too (a
    measure such as "84.5" GB written as the language writes numbers)."""
    fields = {
        k: _worded(v) if isinstance(v, Sentence) else number(v) if isinstance(v, float) else v
        for k, v in said.fields.items()
    }
    return _(said.msgid, **fields)


def _writable(db: Path) -> bool:
    """Whether the game log ``db`` (or, when there is none yet, the nearest folder that would
    hold it) can be written, as the kernel judges this process (a read-only card, a file of
    another user)."""
    if db.exists():
        return os.access(db, os.W_OK) and os.access(db.parent, os.W_OK)
    return os.access(existing_folder(db), os.W_OK)


def _summary(games: Sequence[Mapping[str, Any]], game: Game | None) -> dict[str, Any] | None:
    """What the file says of ``game`` (its commands, its last): how Resume knows that the
    file has not moved on since it was replayed."""
    if game is None:
        return None
    found = next((g for g in games if g["id"] == game.game_id), None)
    if found is None:
        return None
    return {k: found[k] for k in ("commands", "last_played", "status")}


def _shown_key(view: vm.TableView) -> tuple[int, str | None] | None:
    """What an input answers on the screen: the decision and the dice proposal shown."""
    if view.decision is None:
        return None
    return view.decision.id, None if view.proposal is None else view.proposal.key


def _is_chained(before: GameState, command: Mapping[str, Any], after: GameState) -> bool:
    """Whether ``after``'s decision follows ``before``'s without its player asking: an
    answer (not a throw of the dice, not an any-time command) left the player who gave it a
    new question that is not a turn's routine one (the Travel Voucher's draw after buying a
    railroad, the purchase at the end of Mr. Monopoly's bonus move after that draw, a card's
    next step). An auction's next bid is another player's."""
    kind = str(command.get("type"))
    return (
        not after.over
        and kind in before.decision.answers
        and kind not in DICE_COMMANDS
        and after.decision.player == command.get("player", before.decision.player)
        and after.decision.kind not in ROUTINE_KINDS
    )


def _auto_text(seconds: int) -> str:
    if not seconds:
        return ""
    return _("Confirmed by itself in {seconds} s unless corrected or cancelled", seconds=seconds)


def _faces(reading: DiceReading) -> tuple[int | str, ...]:
    return (*reading.dice, *([reading.speed] if reading.speed else []))


def _roll_faces(roll: Roll) -> tuple[int | str, ...]:
    """A typed roll's faces as a reading gives them: the speed die's as text."""
    return (roll.d1, roll.d2) if roll.speed is None else (roll.d1, roll.d2, str(roll.speed))


def _counted(
    faces: tuple[int | str, ...], wanted: Mapping[str, Any] | None
) -> tuple[int | str, ...]:
    """The faces that count for the dice ``wanted``: the speed die left out where it does not
    count (the turn order, a roll in jail), so that a proposal shows only the dice that do."""
    if wanted is None or wanted["speed"]:
        return faces
    return faces[: int(wanted["count"])]


def _normal_faces(
    faces: Sequence[int | str], wanted: Mapping[str, Any] | None = None
) -> tuple[int | str, ...]:
    """Faces as a dialog may give them, as the engine reads them: the regular dice (as many as
    ``wanted`` counts, else two) whole numbers, the speed die text (``"1"``, ``"mr"``)."""
    count = int(wanted["count"]) if wanted else 2
    out: list[int | str] = []
    for i, f in enumerate(faces):
        if i < count and isinstance(f, str) and f.strip().isdigit():
            out.append(int(f))
        elif i >= count and isinstance(f, int) and not isinstance(f, bool):
            out.append(str(f))
        else:
            out.append(f.strip().lower() if isinstance(f, str) else f)
    return tuple(out)


def _what_was_done(
    command: Mapping[str, Any], events: Sequence[Mapping[str, Any]], lang: str
) -> str:
    """What ``command`` did, in a few words of ``lang``: its first two events worth telling
    ("Ann pays Bob $60 (rent ...)."), or its answer in words ("the purchase")."""
    lot = vm.lot_action_text(command, events, lang)
    if lot:  # the sheet's words: which lot, how much ("Build on Fifth Avenue ($200)")
        return lot
    said = vm.command_sentences(events, lang)
    what = " ".join(said[:2]) or i18n.translate(
        _ANSWER_WORDS.get(str(command.get("type")), _LAST_ANSWER), lang
    )
    return what + " …" if len(said) > 2 else what


def _reversed(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The transfers of ``events`` undone, last first: what the undo moves back."""
    return [
        {**e, "from": e["to"], "to": e["from"]}
        for e in reversed(events)
        if e.get("type") == "transfer"
    ]


def _set_ui_language(lang: str) -> None:
    try:
        from ui.i18n import set_language
    except ImportError:  # ui.i18n not there yet: the views are in English
        return
    try:
        set_language(lang)
    except Exception:  # noqa: BLE001 - a catalogue missing: the views stay in the old language
        log.exception("set_language(%r)", lang)
