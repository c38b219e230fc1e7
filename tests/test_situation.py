"""Reading a table situation: defaults, the accepted spellings, and every rejection.

Each rejection must be a :class:`BadSituationError` (a ``ValueError`` too) whose message names
the field's path and quotes the bad value, so the table can show it as it is.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from companion.editions import edition
from companion.errors import BadSituationError
from companion.rules.situation import Holding, Options, Player, Situation
from companion.rules.table import UNNAMED_VOUCHER

BOARD = edition("ultimate").board
GO = BOARD.space("middle:0")
JAIL = BOARD.space("middle:10")
STATES_AVENUE = BOARD.space("middle:13")


def table(*players: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A situation in its JSON form: Ann on GO unless players are given, plus top-level fields."""
    return {"players": list(players) or [{"name": "Ann", "position": "GO"}], **fields}


def ann(**fields: Any) -> dict[str, Any]:
    return {"name": "Ann", "position": "GO", **fields}


def bob(**fields: Any) -> dict[str, Any]:
    return {"name": "Bob", "position": "GO", **fields}


def owned(**properties: Any) -> dict[str, Any]:
    """A two-player situation (Ann, Bob) with the given ``properties`` field."""
    return table(ann(), bob(), properties=properties)


# -- Defaults -------------------------------------------------------------------------------


def test_fresh_is_one_player_with_the_starting_voucher_and_nothing_owned() -> None:
    assert Situation.fresh(STATES_AVENUE) == Situation(
        players=(Player(name="Player", position=STATES_AVENUE, vouchers=(UNNAMED_VOUCHER,)),),
        to_move="Player",
        holdings=MappingProxyType({}),
        doubles_this_turn=0,
        voucher_played_this_turn=False,
        vouchers_left=35,
        pool=0,
        options=Options(triples_pay_salaries=True),
    )


def test_fresh_takes_the_player_name() -> None:
    situation = Situation.fresh(GO, name="Ann")

    assert [p.name for p in situation.players] == ["Ann"]
    assert situation.to_move == "Ann"


def test_omitted_fields_take_their_defaults() -> None:
    # P10: a player starts with one Travel Voucher, so 35 are left to draw: a fresh situation.
    assert Situation.parse(table(ann())) == Situation.fresh(GO, name="Ann")


def test_every_field_is_read() -> None:
    data = table(
        ann(
            position="States Avenue", vouchers=2, shares={"Acme Motors": 2}, reverse_direction=True
        ),
        bob(position="middle:10", in_jail=True, jail_turns=2, subway=False, transit_token=False),
        to_move="Bob",
        properties={
            "Park Place": {"owner": "Ann", "buildings": "hotel"},
            "Boardwalk": {"owner": "Ann", "buildings": "hotel"},
            "Baltic Avenue": {"owner": "Bob", "mortgaged": True},
            "Reading Railroad": {"owner": "Bob", "depot": True},
            "Checker Cab Company": {"owner": "Bob", "cab_stand": True},
        },
        doubles_this_turn=1,
        voucher_played_this_turn=True,
        vouchers_left=30,
        pool=250,
        options={"triples_pay_salaries": False},
    )

    assert Situation.parse(data) == Situation(
        players=(
            Player(
                name="Ann",
                position=STATES_AVENUE,
                reverse_direction=True,
                vouchers=(UNNAMED_VOUCHER,) * 2,
                shares=MappingProxyType({"Acme Motors": 2}),
            ),
            Player(
                name="Bob",
                position=JAIL,
                in_jail=True,
                jail_turns=2,
                vouchers=(UNNAMED_VOUCHER,),
            ),
        ),
        to_move="Bob",
        holdings=MappingProxyType(
            {
                "Park Place": Holding("Ann", level=5),
                "Boardwalk": Holding("Ann", level=5),
                "Baltic Avenue": Holding("Bob", mortgaged=True),
                "Reading Railroad": Holding("Bob", improved=True),
                "Checker Cab Company": Holding("Bob", improved=True),
            }
        ),
        doubles_this_turn=1,
        voucher_played_this_turn=True,
        vouchers_left=30,
        pool=250,
        options=Options(triples_pay_salaries=False),
    )


@pytest.mark.parametrize(
    ("buildings", "level"),
    [
        ("none", 0),
        ("1 house", 1),
        ("2 houses", 2),
        ("3 houses", 3),
        ("4 houses", 4),
        ("hotel", 5),
        ("skyscraper", 6),
    ],
)
def test_buildings_are_read_as_a_level(buildings: str, level: int) -> None:
    both = {"owner": "Bob", "buildings": buildings}
    situation = Situation.parse(owned(Boardwalk=both, **{"Park Place": both}))

    assert situation.holdings["Boardwalk"] == Holding("Bob", level=level)


def test_the_documented_example_is_read(repo_root: Path) -> None:
    doc = (repo_root / "docs" / "situation.md").read_text("utf-8")
    block = re.search(r"```json\n(.*?)```", doc, re.DOTALL)
    assert block is not None

    situation = Situation.parse(json.loads(block.group(1)))

    assert [(p.name, p.position.key) for p in situation.players] == [
        ("Ann", "middle:13"),
        ("Bob", "outer:24"),
    ]
    assert len(situation.player("Ann").vouchers) == 1
    assert situation.player("Ann").shares == {"Motion Pictures": 2}
    assert situation.holdings == {
        "Boardwalk": Holding("Bob", level=5),
        "Park Place": Holding("Bob", level=5),
        "Baltic Avenue": Holding("Ann", mortgaged=True),
        "Reading Railroad": Holding("Ann", improved=True),
        "Checker Cab Company": Holding("Bob"),
    }
    assert (situation.to_move, situation.vouchers_left) == ("Ann", 34)


# -- Accepted spellings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "key"),
    [
        ("GO", "middle:0"),
        ("States Avenue", "middle:13"),
        ("states avenue", "middle:13"),
        ("  STATES AVENUE  ", "middle:13"),
        ("Boardw", "middle:39"),
        ("middle:13", "middle:13"),
        ("MIDDLE:13", "middle:13"),
        ("inner:9", "inner:9"),
        ("outer:55", "outer:55"),
        ("middle:15", "middle:15"),
    ],
)
def test_a_position_is_a_space_name_or_track_index(position: str, key: str) -> None:
    situation = Situation.parse(table(ann(position=position)))

    assert situation.player("Ann").position == BOARD.space(key)


def test_to_move_defaults_to_the_first_player() -> None:
    assert Situation.parse(table(bob(), ann())).to_move == "Bob"


@pytest.mark.parametrize("to_move", ["ann", "ANN", " Ann "])
def test_to_move_ignores_case_and_keeps_the_players_spelling(to_move: str) -> None:
    situation = Situation.parse(table(bob(), ann(), to_move=to_move))

    assert situation.to_move == "Ann"
    assert situation.player().name == "Ann"


def test_an_owner_ignores_case_and_keeps_the_players_spelling() -> None:
    situation = Situation.parse(owned(Boardwalk={"owner": "bob"}))

    assert situation.holdings["Boardwalk"] == Holding("Bob")
    assert situation.owner("Boardwalk") == "Bob"


@pytest.mark.parametrize(
    ("vouchers", "held", "left"),
    [
        (0, 0, 36),
        (3, 3, 33),
        ([], 0, 36),
        (["voucher-bus-ticket"], 1, 35),
        (["voucher-bus-ticket", "voucher-transit-token"], 2, 34),
    ],
)
def test_vouchers_are_a_count_or_a_list(vouchers: Any, held: int, left: int) -> None:
    situation = Situation.parse(table(ann(vouchers=vouchers)))

    assert len(situation.player("Ann").vouchers) == held
    # A count names none of them (none to name in a count of 0).
    assert situation.player("Ann").vouchers_named == (isinstance(vouchers, list) or not held)
    assert situation.vouchers_left == left
    assert Situation.parse(situation.to_json()) == situation


def test_vouchers_left_defaults_to_those_no_player_holds() -> None:
    situation = Situation.parse(table(ann(vouchers=2), bob(vouchers=["voucher-bus-ticket"])))

    assert situation.vouchers_left == 33


def test_shares_are_read_per_company() -> None:
    shares = {"Acme Motors": 5, "Motion Pictures": 0, "General Radio": 1}

    situation = Situation.parse(table(ann(shares=shares)))

    assert dict(situation.player("Ann").shares) == shares


def test_a_parsed_situation_is_immutable() -> None:
    situation = Situation.parse(owned(Boardwalk={"owner": "Bob"}))

    with pytest.raises(dataclasses.FrozenInstanceError):
        situation.pool = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        situation.holdings["Park Place"] = Holding("Bob")  # type: ignore[index]
    with pytest.raises(TypeError):
        situation.players[0].shares["Acme Motors"] = 1  # type: ignore[index]


def test_parsing_does_not_modify_its_input() -> None:
    data = table(
        ann(vouchers=["voucher-bus-ticket"], shares={"Acme Motors": 2}),
        bob(position="middle:10", in_jail=True),
        to_move="bob",
        properties={
            "Boardwalk": {"owner": "ann", "buildings": "hotel"},
            "Park Place": {"owner": "ann", "buildings": "hotel"},
        },
        options={"triples_pay_salaries": False},
    )
    before = copy.deepcopy(data)

    Situation.parse(data)

    assert data == before


# -- Rejections -----------------------------------------------------------------------------

REJECTIONS = [
    # (id, situation, field path, the bad value as the message quotes it)
    ("not an object", [], "top level", "[]"),
    ("unknown top-level key", table(colour="red"), "top level", "'colour'"),
    ("unsupported version", table(version=2), "version", "2"),
    ("version as text", table(version="1"), "version", "'1'"),
    ("version true", table(version=True), "version", "True"),
    ("no players", {}, "players", "at least one player"),
    ("empty players", {"players": []}, "players", "at least one player"),
    ("players not a list", {"players": "Ann"}, "players", '"Ann"'),
    ("player not an object", {"players": ["Ann"]}, "players[0]", '"Ann"'),
    ("unknown player key", table(ann(money=5)), "players[0]", "'money'"),
    ("second player bad", table(ann(), {"name": "Bob"}), "players[1].position", "missing"),
    ("no name", table({"position": "GO"}), "players[0].name", "null"),
    ("blank name", table(ann(name="  ")), "players[0].name", '"  "'),
    ("name not text", table(ann(name=5)), "players[0].name", "5"),
    ("same name twice", table(ann(), ann(name="ann")), "players[1].name", "'ann'"),
    (
        "a sixth share",
        table(ann(shares={"Acme Motors": 3}), bob(shares={"Acme Motors": 3})),
        "players",
        "'Acme Motors'",
    ),
    ("jail turns out of jail", table(ann(jail_turns=1)), "players[0].jail_turns", "1"),
    (
        "a Transit Token off a station",
        table(ann(transit_token=True)),
        "players[0].transit_token",
        "'GO'",
    ),
    (
        "a Subway ride off the Subway",
        table(ann(subway=True)),
        "players[0].subway",
        "'GO'",
    ),
    (
        "not a voucher id",
        table(ann(vouchers=["voucher-bus-ticket", "bus"])),
        "players[0].vouchers[1]",
        '"bus"',
    ),
    (
        "houses without a majority",
        owned(
            **{
                "Illinois Avenue": {"owner": "Bob", "buildings": "1 house"},
                "Indiana Avenue": {"owner": "Ann"},
            }
        ),
        "properties.Illinois Avenue.buildings",
        "'1 house'",
    ),
    (
        "a house on one lot of a group of two",
        owned(Boardwalk={"owner": "Bob", "buildings": "1 house"}),
        "properties.Boardwalk.buildings",
        "'1 house' needs every lot of the 2 lots of the group (P2), and Bob owns 1",
    ),
    (
        "a skyscraper without the whole group",
        owned(
            **{
                n: {"owner": "Bob", "buildings": "skyscraper"}
                for n in ("Illinois Avenue", "Indiana Avenue")
            }
        ),
        "properties.Illinois Avenue.buildings",
        "'skyscraper'",
    ),
    (
        "houses beside a mortgaged lot",
        owned(
            **{
                "Illinois Avenue": {"owner": "Bob", "buildings": "1 house"},
                "Indiana Avenue": {"owner": "Bob"},
                "Kentucky Avenue": {"owner": "Bob", "mortgaged": True},
            }
        ),
        "properties.Illinois Avenue.buildings",
        "'Kentucky Avenue'",
    ),
    ("no position", table({"name": "Ann"}), "players[0].position", "missing"),
    ("unknown position", table(ann(position="Nowhere")), "players[0].position", "'Nowhere'"),
    ("misspelt position", table(ann(position="Boardwlk")), "players[0].position", "'Boardwlk'"),
    ("ambiguous position", table(ann(position="Chance")), "players[0].position", "'middle:7'"),
    ("index off the track", table(ann(position="outer:56")), "players[0].position", "'outer:56'"),
    ("negative index", table(ann(position="inner:-1")), "players[0].position", "'inner:-1'"),
    ("position not text", table(ann(position=13)), "players[0].position", "13"),
    ("in jail off the jail", table(ann(in_jail=True)), "players[0].position", "'GO'"),
    ("in_jail not a boolean", table(ann(in_jail="yes")), "players[0].in_jail", '"yes"'),
    ("jail_turns too many", table(ann(jail_turns=3)), "players[0].jail_turns", "3"),
    ("jail_turns negative", table(ann(jail_turns=-1)), "players[0].jail_turns", "-1"),
    ("jail_turns a boolean", table(ann(jail_turns=True)), "players[0].jail_turns", "true"),
    ("jail_turns a fraction", table(ann(jail_turns=1.5)), "players[0].jail_turns", "1.5"),
    (
        "reverse_direction a number",
        table(ann(reverse_direction=1)),
        "players[0].reverse_direction",
        "1",
    ),
    ("subway as text", table(ann(subway="no")), "players[0].subway", '"no"'),
    ("transit_token null", table(ann(transit_token=None)), "players[0].transit_token", "null"),
    ("vouchers negative", table(ann(vouchers=-1)), "players[0].vouchers", "-1"),
    ("vouchers too many", table(ann(vouchers=37)), "players[0].vouchers", "37"),
    ("vouchers as text", table(ann(vouchers="2")), "players[0].vouchers", '"2"'),
    (
        "shares not an object",
        table(ann(shares=["Acme Motors"])),
        "players[0].shares",
        '["Acme Motors"]',
    ),
    ("unknown company", table(ann(shares={"Acme": 1})), "players[0].shares", "'Acme'"),
    ("six shares", table(ann(shares={"Acme Motors": 6})), "players[0].shares.Acme Motors", "6"),
    (
        "negative shares",
        table(ann(shares={"Acme Motors": -1})),
        "players[0].shares.Acme Motors",
        "-1",
    ),
    ("to_move not a player", table(ann(), to_move="Zed"), "to_move", "'Zed'"),
    ("to_move null", table(ann(), to_move=None), "to_move", "null"),
    ("properties not an object", table(properties=["Boardwalk"]), "properties", '["Boardwalk"]'),
    ("unknown property", owned(Boardwlk={"owner": "Bob"}), "properties", "'Boardwlk'"),
    ("not a property", owned(Chance={"owner": "Bob"}), "properties", "'Chance'"),
    ("holding not an object", owned(Boardwalk="Bob"), "properties.Boardwalk", '"Bob"'),
    (
        "unknown holding key",
        owned(Boardwalk={"owner": "Bob", "houses": 2}),
        "properties.Boardwalk",
        "'houses'",
    ),
    ("no owner", owned(Boardwalk={}), "properties.Boardwalk.owner", "null"),
    (
        "owner not a player",
        owned(Boardwalk={"owner": "Zed"}),
        "properties.Boardwalk.owner",
        "'Zed'",
    ),
    (
        "buildings not a level",
        owned(Boardwalk={"owner": "Bob", "buildings": "5 houses"}),
        "properties.Boardwalk.buildings",
        "'5 houses'",
    ),
    (
        "buildings as a number",
        owned(Boardwalk={"owner": "Bob", "buildings": 7}),
        "properties.Boardwalk.buildings",
        "7",
    ),
    (
        "buildings on a railroad",
        owned(**{"Reading Railroad": {"owner": "Bob", "buildings": "hotel"}}),
        "properties.Reading Railroad.buildings",
        "'Reading Railroad'",
    ),
    (
        "buildings on a utility",
        owned(**{"Water Works": {"owner": "Bob", "buildings": "1 house"}}),
        "properties.Water Works.buildings",
        "'Water Works'",
    ),
    (
        "depot on a street",
        owned(Boardwalk={"owner": "Bob", "depot": True}),
        "properties.Boardwalk.depot",
        "'Boardwalk'",
    ),
    (
        "cab stand on a railroad",
        owned(**{"Reading Railroad": {"owner": "Bob", "cab_stand": True}}),
        "properties.Reading Railroad.cab_stand",
        "'Reading Railroad'",
    ),
    (
        "depot as text",
        owned(**{"Reading Railroad": {"owner": "Bob", "depot": "yes"}}),
        "properties.Reading Railroad.depot",
        '"yes"',
    ),
    (
        "mortgaged as text",
        owned(Boardwalk={"owner": "Bob", "mortgaged": "yes"}),
        "properties.Boardwalk.mortgaged",
        '"yes"',
    ),
    (
        "mortgaged with a hotel",
        owned(Boardwalk={"owner": "Bob", "mortgaged": True, "buildings": "hotel"}),
        "properties.Boardwalk",
        "mortgaged",
    ),
    (
        "mortgaged with a depot",
        owned(**{"Reading Railroad": {"owner": "Bob", "mortgaged": True, "depot": True}}),
        "properties.Reading Railroad",
        "mortgaged",
    ),
    ("doubles_this_turn 3", table(doubles_this_turn=3), "doubles_this_turn", "3"),
    ("doubles_this_turn negative", table(doubles_this_turn=-1), "doubles_this_turn", "-1"),
    (
        "voucher_played_this_turn as text",
        table(voucher_played_this_turn="no"),
        "voucher_played_this_turn",
        '"no"',
    ),
    ("vouchers_left too many", table(vouchers_left=37), "vouchers_left", "37"),
    ("vouchers_left negative", table(vouchers_left=-1), "vouchers_left", "-1"),
    (
        "more vouchers than the game has",
        table(ann(vouchers=30), vouchers_left=10),
        "vouchers_left",
        "10",
    ),
    ("pool negative", table(pool=-5), "pool", "-5"),
    ("pool a fraction", table(pool=12.5), "pool", "12.5"),
    ("pool as text", table(pool="100"), "pool", '"100"'),
    ("options not an object", table(options=True), "options", "true"),
    (
        "unknown option",
        table(options={"free_parking_jackpot": True}),
        "options",
        "'free_parking_jackpot'",
    ),
    (
        "option not a boolean",
        table(options={"triples_pay_salaries": "on"}),
        "options.triples_pay_salaries",
        '"on"',
    ),
]


@pytest.mark.parametrize(
    ("data", "path", "bad"),
    [pytest.param(data, path, bad, id=name) for name, data, path, bad in REJECTIONS],
)
def test_a_bad_situation_is_rejected_naming_the_field_and_value(
    data: Any, path: str, bad: str
) -> None:
    message = refusal(Situation.parse, data)

    assert message.startswith(f"situation: {path}: "), message
    assert bad in message


def refusal(read: Callable[[Any], object], data: Any) -> str:
    """The message ``read(data)`` refuses ``data`` with: one line, of a
    :class:`BadSituationError` (a ``ValueError`` too), and ``data`` left as it was."""
    before = copy.deepcopy(data)

    with pytest.raises(BadSituationError) as caught:
        read(data)

    message = str(caught.value)
    assert type(caught.value) is BadSituationError
    assert isinstance(caught.value, ValueError)
    assert "\n" not in message
    assert data == before
    return message


def test_a_situation_round_trips_through_its_json() -> None:
    data = {
        "players": [
            {"name": "Ann", "position": "middle:10", "in_jail": True, "jail_turns": 2, "vouchers": 3,
             "shares": {"Motion Pictures": 2}},
            {"name": "Bob", "position": "Subway", "subway": True},
        ],
        "to_move": "Bob",
        "properties": {
            "Boardwalk": {"owner": "Bob", "buildings": "hotel"},
            "Park Place": {"owner": "Bob", "buildings": "hotel"},
            "Baltic Avenue": {"owner": "Ann", "mortgaged": True},
            "Reading Railroad": {"owner": "Ann", "depot": True},
        },
        "pool": 75,
        "vouchers_left": 30,
    }  # fmt: skip
    s = Situation.parse(data)
    assert Situation.parse(s.to_json()) == s


# -- What the banker needs too --------------------------------------------------------------

BANKER = table(
    ann(
        token="car",
        colour="red",
        cash=1850,
        vouchers=["voucher-bus-ticket"],
        roll_three=["6-3-1"],
        cards=["chance-get-out-of-jail-free", "chance-just-say-no"],
        shares={"Acme Motors": 2},
        mortgaged_shares={"Acme Motors": 1},
        skip_turns=1,
    ),
    bob(position="middle:10", in_jail=True, rent_to_pool=True, cash=0, vouchers=[]),
    {"name": "Cy", "position": "GO", "bankrupt": True},
    properties={
        "Park Place": {"owner": "Ann", "buildings": "hotel"},
        "Boardwalk": {"owner": "Ann", "buildings": "skyscraper"},
        "Baltic Avenue": {"owner": "Bob", "buildings": "2 houses"},
        "Mediterranean Avenue": {"owner": "Bob", "buildings": "3 houses"},
        "Reading Railroad": {"owner": "Bob", "depot": True},
    },
    pool=150,
    cash_total=2000,
    building_stock={"houses": 76, "hotels": 30, "skyscrapers": 15, "train_depots": 3},
    shares_left={"Acme Motors": 3, "Motion Pictures": 5},
    roll_three_left=19,
    dividend_cuts={"General Radio": 2},
    options={"time_limit": True},
)


def test_the_bankers_fields_are_read() -> None:
    situation = Situation.parse(BANKER)

    a, b, c = situation.players
    assert (a.token, a.colour, a.cash, a.vouchers, a.vouchers_named) == (
        "car",
        "red",
        1850,
        ("voucher-bus-ticket",),
        True,
    )
    assert a.roll_three == ("1-3-6",)  # the dice in order, as the banker keeps them
    assert a.cards == ("chance-get-out-of-jail-free", "chance-just-say-no")
    assert (dict(a.mortgaged_shares), a.skip_turns) == ({"Acme Motors": 1}, 1)
    assert b.rent_to_pool and b.cash == 0 and not b.bankrupt
    assert c.bankrupt and c.vouchers == () and c.cash is None
    assert situation.dividend_cuts == {"General Radio": 2}
    assert situation.options == Options(time_limit=True)
    assert situation.building_stock() == {
        "houses": 76,
        "hotels": 30,
        "skyscrapers": 15,
        "train_depots": 3,
        "cab_stands": 4,
    }
    assert situation.shares_left()["Acme Motors"] == 3
    assert situation.roll_three_left() == 19
    assert situation.cards_out() == {"chance-get-out-of-jail-free": 1, "chance-just-say-no": 1}


def test_a_bankers_situation_round_trips_through_its_json() -> None:
    s = Situation.parse(BANKER)
    data = s.to_json()
    assert Situation.parse(data) == s
    assert data["vouchers_left"] == 35 and data["roll_three_left"] == 19


def test_vouchers_left_by_id() -> None:
    left = {"voucher-bus-ticket": 11} | {
        v: 3 for v in ("voucher-transit-token", "voucher-bus-ticket-expiring")
    }
    left |= {f"voucher-free-cab-fare-{w}-{n}": 3 for w in ("back", "ahead") for n in (1, 2, 3)}

    situation = Situation.parse(
        table(ann(vouchers=["voucher-bus-ticket"]), bob(vouchers=[]), vouchers_left=left)
    )

    assert situation.vouchers_left == 35 and situation.vouchers_left_by_id == left
    assert Situation.parse(situation.to_json()) == situation


def test_pending_is_kept_as_the_log_holds_it() -> None:
    pending = {
        "decision": {"id": 7, "kind": "roll", "player": "Bob", "answers": ["roll"], "x": [1]},
        "agenda": [{"do": "doubles", "roll": [1, 2, 3]}],
        "order_rolls": {"Ann": 7},
    }
    situation = Situation.parse(table(ann(), bob(), pending=pending))
    assert situation.pending == pending
    assert situation.to_json()["pending"] == pending
