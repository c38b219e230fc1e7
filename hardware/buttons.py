"""The table's push buttons (gpiozero), with an optional status LED and buzzer.

Each button is named (``roll``, ``undo``, ``next`` and any added in the configuration) and maps a
short press and a held press to actions (:data:`hardware.config.ACTIONS`). Every press becomes
exactly one :class:`ButtonCommand`, delivered through ``post`` on the application's main thread:

* a button without a hold action commands on press;
* a button with one commands on release (short press) or once ``hold_time`` has passed (held),
  never both;
* contact bounce is filtered twice: by the pin (``bounce_time``, done by lgpio on a Raspberry Pi)
  and here, since not every pin factory does it (gpiozero's ``MockFactory`` does not): an edge
  less than ``bounce_time`` after the last one kept is ignored.

The pin factory is injectable; tests pass ``MockFactory``, a Raspberry Pi 4 or 5 uses lgpio.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from gpiozero import LED, Button, Buzzer

from hardware.config import ButtonConfig, ButtonsConfig, StatusConfig
from hardware.errors import DeviceError
from hardware.mainthread import Post

LED_PATTERNS = {
    "off": None,
    "on": None,
    "slow": (0.5, 0.5),
    "fast": (0.1, 0.1),
}
"""The status LED: ``on`` (ready), ``slow`` blinking (waiting, e.g. dice module absent), ``fast``
blinking (attention, e.g. manual entry needed), ``off``."""


@dataclass(frozen=True, slots=True)
class ButtonCommand:
    """What a press asks for: ``action`` (e.g. ``undo``), from ``button``, ``held`` or not."""

    action: str
    button: str
    held: bool = False


class _PressTracker:
    """One button's debouncing and press/hold logic; gpiozero calls it from its threads."""

    def __init__(
        self,
        config: ButtonConfig,
        bounce_time: float,
        emit: Callable[[ButtonCommand], None],
        clock: Callable[[], float],
    ) -> None:
        self.config = config
        self.bounce_time = bounce_time
        self.emit = emit
        self.clock = clock
        self.lock = threading.Lock()
        self.down = False
        self.held = False
        self.last_edge = -float("inf")

    def _debounced(self) -> bool:
        now = self.clock()
        if now - self.last_edge < self.bounce_time:
            return False
        self.last_edge = now
        return True

    def pressed(self) -> None:
        with self.lock:
            if not self._debounced():
                return
            # Even when already down: a release lost to the filter (a tap shorter than the
            # bounce time) must not swallow this press.
            self.down, self.held = True, False
            if self.config.hold is None:
                self.emit(ButtonCommand(self.config.press, self.config.name))

    def held_down(self) -> None:
        with self.lock:
            if not self.down or self.held or self.config.hold is None:
                return
            self.held = True
            self.emit(ButtonCommand(self.config.hold, self.config.name, held=True))

    def released(self) -> None:
        with self.lock:
            if not self.down:
                return
            # A release while held is always real: the press lasted hold_time.
            if not self.held and not self._debounced():
                return
            self.down = False
            if not self.held and self.config.hold is not None:
                self.emit(ButtonCommand(self.config.press, self.config.name))
            self.held = False


class TableButtons:
    """The named buttons, the status LED and the buzzer.

    :param buttons: the buttons' configuration; buttons without a pin are skipped.
    :param status: the LED and buzzer pins (either may be ``None``).
    :param post: runs a function on the application's main thread; must not block.
    :param on_command: receives each :class:`ButtonCommand`, on the main thread.
    :param pin_factory: a gpiozero pin factory (``None``: gpiozero's default).
    :param clock: the debounce clock, injectable for tests.
    :param beep_on_press: click the buzzer on each command.
    """

    def __init__(
        self,
        buttons: ButtonsConfig,
        status: StatusConfig | None = None,
        *,
        post: Post,
        on_command: Callable[[ButtonCommand], None],
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
        beep_on_press: bool = True,
    ) -> None:
        self._post = post
        self._on_command = on_command
        self.beep_on_press = beep_on_press
        self.devices: dict[str, Button] = {}
        self._trackers: dict[str, _PressTracker] = {}
        self.led: LED | None = None
        self.buzzer: Buzzer | None = None
        try:
            for config in buttons.buttons:
                if config.pin is None:
                    continue
                tracker = _PressTracker(config, buttons.bounce_time, self._emit, clock)
                device = Button(
                    config.pin,
                    pull_up=buttons.pull_up,
                    bounce_time=buttons.bounce_time or None,
                    hold_time=config.hold_time,
                    hold_repeat=False,
                    pin_factory=pin_factory,
                )
                device.when_pressed = tracker.pressed
                device.when_released = tracker.released
                if config.hold is not None:
                    device.when_held = tracker.held_down
                self.devices[config.name] = device
                self._trackers[config.name] = tracker
            if status is not None and status.led_pin is not None:
                self.led = LED(status.led_pin, pin_factory=pin_factory)
            if status is not None and status.buzzer_pin is not None:
                self.buzzer = Buzzer(status.buzzer_pin, pin_factory=pin_factory)
        except Exception as exc:
            self.close()
            raise DeviceError(f"cannot set up the buttons: {exc}") from exc

    def _emit(self, command: ButtonCommand) -> None:
        if self.beep_on_press:
            self.beep()
        self._post(partial(self._on_command, command))

    def set_led(self, pattern: str) -> None:
        """Show ``on``, ``off``, ``slow`` or ``fast`` blinking on the status LED, if fitted."""
        if pattern not in LED_PATTERNS:
            raise ValueError(f"LED pattern {pattern!r}: one of {', '.join(LED_PATTERNS)}")
        if self.led is None:
            return
        blink = LED_PATTERNS[pattern]
        if blink is not None:
            self.led.blink(on_time=blink[0], off_time=blink[1], background=True)
        elif pattern == "on":
            self.led.on()
        else:
            self.led.off()

    def beep(self, *, times: int = 1, length: float = 0.04) -> None:
        """Click the buzzer (in the background), if fitted."""
        if self.buzzer is not None:
            self.buzzer.beep(on_time=length, off_time=length, n=times, background=True)

    def close(self) -> None:
        """Release every pin."""
        for device in [*self.devices.values(), self.led, self.buzzer]:
            if device is not None:
                device.close()
        self.devices.clear()
        self.led = self.buzzer = None

    def __enter__(self) -> TableButtons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
