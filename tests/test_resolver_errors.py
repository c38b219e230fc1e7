"""Questions the rules do not allow are refused with a message naming the input and why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.editions import edition
from companion.errors import BadRollError, CompanionError, IllegalMoveError
from companion.rules.cards import UnknownCardError
from companion.rules.movement import (
    Roll,
    resolve_card,
    resolve_roll,
    resolve_subway,
    resolve_taxi,
    resolve_voucher,
)
from companion.rules.situation import Situation

BOARD = edition("ultimate").board
space = BOARD.space
deck = edition("ultimate").deck


def table(ann: dict[str, Any] | None = None, **extra: Any) -> Situation:
    players = [
        {"name": "Ann", "position": "States Avenue", "vouchers": 1, **(ann or {})},
        {"name": "Bob", "position": "GO"},
    ]
    return Situation.parse({"players": players, **extra})


REJECTED: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    (
        "--to when nothing asks for a space",
        lambda: resolve_roll(BOARD, table(), Roll(1, 2, 1), to=space("Boardwalk")),
        IllegalMoveError,
        "'Boardwalk' answers no choice",
    ),
    (
        "a Bus choice without the Bus",
        lambda: resolve_roll(BOARD, table(), Roll(1, 2, "mr"), bus="move"),
        IllegalMoveError,
        "only for a roll showing the Bus",
    ),
    (
        "bail when not in jail",
        lambda: resolve_roll(BOARD, table(), Roll(1, 2, 1), leave_jail="bail"),
        IllegalMoveError,
        "not in jail",
    ),
    (
        "the speed die in jail",
        lambda: resolve_roll(
            BOARD, table({"position": "middle:10", "in_jail": True}), Roll(3, 4, "mr")
        ),
        IllegalMoveError,
        "two regular dice",
    ),
    (
        "no speed die out of jail",
        lambda: resolve_roll(BOARD, table(), Roll(3, 4)),
        BadRollError,
        "speed die is missing",
    ),
    (
        "rolling while a Subway ride is due",
        lambda: resolve_roll(BOARD, table({"position": "Subway", "subway": True}), Roll(1, 2, 1)),
        IllegalMoveError,
        "rides it instead of rolling",
    ),
    (
        "a Subway ride never earned",
        lambda: resolve_subway(BOARD, table(), space("Boardwalk")),
        IllegalMoveError,
        "has not landed on the Subway",
    ),
    (
        "a taxi from a street",
        lambda: resolve_taxi(BOARD, table(), space("Free Parking")),
        IllegalMoveError,
        "'States Avenue'",
    ),
    (
        "a taxi from an unowned cab company",
        lambda: resolve_taxi(BOARD, table({"position": "outer:6"}), space("Free Parking")),
        IllegalMoveError,
        "has no owner",
    ),
    (
        "a taxi to a street",
        lambda: resolve_taxi(
            BOARD,
            table({"position": "outer:6"}, properties={"Checker Cab Company": {"owner": "Bob"}}),
            space("Boardwalk"),
        ),
        IllegalMoveError,
        "not 'Boardwalk'",
    ),
    (
        "a taxi to a transit station's outer level",
        lambda: resolve_taxi(
            BOARD,
            table({"position": "outer:6"}, properties={"Checker Cab Company": {"owner": "Bob"}}),
            space("outer:7"),
        ),
        IllegalMoveError,
        "not 'Reading Railroad'",
    ),
    (
        "a voucher on the move after Reverse Direction",
        lambda: resolve_voucher(
            BOARD, table({"reverse_direction": True}), deck.voucher("voucher-free-cab-fare-ahead-1")
        ),
        IllegalMoveError,
        "Reverse Direction",
    ),
    (
        "a second voucher in one turn",
        lambda: resolve_voucher(
            BOARD,
            table(voucher_played_this_turn=True),
            deck.voucher("voucher-free-cab-fare-ahead-1"),
        ),
        IllegalMoveError,
        "only one per turn",
    ),
    (
        "a voucher nobody holds",
        lambda: resolve_voucher(
            BOARD, table({"vouchers": 0}), deck.voucher("voucher-free-cab-fare-ahead-1")
        ),
        IllegalMoveError,
        "holds no Travel Voucher",
    ),
    (
        "a Bus Ticket past the end of the side",
        lambda: resolve_voucher(
            BOARD, table(), deck.voucher("voucher-bus-ticket"), to=space("Kentucky Avenue")
        ),
        IllegalMoveError,
        "'Kentucky Avenue' (middle:21) is not one",
    ),
    (
        "a Transit Token to a street",
        lambda: resolve_voucher(
            BOARD, table(), deck.voucher("voucher-transit-token"), to=space("Boardwalk")
        ),
        IllegalMoveError,
        "a transit station on the middle track",
    ),
    (
        "a choosing card without a choice",
        lambda: resolve_card(BOARD, table(), deck.card("chance-gps-is-not-working")),
        IllegalMoveError,
        "name the space",
    ),
    (
        "Buyer's Market to an owned property",
        lambda: resolve_card(
            BOARD,
            table(properties={"Lake Street": {"owner": "Bob"}}),
            deck.card("chance-buyers-market"),
            to=space("Lake Street"),
        ),
        IllegalMoveError,
        "not 'Lake Street'",
    ),
    (
        "a card offering two moves without the option",
        lambda: resolve_card(BOARD, table(), deck.card("cc-april-15-taxes-due")),
        IllegalMoveError,
        "--option 1 or 2",
    ),
    (
        "Be Kind, Rewind without its roll",
        lambda: resolve_card(BOARD, table(), deck.card("cc-be-kind-rewind")),
        IllegalMoveError,
        "needs a new roll of the two regular dice",
    ),
    (
        "an unknown card id",
        lambda: deck.card("chance-advance-to-boardwlk"),
        UnknownCardError,
        "'chance-advance-to-boardwalk'",
    ),
]


@pytest.mark.parametrize(
    ("ask", "error", "message"),
    [(r[1], r[2], r[3]) for r in REJECTED],
    ids=[r[0] for r in REJECTED],
)
def test_refused(ask: Callable[[], object], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        ask()
    assert message in str(info.value)
    assert isinstance(info.value, CompanionError)
    assert "\n" not in str(info.value)
