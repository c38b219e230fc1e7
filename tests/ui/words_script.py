"""The app's words after a live language switch, and the sentences of money, in the real app.

``python -m tests.ui.words_script DB OUT.json`` starts :class:`ui.app.CompanionApp` off-screen at
800x480 and, on every main place (setup; the table with a decision, a refusal and the Travel
Vouchers' list open; the board with a deed card open; the players with the trade dialog open;
the history; the referee with its answer; the settings), switches English -> French -> English
and records every visible text of a Label or a Button (the window's whole widget tree, the
dialogs over it included) after each switch. ``tests/ui/test_words.py`` checks them against
the catalogs. It then plays a game set up from a situation through the controller's verbs and
records what the table screen shows after money moved without a decision (a Squeeze Play, a
passing bonus, a bonus move's rent) and after an Undo.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.ui import offscreen  # the environment, before Kivy is imported

#: The table of the switch: three seats, each dealt a Travel Voucher and a Roll Three card.
SEATS = [
    {"name": "Ann", "voucher": "voucher-bus-ticket", "roll_three": "1-3-6"},
    {"name": "Bob", "voucher": "voucher-bus-ticket", "roll_three": "2-4-5"},
    {"name": "Cy", "voucher": "voucher-bus-ticket", "roll_three": "1-2-3"},
]


def visible_texts(widgets: Any) -> list[str]:
    """The text of every Label and Button in sight under ``widgets`` (opacity > 0, some size)."""
    from kivy.uix.label import Label

    texts: list[str] = []

    def walk(widget: Any) -> None:
        if widget.opacity <= 0 or widget.width <= 1 or widget.height <= 1:
            return
        if isinstance(widget, Label) and widget.text.strip() and widget.color[3] > 0:
            texts.append(widget.text)
        for child in widget.children:
            walk(child)

    for widget in widgets:
        walk(widget)
    return texts


def main(db: Path, out: Path, situation: Path) -> None:
    from ui import app as ui_app

    ui_app.configure_input(False)
    width, height = os.environ.get("WORDS_SIZE", "800x480").split("x")  # for a look at 1280x800
    ui_app.configure_window(size=(int(width), int(height)), device=False)
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.metrics import sp

    from ui.controller import TableController
    from ui.setup_store import SetupStore
    from ui.widgets.basic import FLASH_SECONDS

    app = ui_app.CompanionApp(
        lambda post: TableController(
            db_path=db, post=post, store=SetupStore(db.parent / "setup.json"), lang="en"
        ),
        animate=False,
        keys=False,
    )
    result: dict[str, Any] = {"switch": {}, "money": {}}

    def texts() -> list[str]:
        return visible_texts(list(Window.children))

    def switch(place: str) -> Iterator[None]:
        """On ``place`` as it stands: French, then English, the texts after each."""
        c = app.controller
        yield
        seen: dict[str, list[str]] = {"en": texts()}
        for lang in ("fr", "en"):
            c.set_language(lang)
            yield
            yield
            seen[f"to-{lang}"] = texts()
            if lang == "fr":
                yield from _shot(f"switch-{place}-fr")
        result["switch"][place] = seen
        yield from _shot(f"switch-{place}-en")

    def play() -> Iterator[None]:
        c = app.controller
        yield from switch("setup")
        assert c.start_game(SEATS, {}), c.view.notice
        yield
        d = c.state.decision
        assert d.kind in ("roll", "order_roll"), d.kind
        # A refusal of the controller's own and one of the engine's, on the notice line.
        c.press(3)
        yield from switch("table-notice")
        c.anytime(d.id, {"type": "build", "player": "Ann", "property": "Boardwalk"})
        yield from switch("table-refusal")
        # The turn order rolled (Ann highest), then Ann's roll: her Travel Voucher's list open.
        for faces in ([6, 5], [1, 2], [2, 3]):
            assert c.enter_roll(c.state.decision.id, faces), c.view.notice
            yield
        assert _voucher_decision(c), c.view.decision
        host = app.sm.get_screen("table").ids.host
        host.dialog.open_vouchers()
        yield from switch("table-dialog")
        assert host.dialog.voucher_picker.parent is host.dialog, "the list closed at a switch"
        for place in ("board", "players", "history", "referee", "settings"):
            c.go(place)
            yield
            yield
            screen = app.sm.get_screen(place)
            yield from _open_dialog(app, place, screen)
            yield from switch(place)
            _close_dialogs(Window)
            yield
        c.go("table")
        yield
        yield from money_sentences(app, situation)

    def money_sentences(app: Any, situation: Path) -> Iterator[None]:
        """A game from a situation: each case's commands, then the table screen's words."""
        c = app.controller
        table = app.sm.get_screen("table")
        app.vm.animate = True  # the flash is lit for a moment, as at the table
        for case in json.loads(situation.read_text()):
            c.set_language(case.get("lang", "en"))
            assert c.start_from_situation(case["situation"]), c.view.notice
            yield
            for command in case["commands"]:
                d = c.state.decision
                if command["type"] == "undo":
                    c.undo()
                else:
                    c.answer_command(d.id, command)
                yield
            chips = [w for w in table.ids.strip.children if w.flash_before]
            flash_fonts = [
                label.font_size / sp(1)
                for w in chips
                for label in w.children
                if "\u2192" in getattr(label, "text", "")
            ]
            for _ in range(int((FLASH_SECONDS + 0.5) / 0.05)):
                yield  # past the flash's lit time: what stays
            yield from _shot(f"money-{case['name']}")
            result["money"][case["name"]] = {
                "banner": table.ids.flash.text,
                "texts": visible_texts([table]),
                "flashed": [w.chip.name for w in chips],
                "flash_fonts": flash_fonts,
                "chips": [w.chip.name for w in reversed(table.ids.strip.children)],
            }

    script = play()

    def step(_dt: float) -> None:
        try:
            next(script)
        except StopIteration:
            app.stop()
        except Exception:  # noqa: BLE001 - reported to the test
            result["error"] = traceback.format_exc()
            app.stop()

    Clock.schedule_once(lambda _dt: Clock.schedule_interval(step, 0.05), 0.3)
    app.run()
    out.write_text(json.dumps(result, ensure_ascii=False))


def _shot(name: str) -> Iterator[None]:
    """A screenshot ``name``.png in ``$WORDS_SHOTS`` when set (to look at, not checked)."""
    folder = os.environ.get("WORDS_SHOTS")
    if not folder:
        return
    from kivy.core.window import Window

    taken: list[bool] = []

    def flip(window: Any) -> None:
        if not taken:
            offscreen.save_screenshot(window, Path(folder) / f"{name}.png")
            taken.append(True)

    Window.bind(on_flip=flip)
    while not taken:
        Window.canvas.ask_update()
        yield
    Window.unbind(on_flip=flip)


def _voucher_decision(c: Any) -> bool:
    d = c.view.decision
    return d is not None and any(ch.is_voucher for ch in d.choices)


def _open_dialog(app: Any, place: str, screen: Any) -> Iterator[None]:
    """The dialog each place opens: a deed card, the trade, the referee's answer."""
    if place == "board":
        screen.open_space("middle:39")
    elif place == "players":
        screen.open_trade()
    elif place == "referee":
        screen.choose_space("middle:0")
        screen.set_die("d1", 3)
        screen.set_die("d2", 4)
        screen.set_die("speed", "mr")
        screen.ask()
    yield
    yield


def _close_dialogs(window: Any) -> None:
    from kivy.uix.modalview import ModalView

    for widget in list(window.children):
        if isinstance(widget, ModalView):
            widget.dismiss(animation=False)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
