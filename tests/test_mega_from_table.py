"""The Mega Edition's cases of issue 25 through the prompt: ``companion play --from`` a table
situation of ``"edition": "mega"`` (docs/situation.md), the lines typed at its prompt, and the
game its log holds afterwards. The rules text quoted is the Mega Edition's part of 002."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.editions import edition
from companion.game import Game
from tests.test_cards_from_table import played as played_from_table

BOARD = edition("mega").board


def _player(name: str, position: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "position": position, "cash": 2500, "vouchers": [], **fields}


def _table(*players: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"version": 1, "edition": "mega", "players": list(players), **fields}


def _everything(owner: str, **holding: Any) -> dict[str, dict[str, Any]]:
    return {name: {"owner": owner, **holding} for name in BOARD.properties}


def played(tmp_path: Path, situation: dict[str, Any], *lines: str) -> tuple[Game, str]:
    """``companion play --from`` the Mega ``situation``, the ``lines`` typed at its prompt,
    no error said: the game as its log holds it afterwards, and what the prompt said."""
    game, text, _ = played_from_table(tmp_path, situation, *lines, no_error=True)
    return game, text


def test_mr_monopoly_with_everything_owned_moves_to_the_first_rent_owed(tmp_path: Path) -> None:
    """002: "move ahead to the first property on which you need to pay rent"."""
    properties = _everything("Bob")
    properties["Illinois Avenue"] = {"owner": "Bob", "mortgaged": True}
    properties["Michigan Avenue"] = {"owner": "Ann"}
    table = _table(_player("Ann", "Free Parking"), _player("Bob", "GO"), properties=properties)
    game, text = played(tmp_path, table, "roll 1 2 mr")
    assert game.state.seat("Ann").position == BOARD.space("B&O Railroad")
    assert game.state.cash["Ann"] == 2500 - 36 - 200
    assert "Mr. Monopoly" in text or "B&O Railroad" in text


def test_mr_monopoly_stays_when_every_other_property_is_mortgaged(tmp_path: Path) -> None:
    """002: "If all other players properties are mortgaged, stay where you are"."""
    properties = _everything("Bob", mortgaged=True)
    properties["Michigan Avenue"] = {"owner": "Ann"}
    table = _table(_player("Ann", "Free Parking"), _player("Bob", "GO"), properties=properties)
    game, _ = played(tmp_path, table, "roll 1 2 mr")
    assert game.state.seat("Ann").position == BOARD.space("Indiana Avenue")
    assert game.state.cash["Ann"] == 2500
    assert game.state.decision.player == "Bob"


def test_a_bus_ticket_onto_an_opponent_s_utility_rolls_for_the_rent(tmp_path: Path) -> None:
    """002: "roll both white dice to determine your rent (4X, 10X or 20X ...)"."""
    table = _table(
        _player("Ann", "In Jail / Just Visiting", vouchers=["bus-ticket"]),
        _player("Bob", "GO"),
        properties={"Gas Company": {"owner": "Bob"}, "Electric Company": {"owner": "Bob"}},
    )
    game, text = played(tmp_path, table, "voucher bus ticket space=board:17", "dice 3 4")
    assert "10 times" in text
    assert (game.state.cash["Ann"], game.state.cash["Bob"]) == (2500 - 70, 2500 + 70)
    assert game.state.vouchers_left["bus-ticket"] == 12  # used: out of play
    assert (game.state.decision.kind, game.state.decision.player) == ("roll", "Bob")


def test_the_expiring_ticket_drawn_makes_every_other_ticket_expire(tmp_path: Path) -> None:
    table = _table(
        _player("Ann", "Free Parking", vouchers=["bus-ticket"]),
        _player("Bob", "GO", vouchers=["bus-ticket", "bus-ticket"]),
    )
    game, text = played(tmp_path, table, "roll 1 2 3", "draw bus ticket (the others expire)")
    assert game.state.seat("Ann").vouchers == ("bus-ticket-expiring",)
    assert game.state.seat("Bob").vouchers == ()
    assert "All Tickets Expire" in text


def test_a_ticket_instead_of_the_roll_after_doubles(tmp_path: Path) -> None:
    """002: "If doubles entitle you to roll again, you may use a Bus Ticket in place of rolling
    the dice"."""
    table = _table(_player("Ann", "GO", vouchers=["bus-ticket"]), _player("Bob", "GO"))
    game, _ = played(tmp_path, table, "roll 2 2 1", "voucher bus ticket space=board:12", "buy")
    state = game.state
    assert state.holdings["Connecticut Avenue"].owner == "Ann"
    assert state.cash["Ann"] == 2500 - 200 - 120
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


def _reds(cash: int) -> dict[str, Any]:
    hotels = {"owner": "Ann", "buildings": "hotel"}
    return _table(
        _player("Ann", "Free Parking", cash=cash),
        _player("Bob", "GO"),
        properties={n: hotels for n in ("Kentucky Avenue", "Indiana Avenue", "Illinois Avenue")},
    )


def test_the_last_lot_built_up_evenly(tmp_path: Path) -> None:
    game, text = played(tmp_path, _reds(2000), "roll 1 2 2", "buy", "last_lot build")
    assert game.state.holdings["Michigan Avenue"].level == 4
    assert game.state.cash["Ann"] == 2000 - 240 - 600
    assert "4 houses" in text


def test_the_last_lot_its_owner_cannot_build_up_spreads_the_houses(tmp_path: Path) -> None:
    game, text = played(tmp_path, _reds(300), "roll 1 2 2", "buy", "last_lot spread")
    levels = [game.state.holdings[n].level for n in BOARD.groups["red"]]
    assert levels == [4, 4, 4, 3] and game.state.cash["Ann"] == 60
    assert "spreads" in text


def test_the_auction_space_with_everything_owned_takes_the_nearer_of_tied_rents(
    tmp_path: Path,
) -> None:
    """002: "move ahead to the property on which you need to pay the highest rent (the closer
    one, if tied)": Maryland Avenue and States Avenue both ask $450."""
    properties = _everything("Bob")
    for name in ("Maryland Avenue", "States Avenue"):
        properties[name] = {"owner": "Bob", "buildings": "3 houses"}
    for name in ("St. Charles Place", "Virginia Avenue"):
        properties[name] = {"owner": "Bob", "buildings": "2 houses"}
    table = _table(
        _player("Ann", "board:9", cash=5000), _player("Bob", "GO"), properties=properties
    )
    game, _ = played(tmp_path, table, "roll 1 2 2")
    assert game.state.seat("Ann").position == BOARD.space("Maryland Avenue")
    assert game.state.cash["Ann"] == 5000 - 450


def test_the_auction_space_with_everything_owned_goes_to_the_highest_rent(tmp_path: Path) -> None:
    properties = _everything("Bob")
    properties["Boardwalk"] = {"owner": "Bob", "buildings": "hotel"}
    for name in ("Florida Avenue", "Park Place"):
        properties[name] = {"owner": "Bob", "buildings": "4 houses"}
    table = _table(
        _player("Ann", "board:9", cash=5000), _player("Bob", "GO"), properties=properties
    )
    game, _ = played(tmp_path, table, "roll 1 2 2")
    assert game.state.seat("Ann").position == BOARD.space("Boardwalk")
    assert game.state.cash["Ann"] == 5000 - 2000
