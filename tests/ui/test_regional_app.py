"""The app on a regional board (ruling E8): the game at the table names the board's spaces and
says its amounts in the board's money, in either language."""

from __future__ import annotations

from companion.editions import edition
from ui import viewmodels as vm
from ui.edition import set_table_edition, table_edition
from ui.i18n import money

NBSP, NNBSP = "\u00a0", "\u202f"


def test_a_london_game_in_the_app_says_pounds_and_mayfair(make_controller) -> None:
    london = edition("classic", "uk")
    c = make_controller()
    assert c.start_game([{"name": "Ann"}, {"name": "Bob"}], {}, edition=london), c.view.notice
    assert c.game is not None and c.game.state.edition is london and table_edition() is london
    chips = vm.player_chips(c.game.state, "en")
    assert [chip.cash_text for chip in chips] == ["£1,500", "£1,500"]
    assert money(1500, "fr") == f"1{NNBSP}500{NBSP}£"
    view = vm.space_view(c.game.state, "board:39", "en")
    assert "Price £400" in view.deed and "Mayfair" in vm.space_name("board:39", "en")


def test_a_paris_game_in_the_app_says_euros_after_the_amount(make_controller) -> None:
    paris = edition("classic", "fr")
    c = make_controller()
    assert c.start_game([{"name": "Ann"}, {"name": "Bob"}], {}, edition=paris), c.view.notice
    assert [chip.cash_text for chip in vm.player_chips(c.game.state, "fr")] == [
        f"1{NNBSP}500{NBSP}€"
    ] * 2
    assert money(400, "en") == f"400{NBSP}€"
    assert vm.space_name("board:39", "fr") == "Rue de la Paix"
    assert f"400{NBSP}€" in " ".join(vm.space_view(c.game.state, "board:39", "fr").deed)
    assert vm.card_title("chance-advance-to-boardwalk", "fr") == (
        "Avancez jusqu'à la case Rue de la Paix"
    )
    assert vm.card_title("chance-speeding-fine-15", "en") == f"Speeding fine 15{NBSP}€"
    # Back to Ultimate: its deeds are its own, in dollars (the deeds are kept per board).
    set_table_edition(edition("ultimate"))
    assert vm.deed_lines("Boardwalk", "en")[0] == "Price $400"


def test_a_french_mega_game_titles_its_bus_ticket_in_french() -> None:
    # A voucher's title is the table edition's word, not Ultimate's English label.
    set_table_edition(edition("mega"))
    try:
        assert vm.card_title("bus-ticket", "fr") == "Ticket de bus"
        assert vm.card_title("bus-ticket", "en") == "Bus Ticket"
    finally:
        set_table_edition(edition("ultimate"))
