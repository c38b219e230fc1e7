"""Scripted runs of the whole app for the input gate (issue 22: one answer per intention).

``python -m tests.ui.gate_script DB OUT.json`` starts :class:`ui.app.CompanionApp` off-screen
at 800x480 with the table's buttons on gpiozero's ``MockFactory`` and a scripted monotonic
clock (the time a touch goes down and a button's edge are read from it, so the script says
exactly when each input happens). It plays each scenario on a game started from a table
situation, with real touches (``UnitTestTouch``) and real pin edges, and writes what it saw to
``OUT.json`` for ``tests/ui/test_app_gate.py``:

- ``bid``: a double tap (100 ms apart) on the first bidder's Bid button;
- ``rows``: three taps, a second apart, on the spot of one bidder's Pass button;
- ``buttons``: button 1 pressed at a purchase, again 40 ms later, again 200 ms after the next
  decision appeared, and once more a second later;
- ``draw``: button 1 pressed on a card draw's list;
- ``chained``: Ann's 2+3 and Mr. Monopoly onto Reading Railroad, bought with button 1: the
  Travel Voucher's draw list that follows is announced (its panel flashes) and a tap on it
  during the flash (500 ms after the purchase) is too soon; then the purchase at the end of
  the bonus move is announced and button 1 during its flash is too soon, once it is shown and
  settled it buys.

``--shots DIR --players N --lang fr --size 1280x800`` instead photographs an auction of N
players after one of them passed, the "Too soon" mark, a chained decision's announcement and
Settings (the screenshots of ``docs/ui.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # the environment, before Kivy is imported

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")
#: Ann's throws from GO: onto Esplanade Avenue (for sale), onto Chance, onto Reading Railroad
#: with Mr. Monopoly (his bonus move then ends on Oriental Avenue).
TO_ESPLANADE = [2, 3, "1"]
TO_CHANCE = [3, 4, "1"]
TO_READING_WITH_MR_MONOPOLY = [2, 3, "mr"]
#: Frames a scenario may wait for the app before it is a failure.
FRAMES = 600


class Ticks:
    """The scripted monotonic clock of the controller, its touches and its buttons."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class ScriptError(Exception):
    pass


def table(players: int, vouchers: tuple[str, ...] = ()) -> dict[str, Any]:
    """``players`` at GO with $1,500 each, Ann to move; Ann holds ``vouchers`` (a Travel
    Voucher held makes the turn wait for its end: End the turn is then button 1)."""
    return {
        "players": [
            {
                "name": n,
                "position": "GO",
                "cash": 1500,
                "vouchers": list(vouchers) if n == "Ann" else [],
            }
            for n in NAMES[:players]
        ],
        "to_move": "Ann",
    }


class Script:
    def __init__(self, app: Any, ticks: Ticks, out: Path, shots: Path | None, players: int):
        self.app, self.ticks, self.out, self.shots = app, ticks, out, shots
        self.players = players
        self.result: dict[str, Any] = {}
        self.steps: Iterator[None] = self.run()
        self.shot: str | None = None

    @property
    def c(self) -> Any:
        return self.app.controller

    @property
    def screen(self) -> Any:
        return self.app.sm.get_screen("table")

    def step(self, _dt: float) -> None:
        try:
            next(self.steps)
        except StopIteration:
            self.finish()
        except Exception as exc:  # noqa: BLE001 - written for the test, then the app stops
            import traceback

            traceback.print_exc()
            self.result["error"] = f"{type(exc).__name__}: {exc}"
            self.finish()

    def finish(self) -> None:
        self.out.write_text(json.dumps(self.result))
        self.steps = iter(())
        self.app.stop()

    # -- Waiting and acting ---------------------------------------------------------------------

    def until(self, ready: Callable[[], bool], what: str) -> Iterator[None]:
        for _ in range(FRAMES):
            if ready():
                return
            yield
        raise ScriptError(f"{what} did not happen")

    def frames(self, count: int) -> Iterator[None]:
        for _ in range(count):
            yield

    def shown(self) -> Iterator[None]:
        """Until the app has said the decision in force is shown (the gate's start); the
        clock stands still meanwhile, but for an announcement, which lasts on it."""
        for _ in range(FRAMES):
            if self.c.ready(self.ticks.now + 60):
                return
            if self.c.view.announce:
                self.ticks.now += 0.05
            yield
        raise ScriptError("the decision shown did not happen")

    def settled(self) -> Iterator[None]:
        """The decision shown, then a second of the clock: an input now counts."""
        yield from self.shown()
        self.ticks.now += 1.0

    def start(self, players: int, vouchers: tuple[str, ...] = ()) -> Iterator[None]:
        c = self.c
        if not c.start_from_situation(json.dumps(table(players, vouchers))):
            raise ScriptError(c.view.notice)
        yield from self.until(lambda: self.app.sm.current == "table", "the table")
        yield from self.settled()

    def roll(self, faces: list[Any]) -> Iterator[None]:
        c = self.c
        if not c.enter_roll(c.view.decision.id, faces):
            raise ScriptError(c.view.notice)
        yield from self.settled()

    def tap_at(self, x: float, y: float) -> Iterator[None]:
        """A real touch: down now (stamped with the clock's time), up two frames later."""
        from kivy.tests.common import UnitTestTouch

        touch = UnitTestTouch(x, y)
        touch.touch_down()
        yield from self.frames(2)
        touch.touch_up()
        yield from self.frames(2)

    def press(self, position: int) -> Iterator[None]:
        """Button ``position`` pressed and released (the buttons are wired to ground): its
        edges are stamped with the clock's time; delivered on the main thread a frame later."""
        from gpiozero import Device

        name = self.app.devices.config.buttons.buttons[position - 1].pin
        pin = Device.pin_factory.pin(int(str(name).upper().removeprefix("GPIO")))
        pin.drive_low()
        pin.drive_high()
        yield from self.frames(3)

    def logged(self) -> list[dict[str, Any]]:
        return [dict(command) for command in self.c.game.done]

    def auction(self) -> Any:
        dialog = self.screen.ids.host.dialog
        if dialog is None or dialog.decision.kind != "auction":
            raise ScriptError("no auction shown")
        return dialog

    # -- The scenarios -------------------------------------------------------------------------

    def run(self) -> Iterator[None]:
        yield from self.frames(5)
        if self.shots is not None:
            yield from self.photograph()
            return
        for name in ("bid", "rows", "buttons", "draw", "chained"):
            try:
                yield from getattr(self, name)()
            except Exception as exc:  # noqa: BLE001 - the next one starts a game of its own
                self.result[name] = {"error": f"{type(exc).__name__}: {exc}"}

    def to_auction(self, players: int) -> Iterator[None]:
        yield from self.start(players)
        yield from self.roll(TO_ESPLANADE)
        c = self.c
        d = c.view.decision
        auction = next(i for i, ch in enumerate(d.choices) if ch.key == "auction")
        if not c.answer(d.id, auction):
            raise ScriptError(c.view.notice)
        yield from self.settled()
        self.auction()

    def bid(self) -> Iterator[None]:
        """A double tap on Ann's Bid: the first tap bids the amount shown, the second (100 ms
        later, on the same spot) is the same intention."""
        yield from self.to_auction(4)
        dialog = self.auction()
        button = dialog.bid_buttons["Ann"]
        shown = dialog.amount
        before = len(self.logged())
        x, y = button.to_window(*button.center)
        from kivy.tests.common import UnitTestTouch

        first, second = UnitTestTouch(x, y), UnitTestTouch(x, y)
        first.touch_down()
        yield from self.frames(1)
        first.touch_up()
        yield from self.frames(2)
        self.ticks.now += 0.1
        second.touch_down()
        yield from self.frames(1)
        second.touch_up()
        yield from self.frames(4)
        dialog = self.auction()
        self.result["bid"] = {
            "shown": shown,
            "bids": [
                [c["player"], c["amount"]] for c in self.logged()[before:] if c["type"] == "bid"
            ],
            "leader": dialog.decision.data.get("leader"),
            "bidders": sorted(dialog.bid_buttons),
        }

    def rows(self) -> Iterator[None]:
        """Bob passes with a tap on his Pass; two more taps on that spot, a second apart, must
        not pass the players after him. Every other bidder's buttons stay where they were."""
        yield from self.to_auction(4)
        dialog = self.auction()

        def places() -> dict[str, list[float]]:
            d = self.auction()
            return {w: list(b.to_window(*b.center)) for w, b in d.pass_buttons.items()}

        before = places()
        spot = before["Bob"]
        count = len(self.logged())
        taps = []
        for _ in range(3):
            yield from self.tap_at(*spot)
            yield from self.settled()
            dialog = self.auction()
            under = [
                b
                for b in dialog.walk(restrict=True)
                if hasattr(b, "choice_index") and b.collide_point(*b.to_widget(*spot))
            ]
            taps.append([(b.text, b.disabled) for b in under])
        self.result["rows"] = {
            "before": before,
            "after": places(),
            "passes": [c["player"] for c in self.logged()[count:] if c["type"] == "pass"],
            "under_the_finger": taps,
            "bidders": list(dialog.decision.data["bidders"]),
        }

    def buttons(self) -> Iterator[None]:
        """Button 1 at Ann's purchase, 40 ms later again (a bouncy press), 200 ms after the
        next decision (the end of her turn) appeared (too soon), and a second after that (it
        ends the turn)."""
        yield from self.start(3, ("voucher-bus-ticket",))
        yield from self.roll(TO_ESPLANADE)
        c = self.c
        buy = c.view.decision
        count = len(self.logged())
        yield from self.press(1)
        after_first = len(self.logged())
        self.ticks.now += 0.04
        yield from self.press(1)
        after_bounce = len(self.logged())
        yield from self.shown()  # the next decision is on the screen, at this clock time
        next_decision = [c.view.decision.id, c.view.decision.kind]
        self.ticks.now += 0.2
        yield from self.press(1)
        mark = self.screen.ids.too_soon
        too_soon = [c.view.too_soon, mark.text, mark.opacity]
        after_soon = len(self.logged())
        self.ticks.now += 1.0
        yield from self.press(1)
        self.result["buttons"] = {
            "buy": [buy.id, buy.kind, buy.choices[buy.numbered[0]].key],
            "next": next_decision,
            "counts": [count, after_first, after_bounce, after_soon, len(self.logged())],
            "commands": [c["type"] for c in self.logged()[count:]],
            "too_soon": too_soon,
            "notice": c.view.notice,
        }

    def draw(self) -> Iterator[None]:
        """Button 1 on Chance's draw list picks nothing."""
        yield from self.start(3)
        yield from self.roll(TO_CHANCE)
        c = self.c
        d = c.view.decision
        count = len(self.logged())
        yield from self.press(1)
        self.result["draw"] = {
            "kind": d.kind,
            "numbered": list(d.numbered),
            "count": [count, len(self.logged())],
            "notice": c.view.notice,
            "decision_after": c.view.decision.id == d.id,
        }

    def chained(self) -> Iterator[None]:
        """Decisions nobody asked for are announced before an input counts."""
        from ui.widgets.basic import SearchRow

        yield from self.start(3)
        yield from self.roll(TO_READING_WITH_MR_MONOPOLY)
        c, host = self.c, self.screen.ids.host
        seen: dict[str, Any] = {"first": [c.view.decision.kind, c.view.announce]}

        def first_row() -> Any:
            """The draw list's first row (a list's rows are made at the frame after it)."""
            if host.dialog is None or host.dialog.decision.kind != "draw":
                return None
            rows = [w for w in host.dialog.walk(restrict=True) if isinstance(w, SearchRow)]
            return rows[0] if rows else None

        yield from self.press(1)  # buys Reading Railroad
        yield from self.until(lambda: first_row() is not None, "the draw list")
        draw = c.view.decision
        # Half a second after the purchase, past the settle time but within the flash.
        self.ticks.now += 0.5
        seen["draw"] = [draw.kind, c.view.announce, host.glow > 0]
        count = len(self.logged())
        row = first_row()
        yield from self.tap_at(*row.to_window(*row.center))
        seen["draw_tap"] = [len(self.logged()) - count, c.view.too_soon]
        yield from self.settled()
        row = first_row()
        yield from self.tap_at(*row.to_window(*row.center))  # now it draws
        yield from self.until(lambda: c.view.decision.id != draw.id, "the voucher drawn")
        buy = c.view.decision
        self.ticks.now += 0.5
        seen["bonus"] = [buy.kind, buy.data.get("property"), c.view.announce, host.glow > 0]
        drawn = len(self.logged())
        yield from self.press(1)
        seen["bonus_press"] = [len(self.logged()) - drawn, c.view.too_soon]
        yield from self.settled()
        yield from self.press(1)
        seen["commands"] = [x["type"] for x in self.logged()[count:]]
        self.result["chained"] = seen

    def photograph(self) -> Iterator[None]:
        """An auction of all the players after Bob passed; button 1 too soon at a purchase;
        the draw list announced after buying Reading Railroad; Settings."""
        yield from self.to_auction(self.players)
        bob = self.auction().pass_buttons["Bob"]
        yield from self.tap_at(*bob.to_window(*bob.center))
        yield from self.settled()
        yield from self.snap(f"auction-{self.players}p")
        yield from self.start(self.players)
        yield from self.roll(TO_ESPLANADE)
        yield from self.press(1)
        yield from self.press(1)
        yield from self.snap("too-soon")
        yield from self.start(self.players)
        yield from self.roll(TO_READING_WITH_MR_MONOPOLY)
        yield from self.press(1)
        yield from self.until(lambda: self.screen.ids.host.glow > 0.9, "the announcement")
        yield from self.snap("announced", settle=0)
        self.c.go("settings")
        yield from self.snap("settings")

    def snap(self, what: str, settle: int = 5) -> Iterator[None]:
        """A screenshot ``DIR/<what>-<lang>-<size>.png`` once ``settle`` frames went by."""
        from kivy.core.window import Window

        yield from self.frames(settle)
        assert self.shots is not None
        self.shots.mkdir(parents=True, exist_ok=True)
        name = f"{what}-{self.c.lang}-{Window.width}x{Window.height}"
        shots = self.result.setdefault("shots", [])

        def snap(*_args: Any) -> None:
            # On a flip, not from a timer (a stale frame otherwise); Kivy numbers the file.
            Window.unbind(on_flip=snap)
            offscreen.save_screenshot(Window, self.shots / f"{name}.png")
            shots.append(name)

        Window.bind(on_flip=snap)
        Window.canvas.ask_update()
        yield from self.until(lambda: name in shots, "the screenshot")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.split("x"))

    from ui import app as ui_app

    ui_app.configure_input(False)
    ui_app.configure_window(size=(width, height), device=False)
    from kivy.clock import Clock

    from hardware.config import load_config
    from ui.controller import TableController
    from ui.devices import devices_factory
    from ui.setup_store import SetupStore

    ticks = Ticks()
    db: Path = args.db
    config = load_config(environ={"COMPANION_BUTTONS_BOUNCE_TIME": "0"})
    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=db,
            post=post,
            store=SetupStore(db.parent / "setup.json"),
            lang=args.lang,
            clock=ticks,
        ),
        devices_factory=devices_factory(config, None),
        animate=False,
    )
    script = Script(app, ticks, args.out, args.shots, args.players)
    Clock.schedule_interval(script.step, 0)
    app.run()


if __name__ == "__main__":
    main(sys.argv[1:])
