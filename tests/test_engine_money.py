"""Banker scenarios, one rule family at a time; every refused command changes nothing."""

from __future__ import annotations

import pytest

from companion.banker.assets import bankruptcy_problem, raisable
from companion.banker.engine import new_game
from companion.banker.ledger import BANK, POOL
from companion.banker.state import replay
from companion.banker.tx import dividend
from companion.editions import edition
from companion.editions.rules.roll_three import roll_three_winnings
from companion.errors import IllegalCommandError
from companion.rules.situation import Holding
from tests.banker import BOARD, arrange, do, give, own, place, rejected, roll, set_cash, table

# -- Setting up -----------------------------------------------------------------------------


def test_a_game_has_2_to_12_players_with_distinct_names() -> None:
    for n in (1, 13):
        with pytest.raises(IllegalCommandError, match=f"2 to 12 players, not {n}"):
            new_game([{"name": f"P{i}"} for i in range(n)])
    with pytest.raises(IllegalCommandError, match="'ann' is taken"):
        new_game([{"name": "Ann"}, {"name": "ann"}])
    with pytest.raises(IllegalCommandError, match="'Pool' is taken"):
        new_game([{"name": "Ann"}, {"name": "Pool"}])
    state = replay(new_game([{"name": f"P{i}"} for i in range(12)]))
    assert len(state.seats) == 12


def test_the_starting_hand_is_cash_a_voucher_and_a_roll_three_card() -> None:
    state = table("Ann", "Bob")
    for name, card in (("Ann", "4-5-6"), ("Bob", "2-4-5")):
        assert state.cash[name] == 3200
        assert state.seat(name).vouchers == ("voucher-bus-ticket",)
        assert state.seat(name).roll_three == (card,)
    assert state.cash[BANK] == -6400
    assert state.vouchers_left["voucher-bus-ticket"] == 10
    assert state.roll_three_left == 20 - 2


def test_turn_order_goes_round_from_the_highest_roll_and_ties_roll_again() -> None:
    state = replay(new_game([{"name": n} for n in ("Ann", "Bob", "Cy")]))
    for n, card in (("Ann", "1-2-3"), ("Bob", "1-2-4"), ("Cy", "1-2-5")):
        state = do(state, "deal", n, voucher="voucher-transit-token", roll_three=card)
    assert rejected(state, "order_roll", "Bob", dice=[3, 3]).startswith(
        "order_roll by Bob: it is Ann's"
    )
    state = do(state, "order_roll", "Ann", dice=[6, 5])
    state = do(state, "order_roll", "Bob", dice=[2, 1])
    state = do(state, "order_roll", "Cy", dice=[5, 6])
    assert state.decision.kind == "order_roll" and state.decision.data["group"] == ["Ann", "Cy"]
    state = do(state, "order_roll", "Ann", dice=[1, 1])
    state = do(state, "order_roll", "Cy", dice=[2, 1])
    assert [s.name for s in state.seats] == ["Cy", "Ann", "Bob"]
    assert state.turn == "Cy" and state.decision.kind == "roll"


def test_a_card_dealt_twice_beyond_its_copies_is_refused() -> None:
    state = replay(new_game([{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")]))
    for n, card in (("Ann", "1-2-3"), ("Bob", "1-2-4"), ("Cy", "1-2-5")):
        state = do(state, "deal", n, voucher="voucher-transit-token", roll_three=card)
    assert "every copy of 'voucher-transit-token'" in rejected(
        state, "deal", "Dee", voucher="voucher-transit-token", roll_three="1-2-6"
    )


# -- Buying and auctions --------------------------------------------------------------------


def land_on_st_james(state=None):
    state = place(state or table(), "Ann", "St. Charles Place")
    return roll(state, 1, 2, 2)  # 5, odd: past the Pennsylvania Railroad on the middle track


def test_buying_an_unowned_property() -> None:
    state = land_on_st_james()
    assert state.decision.kind == "buy_or_auction"
    assert state.decision.data == {"property": "St. James Place", "price": 180}
    state = do(state, "buy")
    assert state.holdings["St. James Place"].owner == "Ann"
    assert state.cash["Ann"] == 3200 - 180


def test_buying_without_the_cash_is_refused() -> None:
    state = set_cash(land_on_st_james(), "Ann", 179)
    message = rejected(state, "buy")
    assert message == (
        "buy by Ann: St. James Place costs $180 and Ann has $179; mortgage or sell first, or auction it"
    )


def test_an_auction_where_the_player_who_declined_bids_too() -> None:
    state = do(land_on_st_james(), "auction")
    assert state.decision.kind == "auction" and state.decision.data["bidders"] == ["Ann", "Bob"]
    state = do(state, "bid", "Ann", amount=100)
    assert "above $100" in rejected(state, "bid", "Bob", amount=100)
    state = do(state, "bid", "Bob", amount=150)
    assert "not bidding" in rejected(state, "pass", "Bob")
    state = do(state, "pass", "Ann")
    assert state.holdings["St. James Place"].owner == "Bob"
    assert state.cash["Bob"] == 3200 - 150 and state.cash["Ann"] == 3200


def test_nobody_bids_and_the_property_stays_with_the_bank() -> None:
    state = do(land_on_st_james(), "auction")
    state = do(state, "pass", "Ann")
    state = do(state, "pass", "Bob")
    assert "St. James Place" not in state.holdings
    assert state.cash["Ann"] == state.cash["Bob"] == 3200


def test_a_bid_above_the_bidders_cash_is_refused() -> None:
    state = do(set_cash(land_on_st_james(), "Bob", 90), "auction")
    assert rejected(state, "bid", "Bob", amount=91) == "bid by Bob: Bob has $90 and cannot bid $91"


# -- Rent -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("owned", "level", "rent"),
    [
        (("St. James Place",), 0, 14),
        (("St. James Place", "Tennessee Avenue"), 0, 28),  # majority: double
        (("St. James Place", "Tennessee Avenue", "New York Avenue"), 0, 42),  # monopoly: triple
        (("St. James Place", "Tennessee Avenue"), 2, 200),
        (("St. James Place", "Tennessee Avenue", "New York Avenue"), 5, 950),
        (("St. James Place", "Tennessee Avenue", "New York Avenue"), 6, 1450),
    ],
)
def test_street_rent(owned, level, rent) -> None:
    state = own(table(), "Bob", *owned, level=level)
    state = land_on_st_james(state)
    assert state.cash["Ann"] == 3200 - rent and state.cash["Bob"] == 3200 + rent


def test_a_mortgaged_street_collects_nothing() -> None:
    state = own(table(), "Bob", "St. James Place", mortgaged=True)
    state = land_on_st_james(state)
    assert state.cash["Ann"] == state.cash["Bob"] == 3200


@pytest.mark.parametrize(("depot", "rent"), [(False, 50), (True, 100)])
def test_railroad_rent_by_number_owned_doubled_by_a_depot(depot, rent) -> None:
    state = own(table(), "Bob", "Reading Railroad", improved=depot)
    state = own(state, "Bob", "Pennsylvania Railroad")
    state = roll(state, 1, 2, 2)  # GO + 5: exactly on the Reading Railroad
    assert state.cash["Ann"] == 3200 - rent
    assert state.decision.kind == "draw" and state.decision.data["deck"] == "travel_voucher"


@pytest.mark.parametrize(("count", "times"), [(1, 4), (2, 10), (3, 20), (8, 150)])
def test_utility_rent_is_the_multiplier_times_three_dice(count, times) -> None:
    utilities = ["Electric Company", "Water Works", "Telephone Company", "Gas Company",
                 "Cable Company", "Internet Service Provider", "Trash Collector", "Sewage System"]  # fmt: skip
    state = own(table(), "Bob", *utilities[:count])
    state = place(state, "Ann", "Vermont Avenue")
    state = roll(state, 1, 2, 1)  # 4: Vermont + 4 = Electric Company
    assert state.cash["Bob"] == 3200 + times * 4


def test_mr_monopoly_counts_zero_on_the_utility_dice() -> None:
    state = own(table(), "Bob", "Electric Company", "Water Works")
    state = place(state, "Ann", "Vermont Avenue")
    state = roll(state, 1, 3, "mr")
    assert state.cash["Bob"] == 3200 + 10 * 4


def test_the_nearest_utility_card_charges_ten_times_two_new_dice() -> None:
    state = own(table(), "Bob", "Water Works")
    state = place(state, "Ann", "Tennessee Avenue")
    state = roll(state, 1, 2, 1)  # 4: Tennessee + 4 = Chance
    state = do(state, "draw", card="chance-advance-to-the-nearest-utility")
    assert state.seat("Ann").position.name == "Water Works"
    assert state.decision.kind == "dice" and state.decision.data["times"] == 10
    state = do(state, "dice", dice=[6, 5])
    assert state.cash["Bob"] == 3200 + 110


# -- Pay corners, taxes, the Pool -----------------------------------------------------------


def test_income_tax_goes_to_the_pool_and_tax_refund_pays_half_rounded_up() -> None:
    state = roll(table(), 1, 2, 1)  # GO + 4: Income Tax
    assert state.cash[POOL] == 200 and state.cash["Ann"] == 3000
    state = arrange(
        state, {"type": "transfer", "from": "Bob", "to": POOL, "amount": 75, "reason": "test"}
    )
    assert state.pool == 275
    state = do(state, "end_turn")
    state = place(state, "Bob", "Fifth Avenue")
    state = roll(state, 1, 1, 2, player="Bob")  # doubles, 4: Tax Refund
    assert state.cash["Bob"] == 3200 - 75 + 138 and state.pool == 137


def test_passing_go_pays_its_salary() -> None:
    state = place(table(), "Ann", "Park Place")
    state = roll(state, 1, 2, 2)  # 5 odd: Luxury Tax, Boardwalk, GO, Mediterranean, Community Chest
    assert state.cash["Ann"] == 3200 + 200
    assert state.seat("Ann").position.name == "Community Chest"


def test_bail_goes_to_the_pool_before_rolling_three_dice() -> None:
    state = place(table(), "Bob", "In Jail / Just Visiting", in_jail=True)
    state = do(roll(state, 1, 2, 1), "end_turn")  # Ann pays Income Tax; Bob's turn, in jail
    assert state.decision.player == "Bob" and state.decision.answers == ("roll", "bail")
    assert rejected(state, "roll", dice=[1, 2, 2]).startswith("Bob is in jail and rolls only")
    state = do(state, "bail")
    assert state.pool == 200 + 50 and not state.seat("Bob").in_jail
    assert state.decision.kind == "roll"


# -- Squeeze Play, Roll Three, Birthday Gift ------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "each"),
    [
        ([1, 1], 200),
        ([6, 6], 200),
        ([1, 2], 100),
        ([5, 6], 100),
        ([2, 2], 100),
        ([2, 3], 50),
        ([4, 5], 50),
    ],
)
def test_squeeze_play_collects_from_each_other_player(dice, each) -> None:
    state = place(table("Ann", "Bob", "Cy"), "Ann", "Miami Avenue")
    state = roll(state, 1, 2, 2)  # 5: Miami + 5 = Squeeze Play (odd: stays on the inner track)
    assert state.decision.kind == "dice" and state.decision.data["why"] == "squeeze_play"
    state = do(state, "dice", dice=dice)
    assert state.cash["Ann"] == 3200 + 2 * each
    assert state.cash["Bob"] == state.cash["Cy"] == 3200 - each


def test_squeeze_play_alternative_table() -> None:
    numbers = edition("ultimate").numbers
    assert [numbers.squeeze_play_pays(t, speed_die=True) for t in range(2, 16)] == [
        200, 100, 100, 100, 50, 50, 50, 50, 50, 50, 100, 100, 100, 200
    ]  # fmt: skip
    assert [numbers.squeeze_play_pays(t) for t in range(2, 13)] == [
        200, 100, 100, 50, 50, 50, 50, 50, 100, 100, 200
    ]  # fmt: skip


def test_squeeze_play_with_the_speed_die_takes_a_voucher_on_mr_monopoly() -> None:
    state = table("Ann", "Bob", rules={"squeeze_play_speed_die": True})
    state = roll(place(state, "Ann", "Miami Avenue"), 1, 2, 2)
    state = do(state, "dice", dice=[1, 1, "mr"])
    assert state.cash["Ann"] == 3400 and state.cash["Bob"] == 3000
    assert state.seat("Ann").vouchers == ("voucher-bus-ticket",) * 2
    assert state.seat("Bob").vouchers == ()


def test_roll_three_the_rules_example() -> None:
    state = table("Ann", "Bob", "Cy", "Dee")
    for name, card in (("Ann", "4-4-5"), ("Bob", "2-4-6"), ("Cy", "1-3-3"), ("Dee", "1-3-6")):
        state = give(state, name, roll_three=[card])
    state = place(state, "Ann", "Boylston Street")
    state = roll(state, 1, 2, 2)  # 5: Boylston + 5 = Roll Three
    state = do(state, "draw", card="2-2-4")
    state = do(state, "dice", dice=[6, 1, 3])
    assert [state.cash[n] - 3200 for n in ("Ann", "Bob", "Cy", "Dee")] == [0, 50, 200, 1000]


def test_roll_three_the_roller_holding_the_exact_three_wins_1500() -> None:
    state = give(table("Dee", "Ann"), "Dee", roll_three=["1-3-6"])
    state = roll(place(state, "Dee", "Boylston Street"), 1, 2, 2)
    state = do(state, "draw", card="2-2-4")
    state = do(state, "dice", dice=[3, 6, 1])
    assert state.cash["Dee"] == 3200 + 1500


def test_roll_three_matches_are_multisets() -> None:
    payout = edition("ultimate").deck.roll_three_payout
    assert roll_three_winnings(payout, "1-3-3", [1, 3, 6], rolled_by_holder=False) == 200
    assert roll_three_winnings(payout, "3-3-3", [3, 1, 2], rolled_by_holder=False) == 50
    assert roll_three_winnings(payout, "3-3-1", [3, 3, 3], rolled_by_holder=True) == 200


@pytest.mark.parametrize("choice", ["cash", "voucher"])
def test_birthday_gift_cash_or_a_voucher(choice) -> None:
    state = roll(place(table(), "Ann", "Market Street"), 1, 2, 1)  # 4: Market + 4 = Birthday Gift
    assert state.decision.kind == "gift"
    state = do(state, "gift", option=choice)
    if choice == "cash":
        assert state.cash["Ann"] == 3300
    else:
        state = do(state, "draw", card="voucher-transit-token")
        assert state.seat("Ann").vouchers == ("voucher-bus-ticket", "voucher-transit-token")
    assert rejected(state, "gift", option="cash").startswith("gift by Ann")


def test_birthday_gift_from_each_player_as_a_house_rule() -> None:
    state = table("Ann", "Bob", "Cy", rules={"birthday_from_players": True})
    state = roll(place(state, "Ann", "Market Street"), 1, 2, 1)
    assert state.cash["Ann"] == 3400 and state.cash["Bob"] == state.cash["Cy"] == 3100


# -- Stock Exchange -------------------------------------------------------------------------


def test_dividends_are_par_over_ten_times_shares_squared() -> None:
    deck = edition("ultimate").deck
    for company, par in deck.par_values.items():
        assert [dividend(deck, company, n) for n in range(1, 6)] == [
            par // 10 * n * n for n in range(1, 6)
        ]
    assert dividend(deck, "Allied Steamships", 5) == 275


def test_landing_on_the_stock_exchange_pays_dividends_then_sells_a_share() -> None:
    state = table("Ann", "Bob", "Cy")
    holders = {
        "Bob": ({"Motion Pictures": 3}, {}),
        "Cy": ({"General Radio": 2}, {"General Radio": 1}),
    }
    state = arrange(state, {"type": "shares", "holders": {n: {"shares": s, "mortgaged_shares": m} for n, (s, m) in holders.items()},
                            "left": {**state.shares_left, "Motion Pictures": 2, "General Radio": 3}})  # fmt: skip
    state = roll(
        place(state, "Ann", "Mulholland Drive"), 1, 2, 1
    )  # 4: Mulholland + 4 = Stock Exchange
    par_gr = dividend(edition("ultimate").deck, "General Radio", 1)
    assert state.cash["Bob"] == 3200 + 90 and state.cash["Cy"] == 3200 + par_gr
    assert state.decision.kind == "stock"
    assert "no company 'Nope'" in rejected(state, "stock", company="Nope", how="buy")
    state = do(state, "stock", company="Motion Pictures", how="buy")
    assert state.seat("Ann").shares == {"Motion Pictures": 1} and state.cash["Ann"] == 3100
    assert state.shares_left["Motion Pictures"] == 1


def test_a_share_mortgages_for_half_par_and_lifts_for_half_par_plus_ten_percent() -> None:
    state = table()
    state = arrange(state, {"type": "shares", "holders": {"Ann": {"shares": {"Allied Steamships": 1}, "mortgaged_shares": {}}},
                            "left": {**state.shares_left, "Allied Steamships": 4}})  # fmt: skip
    state = do(state, "mortgage", "Ann", company="Allied Steamships")
    assert state.cash["Ann"] == 3200 + 55
    state = do(state, "unmortgage", "Ann", company="Allied Steamships")
    assert state.cash["Ann"] == 3200 + 55 - edition("ultimate").numbers.lift_cost(55) == 3200 - 6


# -- Buildings ------------------------------------------------------------------------------

ORANGE = ("St. James Place", "Tennessee Avenue", "New York Avenue")


def test_majority_ownership_allows_building_evenly() -> None:
    state = own(table(), "Ann", *ORANGE[:2])
    state = do(state, "build", "Ann", property="St. James Place")
    assert state.holdings["St. James Place"].level == 1 and state.cash["Ann"] == 3100
    message = rejected(state, "build", "Ann", property="St. James Place")
    assert (
        message
        == "cannot build on 'St. James Place': 'Tennessee Avenue' has no building; build evenly"
    )
    assert rejected(state, "build", "Bob", property="New York Avenue") == (
        "cannot build on 'New York Avenue': Bob does not own 'New York Avenue'"
    )


def test_one_lot_of_three_allows_no_building() -> None:
    state = own(table(), "Ann", "New York Avenue")
    assert rejected(state, "build", "Ann", property="New York Avenue") == (
        "cannot build on 'New York Avenue': building on orange needs all but one of its 3 lots; Ann owns 1"
    )


def test_the_last_lot_of_a_majority_catches_up_before_the_others_build() -> None:
    state = own(table(), "Ann", *ORANGE[:2], level=2)
    state = own(state, "Ann", "New York Avenue")
    assert "'New York Avenue' has no building; build evenly" in rejected(
        state, "build", "Ann", property="St. James Place"
    )
    state = do(state, "build", "Ann", property="New York Avenue")
    state = do(state, "build", "Ann", property="New York Avenue")
    state = do(state, "build", "Ann", property="St. James Place")
    assert [state.holdings[n].level for n in ORANGE] == [3, 2, 2]


def test_a_hotel_returns_four_houses_and_a_skyscraper_needs_every_lot_with_a_hotel() -> None:
    state = own(table(), "Ann", *ORANGE[:2], level=4)
    before = state.supply()
    state = do(state, "build", "Ann", property="St. James Place")
    after = state.supply()
    assert after["houses"] == before["houses"] + 4 and after["hotels"] == before["hotels"] - 1
    state = do(state, "build", "Ann", property="Tennessee Avenue")
    assert "a skyscraper needs the whole orange group" in rejected(
        state, "build", "Ann", property="St. James Place"
    )
    state = own(state, "Ann", "New York Avenue", level=5)
    state = do(state, "build", "Ann", property="St. James Place")
    assert state.holdings["St. James Place"].level == 6


def test_selling_is_even_half_price_and_gives_back_the_lower_building() -> None:
    state = own(table(), "Ann", *ORANGE, level=5)
    state = own(state, "Ann", "St. James Place", level=6)
    assert rejected(state, "sell_building", "Ann", property="Boardwalk") == (
        "sell_building by Ann: Ann does not own 'Boardwalk'"
    )
    assert rejected(state, "sell_building", "Ann", property="Tennessee Avenue") == (
        "sell_building: 'St. James Place' has a skyscraper; sell evenly"
    )
    state = do(state, "sell_building", "Ann", property="St. James Place")
    assert state.holdings["St. James Place"].level == 5 and state.cash["Ann"] == 3250
    state = do(state, "sell_building", "Ann", property="Tennessee Avenue")
    assert state.holdings["Tennessee Avenue"].level == 4


def test_building_shortage() -> None:
    state = table("Ann", "Bob")
    streets = [n for n, spaces in state_streets()][:21]
    state = own(state, "Bob", *streets[:20], level=4)
    state = own(state, "Bob", streets[20], level=1)
    assert state.supply()["houses"] == 0
    state = own(state, "Ann", "Park Place", "Boardwalk")
    assert rejected(state, "build", "Ann", property="Boardwalk") == (
        "cannot build on 'Boardwalk': the Bank has no houses left"
    )


def state_streets():
    from tests.banker import BOARD

    return [
        (n, s)
        for n, s in BOARD.properties.items()
        if s[0].kind == "street" and s[0].group not in ("dark blue",)
    ]


def test_depots_and_cab_stands_need_no_set() -> None:
    state = own(table(), "Ann", "Reading Railroad", "Checker Cab Company")
    state = do(state, "build", "Ann", property="Reading Railroad")
    state = do(state, "build", "Ann", property="Checker Cab Company")
    assert state.cash["Ann"] == 3200 - 100 - 150
    assert state.supply()["train_depots"] == 3 and state.supply()["cab_stands"] == 3
    state = do(state, "sell_building", "Ann", property="Checker Cab Company")
    assert state.cash["Ann"] == 3200 - 100 - 150 + 75


# -- Mortgages, trades, bankruptcy ----------------------------------------------------------


def test_mortgage_and_lift_with_ten_percent_interest() -> None:
    state = own(table(), "Ann", "St. James Place")
    state = do(state, "mortgage", "Ann", property="St. James Place")
    assert state.cash["Ann"] == 3290 and state.holdings["St. James Place"].mortgaged
    assert "is mortgaged already" in rejected(state, "mortgage", "Ann", property="St. James Place")
    state = do(state, "unmortgage", "Ann", property="St. James Place")
    assert state.cash["Ann"] == 3290 - 99


def test_no_mortgage_while_the_group_has_buildings() -> None:
    state = own(table(), "Ann", *ORANGE[:2], level=1)
    state = own(state, "Ann", "New York Avenue")
    assert rejected(state, "mortgage", "Ann", property="New York Avenue") == (
        "mortgage: sell the buildings on 'St. James Place' first"
    )


def test_a_trade_of_every_kind_of_asset() -> None:
    state = own(table(), "Ann", "Boardwalk")
    state = own(state, "Bob", "Park Place", mortgaged=True)
    state = give(state, "Bob", cards=["chance-get-out-of-jail-free"])
    state = arrange(
        state, {"type": "bank", "set": {"cards_out": {"chance-get-out-of-jail-free": 1}}}
    )
    state = do(
        state,
        "trade",
        "Ann",
        **{"with": "Bob"},
        give={"properties": ["Boardwalk"], "cash": 100, "vouchers": ["voucher-bus-ticket"]},
        take={
            "properties": ["Park Place"],
            "cards": ["chance-get-out-of-jail-free"],
            "roll_three": ["2-4-5"],
        },
    )
    assert state.holdings["Boardwalk"].owner == "Bob"
    assert state.holdings["Park Place"].owner == "Ann" and state.holdings["Park Place"].mortgaged
    assert state.seat("Ann").cards == ("chance-get-out-of-jail-free",)
    assert state.seat("Ann").roll_three == ("4-5-6", "2-4-5") and state.seat("Bob").roll_three == ()
    assert state.seat("Bob").vouchers == ("voucher-bus-ticket",) * 2
    # Ann pays $100, and the 10% interest on the mortgaged Park Place ($175): $18.
    assert state.cash["Ann"] == 3200 - 100 - 18 and state.cash["Bob"] == 3300


def test_a_trade_of_what_the_player_does_not_hold_is_refused() -> None:
    state = table()
    assert rejected(
        state, "trade", "Ann", **{"with": "Bob"}, give={"properties": ["Boardwalk"]}
    ) == ("trade: Ann does not own 'Boardwalk'")
    assert rejected(state, "trade", "Ann", **{"with": "Bob"}, give={"cash": 5000}) == (
        "trade: Ann has $3200 and cannot give 5000"
    )


def test_raising_money_then_bankruptcy_to_a_player_ends_the_game() -> None:
    state = own(table(), "Bob", *ORANGE, level=6)
    state = own(state, "Ann", "Boardwalk", mortgaged=True)
    state = give(state, "Ann", roll_three=["1-2-3"])
    state = set_cash(state, "Ann", 1000)
    state = land_on_st_james(state)
    assert state.decision.kind == "raise_money" and state.decision.data["amount"] == 1450
    assert rejected(state, "pay").startswith("pay by Ann: Ann has $1000 of the $1450 owed")
    state = do(state, "bankrupt")
    assert state.over and state.winner == "Bob"
    assert state.holdings["Boardwalk"].owner == "Bob"
    assert state.seat("Bob").roll_three == ("2-4-5", "1-2-3")
    assert state.cash["Ann"] == 0 and state.cash["Bob"] >= 3200 + 1000


def test_bankruptcy_to_the_bank_auctions_each_deed_taken() -> None:
    """002, Bankruptcy: owing the Bank more than she can pay "even by selling off buildings and
    mortgaging properties", Ann turns everything over to it, and "the Bank immediately sells by
    auction all properties so taken, except buildings" (P13): her two mortgaged deeds, one after
    the other, free of the mortgage, to the others (Ann no longer bids)."""
    state = table("Ann", "Bob", "Cy")
    state = own(state, "Ann", "Boardwalk", "Park Place", mortgaged=True)
    state = set_cash(state, "Ann", 100)
    state = roll(state, 1, 2, 1)  # Income Tax, $200
    assert state.decision.code == "ask.raise_money"
    state = do(state, "bankrupt")
    assert state.seat("Ann").bankrupt and state.cash["Ann"] == 0 and state.cash[POOL] == 100
    assert state.vouchers_left["voucher-bus-ticket"] == 12 - 3 + 1
    assert state.roll_three_left == 20 - 3 + 1
    assert "Boardwalk" not in state.holdings and "Park Place" not in state.holdings
    d = state.decision
    assert (d.kind, d.data["name"], d.data["bidders"]) == ("auction", "Boardwalk", ["Bob", "Cy"])
    assert "not a player in the game" in rejected(state, "bid", "Ann", amount=10)
    state = do(state, "bid", "Bob", amount=250)
    state = do(state, "pass", "Cy")
    assert state.holdings["Boardwalk"] == Holding("Bob")
    assert state.cash["Bob"] == 3200 - 250
    d = state.decision
    assert (d.kind, d.data["name"], d.data["bidders"]) == ("auction", "Park Place", ["Bob", "Cy"])
    state = do(state, "pass", "Bob")
    state = do(state, "pass", "Cy")
    assert "Park Place" not in state.holdings  # nobody bid: it stays with the Bank (B2)
    assert state.decision.kind == "roll" and state.turn == "Bob"


def test_bankruptcy_is_refused_while_a_mortgage_covers_the_debt() -> None:
    """P13 (002: "owe more than you can pay"): Ann is $100 short of the Income Tax, and the Bank
    would lend her $200 on Boardwalk, so she mortgages and pays; bankruptcy is not offered."""
    state = table("Ann", "Bob", "Cy")
    state = own(state, "Ann", "Boardwalk")
    state = set_cash(state, "Ann", 100)
    state = roll(state, 1, 2, 1)  # Income Tax, $200
    d = state.decision
    assert d.kind == "raise_money" and d.code == "ask.raise_money.sell"
    assert [o["command"] for o in d.options] == [{"type": "mortgage", "property": "Boardwalk"}]
    assert rejected(state, "bankrupt") == (
        "bankrupt by Ann: Ann has $100 and the Bank would pay $200 for buildings and mortgages, "
        "enough for the $200 owed: sell or mortgage, then pay"
    )
    state = do(state, "mortgage", property="Boardwalk")
    assert state.decision.kind == "raise_money"
    assert [o["command"]["type"] for o in state.decision.options] == ["pay"]
    state = do(state, "pay")
    assert state.cash["Ann"] == 100 and state.holdings["Boardwalk"].mortgaged
    assert not state.seat("Ann").bankrupt


def test_bankruptcy_counts_buildings_and_shares_and_not_a_lot_others_built_beside() -> None:
    """P13: the Bank would pay half of each building (a hotel is 5) and half par for a share;
    a lot whose group holds another owner's building cannot be mortgaged (P9), so it is not
    counted."""
    state = table("Ann", "Bob", "Cy")
    state = own(state, "Ann", "St. James Place", "Tennessee Avenue", level=5)  # $100 a building
    state = own(state, "Cy", "New York Avenue")
    state = own(state, "Bob", "Oriental Avenue", "Vermont Avenue", level=1)
    state = own(state, "Ann", "Connecticut Avenue")
    state = give(state, "Ann", shares={"Motion Pictures": 1})
    assert raisable(state, "Ann") == 2 * (5 * 50 + 90) + 100 // 2
    state = set_cash(state, "Ann", 0)
    state = give(state, "Ann", shares={})
    state = own(state, "Ann", "St. James Place", "Tennessee Avenue", mortgaged=True)
    assert raisable(state, "Ann") == 0 and bankruptcy_problem(state, "Ann", 1) is None


def test_a_debt_in_a_building_shortage_sells_the_group_down_not_bankruptcy() -> None:
    """P13 with B4: Ann's hotels would cover the debt, but with no house in the Bank no hotel
    can be sold alone; selling the group down (to bare lots) still raises the money, so the
    debt offers that sale and not bankruptcy, and once it is made Ann pays."""
    state = table("Ann", "Bob", "Cy")
    streets = [n for n, (space, *_) in BOARD.properties.items() if space.kind == "street"]
    others = [n for n in streets if n not in ORANGE]
    state = own(state, "Bob", *others[:20], level=4)
    state = own(state, "Bob", others[20], level=1)
    state = own(state, "Ann", *ORANGE, level=5)
    assert state.supply()["houses"] == 0
    state = set_cash(state, "Ann", 100)
    state = roll(state, 1, 2, 1)  # Income Tax, $200
    assert [o["command"]["type"] for o in state.decision.options] == ["sell_down"]
    assert "sell or mortgage" in rejected(state, "bankrupt")
    state = do(state, "sell_down", property="St. James Place")
    assert all(state.holdings[n].level == 0 for n in ORANGE)
    assert state.cash["Ann"] == 100 + 3 * 5 * 100 // 2  # 15 buildings at half of $100
    state = do(state, "pay")
    assert state.cash["Ann"] == 100 + 750 - 200 and not state.seat("Ann").bankrupt


def test_voluntary_bankruptcy_is_a_house_rule() -> None:
    """P13 option ``voluntary_bankruptcy``: Ann may go bankrupt though a mortgage would pay; the
    Bank then auctions Boardwalk."""
    state = table("Ann", "Bob", "Cy", rules={"voluntary_bankruptcy": True})
    state = own(state, "Ann", "Boardwalk")
    state = set_cash(state, "Ann", 100)
    state = roll(state, 1, 2, 1)  # Income Tax, $200
    assert state.decision.code == "ask.raise_money"
    assert {"type": "bankrupt"} in [o["command"] for o in state.decision.options]
    state = do(state, "bankrupt")
    assert state.seat("Ann").bankrupt
    assert (state.decision.kind, state.decision.data["name"]) == ("auction", "Boardwalk")


def test_a_debtor_sells_and_mortgages_during_another_player_s_mr_monopoly_move() -> None:
    """UM: "An opponent can't build or trade until your MR. MONOPOLY move is completed"; Bob,
    who owes Ann for Squeeze Play before her bonus move, may still mortgage to pay it (P13)."""
    state = place(table("Ann", "Bob", "Cy"), "Ann", "Miami Avenue")
    state = own(state, "Bob", "Boardwalk")
    state = set_cash(state, "Bob", 100)
    state = roll(state, 2, 3, "mr")  # 5: Miami + 5 = Squeeze Play, then the bonus move
    state = do(state, "dice", dice=[1, 1])  # $200 from each
    assert (state.decision.kind, state.decision.player) == ("raise_money", "Bob")
    assert "Mr. Monopoly" in rejected(state, "build", "Cy", property="Reading Railroad")
    assert "bankrupt by Bob" in rejected(state, "bankrupt")
    state = do(state, "mortgage", "Bob", property="Boardwalk")
    state = do(state, "pay")
    assert state.cash["Bob"] == 100 and state.cash["Ann"] == 3200 + 400


def test_the_time_limit_house_rule_ends_with_the_richest() -> None:
    assert "time-limit house rule is off" in rejected(table(), "end_game", "Ann")
    state = own(table(rules={"time_limit": True}), "Bob", "Boardwalk")
    state = do(state, "end_game", "Ann")
    assert state.over and state.winner == "Bob"
