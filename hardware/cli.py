"""The ``companion`` commands of the hardware package: ``dice-emulator`` and ``dice-monitor``.

Registering them imports nothing beyond the standard library: pyserial and the rest of
``hardware`` are imported by the handlers, when a command runs, so that ``companion`` stays pure.
"""

from __future__ import annotations

import argparse
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO


def _positive(kind: type[int] | type[float], what: str) -> Any:
    def convert(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}") from None
        if not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}")
        return value

    return convert


def _percent(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) <= 100):
        raise argparse.ArgumentTypeError(f"a whole percentage from 0 to 100, not {text!r}")
    return int(text)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the hardware commands to the ``companion`` command line."""
    emulator = commands.add_parser(
        "dice-emulator",
        help="pretend to be the dice module, on a pseudo-terminal",
        description=(
            "Open a pseudo-terminal and speak the dice-module protocol on it "
            "(docs/dice-protocol.md). The first line printed is the device path to give to "
            "'companion dice-monitor --port' or the app; the rolls start once a reader has "
            "greeted the emulator."
        ),
    )
    emulator.add_argument(
        "--rolls",
        metavar="SPEC",
        help="scripted rolls, e.g. '3,4,mr;2,5,bus;6,6,2': two regular dice then the speed "
        "die (1, 2, 3, mr, bus or - for none); D1,D2,D3,SPEED for Roll Three",
    )
    emulator.add_argument(
        "--random",
        type=_positive(int, "a number of rolls, 1 or more"),
        metavar="N",
        help="N random rolls (after the scripted ones)",
    )
    emulator.add_argument("--seed", type=int, help="seed for the random rolls and boot token")
    emulator.add_argument(
        "--no-speed-die",
        dest="speed_die",
        action="store_false",
        help="a module for a set without a speed die (Classic): random rolls show two dice and "
        "no speed= field",
    )
    emulator.add_argument(
        "--interval",
        type=_positive(float, "a number of seconds above 0"),
        default=1.0,
        metavar="SECONDS",
        help="time between rolls (default 1)",
    )
    emulator.add_argument(
        "--fault",
        action="append",
        default=[],
        metavar="KIND[@ROLL]",
        help="inject a fault at a roll (default the first): garbage, split, disconnect, "
        "low-confidence, repeat-seq, corrupt, leaning; may be repeated",
    )
    emulator.add_argument(
        "--link",
        metavar="PATH",
        help="keep a symlink at PATH pointing at the current pseudo-terminal, and print it "
        "(needed for --fault disconnect: a replugged module gets a new device)",
    )
    emulator.add_argument(
        "--unplug-for",
        type=_positive(float, "a number of seconds above 0"),
        default=1.0,
        metavar="SECONDS",
        help="how long a disconnect lasts (default 1)",
    )
    emulator.add_argument("--module-id", default="emulator", help="the id the module greets with")
    emulator.add_argument(
        "--confidence",
        type=_percent,
        default=97,
        metavar="PERCENT",
        help="confidence reported for each die (default 97)",
    )
    emulator.add_argument(
        "--heartbeat",
        type=_positive(float, "a number of seconds above 0"),
        default=1.0,
        metavar="SECONDS",
        help="time between STATUS lines (default 1)",
    )
    emulator.add_argument(
        "--exit-when-done",
        action="store_true",
        help="exit once the last roll has been sent (and --interval more)",
    )
    emulator.add_argument(
        "--quiet", action="store_true", help="print only the device path, not each line"
    )
    emulator.set_defaults(handler=_emulator)

    monitor = commands.add_parser(
        "dice-monitor",
        help="print what the dice module sends, decoded",
        description=(
            "Connect to the dice module through the companion's reader and print every line "
            "it sends, decoded, and every roll as the companion would receive it. For setting "
            "up the camera at the table."
        ),
    )
    monitor.add_argument(
        "--port",
        metavar="URL",
        help="the module's port: a device path or a pyserial URL (loop://, socket://HOST:PORT, "
        "rfc2217://HOST:PORT); default serial.url from the configuration",
    )
    monitor.add_argument("--baudrate", metavar="BAUD", help="default serial.baudrate (115200)")
    monitor.add_argument(
        "--min-confidence",
        metavar="PERCENT",
        help="below this a roll needs manual entry; default dice.min_confidence (90)",
    )
    monitor.add_argument("--config", metavar="FILE", help="the TOML configuration file")
    monitor.add_argument(
        "--count",
        type=_positive(int, "a number of rolls, 1 or more"),
        metavar="N",
        help="exit after N settled rolls",
    )
    monitor.add_argument(
        "--json",
        action="store_true",
        help='print one JSON object per roll: {"dice": [a, b], "speed": "1"|"2"|"3"|"mr"|"bus", ...}',
    )
    monitor.add_argument(
        "--timeout",
        type=_positive(float, "a number of seconds above 0"),
        metavar="SECONDS",
        help="give up (exit status 1) if --count rolls have not come by then",
    )
    monitor.set_defaults(handler=_monitor)


@contextmanager
def _stop_on_sigterm(stop: Any) -> Iterator[None]:
    """Run ``stop`` on SIGTERM (as systemd and test harnesses send), on the main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, lambda _signum, _frame: stop())
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _emulator(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    import random

    from hardware.emulator import DiceModuleEmulator, parse_fault, parse_rolls

    rolls = parse_rolls(args.rolls) if args.rolls else ()
    if args.random:
        from hardware.emulator import random_rolls

        rolls += random_rolls(args.random, random.Random(args.seed), speed_die=args.speed_die)

    def log(line: str) -> None:
        print(line, file=out, flush=True)

    emulator = DiceModuleEmulator(
        rolls,
        interval=args.interval,
        faults=[parse_fault(f) for f in args.fault],
        link=args.link,
        module_id=args.module_id,
        confidence=args.confidence,
        heartbeat=args.heartbeat,
        unplug_for=args.unplug_for,
        seed=args.seed,
        speed_die=args.speed_die,
    )
    print(emulator.open(), file=out, flush=True)
    if not args.quiet:
        emulator.log = log
    try:
        with _stop_on_sigterm(emulator.stop):
            emulator.serve(exit_when_done=args.exit_when_done)
    except KeyboardInterrupt:
        emulator.close()
    return 0


def _monitor(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hardware.config import load_config
    from hardware.errors import DeviceError

    try:
        from hardware.monitor import run_monitor
    except ModuleNotFoundError as exc:  # the base install has no pyserial
        raise DeviceError(
            f"dice-monitor needs {exc.name}: install it with .venv/bin/pip install -e '.[hardware]'"
        ) from None

    config = load_config(
        args.config,
        overrides={
            "serial.url": (args.port, "--port"),
            "serial.baudrate": (args.baudrate, "--baudrate"),
            "dice.min_confidence": (args.min_confidence, "--min-confidence"),
        },
    )
    return run_monitor(config, out, err, count=args.count, as_json=args.json, timeout=args.timeout)
