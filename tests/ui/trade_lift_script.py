"""The trade dialog's mortgage choice (002, *Mortgages*) in the whole app, off-screen, by touch.

``python -m tests.ui.trade_lift_script OUT SHOTS [WxH] [LANG] [EDITION] [BOARD]`` starts
:class:`ui.app.CompanionApp` on the table of ``tests.ui.test_trade_lift.table`` (Bob holds two
mortgaged deeds at the end of his list, Ann one), opens the trade from the players' sheet and,
with real touches: scrolls to Bob's dearest mortgaged deed and puts it into the trade (Ann, its
new owner, keeps it mortgaged), puts Ann's in (Bob lifts it now), adds $300 of Ann's cash, both
agree, and taps "Make the trade" twice. It writes to ``OUT`` (JSON) what the dialog showed (the
choices' words and places, the targets' sizes) and what the table holds after, and saves
screenshots in ``SHOTS``: look at them at 800x480 and 1280x800, in English and French.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # the environment, before Kivy is imported


def main(
    out: Path, shots: Path, size: tuple[int, int], lang: str, edition_id: str, board: str
) -> None:
    db = out.parent / f"trade-{edition_id}-{lang}-{size[0]}x{size[1]}.db"
    app = offscreen.table_app(db, store=out.parent / "setup.json", lang=lang, size=size)
    from kivy.core.window import Window

    from companion.editions import edition
    from tests.ui.test_trade_lift import DEEDS, table

    played = edition(edition_id, board or None)
    result: dict[str, Any] = {}
    photos = offscreen.Shots(shots)
    tag = f"{edition_id}{'-' + board if board else ''}-{size[0]}x{size[1]}-{lang}"

    def shoot(name: str) -> None:
        photos.ask(f"trade-lift-{name}-{tag}")

    def place(widget: Any) -> dict[str, Any]:
        """Where a widget is on the window, whether it is all inside it and inside its list's
        view, and whether its text fits its height."""
        x, y = widget.to_window(widget.x, widget.y)
        scroll = widget.parent.parent.parent if widget.parent else None
        sx, sy = scroll.to_window(scroll.x, scroll.y)
        widget.texture_update()
        return {
            "text": widget.text,
            "height": widget.height,
            "width": widget.width,
            "inside_window": 0 <= x
            and x + widget.width <= Window.width
            and 0 <= y
            and y + widget.height <= Window.height,
            "inside_list": sy - 0.5 <= y and y + widget.height <= sy + scroll.height + 0.5,
            "fits": widget.texture_size[1] <= widget.height,
        }

    def steps() -> Iterator[None]:
        c = app.controller
        assert c.start_from_situation(json.dumps(table(played))), c.view.notice
        yield
        c.go("players")
        yield
        dialog = app.sm.get_screen("players").open_trade()
        yield
        left, right = dialog.ids.left, dialog.ids.right
        assert (left.player, right.player) == ("Ann", "Bob"), (left.player, right.player)
        result["bob_items"] = [t.text for t in right.items()]
        shoot("1-open")
        yield
        dear = played.board.by_key(DEEDS[edition_id][0]).name
        cheap = played.board.by_key(DEEDS[edition_id][2]).name
        deed = next(t for t in right.items() if t.value == dear)
        if right.ids.item_box.height > right.ids.scroll.height:  # the player scrolls to it
            right.ids.scroll.scroll_to(deed, padding=0, animate=False)
        yield
        result["deed_place"] = place(deed)
        offscreen.tap(deed)
        yield
        choice = deed.choice
        assert choice is not None, "no choice under the mortgaged deed"
        result["choice_after_tap"] = [b.text for b in reversed(choice.children)]
        shoot("2-choice")
        yield
        result["choice_places"] = [place(b) for b in reversed(choice.children)]
        mine = next(t for t in left.items() if t.value == cheap)
        offscreen.tap(mine)
        yield
        lift = list(reversed(mine.choice.children))[0]
        offscreen.tap(lift)
        yield
        for _ in range(3):
            offscreen.tap(next(w for w in left.walk() if getattr(w, "text", None) == "+100"))
        yield
        result["ann_choice"] = [b.text for b in reversed(mine.choice.children)]
        result["ann_choice_places"] = [place(b) for b in reversed(mine.choice.children)]
        result["summary"] = dialog.summary
        result["bob_choice"] = [b.text for b in reversed(choice.children)]
        agree = [w for w in dialog.walk() if w.__class__.__name__ == "TradeAgree"]
        for button in agree:
            offscreen.tap(button)
        yield
        result["ready"] = dialog.ready
        result["command"] = dialog.command()
        shoot("3-agreed")
        yield
        confirm = next(
            w for w in dialog.walk() if getattr(w, "on_release", None) and w.text == dialog_make()
        )
        result["confirm_height"] = confirm.height
        before = len(c.game.done)
        cash = dict(c.state.cash)
        offscreen.tap(confirm)
        offscreen.tap(confirm)
        yield
        result["commands"] = [dict(x) for x in c.game.done[before:]]
        result["paid"] = {k: cash[k] - c.state.cash[k] for k in cash}
        result["holdings"] = {n: [h.owner, h.mortgaged] for n, h in c.state.holdings.items()}
        result["deeds"] = {"dear": dear, "cheap": cheap}
        app.stop()

    def dialog_make() -> str:
        from ui.i18n import _

        return _("Make the trade")

    def failed(exc: Exception) -> None:
        result["error"] = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"

    offscreen.play(app, steps(), photos, pause=0.2, failed=failed)
    out.write_text(json.dumps(result, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    args = sys.argv[1:] + [""] * 6
    shots_dir = Path(args[1])
    shots_dir.mkdir(parents=True, exist_ok=True)
    w, h = (int(n) for n in (args[2] or "800x480").split("x"))
    main(Path(args[0]), shots_dir, (w, h), args[3] or "en", args[4] or "classic", args[5])
