"""``companion app --headless-demo``: N turns played off-screen through the real app.

The game is played as a table would: the dice are thrown on the emulated dice module (a
pseudo-terminal read by the real :class:`hardware.reader.DiceReader`), the proposal is confirmed
by pressing the physical roll button (a gpiozero mock pin), and every other answer is a touch on
the real widget of the decision's dialog (free fields, such as a bid's amount or the card drawn,
are set on the dialog first). Which answer to give is the simulator's random player's choice.

The table is set up on the setup screen by touch (the edition's card tapped, ``--edition``,
the seats added, the names typed, each one's Roll Three card and Travel Voucher picked in the
spinners in an edition that deals them, Start tapped). Once the game is
under way, every place is visited through the table's navigation rail: the board (a space
tapped: its deed card), the players (a sheet, then the trade dialog opened from it), the history
(the list, then the net-worth chart), Ask the referee (a space tapped on its map, the dice
touched: the answer and its path) and the settings, each left by its own Back button. Then the
table's own words are photographed: the dice module's cable is pulled for a few seconds (the
banner "Dice module unplugged: enter the dice on the screen", until it is back), and the last
answer is undone from the rail when it can be (the line "Undone: ..."). Run it again on the
same ``--db`` and the first screen offers to resume that game (``setup-home``).

A PNG of each main screen, of each kind of dialog met and of the deed card, the trade and the
chart is saved (see :data:`MAIN_SHOTS`), taken in ``Window.on_flip`` once the frame is drawn, at
the window's size. Animations are off.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from ui import app as ui_app
from ui.devices import devices_factory

#: The places visited once the game is under way, for their screenshots.
PLACES = ("board", "players", "history", "referee", "settings")
#: The screenshots every complete demo saves (besides one per kind of dialog met).
MAIN_SHOTS = (
    "setup-edition",
    "setup",
    "setup-rules",
    "table",
    "board",
    "board-deed",
    "players",
    "trade",
    "history",
    "history-chart",
    "referee",
    "settings",
    "table-dice-unplugged",
)
#: Seconds the demo's dice module is unplugged, for the table's banner.
UNPLUGGED_FOR = 3.0
#: The seats' names, as a family types them (an accent included).
NAMES = ("Ann", "Bob", "Chloé", "Dev", "Emma", "Farid", "Gus", "Hana", "Ines", "Jo", "Kim", "Lou")
#: The referee is asked about this roll (two dice and the speed die).
REFEREE_ROLL: tuple[int | str, ...] = (4, 3, "mr")
#: Seconds to wait for the emulated throw to come back as a proposal before typing it in.
THROW_TIMEOUT = 3.0


class DemoError(RuntimeError):
    """The demo cannot go on (a widget it must touch is missing, a place never came)."""


class Director:
    """Plays the demo, one small step per frame (see the module docstring).

    The scripted parts (the setup, the tour of the places) are generators: each ``yield`` gives
    the frame back, and :meth:`pause` (set by every tap) holds the next step until the touch has
    been delivered and drawn.
    """

    def __init__(
        self,
        app: Any,
        *,
        turns: int,
        screenshots: Path | None,
        players: int,
        seed: int,
        out: TextIO,
        edition: str | None = None,
        region: str | None = None,
    ) -> None:
        from companion.simulator.players import RandomPlayer

        self.app = app
        #: The edition the setup screen is to choose (``None``: the one it offers first), and
        #: its regional board (``None``: the one it offers first).
        self.edition = edition
        self.region = region
        self.turns = turns
        self.screenshots = screenshots
        self.players = players
        self.player = RandomPlayer(random.Random(seed))
        self.out = out
        self.shot_names: set[str] = set()
        self.turns_seen: list[Any] = []
        #: The turn after which the places are visited (late enough for a chart with a line).
        self.tour_at = max(0, min(turns - 1, 1 + turns // 2))
        self.toured = False
        self.script: Iterator[None] | None = None
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

    def wants_shot(self, name: str) -> bool:
        """Whether ``name``.png is still to be taken (never without a screenshots folder)."""
        return self.screenshots is not None and name not in self.shot_names

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
        scroll = _scroll_parent(widget)
        if scroll is not None and not _inside(widget, scroll):
            if _is_recycled(scroll):
                # Its rows' buttons are recycled as it scrolls (and it has no scroll_to): bring
                # the row into sight; its button is found again and tapped at the next step.
                _scroll_into_sight(scroll, widget)
                return
            scroll.scroll_to(widget, padding=0, animate=False)
            scroll._update_effect_bounds()
            scroll.update_from_scroll()
        self.tap_at(*widget.to_window(*widget.center))

    def tap_at(self, x: float, y: float) -> None:
        """A real touch at the window point ``(x, y)``."""
        from kivy.clock import Clock
        from kivy.tests.common import UnitTestTouch

        touch = UnitTestTouch(x, y)
        touch.touch_down()
        Clock.schedule_once(lambda _dt: touch.touch_up(), 0.05)
        self.touches += 1
        self.pause(0.15)

    def type_text(self, text: str) -> None:
        """Type ``text`` on the keyboard into the focused text box (what is selected goes)."""
        from kivy.core.window import Window

        Window.dispatch("on_textinput", text)
        self.pause(0.05)

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

    def until(self, ready: Callable[[], bool], what: str, seconds: float = 5.0) -> Iterator[None]:
        """Give frames back until ``ready()`` (a DemoError naming ``what`` after ``seconds``)."""
        limit = time.monotonic() + seconds
        while not ready():
            if time.monotonic() > limit:
                raise DemoError(f"{what} did not happen")
            yield

    def settle(self, name: str) -> Iterator[None]:
        """Take the screenshot ``name`` once what was touched has settled (a popup's opening
        animation included), and wait until it is written."""
        self.pause(0.25)
        yield
        self.shoot(name)
        yield
        while self.pending_shot is not None:
            yield

    # -- The play -----------------------------------------------------------------------------

    def step(self, _dt: float) -> None:
        if self.pending_shot is not None:
            from kivy.core.window import Window

            Window.canvas.ask_update()  # a still screen is not redrawn, nor flipped, else
            if self.script is None:
                return
        if self.done or time.monotonic() < self.wait_until:
            return
        try:
            if self.script is not None:
                try:
                    next(self.script)
                except StopIteration:
                    self.script = None
                return
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
            self.script = self.set_up()
            return
        state = c.state
        if state is None:
            raise DemoError("no game")
        if state.turn and (not self.turns_seen or self.turns_seen[-1] != state.turn):
            self.turns_seen.append(state.turn)
        played = len(self.turns_seen) - 1
        ending = state.over or played >= self.turns
        if view.place != "table":
            # Not left by the tour's own Back: a decision took the table elsewhere.
            self.shoot(view.place)
            if self.pending_shot is None:
                c.go("table")
            return
        if (
            not self.toured
            and (played >= self.tour_at or ending)
            and view.proposal is None
            and "table" in self.shot_names
        ):
            self.toured = True
            self.script = self.tour()
            return
        if ending:
            self.shoot("table-end")
            if self.pending_shot is None:
                self.finish()
            return
        decision = view.decision
        if decision is None:
            return
        self.shoot(f"dialog-{decision.kind}")
        if decision.kind == "roll" and self.wants_shot("table"):
            self.shoot("table")
        if self.pending_shot is not None or not c.ready():
            return  # a patient player: the decision is shown and settled (the input gate)
        self.answer(state, view)

    # -- The setup screen, by touch ---------------------------------------------------------

    def set_up(self) -> Iterator[None]:
        """The home pane photographed and left by "New game" when the app opens on it (a game
        to resume), then the edition's card tapped, seats added or removed to the demo's count,
        names typed, each one's Roll Three card and Travel Voucher picked in the spinners (in
        an edition that deals them), the house rules looked at, Start tapped."""
        from kivy.uix.spinner import Spinner
        from kivy.uix.textinput import TextInput

        from ui.i18n import _

        screen = self.app.sm.get_screen("setup")
        self.pause(0.3)  # the first frames lay the screen out
        yield
        if screen.pane == "home":  # a game to resume (a --db played before), or a fault
            yield from self.settle("setup-home")
            if screen.fault:
                raise DemoError(screen.fault_text)
            self.tap(screen.ids.act)  # "New game": one tap further than Resume
            yield from self.until(lambda: screen.pane == "edition", "the editions shown")
        yield from self.choose_edition(screen)
        add = _find(
            screen,
            text=_(
                "Add a player ({count} of {most})", count=screen.seat_count, most=screen.max_players
            ),
        )
        while len(screen.seats()) < self.players:
            if add is None or add.disabled:
                raise DemoError("the setup screen has no 'Add a player' button")
            count = len(screen.seats())
            self.tap(add)
            yield from self.until(lambda n=count: len(screen.seats()) > n, "a seat added")
            add = _find(
                screen,
                text=_(
                    "Add a player ({count} of {most})",
                    count=screen.seat_count,
                    most=screen.max_players,
                ),
            )
        while len(screen.seats()) > self.players:
            count = len(screen.seats())
            remove = _find(screen.seats()[-1], text="X")
            self.tap(remove)
            yield from self.until(lambda n=count: len(screen.seats()) < n, "a seat removed")
        for i, seat in enumerate(screen.seats()):
            box = _find(seat, cls=TextInput)
            self.tap(box)
            yield from self.until(lambda b=box: b.focus, "the name box focused")
            box.select_all()  # a remembered name is typed over, as a finger would
            self.type_text(NAMES[i % len(NAMES)])
            yield
            if not seat.deals:
                continue
            spinners = [w for w in seat.walk(restrict=True) if isinstance(w, Spinner)]
            for spinner, values in ((spinners[2], seat.roll_threes), (spinners[3], seat.vouchers)):
                if not values:
                    raise DemoError("the seat has no cards to pick from")
                yield from self.pick(spinner, values[i % len(values)])
        box.focus = False  # the keyboard goes away before the picture
        yield
        yield from self.settle("setup")
        rules = _find(screen, text=_("House rules"))
        if rules is not None:
            self.tap(rules)
            yield from self.until(lambda: screen.pane == "rules", "the house rules shown")
            yield from self.settle("setup-rules")
            self.tap(_find(screen, text=_("Players")))
            yield from self.until(lambda: screen.pane == "players", "the players shown")
        start = _find(screen, text=_("Start the game"))
        if start is None:
            raise DemoError("the setup screen has no Start button")
        self.tap(start)
        yield from self.until(
            lambda: self.shown("table"),
            f"the game's start ({screen.message})",
        )

    def choose_edition(self, screen: Any) -> Iterator[None]:
        """The edition's card tapped (``--edition``), then its board's (``--board``),
        photographed, then on to the players."""
        wanted = self.edition or screen.edition_id
        card = _find(
            screen.ids.editions,
            pred=lambda w: getattr(w, "choice", None) is not None and w.choice.id == wanted,
        )
        if card is None:
            raise DemoError(f"the setup screen offers no edition {wanted!r}")
        self.tap(card)
        yield from self.until(lambda: screen.edition_id == wanted, f"the edition {wanted}")
        if self.region is not None:
            board = _find(
                screen.ids.regions,
                pred=lambda w: (
                    getattr(w, "choice", None) is not None and w.choice.region == self.region
                ),
            )
            if board is None:
                raise DemoError(f"the setup screen offers no board {self.region!r}")
            self.tap(board)
            yield from self.until(lambda: screen.region == self.region, f"the {self.region} board")
        yield from self.settle("setup-edition")
        self.tap(screen.ids.start)  # "Next: the players"
        yield from self.until(lambda: screen.pane == "players", "the players shown")

    def pick(self, spinner: Any, value: str) -> Iterator[None]:
        """Open a spinner's list by touch and touch ``value`` in it."""
        self.tap(spinner)
        yield from self.until(lambda: spinner.is_open, "a spinner's list opened")
        dropdown = spinner._dropdown
        option = _find(dropdown, text=value)
        if option is None:
            raise DemoError(f"{value!r} is not in the spinner's list")
        self.tap(option)
        yield from self.until(lambda: spinner.text == value, f"{value!r} picked")
        # The list goes a moment later; a touch before that would only close it.
        yield from self.until(lambda: dropdown.parent is None, "the spinner's list closed")

    # -- The tour of the places -------------------------------------------------------------

    def tour(self) -> Iterator[None]:
        """Every place through the table's navigation, each left by its own Back button."""
        for place in PLACES:
            yield from self.go(place)
            yield from getattr(self, f"visit_{place}")(self.app.sm.get_screen(place))
            yield from self.back(place)
        yield from self.unplug_dice()
        yield from self.undo()

    def unplug_dice(self) -> Iterator[None]:
        """The emulated module's cable pulled: its banner photographed, then gone once back."""
        devices = self.app.devices
        if devices is None or devices.emulator is None:
            raise DemoError("the demo has no emulated dice module to unplug")
        banner = self.app.sm.get_screen("table").ids.dice_banner
        devices.emulator.unplug(UNPLUGGED_FOR)
        yield from self.until(lambda: bool(banner.text), "the dice module's banner", 10.0)
        yield from self.settle("table-dice-unplugged")
        yield from self.until(lambda: not banner.text, "the dice module back", 30.0)

    def undo(self) -> Iterator[None]:
        """The last answer undone from the rail, when it can be (not a throw, not a card)."""
        c = self.app.controller
        if not c.can_undo():
            return
        self.tap(self.app.sm.get_screen("table").ids.undo)
        yield from self.until(lambda: str(c.view.notice).startswith(_undone()), "the undo")
        yield from self.settle("table-undone")

    def go(self, place: str) -> Iterator[None]:
        table = self.app.sm.get_screen("table")
        nav = table.ids.nav
        button = next((b for b in nav.children if _place_of(nav, b) == place), None)
        if button is None:
            raise DemoError(f"the navigation has no button for {place}")
        self.tap(button)
        yield from self.until(lambda: self.shown(place), f"the {place} screen")

    def back(self, place: str) -> Iterator[None]:
        from ui.i18n import _

        screen = self.app.sm.get_screen(place)
        button = _find(screen, text=_("Back to the table")) or _find(screen, text=_("Back"))
        if button is None:
            raise DemoError(f"the {place} screen has no Back button")
        self.tap(button)
        yield from self.until(lambda: self.shown("table"), f"back from {place}")

    def shown(self, place: str) -> bool:
        """``place`` is on screen, its transition over (a touch during one is dropped)."""
        sm = self.app.sm
        return bool(sm.current == place and not sm.transition.is_active)

    def visit_board(self, screen: Any) -> Iterator[None]:
        """The board, then a space's deed card (an owned one when there is one)."""
        yield from self.settle("board")
        board = screen.map
        view = board.view
        owned = [s.key for s in view.spaces if s.owner] if view is not None else []
        priced = [s.key for s in view.spaces if s.price] if view is not None else []
        key = (owned or priced or ["middle:1"])[0]
        self.tap_at(*board.to_window(*board.space_pos(key)))
        card = screen.card
        yield from self.until(lambda: card.parent is not None, f"the deed card of {key}")
        yield from self.settle("board-deed")
        from ui.i18n import _

        self.tap(_find(card, text=_("Close")))
        yield from self.until(lambda: card.parent is None, "the deed card closed")

    def visit_players(self, screen: Any) -> Iterator[None]:
        """A player's sheet, then the trade dialog opened from it: an item and some cash in,
        both players agreeing; cancelled (the demo's game is the random player's)."""
        from kivy.core.window import Window

        from ui.dialogs.trade import TradeDialog
        from ui.i18n import _

        yield from self.settle("players")
        trade = _find(screen, text=_("Trade"))
        if trade is None or trade.disabled:
            return  # fewer than two players left: no trade
        self.tap(trade)

        def opened() -> Any:
            return next((w for w in Window.children if isinstance(w, TradeDialog)), None)

        yield from self.until(lambda: opened() is not None, "the trade dialog")
        dialog = opened()
        left, right = dialog.ids.left, dialog.ids.right
        items = left.items()
        if items:
            self.tap(items[0])
            yield
        plus = _find(right, text="+100")
        if plus is not None and right.cash_max >= 100:
            self.tap(plus)
            yield
        if items or right.cash_max >= 100:
            for side in (left, right):
                agree = _find(dialog, cls_name="TradeAgree", pred=lambda w, s=side: w.side is s)
                if agree is not None:
                    self.tap(agree)
                    yield
        yield from self.settle("trade")
        self.tap(_find(dialog, text=_("Cancel")))
        yield from self.until(lambda: opened() is None, "the trade dialog closed")

    def visit_history(self, screen: Any) -> Iterator[None]:
        """The history's list, then its net-worth chart."""
        from ui.i18n import _

        yield from self.settle("history")
        chart = _find(screen, text=_("Net worth chart"))
        if chart is None:
            raise DemoError("the history has no chart button")
        self.tap(chart)
        yield from self.until(lambda: screen.show_chart, "the net-worth chart")
        yield from self.settle("history-chart")
        self.tap(_find(screen, text=_("List")))
        yield from self.until(lambda: not screen.show_chart, "the history's list")

    def visit_referee(self, screen: Any) -> Iterator[None]:
        """A space tapped on the referee's map (the token of the player whose turn it is), the
        dice touched: the referee's answer and its path."""
        board = screen.map
        yield from self.until(lambda: board.view is not None, "the referee's map")
        c = self.app.controller
        tokens = dict(board.view.tokens)
        turn = next((p.name for p in c.view.players if p.is_turn), "")
        key = tokens.get(turn, c.start_space)
        self.tap_at(*board.to_window(*board.space_pos(key)))
        yield from self.until(lambda: screen.space == key, f"{key} chosen")
        # The speed die only in an edition that rolls one.
        roll = REFEREE_ROLL if c.speed_faces else REFEREE_ROLL[:2]
        for row, face in zip(("d1", "d2", "speed"), roll, strict=False):
            button = next((b for b in screen.ids[row].children if b.face == face), None)
            if button is None:
                raise DemoError(f"the referee has no {face} on its {row} row")
            self.tap(button)
            yield
        yield from self.until(lambda: bool(screen.sentence or screen.error), "the answer")
        yield from self.settle("referee")

    def visit_settings(self, screen: Any) -> Iterator[None]:
        yield from self.settle("settings")

    # -- Answering the decisions ------------------------------------------------------------

    def answer(self, state: Any, view: Any) -> None:
        c = self.app.controller
        decision = view.decision
        host = self.app.sm.get_screen("table").ids.host
        dialog = host.dialog
        options = list(state.decision.options)
        option = self.player.answer(state, options)
        index, free = _index_of(options, option)
        free.update(self.player.fill(state, option))
        # The frames spent waiting for the emulated module to read a throw do not count: that
        # wait has its own time limit (THROW_TIMEOUT), and on a fast frame rate 40 frames can
        # go by before the dice settle.
        throwing = (
            self.waiting is not None
            and self.waiting[2] == decision.id
            and time.monotonic() <= self.waiting[1]
        )
        tries = self.tries.get(decision.id, 0) + (0 if throwing else 1)
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
        if button is None and decision.choices[index].is_voucher:
            button = self._voucher_button(dialog, index)
            if button is None:
                return  # the list is being opened, or its picture taken
        if button is not None:
            self.tap(button)
        else:
            c.answer(decision.id, index)

    def _voucher_button(self, dialog: Any, index: int) -> Any:
        """A Travel Voucher is played as the table plays it: "Play a Travel Voucher..."
        tapped, then its destination's row in the list (None while the list opens)."""
        from ui.edition import table_edition
        from ui.i18n import _
        from ui.viewmodels import voucher_buttons

        picker = dialog.voucher_picker
        if picker is None or picker.parent is not dialog:
            opener = _find(dialog, text=_(voucher_buttons(table_edition())[2]))
            if opener is None:
                # The dialog is still the last decision's, refilled at the next frame: wait
                # (after a few tries the demo answers as the dialog would).
                return None
            self.tap(opener)
            return None
        if self.wants_shot("dialog-vouchers"):
            self.shoot("dialog-vouchers")
            return None
        return _find(picker.search, pred=lambda w: getattr(w, "value", None) == index)

    def roll(self, decision: Any, view: Any, dialog: Any, index: int, free: dict) -> None:
        c = self.app.controller
        if set(free) != {"dice"}:  # Game Night: both players' dice and the opponent
            dialog.answer(index, **free)
            return
        if view.proposal is not None and view.proposal.decision_id == decision.id:
            if self.wants_shot("dialog-proposal"):  # without a folder it waited forever
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


def _undone() -> str:
    """How the table's line begins after an undo, in the table's language."""
    from ui.i18n import _

    return str(_("Undone: {what}", what="")).strip()


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


def _is_recycled(scroll: Any) -> bool:
    """Whether ``scroll`` is a RecycleView (by its layout manager: Kivy's Factory can load the
    class under a second module name, ``kivy.uix.recycleview.__init__``, which an
    ``isinstance`` against ``kivy.uix.recycleview.RecycleView`` misses)."""
    return hasattr(scroll, "layout_manager")


def _scroll_into_sight(view: Any, widget: Any) -> None:
    """Scroll the RecycleView ``view`` so that the row of ``widget`` is in its middle."""
    layout = view.layout_manager
    room = layout.height - view.height
    if room > 0:
        middle = widget.center_y - layout.y - view.height / 2
        view.scroll_y = min(1.0, max(0.0, middle / room))


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


def _find(
    root: Any,
    *,
    text: str | None = None,
    cls: type | None = None,
    cls_name: str | None = None,
    pred: Callable[[Any], bool] | None = None,
) -> Any:
    """The first widget under ``root`` with this text, class (or class name) and test."""
    if root is None:
        return None
    for widget in root.walk(restrict=True):
        if text is not None and getattr(widget, "text", None) != text:
            continue
        if cls is not None and not isinstance(widget, cls):
            continue
        if cls_name is not None and type(widget).__name__ != cls_name:
            continue
        if pred is not None and not pred(widget):
            continue
        return widget
    return None


def _inside(widget: Any, scroll: Any) -> bool:
    """Whether the widget is wholly in view in its scroll view (nothing to scroll then)."""
    x, y = widget.to_window(widget.x, widget.y)
    sx, sy = scroll.to_window(scroll.x, scroll.y)
    return (
        sx <= x
        and sy <= y
        and x + widget.width <= sx + scroll.width
        and y + widget.height <= sy + scroll.height
    )


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
    edition: str | None = None,
    region: str | None = None,
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
    dice = Path(tempfile.mkdtemp(prefix="companion-demo-dice-"))

    def make_controller(post: Any) -> Any:
        from ui.controller import TableController

        return TableController(db_path=db, post=post, store=SetupStore(store_path), lang=lang)

    app = ui_app.CompanionApp(
        make_controller,
        # The emulated module's symlink, so that it can be unplugged and found again.
        devices_factory=devices_factory(None, "emulator", emulator_options={"link": dice / "dice"}),
        animate=False,
        keys=False,
    )
    director = Director(
        app,
        turns=turns,
        screenshots=screenshots,
        players=players,
        seed=seed,
        out=out,
        edition=edition,
        region=region,
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
    for folder in (scratch, dice):
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return director.status
