"""An emulator of the dice module on a pseudo-terminal, speaking the protocol of
``docs/dice-protocol.md`` as the camera module would.

It opens a pseudo-terminal pair and serves the slave side's path (or a symlink to it, ``link``):
a reader opens that path exactly as it would open the real module. Once a reader has greeted it,
the emulator plays its scripted rolls ``interval`` seconds apart (or, ``on_demand``, each time
:meth:`DiceModuleEmulator.throw` is called), answers re-reads and pings, sends a ``STATUS``
heartbeat, and injects faults on demand. A ``disconnect`` fault closes the pair and
removes the symlink, as pulling the USB cable does, then after ``unplug_for`` seconds opens a new
pair behind the same symlink as a freshly powered module (new boot token, throw numbers from 1).
"""

from __future__ import annotations

import contextlib
import errno
import heapq
import itertools
import os
import queue
import random
import select
import threading
import time
import tty
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from hardware.errors import DeviceError, EmulatorUsageError, ProtocolError
from hardware.protocol import (
    PROTOCOL_VERSION,
    SEQ_MODULO,
    SPEED_FACES,
    ErrorReport,
    Hello,
    HostHello,
    ModuleMessage,
    Moving,
    Ping,
    Reread,
    Settled,
    Status,
    encode,
    parse_companion_line,
)

FAULTS = {
    "garbage": "random bytes and a line feed just before the roll's SETTLED line",
    "split": "the roll's SETTLED line written in three pieces, 30 ms apart",
    "disconnect": "unplug before the roll, plug back in after --unplug-for seconds (needs --link)",
    "low-confidence": "the roll read with 42% confidence on the second die",
    "repeat-seq": "the roll's SETTLED line sent twice with the same sequence number",
    "corrupt": "the roll's SETTLED line damaged in transit (bad checksum); a re-read recovers it",
    "leaning": "the roll reported as ERROR die-leaning; a re-read then reads it",
}
"""Faults the emulator injects on demand, ``KIND`` or ``KIND@ROLL`` (roll numbers from 1)."""

_SPEED_DIE = ("1", "2", "3", "mr", "mr", "bus")


@dataclass(frozen=True, slots=True)
class ScriptedRoll:
    """Faces to show: two or three regular dice, and the speed die or ``None``."""

    dice: tuple[int, ...]
    speed: str | None

    def __str__(self) -> str:
        return ",".join([*map(str, self.dice), self.speed or "-"])


@dataclass(frozen=True, slots=True)
class Fault:
    kind: str
    roll: int


def parse_rolls(spec: str) -> tuple[ScriptedRoll, ...]:
    """Read ``--rolls``: rolls separated by ``;``, each ``D1,D2,SPEED`` (e.g. ``3,4,mr``),
    ``D1,D2`` (no speed die, as in jail) or ``D1,D2,D3,SPEED`` (Roll Three; ``-`` for no
    speed die).

    >>> parse_rolls("3,4,mr; 6,6,2")
    (ScriptedRoll(dice=(3, 4), speed='mr'), ScriptedRoll(dice=(6, 6), speed='2'))
    """
    rolls = []
    for number, text in enumerate(spec.split(";"), start=1):
        items = [i.strip().lower() for i in text.split(",")]
        where = f"--rolls: roll {number} {text.strip()!r}"
        if len(items) not in (2, 3, 4):
            raise EmulatorUsageError(
                f"{where}: give D1,D2,SPEED (e.g. 3,4,mr), D1,D2 or D1,D2,D3,SPEED"
            )
        speed: str | None = None
        if len(items) > 2:
            face = items.pop()
            if face not in (*SPEED_FACES, "-"):
                raise EmulatorUsageError(
                    f"{where}: the speed die shows {', '.join(SPEED_FACES)} or - (none), not {face!r}"
                )
            speed = None if face == "-" else face
        for item in items:
            if item not in ("1", "2", "3", "4", "5", "6"):
                raise EmulatorUsageError(f"{where}: a regular die shows 1 to 6, not {item!r}")
        rolls.append(ScriptedRoll(tuple(int(i) for i in items), speed))
    return tuple(rolls)


def random_rolls(
    count: int, rng: random.Random, *, speed_die: bool = True
) -> tuple[ScriptedRoll, ...]:
    """``count`` rolls of two regular dice and the speed die (1, 2, 3, two Mr. Monopoly, Bus),
    or, not ``speed_die`` (a module for Classic, whose set has none), the two dice alone.

    >>> random_rolls(2, random.Random(1), speed_die=False)
    (ScriptedRoll(dice=(2, 5), speed=None), ScriptedRoll(dice=(1, 3), speed=None))
    """
    if not speed_die:
        return tuple(
            ScriptedRoll((rng.randint(1, 6), rng.randint(1, 6)), None) for _ in range(count)
        )
    return tuple(
        ScriptedRoll((rng.randint(1, 6), rng.randint(1, 6)), rng.choice(_SPEED_DIE))
        for _ in range(count)
    )


def parse_fault(text: str) -> Fault:
    """Read ``--fault KIND[@ROLL]``; the roll defaults to the first."""
    kind, at, number = text.strip().partition("@")
    if kind not in FAULTS:
        raise EmulatorUsageError(f"--fault {text!r}: the faults are {', '.join(FAULTS)}")
    if at and not (number.isascii() and number.isdigit() and int(number) >= 1):
        raise EmulatorUsageError(f"--fault {text!r}: the roll number after @ counts from 1")
    return Fault(kind, int(number) if at else 1)


class DiceModuleEmulator:
    """The dice module on a pseudo-terminal (see the module's docstring).

    :param rolls: the rolls to play, in order, once a reader has greeted the emulator.
    :param interval: seconds between rolls (the first comes this long after the greeting).
    :param on_demand: throw nothing on a timer: each :meth:`throw` throws the next scripted
        roll (then random ones) at once, as a person at the table would.
    :param faults: faults to inject, by roll.
    :param link: a symlink to keep pointing at the current pseudo-terminal; needed for
        ``disconnect`` faults, since each plug-in gets a new one.
    :param confidence: the confidence reported for every die, in percent.
    :param heartbeat: seconds between ``STATUS`` lines.
    :param speed_die: whether the random rolls show the speed die; ``False`` emulates a module
        for a set without one (Classic): two regular dice and no ``speed=`` field.
    :param log: receives one line for each thing the emulator does (settable later: the
        command line prints the device path first).
    """

    def __init__(
        self,
        rolls: Sequence[ScriptedRoll] = (),
        *,
        interval: float = 1.0,
        on_demand: bool = False,
        faults: Iterable[Fault] = (),
        link: str | os.PathLike[str] | None = None,
        module_id: str = "emulator",
        firmware: str = "emu-0.1.0",
        protocol: str = PROTOCOL_VERSION,
        confidence: int = 97,
        heartbeat: float = 1.0,
        unplug_for: float = 0.5,
        seed: int | None = None,
        speed_die: bool = True,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.rolls = tuple(rolls)
        self.speed_die = speed_die
        self.interval = interval
        self.on_demand = on_demand
        self.faults = {(f.roll, f.kind) for f in faults}
        self.link = Path(link) if link is not None else None
        if self.link is None and any(kind == "disconnect" for _, kind in self.faults):
            raise EmulatorUsageError(
                "--fault disconnect needs --link PATH: a replugged module gets a new device path"
            )
        self.module_id = module_id
        self.firmware = firmware
        self.protocol = protocol
        self.confidence = confidence
        self.heartbeat = heartbeat
        self.unplug_for = unplug_for
        self.settle_time = min(0.2, interval / 2)
        self._rng = random.Random(seed)
        self.log = log or (lambda _line: None)
        self._master: int | None = None
        self._slave: int | None = None
        self.device: str | None = None
        self._timers: list[tuple[float, int, Callable[[], None]]] = []
        self._tie = itertools.count()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._rx = bytearray()
        self.plugged_in = threading.Event()
        self.greetings = 0
        self.rolls_sent = 0
        self.done = threading.Event()
        # Throws asked for by other threads; the serving thread alone touches the port.
        self._asked: queue.SimpleQueue[ScriptedRoll | None] = queue.SimpleQueue()
        # Cables pulled by other threads (:meth:`unplug`): for how many seconds each.
        self._pulled: queue.SimpleQueue[float] = queue.SimpleQueue()
        self._waiting: deque[ScriptedRoll | None] = deque()
        self._reset_module()
        try:
            encode(self._hello())
        except ProtocolError:
            raise EmulatorUsageError(
                f"--module-id {module_id!r}: 1 to 32 letters, digits or ._:+-"
            ) from None

    # --- life cycle --------------------------------------------------------------------------

    @property
    def path(self) -> str:
        """Where a reader opens the module: the symlink if there is one, else the device."""
        if self.link is not None:
            return str(self.link)
        if self.device is None:
            raise DeviceError("the emulator is not open: call open() first")
        return self.device

    def open(self) -> str:
        """Open the pseudo-terminal (and point the symlink at it); returns :attr:`path`."""
        self._plug_in()
        return self.path

    def close(self) -> None:
        """Unplug for good: close the pseudo-terminal and remove the symlink."""
        self._unplug()
        self._timers.clear()

    def serve(self, *, exit_when_done: bool = False) -> None:
        """Run until :meth:`stop` (or, with ``exit_when_done``, until the last roll is out)."""
        if self.device is None:
            self.open()
        try:
            while not self._stop.is_set():
                if exit_when_done and self.done.is_set():
                    break
                self._run_due_timers()
                self._unplug_asked()
                self._throw_asked()
                self._read_companion(self._next_timeout())
        finally:
            self.close()

    def start(self) -> DiceModuleEmulator:
        """Open and serve in a background thread (for tests and the desktop demo)."""
        self.open()
        self._thread = threading.Thread(target=self.serve, name="dice-emulator", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> DiceModuleEmulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- the pseudo-terminal -----------------------------------------------------------------

    def _plug_in(self) -> None:
        master, slave = os.openpty()
        # Raw until a reader configures it: no echo of what the emulator writes.
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self.device = os.ttyname(slave)
        if self.link is not None:
            temporary = self.link.with_name(self.link.name + ".new")
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
            temporary.symlink_to(self.device)
            temporary.replace(self.link)
        self._reset_module()
        self.plugged_in.set()
        self.log(f"plugged in at {self.device}, boot {self._boot}")
        # A module greets at power-up; no reader has the port open yet, so this is flushed.
        self._send(self._hello())

    def _unplug(self) -> None:
        self.plugged_in.clear()
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None
        self._rx.clear()
        if self.link is not None:
            with contextlib.suppress(FileNotFoundError):
                self.link.unlink()

    def _reset_module(self) -> None:
        """A freshly powered module: new boot token, no throws yet."""
        self._boot = f"{self._rng.getrandbits(32):08x}"
        self._seq = 0
        self._throw = 0
        self._read = 0
        self._tray = "idle"
        self._fault: str | None = None
        self._faces: ScriptedRoll | None = None
        self._greeted = False

    def _write(self, data: bytes) -> None:
        if self._master is None:
            return
        try:
            os.write(self._master, data)
        except BlockingIOError:
            self.log("output dropped: nobody reads the port")
        except OSError as exc:
            if exc.errno != errno.EIO:
                raise

    def _send(self, message: ModuleMessage, *, damage: str | None = None) -> bytes:
        line = encode(replace(message, seq=self._seq))
        self._seq = (self._seq + 1) % SEQ_MODULO
        if damage == "corrupt":
            # Flip one letter of the body: the checksum no longer matches.
            line = line.replace(b"SETTLED", b"SETTLEd", 1)
        if damage == "split":
            # A slow or chunked link: the reader must join the pieces (a short pause in the
            # emulator only; nothing else is written meanwhile).
            for piece in (line[:7], line[7:20], line[20:]):
                self._write(piece)
                self._stop.wait(0.03)
        else:
            self._write(line)
        if damage == "repeat-seq":
            self._write(line)
        self.log(f"sent {line.decode('ascii').rstrip()}" + (f"  [{damage}]" if damage else ""))
        return line

    # --- time --------------------------------------------------------------------------------

    def _after(self, delay: float, action: Callable[[], None]) -> None:
        heapq.heappush(self._timers, (time.monotonic() + delay, next(self._tie), action))

    def _next_timeout(self) -> float:
        if not self._timers:
            return 0.05
        return max(0.0, min(0.05, self._timers[0][0] - time.monotonic()))

    def _run_due_timers(self) -> None:
        now = time.monotonic()
        while self._timers and self._timers[0][0] <= now:
            _, _, action = heapq.heappop(self._timers)
            action()

    # --- the companion's lines ----------------------------------------------------------------

    def _read_companion(self, timeout: float) -> None:
        if self._master is None:
            self._stop.wait(timeout)
            return
        ready, _, _ = select.select([self._master], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(self._master, 4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            if exc.errno == errno.EIO:  # no reader on the slave side
                self._stop.wait(timeout)
                return
            raise
        self._rx += data
        while (end := self._rx.find(b"\n")) >= 0:
            line = bytes(self._rx[: end + 1])
            del self._rx[: end + 1]
            self._on_line(line)

    def _on_line(self, line: bytes) -> None:
        try:
            message = parse_companion_line(line)
        except ProtocolError as exc:
            self.log(f"received a bad line: {exc}")
            self._send(ErrorReport(0, code="bad-line"))
            return
        self.log(f"received {line.decode('ascii').rstrip()}")
        match message:
            case HostHello():
                self.greetings += 1
                self._send(self._hello())
                self._send(self._status())
                if not self._greeted:
                    self._greeted = True
                    self._after(self.heartbeat, self._heartbeat)
                    if not self.on_demand:
                        self._schedule_rolls()
            case Ping():
                self._send(self._status())
            case Reread():
                self._reread(message)

    def _hello(self) -> Hello:
        return Hello(
            0,
            module=self.module_id,
            firmware=self.firmware,
            protocol=self.protocol,
            boot=self._boot,
            throw=self._throw,
        )

    def _status(self) -> Status:
        return Status(0, state=self._tray, throw=self._throw, code=self._fault, light=80)

    def _heartbeat(self) -> None:
        self._send(self._status())
        self._after(self.heartbeat, self._heartbeat)

    # --- rolls -------------------------------------------------------------------------------

    def throw(self, roll: ScriptedRoll | None = None) -> None:
        """Throw the dice now: ``roll``, else the next scripted roll, else a random one.

        Safe from any thread; returns at once (the serving thread throws within 50 ms, or as
        soon as the dice of the throw before have settled). For the ``on_demand`` emulator.
        """
        self._asked.put(roll)

    def unplug(self, seconds: float) -> None:
        """Pull the cable now and plug it back in after ``seconds``, as the ``disconnect``
        fault does before a roll. Safe from any thread (the serving thread pulls it within
        50 ms); needs the ``link`` a replugged module is found by."""
        if self.link is None:
            raise EmulatorUsageError(
                "unplug needs a link: a replugged module gets a new device path"
            )
        self._pulled.put(seconds)

    def _unplug_asked(self) -> None:
        try:
            seconds = self._pulled.get_nowait()
        except queue.Empty:
            return
        self.log(f"unplugged for {seconds:g} s")
        self._pull_cable(seconds)

    def _pull_cable(self, seconds: float) -> None:
        """Unplug now, dropping what was due, and plug back in after ``seconds``."""
        self._unplug()
        self._timers.clear()
        self._after(seconds, self._plug_in)

    def _throw_asked(self) -> None:
        while True:
            try:
                self._waiting.append(self._asked.get_nowait())
            except queue.Empty:
                break
        # One throw at a time: the next waits until the dice of this one have settled.
        while self._waiting and self._tray != "moving":
            roll = self._waiting.popleft()
            if self._master is None:
                self.log("throw asked while unplugged: nobody sees it")
                continue
            if roll is None:
                index = self.rolls_sent
                roll = self.rolls[index] if index < len(self.rolls) else self._random_roll()
            self._roll(self.rolls_sent + 1, roll)

    def _random_roll(self) -> ScriptedRoll:
        return random_rolls(1, self._rng, speed_die=self.speed_die)[0]

    def _schedule_rolls(self) -> None:
        first = self.rolls_sent
        for index in range(first, len(self.rolls)):
            delay = self.interval * (index - first + 1)
            self._after(delay, partial(self._roll, index + 1, self.rolls[index]))
            if (index + 1, "disconnect") in self.faults:
                break  # the rest are scheduled once the module is plugged back in and greeted
        if first == len(self.rolls):
            self.done.set()

    def _roll(self, number: int, roll: ScriptedRoll) -> None:
        if (number, "disconnect") in self.faults:
            self.faults.discard((number, "disconnect"))
            self.log(f"unplugged before roll {number} for {self.unplug_for:g} s")
            self._pull_cable(self.unplug_for)
            return
        self.rolls_sent = number
        self._throw += 1
        self._read = 0
        self._tray, self._fault, self._faces = "moving", None, None
        self._send(Moving(0, throw=self._throw))
        self._after(self.settle_time, partial(self._settle, number, roll))

    def _settle(self, number: int, roll: ScriptedRoll) -> None:
        self._faces = roll
        if (number, "leaning") in self.faults:
            self._tray, self._fault = "fault", "die-leaning"
            self._send(ErrorReport(0, code="die-leaning", throw=self._throw, read=0))
        else:
            if (number, "garbage") in self.faults:
                junk = bytes(self._rng.choice(range(0, 256)) for _ in range(24))
                self._write(junk.replace(b"\n", b"?") + b"\n")
                self.log("sent 24 bytes of garbage")
            low = (number, "low-confidence") in self.faults
            damage = next(
                (k for k in ("corrupt", "split", "repeat-seq") if (number, k) in self.faults), None
            )
            self._send(self._settled(roll, low_confidence=low), damage=damage)
            self._tray = "settled"
        self._send(self._status())
        if number == len(self.rolls) and not self.on_demand:
            self._after(self.interval, self.done.set)

    def _settled(self, roll: ScriptedRoll, *, low_confidence: bool = False) -> Settled:
        count = len(roll.dice) + (roll.speed is not None)
        confidence = [self.confidence] * count
        if low_confidence:
            confidence[1] = 42
        return Settled(
            0,
            throw=self._throw,
            read=self._read,
            dice=roll.dice,
            speed=roll.speed,
            confidence=tuple(confidence),
        )

    def _reread(self, request: Reread) -> None:
        if self._tray == "moving":
            self._send(ErrorReport(0, code="busy", ref=request.seq))
        elif request.throw != self._throw or self._faces is None:
            self._send(ErrorReport(0, code="not-current", ref=request.seq))
        else:
            self._read += 1
            self._tray, self._fault = "settled", None
            self._send(self._settled(self._faces))
            self._send(self._status())
