"""Rent owed on landing, by table, one rule a row (rulings P2, P3; railroads and cab companies).

Ann lands; Bob owns what each row gives him. Every row also checks that ``is_rent_owed``
agrees: rent is owed exactly when the amount is not 0. A mortgaged deed collects nothing but is
still owned, so it counts towards a group, a railroad count or a utility multiplier (the Classic
rules, ``002`` "Paying rent" and ``003`` "Landing on the Railroads").
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.editions import edition
from companion.rules.rent import is_rent_owed, rent_owed
from companion.rules.situation import Situation

BOARD = edition("ultimate").board
DICE = 7

RAILROADS = ("Reading Railroad", "Pennsylvania Railroad", "B&O Railroad", "Short Line")
# Every railroad is a transit station, so its name alone names two spaces.
READING = "middle:5"
CABS = ("Checker Cab Company", "Black & White Cab Company", "Yellow Cab Company", "Ute Cab Company")
# Electric Company first: the rows land on it.
UTILITIES = (
    "Electric Company",
    "Water Works",
    "Telephone Company",
    "Gas Company",
    "Cable Company",
    "Internet Service Provider",
    "Trash Collector",
    "Sewage System",
)
RED = ("Kentucky Avenue", "Indiana Avenue", "Illinois Avenue")
DARK_BLUE = ("Park Place", "Boardwalk")
GOLD = ("South Temple", "West Temple", "North Temple", "Temple Square")


def bob(*names: str, **holding: Any) -> dict[str, dict[str, Any]]:
    """``properties`` entries giving each of ``names`` to Bob (or ``owner=``), with ``holding``."""
    return {name: {"owner": "Bob", **holding} for name in names}


def situation(properties: dict[str, dict[str, Any]]) -> Situation:
    return Situation.parse(
        {
            "players": [{"name": "Ann", "position": "GO"}, {"name": "Bob", "position": "GO"}],
            "properties": properties,
        }
    )


def assert_rent(
    properties: dict[str, dict[str, Any]], space: str, expected: int, *, dice_total: int = DICE
) -> None:
    s, landed = situation(properties), BOARD.space(space)

    assert rent_owed(BOARD, s, landed, "Ann", dice_total=dice_total) == expected
    assert is_rent_owed(s, landed, "Ann") is (expected != 0)


# -- Nothing owed ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("properties", "space"),
    [
        pytest.param({}, "Boardwalk", id="unowned street"),
        pytest.param(bob("Park Place"), "Boardwalk", id="unowned street, other lot owned"),
        pytest.param({}, READING, id="unowned railroad"),
        pytest.param({}, "Electric Company", id="unowned utility"),
        pytest.param(bob(*DARK_BLUE, owner="Ann"), "Boardwalk", id="own street"),
        pytest.param(bob(*RAILROADS, owner="Ann"), READING, id="own railroad"),
        pytest.param(bob(*UTILITIES, owner="Ann"), "Electric Company", id="own utility"),
        pytest.param(bob(*CABS, owner="Ann"), "Checker Cab Company", id="own cab company"),
        pytest.param(
            {**bob("Boardwalk", mortgaged=True), **bob("Park Place")},
            "Boardwalk",
            id="mortgaged street",
        ),
        pytest.param(bob("Reading Railroad", mortgaged=True), READING, id="mortgaged railroad"),
        pytest.param(
            bob("Electric Company", mortgaged=True), "Electric Company", id="mortgaged utility"
        ),
        pytest.param(
            bob("Checker Cab Company", mortgaged=True),
            "Checker Cab Company",
            id="mortgaged cab company",
        ),
        pytest.param(bob(*RAILROADS), "GO", id="not a property"),
        pytest.param(bob(*RAILROADS), "middle:7", id="not a property (Chance)"),
    ],
)
def test_no_rent(properties: dict[str, dict[str, Any]], space: str) -> None:
    assert_rent(properties, space, 0)


# -- Streets (P2) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("properties", "space", "expected"),
    [
        pytest.param(bob("Kentucky Avenue"), "Kentucky Avenue", 18, id="one lot of 3: base"),
        pytest.param(
            bob("Kentucky Avenue", "Indiana Avenue"),
            "Kentucky Avenue",
            36,
            id="majority of 3 doubles",
        ),
        pytest.param(
            bob("Kentucky Avenue", "Illinois Avenue"),
            "Illinois Avenue",
            40,
            id="majority of 3 doubles the lot landed on",
        ),
        pytest.param(
            {**bob("Kentucky Avenue", "Illinois Avenue"), **bob("Indiana Avenue", owner="Ann")},
            "Kentucky Avenue",
            36,
            id="majority while the payer owns the third",
        ),
        pytest.param(bob(*RED), "Kentucky Avenue", 54, id="whole group of 3 triples"),
        pytest.param(bob(*RED), "Illinois Avenue", 60, id="whole group of 3 triples, dearer lot"),
        pytest.param(
            {**bob("Kentucky Avenue", "Illinois Avenue"), **bob("Indiana Avenue", mortgaged=True)},
            "Kentucky Avenue",
            54,
            id="a mortgaged lot counts for the group",
        ),
        pytest.param(
            {**bob("Kentucky Avenue"), **bob("Indiana Avenue", mortgaged=True)},
            "Kentucky Avenue",
            36,
            id="a mortgaged lot counts for the majority",
        ),
        pytest.param(bob("Park Place"), "Park Place", 35, id="one lot of 2: base"),
        pytest.param(bob("Boardwalk"), "Boardwalk", 50, id="one lot of 2 is no majority"),
        pytest.param(bob(*DARK_BLUE), "Park Place", 105, id="both lots of 2 triple"),
        pytest.param(bob(*DARK_BLUE), "Boardwalk", 150, id="both lots of 2 triple, Boardwalk"),
        pytest.param(
            bob("South Temple", "West Temple"),
            "South Temple",
            32,
            id="half of a group of 4 is no majority",
        ),
        pytest.param(
            bob("South Temple", "West Temple", "North Temple"),
            "South Temple",
            64,
            id="3 of 4 is a majority",
        ),
        pytest.param(bob(*GOLD), "North Temple", 114, id="whole group of 4 triples"),
    ],
)
def test_unimproved_street(
    properties: dict[str, dict[str, Any]], space: str, expected: int
) -> None:
    assert_rent(properties, space, expected)


@pytest.mark.parametrize(
    ("buildings", "park_place", "boardwalk"),
    [
        ("1 house", 175, 200),
        ("2 houses", 500, 600),
        ("3 houses", 1100, 1400),
        ("4 houses", 1300, 1700),
        ("hotel", 1500, 2000),
        ("skyscraper", 2500, 3000),
    ],
)
def test_buildings_rent_is_read_from_the_deed(
    buildings: str, park_place: int, boardwalk: int
) -> None:
    properties = bob(*DARK_BLUE, buildings=buildings)

    assert_rent(properties, "Park Place", park_place)
    assert_rent(properties, "Boardwalk", boardwalk)


@pytest.mark.parametrize(
    ("buildings", "expected"),
    [("4 houses", 1425), ("hotel", 1650), ("skyscraper", 2650)],
)
def test_north_temple_rent_has_the_misprint_corrected(buildings: str, expected: int) -> None:
    """D2: the deed prints hotel 1275 and skyscraper 1650, below its own 4-house rent."""
    assert_rent(bob(*GOLD, buildings=buildings), "North Temple", expected)
    assert_rent(bob(*GOLD, buildings=buildings), "Temple Square", expected)


def test_houses_on_a_majority_are_not_doubled() -> None:
    assert_rent(
        bob("Kentucky Avenue", "Indiana Avenue", buildings="1 house"), "Kentucky Avenue", 90
    )


def test_street_rent_does_not_depend_on_the_dice() -> None:
    for dice_total in (0, 2, 12, 15):
        assert_rent(bob(*RED), "Kentucky Avenue", 54, dice_total=dice_total)


# -- Railroads and cab companies ------------------------------------------------------------


@pytest.mark.parametrize(("count", "expected"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_number_owned(count: int, expected: int) -> None:
    assert_rent(bob(*RAILROADS[:count]), READING, expected)


@pytest.mark.parametrize(
    ("properties", "expected"),
    [
        pytest.param(bob("Reading Railroad", depot=True), 50, id="one railroad with a depot"),
        pytest.param(bob(*RAILROADS, depot=True), 400, id="four railroads with depots"),
        pytest.param(
            {**bob("Reading Railroad"), **bob("B&O Railroad", depot=True)},
            50,
            id="a depot elsewhere doubles only its own railroad",
        ),
        pytest.param(
            {**bob("Reading Railroad", depot=True), **bob("B&O Railroad", mortgaged=True)},
            100,
            id="a mortgaged railroad counts as owned",
        ),
    ],
)
def test_a_train_depot_doubles_railroad_rent(
    properties: dict[str, dict[str, Any]], expected: int
) -> None:
    assert_rent(properties, READING, expected)


@pytest.mark.parametrize("space", ["middle:15", "inner:9"])
@pytest.mark.parametrize(
    ("properties", "expected"),
    [
        pytest.param(bob("Pennsylvania Railroad"), 25, id="the station alone"),
        pytest.param(
            bob("Pennsylvania Railroad", "Reading Railroad"), 50, id="the station and one other"
        ),
        pytest.param(bob(*RAILROADS), 200, id="all four"),
    ],
)
def test_a_transit_station_counts_once_from_either_space(
    properties: dict[str, dict[str, Any]], expected: int, space: str
) -> None:
    assert_rent(properties, space, expected)


@pytest.mark.parametrize(("count", "expected"), [(1, 30), (2, 60), (3, 120), (4, 240)])
def test_cab_company_rent_by_number_owned(count: int, expected: int) -> None:
    assert_rent(bob(*CABS[:count]), "Checker Cab Company", expected)


@pytest.mark.parametrize(("count", "expected"), [(1, 60), (4, 480)])
def test_a_cab_stand_doubles_cab_company_rent(count: int, expected: int) -> None:
    assert_rent(bob(*CABS[:count], cab_stand=True), "Checker Cab Company", expected)


# -- Utilities (P3) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, 28), (2, 70), (3, 140), (4, 280), (5, 560), (6, 700), (7, 840), (8, 1050)],
)
def test_utility_rent_is_a_multiple_of_the_dice(count: int, expected: int) -> None:
    """P3: 4, 10, 20, 40, 80, 100, 120, 150 times the dice, by utilities the owner has."""
    assert_rent(bob(*UTILITIES[:count]), "Electric Company", expected)


@pytest.mark.parametrize(("dice_total", "expected"), [(3, 12), (12, 48), (18, 72)])
def test_utility_rent_follows_the_dice_total(dice_total: int, expected: int) -> None:
    assert_rent(bob("Electric Company"), "Electric Company", expected, dice_total=dice_total)


def test_a_mortgaged_utility_counts_for_the_multiplier() -> None:
    properties = {**bob("Electric Company"), **bob("Water Works", mortgaged=True)}

    assert_rent(properties, "Electric Company", 70)
