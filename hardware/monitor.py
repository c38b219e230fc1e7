"""``companion dice-monitor``: what the dice module says, decoded, for setting up the camera.

It goes through the real :class:`~hardware.reader.DiceReader`; the main thread only prints what
the reader posts to it.
"""

from __future__ import annotations

import json
import time
from typing import TextIO

from hardware.config import HardwareConfig
from hardware.mainthread import MainThreadQueue
from hardware.protocol import describe
from hardware.reader import DiceReader, LineEvent
from hardware.readings import DiceReading, ReaderStatus

EXIT_TIMED_OUT = 1
EXIT_INTERRUPTED = 130


def format_reading(reading: DiceReading) -> str:
    """One line for a reading, as the table would read it out."""
    faces = " ".join(map(str, reading.dice)) or "unreadable"
    speed = f" {reading.speed}" if reading.speed is not None else ""
    again = f" (re-read {reading.read})" if reading.read else ""
    manual = f"  MANUAL ENTRY: {reading.explanation}" if reading.needs_manual_entry else ""
    return f"ROLL   throw {reading.throw}{again}: {faces}{speed}{manual}"


def format_line(event: LineEvent) -> str:
    if event.error is not None:
        return f"BAD    {event.error}"
    assert event.message is not None
    arrow = "<-" if event.direction == "in" else "->"
    note = f"  [{event.note}]" if event.note else ""
    return f"{arrow} {event.message.seq:>5} {describe(event.message)}{note}"


def run_monitor(
    config: HardwareConfig,
    out: TextIO,
    err: TextIO,
    *,
    count: int | None = None,
    as_json: bool = False,
    timeout: float | None = None,
) -> int:
    """Print what the module sends until ``count`` settled rolls (or for ever, or ``timeout``).

    With ``as_json`` only the rolls are printed, one JSON object a line; the status goes to
    ``err``. Returns the exit status: 0, 1 on timeout, 130 when interrupted.
    """
    calls = MainThreadQueue()
    rolls = 0

    def on_reading(reading: DiceReading) -> None:
        nonlocal rolls
        if reading.dice:
            rolls += 1
        if as_json:
            print(json.dumps(reading.to_json()), file=out)
        else:
            print(format_reading(reading), file=out)
        out.flush()

    shown: list[tuple[str, str | None, str]] = []

    def on_status(status: ReaderStatus) -> None:
        # The tray's moves are in the lines already; say only what changes for the table.
        if shown[-1:] != [(status.state, status.fault, status.detail)]:
            shown.append((status.state, status.fault, status.detail))
            print(f"STATUS {status.describe()}", file=err if as_json else out)

    def on_line(event: LineEvent) -> None:
        print(format_line(event), file=out)

    reader = DiceReader.from_config(
        config.serial.url,
        config,
        post=calls.post,
        on_reading=on_reading,
        on_status=on_status,
        on_line=None if as_json else on_line,
    )
    deadline = None if timeout is None else time.monotonic() + timeout
    reader.start()
    try:
        while count is None or rolls < count:
            if deadline is not None and time.monotonic() >= deadline:
                print(
                    f"companion: dice-monitor: {rolls} of {count} rolls after {timeout:g} s, "
                    f"giving up ({reader.status.describe()})",
                    file=err,
                )
                return EXIT_TIMED_OUT
            calls.run_pending(timeout=0.1)
        return 0
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    finally:
        reader.stop()
        out.flush()
