"""The environment of an off-screen app script (``tests/ui/*_script.py``, ``app_faults.py``),
set when it is imported, before the script imports Kivy (which reads it once): no arguments
for Kivy, SDL2's offscreen driver, no dice module or table buttons of this machine, gpiozero's
mock pins, and a Kivy home of its own unless one is given. Run by hand, a script needs it
as much as under ``tests.conftest.run_app_script``.

:func:`save_screenshot` takes a screenshot to a file of the name asked for; :func:`table_app`
starts the app on a table controller, :func:`play` runs it through a script's steps taking the
:class:`Shots` asked, and :func:`tap` touches a widget as a finger does; :func:`show` puts one
widget alone on the window and :func:`frames` lets Kivy draw.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.update(
    KIVY_NO_ARGS="1",
    KIVY_WINDOW="sdl2",
    SDL_VIDEODRIVER="offscreen",
    COMPANION_DEVICE="0",
    GPIOZERO_PIN_FACTORY="mock",
)
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="companion-kivy-"))


def save_screenshot(window: Any, target: Path) -> None:
    """The window's frame in ``target``: Kivy numbers the file it writes (``name0001.png``),
    which is then moved there. Call it from the window's ``on_flip`` (a frame drawn)."""
    made = Path(window.screenshot(name=str(target)))
    if made != target:
        made.replace(target)


def table_app(db: Path, *, store: Path, lang: str, size: tuple[int, int], **settings: Any) -> Any:
    """:class:`ui.app.CompanionApp` in a window of ``size``, without animations, on a table
    controller of the log ``db`` speaking ``lang``, its set-up kept in ``store`` (``settings``
    saved there first). Call it before the script imports Kivy's window or clock."""
    from ui import app as ui_app

    ui_app.configure_input(False)
    ui_app.configure_window(size=size, device=False)
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    kept = SetupStore(store)
    if settings:
        kept.save(**settings)
    return ui_app.CompanionApp(
        lambda post: TableController(db_path=db, post=post, store=kept, lang=lang),
        animate=False,
    )


class Shots:
    """Screenshots asked by name (:meth:`ask`), each saved as ``NAME.png`` in ``folder`` on the
    third frame drawn after it was asked (:meth:`on_flip`); none without a folder."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.pending: str | None = None
        self.frames = 0

    def ask(self, name: str) -> None:
        if self.folder is not None:
            self.pending, self.frames = name, 3

    def on_flip(self, window: Any) -> None:
        if self.pending is None or self.folder is None:
            return
        if self.frames > 0:
            self.frames -= 1
            return
        save_screenshot(window, self.folder / f"{self.pending}.png")
        self.pending = None


def tap(widget: Any, x: float | None = None, y: float | None = None) -> None:
    """A real touch (down, then up) at the widget's point (x, y) in its parent's coordinates,
    its centre unless given."""
    from kivy.tests.common import UnitTestTouch

    if x is None or y is None:
        x, y = widget.center
    touch = UnitTestTouch(*widget.to_window(x, y))
    touch.touch_down()
    touch.touch_up()


def frames(n: int = 4) -> None:
    """Let Kivy run ``n`` frames (layout, drawing, scheduled calls)."""
    from kivy.base import EventLoop

    for _ in range(n):
        EventLoop.idle()


def show(widget: Any) -> None:
    """``widget`` alone on the window, at the window's size, drawn."""
    from kivy.core.window import Window

    for child in list(Window.children):
        Window.remove_widget(child)
    Window.add_widget(widget)
    widget.size = Window.size
    frames()


def play(
    app: Any,
    script: Iterator[None],
    shots: Shots,
    *,
    pause: float,
    failed: Callable[[Exception], None],
) -> None:
    """Runs ``app``, taking the script's next step every ``pause`` seconds once the screenshot
    asked is saved (the frame must not change before); an error in a step goes to ``failed``
    and stops the app. Returns when the app has stopped."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    def run(_dt: float) -> None:
        if shots.pending is not None:  # the screenshot first: the frame must not change
            Window.canvas.ask_update()
            Clock.schedule_once(run, 0.05)
            return
        try:
            next(script)
        except StopIteration:
            return
        except Exception as exc:  # noqa: BLE001 - given to the script, the app stops
            failed(exc)
            app.stop()
            return
        Clock.schedule_once(run, pause)

    Window.bind(on_flip=shots.on_flip)
    Clock.schedule_once(run, 0.3)
    app.run()
