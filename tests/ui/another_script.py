"""Screenshots of the card picker's "Another card…" menu (E3) in the whole app, off-screen.

``python -m tests.ui.another_script DB SHOTS [WxH] [LANG]`` starts :class:`ui.app.CompanionApp`
on a table set from a situation, rolls Ann onto Chance, and saves what the table shows: the
card picker with its "Another card…" button, the menu's effects, an amount on the number pad
with a title, and a space picked from the board's list; then draws that card and saves the
table after it. Look at them at 800x480 and 1280x800, in English and French.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.ui import offscreen  # the environment, before Kivy is imported

#: Ann four spaces before Chance (middle:22), Bob at GO.
TABLE = {
    "players": [
        {"name": "Ann", "position": "middle:18", "cash": 1000, "vouchers": []},
        {"name": "Bob", "position": "middle:0", "cash": 1000, "vouchers": []},
    ],
    "to_move": "Ann",
}


def main(db: Path, shots: Path, size: tuple[int, int], lang: str) -> None:
    app = offscreen.table_app(db, store=db.parent / "setup.json", lang=lang, size=size)
    photos = offscreen.Shots(shots)

    def shoot(name: str) -> None:
        photos.ask(f"another-{name}-{size[0]}x{size[1]}-{lang}")

    def steps() -> Iterator[None]:
        c = app.controller
        assert c.start_from_situation(json.dumps(TABLE)), c.view.notice
        yield
        d = c.state.decision
        roll = next(i for i, o in enumerate(d.options) if o["command"]["type"] == "roll")
        assert c.answer(d.id, roll, dice=[1, 2, 1]), c.view.notice
        yield
        dialog = app.sm.get_screen("table").ids.host.dialog
        shoot("1-picker")
        yield
        dialog.another_button.dispatch("on_release")
        yield
        shoot("2-effects")
        yield
        menu = dialog.another
        menu.choose("collect")
        for key in "50":
            menu.pad.tap(key)
        menu.title_input.text = "Bank pays you dividend"
        yield
        shoot("3-amount")
        yield
        menu.choose("advance")
        menu.spaces.query = "boardw"
        yield
        menu.spaces.dispatch("on_pick", menu.spaces.matches()[0][1])
        yield
        shoot("4-space")
        yield
        menu.draw()
        yield
        shoot("5-drawn")
        yield
        app.stop()

    def failed(exc: Exception) -> None:
        print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)

    offscreen.play(app, steps(), photos, pause=0.2, failed=failed)


if __name__ == "__main__":
    shots_dir = Path(sys.argv[2])
    shots_dir.mkdir(parents=True, exist_ok=True)
    w, h = (int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "800x480").split("x"))
    main(Path(sys.argv[1]), shots_dir, (w, h), sys.argv[4] if len(sys.argv) > 4 else "en")
