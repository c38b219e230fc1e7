"""The board and referee screens off-screen on a real controller: a tap on the map opens the
space's deed; the referee answers from a tapped space and dice chosen by touch, draws the path,
and leaves the game as it was.

One subprocess (a Kivy Window is one per process) prints a JSON report; the tests read it.
"""

from __future__ import annotations

import json
import textwrap

import pytest

pytest.importorskip("kivy")

from tests.ui.report import run_report  # noqa: E402

SITUATION = {
    "version": 1,
    "players": [
        {"name": "Ann", "token": "car", "colour": "red", "position": "States Avenue",
         "cash": 1850, "vouchers": [], "roll_three": ["1-3-6"]},
        {"name": "Bob", "token": "hat", "colour": "blue", "position": "middle:10",
         "cash": 2400, "vouchers": [], "roll_three": ["2-4-5"]},
    ],
    "to_move": "Ann",
    "properties": {"Vermont Avenue": {"owner": "Bob"}},
}  # fmt: skip

_SCRIPT = textwrap.dedent(
    """
    import json, sys, tempfile
    from pathlib import Path
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    import ui.screens.board as board_module
    board_module.animation_scale = lambda: 0.0
    import ui.screens.referee as referee_module
    referee_module.animation_scale = lambda: 0.0
    from ui.controller import TableController
    from ui.setup_store import SetupStore
    from ui.screens.board import BoardScreen
    from ui.screens.referee import RefereeScreen, space_rows

    tmp = Path(sys.argv[1])
    out = {}

    def frames(n=4):
        for _ in range(n):
            EventLoop.idle()

    def show(widget):
        for ch in list(Window.children):
            Window.remove_widget(ch)
        Window.add_widget(widget)
        frames(6)

    def tap_at(widget, x, y):
        t = UnitTestTouch(*widget.to_window(x, y))
        t.touch_down(); t.touch_up()
        frames(4)

    def tap(button):
        tap_at(button, button.center_x, button.center_y)

    Window.size = (800, 480)
    c = TableController(db_path=tmp / "g.db", store=SetupStore(tmp / "s.json"), lang="en")
    assert c.start_from_situation(sys.argv[2]), c.view.notice
    c.enter_roll(c.decision_id, (3, 4, 2))
    out["move"] = list(c.view.move.path)

    b = BoardScreen(controller=c)
    show(b)
    b.on_pre_enter()
    frames(4)
    out["legend"] = [(r.name_text, r.where) for r in reversed(b.ids.legend.children)]
    out["board_path"] = list(b.map.path)
    out["tokens"] = {n: t.space for n, t in b.map.tokens.items()}
    tap_at(b.map, *b.map.space_pos("middle:8"))
    frames(4)
    out["deed_open"] = b.card.parent is not None
    out["deed"] = [b.card.title, b.card.text]
    b.card.dismiss()
    frames(4)

    before = (c.state, c.decision_id, len(c.log.commands(c.game.game_id)))
    r = RefereeScreen(controller=c)
    show(r)
    r.on_pre_enter()
    frames(4)
    out["default_space"] = r.space
    tap_at(r.map, *r.map.space_pos("middle:13"))
    out["space"] = [r.space, r.space_name]
    for row, face in (("d1", 5), ("d2", 5), ("speed", "mr")):
        button = next(x for x in r.ids[row].children if x.face == face)
        tap(button)
    frames(4)
    expected = c.ask_referee("middle:13", (5, 5, "mr"))
    out["sentence"] = [r.sentence, expected.sentence]
    out["lines"] = r.lines
    out["ref_path"] = [list(r.map.path), ["middle:13", *expected.path]]
    out["progress"] = r.map.progress
    r.pick_card()
    frames(4)
    picks = r.popup.rows
    out["card_rows"] = [len(picks), picks[0][1], len(c.referee_cards()) + len(c.referee_vouchers())]
    cab = next(value for value, _label in picks if value and value[1] == "voucher-free-cab-fare-ahead-2")
    r.popup.pick(cab)
    frames(4)
    expected = c.ask_referee("middle:13", (5, 5, "mr"), None, "voucher-free-cab-fare-ahead-2")
    out["voucher_answer"] = [r.sentence, expected.sentence, r.error]
    r.choose_card(None)
    out["unchanged"] = before == (c.state, c.decision_id, len(c.log.commands(c.game.game_id)))
    out["buttons_high"] = min(x.height for row in ("d1", "d2", "speed") for x in r.ids[row].children)
    rows = space_rows(r.map.view.spaces)
    out["rows"] = [len(rows), rows[0], [lab for _k, lab in rows if lab.startswith("Chance")][:2]]
    r.clear()
    out["cleared"] = [r.sentence, list(r.map.path)]
    print("REPORT " + json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("board-screens")
    return run_report(_SCRIPT, str(tmp), json.dumps(SITUATION), kivy_home=tmp)


def test_the_board_screen_shows_the_players_and_the_last_move(report):
    assert [name for name, _where in report["legend"]] == ["Ann", "Bob"]
    assert report["legend"][1][1] == "In Jail / Just Visiting"
    assert report["board_path"] == report["move"]
    assert report["tokens"] == {"Ann": report["move"][-1], "Bob": "middle:10"}


def test_a_tap_on_the_board_opens_the_deed_with_owner_and_rent(report):
    assert report["deed_open"]
    title, text = report["deed"]
    assert title == "Vermont Avenue"
    assert "Owner: Bob" in text and "$" in text and "Mortgage" in text


def test_the_referee_answers_from_a_tapped_space_and_touched_dice(report):
    # the referee starts from the token of the player whose turn it is: Ann, after her move
    assert report["default_space"] == report["move"][-1]
    assert report["space"] == ["middle:13", "States Avenue"]
    ours, controllers = report["sentence"]
    assert ours == controllers and "States Avenue" in ours
    assert "Pennsylvania Railroad" in report["lines"]
    shown, expected = report["ref_path"]
    assert shown == expected and "inner:9" in shown
    assert report["progress"] == len(shown) - 1


def test_the_referee_offers_the_controllers_cards_and_vouchers(report):
    count, first, listed = report["card_rows"]
    assert count == listed + 1 and first == "No card: the roll alone"
    ours, controllers, error = report["voucher_answer"]
    assert ours == controllers and ours and error == ""


def test_asking_the_referee_changes_nothing(report):
    assert report["unchanged"]


def test_the_referee_screen_targets_are_big_and_the_list_tells_spaces_apart(report):
    assert report["buttons_high"] >= 48
    count, first, chances = report["rows"]
    assert count == 120 and first == ["middle:0", "GO"]
    assert chances[0] != chances[1] and all(", after " in c for c in chances)
    assert report["cleared"] == ["", []]
