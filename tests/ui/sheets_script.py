"""A scripted run of the whole app for issue 22's targets and corrections, in its own process
(one Kivy window per process), with real touches (``UnitTestTouch``) at 800x480.

``python -m tests.ui.sheets_script DIR OUT.json``: a player's sheet is tapped twice at one
spot after "Build"; the rail's buttons are measured under every kind of Undo label; a card
recorded wrongly is corrected from a History row by touch. What it saw goes to ``OUT.json``
for ``tests/ui/test_sheets_and_corrections.py``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # noqa: F401 - the environment, before Kivy is imported

#: Community Chest: the card recorded by mistake, and the one drawn.
WRONG, RIGHT = "cc-insurance-premiums-due", "cc-you-inherit-100"
#: Commands played after the wrong card, before the table sees the mistake.
LATER = 3


def main(folder: Path, out: Path) -> None:
    from ui import app as ui_app

    ui_app.configure_input(False)
    ui_app.configure_window(size=(800, 480), device=False)
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from companion.simulator.players import RandomPlayer
    from tests.ui.test_screens_sheets import SITUATION
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=folder / "g.db", post=post, store=SetupStore(folder / "setup.json"), lang="en"
        ),
        animate=False,
    )
    result: dict[str, Any] = {}

    def tap_at(x: float, y: float) -> None:
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()

    def tap(widget: Any) -> tuple[float, float]:
        x, y = widget.to_window(*widget.center)
        tap_at(x, y)
        return x, y

    def rail() -> dict[str, Any]:
        """Where the rail's buttons are (window coordinates), and what Undo says."""
        ids = app.sm.get_screen("table").ids
        return {
            "nav": [
                [round(b.to_window(*b.pos)[1], 1), round(b.height, 1)] for b in ids.nav.children
            ],
            "undo": [round(ids.undo.to_window(*ids.undo.pos)[1], 1), round(ids.undo.height, 1)],
            "undo_text": ids.undo.text,
            "undo_fits": ids.undo.texture_size[1] <= ids.undo.height,
            "w": ids.undo.width,
            "pad": list(ids.undo.padding),
        }

    def slot_at(x: float, y: float) -> Any:
        body = app.sm.get_screen("players").ids.body
        return next(
            w
            for w in body.walk()
            if w.__class__.__name__ == "SheetAction" and w.collide_point(*w.to_widget(x, y))
        )

    def sheet() -> Iterator[float]:
        """The sheet: Build, then a second tap at the same spot."""
        c = app.controller
        c.start_from_situation(json.dumps(SITUATION))
        yield 0.2
        result["rail"] = [rail()]
        c.go("players")
        yield 0.2
        players = app.sm.get_screen("players")
        players.select("Ann")
        yield 0.2
        build = next(
            w
            for w in players.ids.body.walk()
            if w.__class__.__name__ == "SheetAction"
            and w.choice is not None
            and w.choice.command == {"type": "build", "property": "Oriental Avenue"}
        )
        result["build_text"] = build.text
        players.ids.body.parent.scroll_to(build, padding=0, animate=False)
        yield 0.2
        levels = lambda: {n: h.level for n, h in c.state.holdings.items() if h.owner == "Ann"}  # noqa: E731
        result["cash_before"], result["levels_before"] = c.state.cash["Ann"], levels()
        x, y = tap(build.children[0])
        yield 0.3
        result["cash_after_build"], result["levels_after_build"] = c.state.cash["Ann"], levels()
        under = slot_at(x, y)
        result["under_finger"] = [under.text, under.children[0].disabled]
        tap_at(x, y)
        yield 0.3
        result["cash_after_second"], result["levels_after_second"] = c.state.cash["Ann"], levels()
        result["commands"] = [cmd["type"] for cmd in c.game.done]

    def rail_and_roll() -> Iterator[float]:
        """The rail, whatever Undo says; a misread roll corrected from the table."""
        c = app.controller
        c.go("table")
        yield 0.2
        result["rail"].append(rail())
        c.set_language("fr")
        yield 0.2
        result["rail"].append(rail())
        c.set_language("en")
        c.enter_roll(c.view.decision.id, (1, 2, "1"))
        yield 0.2
        result["rail"].append(rail())
        # -- the longest Undo: a purchase's sentences ----------------------------------------
        d = c.view.decision
        c.answer(d.id, next(i for i, ch in enumerate(d.choices) if ch.key == "buy"))
        yield 0.2
        result["rail"].append(rail())
        result["long_undo"] = c.view.undo_text
        cash = c.state.cash["Ann"]
        tap(app.sm.get_screen("table").ids.undo)  # the purchase undone: Correct… next
        yield 0.2
        result["undone_purchase"] = [c.state.cash["Ann"] - cash, c.game.done[-1]["type"]]
        result["rail"].append(rail())
        # -- a misread roll, corrected from the table's "Correct…" (the rail's Undo) ---------
        result["roll_seq"] = c.last_seq()
        tap(app.sm.get_screen("table").ids.undo)
        yield 0.3
        dialog = next(w for w in Window.children if w.__class__.__name__ == "CorrectionDialog")
        result["roll_dialog"] = [dialog.heading.text, dialog.dialog.__class__.__name__]
        enter = next(b for b in dialog.dialog.buttons if b.text == "Enter the dice by touch")
        tap(enter)
        yield 0.2
        entry = dialog.dialog.entry
        for row, face in zip(entry.rows, ("2", "3", "2"), strict=True):
            tap(row.toggles[face])
        yield 0.1
        tap(entry.apply_button)
        yield 0.3
        result["roll_preview"] = None if dialog.preview is None else dialog.preview.now
        tap(dialog.apply_button)
        yield 0.3
        result["roll_after"] = [dict(c.game.done[-1]), c.state.seat("Ann").position.key]
        result["rail"].append(rail())

    def card_from_history() -> Iterator[float]:
        """A card recorded wrongly, corrected from a History row."""
        c = app.controller
        c.start_game([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], {})
        player = RandomPlayer(random.Random(11))
        for _ in range(3000):
            d = c.state.decision
            cards = [o["command"].get("card") for o in d.options]
            if d.kind == "draw" and WRONG in cards and RIGHT in cards:
                break
            option = player.answer(c.state, list(d.options))
            if option in d.options:
                c.answer(d.id, list(d.options).index(option), **player.fill(c.state, option))
            else:
                c.answer_command(d.id, dict(option["command"], player=option.get("player")))
        else:
            result["error_card"] = "no Community Chest draw offering both cards"
            return
        d = c.state.decision
        c.answer(d.id, cards.index(WRONG))
        result["drawer"] = d.player
        seq = c.last_seq()
        result["seq"] = seq
        for _ in range(LATER):
            d = c.state.decision
            option = player.answer(c.state, list(d.options))
            if option in d.options:
                c.answer(d.id, list(d.options).index(option), **player.fill(c.state, option))
            else:
                c.answer_command(d.id, dict(option["command"], player=option.get("player")))
        result["recorded"] = [dict(cmd) for cmd in c.game.done]
        result["start_events"] = c.game.start_events
        result["logged_before"] = len(c.log.commands(c.game.game_id))
        c.go("history")
        yield 0.3
        history = app.sm.get_screen("history")
        rv = history.ids.rv
        lines: list[Any] = []
        for step in range(21):  # the list scrolled until the drawn card's line is in sight
            rv.scroll_y = 1 - step / 20
            yield 0.1
            lines = [
                w
                for w in rv.children[0].children
                if w.seq == seq and "Insurance Premiums Due" in w.plain
            ]
            if lines and rv.collide_point(*rv.to_parent(*lines[0].center)):
                break
        if not lines:
            result["error_card"] = "the drawn card's line never came in sight"
            return
        result["line_shown"] = lines[0].text
        tap(lines[0])
        yield 0.3
        detail = next(w for w in Window.children if w.__class__.__name__ == "RowDetail")
        result["detail_text"] = detail.text
        correct = next(
            w for w in detail.walk() if w.__class__.__name__ == "Button" and w.text == "Correct…"
        )
        tap(correct)
        yield 0.3
        dialog = next(w for w in Window.children if w.__class__.__name__ == "CorrectionDialog")
        result["correction_heading"] = dialog.heading.text
        search = dialog.dialog.search
        number = next(n for n, value, _label in search.matches() if value[0] == cards.index(RIGHT))
        search.query = str(number)  # the card's number typed, as the draw dialog offers
        yield 0.2
        row = next(
            w for w in search.walk() if getattr(w, "value", None) == (cards.index(RIGHT), None)
        )
        result["picked_row"] = row.text
        tap(row)
        yield 0.3
        preview = dialog.preview
        result["preview"] = (
            None
            if preview is None
            else {
                "was": preview.was,
                "now": preview.now,
                "changes": [
                    [p.name, p.cash_before, p.cash_after, p.where_before, p.where_after]
                    for p in preview.changes
                ],
                "replayed": preview.replayed,
                "dropped": preview.dropped,
            }
        )
        result["notice_at_preview"] = c.view.notice
        result["logged_at_preview"] = len(c.log.commands(c.game.game_id))
        if preview is None:
            return
        tap(dialog.apply_button)
        yield 0.5
        result["dialog_open"] = dialog.parent is not None or dialog in Window.children
        result["cash"] = dict(c.state.cash)
        result["positions"] = {s.name: s.position.key for s in c.state.seats}
        result["in_force"] = [dict(cmd) for cmd in c.game.done]
        rows = c.history()
        result["history"] = [
            [r.seq, r.kind, r.corrected, r.corrected_by, r.text] for r in rows if r.seq >= seq
        ]
        result["notice"] = c.view.notice

    parts = [("sheet", sheet()), ("rail", rail_and_roll()), ("card", card_from_history())]

    def tick(_dt: float) -> None:
        # Each part runs to its end; a part that breaks says how in the report, and the
        # next one runs all the same.
        while parts:
            name, steps = parts[0]
            try:
                delay = next(steps)
            except StopIteration:
                parts.pop(0)
                continue
            except Exception as exc:  # noqa: BLE001 - the report says what broke
                import traceback

                result[f"error_{name}"] = "".join(traceback.format_exception(exc))
                parts.pop(0)
                continue
            Clock.schedule_once(tick, delay)
            return
        app.stop()

    Clock.schedule_once(tick, 0.3)
    app.run()
    out.write_text(json.dumps(result, default=str))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
