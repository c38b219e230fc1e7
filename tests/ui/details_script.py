"""A scripted run of the whole app for the table's smaller details, in its own process (a Kivy
window is one per process).

``python -m tests.ui.details_script DB OUT.json [SHOTS WxH LANG]`` starts
:class:`ui.app.CompanionApp` off-screen on a table set from a situation, then, with real touches
(``UnitTestTouch``): taps spaces on the table's map and the Board screen's (in LANG, English by
default, then the other language), shows a notice too long for its box and taps it, taps Cancel on a dice proposal, and
plays the turn-order roll of a new game from the dice module's readings. It writes what it saw
to ``OUT.json`` for ``tests/ui/test_app_details.py``, and with SHOTS saves screenshots there.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # the environment, before Kivy is imported

#: Ann on Baltic Avenue, Bob owns Reading Railroad two spaces ahead; Ann holds a Free Cab Fare.
TABLE = {
    "players": [
        {
            "name": "Ann",
            "position": "middle:3",
            "cash": 1000,
            "vouchers": ["voucher-free-cab-fare-ahead-2"],
        },
        {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
    ],
    "to_move": "Ann",
    "properties": {"Reading Railroad": {"owner": "Bob"}},
}
LONG_PLACE = " ".join(["somewhere"] * 40)


def main(db: Path, out: Path, shots: Path | None, size: tuple[int, int], lang: str) -> None:
    app = offscreen.table_app(
        db, store=db.parent / "setup.json", lang=lang, size=size, auto_confirm=30
    )
    from hardware.readings import DiceReading
    from ui.i18n import _

    result: dict[str, Any] = {}
    photos = offscreen.Shots(shots)

    def shoot(name: str) -> None:
        lang = app.controller.lang
        photos.ask(f"{name}-{size[0]}x{size[1]}-{lang}")

    def tag_of(board_map: Any) -> dict[str, Any]:
        tag = board_map.tag
        tag.texture_update()
        return {
            "text": tag.text,
            "shown": tag.opacity == 1,
            "font_px": tag.font_size,
            "inside": [
                tag.x >= board_map.x - 0.5,
                tag.right <= board_map.right + 0.5,
                tag.y >= board_map.y - 0.5,
                tag.top <= board_map.top + 0.5,
            ],
            "fits": tag.texture_size[1] <= tag.height and tag.texture_size[0] <= tag.width,
        }

    def reading(throw: int, dice: tuple[int, int], speed: str) -> DiceReading:
        return DiceReading(module="m", boot="b", throw=throw, read=1, dice=dice, speed=speed)

    def steps() -> Iterator[None]:
        c = app.controller
        assert c.start_from_situation(json.dumps(TABLE)), c.view.notice
        yield
        table = app.sm.get_screen("table")
        board_map = table.map
        # -- 3. Where each Free Cab Fare lands, in the Travel Vouchers' list ---------------
        dialog = table.ids.host.dialog
        button = next(b for b in dialog.buttons if b.text == _("Play a Travel Voucher\u2026"))
        offscreen.tap(button, *button.center)
        yield
        picker = dialog.voucher_picker
        result["cab_rows"] = [row["text"] for row in picker.search.ids.scroll.data]
        result["cab_cols"] = picker.search.cols
        shoot("cab-fares")
        yield
        offscreen.tap(picker.back_button, *picker.back_button.center)
        yield
        # -- 1. The table's map names a tapped space ----------------------------------------
        offscreen.tap(board_map, *board_map.space_pos("middle:5"))
        yield
        result["table_tag"] = tag_of(board_map)
        shoot("map-tag-table")
        yield
        offscreen.tap(board_map, board_map.tag.center_x, board_map.tag.center_y)
        yield
        result["tag_after_tap_on_it"] = tag_of(board_map)
        c.set_language(other)
        yield
        offscreen.tap(board_map, *board_map.space_pos("middle:39"))
        yield
        result["table_tag_other"] = tag_of(board_map)
        shoot("map-tag-table")
        yield
        # -- ... and the Board screen's --------------------------------------------------
        c.go("board")
        yield
        board = app.sm.get_screen("board")
        offscreen.tap(board.map, *board.map.space_pos("middle:5"))
        yield
        result["board_tag_other"] = tag_of(board.map)
        result["deed_card_open"] = board.card.parent is not None
        yield
        board.card.dismiss()
        yield
        yield
        shoot("map-tag-board")
        yield
        c.set_language(lang)
        c.go("table")
        yield
        # -- 6. A notice too long for its box: shortened at a word, whole on a tap ---------
        c.go(LONG_PLACE)
        yield
        line = table.ids.flash
        line.texture_update()
        result["notice"] = {
            "whole": c.view.notice,
            "shown": line.text,
            "cut": line.cut,
            "fits": line.texture_size[1] <= line.height,
        }
        shoot("notice-cut")
        yield
        offscreen.tap(line, *line.center)
        yield
        result["notice"]["card_open"] = line.card.parent is not None
        result["notice"]["card_text"] = line.card.text
        shoot("notice-whole")
        yield
        line.card.dismiss()
        yield
        # -- 5. Cancel on a proposal that confirms itself ----------------------------------
        decision, done = c.decision_id, len(c.game.done)
        c.on_reading(reading(1, (3, 4), "mr"))
        yield
        dialog = table.ids.host.dialog
        row = dialog.cancel_button.parent
        result["proposal_notice"] = c.view.notice
        result["proposal_buttons"] = [b.text for b in reversed(row.children)]
        result["proposal_buttons_fit"] = [
            b.texture_size[0] <= b.width and b.y >= row.y - 0.5 and b.top <= row.top + 0.5
            for b in row.children
        ]
        heading = dialog.children[dialog.children.index(row) + 1]
        result["proposal_heading_clear"] = [
            heading.y >= row.top - 0.5,
            heading.texture_size[1] <= heading.height + 0.5,
        ]
        shoot("proposal-cancel")
        yield
        offscreen.tap(dialog.cancel_button, *dialog.cancel_button.center)
        yield
        result["after_cancel"] = {
            "proposal": c.view.proposal is not None,
            "decision_same": c.decision_id == decision,
            "commands_same": len(c.game.done) == done,
            "notice": c.view.notice,
        }
        # -- 2. The turn order: two dice shown, the order said once found ------------------
        choices = c.setup_choices()
        players = [
            {"name": n, "voucher": choices.vouchers[0][0], "roll_three": choices.roll_three[i]}
            for i, n in enumerate(("Ann", "Bob", "Cy"))
        ]
        assert c.start_game(players, {}), c.view.notice
        yield
        c.go("table")
        yield
        c.on_reading(reading(11, (1, 2), "mr"))
        yield
        dialog = table.ids.host.dialog
        result["order_dice_shown"] = list(dialog.dice_view.faces)
        result["order_faces"] = len(dialog.dice_view.children)
        result["order_heading"] = c.view.proposal.label
        shoot("order-proposal")
        yield
        assert c.confirm_roll(c.decision_id), c.view.notice
        for throw, dice in ((12, (6, 5)), (13, (2, 2))):
            c.on_reading(reading(throw, dice, "bus"))
            yield
            assert c.confirm_roll(c.decision_id), c.view.notice
        yield
        strip = table.ids.strip
        result["strip"] = [
            [
                w.chip.name,
                w.canvas in strip.canvas.children  # drawn
                and w.x >= strip.x - 0.5
                and w.right <= strip.right + 0.5
                and w.width > 50,
            ]
            for w in reversed(strip.children)
        ]
        result["order_notice"] = table.ids.flash.text
        result["order_status"] = c.view.status
        shoot("order-found")
        yield
        # -- 4. The house rules on the setup screen: a family's sentences, readable ---------
        c.go("setup")
        yield
        setup = app.sm.get_screen("setup")
        setup.pane = "rules"
        yield
        rows = sorted(setup.ids.rules.children, key=lambda r: r.key)
        result["rules"] = [
            [row.key, label.text, label.font_size, label.texture_size[1] <= label.height + 0.5]
            for row in rows
            for label in [row.ids.explanation]
        ]
        shoot("house-rules")
        yield
        app.stop()

    other = "fr" if lang == "en" else "en"

    def failed(exc: Exception) -> None:
        result["error"] = f"{type(exc).__name__}: {exc}"

    offscreen.play(app, steps(), photos, pause=0.1, failed=failed)
    out.write_text(json.dumps(result))


if __name__ == "__main__":
    shots_dir = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    if shots_dir is not None:
        shots_dir.mkdir(parents=True, exist_ok=True)
    w, h = (int(n) for n in (sys.argv[4] if len(sys.argv) > 4 else "800x480").split("x"))
    main(
        Path(sys.argv[1]),
        Path(sys.argv[2]),
        shots_dir,
        (w, h),
        sys.argv[5] if len(sys.argv) > 5 else "en",
    )
