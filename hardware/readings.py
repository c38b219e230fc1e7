"""What the dice reader hands to the application: readings (proposals) and its status.

The contract with the application (the UI issue consumes it):

1. Each reading of a throw reaches ``on_reading`` **once**, on the application's main thread.
   A reading is a **proposal**, never a roll already applied: the table sees it and a player
   confirms it (the Roll/Confirm button or a touch) or corrects it first
   (:meth:`DiceReading.corrected_to`). Only then does the application turn it into a command
   holding the reading's typed :attr:`DiceReading.roll`, made once here and carried as it is
   to the engine (:func:`companion.banker.throws.command_for_throw`).
2. When :attr:`DiceReading.needs_manual_entry` is true (a die below the confidence threshold, a
   tray fault such as a leaning die, or no faces at all) the application opens touch entry,
   filled in with whatever was read; :meth:`DiceReading.to_roll` refuses it uncorrected.
3. :attr:`DiceReading.key` names the throw (module boot and throw number). A later reading with
   the same key (a re-read, ``read`` > 0) replaces a proposal still pending, and is ignored when
   that throw was already applied: the engine applies one roll per key, so nothing is paid twice.
4. While :attr:`ReaderStatus.needs_manual_entry` is true (no module, a silent or incompatible
   module, a tray fault) the application offers touch entry for every roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import BadRollError
from companion.rules.movement import Roll, Speed
from hardware.errors import ManualEntryNeeded
from hardware.protocol import SPEED_FACES, TRAY_FAULTS, ErrorReport, Hello, Settled

LOW_CONFIDENCE = "low-confidence"


@dataclass(frozen=True, slots=True)
class DiceReading:
    """One reading of one throw, as a proposal for the table to confirm or correct.

    ``dice`` holds the regular dice (two, or three for Roll Three; empty when the module could
    not read the throw), ``speed`` the speed die's face (``"1"``, ``"2"``, ``"3"``, ``"mr"``,
    ``"bus"``) or ``None``. ``reason`` says why manual entry is needed (``low-confidence`` or a
    module error code such as ``die-leaning``), ``None`` when the reading can be used as it is.
    ``roll`` is the throw as the engine takes it, made once with the reading: a
    :class:`~companion.rules.movement.Roll` of the two regular dice and the speed die, ``None``
    for any other count of dice or for faces :class:`~companion.rules.movement.Roll` refuses.

    >>> hello = Hello(1, "dice-1", "1.0", "1.0", "b1", 6)
    >>> settled = Settled(2, 7, 0, (3, 4), "mr", (97, 98, 99))
    >>> DiceReading.from_settled(hello, settled, min_confidence=90).roll
    Roll(d1=3, d2=4, speed='mr')
    """

    module: str
    boot: str
    throw: int
    read: int
    dice: tuple[int, ...]
    speed: str | None
    confidence: tuple[int, ...] = ()
    reason: str | None = None
    corrected: bool = False
    roll: Roll | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        roll = None
        if len(self.dice) == 2:
            # The faces a roll may show are Roll's to check: a bad one leaves no roll, and
            # to_roll raises Roll's own error for it.
            try:
                roll = self._make_roll()
            except BadRollError:
                roll = None
        object.__setattr__(self, "roll", roll)

    def _make_roll(self) -> Roll:
        """The two regular dice and the speed die as a :class:`Roll`, or its :class:`BadRollError`."""
        face = self.speed
        speed: Speed | None = None
        if face is not None:
            # The length first: int() refuses texts of more than 4,300 digits with a ValueError.
            is_number = len(face) <= 2 and face.isascii() and face.isdigit()
            speed = int(face) if is_number else face  # type: ignore[assignment]
        return Roll(self.dice[0], self.dice[1], speed)

    @classmethod
    def from_settled(cls, hello: Hello, settled: Settled, *, min_confidence: int) -> DiceReading:
        """A settled line as a proposal; any die under ``min_confidence`` percent flags it."""
        low = min(settled.confidence, default=100) < min_confidence
        return cls(
            module=hello.module,
            boot=hello.boot,
            throw=settled.throw,
            read=settled.read,
            dice=settled.dice,
            speed=settled.speed,
            confidence=settled.confidence,
            reason=LOW_CONFIDENCE if low else None,
        )

    @classmethod
    def from_error(cls, hello: Hello, error: ErrorReport) -> DiceReading:
        """A throw the module could not read: no faces, manual entry."""
        assert error.throw is not None and error.read is not None
        return cls(
            module=hello.module,
            boot=hello.boot,
            throw=error.throw,
            read=error.read,
            dice=(),
            speed=None,
            reason=error.code,
        )

    @property
    def key(self) -> str:
        """The throw's identity, the same for every re-read of it: ``BOOT:THROW``."""
        return f"{self.boot}:{self.throw}"

    @property
    def needs_manual_entry(self) -> bool:
        return self.reason is not None

    @property
    def explanation(self) -> str:
        """Why manual entry is needed, for people; empty when it is not."""
        if self.reason is None:
            return ""
        if self.reason == LOW_CONFIDENCE:
            return "the module is not sure of a die: check the dice and correct them"
        return TRAY_FAULTS.get(self.reason, f"the module reports {self.reason}")

    def corrected_to(self, dice: tuple[int, ...], speed: str | None) -> DiceReading:
        """The same throw as a player corrected it: used as it is, whatever was read.

        Raises :class:`ManualEntryNeeded` for faces no die shows.
        """
        if len(dice) not in (2, 3) or any(
            isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice
        ):
            raise ManualEntryNeeded(f"two or three regular dice showing 1 to 6, not {dice!r}")
        if speed is not None and speed not in SPEED_FACES:
            raise ManualEntryNeeded(
                f"the speed die shows {', '.join(SPEED_FACES)} or is not rolled, not {speed!r}"
            )
        return replace(
            self, dice=tuple(dice), speed=speed, confidence=(), reason=None, corrected=True
        )

    def to_roll(self) -> Roll:
        """The reading as the referee's :class:`~companion.rules.movement.Roll` (two regular dice).

        Raises :class:`ManualEntryNeeded` while manual entry is needed, and for three regular
        dice (Roll Three is scored from :attr:`dice` directly); :class:`Roll`'s own
        :class:`~companion.errors.BadRollError` for faces no die shows.
        """
        if self.needs_manual_entry:
            raise ManualEntryNeeded(
                f"throw {self.throw} needs manual entry ({self.reason}): {self.explanation}"
            )
        if len(self.dice) != 2:
            raise ManualEntryNeeded(
                f"throw {self.throw} shows {len(self.dice)} regular dice; a roll has two"
            )
        if self.roll is None:
            return self._make_roll()  # raises Roll's own BadRollError for the faces
        return self.roll

    def to_json(self) -> dict[str, Any]:
        """One JSON object, as ``companion dice-monitor --json`` prints it."""
        return {
            "dice": list(self.dice),
            "speed": self.speed,
            "confidence": list(self.confidence),
            "manual": self.needs_manual_entry,
            "reason": self.reason,
            "throw": self.throw,
            "read": self.read,
            "key": self.key,
            "module": self.module,
        }


STATES = ("stopped", "disconnected", "connecting", "connected", "silent", "incompatible")


@dataclass(frozen=True, slots=True)
class ReaderStatus:
    """Where the reader stands, posted to ``on_status`` each time it changes.

    ``state`` is one of ``disconnected`` (the port cannot be opened or was lost), ``connecting``
    (open, waiting for the module's greeting), ``connected``, ``silent`` (greeted, then nothing
    heard for the silence timeout), ``incompatible`` (the module speaks another major protocol
    version) and ``stopped``. ``tray`` is the last tray state the module reported, ``fault`` its
    fault code, if any; ``detail`` says more for people.
    """

    state: str
    url: str
    detail: str = ""
    module: Hello | None = None
    tray: str = "unknown"
    fault: str | None = None

    @property
    def is_connected(self) -> bool:
        return self.state == "connected"

    @property
    def needs_manual_entry(self) -> bool:
        """True when the table should type rolls in: no usable module, or a tray fault."""
        return self.state != "connected" or self.fault is not None

    def describe(self) -> str:
        text = f"dice module {self.state} ({self.url})"
        if self.module is not None and self.state == "connected":
            text += f": {self.module.module}, firmware {self.module.firmware}"
        if self.fault:
            text += f"; fault {self.fault}: {TRAY_FAULTS.get(self.fault, self.fault)}"
        if self.detail:
            text += f"; {self.detail}"
        return text
