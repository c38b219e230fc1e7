"""Every decision the engine poses has a dialog, and each dialog opens on a real state.

The kinds come from the engine's own decisions: every decision posed in the golden games
(``tests/data/golden_games.json.gz``, seeded games of every house rule). The states are found
by replaying those games with today's engine. Dialogs are built off-screen (the SDL offscreen
driver of ``tests/conftest.py``) against a recording controller.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.editions import edition
from tests.golden_games import execute, load

pytest.importorskip("kivy")


def _posed_kinds() -> set[str]:
    kinds = set()
    for game in load():
        for step in game["steps"]:
            for event in step["events"]:
                if event["type"] in ("decision", "game_started"):
                    kinds.add(event["decision"]["kind"])
    return kinds


def test_every_kind_the_engine_poses_has_a_dialog() -> None:
    from ui.dialogs import DECISION_KINDS, REGISTRY

    posed = _posed_kinds()
    assert len(posed) >= 19  # the golden games pose every kind: a shorter list is a bad read
    assert posed <= set(DECISION_KINDS), posed - set(DECISION_KINDS)
    missing = [kind for kind in DECISION_KINDS if kind not in REGISTRY]
    assert missing == []


class Recorder:
    """A controller that records the verbs the dialogs call."""

    throw_hook = None
    #: What the real controller tells the dialogs of the table's edition (Ultimate's).
    speed_faces = edition("ultimate").dice.speed_faces
    start_space = edition("ultimate").board.start.key

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    @staticmethod
    def clock() -> float:
        """The time a touch is stamped with when it goes down."""
        return 7.0

    def __getattr__(self, name: str) -> Any:
        def verb(*args: Any, **kwargs: Any) -> bool:
            self.calls.append((name, args, kwargs))
            return True

        return verb


@pytest.fixture(scope="module")
def states() -> dict[str, Any]:
    """A real state for each decision kind, from the golden games."""
    from companion.game import Game
    from tests.banker import do
    from tests.test_building_supply import last_three_houses
    from tests.test_mega_edition import last_lot_asked
    from ui.dialogs import DECISION_KINDS

    # Kinds posed after the golden games were recorded: a scenario of their tests each.
    found: dict[str, Any] = {
        "building_shortage": do(last_three_houses(), "build", "Ann", property="St. James Place"),
        "last_lot": last_lot_asked(),
    }
    wanted = set(DECISION_KINDS)
    for recorded in load():
        game = Game.new(recorded["players"], rules=recorded["rules"])
        for step in recorded["steps"]:
            kind = game.state.decision.kind
            if kind in wanted and kind not in found:
                found[kind] = game.state
            if len(found) == len(wanted):
                return found
            execute(game, step)
        if game.state.decision.kind in wanted:
            found.setdefault(game.state.decision.kind, game.state)
    return found


def test_every_kind_opens_its_dialog_on_a_real_state(states: dict[str, Any]) -> None:
    from kivy.clock import Clock
    from kivy.uix.button import Button

    from ui import viewmodels as vm
    from ui.dialogs import DECISION_KINDS, DecisionHost, dialog_for

    assert sorted(states) == sorted(DECISION_KINDS)
    for kind, state in sorted(states.items()):
        view = vm.table_view(state, "en")
        host = DecisionHost()
        host.controller = Recorder()
        host.show(view)
        if kind == "game_over":
            assert view.decision is None and view.over
            assert host.dialog is None and host.children, kind
            continue
        assert isinstance(host.dialog, dialog_for(kind)), kind
        Clock.tick()  # a list of many rows (a RecycleView) makes its buttons at the next frame
        buttons = [w for w in host.dialog.walk(restrict=True) if isinstance(w, Button)]
        assert buttons, f"{kind}: the dialog shows no button"
        assert any(b.text for b in buttons), kind


def test_a_choice_button_answers_its_decision_by_id_and_position(states: dict[str, Any]) -> None:
    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    state = states["buy_or_auction"]
    view = vm.table_view(state, "en")
    host = DecisionHost()
    recorder = Recorder()
    host.controller = recorder
    host.show(view)
    buttons = {b.choice_index: b for b in host.dialog.buttons}
    assert [b.number for b in host.dialog.buttons][:2] == [1, 2]
    buttons[1].dispatch("on_release")
    assert recorder.calls == [("answer", (view.decision.id, 1), {"at": None})]
    assert view.decision.choices[1].key == "auction"


def test_the_same_decision_keeps_its_dialog_and_a_new_one_replaces_it(
    states: dict[str, Any],
) -> None:
    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    host = DecisionHost()
    host.controller = Recorder()
    roll = vm.table_view(states["roll"], "en")
    host.show(roll)
    first = host.dialog
    host.show(vm.table_view(states["roll"], "en"))
    assert host.dialog is first
    host.show(vm.table_view(states["end_turn"], "en"))
    assert host.dialog is not first and host.dialog.decision.kind == "end_turn"


def test_a_new_reading_turns_the_dice_shown_instead_of_building_them_again(
    states: dict[str, Any],
) -> None:
    """A re-read or a new throw on the same roll refills the reading's panel: the same dice,
    heading and buttons show the new faces and words, and Confirm confirms the decision."""
    from dataclasses import replace

    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    state = states["roll"]
    host = DecisionHost()
    recorder = Recorder()
    host.controller = recorder

    def read(key: str, faces: tuple[Any, ...], text: str) -> Any:
        proposal = vm.Proposal(
            key=key,
            faces=faces,
            faces_text=text,
            label=f"Ann rolls {text}",
            decision_id=state.decision.id,
        )
        return replace(vm.table_view(state, "en"), proposal=proposal)

    host.show(read("b1:1", (3, 4, "2"), "3+4, 2"))
    dialog = host.dialog
    panel, dice = list(dialog.children), list(dialog.dice_view.children)
    host.show(read("b1:2", (6, 1, "mr"), "6+1, Mr. Monopoly"))
    assert host.dialog is dialog
    assert list(dialog.children) == panel and list(dialog.dice_view.children) == dice
    assert [die.value for die in reversed(dialog.dice_view.children)] == [6, 1, "mr"]
    assert [die.speed for die in reversed(dialog.dice_view.children)] == [False, False, True]
    assert dialog.confirm_button.text == "Confirm 6+1, Mr. Monopoly"
    assert "Ann rolls 6+1, Mr. Monopoly" in [getattr(w, "text", None) for w in panel]
    dialog.confirm_button.dispatch("on_release")
    assert recorder.calls[-1] == ("confirm_roll", (state.decision.id,), {"at": None})


def test_auction_bids_the_amount_set_with_the_steppers(states: dict[str, Any]) -> None:
    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    view = vm.table_view(states["auction"], "en")
    host = DecisionHost()
    recorder = Recorder()
    host.controller = recorder
    host.show(view)
    dialog = host.dialog
    start = dialog.amount
    dialog.step(50)
    dialog.step(100)
    who, button = next(iter(dialog.bid_buttons.items()))
    assert "+" not in button.text and who in button.text
    button.dispatch("on_release")
    (name, args, kwargs) = recorder.calls[-1]
    assert name == "answer" and args[0] == view.decision.id
    assert kwargs == {"amount": start + 150, "at": None}
    assert view.decision.choices[args[1]].command["type"] == "bid"


def test_draw_search_by_number_and_title(states: dict[str, Any]) -> None:
    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    view = vm.table_view(states["draw"], "en")
    host = DecisionHost()
    host.controller = Recorder()
    host.show(view)
    search = host.dialog.search
    total = len(search.matches())
    assert total == len(search.rows) > 1
    search.query = "2"
    assert [row[0] for row in search.matches()] == [2]
    title = search.rows[0][1]
    search.query = title[: max(3, len(title) // 2)].upper()
    assert search.rows[0][1] in [row[2] for row in search.matches()]


def test_a_dialog_is_refilled_for_the_next_decision_of_its_kind(states: dict[str, Any]) -> None:
    """One dialog of each class, refilled (its buttons kept) rather than built again; the
    refilled buttons answer the new decision."""
    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    host = DecisionHost()
    recorder = Recorder()
    host.controller = recorder
    buy = vm.table_view(states["buy_or_auction"], "en")
    end = vm.table_view(states["end_turn"], "en")
    assert buy.decision.id != end.decision.id
    host.show(buy)
    dialog, buttons = host.dialog, list(host.dialog.buttons)
    host.show(end)
    assert host.dialog is dialog and host.dialog.decision.kind == "end_turn"
    # (the end of a turn offers the Travel Vouchers held: folded into one button)
    assert [b.text for b in dialog.buttons] == [
        *(c.label for c in end.decision.choices if not c.is_voucher),
        "Play a Travel Voucher\u2026",
    ]
    assert dialog.buttons[0] is buttons[0]  # kept, given its new label
    dialog.buttons[0].dispatch("on_release")
    assert recorder.calls[-1] == ("answer", (end.decision.id, 0), {"at": None})


def test_a_touch_answers_the_decision_shown_when_it_went_down(states: dict[str, Any]) -> None:
    """A touch delivered twice (or held while the game moved on) is released on a button that
    the refilled dialog now uses for the next decision: it still names the decision it went
    down on, which the controller refuses; a new touch names the new decision."""
    from kivy.tests.common import UnitTestTouch

    from ui import viewmodels as vm
    from ui.dialogs import DecisionHost

    host = DecisionHost()
    recorder = Recorder()
    host.controller = recorder
    buy = vm.table_view(states["buy_or_auction"], "en")
    end = vm.table_view(states["end_turn"], "en")
    host.show(buy)
    dialog = host.dialog
    button = dialog.buttons[0]

    def touch_down() -> Any:
        from kivy.core.window import Window

        touch = UnitTestTouch(*dialog.center)
        touch.scale_for_screen(Window.width, Window.height)  # as the event loop does
        dialog.on_touch_down(touch)
        return touch

    def release(touch: Any) -> None:
        touch.grab_current = button  # what Kivy sets while it delivers a grabbed touch's up
        button.dispatch("on_release")
        touch.grab_current = None

    first, second = touch_down(), touch_down()
    release(first)
    assert recorder.calls[-1] == ("answer", (buy.decision.id, 0), {"at": 7.0})
    host.show(end)  # the game moved on; the same dialog and button show the next decision
    assert host.dialog is dialog and dialog.buttons[0] is button
    release(second)
    assert recorder.calls[-1] == ("answer", (buy.decision.id, 0), {"at": 7.0})
    release(touch_down())
    assert recorder.calls[-1] == ("answer", (end.decision.id, 0), {"at": 7.0})


# -- Travel Vouchers: one button, then a list -------------------------------------------------


@pytest.fixture
def voucher_table(tmp_path: Any) -> Any:
    """A real controller at Ann's roll, Ann holding three Travel Vouchers (a Bus Ticket, a
    Transit Token, a Free Cab Fare: sixteen destinations), and the host showing its views."""
    import json

    from tests.ui.test_controller import VOUCHER_TABLE, Ticks
    from ui.controller import TableController
    from ui.dialogs import DecisionHost
    from ui.setup_store import SetupStore

    c = TableController(
        db_path=tmp_path / "games.db", store=SetupStore(tmp_path / "setup.json"), clock=Ticks()
    )
    assert c.start_from_situation(json.dumps(VOUCHER_TABLE)), c.view.notice
    c.clock.now += 1.0  # the roll has been in sight for a second: a tap counts
    host = DecisionHost()
    host.controller = c
    c.subscribe(host.show)
    yield c, host
    c.close()


def _buttons(widget: Any) -> list[Any]:
    from kivy.clock import Clock
    from kivy.uix.button import Button

    Clock.tick()  # a list of many rows (a RecycleView) makes its buttons at the next frame

    return [w for w in widget.walk(restrict=True) if isinstance(w, Button)]


def test_a_roll_with_travel_vouchers_shows_one_button_for_them_not_a_wall(voucher_table):
    c, host = voucher_table
    dialog = host.dialog
    vouchers = [i for i, choice in enumerate(c.view.decision.choices) if choice.is_voucher]
    assert dialog.decision.kind == "roll" and len(vouchers) == 16
    texts = [b.text for b in _buttons(dialog)]
    assert texts == ["Enter the dice by touch", "Play a Travel Voucher\u2026"]
    assert [b.number for b in _buttons(dialog)] == [0, 0]
    assert not host.wide
    opener = _buttons(dialog)[-1]
    opener.dispatch("on_release")
    picker = dialog.voucher_picker
    assert host.wide and picker.parent is dialog
    assert sorted(value for _n, value, _label in picker.search.matches()) == vouchers
    assert [t.text for t in picker.toggles] == [
        "All",
        "Bus Ticket",
        "Transit Token",
        "Free Cab Fare +2",
    ]
    picker.toggles[2].dispatch("on_release")  # the Transit Token's stations only
    assert [label for _n, _v, label in picker.search.matches()] == [
        "Transit Token to Reading Railroad",
        "Transit Token to Pennsylvania Railroad",
        "Transit Token to B&O Railroad",
        "Transit Token to Short Line",
    ]
    picker.toggles[0].dispatch("on_release")
    picker.search.query = "jeton de transit penn"  # the card printed in French finds it too
    assert [label for _n, _v, label in picker.search.matches()] == [
        "Transit Token to Pennsylvania Railroad"
    ]
    picker.back_button.dispatch("on_release")
    assert not host.wide and [b.text for b in _buttons(dialog)] == texts
    assert c.game.done == []  # looking at the list answered nothing


def test_a_voucher_tapped_twice_in_the_list_answers_the_decision_once(voucher_table):
    """A doubled touch on a destination: the first release plays the voucher, the second
    repeats that answer within the settle time and is dropped; one command is logged."""
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    c, host = voucher_table
    dialog = host.dialog
    roll = c.view.decision
    _buttons(dialog)[-1].dispatch("on_release")
    search = dialog.voucher_picker.search
    search.query = "Short Line"
    ((_number, index, label),) = search.matches()
    assert label == "Transit Token to Short Line"
    (button,) = [b for b in _buttons(search) if getattr(b, "value", None) == index]
    done = len(c.game.done)

    def touch_down() -> Any:
        touch = UnitTestTouch(*dialog.center)
        touch.scale_for_screen(Window.width, Window.height)
        dialog.on_touch_down(touch)
        return touch

    def release(touch: Any) -> None:
        touch.grab_current = button
        button.dispatch("on_release")
        touch.grab_current = None

    first, second = touch_down(), touch_down()
    release(first)
    assert len(c.game.done) == done + 1
    assert c.game.done[-1] == {**roll.choices[index].command, "player": "Ann", "decision": roll.id}
    assert c.view.decision.id != roll.id
    state = c.game.state
    release(second)
    assert len(c.game.done) == done + 1 and c.game.state is state
    assert c.view.notice == "" and c.view.too_soon == "Too soon"


# -- The auction: rows that stay in place ---------------------------------------------------------


@pytest.fixture
def auction_table(tmp_path: Any) -> Any:
    """A real controller on a scripted clock at the auction of Esplanade Avenue among Ann, Bob,
    Cy and Dee, and the host showing its views."""
    import json

    from tests.ui.test_controller import Ticks
    from ui.controller import TableController
    from ui.dialogs import DecisionHost
    from ui.setup_store import SetupStore

    c = TableController(
        db_path=tmp_path / "games.db", store=SetupStore(tmp_path / "setup.json"), clock=Ticks()
    )
    players = [
        {"name": n, "position": "GO", "cash": 1500, "vouchers": []}
        for n in ("Ann", "Bob", "Cy", "Dee")
    ]
    assert c.start_from_situation(json.dumps({"players": players, "to_move": "Ann"}))
    assert c.enter_roll(c.view.decision.id, [2, 3, "1"])  # onto Esplanade Avenue
    assert c.answer(c.view.decision.id, 1)  # auctioned
    host = DecisionHost()
    host.controller = c
    c.subscribe(host.show)
    assert host.dialog.decision.kind == "auction"
    yield c, host
    c.close()


def test_a_player_who_passed_keeps_a_greyed_row_and_no_row_moves(auction_table):
    c, host = auction_table
    dialog = host.dialog
    grid = list(dialog.bidders.children)
    rows = dict(dialog.rows)
    assert list(rows) == ["Ann", "Bob", "Cy", "Dee"]
    bob = next(
        i for i, ch in enumerate(c.view.decision.choices) if ch.key == "pass" and ch.player == "Bob"
    )
    assert c.answer(c.view.decision.id, bob)
    assert host.dialog is dialog and dict(dialog.rows) == rows
    assert list(dialog.bidders.children) == grid  # every button where it was
    bid, pass_ = rows["Bob"]
    assert bid.disabled and pass_.disabled and bid.text == "Bob passed" and pass_.text == ""
    assert sorted(dialog.bid_buttons) == ["Ann", "Cy", "Dee"]
    assert sorted(dialog.pass_buttons) == ["Ann", "Cy", "Dee"]


def test_the_high_bidder_has_no_bid_button(auction_table):
    c, host = auction_table
    d = c.view.decision
    ann = next(i for i, ch in enumerate(d.choices) if ch.key == "bid" and ch.player == "Ann")
    assert c.answer(d.id, ann, amount=30)
    dialog = host.dialog
    bid, pass_ = dialog.rows["Ann"]
    assert bid.disabled and bid.text == "Ann leads: $30"
    assert pass_.disabled  # the leader cannot pass either
    assert "Ann" not in dialog.bid_buttons and "Ann" not in dialog.pass_buttons
    assert dialog.bid_buttons["Bob"].text == "Bob: bid $40"


def test_a_bid_carries_the_amount_shown_when_the_finger_went_down(auction_table):
    """+50 tapped (by another finger) while Cy's finger is on his Bid: he bids what he saw."""
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    c, host = auction_table
    c.clock.now += 1.0
    dialog = host.dialog
    button = dialog.bid_buttons["Cy"]
    seen = dialog.amount
    touch = UnitTestTouch(*button.center)
    touch.scale_for_screen(Window.width, Window.height)
    dialog.on_touch_down(touch)
    dialog.step(50)
    assert dialog.amount == seen + 50  # the amount shown now is another: the test can fail
    touch.grab_current = button
    button.dispatch("on_release")
    touch.grab_current = None
    assert c.game.done[-1]["type"] == "bid"
    assert (c.game.done[-1]["player"], c.game.done[-1]["amount"]) == ("Cy", seen)
