"""The dice reader: a background thread that talks to the dice module over a serial port.

The port is a pyserial URL (``/dev/ttyACM0``, ``loop://``, ``socket://host:port``,
``rfc2217://host:port``), so the real module, the emulator's pseudo-terminal and the tests all go
through this same code. The thread only reads, parses and forwards: every call into the
application goes through ``post``, which must run it on the application's main thread (see
:mod:`hardware.mainthread`). Nothing here ever blocks the caller: :meth:`DiceReader.start`,
:meth:`DiceReader.request_reread` and :attr:`DiceReader.status` return at once, and
:meth:`DiceReader.stop` waits for the thread only briefly.

What reaches the application, and the promises the reader keeps, are described in
:mod:`hardware.readings` and ``docs/dice-protocol.md`` ("What the companion does").
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import serial

from hardware.errors import ProtocolError
from hardware.mainthread import Post
from hardware.protocol import (
    LINE_ERRORS,
    MAX_LINE,
    PROTOCOL_MAJOR,
    PROTOCOL_VERSION,
    SEQ_MODULO,
    CompanionMessage,
    ErrorReport,
    Hello,
    HostHello,
    Message,
    Moving,
    Ping,
    Reread,
    Settled,
    Status,
    encode,
    parse_module_line,
)
from hardware.readings import DiceReading, ReaderStatus

if TYPE_CHECKING:
    from hardware.config import HardwareConfig

log = logging.getLogger(__name__)

SOFTWARE_VERSION = "0.1.0"

_STALE_WINDOW = 64
"""A sequence number up to this far behind the last one is an old line sent again, not a jump."""


@dataclass(frozen=True, slots=True)
class LineEvent:
    """One line that went by, for the monitor: ``direction`` is ``in`` or ``out``; ``message``
    is the parsed line, or ``error`` says why it was rejected; ``note`` says what the reader did
    with it when that is not the obvious (``repeated sequence number: ignored``...)."""

    direction: str
    message: Message | None = None
    error: ProtocolError | None = None
    note: str = ""


@dataclass(slots=True)
class ReaderCounters:
    """What the reader has seen since it started (a snapshot: :meth:`DiceReader.counters`)."""

    lines: int = 0
    rejected: int = 0
    repeated: int = 0
    lost: int = 0
    duplicates: int = 0
    #: Lines whose throw number jumped ahead of the module's count, or greetings with a new
    #: ``boot`` it did not confirm: ignored until the module's own STATUS or HELLO says the same.
    suspect: int = 0
    readings: int = 0
    connections: int = 0
    write_timeouts: int = 0
    reasons: dict[str, int] = field(default_factory=dict)


class DiceReader:
    """Reads the dice module in a daemon thread and posts readings and status changes.

    :param url: the pyserial URL of the port.
    :param post: runs a function on the application's main thread; must not block.
    :param on_reading: called (through ``post``) once for every reading of every throw.
    :param on_status: called (through ``post``) each time the :class:`ReaderStatus` changes.
    :param on_line: called (through ``post``) for every line sent, received or rejected; the
        monitor prints them.
    :param on_arrival: called on the reader's own thread with each reading and status change,
        just before it is posted; for a front end that must say something while its main thread
        is busy (a prompt waiting in ``input()``). It must not block; what it raises is logged.
    :param min_confidence: a reading with a die under this many percent needs manual entry.
    :param hello_interval: seconds between greetings until the module answers.
    :param silence_timeout: seconds without a line before the module counts as silent (it sends
        ``STATUS`` at least once a second).
    :param reconnect_delay: first wait, in seconds, before reopening a lost port; doubles on each
        failure up to ``reconnect_max_delay``.
    :param open_port: opens the port; defaults to :func:`serial.serial_for_url` (tests inject
        one to reach the ``loop://`` port object).
    """

    def __init__(
        self,
        url: str,
        *,
        post: Post,
        on_reading: Callable[[DiceReading], None],
        on_status: Callable[[ReaderStatus], None] | None = None,
        on_line: Callable[[LineEvent], None] | None = None,
        on_arrival: Callable[[DiceReading | ReaderStatus], None] | None = None,
        baudrate: int = 115200,
        min_confidence: int = 90,
        hello_interval: float = 1.0,
        silence_timeout: float = 3.0,
        reconnect_delay: float = 0.5,
        reconnect_max_delay: float = 5.0,
        read_timeout: float = 0.05,
        write_timeout: float = 0.2,
        open_port: Callable[..., Any] | None = None,
        host: str = "companion",
    ) -> None:
        self.url = url
        self._post = post
        self._on_reading = on_reading
        self._on_status = on_status
        self._on_line = on_line
        self._on_arrival = on_arrival
        self.baudrate = baudrate
        self.min_confidence = min_confidence
        self.hello_interval = hello_interval
        self.silence_timeout = silence_timeout
        self.reconnect_delay = reconnect_delay
        self.reconnect_max_delay = reconnect_max_delay
        self.read_timeout = read_timeout
        self.write_timeout = write_timeout
        self._open_port = open_port or serial.serial_for_url
        self._host = host

        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._outbox: queue.SimpleQueue[CompanionMessage] = queue.SimpleQueue()
        self._counters = ReaderCounters()
        self._counters_lock = threading.Lock()
        self._status = ReaderStatus("stopped", url)
        self._port: Any = None
        # Owned by the reader thread.
        self._out_seq = 0
        self._last_seq: int | None = None
        self._hello: Hello | None = None
        self._boot: str | None = None
        self._last_key = (0, 0)
        self._current_throw = 0
        self._catch_up_asked: set[int] = set()
        self._last_ping = 0.0
        # A throw number ahead of the module's count, or a new boot, waiting for the module to
        # say the same (see _suspect).
        self._ahead: int | None = None
        self._new_boot: str | None = None

    @classmethod
    def from_config(cls, url: str, config: HardwareConfig, **callbacks: Any) -> DiceReader:
        """A reader on ``url`` with the serial and dice settings of ``config`` (companion.toml);
        ``callbacks`` are ``post``, ``on_reading`` and the optional ``on_status``, ``on_line``."""
        return cls(
            url,
            baudrate=config.serial.baudrate,
            min_confidence=config.dice.min_confidence,
            hello_interval=config.serial.hello_interval,
            silence_timeout=config.serial.silence_timeout,
            reconnect_delay=config.serial.reconnect_delay,
            reconnect_max_delay=config.serial.reconnect_max_delay,
            **callbacks,
        )

    # --- the application's side ----------------------------------------------------------

    def start(self) -> DiceReader:
        """Start the thread; returns at once."""
        if self._thread is not None:
            raise RuntimeError("the dice reader is already started")
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"dice-reader {self.url}")
        self._thread.daemon = True
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> bool:
        """Stop the thread and close the port; returns whether the thread ended in time."""
        self._stop.set()
        port = self._port
        if port is not None and hasattr(port, "cancel_read"):
            try:
                port.cancel_read()
            except Exception:  # noqa: BLE001 - a port closing under us; the loop sees the flag
                pass
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    def __enter__(self) -> DiceReader:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def status(self) -> ReaderStatus:
        """The latest status (the same values ``on_status`` receives)."""
        return self._status

    @property
    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def counters(self) -> ReaderCounters:
        """A copy of the counters."""
        with self._counters_lock:
            return replace(self._counters, reasons=dict(self._counters.reasons))

    def request_reread(self, throw: int | None = None) -> bool:
        """Ask the module to read the dice of ``throw`` (default: the latest throw) again.

        Returns at once: ``False`` when no module is connected or no throw is known (the table
        enters the roll by hand), ``True`` when the request is on its way. The answer comes as a
        new reading with the same :attr:`~DiceReading.key` and a higher ``read``.
        """
        throw = self._current_throw if throw is None else throw
        if not self._status.is_connected or throw < 1:
            return False
        self._outbox.put(Reread(0, throw=throw))
        return True

    # --- the thread --------------------------------------------------------------------------

    def _run(self) -> None:
        delay = self.reconnect_delay
        while not self._stop.is_set():
            try:
                port = self._open_port(
                    self.url,
                    baudrate=self.baudrate,
                    timeout=self.read_timeout,
                    write_timeout=self.write_timeout,
                )
            except (OSError, ValueError) as exc:
                self._set_status(state="disconnected", detail=_one_line(exc), tray="unknown")
                if self._stop.wait(delay):
                    break
                delay = min(delay * 2, self.reconnect_max_delay)
                continue
            delay = self.reconnect_delay
            self._port = port
            self._count("connections")
            try:
                self._session(port)
            except (OSError, ValueError) as exc:
                if not self._stop.is_set():
                    self._set_status(state="disconnected", detail=_one_line(exc), tray="unknown")
            except Exception as exc:  # noqa: BLE001 - a bug must not kill the thread: roll by hand
                log.exception("dice reader failed")
                self._set_status(
                    state="disconnected", detail=f"reader error: {_one_line(exc)}", tray="unknown"
                )
            finally:
                self._port = None
                try:
                    port.close()
                except Exception:  # noqa: BLE001 - already gone
                    pass
            if self._stop.wait(self.reconnect_delay):
                break
        self._set_status(state="stopped", detail="", tray="unknown")

    def _session(self, port: Any) -> None:
        self._last_seq = None
        self._hello = None
        self._ahead = self._new_boot = None
        self._set_status(state="connecting", detail="waiting for the module's greeting")
        buffer = bytearray()
        discarding = False
        last_heard = time.monotonic()
        next_hello = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            if (self._hello is None or self._new_boot is not None) and now >= next_hello:
                self._send(port, HostHello(0, host=self._host, software=SOFTWARE_VERSION))
                next_hello = now + self.hello_interval
            while True:
                try:
                    message = self._outbox.get_nowait()
                except queue.Empty:
                    break
                self._send(port, message)
            data = port.read(port.in_waiting or 1)
            now = time.monotonic()
            if not data:
                if self._hello is not None and now - last_heard > self.silence_timeout:
                    self._hello = None
                    next_hello = now
                    self._set_status(
                        state="silent",
                        detail=f"nothing heard for {self.silence_timeout:g} s",
                        tray="unknown",
                    )
                continue
            last_heard = now
            buffer += data
            while True:
                end = buffer.find(b"\n")
                if end < 0:
                    if len(buffer) > MAX_LINE:
                        # No line feed in sight: drop what came, and the rest up to the next one.
                        self._reject_overflow(bytes(buffer[:80]))
                        buffer.clear()
                        discarding = True
                    break
                line = bytes(buffer[: end + 1])
                del buffer[: end + 1]
                if discarding:
                    discarding = False
                    continue
                self._handle_line(port, line)

    def _send(self, port: Any, message: CompanionMessage) -> None:
        message = replace(message, seq=self._out_seq)
        self._out_seq = (self._out_seq + 1) % SEQ_MODULO
        try:
            port.write(encode(message))
        except serial.SerialTimeoutException:
            # Nobody reads the other end (a hung module): silence detection deals with it.
            self._count("write_timeouts")
            return
        self._emit(LineEvent("out", message))

    def _reject_overflow(self, start: bytes) -> None:
        error = ProtocolError(
            "too-long",
            f"more than {MAX_LINE} bytes without a line feed, starting {start!r}: dropped",
            line=start,
        )
        self._count_rejected(error)
        self._emit(LineEvent("in", error=error, note="rejected"))

    # --- one line -----------------------------------------------------------------------------

    def _handle_line(self, port: Any, line: bytes) -> None:
        try:
            message = parse_module_line(line)
        except ProtocolError as exc:
            self._count_rejected(exc)
            self._emit(LineEvent("in", error=exc, note="rejected"))
            if self._hello is not None:
                self._ask_status(port)  # the damaged line may have been a reading
            return
        self._count("lines")
        if isinstance(message, Hello):
            if self._hello is not None and message.boot not in (self._boot, self._new_boot):
                self._suspect_hello(message)
                return
            self._last_seq = message.seq
            self._emit(LineEvent("in", message))
            self._on_hello(message)
            return
        gap = self._seq_gap(message.seq)
        if gap < 0:
            self._count("repeated")
            self._emit(LineEvent("in", message, note="repeated sequence number: ignored"))
            return
        if self._hello is not None and self._suspect(message):
            # Its sequence number is not taken either: a damaged line must not make the
            # module's next lines look repeated.
            self._count("suspect")
            self._emit(
                LineEvent(
                    "in",
                    message,
                    note=f"throw {self._ahead} is ahead of the module's count "
                    f"({self._current_throw}): suspect, ignored until its STATUS says so",
                )
            )
            self._ask_status(port)
            return
        self._last_seq = message.seq
        if gap > 0:
            with self._counters_lock:
                self._counters.lost += gap
            self._ask_status(port)
        lost = f"{gap} line{'s' * (gap != 1)} lost before it" if gap else ""
        hello = self._hello
        if hello is None:
            self._emit(LineEvent("in", message, note="before the greeting: ignored"))
            return
        match message:
            case Settled() | ErrorReport() if message.throw is not None:
                assert message.read is not None
                key = (message.throw, message.read)
                self._current_throw = max(self._current_throw, message.throw)
                if key <= self._last_key:
                    self._count("duplicates")
                    self._emit(LineEvent("in", message, note=_join(lost, "already seen: ignored")))
                    return
                self._last_key = key
                self._emit(LineEvent("in", message, note=lost))
                if isinstance(message, Settled):
                    reading = DiceReading.from_settled(
                        hello, message, min_confidence=self.min_confidence
                    )
                    self._set_status(tray="settled")
                else:
                    reading = DiceReading.from_error(hello, message)
                self._count("readings")
                self._arrived(reading)
                self._post(partial(self._on_reading, reading))
                return
            case Moving():
                self._current_throw = max(self._current_throw, message.throw)
                self._set_status(tray="moving", fault=None)
            case Status():
                self._current_throw = max(self._current_throw, message.throw)
                self._set_status(tray=message.state, fault=message.code)
                if (
                    message.state == "settled"
                    and message.throw > self._last_key[0]
                    and message.throw not in self._catch_up_asked
                ):
                    # The throw's SETTLED line never arrived (damaged or lost): ask again.
                    self._catch_up_asked.add(message.throw)
                    self._send(port, Reread(0, throw=message.throw))
            case ErrorReport() if message.ref is None and message.code not in LINE_ERRORS:
                self._set_status(tray="fault", fault=message.code)
        self._emit(LineEvent("in", message, note=lost))

    def _suspect(self, message: Message) -> bool:
        """Whether ``message`` names a throw ahead of the module's count: the next throw is one
        more, so a bigger jump is a damaged line whose checksum happens to match (1 in 65,536)
        or lines lost. Taken, it would make every real throw after it "already seen". It stays
        suspect until a STATUS (asked for with PING) gives the same throw; a STATUS within the
        count ends the suspicion."""
        match message:
            case Settled() | ErrorReport() | Moving() | Status() if message.throw is not None:
                throw = message.throw
            case _:
                return False
        if throw <= self._current_throw + 1 or (
            isinstance(message, Status) and throw == self._ahead
        ):
            if isinstance(message, Status):
                self._ahead = None
            return False
        self._ahead = throw
        return True

    def _suspect_hello(self, hello: Hello) -> None:
        """A greeting with a new ``boot`` while connected: a restarted module, or a damaged
        line. The reader greets the module (every ``hello_interval`` until it answers): its
        answer says which (the same new ``boot``: restarted; the old one: a damaged line)."""
        self._new_boot = hello.boot
        self._count("suspect")
        self._emit(
            LineEvent(
                "in",
                hello,
                note=f"a new boot {hello.boot} unasked: suspect, ignored until the module's "
                "answer to HELLO says so",
            )
        )

    def _on_hello(self, hello: Hello) -> None:
        self._new_boot = self._ahead = None
        if hello.major != PROTOCOL_MAJOR:
            self._hello = None
            self._set_status(
                state="incompatible",
                detail=f"the module speaks protocol {hello.protocol}, the companion {PROTOCOL_VERSION}",
                module=hello,
            )
            return
        if hello.boot != self._boot:
            # A new module, or the same one restarted: its throw numbers start again.
            self._boot = hello.boot
            self._last_key = (hello.throw, 0)
            self._current_throw = hello.throw
            self._catch_up_asked.clear()
        else:
            # Throws made while the companion was away were entered by hand: never offer them.
            self._last_key = max(self._last_key, (hello.throw, 0))
            self._current_throw = max(self._current_throw, hello.throw)
        self._hello = hello
        self._set_status(state="connected", detail="", module=hello)

    def _seq_gap(self, seq: int) -> int:
        """How many lines were lost before this one; -1 when it is one already seen."""
        last = self._last_seq
        if last is None:
            return 0
        if seq == last or (last - seq) % SEQ_MODULO < _STALE_WINDOW:
            return -1
        return (seq - last - 1) % SEQ_MODULO

    def _ask_status(self, port: Any) -> None:
        now = time.monotonic()
        if now - self._last_ping >= 0.1:
            self._last_ping = now
            self._send(port, Ping(0))

    # --- reporting ------------------------------------------------------------------------------

    def _set_status(self, **changes: Any) -> None:
        new = replace(self._status, **changes)
        if new == self._status:
            return
        self._status = new
        if self._on_status is not None:
            self._arrived(new)
            self._post(partial(self._on_status, new))

    def _arrived(self, what: DiceReading | ReaderStatus) -> None:
        if self._on_arrival is not None:
            try:
                self._on_arrival(what)
            except Exception:  # noqa: BLE001 - a front end's courtesy must not stop the reader
                log.exception("on_arrival failed")

    def _emit(self, event: LineEvent) -> None:
        if self._on_line is not None:
            self._post(partial(self._on_line, event))

    def _count(self, name: str) -> None:
        with self._counters_lock:
            setattr(self._counters, name, getattr(self._counters, name) + 1)

    def _count_rejected(self, error: ProtocolError) -> None:
        with self._counters_lock:
            self._counters.rejected += 1
            reasons = self._counters.reasons
            reasons[error.reason] = reasons.get(error.reason, 0) + 1


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _join(*parts: str) -> str:
    return "; ".join(p for p in parts if p)
