"""``companion app --headless-demo``: N turns played off-screen through the real app.

The game is played as a table would: the dice are thrown on the emulated dice module (a
pseudo-terminal read by the real :class:`hardware.reader.DiceReader`), the proposal is confirmed
by pressing the physical roll button (a gpiozero mock pin), and every other answer is a touch on
the real widget of the decision's dialog (free fields, such as a bid's amount or the card drawn,
are set on the dialog first). Which answer to give is the simulator's random player's choice.
A PNG of each main screen and of each kind of dialog visited is saved, taken in
``Window.on_flip`` once the frame is drawn. Animations are off.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ui import app as ui_app
from ui.launch import devices_factory

#: The places visited once the game is under way, for their screenshots.
PLACES = ("board", "players", "history", "referee", "settings")
#: Seconds to wait for the emulated throw to come back as a proposal before typing it in.
THROW_TIMEOUT = 3.0


class Director:
    """Plays the demo, one small step per frame (see the module docstring)."""

    def __init__(
        self,
        app: Any,
        *,
        turns: int,
        screenshots: Path | None,
        players: int,
        seed: int,
        out: TextIO,
    ) -> None:
        from companion.simulator.players import RandomPlayer

        self.app = app
        self.turns = turns
        self.screenshots = screenshots
        self.players = players
        self.player = RandomPlayer(random.Random(seed))
        self.out = out
        self.shot_names: set[str] = set()
        self.turns_seen: list[Any] = []
        self.places_left = list(PLACES)
        self.wait_until = 0.0
        self.waiting: tuple[str, float, Any] | None = None
        self.pending_shot: str | None = None
        self.frames_to_shot = 0
        self.done = False
        self.status = 0
        self.touches = 0
        self.presses = 0
        self.throws = 0
        self.steps = 0
        #: Attempts at answering each decision id (a touch that missed is tried again).
        self.tries: dict[int, int] = {}

    # -- Screenshots --------------------------------------------------------------------------

    def shoot(self, name: str) -> None:
        """Save the next settled frame as ``name``.png (once per name)."""
        if self.screenshots is None or name in self.shot_names or self.pending_shot:
            return  # one at a time: a later step asks again
        self.shot_names.add(name)
        self.pending_shot = name
        self.frames_to_shot = 3  # let the layout settle after the change

    def on_flip(self, window: Any) -> None:
        if self.pending_shot is None:
            return
        if self.frames_to_shot > 0:
            self.frames_to_shot -= 1
            return
        assert self.screenshots is not None
        target = self.screenshots / f"{self.pending_shot}.png"
        made = Path(window.screenshot(name=str(target)))
        if made != target:
            shutil.move(made, target)
        self.pending_shot = None

    # -- Input as a table gives it ------------------------------------------------------------

    def tap(self, widget: Any) -> None:
        """A real touch (down, then up on a later frame) at the widget's centre."""
        from kivy.clock import Clock
        from kivy.tests.common import UnitTestTouch

        scroll = _scroll_parent(widget)
        if scroll is not None:
            scroll.scroll_to(widget, padding=0, animate=False)
            scroll._update_effect_bounds()
            scroll.update_from_scroll()
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        Clock.schedule_once(lambda _dt: touch.touch_up(), 0.05)
        self.touches += 1
        self.pause(0.15)

    def press_button(self, position: int) -> None:
        """Press the physical button at ``position`` (1-3): a mock GPIO pin driven low, then
        released (the buttons are wired to ground)."""
        from kivy.clock import Clock

        devices = self.app.devices
        buttons = devices.config.buttons.buttons
        pin = self._pin(buttons[position - 1].pin)
        pin.drive_low()
        Clock.schedule_once(lambda _dt: pin.drive_high(), 0.12)
        self.presses += 1
        self.pause(0.3)

    @staticmethod
    def _pin(name: Any) -> Any:
        from gpiozero import Device

        number = int(str(name).upper().removeprefix("GPIO").removeprefix("BCM"))
        return Device.pin_factory.pin(number)

    def pause(self, seconds: float) -> None:
        self.wait_until = time.monotonic() + seconds

    # -- The play -----------------------------------------------------------------------------

    def step(self, _dt: float) -> None:
        if self.pending_shot is not None:
            from kivy.core.window import Window

            Window.canvas.ask_update()  # a still screen is not redrawn, nor flipped, else
            return
        if self.done or time.monotonic() < self.wait_until:
            return
        try:
            self._step()
        except Exception as exc:  # noqa: BLE001 - the demo reports and stops, never hangs
            import traceback

            traceback.print_exc()
            print(f"companion: error: the demo stopped: {exc}", file=self.out)
            self.status = 1
            self.finish()

    def _step(self) -> None:
        c = self.app.controller
        view = c.view
        self.steps += 1
        if view.place == "setup":
            self.shoot("setup")
            if self.pending_shot is None:
                names = ("Ann", "Bob", "Chloé", "Dev", "Emma", "Farid", "Gus", "Hana")
                names += tuple(f"P{i}" for i in range(9, 13))
                seats = [{"name": names[i]} for i in range(self.players)]
                if not c.start_game(seats, {}):
                    raise RuntimeError(f"the game did not start: {c.view.notice}")
            return
        state = c.state
        if state is None:
            raise RuntimeError("no game")
        if state.turn and (not self.turns_seen or self.turns_seen[-1] != state.turn):
            self.turns_seen.append(state.turn)
        played = len(self.turns_seen) - 1
        if state.over or played >= self.turns:
            self.shoot("table-end")
            if self.pending_shot is None:
                self.finish()
            return
        if view.place != "table":
            self.shoot(view.place)
            if self.pending_shot is None:
                c.go("table")
            return
        if played >= 1 and self.places_left and view.proposal is None:
            place = self.places_left.pop(0)
            nav = self.app.sm.get_screen("table").ids.nav
            button = next((b for b in nav.children if b.text and _place_of(nav, b) == place), None)
            if button is not None:
                self.tap(button)
            else:
                c.go(place)
            return
        decision = view.decision
        if decision is None:
            return
        self.shoot(f"dialog-{decision.kind}")
        if decision.kind == "roll" and "table" not in self.shot_names:
            self.shoot("table")
        if self.pending_shot is not None:
            return
        self.answer(state, view)

    def answer(self, state: Any, view: Any) -> None:
        c = self.app.controller
        decision = view.decision
        host = self.app.sm.get_screen("table").ids.host
        dialog = host.dialog
        options = list(state.decision.options)
        option = self.player.answer(state, options)
        index, free = _index_of(options, option)
        free.update(self.player.fill(state, option))
        tries = self.tries.get(decision.id, 0) + 1
        self.tries[decision.id] = tries
        if tries > 40:
            raise RuntimeError(
                f"decision {decision.id} ({decision.kind}) is not answered: {view.notice}"
            )
        if tries > 4 and "dice" not in free:
            # The touch did not answer it (a button out of reach): answer as the dialog does.
            c.answer(decision.id, index, **free)
            return
        if "dice" in free:
            self.roll(decision, view, dialog, index, free)
            return
        self.waiting = None
        if free:
            self._free(dialog, index, free)
            return
        button = _button_for(dialog, index)
        if button is not None:
            self.tap(button)
        else:
            c.answer(decision.id, index)

    def roll(self, decision: Any, view: Any, dialog: Any, index: int, free: dict) -> None:
        c = self.app.controller
        if set(free) != {"dice"}:  # Game Night: both players' dice and the opponent
            dialog.answer(index, **free)
            return
        if view.proposal is not None and view.proposal.decision_id == decision.id:
            if "dialog-proposal" not in self.shot_names:
                self.shoot("dialog-proposal")
                return
            self.press_button(1)  # confirms the proposal
            self.waiting = None
            return
        if self.waiting is None or self.waiting[2] != decision.id:
            count = decision.dice[0] if decision.dice else len(free["dice"])
            dice = list(free["dice"])
            # The speed die's face is text ("1", "mr"), as the module reports it.
            faces = [*dice[:count], *(str(f).lower() for f in dice[count:])]
            self.waiting = ("throw", time.monotonic() + THROW_TIMEOUT, decision.id)
            c.throw(faces)
            self.throws += 1
            self.pause(0.05)
            return
        if time.monotonic() > self.waiting[1]:
            # The module did not answer in time: the table types the dice in.
            self.waiting = None
            c.enter_roll(decision.id, list(free["dice"]))
            print(f"demo: throw {self.waiting} not read in time: typed in", file=self.out)

    def _free(self, dialog: Any, index: int, free: dict) -> None:
        from ui.dialogs.auction import AuctionDialog

        if isinstance(dialog, AuctionDialog) and "amount" in free:
            dialog.set_amount(int(free["amount"]))
            button = _button_for(dialog, index)
            if button is not None:
                self.tap(button)
                return
        dialog.answer(index, **free)

    def finish(self) -> None:
        from kivy.clock import Clock

        self.done = True
        Clock.schedule_once(lambda _dt: self.app.stop(), 0.1)


def _index_of(options: list[Any], option: Any) -> tuple[int, dict[str, Any]]:
    """Which posed option the random player's answer is, and the free fields it filled in (a
    bid comes back with its amount in the command)."""
    if option in options:
        return options.index(option), {}
    command = option["command"]
    for i, posed in enumerate(options):
        base = posed["command"]
        same = all(command.get(k) == v for k, v in base.items())
        if same and posed.get("player") == option.get("player"):
            return i, {k: v for k, v in command.items() if k not in base}
    raise LookupError(f"the random player's answer {option!r} is not among the options")


def _place_of(nav: Any, button: Any) -> str | None:
    for key, label in nav.items:
        if label == button.text:
            return str(key)
    return None


def _scroll_parent(widget: Any) -> Any:
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    for _ in range(64):  # the Window is its own parent: the walk stops there
        if parent is None or parent is parent.parent:
            return None
        if isinstance(parent, ScrollView):
            return parent
        parent = parent.parent
    return None


def _button_for(dialog: Any, index: int) -> Any:
    """The button of the dialog that answers choice ``index``."""
    if dialog is None:
        return None
    for widget in dialog.walk(restrict=True):
        if getattr(widget, "choice_index", None) == index and not widget.disabled:
            return widget
    return None


def run_demo(
    *,
    db: Path | None,
    turns: int,
    screenshots: Path | None,
    lang: str,
    size: tuple[int, int],
    players: int,
    seed: int,
    out: TextIO,
    err: TextIO,
    after: Callable[[Any, Director], None] | None = None,
) -> int:
    """Play the demo (see the module docstring); returns the exit status."""
    ui_app.configure_input(False)
    ui_app.configure_window(size=size, device=False)
    from kivy.clock import Clock
    from kivy.core.window import Window

    scratch = None
    if db is None:
        scratch = Path(tempfile.mkdtemp(prefix="companion-demo-"))
        db = scratch / "games.db"
    db.parent.mkdir(parents=True, exist_ok=True)
    if screenshots is not None:
        screenshots.mkdir(parents=True, exist_ok=True)
    # The demo's own remembered setup beside its game log, not the user's table.
    from ui.setup_store import SetupStore

    store_path = db.parent / f"{db.stem}-setup.json"

    def make_controller(post: Any) -> Any:
        from ui.controller import TableController

        return TableController(db_path=db, post=post, store=SetupStore(store_path), lang=lang)

    app = ui_app.CompanionApp(
        make_controller,
        devices_factory=devices_factory(None, "emulator"),
        animate=False,
        keys=False,
    )
    director = Director(
        app, turns=turns, screenshots=screenshots, players=players, seed=seed, out=out
    )
    Window.bind(on_flip=director.on_flip)
    Clock.schedule_interval(director.step, 0)
    started = time.monotonic()
    app.run()
    elapsed = time.monotonic() - started
    game = app.controller.game
    played = max(0, len(director.turns_seen) - 1)
    print(
        f"demo: {played} turns in {elapsed:.1f} s ({director.touches} touches, "
        f"{director.presses} button presses, {director.throws} throws); game "
        f"{game.game_id if game else '-'} in {db}",
        file=out,
    )
    if screenshots is not None:
        print(
            f"demo: {len(list(screenshots.glob('*.png')))} screenshots in {screenshots}", file=out
        )
    if after is not None:
        after(app, director)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)
    return director.status
