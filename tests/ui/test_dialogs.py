"""Every decision the engine poses has a dialog, and each dialog opens on a real state.

The kinds come from the engine's own decisions: every decision posed in the golden games
(``tests/data/golden_games.json.gz``, seeded games of every house rule). The states are found
by replaying those games with today's engine. Dialogs are built off-screen (the SDL offscreen
driver of ``tests/conftest.py``) against a recording controller.
"""

from __future__ import annotations

from typing import Any

import pytest

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

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        def verb(*args: Any, **kwargs: Any) -> bool:
            self.calls.append((name, args, kwargs))
            return True

        return verb


@pytest.fixture(scope="module")
def states() -> dict[str, Any]:
    """A real state for each decision kind, from the golden games."""
    from companion.game import Game
    from ui.dialogs import DECISION_KINDS

    wanted = set(DECISION_KINDS)
    found: dict[str, Any] = {}
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
    assert recorder.calls == [("answer", (view.decision.id, 1), {})]
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
    assert kwargs == {"amount": start + 150}
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
