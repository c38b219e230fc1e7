"""One player model (``companion.rules.table.Player``) for the referee, a table situation and
the banker's state: the vouchers by id (a situation's count as placeholders), cash the
ledger's, token and colour chosen by the banker when a situation leaves them out."""

from __future__ import annotations

from typing import Any

import pytest

from companion.banker.engine import COLOURS, TOKENS, new_game
from companion.banker.start import start_from_situation, table_situation
from companion.banker.state import replay
from companion.editions import edition
from companion.errors import BadSituationError
from companion.rules.movement import resolve_voucher
from companion.rules.situation import Situation
from companion.rules.table import UNNAMED_VOUCHER, Player

ULTIMATE = edition("ultimate")


def _table(**ann: Any) -> dict[str, Any]:
    return {
        "players": [
            {"name": "Ann", "position": "GO", "cash": 1500, **ann},
            {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []},
        ]
    }


def test_the_bankers_players_are_the_referees() -> None:
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))

    assert all(type(p) is Player for p in state.seats)
    # The referee's view of the table is the state's own players, nothing converted.
    assert state.situation().players is state.active
    ann = state.seat("Ann")
    assert (ann.token, ann.colour, ann.cash) == (TOKENS[0], COLOURS[0], None)


def test_a_situations_players_become_the_bankers_with_cash_in_the_ledger() -> None:
    events = start_from_situation(
        _table(vouchers=["voucher-bus-ticket", "voucher-transit-token"], token="dog")
    )
    state = replay(events)
    ann = state.seat("Ann")

    assert ann.vouchers == ("voucher-bus-ticket", "voucher-transit-token")
    assert (ann.token, ann.colour) == ("dog", COLOURS[0])  # a colour left out is chosen
    assert ann.cash is None and state.cash["Ann"] == 1500
    assert "cash" not in events[0]["players"][0]
    exported = table_situation(state).player("Ann")
    assert (exported.cash, exported.vouchers, exported.vouchers_named) == (
        1500,
        ("voucher-bus-ticket", "voucher-transit-token"),
        True,
    )


def test_a_count_of_vouchers_is_unnamed_placeholders_the_banker_refuses() -> None:
    situation = Situation.parse(_table(vouchers=2))
    ann = situation.player("Ann")

    assert ann.vouchers == (UNNAMED_VOUCHER, UNNAMED_VOUCHER) and not ann.vouchers_named
    assert situation.to_json()["players"][0]["vouchers"] == 2
    with pytest.raises(BadSituationError, match=r"players\[0\]\.vouchers: 2, a count"):
        start_from_situation(situation)


@pytest.mark.parametrize(
    ("held", "left"),
    [
        (("voucher-bus-ticket", "voucher-free-cab-fare-ahead-1"), ("voucher-bus-ticket",)),
        ((UNNAMED_VOUCHER, UNNAMED_VOUCHER), (UNNAMED_VOUCHER,)),
    ],
)
def test_a_voucher_move_spends_the_voucher_played(
    held: tuple[str, ...], left: tuple[str, ...]
) -> None:
    board = ULTIMATE.board
    situation = Situation(
        players=(Player("Ann", board.space("States Avenue"), vouchers=held),), to_move="Ann"
    )
    voucher = ULTIMATE.deck.voucher("voucher-free-cab-fare-ahead-1")

    after = resolve_voucher(board, situation, voucher, player="Ann", quiet=True).after

    assert after.vouchers == left
