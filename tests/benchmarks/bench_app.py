"""Benchmarks of the app, each in its own process (one Kivy window per process).

``python -m tests.benchmarks.bench_app`` prints, for docs/performance.md:

- **start**: from the process start (before Kivy's import) to the first frame drawn with the
  app's screen built and its input live (target 2 s);
- **roll**: a settled roll at the serial port to the table screen drawn with it: the emulated
  module's ``SETTLED`` line (the throw plus the emulator's settle time) through the real reader on
  its pseudo-terminal, the proposal, the frame (target 100 ms); and a press of button 1 (a mock
  GPIO edge) confirming it to the frame showing the moved game;
- **memory**: resident memory after a 500-turn game played through the controller with the app
  on, a frame drawn after every answer as in the real app (a touch is one frame: without
  frames, Kivy's clock keeps every replaced widget alive); also the part of it that is the
  software OpenGL driver of this machine (Mesa llvmpipe's libraries), which the Pi's GPU
  driver does not load (target 200 MB).
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.update(
        KIVY_NO_ARGS="1",
        KIVY_WINDOW="sdl2",
        SDL_VIDEODRIVER="offscreen",
        KIVY_NO_CONSOLELOG="1",
        KIVY_HOME=tempfile.mkdtemp(prefix="bench-kivy-"),
        GPIOZERO_PIN_FACTORY="mock",
        COMPANION_DEVICE="0",
    )
    return env


def _child(mode: str) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-app-"))
    out = folder / "out.json"
    subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.bench_app", mode, str(folder), str(out)],
        cwd=ROOT,
        env=_env(),
        check=True,
        timeout=900,
    )
    return json.loads(out.read_text())


def _driver_mb() -> float:
    """Resident megabytes of the software OpenGL driver's libraries (llvmpipe: libLLVM and
    swrast_dri), 0 on a machine with a GPU driver."""
    total, current = 0, ""
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if line[:1] in "0123456789abcdef" and "-" in line.split(" ", 1)[0]:
            current = line.split()[-1] if len(line.split()) > 5 else ""
        elif line.startswith("Rss:") and ("libLLVM" in current or "swrast_dri" in current):
            total += int(line.split()[1])
    return total / 1024


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run_child(mode: str, folder: Path, out: Path) -> None:
    from ui import app as ui_app
    from ui.devices import devices_factory

    ui_app.configure_input(False)
    ui_app.configure_window(size=(800, 480), device=False)
    import random

    from kivy.clock import Clock
    from kivy.core.window import Window

    from ui.controller import TableController
    from ui.setup_store import SetupStore

    db = folder / "g.db"
    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=db, post=post, store=SetupStore(folder / "s.json"), lang="en"
        ),
        devices_factory=devices_factory(None, "emulator") if mode == "roll" else None,
        animate=False,
    )
    result: dict[str, Any] = {}
    flip_waiters: list[Any] = []

    def on_flip(_w: Any) -> None:
        now = time.perf_counter()
        for waiter in list(flip_waiters):
            if waiter(now):
                flip_waiters.remove(waiter)

    Window.bind(on_flip=on_flip)

    misses: list[str] = []

    def when(condition: Any, then: Any, *, limit: float = 5.0, miss: Any = None) -> None:
        deadline = time.perf_counter() + limit

        def waiter(now: float) -> bool:
            if condition():
                then(now)
                return True
            if now > deadline and miss is not None:
                misses.append(app.controller.view.notice)
                miss()
                return True
            Window.canvas.ask_update()
            return False

        flip_waiters.append(waiter)
        Window.canvas.ask_update()

    def started(_dt: float) -> None:
        def first(now: float) -> None:
            result["start_s"] = now - T0
            if mode == "start":
                app.stop()
            elif mode == "roll":
                Clock.schedule_once(roll_setup, 0.5)
            else:
                Clock.schedule_once(memory, 0)

        when(lambda: True, first)

    from companion.simulator.players import RandomPlayer

    player = RandomPlayer(random.Random(7))

    def play_until(predicate: Any, limit: int = 100000) -> None:
        c = app.controller
        for _ in range(limit):
            state = c.state
            if state.over or predicate(state):
                return
            d = state.decision
            option = player.answer(state, list(d.options))
            if option in d.options:
                c.answer(d.id, list(d.options).index(option), **player.fill(state, option))
            else:
                c.answer_command(d.id, dict(option["command"], player=option.get("player")))

    rolls: list[float] = []
    confirms: list[float] = []

    def roll_setup(_dt: float) -> None:
        app.controller.start_game([{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")], {})
        Clock.schedule_once(next_roll, 0.2)

    def next_roll(_dt: float) -> None:
        c = app.controller
        if len(rolls) + len(misses) >= 20:
            result["roll_ms"] = [round(r * 1000, 1) for r in rolls]
            result["confirm_ms"] = [round(r * 1000, 1) for r in confirms]
            result["settle_s"] = app.devices.emulator.settle_time
            result["misses"] = misses
            app.stop()
            return
        play_until(lambda s: s.decision.kind == "roll")
        d = c.state.decision
        faces = [random.randint(1, 6), random.randint(1, 6), "2"]
        arrived: list[float] = []
        reader = app.devices.reader
        original = reader._on_reading

        def on_reading(reading: Any) -> None:
            # On the reader's thread: the SETTLED line has just been read off the port.
            arrived.append(time.perf_counter())
            original(reading)

        reader._on_reading = on_reading
        c.throw(faces)

        def shown(now: float) -> None:
            reader._on_reading = original
            rolls.append(now - arrived[0])
            # Button 1 once the proposal has settled (the input gate: sooner is too soon).
            when(
                lambda: c.ready(),
                lambda _now: Clock.schedule_once(lambda _dt: confirm(d.id), 0.05),
            )

        def missed() -> None:
            c.enter_roll(d.id, faces)  # the throw was not read: typed in, and on we go
            Clock.schedule_once(next_roll, 0.05)

        when(
            lambda: c.view.proposal is not None and c.view.proposal.decision_id == d.id,
            shown,
            miss=missed,
        )

    def confirm(decision_id: int) -> None:
        from gpiozero import Device

        c = app.controller
        pin = Device.pin_factory.pin(17)
        pin.drive_low()
        released: list[float] = []

        def release(_dt: float) -> None:
            released.append(time.perf_counter())
            pin.drive_high()  # a short press acts on release (after the debounce time)

        Clock.schedule_once(release, 0.1)

        def moved(now: float) -> None:
            confirms.append(now - released[0])
            Clock.schedule_once(next_roll, 0.05)

        when(
            lambda: c.state.decision.id != decision_id,
            moved,
            miss=lambda: Clock.schedule_once(next_roll, 0.05),
        )

    def memory(_dt: float) -> None:
        c = app.controller
        c.start_game([{"name": f"P{i}"} for i in range(1, 5)], {"time_limit": False})
        turns = 0
        last = None
        began = time.perf_counter()
        games = 1
        from kivy.base import EventLoop

        while turns < 500:
            EventLoop.idle()  # the frame that shows the last answer, as the app draws it
            state = c.state
            if state.over:
                c.start_game([{"name": f"P{i}"} for i in range(1, 5)], {})
                games += 1
                continue
            if state.turn != last:
                turns += 1
                last = state.turn
            play_until(lambda s, t=state.turn: s.turn != t or s.over, 1)
        result["turns"] = turns
        result["games"] = games
        result["play_s"] = time.perf_counter() - began

        def drawn(_now: float) -> None:
            result["rss_mb"] = _rss_mb()
            result["driver_mb"] = _driver_mb()
            app.stop()

        when(lambda: True, drawn)

    Clock.schedule_once(started, 0)
    app.run()
    out.write_text(json.dumps(result))


def main() -> None:
    starts = [_child("start")["start_s"] for _ in range(3)]
    print(
        f"start to first interactive frame: median {statistics.median(starts):.2f} s "
        f"(runs {', '.join(f'{s:.2f}' for s in starts)}; target 2 s)"
    )
    roll = _child("roll")
    print(
        f"settled roll at the serial port to the table screen: median "
        f"{statistics.median(roll['roll_ms']):.0f} ms, max {max(roll['roll_ms']):.0f} ms "
        f"over {len(roll['roll_ms'])} rolls (target 100 ms); not read in time: {roll['misses']}"
    )
    print(
        f"button 1 (mock GPIO) confirming the roll to the moved table: median "
        f"{statistics.median(roll['confirm_ms']):.0f} ms, max {max(roll['confirm_ms']):.0f} ms"
    )
    memory = _child("memory")
    print(
        f"resident memory after a {memory['turns']}-turn game ({memory['games']} game(s), "
        f"played in {memory['play_s']:.0f} s): {memory['rss_mb']:.0f} MB, of which the software "
        f"OpenGL driver's libraries {memory['driver_mb']:.0f} MB (target 200 MB)"
    )


if __name__ == "__main__":
    if len(sys.argv) == 4:
        run_child(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        main()
