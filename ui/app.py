"""The Kivy app: one window, one input provider, the places in a ScreenManager, the controller.

Import this only through :func:`ui.launch.run_app` (or after setting the environment yourself):
Kivy reads ``KIVY_*`` variables on its first import, so :mod:`ui.launch` sets them first.

- **One touch input provider, configured in code before the loop starts** (``../shared/UI.md``
  §3.4): every ``[input]`` entry is removed, then on the desktop ``mouse,multitouch_on_demand``,
  on the device (SDL on KMS/DRM) one ``probesysfs,provider=mtdev`` line. A touch read by two
  providers would be two taps; the decision ids make it harmless, this makes it not happen.
- The controller's ``post`` hops to the main thread through ``Clock.schedule_once``; the
  hardware threads call it.
- The screen shown follows ``view.place``; only ``controller.go`` changes it.
- On the desktop the keys 1, 2, 3 stand for the physical buttons, R rereads the dice, U undoes
  and T throws the emulated dice.
- **The window fits the screen**: on a desktop it opens at the table's own 800x480 unless a
  size is given, and never larger than the display (``fit_window``); on the device it is full
  screen.
- **A quiet start**: Kivy's clipboard is SDL's (``KIVY_CLIPBOARD=sdl2``), so it does not look
  for the ``xclip`` or ``xsel`` programs, and the X cut buffer (middle-click paste, of no use
  on a touch table) is not looked for either: without those programs Kivy printed a CRITICAL
  line with their tracebacks at every start.
"""

from __future__ import annotations

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")

import ctypes  # noqa: E402 - Kivy reads the environment on import
import importlib  # noqa: E402
import logging  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import kivy  # noqa: E402
from kivy.config import Config  # noqa: E402
from kivy.logger import Logger  # noqa: E402

log = logging.getLogger(__name__)

#: The window on a desktop when no size is given: the table's own screen (the 7" panel).
DESKTOP_SIZE = (800, 480)


class _NoCutBuffer(logging.Filter):
    """Drops Kivy's CRITICAL "Cutbuffer: Unable to find any valuable Cutbuffer provider": the
    cut buffer is not looked for (see the module docstring), which Kivy still reports so."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Cutbuffer: Unable to find")


kivy.kivy_options["cutbuffer"] = ()
Logger.addFilter(_NoCutBuffer())

DESKTOP_INPUT = ("mouse", "mouse,multitouch_on_demand")
DEVICE_INPUT = ("touch", "probesysfs,provider=mtdev")


def on_device(env: Any = None) -> bool:
    """Whether the app runs on the table's own screen (SDL on KMS/DRM, no desktop), where the
    touchscreen is read by mtdev and no mouse is plugged in."""
    env = os.environ if env is None else env
    if env.get("COMPANION_DEVICE") in ("0", "1"):
        return env["COMPANION_DEVICE"] == "1"
    return env.get("SDL_VIDEODRIVER", "").lower() in ("kmsdrm", "rpi")


def configure_input(device: bool) -> None:
    """Exactly one input provider (see the module docstring); before the loop starts."""
    for option in list(Config.options("input")):
        Config.remove_option("input", option)
    name, value = DEVICE_INPUT if device else DESKTOP_INPUT
    Config.set("input", name, value)


def configure_window(*, size: tuple[int, int] | None, device: bool, rotation: int = 0) -> None:
    """Window settings, before the window exists. ``rotation`` turns the picture and the
    touches with it (Touch Display 2 is a portrait panel; ``../shared/UI.md`` §3.5). On a
    desktop without ``size``, the table's own :data:`DESKTOP_SIZE` (Kivy's own is 800x600,
    taller than the panel the screens are laid out for)."""
    Config.set("graphics", "rotation", str(rotation))
    if size is None and not device:
        size = DESKTOP_SIZE
    if size is not None:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    if device:
        Config.set("graphics", "fullscreen", "auto")
        Config.set("graphics", "show_cursor", "0")
        Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "keyboard_mode", "system" if not device else "dock")


def display_bounds() -> tuple[int, int, int, int] | None:
    """The usable part of the first display as SDL has it (``x, y, width, height``, without a
    desktop's panels), once Kivy's window has started SDL; None when it cannot be asked (no
    SDL2 library in this process, not Linux). Kivy has no call for it: SDL is asked directly,
    through the library Kivy loaded."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    paths = {
        line.split()[-1]
        for line in maps.splitlines()
        if "/libSDL2-2" in line or "/libSDL2.so" in line
    }
    if not paths:
        return None

    class Rect(ctypes.Structure):
        _fields_ = [
            ("x", ctypes.c_int),
            ("y", ctypes.c_int),
            ("w", ctypes.c_int),
            ("h", ctypes.c_int),
        ]

    rect = Rect()
    try:
        sdl = ctypes.CDLL(sorted(paths)[0])
        if sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(rect)) != 0:
            return None
    except (OSError, AttributeError):
        return None
    if rect.w <= 0 or rect.h <= 0:
        return None
    return rect.x, rect.y, rect.w, rect.h


def fit_window(window: Any) -> tuple[int, int]:
    """Shrink a desktop window that is larger than the display to the display's usable part
    (an 800x480 screen gets an 800x480 window, however large the size asked); returns the
    window's size."""
    bounds = display_bounds()
    width, height = (int(v) for v in window.system_size)
    if bounds is None:
        return width, height
    x, y, most_w, most_h = bounds
    if width > most_w or height > most_h:
        width, height = min(width, most_w), min(height, most_h)
        window.system_size = (width, height)
        window.left, window.top = x, y
    return width, height


from kivy.app import App  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.properties import NumericProperty  # noqa: E402
from kivy.uix.screenmanager import NoTransition, ScreenManager  # noqa: E402

from ui.kvmodel import ViewModel  # noqa: E402


def install_i18n() -> None:
    """The kv side of the translations (``l._`` in kv rules) and the UI font."""
    from ui import kvi18n

    kvi18n.install()


class CompanionApp(App):
    """The table companion (see the module docstring).

    :param controller: the :class:`ui.controller.TableController` (the app subscribes to it).
    :param devices: a started-on-``on_start`` :class:`ui.devices.TableDevices` factory taking
        ``post``, or None (touch only).
    :param animate: flashes and animations; off in tests and the headless demo.
    :param status: where the app records its renderer, window, input and dice module for
        ``companion doctor`` (:mod:`ui.appstatus`), or None.
    :param fit: a desktop window: never larger than the display (:func:`fit_window`); not for
        the off-screen demo, whose screenshots are of the size asked.
    """

    title = "Ultimate Monopoly companion"
    #: Durations of cosmetic animations are multiplied by this (0 in tests and the demo).
    animation_scale = NumericProperty(1.0)

    def __init__(
        self,
        controller_factory: Callable[[Callable[[Callable[[], None]], None]], Any],
        *,
        devices_factory: Callable[[Any, Callable[[Callable[[], None]], None]], Any] | None = None,
        animate: bool = True,
        keys: bool = True,
        status: Any = None,
        fit: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.status = status
        self.fit = fit
        self.vm = ViewModel(animate=animate)
        self.animation_scale = 1.0 if animate else 0.0
        self.controller = controller_factory(self.post)
        self.devices_factory = devices_factory
        self.devices: Any = None
        self.keys = keys
        self.sm: ScreenManager | None = None
        self._building: set[str] = set()
        self.first_frame_at: float | None = None

    @staticmethod
    def post(call: Callable[[], None]) -> None:
        """Run ``call`` on the main thread at the next frame (safe from any thread)."""
        Clock.schedule_once(lambda _dt: call())

    def build(self) -> ScreenManager:
        install_i18n()
        self.sm = ScreenManager(transition=NoTransition())
        # Only the place shown first is built now (setup, or the table of a resumed game): the
        # others are built on their first visit, which keeps them off the start's first frame.
        self.controller.subscribe(self._on_view)
        return self.sm

    def screen(self, name: str) -> Any:
        """The screen of place ``name`` (one of ``ui.screens.SCREENS``), built on its first
        visit; None for a name that is no place."""
        from ui.screens import SCREENS, screen_class

        sm = self.sm
        if sm is None or name not in SCREENS:
            return None
        if name in sm.screen_names:
            return sm.get_screen(name)
        if name in self._building:
            return None  # a view published while the screen is being built: shown after
        self._building.add(name)
        try:
            cls = screen_class(name)
            try:
                screen = cls(controller=self.controller, name=name)
            except TypeError:
                screen = cls(name=name)
        finally:
            self._building.discard(name)
        screen.name = name
        sm.add_widget(screen)
        return screen

    def _on_view(self, view: Any) -> None:
        sm = self.sm
        # Built before the view is published, so that a screen built now is given it too.
        shown = self.screen(view.place) if sm is not None else None
        self.vm.show(view)
        if sm is not None and shown is not None and sm.current != view.place:
            sm.current = view.place

    def on_start(self) -> None:
        from kivy.core.window import Window

        if self.keys:
            Window.bind(on_key_down=self._on_key)
        if self.fit:
            fit_window(Window)
        self._record_status(Window)
        if self.devices_factory is not None:
            self.devices = self.devices_factory(self.controller, self.post)
            if self.status is not None:
                self.devices.on_dice_status = self._record_dice
            self.devices.start()
        # The table shows on resume; setup otherwise (the controller decides).
        self._on_view(self.controller.view)
        Window.bind(on_flip=self._after_first_frame)

    #: Made ready after the first frame, one a frame (see :meth:`_after_first_frame`): the
    #: engine (the set-up screen does not need it: ``companion.game`` and the banker's
    #: modules, which Start and the set-up's starting cards need), the set-up's starting cards
    #: (a trial game's first decision) and the table screen's module and kv rules, which Start
    #: needs.
    LATER = ("companion.game", "setup_choices", "ui.screens.table")

    def _after_first_frame(self, window: Any) -> None:
        """Once the first frame is up, what the first screen did not need is made ready at idle,
        one step a frame, so that a tap in between waits for one step at most and the first tap
        that needs it (the Players pane, Start) does not pay for it (issue 26: the first frame
        shows the set-up screen as soon as it can)."""
        window.unbind(on_flip=self._after_first_frame)
        steps = list(self.LATER)

        def step(_dt: float) -> None:
            if not steps:
                return
            what = steps.pop(0)
            if what == "setup_choices":
                setup = (
                    self.screen("setup") if self.sm and "setup" in self.sm.screen_names else None
                )
                if setup is not None:
                    setup.prepare()
            else:
                importlib.import_module(what)
            Clock.schedule_once(step, 0)

        Clock.schedule_once(step, 0)

    def _record_status(self, window: Any) -> None:
        """The renderer, window and input providers, as this process got them."""
        if self.status is None:
            return
        from kivy.graphics.opengl import GL_RENDERER, GL_VENDOR, GL_VERSION, glGetString
        from kivy.metrics import Metrics

        def text(name: int) -> str:
            value = glGetString(name)
            return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)

        self.status.update(
            gl={
                "renderer": text(GL_RENDERER),
                "vendor": text(GL_VENDOR),
                "version": text(GL_VERSION),
            },
            window={
                "size": list(window.system_size),
                "rotation": window.rotation,
                "density": Metrics.density,
                "driver": os.environ.get("SDL_VIDEODRIVER", ""),
            },
            input=[f"{name} = {value}" for name, value in Config.items("input")],
        )

    def _record_dice(self, status: Any) -> None:
        module = status.module
        self.status.update(
            dice={
                "state": status.state,
                "url": status.url,
                "detail": status.detail,
                "fault": status.fault,
                "module": None if module is None else f"{module.module} {module.firmware}",
            }
        )

    def on_stop(self) -> None:
        if self.devices is not None:
            self.devices.stop()
            self.devices = None
        self.controller.close()

    def _on_key(self, _window: Any, key: int, _scancode: int, text: str | None, mods: Any) -> bool:
        """Keys for the buttons, unless a text box is being typed in."""
        from kivy.uix.behaviors import FocusBehavior

        if any(w is not None for w in FocusBehavior._keyboards.values()):
            return False
        char = (text or "").lower()
        c = self.controller
        if char in ("1", "2", "3"):
            c.press(int(char), at=c.clock())  # a key's time: when it is read
        elif char == "r":
            c.reread()
        elif char == "u":
            c.undo()
        elif char == "t":
            c.throw(None)
        else:
            return False
        return True
