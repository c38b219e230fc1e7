"""The whole app in its own process, for what it says of faults (issue 22, item 4) and the
resume screen (item 5): ``python -m tests.ui.app_faults SCENARIO DB OUT.json [SHOTS LANG WxH]``.

- ``first``: the app starts on the game log ``DB`` as it is (damaged, read-only, on a full disk,
  held by another program, or holding a game to resume) and writes what its first screen shows.
- ``rescue``: as ``first``, then Rescue is tapped with a real touch, and the first screen again.
- ``resume``: as ``first``, then the Resume button is tapped, and the table.
- ``picker``: on a new table of Ann and Bob, Ann picks the Roll Three card 1-3-6 in her seat's
  list by touch, then Bob picks 1-3-6 too (the rules' deck has one); the seats, the spinner and
  the screen's message are written down.
- ``doctor``: Settings, then "Check the companion" tapped: each check's row as shown.
- ``dice``: a game is started with the dice module emulated on a pseudo-terminal behind a
  symbolic link; the module is unplugged before its first throw and plugged back in after two
  seconds, and the table's dice banner is written down as it changes.

With ``SHOTS``, a PNG of each screen reached goes there, named after the scenario.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # the environment, before Kivy is imported

#: Seconds the dice module stays unplugged in the ``dice`` scenario.
UNPLUGGED_FOR = 2.0
LIMIT = 60.0


def first_screen(app: Any) -> dict[str, Any]:
    """What the first screen shows: its pane, the fault's words, and each of the home pane's
    buttons as a person sees it (shown and touchable, its words and size)."""
    from kivy.core.window import Window
    from kivy.uix.button import Button

    screen = app.sm.get_screen("setup")
    ids = screen.ids

    def seen(widget: Any) -> bool:
        return (
            widget.opacity > 0
            and not widget.disabled
            and widget.width > 0
            and widget.height > 0
            and widget.get_root_window() is not None
        )

    buttons = {
        name: {"text": ids[name].text, "shown": seen(ids[name])}
        for name in ("resume", "act", "saved_pane", "start")
    }
    shown = [
        w
        for w in screen.walk(restrict=True)
        if isinstance(w, Button) and seen(w) and _on_pane(w, screen)
    ]
    biggest = max(shown, key=lambda w: w.width * w.height, default=None)
    fault = ids.fault
    return {
        "place": app.controller.view.place,
        "shown": app.sm.current,
        "pane": screen.pane,
        "fault": screen.fault,
        "fault_text": fault.text if seen(fault) or fault.opacity > 0 else "",
        "fault_fits": fault.texture_size[1] <= fault.height and fault.top <= Window.height,
        "message": screen.message,
        "buttons": buttons,
        "biggest": biggest.text if biggest is not None else None,
        "notice": app.controller.view.notice,
    }


def _on_pane(widget: Any, screen: Any) -> bool:
    """Whether ``widget`` is on the pane shown (the others are stacked under it)."""
    parent = widget
    while parent is not None and parent is not screen:
        if parent.opacity == 0:
            return False
        parent = parent.parent
    return True


class Script:
    """Steps run one per frame (a generator), screenshots taken in ``on_flip``."""

    def __init__(self, app: Any, shots: Path | None, name: str) -> None:
        self.app = app
        self.shots = shots
        self.name = name
        self.pending: str | None = None
        self.frames = 0
        self.wait = 0.0
        self.steps: Iterator[None] | None = None
        self.started = time.monotonic()
        self.result: dict[str, Any] = {}

    def on_flip(self, window: Any) -> None:
        if self.pending is None:
            return
        if self.frames > 0:
            self.frames -= 1
            return
        assert self.shots is not None
        offscreen.save_screenshot(window, self.shots / f"{self.pending}.png")
        self.pending = None

    def shoot(self, suffix: str) -> Iterator[None]:
        if self.shots is None:
            return
        from kivy.core.window import Window

        self.pending, self.frames = f"{self.name}-{suffix}", 3
        while self.pending is not None:
            Window.canvas.ask_update()
            yield

    def pause(self, seconds: float) -> Iterator[None]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            yield

    def until(self, ready: Callable[[], bool], what: str, seconds: float = 20.0) -> Iterator[None]:
        end = time.monotonic() + seconds
        while not ready():
            if time.monotonic() > end:
                raise TimeoutError(what)
            yield

    def tap(self, widget: Any) -> Iterator[None]:
        from kivy.tests.common import UnitTestTouch

        touch = UnitTestTouch(*widget.to_window(*widget.center))
        touch.touch_down()
        yield from self.pause(0.05)
        touch.touch_up()
        yield from self.pause(0.2)

    def step(self, _dt: float) -> None:
        if self.steps is None:
            return
        try:
            if time.monotonic() - self.started > LIMIT:
                raise TimeoutError("the script ran out of time")
            next(self.steps)
        except StopIteration:
            self.steps = None
            self.app.stop()
        except Exception as exc:  # noqa: BLE001 - written down for the test, never a hang
            import traceback

            self.result["error"] = "".join(traceback.format_exception(exc))
            self.steps = None
            self.app.stop()


def main(scenario: str, db: Path, out: Path, shots: Path | None, lang: str, size: str) -> None:
    from ui import app as ui_app

    ui_app.configure_input(False)
    width, height = (int(v) for v in size.split("x"))
    ui_app.configure_window(size=(width, height), device=False)
    from kivy.clock import Clock
    from kivy.core.window import Window

    from ui.controller import TableController
    from ui.devices import devices_factory
    from ui.setup_store import SetupStore

    devices = None
    emulator = None
    if scenario == "dice":
        from hardware.config import load_config
        from hardware.emulator import DiceModuleEmulator, Fault, parse_rolls

        link = db.parent / "dice"
        emulator = DiceModuleEmulator(
            parse_rolls("3,4,2"),
            interval=1.0,
            faults=[Fault("disconnect", 1)],
            link=link,
            unplug_for=UNPLUGGED_FOR,
            heartbeat=0.2,
        ).start()
        config = load_config(
            environ={
                "COMPANION_SERIAL_HELLO_INTERVAL": "0.1",
                "COMPANION_SERIAL_RECONNECT_DELAY": "0.1",
                "COMPANION_SERIAL_RECONNECT_MAX_DELAY": "0.2",
            }
        )
        devices = devices_factory(config, str(link), buttons=False)

    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=db, post=post, store=SetupStore(db.parent / "setup.json"), lang=lang
        ),
        devices_factory=devices,
        animate=False,
        keys=False,
    )
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    script = Script(app, shots, f"{scenario}-{lang}-{size}")
    result = script.result

    def first() -> Iterator[None]:
        yield from script.until(lambda: "setup" in app.sm.screen_names, "the setup screen")
        yield from script.pause(0.3)
        result["first"] = first_screen(app)
        yield from script.shoot("first")

    def rescue() -> Iterator[None]:
        yield from first()
        screen = app.sm.get_screen("setup")
        yield from script.tap(screen.ids.act)
        yield from script.pause(0.3)
        result["after"] = first_screen(app)
        yield from script.shoot("rescued")

    def resume() -> Iterator[None]:
        yield from first()
        screen = app.sm.get_screen("setup")
        yield from script.tap(screen.ids.resume)
        yield from script.until(lambda: app.sm.current == "table", "the table shown")
        state = app.controller.state
        result["resumed"] = {
            "place": app.controller.view.place,
            "players": [s.name for s in state.seats],
            "decision": state.decision.id,
            "cash": dict(state.cash),
        }
        yield from script.pause(0.3)
        yield from script.shoot("table")

    def pick(spinner: Any, value: str) -> Iterator[None]:
        yield from script.tap(spinner)
        yield from script.until(lambda: spinner.is_open, "a spinner's list opened")
        dropdown = spinner._dropdown
        option = next(w for w in dropdown.walk() if getattr(w, "text", None) == value)
        yield from script.pause(0.1)  # laid out
        dropdown.scroll_to(option, padding=0, animate=False)  # the list scrolls, as a finger does
        yield from script.pause(0.1)
        yield from script.tap(option)
        yield from script.until(lambda: dropdown.parent is None, "the spinner's list closed")

    def roll_three_spinner(seat: Any) -> Any:
        from kivy.uix.spinner import Spinner

        return [w for w in seat.walk(restrict=True) if isinstance(w, Spinner)][2]

    def picker() -> Iterator[None]:
        yield from script.until(lambda: "setup" in app.sm.screen_names, "the setup screen")
        screen = app.sm.get_screen("setup")
        yield from script.pause(0.3)
        yield from script.tap(screen.ids.start)  # "Next: the players", past the edition
        yield from script.until(lambda: screen.pane == "players", "the players shown")
        ann, bob = screen.seats()[:2]
        ann.name_text, bob.name_text = "Ann", "Bob"
        yield from pick(roll_three_spinner(ann), "1-3-6")
        yield from pick(roll_three_spinner(bob), "1-3-6")
        yield from script.pause(0.2)
        from kivy.uix.label import Label

        label = next(
            (w for w in screen.walk() if isinstance(w, Label) and w.text == screen.message),
            None,
        )
        result["picker"] = {
            "cards": [ann.roll_three, bob.roll_three],
            "shown": [roll_three_spinner(ann).text, roll_three_spinner(bob).text],
            "message": screen.message,
            "message_fits": label is not None
            and label.texture_size[1] <= label.height
            and label.y >= 0
            and label.right <= Window.width,
        }
        yield from script.shoot("refused")

    def doctor() -> Iterator[None]:
        from kivy.uix.label import Label

        from ui.i18n import untranslated

        yield from script.until(lambda: "setup" in app.sm.screen_names, "the setup screen")
        app.controller.go("settings")
        yield from script.until(lambda: app.sm.current == "settings", "the settings shown")
        yield from script.pause(0.3)
        yield from script.tap(app.sm.get_screen("settings").ids.check)
        yield from script.until(lambda: _doctor_view() is not None, "the checks shown")
        view = _doctor_view()
        rows = list(reversed(view.ids.rows.children))
        labels = [w for row in rows for w in row.walk() if isinstance(w, Label) and w.text]

        def fit() -> bool:
            return all(w.texture_size[1] <= w.height + 1 for w in labels)

        # Laid out in as many frames as a loaded machine takes; never fitting is a failure.
        yield from script.until(fit, "every check's words fitting their rows")
        result["doctor"] = {
            "rows": [
                {
                    "name": row.name,
                    "status": row.status,
                    "detail": row.detail,
                    "fix": row.ids.fix.text,
                    "verdict": row.children[-1].text,
                }
                for row in rows
            ],
            "fit": fit(),
            "untranslated": sorted(msgid for lang, msgid in untranslated() if lang == "fr"),
        }
        yield from script.shoot("checks")

    def _doctor_view() -> Any:
        from ui.screens.settings import DoctorView

        return next((w for w in Window.children if isinstance(w, DoctorView)), None)

    def dice() -> Iterator[None]:
        c = app.controller
        assert c.start_game([{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")], {}), c.view.notice
        yield from script.until(lambda: app.sm.current == "table", "the table shown")
        table = app.sm.get_screen("table")
        banner = table.ids.dice_banner
        seen: list[list[Any]] = []
        result["banner"] = seen

        def look() -> None:
            shown = banner.opacity > 0 and banner.height > 0
            now = [banner.text if shown else "", round(banner.height)]
            if not seen or seen[-1] != now:
                seen.append(now)

        def appeared() -> bool:
            look()
            return bool(banner.text) and banner.height > 0

        yield from script.until(appeared, "the banner of the module unplugged")
        result["banner_fits"] = banner.texture_size[1] <= banner.height
        yield from script.shoot("unplugged")

        def gone() -> bool:
            look()
            return not banner.text and banner.height == 0

        yield from script.until(gone, "the banner gone with the module back")
        result["dice_status"] = c.view.dice_status
        yield from script.shoot("back")

    steps = {
        "first": first,
        "rescue": rescue,
        "resume": resume,
        "picker": picker,
        "doctor": doctor,
        "dice": dice,
    }
    script.steps = steps[scenario]()
    Window.bind(on_flip=script.on_flip)
    Clock.schedule_interval(script.step, 0)
    app.run()
    if emulator is not None:
        emulator.stop()
    out.write_text(json.dumps(result))


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        args[0],
        Path(args[1]),
        Path(args[2]),
        Path(args[3]) if len(args) > 3 and args[3] != "-" else None,
        args[4] if len(args) > 4 else "en",
        args[5] if len(args) > 5 else "800x480",
    )
