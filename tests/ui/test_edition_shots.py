"""The real app, off-screen, through a whole game of Classic on the Paris board in French:
mid-game (the table, the board, a player's sheet) and at the winner's screen every text drawn
names the board's streets in euros (``tests/ui/edition_shots.py`` saves the screenshots)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_app_script

pytest.importorskip("kivy")


def test_a_paris_game_in_french_is_drawn_in_its_names_and_euros(tmp_path: Path) -> None:
    result = run_app_script(
        "tests.ui.edition_shots",
        "classic", "fr", "fr", "800x480", "3", tmp_path,
        out=tmp_path / "result.json",
    )  # fmt: skip
    assert result["shots"] == ["mid", "board", "players", "history", "roll", "winner"]
    assert all((tmp_path / f"{name}.png").stat().st_size > 10_000 for name in result["shots"])
    drawn = [t for name in result["shots"] for t in result[name]]
    assert [t for t in drawn if "board:" in t or "$" in t] == []
    assert any("Boulevard Malesherbes" in t for t in result["mid"])
    # A sheet lists what Classic's decks have: no shares, Travel Vouchers or Roll Three cards.
    assert any("Libéré de prison" in t for t in result["players"])
    assert [
        t for t in result["players"] if t.startswith(("Actions (", "Bons de", "Cartes Roll"))
    ] == []
    assert f"Partie terminée\u00a0: {result['won']} gagne." in result["winner"]


def test_a_mega_game_is_drawn_in_its_own_words(tmp_path: Path) -> None:
    """Mega's vouchers are Bus Tickets (E5): the sheet's button says so, never Ultimate's
    Travel Voucher; its money is dollars."""
    result = run_app_script(
        "tests.ui.edition_shots",
        "mega", "-", "en", "1280x800", "4", tmp_path,
        out=tmp_path / "result.json",
    )  # fmt: skip
    drawn = [t for name in result["shots"] for t in result[name]]
    assert "Use a Bus Ticket" in result["players"]  # the sheet of a player holding one
    assert [t for t in drawn if "board:" in t or "€" in t or "Travel Voucher" in t] == []
    assert f"Game over: {result['won']} wins." in result["winner"]
