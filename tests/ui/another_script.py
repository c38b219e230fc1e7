"""Screenshots of the card picker's "Another card…" menu (E3) in the whole app, off-screen.

``python -m tests.ui.another_script DB SHOTS [WxH] [LANG]`` starts :class:`ui.app.CompanionApp`
on a table set from a situation, rolls Ann onto Chance, and saves what the table shows: the
card picker with its "Another card…" button, the menu's effects, an amount on the number pad
with a title, and a space picked from the board's list; then draws that card and saves the
table after it. Look at them at 800x480 and 1280x800, in English and French.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # the environment, before Kivy is imported

#: Ann four spaces before Chance (middle:22), Bob at GO.
TABLE = {
    "players": [
        {"name": "Ann", "position": "middle:18", "cash": 1000, "vouchers": []},
        {"name": "Bob", "position": "middle:0", "cash": 1000, "vouchers": []},
    ],
    "to_move": "Ann",
}


def main(db: Path, shots: Path, size: tuple[int, int], lang: str) -> None:
    from ui import app as ui_app

    ui_app.configure_input(False)
    ui_app.configure_window(size=size, device=False)
    from kivy.clock import Clock
    from kivy.core.window import Window

    from ui.controller import TableController
    from ui.setup_store import SetupStore

    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=db, post=post, store=SetupStore(db.parent / "setup.json"), lang=lang
        ),
        animate=False,
    )
    pending: dict[str, Any] = {"shot": None, "frames": 0}

    def on_flip(window: Any) -> None:
        if pending["shot"] is None:
            return
        if pending["frames"] > 0:
            pending["frames"] -= 1
            return
        offscreen.save_screenshot(window, shots / f"{pending['shot']}.png")
        pending["shot"] = None

    def shoot(name: str) -> None:
        pending["shot"], pending["frames"] = f"another-{name}-{size[0]}x{size[1]}-{lang}", 3

    def steps() -> Iterator[None]:
        c = app.controller
        assert c.start_from_situation(json.dumps(TABLE)), c.view.notice
        yield
        d = c.state.decision
        roll = next(i for i, o in enumerate(d.options) if o["command"]["type"] == "roll")
        assert c.answer(d.id, roll, dice=[1, 2, 1]), c.view.notice
        yield
        dialog = app.sm.get_screen("table").ids.host.dialog
        shoot("1-picker")
        yield
        dialog.another_button.dispatch("on_release")
        yield
        shoot("2-effects")
        yield
        menu = dialog.another
        menu.choose("collect")
        for key in "50":
            menu.pad.tap(key)
        menu.title_input.text = "Bank pays you dividend"
        yield
        shoot("3-amount")
        yield
        menu.choose("advance")
        menu.spaces.query = "boardw"
        yield
        menu.spaces.dispatch("on_pick", menu.spaces.matches()[0][1])
        yield
        shoot("4-space")
        yield
        menu.draw()
        yield
        shoot("5-drawn")
        yield
        app.stop()

    script = steps()

    def run(_dt: float) -> None:
        if pending["shot"] is not None:  # the screenshot first: the frame must not change
            Window.canvas.ask_update()
            Clock.schedule_once(run, 0.05)
            return
        try:
            next(script)
        except StopIteration:
            return
        except Exception as exc:  # noqa: BLE001 - said, the app stops
            print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)
            app.stop()
            return
        Clock.schedule_once(run, 0.2)

    Window.bind(on_flip=on_flip)
    Clock.schedule_once(run, 0.3)
    app.run()


if __name__ == "__main__":
    shots_dir = Path(sys.argv[2])
    shots_dir.mkdir(parents=True, exist_ok=True)
    w, h = (int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "800x480").split("x"))
    main(Path(sys.argv[1]), shots_dir, (w, h), sys.argv[4] if len(sys.argv) > 4 else "en")
