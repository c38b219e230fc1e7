"""The Bank's supply of buildings: selling down in a shortage (B4) and the building auction (P11).

Each test follows the rules' words: ``000`` "Improving & Mortgaging Properties" for selling
back, ``002`` "Building shortages" for the auction; through the engine, then through
``companion play --from`` a table situation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.banker.options import anytime_options
from companion.banker.state import GameState
from companion.game import Game
from companion.log.gamelog import GameLog
from tests.banker import BOARD, do, own, rejected, table
from tests.test_start_situation import cli

ORANGE = ("St. James Place", "Tennessee Avenue", "New York Avenue")
#: The colour groups Bob fills up the Bank's piles with: neither orange nor dark blue.
OTHERS = [g for g in BOARD.groups if g not in ("orange", "dark blue")]
LEVELS = {0: "none", 1: "1 house", 2: "2 houses", 3: "3 houses", 4: "4 houses", 5: "hotel"}


def bobs_houses(houses: int) -> dict[str, int]:
    """Bob's whole groups, built evenly (4 houses a lot, then the rest spread on the next
    group), so that the Bank has ``houses`` left: each lot's level."""
    levels, taken = {}, 81 - houses
    for group in OTHERS:
        lots = BOARD.groups[group]
        each, extra = divmod(min(taken, 4 * len(lots)), len(lots))
        for i, name in enumerate(lots):
            levels[name] = each + (i < extra)
        taken -= sum(levels[n] for n in lots)
        if not taken:
            return levels
    raise AssertionError(f"the groups hold fewer than {81 - houses} houses")


def bank_houses(state: GameState, player: str, houses: int) -> GameState:
    """``player`` holds :func:`bobs_houses`: the Bank has ``houses`` left."""
    for name, level in bobs_houses(houses).items():
        state = own(state, player, name, level=level)
    assert state.supply()["houses"] == houses
    return state


def options_of(state: GameState, player: str, kind: str) -> list[dict[str, Any]]:
    return [o for o in anytime_options(state, player) if o["command"]["type"] == kind]


# -- Selling back in a shortage ----------------------------------------------------------------
# ``000``: "If there are not enough Buildings left in the Bank to replace the lower level
# buildings, then you have to either not sell back anything, or sell back everything until the
# Bank is able to supply you with enough buildings to evenly replace what you had before."


def test_selling_everything_down_to_bare_lots_with_no_house_in_the_bank() -> None:
    state = own(bank_houses(table(), "Bob", 0), "Ann", *ORANGE, level=5)
    # 3 hotels, each standing for 4 houses and the hotel: 15 buildings at half of $100.
    assert options_of(state, "Ann", "sell_down") == [
        {
            "command": {"type": "sell_down", "property": "St. James Place"},
            "refund": 750,
            "levels": {name: 0 for name in ORANGE},
            "code": "option.sell_down",
            "params": {"property": "St. James Place", "amount": 750},
        }
    ]
    state = do(state, "sell_down", "Ann", property="Tennessee Avenue")
    assert [state.holdings[n].level for n in ORANGE] == [0, 0, 0]
    assert state.cash["Ann"] == 3200 + 750
    assert state.supply()["houses"] == 0 and state.supply()["hotels"] == 31
    assert state.decision.kind == "roll"


def test_selling_down_evenly_until_the_3_houses_of_the_bank_replace_what_is_left() -> None:
    state = own(bank_houses(table(), "Bob", 3), "Ann", *ORANGE, level=5)
    # "either not sell back anything": no hotel is sold alone
    assert rejected(state, "sell_building", "Ann", property="New York Avenue") == (
        "sell_building: the Bank has 3 houses, not the 4 that go back on 'New York Avenue'"
    )
    assert not options_of(state, "Ann", "sell_building")
    # "or sell back everything until the Bank is able to supply you"
    (option,) = options_of(state, "Ann", "sell_down")
    assert option["refund"] == 12 * 50 and option["levels"] == {name: 1 for name in ORANGE}
    state = do(state, "sell_down", "Ann", property="St. James Place")
    # One house on each lot is as much as the Bank's 3 houses can put back evenly.
    assert [state.holdings[n].level for n in ORANGE] == [1, 1, 1]
    assert state.cash["Ann"] == 3200 + 12 * 50
    assert state.supply()["houses"] == 0 and state.supply()["hotels"] == 31


def test_skyscrapers_come_down_to_houses_when_the_bank_has_no_hotel() -> None:
    hotels = [n for group in OTHERS for n in BOARD.groups[group]][:31]
    state = own(table(), "Bob", *hotels, level=5)
    state = own(state, "Ann", *ORANGE, level=6)
    assert state.supply()["hotels"] == 0
    assert "the Bank has no hotel to put back" in rejected(
        state, "sell_building", "Ann", property="St. James Place"
    )
    state = do(state, "sell_down", "Ann", property="St. James Place")
    assert [state.holdings[n].level for n in ORANGE] == [4, 4, 4]
    assert state.cash["Ann"] == 3200 + 6 * 50


def test_selling_down_is_refused_when_one_building_can_be_sold() -> None:
    state = own(table(), "Ann", *ORANGE, level=5)
    assert rejected(state, "sell_down", "Ann", property="St. James Place") == (
        "sell_down: the Bank can put back what goes on 'St. James Place': "
        "sell one building at a time with sell_building"
    )
    assert rejected(state, "sell_down", "Bob", property="St. James Place") == (
        "sell_down by Bob: Bob does not own 'St. James Place'"
    )
    assert not options_of(state, "Ann", "sell_down")


def situation(path: Path, properties: dict[str, Any], **ann: Any) -> Path:
    """A table of Ann and Bob at Ann's roll, written to ``path``."""
    players = [
        {"name": "Ann", "position": "GO", "cash": 1500, "vouchers": [], **ann},
        {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []},
    ]
    path.write_text(json.dumps({"players": players, "properties": properties}), "utf-8")
    return path


def short_of_houses(houses: int) -> dict[str, Any]:
    """Ann's orange hotels, and Bob's streets holding all but ``houses`` of the 81 houses."""
    properties: dict[str, Any] = {n: {"owner": "Ann", "buildings": "hotel"} for n in ORANGE}
    for name, level in bobs_houses(houses).items():
        properties[name] = {"owner": "Bob", "buildings": LEVELS[level]}
    return properties


def logged_state(db: Path) -> GameState:
    with GameLog(db, readonly=True) as log:
        return Game.resume(log).state


def test_the_prompt_sells_down_a_table_short_of_houses(tmp_path: Path) -> None:
    for houses, levels, refund in ((0, [0, 0, 0], 750), (3, [1, 1, 1], 600)):
        path = situation(tmp_path / f"short{houses}.json", short_of_houses(houses))
        db = tmp_path / f"g{houses}.db"
        lines = ("sell tennessee", "sell_down tennessee")
        status, text, err = cli("play", "--db", str(db), "--from", str(path), lines=lines)
        assert status == 0, err
        assert f"the Bank has {houses} houses, not the 4" in text + err
        state = logged_state(db)
        assert [state.holdings[n].level for n in ORANGE] == levels
        assert state.cash["Ann"] == 1500 + refund


# -- The building auction ----------------------------------------------------------------------
# ``002`` "Building shortages": "If there are a limited number of buildings available and two
# or more players wish to buy more than the Bank has, the buildings must be sold at auction to
# the highest bidder." P11: one at a time, any player who could build may bid, from $1; one
# player alone simply buys what is left.

#: Bob's lots that are short of their 4th house when the Bank has 3 left (bobs_houses(3)).
BOBS_TWO = ("Nicollet Avenue", "Hennepin Avenue")


def last_three_houses() -> GameState:
    """Ann holds the orange group bare; Bob's groups hold all but 3 of the houses, two of his
    lots with 3: both want the Bank's last 3 houses."""
    state = own(bank_houses(table(), "Bob", 3), "Ann", *ORANGE)
    assert {n: state.holdings[n].level for n in BOBS_TWO} == {n: 3 for n in BOBS_TWO}
    return state


def test_two_players_wanting_the_last_three_houses_bid_for_them_one_at_a_time() -> None:
    state = do(last_three_houses(), "build", "Ann", property="St. James Place")
    # The build takes nothing yet: the table says whether someone else wants the houses.
    assert state.decision.kind == "building_shortage" and state.cash["Ann"] == 3200
    assert state.decision.options == (
        {
            "command": {"type": "buy"},
            "property": "St. James Place",
            "price": 100,
            "code": "option.buy",
            "params": {"amount": 100},
        },
        {
            "command": {"type": "auction"},
            "pile": "houses",
            "left": 3,
            "code": "option.auction.pile",
            "params": {"count": 3},
        },
    )
    state = do(state, "auction", "Ann")
    assert state.decision.kind == "auction"
    assert state.decision.data["bidders"] == ["Ann", "Bob"]
    assert state.decision.options[0] == {
        "command": {"type": "bid"},
        "player": "Ann",
        "free": {"amount": {"min": 1, "max": 3200}},
        "code": "option.bid",
        "params": {"player": "Ann"},
    }
    # The first house: Bob outbids Ann and chooses where it goes.
    state = do(state, "bid", "Ann", amount=10)
    state = do(state, "bid", "Bob", amount=20)
    state = do(state, "pass", "Ann")
    assert state.cash["Bob"] == 3200 - 20 and state.supply()["houses"] == 3
    assert state.decision.kind == "choose_space" and state.decision.player == "Bob"
    assert [o["property"] for o in state.decision.options] == list(BOBS_TWO)
    state = do(state, "choose", "Bob", space="Hennepin Avenue")
    assert state.holdings["Hennepin Avenue"].level == 4 and state.supply()["houses"] == 2
    # The second house: Ann alone bids, $1.
    assert state.decision.kind == "auction" and state.decision.data["high"] == 0
    state = do(state, "bid", "Ann", amount=1)
    state = do(state, "pass", "Bob")
    state = do(state, "choose", "Ann", space="Tennessee Avenue")
    assert state.cash["Ann"] == 3200 - 1 and state.holdings["Tennessee Avenue"].level == 1
    # The third house: nobody bids; the Bank keeps it and Ann's turn goes on.
    state = do(state, "pass", "Ann")
    state = do(state, "pass", "Bob")
    assert state.supply()["houses"] == 1
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")


def test_the_table_may_say_nobody_else_wants_them() -> None:
    state = do(last_three_houses(), "build", "Ann", property="St. James Place")
    state = do(state, "buy", "Ann")
    assert state.holdings["St. James Place"].level == 1 and state.cash["Ann"] == 3100
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")


def test_once_one_bidder_alone_could_build_the_auction_stops() -> None:
    state = own(last_three_houses(), "Bob", BOBS_TWO[0], level=4)
    state = do(state, "build", "Ann", property="St. James Place")
    state = do(state, "auction", "Ann")
    state = do(state, "bid", "Ann", amount=5)
    state = do(state, "bid", "Bob", amount=30)
    state = do(state, "pass", "Ann")
    # Bob's last lot short of a house takes it (the Bank had 2): he has nowhere else to build,
    # so Ann alone simply buys the house left, at its price, with nothing asked.
    assert state.holdings[BOBS_TWO[1]].level == 4 and state.cash["Bob"] == 3200 - 30
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")
    state = do(state, "build", "Ann", property="St. James Place")
    assert state.holdings["St. James Place"].level == 1 and state.supply()["houses"] == 0


def test_nobody_builds_while_the_buildings_are_auctioned() -> None:
    state = do(last_three_houses(), "build", "Ann", property="St. James Place")
    assert rejected(state, "build", "Bob", property="Nicollet Avenue") == (
        "cannot build on 'Nicollet Avenue': the Bank's buildings in short supply are being "
        "sold; build once that is done"
    )
    state = do(state, "auction", "Ann")
    assert rejected(state, "build", "Ann", property="Tennessee Avenue").startswith(
        "cannot build on 'Tennessee Avenue': the Bank's buildings"
    )
    assert not options_of(state, "Ann", "build")
    state = do(state, "bid", "Ann", amount=10)
    state = do(state, "pass", "Bob")
    assert rejected(state, "choose", "Ann", space="Boardwalk") == (
        "choose: 'Boardwalk' cannot take the house won at auction; choose one of "
        "St. James Place, Tennessee Avenue, New York Avenue"
    )


def test_the_prompt_auctions_the_last_three_houses_from_a_table(tmp_path: Path) -> None:
    properties = {n: {"owner": "Ann", "buildings": "none"} for n in ORANGE}
    for name, level in bobs_houses(3).items():
        properties[name] = {"owner": "Bob", "buildings": LEVELS[level]}
    path = situation(tmp_path / "last3.json", properties)
    db = tmp_path / "g.db"
    lines = (
        "build st james place",
        "auction",
        "bid 20 as Bob",
        "pass as Ann",
        "choose hennepin avenue",
        "bid 1 as Ann",
        "pass as Bob",
        "choose tennessee avenue",
        "pass as Ann",
        "pass as Bob",
    )
    status, text, err = cli("play", "--db", str(db), "--from", str(path), lines=lines)
    assert status == 0, err
    assert "Auction of a house (the Bank is short)" in text
    assert "Bob wins the auction of a house for $20." in text
    state = logged_state(db)
    assert state.holdings["Hennepin Avenue"].level == 4
    assert state.holdings["Tennessee Avenue"].level == 1
    assert (state.cash["Ann"], state.cash["Bob"]) == (1500 - 1, 1500 - 20)
    assert state.supply()["houses"] == 1
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")


def test_a_winner_left_with_nowhere_to_build_gets_the_bid_back() -> None:
    state = do(last_three_houses(), "build", "Ann", property="St. James Place")
    state = do(state, "auction", "Ann")
    state = do(state, "bid", "Ann", amount=40)
    # While the auction goes on, Ann trades her orange lots away (a trade may be agreed at
    # any time), then wins: she has nowhere to put the house.
    state = do(state, "trade", "Ann", **{"with": "Bob"}, give={"properties": list(ORANGE)})
    state = do(state, "pass", "Bob")
    assert state.cash["Ann"] == 3200 and state.supply()["houses"] == 3
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")


def test_a_lot_that_is_catching_up_sells_its_group_down_too() -> None:
    # New York Avenue came to Ann bare after she built hotels on the other two (B4).
    state = own(bank_houses(table(), "Bob", 0), "Ann", *ORANGE[:2], level=5)
    state = own(state, "Ann", ORANGE[2])
    state = do(state, "sell_down", "Ann", property=ORANGE[2])
    assert [state.holdings[n].level for n in ORANGE] == [0, 0, 0]
    assert state.cash["Ann"] == 3200 + 10 * 50
    assert rejected(state, "sell_down", "Ann", property=ORANGE[2]) == (
        "sell_down: 'New York Avenue' has no hotel or skyscraper standing in its group"
    )
    state = own(state, "Ann", "Reading Railroad", improved=True)
    assert rejected(state, "sell_down", "Ann", property="Reading Railroad") == (
        "sell_down: 'Reading Railroad' is not a street: sell its building with sell_building"
    )
