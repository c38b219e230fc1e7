"""The set-up screen's first frame does only what it shows (issue 26, item 2): no trial game
for the seats' starting cards until the Players pane is shown (or the app, after its first
frame, reads them at idle), and each edition card's picture painted once, at its place, not
first at Kivy's default 100x100.

One Kivy Window per process: the screen runs in a subprocess that prints a JSON report.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from tests.ui.report import run_report  # noqa: E402

#: The set-up screen shown, its pictures' paints and its trial games (``setup_choices``)
#: counted; each script goes on from there.
_SET_UP = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from tests.ui.offscreen import frames, show  # the environment before Kivy
    from kivy.core.window import Window

    import ui.widgets.board_map as board_map
    from ui.controller import TableController
    from ui.screens.setup import SetupScreen
    from ui.setup_store import SetupStore

    tmp = Path(sys.argv[1])
    Window.size = (800, 480)
    paints = []
    paint_board = board_map.paint_board

    def counted_paint(canvas, frame, *args, **kwargs):
        paints.append(round(frame.side))
        return paint_board(canvas, frame, *args, **kwargs)

    board_map.paint_board = counted_paint
    c = TableController(db_path=tmp / "games.db", store=SetupStore(tmp / "setup.json"), lang="en")
    asked = []
    setup_choices = c.setup_choices

    def counted_choices(*args, **kwargs):
        asked.append(kwargs.get("played").id if kwargs.get("played") else None)
        return setup_choices(*args, **kwargs)

    c.setup_choices = counted_choices
    s = SetupScreen(controller=c)
    show(s)
    """
)

_SCRIPT = _SET_UP + textwrap.dedent(
    """
    frames(4)
    out = {"pane": s.pane, "asked_at_first": list(asked), "paints": list(paints)}
    out["pictures"] = sorted(
        round(card.children[-1].frame.side) for card in s.ids.editions.children
    )
    out["rules"] = s.rules
    s.pane = "players"
    frames(4)
    out["asked_after_players"] = list(asked)
    out["seats"] = [(row.token, row.colour) for row in s.seats()]
    out["roll_threes"] = [list(row.roll_threes) for row in s.seats()]
    s.prepare()
    out["asked_after_prepare"] = list(asked)
    # The defaults the set-up read from its trial game's choices before (not counted).
    out["choices_rules"] = {key: on for key, on, *_ in setup_choices().house_rules}
    print("REPORT " + json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("setup-start")
    return run_report(_SCRIPT, str(folder), kivy_home=Path(tmp_path_factory.mktemp("kivy-home")))


def test_the_first_frame_of_the_set_up_makes_no_trial_game(report: dict) -> None:
    assert report["pane"] == "edition"
    assert report["asked_at_first"] == []


def test_the_house_rules_are_the_editions_own_without_a_trial_game(report: dict) -> None:
    """The same defaults as the seats' choices give (where the set-up read them before)."""
    assert report["rules"] == report["choices_rules"]
    assert report["rules"]


def test_the_players_pane_reads_the_seats_choices_once(report: dict) -> None:
    assert len(report["asked_after_players"]) == 1
    assert len(report["seats"]) == 2
    assert all(report["roll_threes"]) and report["roll_threes"][0] == report["roll_threes"][1]
    # Read once: the screen's prepare (the app's idle step) asks nothing more.
    assert report["asked_after_prepare"] == report["asked_after_players"]


def test_each_edition_picture_is_painted_once_at_its_place(report: dict) -> None:
    assert len(report["pictures"]) == 3 and all(side > 100 for side in report["pictures"])
    assert sorted(report["paints"]) == report["pictures"]


_EDITION_FIRST = _SET_UP + textwrap.dedent(
    """
    frames(2)
    s.choose_edition("classic")
    out = {"asked_after_edition": list(asked), "edition": s.edition_id}
    s.pane = "players"
    frames(2)
    out["asked_after_players"] = list(asked)
    out["seats"] = len(s.seats())
    print("REPORT " + json.dumps(out))
    """
)


def test_an_edition_tapped_before_the_players_pane_seats_nobody_yet(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The family's first tap is usually an edition card: it makes no trial game and no seat
    rows for the edition left (the Players pane is made once, when shown, for the new one)."""
    folder = tmp_path_factory.mktemp("setup-edition-first")
    out = run_report(
        _EDITION_FIRST, str(folder), kivy_home=Path(tmp_path_factory.mktemp("kivy-home"))
    )

    assert out["edition"] == "classic"
    assert out["asked_after_edition"] == []
    assert out["asked_after_players"] == ["classic"]
    assert out["seats"] >= 2
