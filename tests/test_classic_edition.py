"""Classic Monopoly (``companion/editions/classic/``) by the Classic rules: the "Standard
Edition" rules at the end of the rules document ``002``, rulings E1, E2, E6 and P11, and the
``003`` differences as house rules. Each case follows the rules' text, quoted above it, and is
played through the engine from a table situation (``"edition": "classic"``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.banker.ledger import BANK, POOL
from companion.banker.options import anytime_options, options_for
from companion.banker.start import start_from_situation
from companion.banker.state import GameState, invariant_problems, replay
from companion.editions import edition
from companion.game import Game
from companion.simulator.simulate import RandomPlayer, play_game
from tests.banker import do, paid, rejected
from tests.test_cards_from_table import played
from tests.test_start_situation import cli

CLASSIC = edition("classic")
BROWN = ("Mediterranean Avenue", "Baltic Avenue")
LIGHT_BLUE = ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
RAILROADS = ("Reading Railroad", "Pennsylvania Railroad", "B&O Railroad", "Short Line")


def situation(
    properties: dict[str, Any] | None = None,
    *,
    ann: str = "GO",
    bob: str = "GO",
    cash: int = 1500,
    **more: Any,
) -> dict[str, Any]:
    """A Classic table of Ann and Bob (``cash`` each), Ann to move."""
    return {
        "edition": "classic",
        "players": [
            {"name": "Ann", "position": ann, "cash": cash},
            {"name": "Bob", "position": bob, "cash": cash},
        ],
        "properties": properties or {},
        **more,
    }


def game(properties: dict[str, Any] | None = None, **kw: Any) -> GameState:
    state = replay(start_from_situation(situation(properties, **kw)))
    assert state.edition is CLASSIC and (state.decision.kind, state.turn) == ("roll", "Ann")
    return state


def owned(owner: str, *names: str, **fields: Any) -> dict[str, Any]:
    return {name: {"owner": owner, **fields} for name in names}


def test_the_classic_edition_is_the_us_board_with_two_dice_and_no_pool() -> None:
    """E1: 40 spaces, two dice, $1,500 each, GO $200, taxes to the Bank, 32 houses and 12
    hotels, no skyscrapers, depots or cab stands."""
    board = CLASSIC.board
    assert len(board.spaces) == 40 and board.tracks == ("board",)
    assert (CLASSIC.dice.count, CLASSIC.dice.has_speed_die, CLASSIC.has_pool) == (2, False, False)
    assert CLASSIC.numbers.starting_cash == 1500 and board.space("GO").salary.highest == 200
    assert dict(board.building_supply) == {
        "houses": 32,
        "hotels": 12,
        "skyscrapers": 0,
        "train_depots": 0,
        "cab_stands": 0,
    }
    assert CLASSIC.fees_account == BANK


# -- Rent -------------------------------------------------------------------------------------
# 002, "Paying rent": "It is an advantage to own all of the Title Deed cards in a color group
# because the owner may then charge double rent for unimproved properties in that color-group.
# This rule applies to un-mortgaged properties even if another property in that color-group is
# mortgaged."


def test_double_rent_on_an_unimproved_lot_of_a_complete_group() -> None:
    state = game(owned("Bob", *BROWN))
    after = do(state, "roll", dice=[1, 2])
    assert after.seat("Ann").position.name == "Baltic Avenue"
    assert paid(state, after, "Ann") == 2 * 4 and after.cash["Bob"] == 1500 + 8


def test_no_double_rent_on_a_partial_group_there_is_no_majority() -> None:
    """Two of the three light blues are a majority in Ultimate (P2); Classic has none."""
    state = game(owned("Bob", "Oriental Avenue", "Vermont Avenue"))
    after = do(state, "roll", dice=[3, 5])
    assert after.seat("Ann").position.name == "Vermont Avenue"
    assert paid(state, after, "Ann") == 6
    assert rejected(state, "build", "Bob", property="Vermont Avenue") == (
        "cannot build on 'Vermont Avenue': building on light blue needs all of its 3 lots; "
        "Bob owns 2"
    )


def test_double_rent_even_while_another_lot_of_the_group_is_mortgaged() -> None:
    state = game({**owned("Bob", "Baltic Avenue"), **owned("Bob", BROWN[0], mortgaged=True)})
    after = do(state, "roll", dice=[1, 2])
    assert paid(state, after, "Ann") == 8


@pytest.mark.parametrize(("owned_by_bob", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_the_railroads_owned(owned_by_bob: int, rent: int) -> None:
    state = game(owned("Bob", *RAILROADS[:owned_by_bob]))
    after = do(state, "roll", dice=[2, 3])
    assert after.seat("Ann").position.name == "Reading Railroad"
    assert paid(state, after, "Ann") == rent


def test_no_train_depots_are_offered_or_built() -> None:
    state = game(owned("Ann", *RAILROADS))
    assert not [o for o in anytime_options(state, "Ann") if o["command"]["type"] == "build"]
    assert rejected(state, "build", "Ann", property="Reading Railroad") == (
        "cannot build on 'Reading Railroad': Classic Monopoly has no train depots"
    )


# 003, "Landing on the Utilities": "If the owner has only one of the utilities, the rent will be
# four times your dice roll. If, however, the same player owns both utilities, you must pay ten
# times the amount of your dice roll."
@pytest.mark.parametrize(
    ("utilities", "rent"),
    [(("Electric Company",), 4 * 4), (("Electric Company", "Water Works"), 10 * 4)],
)
def test_utility_rent_is_four_or_ten_times_the_dice(utilities: tuple[str, ...], rent: int) -> None:
    state = game(owned("Bob", *utilities), ann="Vermont Avenue")
    after = do(state, "roll", dice=[1, 3])
    assert after.seat("Ann").position.name == "Electric Company"
    assert paid(state, after, "Ann") == rent


def test_the_nearest_railroad_card_pays_twice_the_rent() -> None:
    """Chance: "Advance to the nearest Railroad. ... If owned, pay the owner twice the rental
    to which they are otherwise entitled." Bob's two railroads charge $50: Ann pays $100."""
    state = game(owned("Bob", "Pennsylvania Railroad", "Short Line"), ann="Income Tax")
    state = do(state, "roll", dice=[1, 2])
    assert (state.decision.kind, state.seat("Ann").position.name) == ("draw", "Chance")
    after = do(state, "draw", card="chance-advance-to-the-nearest-railroad")
    assert after.seat("Ann").position.name == "Pennsylvania Railroad"
    assert paid(state, after, "Ann") == 2 * 50


def test_the_nearest_utility_card_throws_the_dice_and_pays_ten_times() -> None:
    """Chance: "Advance token to the nearest Utility. ... If owned, throw the dice and pay the
    owner a total ten times the amount thrown." Bob owns one utility only: still ten times."""
    state = game(owned("Bob", "Electric Company"), ann="Income Tax")
    state = do(state, "roll", dice=[1, 2])
    state = do(state, "draw", card="chance-advance-token-to-the-nearest-utility")
    assert state.seat("Ann").position.name == "Electric Company"
    assert state.decision.kind == "dice" and state.decision.player == "Ann"
    after = do(state, "dice", dice=[3, 4])
    assert paid(state, after, "Ann") == 10 * 7 and after.cash["Bob"] == 1500 + 70


# -- Building ---------------------------------------------------------------------------------
# 002, "Houses": "When you own all of the properties in a color-group you may buy houses ... You
# must place them evenly, i.e., you cannot place more than one house on any one property of any
# color-group until you have placed one house on every property of that group." "Hotels": "When
# you have four houses on each property of a complete color-group, you may buy a hotel ... You
# return the four houses from that property to the Bank".


def test_houses_go_up_evenly_on_a_complete_group() -> None:
    state = game(owned("Ann", *BROWN))
    state = do(state, "build", "Ann", property="Mediterranean Avenue")
    assert state.holdings["Mediterranean Avenue"].level == 1 and state.cash["Ann"] == 1450
    assert rejected(state, "build", "Ann", property="Mediterranean Avenue") == (
        "cannot build on 'Mediterranean Avenue': 'Baltic Avenue' has no building; build evenly"
    )
    state = do(state, "build", "Ann", property="Baltic Avenue")
    assert state.supply()["houses"] == 32 - 2


def test_a_hotel_needs_four_houses_on_every_lot_of_the_group() -> None:
    state = game(
        {
            "Mediterranean Avenue": {"owner": "Ann", "buildings": "4 houses"},
            "Baltic Avenue": {"owner": "Ann", "buildings": "3 houses"},
        }
    )
    assert rejected(state, "build", "Ann", property="Mediterranean Avenue") == (
        "cannot build on 'Mediterranean Avenue': 'Baltic Avenue' has 3 houses; build evenly"
    )
    state = do(state, "build", "Ann", property="Baltic Avenue")
    assert state.supply() == {**state.supply(), "houses": 32 - 8, "hotels": 12}
    state = do(state, "build", "Ann", property="Mediterranean Avenue")
    assert state.holdings["Mediterranean Avenue"].level == 5
    # The hotel's four houses went back to the Bank.
    assert (state.supply()["houses"], state.supply()["hotels"]) == (32 - 4, 11)
    # No skyscraper on Classic's hotels.
    state = do(state, "build", "Ann", property="Baltic Avenue")
    assert "build" not in {o["command"]["type"] for o in anytime_options(state, "Ann")}
    assert rejected(state, "build", "Ann", property="Baltic Avenue") == (
        "cannot build on 'Baltic Avenue': Classic Monopoly has no skyscrapers"
    )


def test_a_hotel_sold_is_broken_into_four_houses_while_the_bank_has_them() -> None:
    """002, "Selling property": hotels "may be sold one house at a time (one hotel equals five
    houses), evenly"; 003: "when selling hotels, you cannot replace them with houses if there
    are none available"."""
    state = game(owned("Ann", *BROWN, buildings="hotel"))
    state = do(state, "sell_building", "Ann", property="Mediterranean Avenue")
    assert state.holdings["Mediterranean Avenue"].level == 4
    assert state.cash["Ann"] == 1500 + 25
    assert (state.supply()["houses"], state.supply()["hotels"]) == (32 - 4, 12 - 1)


def _houses_elsewhere(owner: str, count: int) -> dict[str, Any]:
    """``count`` houses on ``owner``'s orange, red and yellow groups, built evenly."""
    lots = [
        "St. James Place", "Tennessee Avenue", "New York Avenue",
        "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue",
        "Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens",
    ]  # fmt: skip
    levels = dict.fromkeys(lots, 0)
    for i in range(count):
        levels[lots[(i // 12) * 3 + i % 3]] += 1
    names = ("none", "1 house", "2 houses", "3 houses", "4 houses")
    return {n: {"owner": owner, "buildings": names[level]} for n, level in levels.items()}


def test_a_house_sold_when_the_bank_has_fewer_than_four_sells_the_hotel_down() -> None:
    state = game({**owned("Ann", *BROWN, buildings="hotel"), **_houses_elsewhere("Bob", 30)})
    assert state.supply()["houses"] == 2
    assert rejected(state, "sell_building", "Ann", property="Mediterranean Avenue") == (
        "sell_building: the Bank has 2 houses, not the 4 that go back on 'Mediterranean Avenue'"
    )


def test_the_bank_auctions_its_last_house_when_two_players_want_it() -> None:
    """P11, 002 "Building shortages": "If there are a limited number of buildings available
    and two or more players wish to buy more than the Bank has, the buildings must be sold at
    auction to the highest bidder." Bob's 31 houses leave the Bank one; Ann's bare browns and
    Bob's yellows (3, 2 and 2 houses) both want it."""
    properties = {**_houses_elsewhere("Bob", 31), **owned("Ann", *BROWN)}
    state = game(properties)
    assert state.supply()["houses"] == 1
    state = do(state, "build", "Ann", property="Baltic Avenue")
    assert state.decision.kind == "building_shortage" and state.cash["Ann"] == 1500
    state = do(state, "auction", "Ann")
    assert state.decision.kind == "auction" and state.decision.data["bidders"] == ["Ann", "Bob"]
    state = do(state, "bid", "Ann", amount=5)
    state = do(state, "bid", "Bob", amount=30)
    state = do(state, "pass", "Ann")
    assert state.cash["Bob"] == 1500 - 30 and state.supply()["houses"] == 1
    assert state.decision.kind == "choose_space" and state.decision.player == "Bob"
    assert [o["property"] for o in state.decision.options] == ["Ventnor Avenue", "Marvin Gardens"]
    state = do(state, "choose", "Bob", space="Marvin Gardens")
    assert state.holdings["Marvin Gardens"].level == 3 and state.supply()["houses"] == 0
    assert rejected(state, "build", "Ann", property="Baltic Avenue") == (
        "cannot build on 'Baltic Avenue': the Bank has no houses left"
    )


def test_one_player_alone_buys_what_is_left() -> None:
    """P11: "One player alone simply buys what is left": Ann holds the other 31 houses."""
    state = game({**_houses_elsewhere("Ann", 31), **owned("Ann", *BROWN)})
    assert state.supply()["houses"] == 1
    state = do(state, "build", "Ann", property="Baltic Avenue")
    assert state.decision.kind == "roll" and state.supply()["houses"] == 0
    assert state.cash["Ann"] == 1500 - 50


# -- House rules of 003 (E1) -------------------------------------------------------------------


def test_building_beside_a_mortgaged_lot_unless_the_house_rule_forbids_it() -> None:
    """E1: 002 stands (build on the group's other lots; the mortgaged lot counts as bare for
    the even-building rule); 003's "Houses may not be built if any site of the same
    color-group is mortgaged" is the house rule ``mortgage_blocks_building``."""
    lots = {**owned("Ann", *LIGHT_BLUE[1:]), **owned("Ann", LIGHT_BLUE[0], mortgaged=True)}
    state = game(lots)
    assert not state.rules.mortgage_blocks_building
    state = do(state, "build", "Ann", property="Vermont Avenue")
    assert state.holdings["Vermont Avenue"].level == 1
    strict = game(lots, options={"mortgage_blocks_building": True})
    assert rejected(strict, "build", "Ann", property="Vermont Avenue") == (
        "cannot build on 'Vermont Avenue': 'Oriental Avenue' in the same group is mortgaged"
    )
    assert not [o for o in anytime_options(strict, "Ann") if o["command"]["type"] == "build"]


def test_building_only_on_ones_own_turn_is_a_house_rule() -> None:
    """003: "You can only buy houses on your turn"; 002 lets a player build "at any time"."""
    state = game(owned("Bob", *BROWN))
    state = do(state, "build", "Bob", property="Baltic Avenue")
    assert state.holdings["Baltic Avenue"].level == 1
    strict = game(owned("Bob", *BROWN), options={"build_on_own_turn": True})
    assert rejected(strict, "build", "Bob", property="Baltic Avenue") == (
        "cannot build on 'Baltic Avenue': Bob builds only on their own turn (house rule), "
        "and it is Ann's"
    )
    assert not [o for o in anytime_options(strict, "Bob") if o["command"]["type"] == "build"]
    strict = do(strict, "roll", dice=[1, 2])
    assert strict.turn == "Bob"
    strict = do(strict, "build", "Bob", property="Baltic Avenue")
    assert strict.holdings["Baltic Avenue"].level == 1


# -- Jail -------------------------------------------------------------------------------------
# 002, "Jail": "You get out of Jail by (1) rolling doubles on any of your next three turns; if
# you succeed in doing this you immediately move forward the number of spaces shown by your
# doubles roll. Even though you rolled doubles, you do not take another turn. ... (4) Paying a
# fine of $50 before you roll the dice ... If you don't roll doubles by your third turn, you
# must pay the fine of $50. You then get out of Jail and immediately move forward the number of
# spaces shown by your roll."


def jailed(**kw: Any) -> GameState:
    data = situation(ann="In Jail", **kw)
    data["players"][0].update(in_jail=True)
    return replay(start_from_situation(data))


def test_jail_after_three_tries_pays_fifty_to_the_bank_and_moves_by_the_roll() -> None:
    state = jailed()
    bank = state.cash[BANK]
    for attempt in (1, 2):
        state = do(state, "roll", "Ann", dice=[1, 2])
        assert state.seat("Ann").in_jail and state.seat("Ann").jail_turns == attempt
        state = do(state, "roll", "Bob", dice=[4, 6])
    state = do(state, "roll", "Ann", dice=[1, 3])
    ann = state.seat("Ann")
    assert not ann.in_jail and ann.position.name == "Virginia Avenue"
    assert state.cash["Ann"] == 1500 - 50 and state.cash[BANK] == bank + 50
    assert state.cash[POOL] == 0


def test_doubles_in_jail_move_you_out_and_you_do_not_roll_again() -> None:
    state = jailed()
    state = do(state, "roll", "Ann", dice=[2, 2])
    assert state.seat("Ann").position.name == "Virginia Avenue"
    assert not state.seat("Ann").in_jail and state.cash["Ann"] == 1500
    state = do(state, "auction", "Ann")
    state = do(do(state, "bid", "Bob", amount=10), "pass", "Ann")
    assert (state.turn, state.decision.kind) == ("Bob", "roll")


def test_bail_or_a_card_before_rolling() -> None:
    state = jailed()
    options = [o["command"]["type"] for o in options_for(state, state.decision)]
    assert options[:2] == ["roll", "bail"]
    after = do(state, "bail")
    assert after.cash["Ann"] == 1500 - 50 and not after.seat("Ann").in_jail
    after = do(after, "roll", dice=[3, 4])
    assert after.seat("Ann").position.name == "Community Chest"
    data = situation(ann="In Jail")
    data["players"][0].update(in_jail=True, cards=["chance-get-out-of-jail-free"])
    carded = replay(start_from_situation(data))
    carded = do(carded, "jail_card")
    assert not carded.seat("Ann").in_jail and carded.cash["Ann"] == 1500


def test_a_speed_die_is_refused_in_jail_naming_the_edition() -> None:
    assert rejected(jailed(), "roll", dice=[1, 2, "mr"]) == (
        "Classic Monopoly has no speed die: give the two regular dice, not 1+2 and Mr. Monopoly"
    )


# -- Mortgages --------------------------------------------------------------------------------
# 002, "Mortgages": "In order to lift the mortgage, the owner must pay the Bank the amount of
# the mortgage plus 10% interest. ... If the mortgage is not lifted at once, you must pay the
# Bank 10% interest when you buy the property and if you lift the mortgage later you must pay
# the Bank an additional 10% interest as well as the amount of the mortgage."


def test_a_mortgage_is_lifted_for_its_value_and_ten_percent() -> None:
    state = game(owned("Ann", "Boardwalk"))
    state = do(state, "mortgage", "Ann", property="Boardwalk")
    assert state.cash["Ann"] == 1500 + 200
    state = do(state, "unmortgage", "Ann", property="Boardwalk")
    assert state.cash["Ann"] == 1500 + 200 - 220


def test_a_mortgaged_deed_bought_in_a_trade_pays_ten_percent_now_and_again_when_lifted() -> None:
    state = game(owned("Bob", "Boardwalk", mortgaged=True))
    bank = state.cash[BANK]
    trade = {"with": "Bob", "give": {"cash": 150}, "take": {"properties": ["Boardwalk"]}}
    state = do(state, "trade", "Ann", **trade)
    assert state.holdings["Boardwalk"].owner == "Ann" and state.holdings["Boardwalk"].mortgaged
    assert state.cash["Ann"] == 1500 - 150 - 20 and state.cash[BANK] == bank + 20
    state = do(state, "unmortgage", "Ann", property="Boardwalk")
    assert state.cash["Ann"] == 1500 - 150 - 20 - 220


# -- Taxes, Free Parking ----------------------------------------------------------------------
# 002, "Income Tax/Luxury Tax": "you must pay the Bank the amount shown." "Free Parking": "A
# player landing on this space receives no cash, properties or rewards of any kind."


def test_income_tax_and_luxury_tax_are_paid_to_the_bank() -> None:
    state = game()
    after = do(state, "roll", dice=[1, 3])
    assert paid(state, after, "Ann") == 200 and after.cash[POOL] == 0
    state = game(ann="Short Line")
    after = do(state, "roll", dice=[1, 2])
    assert after.seat("Ann").position.name == "Luxury Tax"
    assert paid(state, after, "Ann") == 100


def test_the_older_sets_luxury_tax_of_75_is_a_house_rule() -> None:
    state = game(ann="Short Line", options={"older_tax_amounts": True})
    after = do(state, "roll", dice=[1, 2])
    assert paid(state, after, "Ann") == 75


def test_free_parking_does_nothing() -> None:
    state = game(ann="Tennessee Avenue")
    after = do(state, "roll", dice=[1, 1])
    assert after.seat("Ann").position.name == "Free Parking"
    assert dict(after.cash) == dict(state.cash)


# -- Bankruptcy and the end -------------------------------------------------------------------
# 002, "Bankruptcy": "If your debt is to another player, you must turn over to that player all
# that you have of value and retire from the game. ... If you have mortgaged properties, you also
# turn these properties over to your creditor but the new owner must at once pay the Bank the
# amount of interest on the loan, which is 10% of the value of the property. ... Should you owe
# the Bank ... the Bank immediately sells by auction all properties so taken, except buildings.
# ... The last player left in the game wins."


def broke(properties: dict[str, Any], ann: str, *, players: int = 3) -> GameState:
    """Ann with $10 and ``properties``, before Bob (and Cy) with $1,500."""
    data = situation(properties, ann=ann)
    data["players"][0]["cash"] = 10
    if players == 3:
        data["players"].append({"name": "Cy", "position": "GO", "cash": 1500})
    return replay(start_from_situation(data))


def test_bankruptcy_to_a_player_hands_over_a_mortgaged_deed_with_its_interest() -> None:
    hotels = owned("Bob", "Park Place", "Boardwalk", buildings="hotel")
    state = broke({**hotels, **owned("Ann", "Mediterranean Avenue", mortgaged=True)}, "Short Line")
    state = do(state, "roll", dice=[1, 3])
    assert state.decision.kind == "raise_money"
    assert [o["command"]["type"] for o in state.decision.options] == ["bankrupt"]
    state = do(state, "bankrupt")
    assert state.seat("Ann").bankrupt and state.holdings["Mediterranean Avenue"].owner == "Bob"
    assert state.holdings["Mediterranean Avenue"].mortgaged
    # Ann's $10, less 10% of the $30 mortgage to the Bank.
    assert state.cash["Bob"] == 1500 + 10 - 3 and not state.over


def test_bankruptcy_to_the_bank_auctions_the_properties_at_once() -> None:
    state = broke(owned("Ann", "Mediterranean Avenue", mortgaged=True), "Short Line")
    state = do(state, "roll", dice=[1, 2])
    assert state.seat("Ann").position.name == "Luxury Tax"
    state = do(state, "bankrupt")
    assert state.decision.kind == "auction"
    assert state.decision.data["name"] == "Mediterranean Avenue"
    assert state.decision.data["bidders"] == ["Bob", "Cy"]
    state = do(do(state, "bid", "Cy", amount=20), "pass", "Bob")
    holding = state.holdings["Mediterranean Avenue"]
    assert (holding.owner, holding.mortgaged, state.cash["Cy"]) == ("Cy", False, 1500 - 20)


def test_the_last_player_left_wins() -> None:
    hotels = owned("Bob", "Park Place", "Boardwalk", buildings="hotel")
    state = broke(hotels, "Short Line", players=2)
    state = do(do(state, "roll", dice=[1, 3]), "bankrupt")
    assert state.over and state.winner == "Bob" and state.decision.kind == "game_over"


# -- The same cases through `companion play --from SITUATION.json` -------------------------------


def test_prompt_double_rent_on_a_complete_group_and_not_on_a_partial_one(tmp_path: Path) -> None:
    table = situation({**owned("Bob", *BROWN), **owned("Ann", *LIGHT_BLUE[:2])})
    lines = ("roll 3 4 mr", "roll 3 9", "roll 1 2", "roll 3 5", "help roll")
    _, text, err = played(tmp_path, table, *lines)
    assert "Ann: roll the dice.  [roll D1 D2]  ('help' for more)" in text
    assert "  Ann pays Bob $8 (rent for Baltic Avenue). [Ann $1,492, Bob $1,508]" in text
    assert "  Bob pays Ann $6 (rent for Vermont Avenue). [Bob $1,502, Ann $1,498]" in text
    assert "roll: your roll: the two dice.\n  type:     roll D1 D2\n  example:  roll 3 4\n" in text
    assert err == (
        "companion: error: roll: Classic Monopoly has no speed die: give the two regular dice: "
        "roll D1 D2\n"
        "companion: error: roll: dice: a die shows 1 to 6, not '9'\n"
    )


def test_prompt_a_hotel_needs_four_houses_on_every_lot(tmp_path: Path) -> None:
    table = situation(
        {
            "Mediterranean Avenue": {"owner": "Ann", "buildings": "4 houses"},
            "Baltic Avenue": {"owner": "Ann", "buildings": "3 houses"},
        }
    )
    lines = ("build mediterranean", "build baltic", "build mediterranean", "show Ann")
    _, text, err = played(tmp_path, table, *lines)
    assert err == (
        "companion: error: cannot build on 'Mediterranean Avenue': 'Baltic Avenue' has 3 "
        "houses; build evenly\n"
    )
    assert "  Mediterranean Avenue belongs to Ann, with a hotel." in text
    assert "    deeds: Baltic Avenue (4 houses), Mediterranean Avenue (hotel)" in text


def test_prompt_a_mortgaged_deed_bought_in_a_trade(tmp_path: Path) -> None:
    table = situation(owned("Bob", "Boardwalk", mortgaged=True))
    _, text, err = played(
        tmp_path, table, "trade Bob give $150 take Boardwalk", "unmortgage boardwalk"
    )
    assert err == ""
    assert (
        "  Ann pays Bob $150 (trade). [Ann $1,350, Bob $1,650]\n"
        "  Boardwalk belongs to Ann, mortgaged.\n"
        "  Ann pays the Bank $20 (interest on mortgaged Boardwalk). [Ann $1,330]\n"
    ) in text
    assert "  Ann pays the Bank $220 (lifting the mortgage on Boardwalk). [Ann $1,110]" in text


def test_prompt_the_building_shortage_auction(tmp_path: Path) -> None:
    table = situation({**_houses_elsewhere("Bob", 31), **owned("Ann", *BROWN)})
    lines = ("build baltic", "auction", "bid 5 as Ann", "bid 30 as Bob", "pass as Ann")
    _, text, err = played(tmp_path, table, *lines, "choose marvin gardens")
    assert err == ""
    assert "Ann: the Bank has 1 left of what goes on Baltic Avenue (a house)." in text
    assert "  Bob wins the auction of a house for $30." in text
    assert "  Marvin Gardens belongs to Bob, with 3 houses." in text


def test_prompt_jail_after_three_tries(tmp_path: Path) -> None:
    table = situation(ann="In Jail")
    table["players"][0]["in_jail"] = True
    lines = ("roll 1 2", "roll 4 6", "roll 1 2", "roll 4 6", "roll 1 3 mr", "roll 1 3")
    _, text, err = played(tmp_path, table, *lines)
    assert "  Ann stays in jail: no doubles (try 2 of 3)." in text
    assert (
        "  1+3: third failed roll, pay $50 bail and move 4 to Virginia Avenue.\n"
        "    Path: St. Charles Place > Electric Company > States Avenue > Virginia Avenue\n"
        "  Ann is out of jail.\n"
        "  Ann pays the Bank $50 (jail bail). [Ann $1,450]\n"
    ) in text
    assert err == (
        "companion: error: roll: Ann is in jail and rolls the two regular dice: roll D1 D2 "
        "(or 'bail' or 'jail_card' first, then roll)\n"
    )


# -- E2: rent the owner must claim --------------------------------------------------------------
# 002, "Paying rent": "The owner may not collect the rent if he/she fails to ask for it before
# the second player following rolls the dice." E2: by default the companion collects rent as
# soon as it is owed; with the house rule ``rent_claimed_by_owner`` the owner claims it.


def claiming(players: int = 3) -> GameState:
    """Ann, Bob (owning the browns) and Cy, the rent rule on; Ann has landed on Baltic
    Avenue."""
    data = situation(owned("Bob", *BROWN), options={"rent_claimed_by_owner": True})
    if players == 3:
        data["players"].append({"name": "Cy", "position": "GO", "cash": 1500})
    state = do(replay(start_from_situation(data)), "roll", dice=[1, 2])
    assert state.seat("Ann").position.name == "Baltic Avenue" and state.turn == "Bob"
    return state


def test_by_default_rent_is_collected_as_soon_as_it_is_owed() -> None:
    state = game(owned("Bob", *BROWN))
    assert not state.rules.rent_claimed_by_owner
    after = do(state, "roll", dice=[1, 2])
    assert paid(state, after, "Ann") == 8 and after.claims == ()


def test_rent_the_owner_claims_is_paid_when_claimed() -> None:
    state = claiming()
    assert state.cash["Ann"] == 1500
    (k,) = state.claims
    assert (k.payer, k.owner, k.space, k.amount, k.until) == ("Ann", "Bob", "board:3", 8, "Cy")
    (option,) = [o for o in anytime_options(state, "Bob") if o["command"]["type"] == "claim"]
    assert option == {
        "command": {"type": "claim", "payer": "Ann", "space": "board:3"},
        "amount": 8,
        "code": "option.claim",
        "params": {"payer": "Ann", "amount": 8, "space": "board:3"},
    }
    assert rejected(state, "claim", "Cy", payer="Ann") == (
        "claim by Cy: Ann owes Cy no rent to claim now (rent Cy may claim: none)"
    )
    # Claimed while Bob's own roll waits (any time): paid, and the roll is asked again.
    after = do(state, "claim", "Bob", payer="Ann")
    assert (after.cash["Ann"], after.cash["Bob"], after.claims) == (1492, 1508, ())
    assert (after.decision.kind, after.decision.player) == ("roll", "Bob")


def test_unclaimed_rent_is_lost_when_the_second_player_after_the_payer_rolls() -> None:
    state = do(claiming(), "roll", "Bob", dice=[4, 6])
    assert len(state.claims) == 1  # Bob, the first player after Ann, has rolled: still due
    state = do(state, "claim", "Bob", payer="Ann")
    assert state.cash["Ann"] == 1492

    state = do(do(claiming(), "roll", "Bob", dice=[4, 6]), "roll", "Cy", dice=[4, 6])
    assert state.claims == () and state.cash["Ann"] == 1500 and state.cash["Bob"] == 1500
    assert rejected(state, "claim", "Bob", payer="Ann").startswith(
        "claim by Bob: Ann owes Bob no rent to claim now"
    )


def test_at_a_table_of_two_the_claim_lasts_until_the_payer_rolls_again() -> None:
    state = claiming(players=2)
    assert state.claims[0].until == "Ann"
    state = do(state, "roll", "Bob", dice=[4, 6])
    assert len(state.claims) == 1
    state = do(state, "roll", "Ann", dice=[4, 6])
    assert state.claims == ()


# -- Seeded games -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, {}),
        (3, {"rent_claimed_by_owner": True, "older_tax_amounts": True}),
        (4, {"mortgage_blocks_building": True, "build_on_own_turn": True}),
    ],
)
def test_seeded_classic_games_keep_the_invariants(players: int, rules: dict[str, bool]) -> None:
    """Random players answer every decision from its options; after every event the money is
    conserved, the Bank's 32 houses and 12 hotels are never exceeded, no skyscraper, depot,
    Pool, share or voucher appears, every roll is two dice; some games end (where rent is
    collected at once)."""
    rng = random.Random(25 + players)
    problems: list[str] = []
    finished = 0
    seen: set[str] = set()
    for _ in range(3):
        played = Game.new(
            [{"name": f"P{i + 1}"} for i in range(players)], rules=rules, edition=CLASSIC
        )

        def check(state: GameState, where: str) -> None:
            problems.extend(f"{where}: {p}" for p in invariant_problems(state))
            problems.extend(f"{where}: {p}" for p in _off_classic(state))

        play_game(played, RandomPlayer(rng), check=check, max_turns=300)
        finished += played.state.over
        events = played.all_events()
        seen.update(e["type"] for e in events)
        assert all(e["dice"][2] is None for e in events if e["type"] == "rolled")
        assert replay(events).edition is CLASSIC
    assert problems == []
    if rules.get("rent_claimed_by_owner"):
        # Random owners seldom claim in time, so rent rarely ruins anyone: no game need end.
        assert {"rent_claimable", "rent_claimed", "rent_lapsed"} <= seen
    else:
        assert finished >= 1


def _off_classic(state: GameState) -> list[str]:
    """What an Ultimate habit would leave in a Classic game."""
    return [
        *(f"{s.name} on {s.position!r}" for s in state.seats if s.position.track != "board"),
        *(
            f"{s.name} holds {s.shares or s.vouchers}"
            for s in state.seats
            if s.shares or s.vouchers
        ),
        *(f"{n} is {h}" for n, h in state.holdings.items() if h.level > 5 or h.improved),
        *([f"the Pool holds ${state.pool}"] if state.pool else []),
    ]


def test_prompt_rent_claimed_by_its_owner(tmp_path: Path) -> None:
    table = situation(owned("Bob", *BROWN), options={"rent_claimed_by_owner": True})
    table["players"].append({"name": "Cy", "position": "GO", "cash": 1500})
    lines = ("roll 1 2", "help", "claim Cy", "claim Ann")
    _, text, err = played(tmp_path, table, *lines)
    assert "  Bob may claim $8 rent from Ann for Baltic Avenue, until Cy rolls." in text
    assert "  claim PAYER [SPACE] [as OWNER]: claim the rent a player owes you" in text
    # The help names what Classic has: no skyscrapers, depots, shares or cards to play.
    assert "  build PROPERTY: build one house (or hotel) on a property" in text
    assert "(e.g. 'trade Bob give $200, Park Place take Boardwalk')" in text
    assert "play_card" not in text
    assert err == (
        "companion: error: claim by Bob: Cy owes Bob no rent to claim now (rent Bob may claim: "
        "Ann for Baltic Avenue)\n"
    )
    assert (
        "  Bob claims the $8 rent for Baltic Avenue from Ann.\n"
        "  Ann pays Bob $8 (rent for Baltic Avenue). [Ann $1,492, Bob $1,508]\n"
    ) in text


def test_a_mortgaged_deed_bought_in_a_trade_may_be_lifted_at_once_for_ten_percent() -> None:
    """002: "If you are the new owner, you may lift the mortgage at once if you wish by paying
    off the mortgage plus 10% interest to the Bank": $200 and $20, no other interest."""
    state = game(owned("Bob", "Boardwalk", mortgaged=True))
    bank = state.cash[BANK]
    trade = {"with": "Bob", "give": {"cash": 150}, "take": {"properties": ["Boardwalk"]}}
    state = do(state, "trade", "Ann", **trade, lift=["Boardwalk"])
    assert state.holdings["Boardwalk"].owner == "Ann" and not state.holdings["Boardwalk"].mortgaged
    assert state.cash["Ann"] == 1500 - 150 - 220 and state.cash[BANK] == bank + 220
    poor = game(owned("Bob", "Boardwalk", mortgaged=True), cash=300)
    assert rejected(poor, "trade", "Ann", **trade, lift=["Boardwalk"]) == (
        "trade: lifting Boardwalk at once costs $220 and Ann would have $150"
    )
    london = replay(
        start_from_situation(
            situation(owned("Bob", "Mayfair", mortgaged=True), cash=300, board="uk")
        )
    )
    mayfair = {**trade, "take": {"properties": ["Mayfair"]}}
    assert rejected(london, "trade", "Ann", **mayfair, lift=["Mayfair"]) == (
        "trade: lifting Mayfair at once costs £220 and Ann would have £150"
    )
    assert rejected(poor, "trade", "Ann", **trade, lift=["Park Place"]) == (
        "trade: 'Park Place' to lift is not a property of the trade"
    )
    assert rejected(poor, "trade", "Ann", **trade, lift=["Boardwalk", "boardwalk"]) == (
        "trade: 'Boardwalk' to lift is named twice"
    )
    assert rejected(poor, "trade", "Ann", **trade, lift=["Nowhere"]) == (
        "trade: lift: no space named 'Nowhere'; use a space name or TRACK:INDEX"
    )


def test_prompt_a_mortgaged_deed_lifted_at_once_in_the_trade(tmp_path: Path) -> None:
    table = situation(owned("Bob", "Boardwalk", mortgaged=True))
    _, text, err = played(tmp_path, table, "trade Bob give $150 take Boardwalk lift Boardwalk")
    assert err == ""
    assert (
        "  Ann pays Bob $150 (trade). [Ann $1,350, Bob $1,650]\n"
        "  Boardwalk belongs to Ann, mortgaged.\n"
        "  Ann pays the Bank $220 (lifting the mortgage on Boardwalk). [Ann $1,130]\n"
        "  Boardwalk belongs to Ann.\n"
    ) in text


def test_the_referees_jail_notes_follow_the_dice_not_the_pool(tmp_path: Path) -> None:
    """Leaving jail before the roll: "all three dice" only where the edition has a speed die;
    the words are the catalogues' (``referee.action.*``), in English and French."""
    from companion.messages import render
    from companion.rules.movement import Roll, resolve_roll
    from companion.rules.situation import Situation

    table = situation(ann="In Jail")
    table["players"][0].update(in_jail=True, cards=["chance-get-out-of-jail-free"])
    s = Situation.parse(table)
    words = {}
    for how in ("bail", "card"):
        r = resolve_roll(CLASSIC.board, s, Roll(3, 4), player="Ann", leave_jail=how)
        (note,) = [n for n in r.notes if n.code in ("action.pay_bail", "action.use_jail_card")]
        assert note.params["speed"] is False
        words[how] = [render(f"referee.{note.code}", note.params, lang) for lang in ("en", "fr")]
    assert words == {
        "bail": [
            "You pay $50 bail to the Bank before rolling.",
            "Vous payez 50\N{NO-BREAK SPACE}$ de caution à la Banque avant de lancer les dés.",
        ],
        "card": [
            "You hand in a Get Out of Jail Free card before rolling.",
            "Vous rendez une carte «\N{NO-BREAK SPACE}Vous êtes libéré de prison\N{NARROW NO-BREAK SPACE}!"
            "\N{NO-BREAK SPACE}» avant de lancer les dés.",
        ],
    }
    path = tmp_path / "jail.json"
    path.write_text(json.dumps(table), "utf-8")
    argv = ("referee", "--edition", "classic", "move", "--state", str(path), "--roll", "3", "4")
    status, text, _ = cli(*argv, "--jail-card")
    assert status == 0 and "- You hand in a Get Out of Jail Free card before rolling.\n" in text
    status, _, err = cli(*argv, "mr", "--bail")
    assert status == 2 and err == (
        "companion: error: Classic Monopoly has no speed die: give the two regular dice, not "
        "3+4 and Mr. Monopoly\n"
    )


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        (
            "en",
            [
                "Time limit",
                "Voluntary bankruptcy",
                "No building on a mortgaged group",
                "Build on your own turn",
                "Older tax amounts",
                "Rent must be claimed",
            ],
        ),
        (
            "fr",
            [
                "Limite de temps",
                "Faillite volontaire",
                "Pas de construction sur un groupe hypothéqué",
                "Construire pendant son tour",
                "Taxes des anciennes éditions",
                "Le loyer doit être réclamé",
            ],
        ),
    ],
)
def test_the_app_set_up_offers_classics_house_rules_in_words(lang: str, names: list[str]) -> None:
    from ui.viewmodels import setup_choices

    choices = setup_choices(
        lang, tokens=(), colours=(), vouchers=(), roll_three=(), edition=CLASSIC
    )
    assert [name for _, _, name, _ in choices.house_rules] == names
    assert [key for key, *_ in choices.house_rules] == list(CLASSIC.house_rules)
    assert not any(default for _, default, _, _ in choices.house_rules)
    assert all(line and line != key for key, _, _, line in choices.house_rules)


def test_a_claim_naming_a_space_owed_for_nothing_is_refused_in_one_line() -> None:
    state = claiming()
    assert rejected(state, "claim", "Bob", payer="Ann", space="Mediterranean Avenue") == (
        "claim by Bob: Ann (Mediterranean Avenue) owes Bob no rent to claim now (rent Bob may "
        "claim: Ann for Baltic Avenue)"
    )
    assert rejected(state, "claim", "Bob", payer="Ann", space="Nowhere Lane").startswith("claim: ")
    state = do(state, "claim", "Bob", payer="Ann", space="Baltic Avenue")
    assert state.cash["Bob"] == 1508


@pytest.mark.parametrize(
    ("card", "ann", "bank"),
    [
        ("chance-speeding-fine-15", -15, 15),
        ("chance-you-have-been-elected-chairman-of-the-board", -50, 0),
        ("chance-make-general-repairs-on-all-your-property", -(2 * 25 + 2 * 100), 250),
    ],
)
def test_card_payments_go_to_the_bank(card: str, ann: int, bank: int) -> None:
    """002 *The Bank*: "The Bank collects all penalties"; E1: no Pool. For the repairs card
    ("For each house pay $25. For each hotel pay $100."), Ann has two houses and two hotels;
    the Chairman of the Board pays Bob $50."""
    properties = {
        "Oriental Avenue": {"owner": "Ann", "buildings": "1 house"},
        "Vermont Avenue": {"owner": "Ann", "buildings": "1 house"},
        "Connecticut Avenue": {"owner": "Ann"},
        **owned("Ann", "Park Place", "Boardwalk", buildings="hotel"),
    }
    state = do(game(properties, ann="Income Tax"), "roll", dice=[1, 2])
    assert state.decision.kind == "draw"
    after = do(state, "draw", card=card)
    assert after.cash["Ann"] - state.cash["Ann"] == ann
    assert after.cash[BANK] - state.cash[BANK] == bank and after.cash[POOL] == 0
