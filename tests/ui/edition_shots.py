"""Screenshots of a whole game of another edition in the real app, off-screen.

``python -m tests.ui.edition_shots EDITION BOARD LANG WxH SEED OUT_DIR`` (``-`` for the
edition's own board) starts :class:`ui.app.CompanionApp` at that size and language, starts a
four-player game of that edition as the set-up does (``TableController.start_game``), plays
it with the simulator's random player through the controller's verbs, and saves the table
mid-game (``mid.png``, then the board, ``board.png``, and a player's sheet, ``players.png``),
the history (``history.png``), the next roll's dice dialog (``roll.png``),
and at the winner's screen (``winner.png``); ``result.json`` lists, by screenshot, every text
drawn on the window. With the time limit house rule on, the game is
ended by the richest after 400 answers when it has not ended before (E6).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tests.ui import offscreen


def main(edition_id: str, board: str, lang: str, size: str, seed: int, out: Path) -> None:
    width, height = (int(v) for v in size.split("x"))
    out.mkdir(parents=True, exist_ok=True)
    db = out / "games.db"
    db.unlink(missing_ok=True)
    app = offscreen.table_app(db, store=out / "setup.json", lang=lang, size=(width, height))
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.editions import edition
    from companion.simulator.players import RandomPlayer
    from tests.ui.test_controller import step

    played = edition(edition_id, None if board == "-" else board)
    player = RandomPlayer(random.Random(seed))
    result: dict[str, Any] = {"shots": []}
    plan = [
        ("mid", 120, "table"),
        ("board", 0, "board"),
        ("players", 0, "players"),
        ("history", 0, "history"),
        ("roll", 1, "table"),
    ]

    def texts(widget: Any) -> list[str]:
        """Every text drawn on the window (labels, buttons), for the test to read."""
        found = [widget.text] if isinstance(getattr(widget, "text", None), str) else []
        for child in widget.children:
            found += texts(child)
        return found

    def shoot(name: str, then: Any) -> None:
        def flipped(*_args: Any) -> None:
            Window.unbind(on_flip=flipped)
            offscreen.save_screenshot(Window, out / f"{name}.png")
            result["shots"].append(name)
            result[name] = sorted({t for t in texts(Window) if t.strip()})
            Clock.schedule_once(then, 0)

        def arm(_dt: float) -> None:
            Window.bind(on_flip=flipped)
            Window.canvas.ask_update()

        Clock.schedule_once(arm, 0.6)

    def start(_dt: float) -> None:
        c = app.controller
        names = [{"name": n} for n in ("Ann", "Bob", "Chloé", "Dev")]
        if not c.start_game(names, {"time_limit": True}, edition=played):
            result["error"] = c.view.notice
            app.stop()
            return
        Clock.schedule_once(lambda _dt: next_shot(), 0)

    def next_shot() -> None:
        c = app.controller
        if not plan:
            finish(0)
            return
        name, answers, place = plan.pop(0)
        for _ in range(answers):
            if c.view.over:
                break
            assert step(c, player), c.view.notice
        while name == "roll" and not c.view.over and c.view.decision.kind != "roll":
            assert step(c, player), c.view.notice  # on to a turn's roll: the dice dialog
        c.go(place)
        shoot(name, lambda _dt: next_shot())

    def finish(_dt: float) -> None:
        c = app.controller
        c.go("table")
        n = 0
        while not c.view.over and n < 400:
            assert step(c, player), c.view.notice
            n += 1
        if not c.view.over:  # the time limit: the table calls time
            d = c.view.decision
            while d is not None and d.kind not in ("roll", "end_turn"):
                assert step(c, player), c.view.notice
                d = c.view.decision
            sheet = c.player_sheet(d.player)
            end = next(ch for ch in sheet.actions if ch.command.get("type") == "end_game")
            c.anytime(d.id, {**end.command, "player": d.player})
        result["won"] = c.view.winner
        shoot("winner", lambda _dt: app.stop())

    Clock.schedule_once(start, 0.3)
    app.run()
    (out / "result.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), Path(sys.argv[6]))
