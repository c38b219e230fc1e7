"""Dice readings at the banker's prompt: ``companion play --dice URL``.

:func:`connect` starts the real :class:`~hardware.reader.DiceReader` on ``URL`` (a device path
or a pyserial URL; ``emulator`` starts an emulated module on a pseudo-terminal first) and yields
the ``poll`` call that the prompt makes after each line is read and before it is handled. The
reader posts to a :class:`~hardware.mainthread.MainThreadQueue`; ``poll`` runs what waits there
on the main thread, which alone touches the game:

- a reading becomes a proposal (:meth:`companion.cli.prompt.PromptSession.propose`): Enter applies
  it, a typed roll corrects it and carries its key, so a throw is applied once;
- a reading the module is not sure of (low confidence, a leaning die, a blocked camera) asks the
  table to type the roll; a reading when no dice are wanted is ignored, in one line each;
- the module going away or coming back is said in one line; the prompt never depends on it:
  rolls can always be typed.

Since the main thread waits in ``input()`` when a throw settles, the reader's thread also prints a
short notice at once and redraws the prompt with what was typed so far (when ``out`` is a
terminal), so the person knows to press Enter.

With ``emulator`` the prompt gains the word ``throw [D1 D2 SPEED]``: the emulated module throws
(random faces, or these) and the reading comes back through the pseudo-terminal and the reader,
the same path as the real module's.

The device side (the reader, the emulator, what a reading says) is ``hardware``'s; this is the
prompt's side of it, kept here because ``hardware`` imports no front end.
"""

from __future__ import annotations

import contextlib
import logging
import random
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from companion.banker.throws import is_stray_speed_die, wanted_dice
from companion.cli.parse import CommandSyntaxError, reading_command
from hardware.errors import DeviceError, EmulatorUsageError
from hardware.mainthread import MainThreadQueue
from hardware.readings import DiceReading, ReaderStatus

if TYPE_CHECKING:
    from companion.banker.state import GameState
    from companion.cli.prompt import PromptSession
    from hardware.emulator import DiceModuleEmulator, ScriptedRoll
    from hardware.reader import DiceReader

log = logging.getLogger(__name__)

EMULATOR = "emulator"
"""The ``--dice`` value that starts an emulated module on a pseudo-terminal."""

THROW_HELP = (
    "throw [D1 D2 SPEED]: throw the emulated dice module's dice, random or these faces "
    "('throw 3 4 mr'; 'throw 3 4' without the speed die; 'throw 1 2 3 -' for Roll Three's three "
    "dice); the reading comes back over the serial line: Enter applies it"
)

_SHOWN_STATES = ("connected", "disconnected", "silent", "incompatible")
"""Reader states worth a line at the prompt (``connecting`` passes by; ``stopped`` is the end)."""


class DiceLink:
    """The dice module as the prompt sees it; calling it is ``poll`` (see the module docstring).

    :param session: the prompt session that readings are proposed to.
    :param out: where the lines go (the session's own output).
    :param notices: print a notice from the reader's thread when a reading arrives, and redraw
        the prompt; for a terminal, where the main thread sits in ``input()``.
    :param timeout: seconds to wait for the module to answer (at start, and after ``throw``).
    """

    def __init__(
        self,
        session: PromptSession,
        out: TextIO,
        *,
        notices: bool = False,
        timeout: float = 5.0,
    ) -> None:
        self.session = session
        self.out = out
        self.notices = notices
        self.timeout = timeout
        self.calls = MainThreadQueue()
        self.reader: DiceReader | None = None
        self.emulator: DiceModuleEmulator | None = None
        #: Readings handled so far (on the main thread).
        self.readings = 0
        self._shown: str | None = None
        self._was_connected = False
        # Keys of throws the module could not read, with the state the table typed the roll in.
        self._typed_in: dict[str, GameState] = {}
        # Touched by the reader's thread.
        self._lock = threading.Lock()
        self._main_waits = False
        self._rung: str | None = None

    def __call__(self) -> None:
        """Hand what the reader posted to the session: ``poll``, on the main thread."""
        self.calls.run_pending()

    def wait_for_reading(self, after: int, timeout: float | None = None) -> bool:
        """Run posted calls until more than ``after`` readings are handled, or ``timeout``
        seconds pass; returns whether one came."""
        return self.calls.run_until(
            lambda: self.readings > after, self.timeout if timeout is None else timeout
        )

    # --- on the main thread --------------------------------------------------------------------

    def on_reading(self, reading: DiceReading) -> None:
        self.readings += 1
        try:
            self._say(self._propose(reading))
        except Exception:  # noqa: BLE001 - a reading must never end the game: type the roll
            log.exception("dice reading %r", reading)
            self._say(f"(Dice reading of throw {reading.throw} not understood: type the roll.)")

    def _propose(self, reading: DiceReading) -> str:
        session = self.session
        state = session.state
        words = _faces(reading) or "nothing"
        if session.game.has_reading(reading.key):
            return session.propose(reading.key, reading.dice, reading.speed)  # "already applied"
        unwanted = _no_dice_wanted(state)
        if unwanted:
            return f"Dice read {words}: ignored, {unwanted}"
        if reading.needs_manual_entry:
            # A newer throw: Enter must not apply the one before it.
            session.proposal = None
            self._typed_in[reading.key] = state
            example = "roll D1 D2 SPEED"
            with contextlib.suppress(CommandSyntaxError):
                command = reading_command(state, reading.dice or (3, 4), reading.speed or "mr")
                example = " ".join(map(str, [command.type, *command.to_json()["dice"]]))
            return (
                f"Dice read {words} (throw {reading.throw}), but {reading.explanation}. "
                f"Type what they show, e.g. '{example}'."
            )
        if is_stray_speed_die(reading.speed, state.edition.dice):
            return (
                f"Dice read {words}: {state.edition.name} has no speed die: take it out of the "
                "tray and throw again."
            )
        typed_in = self._typed_in.get(reading.key)
        if typed_in is not None and typed_in is not state:
            return (
                f"Dice read {words} again (throw {reading.throw}): its roll was typed in "
                "already; ignored."
            )
        return session.propose(reading.key, reading.dice, reading.speed)

    def on_status(self, status: ReaderStatus) -> None:
        if status.state not in _SHOWN_STATES or status.state == self._shown:
            return
        self._shown = status.state
        self._say(self._status_line(status))
        self._was_connected |= status.is_connected

    def _status_line(self, status: ReaderStatus) -> str:
        if status.is_connected:
            if self._was_connected:
                return "(Dice module connected again.)"
            module = status.module
            what = f"{module.module}, firmware {module.firmware}" if module else status.url
            if self.emulator is not None:
                return (
                    f"(Emulated dice module connected ({what}): 'throw' throws the dice, Enter "
                    "applies what they show; or type the roll.)"
                )
            return (
                f"(Dice module connected ({what}): throw the dice, Enter applies what they "
                "show; or type the roll.)"
            )
        detail = f": {status.detail}" if status.detail else ""
        return (
            f"(Dice module {status.state} at {status.url}{detail}. Type the rolls, e.g. "
            "'roll 3 4 mr'; it reconnects by itself.)"
        )

    def _say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    # --- the emulator's word -------------------------------------------------------------------

    def throw(self, rest: str) -> None:
        """``throw [D1 D2 SPEED]``: throw the emulated dice and propose what the reader reads."""
        assert self.emulator is not None and self.reader is not None
        roll = _throw_faces(rest) if rest else _random_for(self.session.state)
        status = self.reader.status
        if not status.is_connected:
            raise DeviceError(
                f"throw: the emulated dice module is {status.state}; type the roll instead"
            )
        before = self.readings
        with self.main_thread_waits():
            self.emulator.throw(roll)
            try:
                came = self.wait_for_reading(before)
            except KeyboardInterrupt:
                # Ctrl-C cancels a line at the prompt; here too, not the game.
                raise DeviceError(
                    "throw: interrupted; a reading that comes is proposed later"
                ) from None
        if not came:
            raise DeviceError(
                f"throw: no reading came back within {self.timeout:g} s; type the roll instead"
            )

    @contextlib.contextmanager
    def main_thread_waits(self) -> Iterator[None]:
        """The main thread runs the posted calls itself meanwhile: no notices."""
        with self._lock:
            self._main_waits = True
        try:
            yield
        finally:
            with self._lock:
                self._main_waits = False

    # --- on the reader's thread ----------------------------------------------------------------

    def on_arrival(self, arg: DiceReading | ReaderStatus) -> None:
        """The reader's ``on_arrival``: the main thread may sit in input() for minutes, so tell
        the table now, then redraw the prompt and what was typed so far (``poll`` says it all
        again when the line is in). Nothing here may raise into the reader."""
        if not self.notices:
            return
        try:
            with self._lock:
                if isinstance(arg, DiceReading):
                    if self.session.game.has_reading(arg.key):
                        return
                    if _no_dice_wanted(self.session.state):
                        text = f"(dice read {_faces(arg)}, but no dice are wanted now)"
                    elif arg.needs_manual_entry:
                        text = f"(dice: {arg.explanation}; type the roll)"
                    else:
                        text = f"(dice read {_faces(arg)}: press Enter to use them)"
                elif isinstance(arg, ReaderStatus) and arg.state in _SHOWN_STATES:
                    # The reader posts each change of the tray too: ring for the link only.
                    if arg.state == self._rung:
                        return
                    again = " again" if self._rung is not None and arg.is_connected else ""
                    self._rung = arg.state
                    text = f"(dice module {arg.state}{again}" + (
                        ")" if arg.is_connected else ": type the rolls)"
                    )
                else:
                    return
                if self._main_waits:
                    return  # the main thread is not in input(): it says this itself
                prompt = self.session.prompt()
                typed = _line_buffer()
                self.out.write(f"\r\x1b[K{text}\n{prompt}{typed}")
                self.out.flush()
        except Exception:  # noqa: BLE001 - a notice is a courtesy; poll still says it all
            log.debug("dice notice failed", exc_info=True)


def _line_buffer() -> str:
    """What is typed at the prompt so far, when readline keeps it."""
    readline = sys.modules.get("readline")
    if readline is None:
        return ""
    text: str = readline.get_line_buffer()
    return text


def _no_dice_wanted(state: GameState) -> str:
    """Why no throw of the dice answers the game now; empty when one does."""
    try:
        reading_command(state, (1, 1, 1), "1")
    except CommandSyntaxError as exc:
        return str(exc)
    return ""


def _faces(reading: DiceReading) -> str:
    return " ".join([*map(str, reading.dice), *([reading.speed] if reading.speed else [])])


def _throw_faces(rest: str) -> ScriptedRoll:
    from hardware.emulator import parse_rolls

    try:
        (roll,) = parse_rolls(",".join(rest.replace(",", " ").split()))
    except (EmulatorUsageError, ValueError):
        raise CommandSyntaxError(
            f"throw: give D1 D2 SPEED ('throw 3 4 mr'), D1 D2, or D1 D2 D3 SPEED for three "
            f"dice ('-' for no speed die), or nothing for random faces; not {rest[:40]!r}"
        ) from None
    return roll


def _random_for(state: GameState) -> ScriptedRoll | None:
    """Random faces: three regular dice when the game wants Roll Three's, else the emulator's
    own (the next scripted roll, else two dice and the speed die)."""
    from hardware.emulator import ScriptedRoll

    wanted = wanted_dice(state.decision)
    if wanted is None or wanted["count"] != 3:
        return None
    return ScriptedRoll(tuple(random.randint(1, 6) for _ in range(3)), None)


@contextlib.contextmanager
def connect(
    url: str,
    session: PromptSession,
    out: TextIO,
    *,
    notices: bool | None = None,
    timeout: float = 5.0,
    config: Any = None,
) -> Iterator[DiceLink]:
    """Read the dice module at ``url`` (or an emulated one: ``emulator``) for ``session``.

    Yields the :class:`DiceLink`, whose call is ``poll``. ``notices`` defaults to whether
    ``out`` is a terminal; ``config`` is a :class:`~hardware.config.HardwareConfig` (default: the
    configured one, for the baud rate, the confidence threshold and the reader's timings).
    """
    try:
        from hardware.reader import DiceReader
    except ModuleNotFoundError as exc:  # the base install has no pyserial
        raise DeviceError(
            f"--dice needs {exc.name}: install it with .venv/bin/pip install -e '.[hardware]'"
        ) from None
    if config is None:
        from hardware.config import load_config

        config = load_config()
    if notices is None:
        isatty = getattr(out, "isatty", None)
        notices = bool(isatty and isatty())
    link = DiceLink(session, out, notices=notices, timeout=timeout)
    with contextlib.ExitStack() as stack:
        if url == EMULATOR:
            from hardware.emulator import DiceModuleEmulator

            # The module of the game's set: Classic's has no speed die.
            speed_die = session.state.edition.dice.has_speed_die
            link.emulator = stack.enter_context(
                DiceModuleEmulator(on_demand=True, speed_die=speed_die)
            )
            url = link.emulator.path
            session.extra["throw"] = (THROW_HELP, link.throw)
            stack.callback(session.extra.pop, "throw", None)
        reader = DiceReader.from_config(
            url,
            config,
            post=link.calls.post,
            on_reading=link.on_reading,
            on_status=link.on_status,
            on_arrival=link.on_arrival,
        )
        link.reader = reader
        # Say where the module stands before the first prompt: connected, or why not.
        with link.main_thread_waits():
            stack.enter_context(reader)
            answered = link.calls.run_until(
                lambda: reader.status.state in ("connected", "disconnected", "incompatible"),
                timeout,
            )
            link()
        if not answered:
            link._say(
                f"(Dice module at {url}: no greeting within {timeout:g} s; it is used once it "
                "answers. Type the rolls meanwhile.)"
            )
        yield link
