"""A scripted run of the whole app, in its own process (a Kivy window is one per process).

``python -m tests.ui.app_script DB OUT.json`` starts :class:`ui.app.CompanionApp` off-screen,
plays with the controller until a property can be bought, taps its Buy button twice with real
touches (``UnitTestTouch``), presses the key ``1`` on the decision after, and writes what it
saw to ``OUT.json`` for ``tests/ui/test_app_run.py`` to check. Like a patient player, it
touches and presses only once the decision has been shown and has settled (the controller's
input gate, ``TableController.ready``).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # noqa: F401 - the environment, before Kivy is imported


def main(db: Path, out: Path) -> None:
    from ui import app as ui_app

    ui_app.configure_input(False)
    ui_app.configure_window(size=(800, 480), device=False)
    from kivy.clock import Clock
    from kivy.config import Config
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from companion.simulator.players import RandomPlayer
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=db, post=post, store=SetupStore(db.parent / "setup.json"), lang="en"
        ),
        animate=False,
    )
    result: dict[str, Any] = {}
    player = RandomPlayer(random.Random(5))
    steps: list[Any] = []

    def when_ready(then: Any) -> None:
        """Call ``then()`` once an input would count (the decision shown and settled)."""
        if app.controller.ready():
            then()
        else:
            Clock.schedule_once(lambda _dt: when_ready(then), 0.05)

    def touch_twice(button: Any, then: Any) -> None:
        x, y = button.to_window(*button.center)
        first, second = UnitTestTouch(x, y), UnitTestTouch(x, y)
        first.touch_down()
        Clock.schedule_once(lambda _dt: first.touch_up(), 0.05)
        Clock.schedule_once(lambda _dt: second.touch_down(), 0.1)
        Clock.schedule_once(lambda _dt: second.touch_up(), 0.15)
        Clock.schedule_once(then, 0.4)

    def start(_dt: float) -> None:
        c = app.controller
        result["input"] = [list(item) for item in Config.items("input")]
        c.start_game([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], {})
        Clock.schedule_once(advance, 0)

    def advance(_dt: float) -> None:
        c = app.controller
        state = c.state
        d = state.decision
        buy = [i for i, o in enumerate(d.options) if o["command"]["type"] == "buy"]
        if d.kind == "buy_or_auction" and buy:
            when_ready(lambda: tap_buy(buy[0]))
            return
        if len(steps) > 2000:
            result["error"] = "no property to buy in 2000 commands"
            app.stop()
            return
        option = player.answer(state, list(d.options))
        free = player.fill(state, option) if option in d.options else {}
        if option in d.options:
            c.answer(d.id, list(d.options).index(option), **free)
        else:  # an auction bid comes back filled in
            c.answer_command(d.id, dict(option["command"], player=option.get("player")))
        steps.append(d.kind)
        Clock.schedule_once(advance, 0)

    def tap_buy(index: int) -> None:
        c = app.controller
        state = c.state
        host = app.sm.get_screen("table").ids.host
        button = next(b for b in host.dialog.buttons if b.choice_index == index)
        result["buyer"] = state.decision.player
        result["property"] = state.decision.data["property"]
        result["price"] = state.decision.data["price"]
        result["cash_before"] = state.cash[state.decision.player]
        result["owned_before"] = sum(h.owner == result["buyer"] for h in state.holdings.values())
        result["decision_before"] = state.decision.id
        result["button_text"] = button.text
        result["button_number"] = button.number
        result["commands_before"] = len(c.game.done)
        touch_twice(button, after_taps)

    def after_taps(_dt: float) -> None:
        c = app.controller
        state = c.state
        buyer = result["buyer"]
        result["cash_after"] = state.cash[buyer]
        result["owner_after"] = getattr(state.holdings.get(result["property"]), "owner", None)
        result["owned_after"] = sum(h.owner == buyer for h in state.holdings.values())
        result["commands_after"] = len(c.game.done)
        result["notice"] = c.view.notice
        result["shown_cash"] = [
            w.chip.cash_text
            for w in app.sm.get_screen("table").ids.strip.children
            if w.chip.name == buyer
        ]
        result["chip_cash_text"] = next(p.cash_text for p in c.view.players if p.name == buyer)
        when_ready(lambda: press_key(0))

    def press_key(_dt: float) -> None:
        """The key 1 stands for the physical button 1: the first numbered choice of a decision
        whose button 1 needs nothing typed in (the random player plays up to one)."""
        c = app.controller
        state = c.state
        d = state.decision
        view = c.view.decision
        first = view.choices[view.numbered[0]] if view and view.numbered else None
        if first is None or first.free:
            option = player.answer(state, list(d.options))
            if option in d.options:
                c.answer(d.id, list(d.options).index(option), **player.fill(state, option))
            else:
                c.answer_command(d.id, dict(option["command"], player=option.get("player")))
            when_ready(lambda: press_key(0))
            return
        result["key_decision"] = [d.id, d.kind, first.key]
        result["key_commands_before"] = len(c.game.done)
        Window.dispatch("on_key_down", 49, 10, "1", [])
        result["key_decision_after"] = c.state.decision.id
        result["key_commands"] = len(c.game.done)
        result["key_last"] = dict(c.game.done[-1])
        app.stop()

    Clock.schedule_once(start, 0.3)
    app.run()
    out.write_text(json.dumps(result))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
