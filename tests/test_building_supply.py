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
