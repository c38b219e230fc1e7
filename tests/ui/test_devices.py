"""The hardware wired to the controller: the real dice reader fed by the emulator on a
pseudo-terminal (a reading is a proposal, replaced on a re-read, ignored once applied), and the
gpiozero buttons on MockFactory (a doubled edge moves money once)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.config import load_config
from hardware.emulator import Fault, ScriptedRoll
from hardware.mainthread import MainThreadQueue
from tests.ui.test_controller import PLAYERS, Ticks, logged, play_until, transfers
from ui.controller import TableController
from ui.devices import TableDevices
from ui.setup_store import SetupStore

TIMEOUT = 5.0
FAST = {
    "COMPANION_SERIAL_HELLO_INTERVAL": "0.05",
    "COMPANION_BUTTONS_BOUNCE_TIME": "0",
}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TableController, MainThreadQueue]]:
    """A started game whose controller (and so its buttons) reads a scripted clock."""
    calls = MainThreadQueue()
    c = TableController(
        db_path=tmp_path / "games.db",
        post=calls.post,
        store=SetupStore(tmp_path / "s.json"),
        clock=Ticks(),
    )
    assert c.start_game(PLAYERS, {}), c.view.notice
    yield c, calls
    c.close()


def to_roll(c: TableController) -> None:
    play_until(c, random.Random(11), lambda c: c.view.decision.kind == "roll", cap=300)
    assert c.view.decision.kind == "roll"


def test_a_reading_is_proposed_replaced_by_a_re_read_and_ignored_once_applied(table):
    c, calls = table
    to_roll(c)
    rolls = [ScriptedRoll((3, 4), "2"), ScriptedRoll((5, 6), "1")]
    devices = TableDevices(
        c,
        post=calls.post,
        config=load_config(environ=FAST),
        buttons=False,
        emulator_options={"rolls": rolls, "faults": [Fault("low-confidence", 1)]},
    )
    with devices:
        assert calls.run_until(lambda: c.view.dice_status == "Dice module ready", TIMEOUT)
        d = c.view.decision
        # Throw 1 is read unsure: no proposal, the table is asked to check the dice.
        c.throw()
        assert calls.run_until(lambda: "not sure" in c.view.notice, TIMEOUT), c.view.notice
        assert c.view.proposal is None
        # Read again (the roll button held): now it is a proposal of the same throw.
        assert c.reread()
        assert calls.run_until(lambda: c.view.proposal is not None, TIMEOUT), c.view.notice
        first = c.view.proposal
        assert first.faces == (3, 4, "2") and first.decision_id == d.id
        assert first.label.startswith("3+4 and 2: move 9")
        # A newer throw replaces it.
        c.throw()
        assert calls.run_until(
            lambda: c.view.proposal is not None and c.view.proposal.key != first.key, TIMEOUT
        )
        second = c.view.proposal
        assert second.faces == (5, 6, "1")
        # Button 1 (or the Confirm touch) applies it, once.
        assert c.press(1)
        assert c.game.done[-1]["dice"] == [5, 6, 1]
        assert c.game.done[-1]["reading"] == second.key
        assert c.view.proposal is None and c.game.has_reading(second.key)
        state = c.game.state
        # A re-read of the applied throw changes nothing.
        assert c.reread()
        calls.run_pending(timeout=1.0)
        calls.run_until(lambda: False, 0.3)
        assert c.game.state is state and c.view.proposal is None


def test_a_doubled_gpio_edge_moves_money_once(table, pin_factory):
    c, calls = table
    play_until(
        c,
        random.Random(2),
        lambda c: (
            c.view.decision is not None
            and bool(c.view.decision.choices)
            and c.view.decision.choices[0].key == "buy"
        ),
        cap=400,
    )
    d = c.view.decision
    assert d.choices[0].key == "buy"
    clock = c.clock
    clock.now += 1.0  # the buy decision has been in sight for a second
    devices = TableDevices(
        c, post=calls.post, config=load_config(environ=FAST), dice_url=None, pin_factory=pin_factory
    )
    with devices:
        assert devices.positions == {"roll": 1, "undo": 2, "next": 3}
        pin = devices.buttons.devices["roll"].pin
        count, cash, rows = transfers(c), c.game.state.cash[d.player], logged(c)
        # Two presses' edges before the main thread runs anything (a bounce the filter let by,
        # or a double press): both are stamped with the buy decision.
        for _ in range(2):
            pin.drive_low()
            clock.now += 0.01
            pin.drive_high()  # the roll button commands on release (it has a hold action)
            clock.now += 0.01
        assert calls.run_until(lambda: transfers(c) > count, TIMEOUT)
        calls.run_until(lambda: False, 0.2)
        assert transfers(c) == count + 1
        # One command logged: the second press did not answer the decision that came next.
        assert logged(c) == rows + 1 and c.game.done[-1]["type"] == "buy"
        assert c.game.state.cash[d.player] == cash - d.choices[0].facts["price"]
        # The second edge, 20 ms after the first, repeats the answer: dropped, marked too soon.
        assert c.view.notice == "" and c.view.too_soon == "Too soon"


def test_a_press_with_no_meaning_is_a_notice(table, pin_factory):
    c, calls = table
    devices = TableDevices(
        c, post=calls.post, config=load_config(environ=FAST), dice_url=None, pin_factory=pin_factory
    )
    with devices:
        state = c.game.state
        c.clock.now += 1.0
        pin = devices.buttons.devices["next"].pin  # button 3: the deal has one choice
        pin.drive_low()
        pin.drive_high()
        assert calls.run_until(lambda: bool(c.view.notice), TIMEOUT)
        assert c.view.notice == "Button 3 has nothing to do now"
        assert c.game.state is state


def test_no_dice_module_is_a_notice_not_an_error(table, tmp_path):
    c, calls = table
    devices = TableDevices(
        c,
        post=calls.post,
        config=load_config(environ=FAST),
        dice_url=str(tmp_path / "no-such-port"),
        buttons=False,
    )
    with devices:
        assert calls.run_until(lambda: "unplugged" in c.view.dice_status, TIMEOUT)
        assert c.view.dice_banner == "Dice module unplugged: enter the dice on the screen"
        assert not c.throw() and "No emulated dice module" in c.view.notice


def test_the_status_led_follows_the_dice_module(table, pin_factory, tmp_path):
    """Slow blinking while the module is away, steady once it has greeted the companion."""
    c, calls = table
    environ = {**FAST, "COMPANION_STATUS_LED_PIN": "GPIO23"}
    seen: list[str] = []
    away = TableDevices(
        c,
        post=calls.post,
        config=load_config(environ=environ),
        dice_url=str(tmp_path / "no-such-port"),
        pin_factory=pin_factory,
        on_dice_status=lambda status: seen.append(status.state),
    )
    with away:
        assert calls.run_until(lambda: "disconnected" in seen, TIMEOUT)
        led = away.buttons.led
        assert led is not None and led._blink_thread is not None  # blinking
    pin_factory.reset()
    ready = TableDevices(
        c, post=calls.post, config=load_config(environ=environ), pin_factory=pin_factory
    )
    with ready:
        assert calls.run_until(lambda: c.view.dice_status == "Dice module ready", TIMEOUT)
        led = ready.buttons.led
        assert led is not None and led.is_lit and led._blink_thread is None  # steady
