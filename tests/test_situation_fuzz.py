"""Any JSON at all is either a situation or refused with a BadSituationError: nothing else."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import BadSituationError
from companion.rules.situation import Situation

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 100)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)

VALID = {
    "players": [
        {"name": "Ann", "position": "middle:15", "vouchers": 1, "shares": {"Acme Motors": 1}},
        {
            "name": "Cy",
            "position": "GO",
            "cash": 500,
            "vouchers": ["voucher-bus-ticket"],
            "cards": ["chance-just-say-no"],
            "roll_three": ["1-2-3"],
            "shares": {"Acme Motors": 2},
            "mortgaged_shares": {"Acme Motors": 1},
        },
        {"name": "Bob", "position": "middle:10", "in_jail": True, "jail_turns": 1},
    ],
    "to_move": "Ann",
    "properties": {
        "Boardwalk": {"owner": "Bob", "buildings": "hotel"},
        "Park Place": {"owner": "Bob", "buildings": "hotel"},
        "Reading Railroad": {"owner": "Ann", "depot": True},
    },
    "doubles_this_turn": 1,
    "vouchers_left": 30,
    "pool": 100,
    "options": {"triples_pay_salaries": False},
    "building_stock": {"hotels": 29, "train_depots": 3},
    "shares_left": {"Acme Motors": 2},
    "roll_three_left": 19,
    "dividend_cuts": {"General Radio": 1},
    "pending": {
        "decision": {"kind": "roll", "player": "Ann", "answers": ["roll"], "data": {}},
        "agenda": [{"do": "doubles", "roll": [1, 2, 3]}],
        "order_rolls": {"Ann": 7},
    },
}
#: Where in VALID a random value may be put: a path of keys and list indices.
PLACES = [
    ("players",),
    ("players", 0),
    ("players", 0, "name"),
    ("players", 0, "position"),
    ("players", 0, "vouchers"),
    ("players", 0, "shares"),
    ("players", 0, "shares", "Acme Motors"),
    ("players", 1, "in_jail"),
    ("players", 1, "jail_turns"),
    ("to_move",),
    ("properties",),
    ("properties", "Boardwalk"),
    ("properties", "Boardwalk", "owner"),
    ("properties", "Boardwalk", "buildings"),
    ("properties", "Reading Railroad", "depot"),
    ("doubles_this_turn",),
    ("vouchers_left",),
    ("pool",),
    ("options",),
    ("options", "triples_pay_salaries"),
    ("version",),
    ("players", 1, "cash"),
    ("players", 1, "vouchers"),
    ("players", 1, "vouchers", 0),
    ("players", 1, "cards"),
    ("players", 1, "cards", 0),
    ("players", 1, "roll_three"),
    ("players", 1, "roll_three", 0),
    ("players", 1, "mortgaged_shares"),
    ("players", 1, "mortgaged_shares", "Acme Motors"),
    ("players", 1, "bankrupt"),
    ("players", 1, "skip_turns"),
    ("players", 2, "rent_to_pool"),
    ("players", 1, "token"),
    ("building_stock",),
    ("building_stock", "hotels"),
    ("shares_left",),
    ("shares_left", "Acme Motors"),
    ("roll_three_left",),
    ("dividend_cuts",),
    ("cash_total",),
    ("pending",),
    ("pending", "decision"),
    ("pending", "decision", "player"),
    ("pending", "decision", "answers"),
    ("pending", "agenda"),
    ("pending", "agenda", 0),
    ("pending", "order_rolls"),
    ("pending", "order_rolls", "Ann"),
]


def replaced(data: Any, place: tuple, value: object) -> Any:
    """A copy of ``data`` with ``value`` at ``place``, a path of keys and list indices."""
    data = copy.deepcopy(data)
    target = data
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    return data


def read_or_refused(read: Callable[[Any], object], data: object) -> None:
    """``read(data)`` succeeds or raises a one-line BadSituationError, and leaves ``data`` as it
    was."""
    before = copy.deepcopy(data)
    try:
        read(data)
    except BadSituationError as exc:
        assert str(exc).startswith("situation: ") and "\n" not in str(exc)
    assert data == before


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json(data: object) -> None:
    read_or_refused(Situation.parse, data)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(PLACES), json_values)
def test_a_valid_situation_with_one_field_replaced(place: tuple, value: object) -> None:
    read_or_refused(Situation.parse, replaced(VALID, place, value))
