"""The table's smaller details in the real app off-screen at 800x480, with real touches (one
subprocess, ``tests/ui/details_script.py``): a tapped space is named on the table's map and the
Board screen's, a long notice is shortened at a word and shown whole on a tap, a dice proposal
has Cancel, and the turn order shows two dice and is said once found."""

from __future__ import annotations

import re

import pytest

from tests.conftest import run_app_script

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("details")
    out = folder / "result.json"
    return run_app_script("tests.ui.details_script", folder / "g.db", out, out=out)


def _readable(tag: dict) -> None:
    assert tag["shown"] and tag["fits"] and all(tag["inside"]), tag
    assert tag["font_px"] >= 15  # 15sp: read from a chair at 800x480


def test_a_tapped_space_on_the_table_s_map_is_named_with_its_owner_and_rent(seen: dict) -> None:
    tag = seen["table_tag"]
    assert tag["text"] == "Reading Railroad\nBob \u00b7 Rent $25"
    _readable(tag)
    assert not seen["tag_after_tap_on_it"]["shown"]  # a tap on the name puts it away


def test_the_map_names_a_space_in_the_table_s_language_on_both_maps(seen: dict) -> None:
    tag = seen["table_tag_other"]
    assert tag["text"].replace("\u00a0", " ") == "Boardwalk\nÀ vendre : 400 $"
    _readable(tag)
    tag = seen["board_tag_other"]
    assert tag["text"].replace("\u00a0", " ") == "Reading Railroad\nBob \u00b7 Loyer 25 $"
    _readable(tag)
    assert seen["deed_card_open"]  # the Board screen still opens the deed


def test_the_vouchers_list_says_where_each_free_cab_fare_lands(seen: dict) -> None:
    assert seen["cab_rows"] == [
        "1.  Free Cab Fare +2: stay on this track, to Reading Railroad (Bob \u00b7 Rent $25)",
        "2.  Free Cab Fare +2: change track, to Reading Railroad (Bob \u00b7 Rent $25)",
    ]
    assert seen["cab_cols"] == 1  # rows that long take the whole width: two lines, not three


def test_a_long_notice_is_cut_at_a_word_and_shown_whole_on_a_tap(seen: dict) -> None:
    notice = seen["notice"]
    assert notice["whole"] == "No screen '" + " ".join(["somewhere"] * 40) + "'"
    shown = notice["shown"]
    assert notice["cut"] and notice["fits"] and shown.endswith("somewhere\u2026")
    assert notice["whole"].startswith(shown[:-1] + " ")  # cut between two words
    assert notice["card_open"] and notice["card_text"] == notice["whole"]


def test_a_proposal_that_confirms_itself_can_be_cancelled_by_touch(seen: dict) -> None:
    assert seen["proposal_notice"] == "Confirmed by itself in 30 s unless corrected or cancelled"
    assert seen["proposal_buttons"] == ["Confirm 3+4 and Mr. Monopoly", "Correct", "Cancel"]
    assert all(seen["proposal_buttons_fit"])
    assert seen["proposal_heading_clear"] == [True, True]  # the sentence above stays readable
    assert seen["after_cancel"] == {
        "proposal": False,
        "decision_same": True,
        "commands_same": True,
        "notice": "The dice reading was dropped: throw again or enter the dice",
    }


def test_the_turn_order_roll_shows_the_two_dice_that_count_and_the_order_found(
    seen: dict,
) -> None:
    assert seen["order_dice_shown"] == [1, 2] and seen["order_faces"] == 2
    assert seen["order_heading"] == "Apply 1+2"
    assert seen["order_notice"] == (
        "Bob rolled highest and starts; the order of play: Bob, Cy and Ann."
    )
    assert seen["order_status"] == "Bob's turn."
    # A second game with more players than the first shows every one of them.
    assert seen["strip"] == [["Bob", True], ["Cy", True], ["Ann", True]]


def test_the_house_rules_read_as_sentences_in_readable_type(seen: dict) -> None:
    rules = {key: (text, font, fits) for key, text, font, fits in seen["rules"]}
    assert len(rules) == 6
    assert rules["time_limit"][0] == (
        "The table may end the game at any time: the richest player wins."
    )
    for key, (text, font, fits) in rules.items():
        assert font >= 16 and fits, (key, font, fits)
        assert not re.search(r"\([A-Z]\d+\)", text), (key, text)
