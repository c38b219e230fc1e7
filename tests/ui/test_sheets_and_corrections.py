"""Issue 22, in the real app off-screen with real touches (``tests/ui/sheets_script.py``, one
app per process): a lot's actions keep their places on a player's sheet, the rail's buttons
stay put whatever Undo says, and what was recorded wrongly is corrected from the table or a
History row, the game played again after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.game import Game
from companion.log.gamelog import GameLog
from tests.conftest import run_app_script
from tests.ui.sheets_script import LATER, RIGHT, WRONG

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("sheets")
    out = folder / "result.json"
    result = run_app_script("tests.ui.sheets_script", folder, out, out=out)
    result["folder"] = str(folder)
    return result


def test_build_then_a_second_tap_at_the_same_spot_sells_nothing(run: dict) -> None:
    assert "error_sheet" not in run, run["error_sheet"]
    assert run["build_text"] == "Build on Oriental Avenue ($50)"
    assert run["cash_after_build"] == run["cash_before"] - 50
    assert run["levels_after_build"]["Oriental Avenue"] == 1
    # Under the finger: the same Build, disabled (build evenly), never "Sell a building".
    assert run["under_finger"] == ["Build on Oriental Avenue ($50)", True]
    assert run["cash_after_second"] == run["cash_after_build"]
    assert run["levels_after_second"] == run["levels_after_build"]
    assert run["commands"] == ["build"]


def test_the_rail_s_buttons_keep_their_places_whatever_undo_says(run: dict) -> None:
    rails = run["rail"]
    said = [r["undo_text"] for r in rails]
    assert all(r["nav"] == rails[0]["nav"] and r["undo"] == rails[0]["undo"] for r in rails)
    # Plain Undo, a building (English, French), Correct…, a purchase, Correct… again.
    assert len(set(said)) >= 5, said
    assert all(r["undo_fits"] for r in rails), said
    # Undo names the lot and the amount, in either language.
    assert said[1] == "Undo Ann: Build on Oriental Avenue ($50)"
    assert "Oriental Avenue" in said[2] and "50\u00a0$" in said[2]
    # The purchase's two sentences are cut at a word, with an ellipsis; the history has it all.
    assert run["long_undo"].startswith(said[4].removesuffix("\u2026"))
    assert said[4].endswith("\u2026") and "Madison Avenue" in said[4]


def test_a_misread_roll_is_corrected_from_the_table(run: dict) -> None:
    assert "error_rail" not in run, run["error_rail"]
    assert run["undone_purchase"] == [430, "roll"]
    heading, kind = run["roll_dialog"]
    assert heading.startswith(f"Correct #{run['roll_seq']}: Ann rolled 1+2 and 1.")
    assert kind == "DiceDialog"  # the decision's own dialog: the faces, by touch
    assert run["roll_preview"].startswith("Ann rolled 2+3 and 2.")
    command, position = run["roll_after"]
    assert command["dice"] == [2, 3, 2] and position == "middle:20"  # Free Parking


def _played_right(run: dict, path: Path) -> Game:
    """The same commands, with the right card, on a second log: each answers the decision
    in force when it comes, as the table would have."""
    recorded = [dict(c) for c in run["recorded"]]
    (wrong,) = [i for i, c in enumerate(recorded) if c.get("card") == WRONG]
    recorded[wrong]["card"] = RIGHT
    game = Game.started(run["start_events"], log=GameLog(path))
    for command in recorded:
        if "decision" in command:
            command["decision"] = game.state.decision.id
        game.execute(command)
    return game


def test_a_card_recorded_wrongly_is_corrected_from_history(run: dict, tmp_path: Path) -> None:
    assert "error_card" not in run, run["error_card"]
    seq = run["seq"]
    assert "Insurance Premiums Due" in run["line_shown"]
    assert run["detail_text"] == run["line_shown"].replace("[s]", "").replace("[/s]", "")
    assert run["correction_heading"].startswith(f"Correct #{seq}: ")
    assert run["picked_row"].endswith("You Inherit $100")
    preview = run["preview"]
    assert "Insurance Premiums Due" in preview["was"] and "You Inherit $100" in preview["now"]
    assert preview["replayed"] == LATER and preview["dropped"] == 0
    # What changed: the drawer's money, $50 paid becoming $100 received.
    (drawer,) = [p for p in preview["changes"] if p[0] == run["drawer"]]
    assert drawer[1] != drawer[2]
    # Nothing is recorded until Apply.
    assert run["logged_at_preview"] == run["logged_before"]
    assert run["dialog_open"] is False
    # The balances and places match the game played right from the start.
    right = _played_right(run, tmp_path / "right.db")
    assert run["cash"] == dict(right.state.cash)
    assert run["positions"] == {s.name: s.position.key for s in right.state.seats}
    assert run["in_force"] == [dict(c) for c in right.done]
    # The app's log resumes to the same game.
    with GameLog(Path(run["folder"]) / "g.db") as log:
        assert dict(Game.resume(log).state.cash) == run["cash"]


def test_the_correction_stays_visible_in_history(run: dict) -> None:
    assert "error_card" not in run, run["error_card"]
    rows = run["history"]
    seq = run["seq"]
    struck = [r for r in rows if r[0] == seq]
    assert struck and all(r[2] for r in struck)  # the corrected line, struck
    undos = [r for r in rows if r[1] == "correction"]
    assert len(undos) == LATER + 1  # the card and the answers after it taken back...
    assert struck[0][3] == max(r[0] for r in undos)
    after = [r for r in rows if r[0] > max(r[0] for r in undos)]
    assert after[0][1] == "drew" and "You Inherit $100" in after[0][4] and not after[0][2]
    assert run["notice"].startswith(f"Corrected #{seq}: ")
