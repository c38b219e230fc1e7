"""Benchmarks of the app in the Pi's terms: the main thread's CPU time, beside a trivial Kivy app
run the same way in the same run (issue 26). Each figure comes from its own process (one Kivy
window per process), off-screen SDL on this machine's OpenGL, 800x480.

``python -m tests.benchmarks.bench_app`` prints a markdown table for docs/performance.md (``--json``:
the raw figures, which ``--table FILE`` turns into the table later; ``--smoke``: each child once
and tiny, as the smoke test runs it, no figure meant; ``--turns``, ``--rolls``... change the
sizes). The columns: the app's main-thread CPU, its wall clock (swings with the machine's load:
for reference only), the trivial app's figure, the ratio app/trivial, the target, and the Pi 4
estimate: CPU x 5.5, issue 26's "Why" (the published n-body figure of a Pi 4 at 1.5 GHz against
the same CPython here: the Pi runs this Python about 5.5 times slower per core, range 2.2 to 11).

**Why the main thread's CPU.** Kivy draws, lays out and runs every callback on the main thread;
what it does not spend there it sleeps (``Clock`` waits for the next frame), and a sleeping thread
spends no CPU. So the main thread's CPU time between two moments is the work the app did for what
happened between them, whatever else the shared machine runs (the wall clock here swings 5 to 15
times with the load). The dice reader's and the buttons' threads are not counted, nor Mesa's
llvmpipe rasterizer threads (the Pi's GPU does that work); the GL calls' own work on the main
thread is (llvmpipe also shades vertices there, which the Pi's GPU would do: the figures are a
little pessimistic for drawing).

The figures (targets: issue 26):

- **start**: from the process start (Python's own start, before Kivy's import) to the first
  frame drawn with the app's screen built and its input live: the main thread's CPU then
  (``time.thread_time()``, which counts from the thread's start: the process's, for the main
  thread). The trivial app: an empty Kivy window's first frame (its one label, no text yet).
  Target: at most 1.3 times the trivial app's, median of ``--starts`` runs of each.
- **roll**: a settled dice reading to the table screen drawn with it. The emulated module's
  ``SETTLED`` line goes through the real reader on its pseudo-terminal; on the reader's thread, as
  the reading arrives (the reader's ``on_arrival`` hook, just before it posts the reading to the
  main thread), the benchmark reads the *main thread's* CPU clock
  (``time.pthread_getcpuclockid`` of the main thread, readable from any thread); at the buffer
  swap of the first frame showing the proposal, on the main thread, ``time.thread_time()``. The
  difference is every bit of CPU the main thread spent between the two moments: picking up the
  posted reading, the controller, the view-models, the widgets, the layout, the drawing (and any
  other frame drawn meanwhile, which belongs to the wait too); its idle sleep costs nothing.
  Reading the main thread's clock at the reading's arrival, rather than when the main thread
  picks it up, counts whatever the main thread was doing then too. Target: 9 ms.
- **button**: a press of button 1 (a mock GPIO pin, its edges driven from a thread of their own
  as a GPIO interrupt thread would) confirming the proposal, to the frame showing the moved
  game: the main thread's CPU clock read on that thread just before the releasing edge (a short
  press acts on release), to the swap. Pressed once the controller is ready for it (its input
  gate drops a press sooner). Target: 9 ms.
- **frames**: each frame's main-thread CPU, from the moment ``Clock`` has finished waiting for the
  frame (``Clock.idle`` returns) to the buffer swap (``Window.flip`` returns), over the whole roll
  run: the dice read, the press, the move, and every other decision of the turns answered one
  per frame (as taps are), the random player's own choosing taken off. Max and p95. Target: no
  frame over 17 ms.

  The trivial app's equivalents of roll, button and frames: one ``Label`` whose text is changed
  from another thread through ``Clock.schedule_once`` (main-thread CPU from the post to the
  frame drawn with it), and changed at every frame (each frame's CPU).
- **memory**: resident memory minus the software OpenGL driver's share (the resident pages of
  the libraries this machine maps for llvmpipe: ``libLLVM``, ``libz3`` that only it loads,
  ``*_dri.so``, Mesa's ``libgallium``; llvmpipe's own buffers in anonymous memory cannot be told
  apart and stay in), after ``--turns`` turns of a 4-player game played through the controller
  with the app on, a frame drawn after every answer as in the real app; also at turn 100 (flat
  means the two differ little). Beside a bare Kivy window with one label, measured the same
  way. Target: at most 2 times the bare window's, and flat from turn 100 to 500.

  The memory game runs with ``Clock``'s frame-rate cap off (``maxfps 0``): a frame is still drawn
  after every answer, but the clock does not sleep to the next 60th of a second between them;
  its game log is on ``/dev/shm`` where there is one (an append's four fsyncs only add waits);
  and it runs beside the other children (a thread's CPU time is its own: running side by side
  changes no CPU figure). What is left of its
  time is the app's own work per answer and llvmpipe's drawing of each frame (see
  docs/performance.md, issue 26).
- **memory on softpipe**: the same memory game and the same bare window again, each with
  ``GALLIUM_DRIVER=softpipe`` (Mesa's other software driver: the same Gallium state tracker,
  without LLVM's shader compiler), everything else the same, printed beside the llvmpipe rows
  with the ratio to the bare window on softpipe. Why: llvmpipe compiles a shader variant for each
  new drawing state with LLVM's JIT, and that compiler's heap (80-90 MB in the app's first 100
  turns, all of it in the C heap) cannot be told apart from the app's own allocations, so the
  llvmpipe rows count it as the app's. The Pi's V3D driver compiles its shaders on the GPU
  driver's side without LLVM's JIT heap; softpipe keeps the heap flat (docs/engine.md, "Issue 26:
  the app's start and memory"), so its rows are the nearer to what the Pi carries; but its
  own buffers make its bare window about 38 MB larger than on llvmpipe (anonymous memory, not
  subtracted), so its ratio flatters the app: its row also says the app's share above the bare
  window. Softpipe draws slowly (it interprets every shader: about 3.7 s of main-thread CPU a
  turn here, against 0.16 s on llvmpipe), so its game is shorter: ``--soft-turns`` turns
  (default 30, 6 to 12 minutes on the loaded machine; sampled at turn ``--soft-early`` too,
  default 10), the turns in which llvmpipe's heap grows most (39 to 128 MB in the first 30).
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import argparse  # noqa: E402
import datetime  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
#: How much slower a Raspberry Pi 4 runs this Python per core (issue 26, "Why").
PI_FACTOR = 5.5
#: Issue 26's targets: main-thread CPU in ms; ratios to the trivial app.
ROLL_MS, BUTTON_MS, FRAME_MS = 9.0, 9.0, 17.0
START_RATIO, MEMORY_RATIO = 1.3, 2.0
#: The libraries of the software OpenGL driver (llvmpipe) as this machine maps them.
DRIVER_LIBS = ("libLLVM", "libz3", "_dri.so", "libgallium")
#: Full and smoke sizes.
SIZES = {
    "full": {
        "starts": 3,
        "rolls": 20,
        "turns": 500,
        "early": 100,
        "labels": 120,
        "soft_turns": 30,
        "soft_early": 10,
    },
    "smoke": {
        "starts": 1,
        "rolls": 1,
        "turns": 3,
        "early": 1,
        "labels": 5,
        "soft_turns": 2,
        "soft_early": 1,
    },
}

_MAIN_CLOCK = time.pthread_getcpuclockid(threading.main_thread().ident or 0)


def main_cpu() -> float:
    """The main thread's CPU seconds so far, read from any thread (its CPU-time clock)."""
    return time.clock_gettime(_MAIN_CLOCK)


def _env(driver: str | None = None) -> dict[str, str]:
    """The children's environment; ``driver``: Mesa's Gallium driver (``softpipe``), else the
    machine's own (llvmpipe here)."""
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.update(
        KIVY_NO_ARGS="1",
        KIVY_WINDOW="sdl2",
        SDL_VIDEODRIVER="offscreen",
        KIVY_NO_CONSOLELOG="1",
        KIVY_NO_FILELOG="1",
        KIVY_HOME=tempfile.mkdtemp(prefix="bench-kivy-"),
        GPIOZERO_PIN_FACTORY="mock",
        COMPANION_DEVICE="0",
    )
    if driver is not None:
        env["GALLIUM_DRIVER"] = driver
    return env


def _start(
    mode: str, size: dict[str, int], driver: str | None = None
) -> tuple[subprocess.Popen[bytes], Path]:
    """Start one child (its own process and window; ``driver``: as :func:`_env`). The memory
    game's log is on a RAM disk where there is one: its fsyncs (four a command) would only add
    waits to the wall clock."""
    shm = Path("/dev/shm")
    where = shm if mode == "memory" and shm.is_dir() and os.access(shm, os.W_OK) else None
    folder = Path(tempfile.mkdtemp(prefix="bench-app-", dir=where))
    command = [sys.executable, "-m", "tests.benchmarks.bench_app", "--child", mode]
    command += ["--size", json.dumps(size), "--folder", str(folder)]
    return subprocess.Popen(command, cwd=ROOT, env=_env(driver)), folder


def _result(child: tuple[subprocess.Popen[bytes], Path]) -> dict[str, Any]:
    """What the child measured, once it has ended (at most 30 minutes)."""
    process, folder = child
    try:
        if process.wait(timeout=1800) != 0:
            raise SystemExit(f"bench_app: a child failed (status {process.returncode})")
    finally:
        if process.poll() is None:
            process.kill()
    figures: dict[str, Any] = json.loads((folder / "out.json").read_text())
    shutil.rmtree(folder, ignore_errors=True)
    return figures


def _child(mode: str, size: dict[str, int], driver: str | None = None) -> dict[str, Any]:
    """Run one child and wait for it; what it measured."""
    return _result(_start(mode, size, driver))


# -- Memory ---------------------------------------------------------------------------------------


def memory_mb() -> dict[str, float]:
    """Resident megabytes of this process, of the software OpenGL driver's libraries in it, and
    the first minus the second."""
    total = driver = 0
    current = ""
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split(None, 1)[0] if line.strip() else ""
        if "-" in head and not head.endswith(":"):
            fields = line.split()
            current = fields[5] if len(fields) > 5 else ""
        elif head == "Rss:":
            kb = int(line.split()[1])
            total += kb
            if any(lib in current for lib in DRIVER_LIBS):
                driver += kb
    return {
        "rss_mb": round(total / 1024, 1),
        "driver_mb": round(driver / 1024, 1),
        "without_driver_mb": round((total - driver) / 1024, 1),
    }


# -- Frames ---------------------------------------------------------------------------------------


class Frames:
    """Kivy's frames as the main thread spends them. Each drawn frame's CPU runs from the moment
    ``Clock`` has finished waiting for it (``Clock.idle`` returns) to the buffer swap
    (``Window.flip`` returns); the benchmark's own work inside a frame (:meth:`own`) is taken off.
    After each swap, the waiters run with the wall clock and the main thread's CPU at the swap."""

    def __init__(self) -> None:
        from kivy.clock import Clock
        from kivy.core.window import Window

        self.started = time.thread_time()
        self.own_cpu = 0.0
        self.recording = False
        self.cpu: list[float] = []
        self.waiters: list[Callable[[float, float], bool]] = []
        idle, flip = Clock.idle, Window.flip

        def timed_idle(*args: Any) -> Any:
            done = idle(*args)
            self.started, self.own_cpu = time.thread_time(), 0.0
            return done

        def timed_flip(*args: Any) -> Any:
            done = flip(*args)
            cpu, wall = time.thread_time(), time.perf_counter()
            if self.recording:
                self.cpu.append(cpu - self.started - self.own_cpu)
            for waiter in list(self.waiters):
                if waiter(wall, cpu):
                    self.waiters.remove(waiter)
            return done

        Clock.idle = timed_idle
        Window.flip = timed_flip

    def own(self, work: Callable[[], Any]) -> Any:
        """Run the benchmark's own ``work`` (not the app's): its CPU is no frame's."""
        began = time.thread_time()
        try:
            return work()
        finally:
            self.own_cpu += time.thread_time() - began

    def when(
        self,
        condition: Callable[[], bool],
        then: Callable[[float, float], None],
        *,
        limit: float = 10.0,
        miss: Callable[[], None] | None = None,
    ) -> None:
        """Call ``then(wall, cpu)`` at the first swap after which ``condition()`` holds; after
        ``limit`` seconds without, ``miss()``. A frame is asked for every quarter second
        meanwhile, in case nothing else asks for one."""
        from kivy.clock import Clock
        from kivy.core.window import Window

        deadline = time.perf_counter() + limit
        pending = [True]

        def waiter(wall: float, cpu: float) -> bool:
            if condition():
                pending[0] = False
                then(wall, cpu)
                return True
            return False

        def poke(_dt: float) -> bool:
            if not pending[0]:
                return False
            if time.perf_counter() > deadline and miss is not None:
                pending[0] = False
                self.waiters.remove(waiter)
                miss()
                return False
            Window.canvas.ask_update()
            return True

        self.waiters.append(waiter)
        Clock.schedule_interval(poke, 0.25)


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


# -- The app's children ---------------------------------------------------------------------------


def run_app(mode: str, size: dict[str, int], folder: Path) -> dict[str, Any]:
    """One child of the app: ``start``, ``roll`` or ``memory``; what it measured."""
    from ui import app as ui_app
    from ui.devices import devices_factory

    ui_app.configure_input(False)
    ui_app.configure_window(size=(800, 480), device=False)
    import random

    from kivy.clock import Clock

    if mode == "memory":
        Clock._max_fps = 0  # a frame after every answer, and no sleep between them

    from ui.controller import TableController
    from ui.setup_store import SetupStore

    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=folder / "g.db", post=post, store=SetupStore(folder / "s.json"), lang="en"
        ),
        devices_factory=devices_factory(None, "emulator") if mode == "roll" else None,
        animate=False,
    )
    result: dict[str, Any] = {}
    frames = Frames()
    players: list[Any] = []  # the random player, made after the first frame (it imports the engine)
    dice = random.Random(11)

    def choose() -> tuple[int, Any, dict[str, Any]]:
        """The random player's answer to the decision in front of it (the benchmark's work)."""
        if not players:
            from companion.simulator.players import RandomPlayer

            players.append(RandomPlayer(random.Random(7)))
        player = players[0]
        state = app.controller.state
        d = state.decision
        option = player.answer(state, list(d.options))
        return d.id, option, player.fill(state, option) if option in d.options else {}

    def answer_one() -> bool:
        """Answer the decision in front of the table, as one tap does; whether it was taken."""
        c = app.controller
        decision_id, option, free = frames.own(choose)
        options = list(c.state.decision.options)
        if option in options:
            return bool(c.answer(decision_id, options.index(option), **free))
        command = dict(option["command"], player=option.get("player"))
        return bool(c.answer_command(decision_id, command))

    def later(work: Callable[[], Any]) -> None:
        """``work`` in the next frame (a waiter runs after the swap, outside any frame)."""
        Clock.schedule_once(lambda _dt: work(), 0)

    def first(wall: float, cpu: float) -> None:
        result["start_s"] = wall - T0
        result["start_cpu_s"] = cpu
        if mode == "start":
            app.stop()
        elif mode == "roll":
            Clock.schedule_once(roll_setup, 0.5)
        else:
            Clock.schedule_once(memory_setup, 0)

    Clock.schedule_once(lambda _dt: frames.when(lambda: True, first), 0)

    # -- roll: the dice read, the press, the frames of the turns --------------------------------

    rolls: list[dict[str, float]] = []
    presses: list[dict[str, float]] = []
    misses: list[str] = []

    def roll_setup(_dt: float) -> None:
        app.controller.start_game([{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")], {})
        frames.when(lambda: True, lambda _w, _c: later(next_step))

    def next_step() -> None:
        c = app.controller
        if len(rolls) + len(misses) >= size["rolls"]:
            frames.recording = False
            result.update(roll=rolls, button=presses, misses=misses)
            result["frames_ms"] = [_ms(f) for f in frames.cpu]
            app.stop()
            return
        state = c.state
        if state.over:
            c.start_game([{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")], {})
        elif state.decision.kind == "roll":
            throw()
            return
        else:
            answer_one()
        frames.when(lambda: True, lambda _w, _c: later(next_step))

    def throw() -> None:
        c = app.controller
        d = c.state.decision
        faces = [dice.randint(1, 6), dice.randint(1, 6), "2"]
        arrived: list[tuple[float, float]] = []
        reader = app.devices.reader
        before = reader._on_arrival

        def on_arrival(what: Any) -> None:
            # On the reader's thread, as the settled reading is about to be posted.
            if hasattr(what, "dice") and not arrived:
                arrived.append((time.perf_counter(), main_cpu()))
            if before is not None:
                before(what)

        reader._on_arrival = on_arrival
        frames.recording = True  # from the first throw: the game's start is no turn's frame
        c.throw(faces)

        def shown(wall: float, cpu: float) -> None:
            reader._on_arrival = before
            rolls.append({"wall_ms": _ms(wall - arrived[0][0]), "cpu_ms": _ms(cpu - arrived[0][1])})
            wait_ready(d.id)

        def missed() -> None:
            reader._on_arrival = before
            misses.append(str(c.view.notice))
            c.enter_roll(d.id, faces)  # the throw was not read: typed in, and on we go
            frames.when(lambda: True, lambda _w, _c: later(next_step))

        frames.when(
            lambda: (
                bool(arrived)
                and c.view.proposal is not None
                and c.view.proposal.decision_id == d.id
            ),
            shown,
            miss=missed,
        )

    def wait_ready(decision_id: int) -> None:
        # Button 1 once the proposal has settled (the input gate: sooner is too soon).
        def check(_dt: float) -> bool:
            if app.controller.ready():
                Clock.schedule_once(lambda _dt: press(decision_id), 0.05)
                return False
            return True

        Clock.schedule_interval(check, 0)

    def press(decision_id: int) -> None:
        from gpiozero import Device

        c = app.controller
        pin = Device.pin_factory.pin(17)
        edge(pin.drive_low)
        released: list[tuple[float, float]] = []

        def release(_dt: float) -> None:
            def up() -> None:
                released.append((time.perf_counter(), main_cpu()))
                pin.drive_high()  # a short press acts on release (after the debounce time)

            edge(up)

        Clock.schedule_once(release, 0.1)

        def moved(wall: float, cpu: float) -> None:
            presses.append(
                {"wall_ms": _ms(wall - released[0][0]), "cpu_ms": _ms(cpu - released[0][1])}
            )
            later(next_step)

        def missed() -> None:
            misses.append("press not acted on")
            later(next_step)

        frames.when(
            lambda: bool(released) and c.state.decision.id != decision_id,
            moved,
            miss=missed,
        )

    def edge(drive: Callable[[], None]) -> None:
        """A pin's edge, on a thread of its own (as gpiozero's interrupt thread)."""
        thread = threading.Thread(target=drive)
        thread.start()
        thread.join()

    # -- memory: a long game, a frame after every answer ----------------------------------------

    def memory_setup(_dt: float) -> None:
        from kivy.core.window import Window

        c = app.controller
        c.start_game([{"name": f"P{i}"} for i in range(1, 5)], {"time_limit": False})
        progress: dict[str, Any] = {"turns": 0, "last": None, "games": 1, "answers": 0}
        progress.update(drawn=True, frames=0, refused=0, waits=0, stuck=None)
        samples: dict[str, Any] = {}
        began, began_cpu = time.perf_counter(), time.thread_time()
        began_process = time.process_time()

        def drawn(_wall: float, _cpu: float) -> bool:
            progress["drawn"] = True
            progress["frames"] += 1
            return False  # stays: every frame

        frames.waiters.append(drawn)

        def step(_dt: float) -> bool:
            if not progress["drawn"]:  # the frame that shows the last answer comes first
                progress["waits"] += 1
                if progress["waits"] < 5000:
                    Window.canvas.ask_update()
                    return True
                progress["stuck"] = f"no frame drawn after an answer to {c.state.decision.kind}"
            progress["waits"] = 0
            turns = progress["turns"]
            if turns in (size["early"], size["turns"]) and str(turns) not in samples:
                samples[str(turns)] = memory_mb()
            if turns >= size["turns"] or progress["stuck"]:
                frames.waiters.remove(drawn)
                samples.setdefault(str(turns), memory_mb())
                result.update(
                    stuck=progress["stuck"],
                    turns=turns,
                    games=progress["games"],
                    answers=progress["answers"],
                    frames=progress["frames"],
                    play_s=round(time.perf_counter() - began, 1),
                    play_cpu_s=round(time.thread_time() - began_cpu, 1),
                    play_process_cpu_s=round(time.process_time() - began_process, 1),
                    samples=samples,
                    memory=samples[str(turns)],
                )
                app.stop()
                return False
            state = c.state
            if state.over:
                c.start_game([{"name": f"P{i}"} for i in range(1, 5)], {"time_limit": False})
                progress["games"] += 1
            else:
                if state.turn != progress["last"]:
                    progress["turns"] += 1
                    progress["last"] = state.turn
                    if progress["turns"] in (size["early"], size["turns"]):
                        return True  # sampled after this frame, before the turn's first answer
                if answer_one():
                    progress["refused"] = 0
                else:  # refused: after 50 in a row the game stops (no spinning for ever)
                    progress["refused"] += 1
                    if progress["refused"] >= 50:
                        notice = str(c.view.notice)
                        progress["stuck"] = f"decision {state.decision.kind}: {notice}"
                        print(f"bench_app memory: stuck at {progress['stuck']}", file=sys.stderr)
                progress["answers"] += 1
                if progress["answers"] % 500 == 0:
                    print(
                        f"bench_app memory: {progress['turns']} turns, {progress['answers']} "
                        f"answers, {time.thread_time() - began_cpu:.0f} s main-thread CPU",
                        file=sys.stderr,
                    )
            progress["drawn"] = False
            Window.canvas.ask_update()
            return True

        Clock.schedule_interval(step, 0)

    app.run()
    return result


# -- The trivial app's child ----------------------------------------------------------------------


def run_trivial(size: dict[str, int]) -> dict[str, Any]:
    """An empty Kivy window's start, then one label changed from another thread, then changed at
    every frame, then the bare window's memory."""
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.label import Label

    result: dict[str, Any] = {}
    posts: list[dict[str, float]] = []
    frames_box: list[Frames] = []

    class Trivial(App):
        def build(self) -> Label:
            self.label = Label(text="")
            frames_box.append(Frames())
            Clock.schedule_once(lambda _dt: frames_box[0].when(lambda: True, self.first), 0)
            return self.label

        def first(self, wall: float, cpu: float) -> None:
            result["start_s"] = wall - T0
            result["start_cpu_s"] = cpu
            Clock.schedule_once(lambda _dt: self.post(0), 0.2)

        def post(self, i: int) -> None:
            if i >= size["rolls"]:
                self.every_frame()
                return
            frames = frames_box[0]
            text = f"roll {i}: {i % 6 + 1} and {(i * 5) % 6 + 1}"
            sent: list[tuple[float, float]] = []

            def from_thread() -> None:
                sent.append((time.perf_counter(), main_cpu()))
                Clock.schedule_once(lambda _dt: setattr(self.label, "text", text), 0)

            threading.Thread(target=from_thread).start()

            def shown(wall: float, cpu: float) -> None:
                posts.append({"wall_ms": _ms(wall - sent[0][0]), "cpu_ms": _ms(cpu - sent[0][1])})
                Clock.schedule_once(lambda _dt: self.post(i + 1), 0.05)

            frames.when(lambda: bool(sent) and self.label.text == text, shown)

        def every_frame(self) -> None:
            frames = frames_box[0]
            frames.recording = True
            count = [0]

            def change(_dt: float) -> bool:
                count[0] += 1
                self.label.text = f"frame {count[0]}"
                if count[0] > size["labels"]:
                    frames.recording = False
                    result.update(
                        label=posts,
                        frames_ms=[_ms(f) for f in frames.cpu],
                        memory=memory_mb(),
                    )
                    self.stop()
                    return False
                return True

            Clock.schedule_interval(change, 0)

    Trivial().run()
    return result


# -- The run --------------------------------------------------------------------------------------


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=20)[-1]


def measure(size: dict[str, int]) -> dict[str, Any]:
    """The memory games in the background (the longest: llvmpipe's, then softpipe's), and
    meanwhile every other child in turn: the app's and the trivial app's starts alternating, then
    the rolls, then the bare window on softpipe; the raw figures. (CPU time is the thread's own:
    children running side by side do not change it.)"""
    soft_size = dict(size, turns=size["soft_turns"], early=size["soft_early"])
    long_game = _start("memory", size)
    soft_game = _start("memory", soft_size, "softpipe")
    try:
        starts, trivials = [], []
        for _ in range(size["starts"]):
            starts.append(_child("start", size))
            trivials.append(_child("trivial", size))
        roll = _child("roll", size)
        soft_bare = _child("trivial", size, "softpipe")
    except BaseException:
        long_game[0].kill()
        soft_game[0].kill()
        raise
    memory = _result(long_game)
    soft_memory = _result(soft_game)
    return {
        "date": datetime.date.today().isoformat(),
        "pi_factor": PI_FACTOR,
        "start": starts,
        "trivial": trivials,
        "roll": roll,
        "memory": memory,
        "softpipe": {"memory": soft_memory, "bare": soft_bare["memory"]},
    }


def table(figures: dict[str, Any]) -> list[str]:
    """The markdown table of the figures: app, wall, trivial, ratio, target, Pi 4 estimate."""
    pi = figures["pi_factor"]
    trivial, roll, memory = figures["trivial"], figures["roll"], figures["memory"]
    rows = []

    def row(
        what: str,
        app: float,
        wall: str,
        base: float | None,
        target: str,
        met: bool,
        unit: str,
        pi_estimate: bool = True,
    ) -> None:
        ratio = f"{app / base:.2f}" if base else ""
        base_text = f"{base:,.1f} {unit}" if base is not None else ""
        estimate = f"{app * pi:,.0f} {unit}" if pi_estimate else ""
        rows.append(
            f"| {figures['date']} | {what} | {app:,.1f} {unit} | {wall} | {base_text} | {ratio} "
            f"| {target} | {estimate} | {'yes' if met else '**no**'} |"
        )

    app_start = _median([s["start_cpu_s"] for s in figures["start"]]) * 1000
    base_start = _median([t["start_cpu_s"] for t in trivial]) * 1000
    wall_start = _median([s["start_s"] for s in figures["start"]])
    row(
        f"start to the first interactive frame (median of {len(figures['start'])})",
        app_start,
        f"{wall_start:.2f} s",
        base_start,
        f"<= {START_RATIO}x trivial",
        app_start <= START_RATIO * base_start,
        "ms",
    )
    labels = [p["cpu_ms"] for t in trivial for p in t["label"]]
    for key, what, target in (
        ("roll", "settled dice reading to the table drawn", ROLL_MS),
        ("button", "button 1 to the moved table drawn", BUTTON_MS),
    ):
        cpu = [r["cpu_ms"] for r in roll[key]]
        wall = [r["wall_ms"] for r in roll[key]]
        row(
            f"{what} (median of {len(cpu)})",
            _median(cpu),
            f"{_median(wall):,.0f} ms",
            _median(labels),
            f"<= {target:g} ms",
            _median(cpu) <= target,
            "ms",
        )
        row(
            f"{what} (max)",
            max(cpu, default=float("nan")),
            f"{max(wall, default=0):,.0f} ms",
            max(labels, default=None),
            f"<= {target:g} ms",
            max(cpu, default=0) <= target,
            "ms",
        )
    frames = roll["frames_ms"]
    trivial_frames = [f for t in trivial for f in t["frames_ms"]]
    row(
        f"largest frame during the turns (of {len(frames):,})",
        max(frames, default=float("nan")),
        "",
        max(trivial_frames, default=None),
        f"<= {FRAME_MS:g} ms",
        max(frames, default=0) <= FRAME_MS,
        "ms",
    )
    row(
        "frame during the turns (p95)",
        _p95(frames),
        "",
        _p95(trivial_frames) or None,
        f"<= {FRAME_MS:g} ms",
        _p95(frames) <= FRAME_MS,
        "ms",
    )
    bare = _median([t["memory"]["without_driver_mb"] for t in trivial])
    end = memory["memory"]
    row(
        f"resident after {memory['turns']} turns, without the GL driver's "
        f"{end['driver_mb']:.0f} MB (resident {end['rss_mb']:.0f} MB)"
        + (f"; the game stopped, stuck at {memory['stuck']}" if memory.get("stuck") else ""),
        end["without_driver_mb"],
        f"played in {memory['play_s']:.0f} s ({memory['play_cpu_s']:.0f} s CPU)",
        bare,
        f"<= {MEMORY_RATIO}x bare window",
        end["without_driver_mb"] <= MEMORY_RATIO * bare,
        "MB",
        pi_estimate=False,
    )

    def growth(game: dict[str, Any], what: str) -> None:
        samples = game["samples"]
        early_key = min(samples, key=int)
        early = samples[early_key]["without_driver_mb"]
        last = game["memory"]["without_driver_mb"]
        rows.append(
            f"| {figures['date']} | {what}, turn {early_key} to turn {game['turns']} | "
            f"{early:,.1f} MB to {last:,.1f} MB ({last - early:+,.1f} MB) | | | | flat | | |"
        )

    growth(memory, "resident without the GL driver")
    soft = figures.get("softpipe")
    if soft is not None:
        game, soft_end, soft_bare = soft["memory"], soft["memory"]["memory"], soft["bare"]
        row(
            f"on softpipe (no LLVM shader heap), resident after {game['turns']} turns, without "
            f"the driver's {soft_end['driver_mb']:.0f} MB (resident {soft_end['rss_mb']:.0f} MB; "
            f"{soft_end['without_driver_mb'] - soft_bare['without_driver_mb']:,.1f} MB above the "
            "bare window)"
            + (f"; the game stopped, stuck at {game['stuck']}" if game.get("stuck") else ""),
            soft_end["without_driver_mb"],
            f"played in {game['play_s']:.0f} s ({game['play_cpu_s']:.0f} s CPU)",
            soft_bare["without_driver_mb"],
            f"<= {MEMORY_RATIO}x bare window",
            soft_end["without_driver_mb"] <= MEMORY_RATIO * soft_bare["without_driver_mb"],
            "MB",
            pi_estimate=False,
        )
        growth(game, "on softpipe, resident without the driver")
    return [
        "| date | figure (main-thread CPU) | app | wall clock | trivial Kivy app | app / trivial "
        "| target | Pi 4 (CPU x 5.5) | met |",
        "|---|---|---:|---:|---:|---:|---|---:|---|",
        *rows,
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--smoke", action="store_true", help="each child once, tiny")
    parser.add_argument(
        "--table", type=Path, metavar="JSON", help="print the table of figures saved by --json"
    )
    parser.add_argument(
        "--child", choices=("start", "roll", "memory", "trivial"), help=argparse.SUPPRESS
    )
    for name, value in SIZES["full"].items():
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=int, default=value, help=f"(default {value})"
        )
    parser.add_argument("--size", type=json.loads, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        size = args.size
        if args.child == "trivial":
            done = run_trivial(size)
        else:
            done = run_app(args.child, size, args.folder)
        (args.folder / "out.json").write_text(json.dumps(done))
        return
    if args.table is not None:
        print("\n".join(table(json.loads(args.table.read_text()))))
        return
    size = SIZES["smoke"] if args.smoke else {name: getattr(args, name) for name in SIZES["full"]}
    figures = measure(size)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"Main thread's CPU time ({'smoke run: no figure meant' if args.smoke else 'one run'})")
    print("\n".join(table(figures)))


if __name__ == "__main__":
    main()
