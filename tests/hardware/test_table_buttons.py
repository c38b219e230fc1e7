"""The table's buttons with gpiozero's MockFactory: one command per press, on the main thread;
debounce, hold instead of press, LED and buzzer."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from dice_fakes import TIMEOUT

from hardware.buttons import ButtonCommand, TableButtons
from hardware.config import ButtonConfig, ButtonsConfig, StatusConfig, load_config
from hardware.errors import DeviceError
from hardware.mainthread import MainThreadQueue


class FakeClock:
    """The debounce clock, moved by hand: no test depends on how fast it runs."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Table:
    def __init__(self, pin_factory: Any, buttons: ButtonsConfig, status: StatusConfig) -> None:
        self.calls = MainThreadQueue()
        self.commands: list[ButtonCommand] = []
        self.threads: set[str] = set()
        self.clock = FakeClock()
        self.buttons = TableButtons(
            buttons,
            status,
            post=self.calls.post,
            on_command=self._record,
            pin_factory=pin_factory,
            clock=self.clock,
        )
        self.factory = pin_factory

    def _record(self, command: ButtonCommand) -> None:
        self.threads.add(threading.current_thread().name)
        self.commands.append(command)

    def pin(self, name: str) -> Any:
        return self.buttons.devices[name].pin

    def press(self, name: str) -> None:
        self.pin(name).drive_low()  # wired to ground, pulled up

    def release(self, name: str) -> None:
        self.pin(name).drive_high()

    def tap(self, name: str) -> None:
        self.press(name)
        self.clock.advance(0.15)
        self.release(name)
        self.clock.advance(0.15)

    def commanded(self) -> list[tuple[str, str, bool]]:
        self.calls.run_pending()
        return [(c.action, c.button, c.held) for c in self.commands]

    def wait_commands(self, count: int) -> list[tuple[str, str, bool]]:
        if not self.calls.run_until(lambda: len(self.commands) >= count, TIMEOUT):
            pytest.fail(f"{count} commands did not come in {TIMEOUT} s")
        return self.commanded()


def eventually(condition: Callable[[], bool], timeout: float = TIMEOUT) -> bool:
    """Whether ``condition`` becomes true within ``timeout`` (checked every 10 ms)."""
    done = threading.Event()
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            return False
        done.wait(0.01)
    return True


@pytest.fixture
def table(pin_factory: Any) -> Iterator[Table]:
    config = load_config(environ={})
    buttons = ButtonsConfig(
        bounce_time=0.05,
        pull_up=True,
        buttons=tuple(
            # Short holds: the hold tests wait for the held command, never for a time.
            ButtonConfig(b.name, b.pin, b.press, b.hold, hold_time=0.05)
            for b in config.buttons.buttons
        ),
    )
    t = Table(pin_factory, buttons, StatusConfig(led_pin="GPIO23", buzzer_pin="GPIO24"))
    yield t
    # A pin left low would fire a release while closing: drive every button high first.
    for device in t.buttons.devices.values():
        device.pin.drive_high()
    t.buttons.close()


def test_a_short_press_gives_one_command_on_the_main_thread(table: Table) -> None:
    table.tap("roll")
    assert table.commanded() == [("roll", "roll", False)]
    assert table.threads == {threading.main_thread().name}


def test_each_button_gives_its_own_command(table: Table) -> None:
    for name in ("roll", "undo", "next"):
        table.tap(name)
    assert table.commanded() == [
        ("roll", "roll", False),
        ("cancel", "undo", False),
        ("next", "next", False),
    ]


def test_contact_bounce_gives_one_command(table: Table) -> None:
    table.press("undo")
    for _ in range(5):  # the contacts chatter for a few milliseconds
        table.clock.advance(0.002)
        table.release("undo")
        table.clock.advance(0.002)
        table.press("undo")
    table.clock.advance(0.2)
    table.release("undo")
    for _ in range(3):  # and again on release
        table.clock.advance(0.002)
        table.press("undo")
        table.clock.advance(0.002)
        table.release("undo")
    table.clock.advance(0.2)
    assert table.commanded() == [("cancel", "undo", False)]


def test_bounce_on_a_button_that_commands_on_press(table: Table) -> None:
    table.press("next")
    table.clock.advance(0.001)
    table.release("next")
    table.clock.advance(0.001)
    table.press("next")
    table.clock.advance(0.3)
    table.release("next")
    assert table.commanded() == [("next", "next", False)]


def test_a_tap_shorter_than_the_bounce_time_does_not_swallow_the_next_press(
    table: Table,
) -> None:
    table.press("next")
    table.clock.advance(0.01)
    table.release("next")  # too soon: taken for bounce
    table.clock.advance(1.0)
    table.tap("next")
    assert table.commanded() == [("next", "next", False), ("next", "next", False)]


def test_holding_undo_gives_undo_and_not_cancel(table: Table) -> None:
    table.press("undo")
    assert table.wait_commands(1) == [("undo", "undo", True)]
    table.clock.advance(0.01)
    table.release("undo")
    table.tap("next")  # a later command proves that nothing else was queued before it
    assert table.wait_commands(2) == [("undo", "undo", True), ("next", "next", False)]


def test_holding_roll_asks_for_a_re_read(table: Table) -> None:
    table.press("roll")
    assert table.wait_commands(1) == [("reread", "roll", True)]
    table.release("roll")
    table.clock.advance(0.2)
    table.tap("roll")
    assert table.commanded() == [("reread", "roll", True), ("roll", "roll", False)]


def test_holding_a_button_without_a_hold_action_gives_its_press_once(table: Table) -> None:
    table.press("next")
    table.clock.advance(3)
    table.release("next")
    assert table.commanded() == [("next", "next", False)]


def test_the_led_shows_the_status_and_the_buzzer_clicks(table: Table) -> None:
    led = table.buttons.led
    assert led is not None and table.buttons.buzzer is not None
    table.buttons.set_led("on")
    assert led.is_lit
    table.buttons.set_led("off")
    assert not led.is_lit
    led.pin.clear_states()
    table.buttons.set_led("fast")
    # gpiozero blinks in the background: wait for on, off and on again.
    assert eventually(lambda: [s.state for s in led.pin.states][:4] == [False, True, False, True])
    table.buttons.set_led("off")
    with pytest.raises(ValueError, match="one of off, on, slow, fast"):
        table.buttons.set_led("disco")
    table.tap("roll")
    assert table.commanded() == [("roll", "roll", False)]
    buzzer_pin = table.buttons.buzzer.pin
    assert eventually(lambda: [s.state for s in buzzer_pin.states][:3] == [False, True, False])


def test_a_button_without_a_pin_is_not_fitted(pin_factory: Any) -> None:
    config = ButtonsConfig(
        0.05,
        True,
        (
            ButtonConfig("roll", "GPIO17", "roll", None, 2.0),
            ButtonConfig("next", None, "next", None, 2.0),
        ),
    )
    with TableButtons(config, post=lambda call: call(), on_command=lambda c: None) as buttons:
        assert set(buttons.devices) == {"roll"}
        assert buttons.led is None and buttons.buzzer is None
        buttons.set_led("on")  # no LED fitted: nothing to do
        buttons.devices["roll"].pin.drive_high()


def test_a_pin_already_in_use_is_a_device_error_and_nothing_stays_reserved(
    pin_factory: Any,
) -> None:
    from gpiozero import LED

    taken = LED("GPIO22", pin_factory=pin_factory)
    try:
        config = load_config(environ={})
        with pytest.raises(DeviceError, match="cannot set up the buttons"):
            TableButtons(config.buttons, post=lambda call: call(), on_command=lambda c: None)
    finally:
        taken.close()
    # Everything the failed attempt had opened was released: it can be set up again.
    buttons = TableButtons(config.buttons, post=lambda call: call(), on_command=lambda c: None)
    for device in buttons.devices.values():
        device.pin.drive_high()
    buttons.close()
