"""Cards and Travel Vouchers on a game under way, through the prompt (``companion play --from``
a table situation, docs/situation.md): the rules of issue 23 as the table meets them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.game import Game
from companion.log.gamelog import GameLog
from tests.test_start_situation import cli


def _player(name: str, position: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "position": position, "cash": 1500, "vouchers": [], **fields}


def played(
    tmp_path: Path, situation: dict[str, Any], *lines: str, no_error: bool = False
) -> tuple[Game, str, str]:
    """``companion play --from`` the ``situation``, the ``lines`` typed at its prompt: the game
    as its log holds it afterwards, what the prompt said and what it said on stderr (with
    ``no_error``, no error)."""
    path, db = tmp_path / "table.json", tmp_path / "g.db"
    path.write_text(json.dumps(situation), "utf-8")
    status, text, err = cli("play", "--db", str(db), "--from", str(path), lines=lines)
    assert status == 0, err
    if no_error:
        assert "error" not in err, err
    with GameLog(db, readonly=True) as log:
        return Game.resume(log), text, err


def test_a_voucher_played_from_the_subway_is_out_of_play_and_ends_the_ride(
    tmp_path: Path,
) -> None:
    """Ann rolls onto the Subway, then plays her Bus Ticket: the ticket is out of play (UM: "All
    used or expired TRAVEL VOUCHERS are 'out of play'"), and the voucher's move took her off
    the Subway, so her next turn is a roll, not a ride."""
    situation = {
        "players": [
            _player("Ann", "outer:38", vouchers=["voucher-bus-ticket"]),
            _player("Bob", "GO"),
        ],
        "to_move": "Ann",
    }
    game, text, _ = played(
        tmp_path,
        situation,
        "roll 1 2 1",
        "voucher bus ticket space=outer:47",
        "auction",
        "pass as Ann",
        "pass as Bob",
        "roll 1 2 1",
    )
    state = game.state
    assert "Subway" in text
    assert state.seat("Ann").position.key == "outer:47" and not state.seat("Ann").subway
    assert state.vouchers_left["voucher-bus-ticket"] == 11  # 12, less Ann's, never back
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")


def test_a_hurricane_on_a_group_of_a_holder_of_just_say_no_is_refused_at_the_prompt(
    tmp_path: Path,
) -> None:
    """Bob holds Just Say NO! and the dark blues with buildings; Ann draws the Hurricane and
    names Boardwalk: the prompt asks Bob, naming what the Hurricane would do, and he refuses."""
    situation = {
        "players": [
            _player("Ann", "Tennessee Avenue"),
            _player("Bob", "GO", cards=["cc-just-say-no"]),
        ],
        "to_move": "Ann",
        "properties": {
            "Park Place": {"owner": "Bob", "buildings": "hotel"},
            "Boardwalk": {"owner": "Bob", "buildings": "skyscraper"},
        },
    }
    game, text, _ = played(
        tmp_path,
        situation,
        "roll 1 2 1",
        "draw hurricane makes landfall",
        "choose Boardwalk",
        "refuse",
    )
    assert "one building comes off each of your dark blue lots" in text
    state = game.state
    assert state.holdings["Park Place"].level == 5 and state.holdings["Boardwalk"].level == 6
    assert state.seat("Bob").cards == ()
