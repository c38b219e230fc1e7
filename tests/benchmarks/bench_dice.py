"""Benchmark: from a settled line arriving at the pseudo-terminal to the roll in the application.

Run: ``.venv/bin/python tests/benchmarks/bench_dice.py``. The benchmark plays the dice module on
the master side of a pseudo-terminal pair; the real :class:`~hardware.reader.DiceReader` reads the
slave side in its thread and posts each reading to a queue that this (the main) thread runs, as
the app's main loop would. The time measured for each roll runs from just before the module's
``SETTLED`` line is written to the moment the application's ``on_reading`` runs on the main
thread. Prints the median and spread; the figures go into ``docs/performance.md``. Not a pass/fail
test: timings are noisy.
"""

from __future__ import annotations

import os
import platform
import queue
import statistics
import time
import tty
from collections.abc import Callable

from hardware.protocol import (
    Hello,
    HostHello,
    Settled,
    encode,
    parse_companion_line,
    parse_module_line,
)
from hardware.reader import DiceReader
from hardware.readings import DiceReading

TIMEOUT = 5.0


def read_companion_line(master: int, buffer: bytearray) -> bytes:
    deadline = time.monotonic() + TIMEOUT
    while (end := buffer.find(b"\n")) < 0:
        if time.monotonic() > deadline:
            raise TimeoutError("the reader sent nothing")
        try:
            buffer += os.read(master, 4096)
        except BlockingIOError:
            time.sleep(0.001)
    line = bytes(buffer[: end + 1])
    del buffer[: end + 1]
    return line


def delivery_ms(rolls: int) -> list[float]:
    """Milliseconds from writing each settled line to its reading running on the main thread."""
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
    delivered: list[tuple[DiceReading, float]] = []

    def on_reading(reading: DiceReading) -> None:
        delivered.append((reading, time.perf_counter()))

    reader = DiceReader(os.ttyname(slave), post=calls.put, on_reading=on_reading)
    reader.start()
    try:
        buffer = bytearray()
        if not isinstance(parse_companion_line(read_companion_line(master, buffer)), HostHello):
            raise RuntimeError("the reader did not greet first")
        os.write(master, encode(Hello(0, "bench", "1.0", "1.0", "be5c4", 0)))
        times = []
        for throw in range(1, rolls + 1):
            line = encode(Settled(throw, throw, 0, (throw % 6 + 1, 4), "mr", (97, 96, 95)))
            count = len(delivered)
            start = time.perf_counter()
            os.write(master, line)
            while len(delivered) == count:
                calls.get(timeout=TIMEOUT)()
            reading, end = delivered[-1]
            if reading.throw != throw:
                raise RuntimeError(f"expected throw {throw}, got {reading}")
            times.append((end - start) * 1000)
            try:  # the reader's occasional PING or HELLO: not part of the measurement
                os.read(master, 4096)
            except BlockingIOError:
                pass
        return sorted(times)
    finally:
        reader.stop()
        os.close(master)
        os.close(slave)


def parse_us(calls: int) -> list[float]:
    """Microseconds to parse one settled line (the pure part of the work), per call."""
    line = encode(Settled(7, 3, 0, (3, 4), "mr", (97, 95, 91)))
    times = []
    for _ in range(20):
        start = time.perf_counter()
        for _ in range(calls):
            parse_module_line(line)
        times.append((time.perf_counter() - start) / calls * 1e6)
    return sorted(times)


def report(label: str, values: list[float], unit: str) -> None:
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    print(
        f"{label}: median {statistics.median(values):.3f} {unit}, min {values[0]:.3f} {unit}, "
        f"p95 {p95:.3f} {unit}, max {values[-1]:.3f} {unit} ({len(values)} samples)"
    )


def main(rolls: int = 500, parse_calls: int = 2000) -> None:
    print(f"python {platform.python_version()} on {platform.machine()}")
    report("settled line to application, over a pty", delivery_ms(rolls), "ms")
    report("parse one SETTLED line", parse_us(parse_calls), "us")


if __name__ == "__main__":
    main()
