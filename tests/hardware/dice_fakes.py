"""Test doubles for the dice reader: a scriptable module on a pseudo-terminal pair behind a
symlink (to unplug and replug it), and a reader wired to a main-thread queue.

Every wait is on a queue, an event or a file descriptor, with a timeout: a broken test fails in
seconds instead of hanging.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hardware.mainthread import MainThreadQueue
from hardware.protocol import (
    SEQ_MODULO,
    CompanionMessage,
    Hello,
    HostHello,
    ModuleMessage,
    encode,
    parse_companion_line,
)
from hardware.reader import DiceReader, LineEvent
from hardware.readings import DiceReading, ReaderStatus

TIMEOUT = 5.0
"""The longest any single wait may take before the test fails."""


class FakeModule:
    """The module's side of a pseudo-terminal pair, driven by the test thread.

    The reader opens :attr:`link`, a symlink to the pair's slave side; :meth:`unplug` closes
    the pair and removes the symlink, :meth:`plug_in` opens a new pair behind it.
    """

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master: int | None = None
        self.slave: int | None = None
        self.seq = 0
        self._rx = bytearray()
        self.received: list[CompanionMessage] = []

    def plug_in(self) -> FakeModule:
        master, slave = os.openpty()
        tty.setraw(slave)
        self.master, self.slave = master, slave
        self.seq = 0
        self._rx.clear()
        temporary = self.link.with_name(self.link.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        temporary.symlink_to(os.ttyname(slave))
        temporary.replace(self.link)
        return self

    def unplug(self) -> None:
        for fd in (self.master, self.slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.master = self.slave = None
        with contextlib.suppress(FileNotFoundError):
            self.link.unlink()

    def send(self, message: ModuleMessage, *, seq: int | None = None) -> bytes:
        """Encode and write a line, numbering it with the next sequence number by default."""
        if seq is None:
            seq, self.seq = self.seq, (self.seq + 1) % SEQ_MODULO
        line = encode(replace(message, seq=seq))
        self.send_raw(line)
        return line

    def send_raw(self, data: bytes) -> None:
        assert self.master is not None, "the module is unplugged"
        os.write(self.master, data)

    def read(self, timeout: float = TIMEOUT) -> CompanionMessage:
        """The next line the companion sent; fails the test after ``timeout`` seconds."""
        assert self.master is not None, "the module is unplugged"
        deadline = _deadline(timeout)
        while (end := self._rx.find(b"\n")) < 0:
            ready, _, _ = select.select([self.master], [], [], _left(deadline))
            if not ready:
                pytest.fail(f"the companion sent nothing within {timeout} s")
            self._rx += os.read(self.master, 4096)
        line = bytes(self._rx[: end + 1])
        del self._rx[: end + 1]
        message = parse_companion_line(line)
        self.received.append(message)
        return message

    def expect(self, kind: type, timeout: float = TIMEOUT) -> Any:
        """Read lines until one of type ``kind`` comes (HELLOs repeated meanwhile are skipped)."""
        deadline = _deadline(timeout)
        while True:
            message = self.read(_left(deadline))
            if isinstance(message, kind):
                return message

    def greet(self, *, boot: str = "0badcafe", throw: int = 0, proto: str = "1.0") -> Hello:
        """Wait for the companion's HELLO and answer it."""
        self.expect(HostHello)
        hello = Hello(0, module="cam-1", firmware="1.2.0", protocol=proto, boot=boot, throw=throw)
        self.send(hello)
        return hello

    def quiet_for(self, seconds: float) -> list[CompanionMessage]:
        """Every line the companion sends during ``seconds`` (used to assert that nothing more
        was asked; waits on the descriptor, the time bound is the test's)."""
        assert self.master is not None
        got: list[CompanionMessage] = []
        deadline = _deadline(seconds)
        while _left(deadline) > 0:
            ready, _, _ = select.select([self.master], [], [], _left(deadline))
            if ready:
                self._rx += os.read(self.master, 4096)
            while (end := self._rx.find(b"\n")) >= 0:
                line = bytes(self._rx[: end + 1])
                del self._rx[: end + 1]
                got.append(parse_companion_line(line))
        return got


def _deadline(seconds: float) -> float:
    return time.monotonic() + seconds


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


class Harness:
    """A reader whose callbacks land on this (the main) thread through a queue."""

    def __init__(self, url: str, **options: Any) -> None:
        self.calls = MainThreadQueue()
        self.readings: list[DiceReading] = []
        self.statuses: list[ReaderStatus] = []
        self.lines: list[LineEvent] = []
        self.threads: set[str] = set()
        options = {
            "reconnect_delay": 0.02,
            "reconnect_max_delay": 0.1,
            "hello_interval": 0.2,
            **options,
        }
        self.reader = DiceReader(
            url,
            post=self.calls.post,
            on_reading=self._record(self.readings),
            on_status=self._record(self.statuses),
            on_line=self._record(self.lines),
            **options,
        )

    def _record(self, into: list[Any]) -> Callable[[Any], None]:
        def record(item: Any) -> None:
            self.threads.add(threading.current_thread().name)
            into.append(item)

        return record

    def wait_for(self, done: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
        if not self.calls.run_until(done, timeout):
            pytest.fail(f"timed out after {timeout} s waiting for {what}")

    def wait_state(self, state: str, timeout: float = TIMEOUT) -> ReaderStatus:
        self.wait_for(lambda: bool(self.statuses) and self.statuses[-1].state == state, state)
        return self.statuses[-1]

    def wait_readings(self, count: int, timeout: float = TIMEOUT) -> list[DiceReading]:
        self.wait_for(lambda: len(self.readings) >= count, f"{count} readings", timeout)
        return self.readings

    def settle(self) -> None:
        """Let queued callbacks run (those already posted)."""
        self.calls.run_pending()
