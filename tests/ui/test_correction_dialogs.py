"""Every decision's dialog works for a correction: built on a real state with
``CorrectionAnswers`` in place of the controller, each of its answer buttons reaches
``propose_correction`` and nothing else (a verb the proxy lacks would raise, and one that
reached the real controller would answer the decision in force instead)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.test_dialogs import Recorder, states  # noqa: F401 (the fixture)

pytest.importorskip("kivy")

#: Buttons that open a list or a pad, or leave: they answer nothing by themselves.
NOT_ANSWERS = ("Enter the dice by touch", "Play a Travel Voucher\u2026", "Throw the dice")


def test_every_dialog_answers_a_correction_through_the_proxy(states: dict[str, Any]) -> None:  # noqa: F811
    from kivy.clock import Clock
    from kivy.uix.button import Button

    from ui import viewmodels as vm
    from ui.controller import CorrectionAnswers
    from ui.dialogs import dialog_for

    reached = []
    for kind, state in sorted(states.items()):
        if kind == "game_over":
            continue
        view = vm.table_view(state, "en")
        controller = Recorder()
        got: list[Any] = []
        dialog = dialog_for(kind)(CorrectionAnswers(controller, 7, view, got.append), view)
        Clock.tick()
        buttons = [
            w
            for w in dialog.walk(restrict=True)
            if isinstance(w, Button) and w.text and w.text not in NOT_ANSWERS and not w.disabled
        ]
        for button in buttons:
            button.dispatch("on_release")
        verbs = {name for name, _args, _kwargs in controller.calls}
        assert verbs <= {"propose_correction"}, (kind, verbs)
        assert all(args[0] == 7 for _name, args, _kwargs in controller.calls), kind
        if verbs:
            reached.append(kind)
    # The dialogs whose buttons answer at once (the others pick from a list or a pad first).
    assert {"auction", "buy_or_auction", "draw", "end_turn", "rent", "card_option"} <= set(
        reached
    ), reached
