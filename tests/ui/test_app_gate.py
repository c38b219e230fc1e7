"""Issue 22, one answer per intention, in the real app off-screen (``tests/ui/gate_script.py``,
one subprocess: a Kivy window is one per process): real touches and real pin edges, on a
scripted clock, so every input happens exactly when the script says."""

from __future__ import annotations

import pytest

from tests.conftest import run_app_script

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("gate")
    out = folder / "result.json"
    return run_app_script("tests.ui.gate_script", folder / "g.db", out, out=out)


def scenario(run: dict, name: str) -> dict:
    """What the script saw in one scenario (each plays a game of its own)."""
    assert "error" not in run, run
    seen = run[name]
    assert "error" not in seen, seen
    return seen


def test_a_double_tap_on_a_bid_makes_one_bid_of_the_amount_shown(run: dict) -> None:
    bid = scenario(run, "bid")
    assert bid["bids"] == [["Ann", bid["shown"]]]
    # The high bidder has no Bid button: nobody outbids themselves.
    assert bid["leader"] == "Ann" and bid["bidders"] == ["Bob", "Cy", "Dee"]


def test_auction_rows_stay_in_place_when_a_player_passes(run: dict) -> None:
    rows = scenario(run, "rows")
    assert rows["passes"] == ["Bob"]  # three taps at Bob's Pass passed Bob alone
    assert rows["bidders"] == ["Ann", "Cy", "Dee"]
    # Every tap after the first found Bob's greyed-out slot under the finger, not Cy's Pass.
    assert rows["under_the_finger"] == [[["", True]]] * 3
    assert rows["after"] == {who: rows["before"][who] for who in ("Ann", "Cy", "Dee")}


def test_button_1_twice_40_ms_apart_and_200_ms_after_the_next_decision_answers_once(
    run: dict,
) -> None:
    buttons = scenario(run, "buttons")
    assert buttons["buy"][1:] == ["buy_or_auction", "buy"]
    start, first, bounce, soon, last = buttons["counts"]
    assert (first, bounce, soon, last) == (start + 1, start + 1, start + 1, start + 2)
    assert buttons["next"][1] == "end_turn" and buttons["next"][0] != buttons["buy"][0]
    # The press 200 ms after the end of the turn appeared was marked on the table screen...
    assert buttons["too_soon"] == ["Too soon", "Too soon", 1]
    # ... and the one a second later ended the turn.
    assert buttons["commands"] == ["buy", "end_turn"]


def test_button_1_cannot_pick_a_card_from_the_draw_list(run: dict) -> None:
    draw = scenario(run, "draw")
    assert draw["kind"] == "draw" and draw["numbered"] == []
    assert draw["count"][1] == draw["count"][0] and draw["decision_after"]
    assert draw["notice"] == "Button 1: pick from the list on the screen"


def test_a_decision_nobody_asked_for_is_announced_before_an_input_counts(run: dict) -> None:
    """The issue's turn: after buying Reading Railroad, a Travel Voucher's draw list opened
    (button 1 picked its first entry), then Mr. Monopoly's bonus move ended on a property
    that a second press bought before the player had taken the move in."""
    chained = scenario(run, "chained")
    assert chained["first"] == ["buy_or_auction", False]  # the throw's own question
    assert chained["draw"] == ["draw", True, True]  # announced: its panel flashes
    assert chained["draw_tap"] == [0, "Too soon"]
    assert chained["bonus"] == ["buy_or_auction", "Oriental Avenue", True, True]
    assert chained["bonus_press"] == [0, "Too soon"]
    assert chained["commands"] == ["draw", "buy"]
