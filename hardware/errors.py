"""The hardware package's errors, under the companion's one root :class:`CompanionError`.

Each also inherits the builtin it narrows (``ValueError`` for bad input, ``OSError`` for a device),
as gpiozero's errors do, so callers may catch either.
"""

from __future__ import annotations

from companion.errors import CompanionError


class HardwareError(CompanionError):
    """Root of the errors raised by the ``hardware`` package."""


class ProtocolError(HardwareError, ValueError):
    """A dice-module line that breaks the protocol (``docs/dice-protocol.md``).

    :param reason: a short, stable code for the fault, e.g. ``checksum-mismatch``; tests and the
        monitor use it, the message says it for people.
    :param line: the rejected line as received.
    """

    def __init__(self, reason: str, message: str, *, line: bytes = b"") -> None:
        super().__init__(f"{reason}: {message}")
        self.reason = reason
        self.line = line


class ConfigError(HardwareError, ValueError):
    """A configuration value that is not allowed: the message names the key, the value and what is
    allowed, on one line."""


class EmulatorUsageError(HardwareError, ValueError):
    """A roll script or fault the dice-module emulator cannot play."""


class DeviceError(HardwareError, OSError):
    """A device (serial port, pseudo-terminal, GPIO pin) that cannot be opened or used."""


class ManualEntryNeeded(HardwareError, ValueError):
    """A dice reading that cannot become a roll as it stands: the players enter or correct it."""
