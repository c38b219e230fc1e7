"""The dice module's line protocol, version 1.0: pure encoding and parsing, no I/O.

Every line is ASCII and ends with a line feed::

    SEQ TYPE key=value key=value*CRC

``SEQ`` numbers the sender's lines (0 to 65535, then 0 again), ``CRC`` is the CRC-16/CCITT-FALSE
of everything before the ``*``, as four upper-case hex digits. ``docs/dice-protocol.md`` is the
full specification; this module is its reference implementation, and the emulator, the reader and
the tests all go through it.

>>> line = encode(Settled(seq=7, throw=3, read=0, dice=(3, 4), speed="mr", confidence=(97, 95, 91)))
>>> line
b'7 SETTLED throw=3 read=0 dice=3,4 speed=mr conf=97,95,91*AD7C\\n'
>>> parse_module_line(line)
Settled(seq=7, throw=3, read=0, dice=(3, 4), speed='mr', confidence=(97, 95, 91))
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass

from hardware.errors import ProtocolError

PROTOCOL_VERSION = "1.0"
"""The version this companion speaks: ``MAJOR.MINOR``. A module with another major is refused."""

PROTOCOL_MAJOR = 1

SEQ_MODULO = 65536
"""Sequence numbers run from 0 to 65535, then wrap to 0."""

MAX_LINE = 200
"""The longest line allowed, in bytes, counting the line feed."""

SPEED_FACES = ("1", "2", "3", "mr", "bus")
"""The speed die's faces as the protocol names them (it has two Mr. Monopoly faces)."""

TRAY_STATES = ("idle", "moving", "settled", "fault")

TRAY_FAULTS = {
    "camera-blocked": "the camera cannot see the tray",
    "too-dark": "the tray is too dark to read",
    "die-leaning": "a die is leaning against the wall or another die",
    "unknown-object": "something that is not a die is in the tray",
    "dice-missing": "fewer dice are in the tray than were thrown",
    "camera-failed": "the camera does not answer",
}
"""Faults of the tray or camera, reported in ``ERROR`` and ``STATUS`` lines: the roll goes to
manual entry. A module may send codes not listed; they are shown as they are."""

LINE_ERRORS = {
    "bad-line": "the module could not read a line the companion sent",
    "not-current": "a re-read was asked for a throw the tray no longer holds",
    "busy": "a re-read was asked while the dice were moving",
}
"""Errors about a line the companion sent (``ERROR code=... ref=SEQ``); the tray is unaffected."""

_TYPE = re.compile(r"[A-Z]+")
_KEY = re.compile(r"[a-z][a-z0-9-]*")
_VALUE = re.compile(r"[A-Za-z0-9._,:+-]+")
_SEQ = re.compile(r"0|[1-9][0-9]{0,4}")
_CRC = re.compile(r"[0-9A-F]{4}")
_NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")
_VERSION = re.compile(r"(0|[1-9][0-9]?)\.(0|[1-9][0-9]?)")
_WORD = re.compile(r"[A-Za-z0-9._:+-]{1,32}")
_BOOT = re.compile(r"[0-9a-f]{1,16}")
_CODE = re.compile(r"[a-z][a-z0-9-]{0,31}")


def checksum(body: bytes) -> str:
    """The CRC-16/CCITT-FALSE of ``body`` (polynomial 0x1021, initial value 0xFFFF, no
    reflection, no final XOR) as four upper-case hex digits.

    >>> checksum(b"123456789")
    '29B1'
    """
    return f"{binascii.crc_hqx(body, 0xFFFF):04X}"


# --- messages -------------------------------------------------------------------------------
# The module's lines.


@dataclass(frozen=True, slots=True)
class Hello:
    """The module's greeting, its answer to the companion's ``HELLO``.

    ``boot`` is a random hex token drawn at power-up: a new one means that the module restarted
    and its throw counter with it. ``throw`` is the last throw number it has given out.
    """

    seq: int
    module: str
    firmware: str
    protocol: str
    boot: str
    throw: int

    @property
    def major(self) -> int:
        return int(self.protocol.split(".")[0])


@dataclass(frozen=True, slots=True)
class Moving:
    """The dice are moving: throw number ``throw`` has begun."""

    seq: int
    throw: int


@dataclass(frozen=True, slots=True)
class Settled:
    """The dice of ``throw`` have settled and were read.

    ``read`` is 0 for the first reading and counts the re-reads of the same throw. ``dice`` are the
    regular dice (two, or three for Roll Three), ``speed`` the speed die's face or ``None`` when it
    is not in the tray; ``confidence`` gives one percentage per die, the regular dice first.
    """

    seq: int
    throw: int
    read: int
    dice: tuple[int, ...]
    speed: str | None
    confidence: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Status:
    """The tray's state, sent when it changes, when asked (``PING``) and at least once a second.

    ``throw`` is the last throw number given out; ``state=settled`` is only sent after the
    ``SETTLED`` or ``ERROR`` of that throw. ``code`` names the fault when ``state`` is ``fault``;
    ``light`` is the tray's brightness in percent, when the module measures it.
    """

    seq: int
    state: str
    throw: int
    code: str | None = None
    light: int | None = None


@dataclass(frozen=True, slots=True)
class ErrorReport:
    """Something went wrong: a reading of a throw (``throw`` and ``read`` given), the tray
    (neither), or a line the companion sent (``ref`` is that line's sequence number)."""

    seq: int
    code: str
    throw: int | None = None
    read: int | None = None
    ref: int | None = None


# The companion's lines.


@dataclass(frozen=True, slots=True)
class HostHello:
    """The companion's greeting, sent as soon as it opens the port and again until answered."""

    seq: int
    host: str
    software: str
    protocol: str = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True)
class Reread:
    """Read the dice of ``throw`` again; the module answers ``SETTLED`` (or ``ERROR``) with the
    next ``read`` number."""

    seq: int
    throw: int


@dataclass(frozen=True, slots=True)
class Ping:
    """Ask for a ``STATUS`` line now."""

    seq: int


ModuleMessage = Hello | Moving | Settled | Status | ErrorReport
CompanionMessage = HostHello | Reread | Ping
Message = ModuleMessage | CompanionMessage


# --- encoding -------------------------------------------------------------------------------


def _fields(message: Message) -> tuple[str, list[tuple[str, object]]]:
    match message:
        case Hello():
            return "HELLO", [
                ("module", message.module),
                ("fw", message.firmware),
                ("proto", message.protocol),
                ("boot", message.boot),
                ("throw", message.throw),
            ]
        case Moving():
            return "MOVING", [("throw", message.throw)]
        case Settled():
            return "SETTLED", [
                ("throw", message.throw),
                ("read", message.read),
                ("dice", ",".join(map(str, message.dice))),
                ("speed", message.speed),
                ("conf", ",".join(map(str, message.confidence))),
            ]
        case Status():
            return "STATUS", [
                ("state", message.state),
                ("throw", message.throw),
                ("code", message.code),
                ("light", message.light),
            ]
        case ErrorReport():
            return "ERROR", [
                ("code", message.code),
                ("throw", message.throw),
                ("read", message.read),
                ("ref", message.ref),
            ]
        case HostHello():
            return "HELLO", [
                ("host", message.host),
                ("sw", message.software),
                ("proto", message.protocol),
            ]
        case Reread():
            return "REREAD", [("throw", message.throw)]
        case Ping():
            return "PING", []
    raise TypeError(f"not a protocol message: {message!r}")


def encode_body(message: Message) -> bytes:
    """The line without its checksum and line feed (what the checksum covers)."""
    kind, fields = _fields(message)
    words = [str(message.seq % SEQ_MODULO), kind]
    words += [f"{key}={value}" for key, value in fields if value is not None]
    return " ".join(words).encode("ascii")


def encode(message: Message) -> bytes:
    """One complete line: body, ``*``, checksum, line feed. The message is checked first, so
    what is encoded always parses back to an equal message."""
    body = encode_body(message)
    line = body + b"*" + checksum(body).encode("ascii") + b"\n"
    if isinstance(message, HostHello | Reread | Ping):
        parse_companion_line(line)
    else:
        parse_module_line(line)
    return line


# --- parsing --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """A line whose framing and checksum are sound: sequence number, type and fields."""

    seq: int
    type: str
    fields: Mapping[str, str]


def _show(line: bytes) -> str:
    """The line quoted on one line: terminator dropped, other bytes escaped, long ones cut."""
    text = line.rstrip(b"\r\n").decode("ascii", "backslashreplace")
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return "'" + text[:80] + ("..." if len(text) > 80 else "") + "'"


def decode_frame(line: bytes | str) -> Frame:
    """Check a line's framing and checksum and split it into sequence number, type and fields.

    The line may end with ``\\n`` or ``\\r\\n`` or neither. Raises :class:`ProtocolError` naming
    the reason.
    """
    raw = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else bytes(line)

    def reject(reason: str, message: str) -> ProtocolError:
        return ProtocolError(reason, f"{message} in {_show(raw)}", line=raw)

    if len(raw) > MAX_LINE:
        raise reject("too-long", f"a line has at most {MAX_LINE} bytes, this one {len(raw)}")
    text = raw[:-1] if raw.endswith(b"\n") else raw
    text = text[:-1] if text.endswith(b"\r") else text
    if not text:
        raise reject("empty", "an empty line")
    if any(b < 0x20 or b > 0x7E for b in text):
        raise reject("not-ascii", "only printable ASCII is allowed")
    body, star, crc = text.rpartition(b"*")
    if not star:
        raise reject("no-checksum", "no '*' and checksum at the end")
    if not _CRC.fullmatch(crc.decode("ascii")):
        raise reject("bad-checksum", "the checksum is not four upper-case hex digits")
    expected = checksum(body)
    if crc.decode("ascii") != expected:
        raise reject(
            "checksum-mismatch",
            f"the line says {crc.decode('ascii')}, its body gives {expected} (damaged line)",
        )
    words = body.decode("ascii").split(" ")
    if len(words) < 2 or not all(words):
        raise reject("bad-frame", "expected 'SEQ TYPE key=value ...' with single spaces")
    seq_text, kind, *pairs = words
    if not _SEQ.fullmatch(seq_text) or int(seq_text) >= SEQ_MODULO:
        raise reject("bad-seq", f"the sequence number is 0 to {SEQ_MODULO - 1}, not {seq_text!r}")
    if not _TYPE.fullmatch(kind):
        raise reject("bad-type", f"the type is upper-case letters, not {kind!r}")
    fields: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not _KEY.fullmatch(key) or not _VALUE.fullmatch(value):
            raise reject("bad-field", f"expected key=value, not {pair!r}")
        if key in fields:
            raise reject("duplicate-key", f"{key!r} is given twice")
        fields[key] = value
    return Frame(int(seq_text), kind, fields)


class _Fields:
    """Typed access to a frame's fields; every failure names the key, the value and what is
    allowed. Keys that are not asked for are ignored: a newer minor version may add some."""

    def __init__(self, frame: Frame, raw: bytes) -> None:
        self.frame = frame
        self.raw = raw

    def reject(self, reason: str, message: str) -> ProtocolError:
        return ProtocolError(reason, f"{message} in {_show(self.raw)}", line=self.raw)

    def text(self, key: str, pattern: re.Pattern[str], allowed: str) -> str:
        value = self.optional_text(key, pattern, allowed)
        if value is None:
            raise self.reject("missing-key", f"{self.frame.type} needs {key}= ({allowed})")
        return value

    def optional_text(self, key: str, pattern: re.Pattern[str], allowed: str) -> str | None:
        value = self.frame.fields.get(key)
        if value is not None and not pattern.fullmatch(value):
            raise self.reject("bad-value", f"{key}={value!r}: {allowed}")
        return value

    def number(self, key: str, low: int = 0, high: int = 999_999_999) -> int:
        value = self.optional_number(key, low, high)
        if value is None:
            raise self.reject(
                "missing-key", f"{self.frame.type} needs {key}= (a number {low} to {high})"
            )
        return value

    def optional_number(self, key: str, low: int = 0, high: int = 999_999_999) -> int | None:
        value = self.frame.fields.get(key)
        if value is None:
            return None
        if not _NUMBER.fullmatch(value) or not low <= int(value) <= high:
            raise self.reject("bad-value", f"{key}={value!r}: a number {low} to {high}")
        return int(value)

    def choice(self, key: str, allowed: tuple[str, ...], *, required: bool = True) -> str | None:
        value = self.frame.fields.get(key)
        if value is None and required:
            raise self.reject(
                "missing-key", f"{self.frame.type} needs {key}= (one of {', '.join(allowed)})"
            )
        if value is not None and value not in allowed:
            raise self.reject("bad-value", f"{key}={value!r}: one of {', '.join(allowed)}")
        return value

    def numbers(self, key: str, low: int, high: int, counts: tuple[int, ...]) -> tuple[int, ...]:
        value = self.frame.fields.get(key)
        allowed = f"{' or '.join(map(str, counts))} numbers {low} to {high}, separated by commas"
        if value is None:
            raise self.reject("missing-key", f"{self.frame.type} needs {key}= ({allowed})")
        items = value.split(",")
        if len(items) not in counts or not all(
            _NUMBER.fullmatch(i) and low <= int(i) <= high for i in items
        ):
            raise self.reject("bad-value", f"{key}={value!r}: {allowed}")
        return tuple(int(i) for i in items)


def _as_bytes(line: bytes | str) -> bytes:
    return line.encode("utf-8", "surrogateescape") if isinstance(line, str) else bytes(line)


def parse_module_line(line: bytes | str) -> ModuleMessage:
    """Parse one line sent by the dice module, or raise :class:`ProtocolError` with the reason.

    >>> parse_module_line(b"3 MOVING throw=12*1F4E")
    Traceback (most recent call last):
    ...
    hardware.errors.ProtocolError: checksum-mismatch: the line says 1F4E, its body gives 5B1A (damaged line) in '3 MOVING throw=12*1F4E'
    """
    raw = _as_bytes(line)
    frame = decode_frame(raw)
    f = _Fields(frame, raw)
    seq = frame.seq
    match frame.type:
        case "HELLO":
            if "host" in frame.fields:
                raise f.reject("wrong-direction", "a companion's HELLO, not a module's (echo?)")
            return Hello(
                seq,
                module=f.text("module", _WORD, "1 to 32 letters, digits or ._:+-"),
                firmware=f.text("fw", _WORD, "1 to 32 letters, digits or ._:+-"),
                protocol=f.text("proto", _VERSION, "MAJOR.MINOR, e.g. 1.0"),
                boot=f.text("boot", _BOOT, "1 to 16 lower-case hex digits"),
                throw=f.number("throw"),
            )
        case "MOVING":
            return Moving(seq, throw=f.number("throw", 1))
        case "SETTLED":
            dice = f.numbers("dice", 1, 6, (2, 3))
            speed = f.choice("speed", SPEED_FACES, required=False)
            conf = f.numbers("conf", 0, 100, (len(dice) + (speed is not None),))
            return Settled(
                seq,
                throw=f.number("throw", 1),
                read=f.number("read"),
                dice=dice,
                speed=speed,
                confidence=conf,
            )
        case "STATUS":
            state = f.choice("state", TRAY_STATES)
            assert state is not None
            code = f.optional_text("code", _CODE, "a lower-case code such as camera-blocked")
            if (state == "fault") != (code is not None):
                raise f.reject("bad-value", "code= is given with state=fault, and only then")
            return Status(
                seq,
                state=state,
                throw=f.number("throw"),
                code=code,
                light=f.optional_number("light", 0, 100),
            )
        case "ERROR":
            throw = f.optional_number("throw", 1)
            read = f.optional_number("read")
            if (throw is None) != (read is None):
                raise f.reject("bad-value", "throw= and read= are given together or not at all")
            return ErrorReport(
                seq,
                code=f.text("code", _CODE, "a lower-case code such as die-leaning"),
                throw=throw,
                read=read,
                ref=f.optional_number("ref", 0, SEQ_MODULO - 1),
            )
        case "REREAD" | "PING":
            raise f.reject("wrong-direction", f"{frame.type} is sent by the companion (echo?)")
    raise f.reject("unknown-type", f"no module line is called {frame.type}")


def parse_companion_line(line: bytes | str) -> CompanionMessage:
    """Parse one line sent by the companion (the module's side; the emulator uses it)."""
    raw = _as_bytes(line)
    frame = decode_frame(raw)
    f = _Fields(frame, raw)
    match frame.type:
        case "HELLO":
            return HostHello(
                frame.seq,
                host=f.text("host", _WORD, "1 to 32 letters, digits or ._:+-"),
                software=f.text("sw", _WORD, "1 to 32 letters, digits or ._:+-"),
                protocol=f.text("proto", _VERSION, "MAJOR.MINOR, e.g. 1.0"),
            )
        case "REREAD":
            return Reread(frame.seq, throw=f.number("throw", 1))
        case "PING":
            return Ping(frame.seq)
    raise f.reject("unknown-type", f"no companion line is called {frame.type}")


def describe(message: Message) -> str:
    """One line for people, as the monitor prints it."""
    match message:
        case Hello():
            return (
                f"module {message.module} (firmware {message.firmware}, protocol "
                f"{message.protocol}, boot {message.boot}, last throw {message.throw})"
            )
        case Moving():
            return f"throw {message.throw}: dice moving"
        case Settled():
            faces = " + ".join(map(str, message.dice))
            speed = "no speed die" if message.speed is None else f"speed {message.speed}"
            again = f" (re-read {message.read})" if message.read else ""
            conf = " ".join(f"{c}%" for c in message.confidence)
            return f"throw {message.throw}: {faces}, {speed}{again}; confidence {conf}"
        case Status():
            fault = (
                f" ({TRAY_FAULTS.get(message.code or '', message.code)})" if message.code else ""
            )
            light = f", light {message.light}%" if message.light is not None else ""
            return f"status {message.state}{fault}, last throw {message.throw}{light}"
        case ErrorReport():
            what = TRAY_FAULTS.get(message.code) or LINE_ERRORS.get(message.code) or message.code
            where = f" on throw {message.throw} read {message.read}" if message.throw else ""
            ref = f" (companion line {message.ref})" if message.ref is not None else ""
            return f"error {message.code}{where}: {what}{ref}"
        case HostHello():
            return f"companion {message.host} {message.software} speaks protocol {message.protocol}"
        case Reread():
            return f"re-read throw {message.throw}"
        case Ping():
            return "ping"
    raise TypeError(f"not a protocol message: {message!r}")
