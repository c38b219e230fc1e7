"""The Mega Edition (issue 25, item 2; rulings E3 to E5): its data, the speed die as the Mega
text words it, Bus Tickets, the Auction, Birthday Gift and Bus Ticket spaces, the last-lot
rebuild, majority building and rent, skyscrapers and train depots, through the engine. The
rules text quoted is the Mega Edition's part of the rules document 002."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion import editions
from companion.banker.ledger import BANK
from companion.banker.options import options_for
from companion.banker.state import GameState
from companion.editions import EditionDataError, edition, load_edition
from companion.editions.rules.last_lot import spread_levels
from companion.messages import render
from companion.messages.catalogues import edition_problems
from companion.simulator.simulate import simulate
from tests.banker import do, own, paid, place, rejected, set_cash, table

MEGA = edition("mega")
BOARD = MEGA.board


def mega(
    *names: str, cash: int | None = None, tickets: dict[str, list[str]] | None = None
) -> GameState:
    """A Mega Edition game of ``names`` (default Ann and Bob) at the first player's first roll,
    each holding the Bus Tickets ``tickets`` gives them (drawn from the deck)."""
    names = names or ("Ann", "Bob")
    taken = [
        {"type": "voucher_taken", "player": player, "voucher": ticket}
        for player, ids in (tickets or {}).items()
        for ticket in ids
    ]  # from the deck, so the deck's counts stay true
    state = table(*names, edition=MEGA, before_order=taken)
    if cash is not None:
        for n in names:
            state = set_cash(state, n, cash)
    return state


def every_property(state: GameState, owner: str, **fields: Any) -> GameState:
    return own(state, owner, *BOARD.properties, **fields)


# -- The data ----------------------------------------------------------------------------------


def test_the_mega_board_is_one_track_of_52_with_12_spaces_between_corners() -> None:
    assert BOARD.tracks == ("board",) and len(BOARD.spaces) == 52
    assert BOARD.layout["board"].sides == (12, 12, 12, 12)
    corners = [s.name for s in BOARD.spaces if s.index % 13 == 0]
    assert corners == ["GO", "In Jail / Just Visiting", "Free Parking", "Go To Jail"]
    assert [BOARD.space(n).index for n in ("Auction", "Bus Ticket", "Birthday Gift")] == [
        14,
        32,
        47,
    ]
    assert BOARD.space("Luxury Tax").amount == 75 and BOARD.space("Income Tax").amount == 200
    assert BOARD.space("Boardwalk").rent == (50, 200, 600, 1400, 1700, 2000, 3000)
    assert BOARD.utility_multipliers == (4, 10, 20)
    assert (BOARD.depot_cost, BOARD.building_cost("Reading Railroad")) == (100, 100)
    assert dict(BOARD.building_supply) == {
        "houses": 32,
        "hotels": 12,
        "skyscrapers": 8,
        "train_depots": 4,
        "cab_stands": 0,
    }
    assert {g: len(m) for g, m in BOARD.groups.items()} == {
        "brown": 3,
        "light blue": 4,
        "pink": 4,
        "orange": 4,
        "red": 4,
        "yellow": 4,
        "green": 4,
        "dark blue": 3,
    }


def test_the_mega_edition_s_numbers_dice_and_seats() -> None:
    assert (MEGA.numbers.starting_cash, MEGA.numbers.birthday_gift, MEGA.numbers.bail) == (
        2500,
        100,
        50,
    )
    assert MEGA.dice.speed_die == edition("ultimate").dice.speed_die
    assert (MEGA.has_pool, MEGA.fees_account) == (False, BANK)
    assert (MEGA.min_players, MEGA.max_players) == (2, 8)
    assert not MEGA.deals_starting_cards


def test_mega_plays_the_classic_decks_from_their_one_copy_and_its_16_bus_tickets() -> None:
    """E3: "Mega uses the Classic decks as its listed cards"; E5: 16 Bus Tickets."""

    # The same cards, each said on its own board (a template's spaces are the board's: E8).
    def printed(deck):
        return {i: (c.deck, c.title, c.move, c.play) for i, c in deck.cards.items()}

    assert printed(MEGA.deck) == printed(edition("classic").deck)
    tickets = MEGA.deck.vouchers
    assert sum(v.count for v in tickets.values()) == MEGA.numbers.travel_vouchers_in_game == 16
    assert {v.kind for v in tickets.values()} == {"bus_ticket"}
    assert [v.id for v in tickets.values() if v.expires_others_when_drawn] == [
        "bus-ticket-expiring"
    ]
    assert all(v.instead_of_roll for v in tickets.values())


# -- The speed die -----------------------------------------------------------------------------


def test_pips_on_all_three_dice_move_the_total() -> None:
    state = do(mega(), "roll", dice=[2, 3, 3])
    assert state.seat("Ann").position == BOARD.space("Oriental Avenue")


def test_mr_monopoly_with_everything_owned_moves_on_to_the_first_rent_owed() -> None:
    """002: "If you roll a Mr. Monopoly after all of the properties are owned, make a normal
    move according to the white dice, then move ahead to the first property on which you need
    to pay rent": past Illinois (mortgaged) and Michigan (her own) to the B&O Railroad."""
    state = every_property(mega(), "Bob")
    state = own(state, "Bob", "Illinois Avenue", mortgaged=True)
    state = own(state, "Ann", "Michigan Avenue")
    state = place(state, "Ann", "Free Parking")
    after = do(state, "roll", dice=[1, 2, "mr"])
    assert after.seat("Ann").position == BOARD.space("B&O Railroad")
    # Indiana Avenue, Bob's majority of the reds unimproved: $18 twice; the B&O with Bob's
    # four railroads: $200.
    assert paid(state, after, "Ann") == 36 + 200
    assert (after.decision.kind, after.decision.player) == ("roll", "Bob")


def test_mr_monopoly_stays_when_every_other_player_s_property_is_mortgaged() -> None:
    """002: "If all other players properties are mortgaged, stay where you are"."""
    state = every_property(mega(), "Bob", mortgaged=True)
    state = own(state, "Ann", "Michigan Avenue")
    state = place(state, "Ann", "Free Parking")
    after = do(state, "roll", dice=[1, 2, "mr"])
    assert after.seat("Ann").position == BOARD.space("Indiana Avenue")
    assert paid(state, after, "Ann") == 0


def test_mr_monopoly_passing_go_pays_200() -> None:
    """002: "If a Bus Ticket or Mr. Monopoly roll causes you to land on or pass GO, collect
    $200 as usual": Ann's bonus move goes round from Boardwalk to Mediterranean Avenue."""
    state = every_property(mega(), "Bob")
    for name in BOARD.properties:
        if name not in ("Mediterranean Avenue", "Boardwalk"):
            state = own(state, "Bob", name, mortgaged=True)
    state = place(state, "Ann", "Pennsylvania Avenue")
    after = do(state, "roll", dice=[3, 4, "mr"])
    assert after.seat("Ann").position == BOARD.space("Mediterranean Avenue")
    # Boardwalk $50 x2 (Bob's majority... of a group of 3: all of it, x3), GO $200, Mediterranean.
    rent = 50 * 3 + 2 * 3
    assert after.cash["Ann"] - state.cash["Ann"] == 200 - rent


def test_the_bus_takes_a_ticket_or_moves_to_the_nearest_chance_or_community_chest_ahead() -> None:
    state = do(mega(), "roll", dice=[2, 3, "bus"])
    assert state.seat("Ann").position == BOARD.space("Income Tax")
    assert state.decision.kind == "bus_option"
    assert state.decision.data["to"] == "board:9"  # Chance
    moved = do(state, "bus", option="move")
    assert moved.seat("Ann").position.key == "board:9"
    took = do(state, "bus", option="voucher")
    assert took.decision.kind == "draw" and took.decision.data["deck"] == "travel_voucher"
    took = do(took, "draw", card="bus-ticket")
    assert took.seat("Ann").vouchers == ("bus-ticket",)


def test_doubles_are_the_white_dice_s_only() -> None:
    """002: "Refer only to the white dice when determining doubles"."""
    state = do(mega(), "roll", dice=[1, 2, "2"])  # the speed die matches a white die
    assert state.seat("Ann").position == BOARD.space("Income Tax")
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")
    state = do(do(mega(), "roll", dice=[1, 1, "2"]), "buy")  # Arctic Avenue
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")


def test_triples_after_two_doubles_move_anywhere_and_do_not_jail() -> None:
    """002: "You do not go to Jail if you've rolled doubles twice before rolling triples"."""
    state = do(mega(cash=5000), "roll", dice=[1, 1, "3"])  # 5: Income Tax
    state = do(state, "roll", dice=[2, 2, "3"])  # 7 more: Oriental Avenue, for sale
    state = do(state, "auction")
    for name in ("Ann", "Bob"):
        state = do(state, "pass", name)
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")
    state = do(state, "roll", dice=[3, 3, "3"])
    assert state.decision.kind == "choose_space" and not state.seat("Ann").in_jail
    state = do(state, "choose", space="Free Parking")
    assert state.seat("Ann").position == BOARD.space("Free Parking")
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


def test_in_jail_only_the_white_dice_are_rolled_and_all_three_after_paying() -> None:
    """002: "While in JAIL, roll only the two white dice (if you pay beforehand to get out,
    roll all three dice)"."""
    state = do(place(mega(), "Ann", "Free Parking"), "roll", dice=[5, 6, "2"])  # Go To Jail
    state = do(state, "roll", "Bob", dice=[1, 2, "1"])  # 4: Arctic Avenue
    state = do(state, "auction")
    for name in ("Ann", "Bob"):
        state = do(state, "pass", name)
    assert state.seat("Ann").in_jail and state.decision.player == "Ann"
    assert "two regular dice" in rejected(state, "roll", dice=[1, 2, "3"])
    stayed = do(state, "roll", dice=[1, 2])
    assert stayed.seat("Ann").in_jail and stayed.decision.player == "Bob"
    paid_out = do(state, "bail")
    assert (
        paid_out.cash["Ann"] == state.cash["Ann"] - 50
        and paid_out.cash[BANK] == state.cash[BANK] + 50
    )
    moved = do(paid_out, "roll", dice=[1, 2, "3"])
    assert moved.seat("Ann").position == BOARD.space("Virginia Avenue")  # 13 + 1+2+3


def test_triples_move_anywhere_without_another_roll() -> None:
    state = do(mega(), "roll", dice=[2, 2, "2"])
    assert state.decision.kind == "choose_space"
    state = do(state, "choose", space="Boardwalk")
    assert state.seat("Ann").position == BOARD.space("Boardwalk")
    assert state.decision.kind == "buy_or_auction"
    state = do(state, "auction")
    for name in ("Ann", "Bob"):
        state = do(state, "pass", name)
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


# -- Bus Tickets --------------------------------------------------------------------------------


def test_a_ticket_moves_forward_on_the_same_side_up_to_the_corner() -> None:
    """002: "move forward to any space on the same side of the board. (Corners are the final
    space on each side, as well as the first space of the next side.)"."""
    state = place(mega(tickets={"Ann": ["bus-ticket"]}), "Ann", "Short Line")
    options = [
        o["to"] for o in options_for(state, state.decision) if o["command"]["type"] == "voucher"
    ]
    assert options == [f"board:{i}" for i in (46, 47, 48, 49, 50, 51, 0)]
    assert "Mediterranean" in rejected(
        state, "voucher", voucher="bus-ticket", space="Mediterranean Avenue"
    )
    after = do(state, "voucher", voucher="bus-ticket", space="GO")
    assert after.seat("Ann").position == BOARD.space("GO")
    assert after.cash["Ann"] - state.cash["Ann"] == 200
    assert after.seat("Ann").vouchers == () and after.vouchers_left["bus-ticket"] == 12
    assert (after.decision.kind, after.decision.player) == ("roll", "Bob")


def test_a_ticket_onto_an_opponent_s_utility_rolls_the_white_dice_for_the_rent() -> None:
    """002: "roll both white dice to determine your rent (4X, 10X or 20X depending on the
    number of utilities owned by this opponent)": Bob owns two, so 10 times."""
    state = own(mega(tickets={"Ann": ["bus-ticket"]}), "Bob", "Gas Company", "Electric Company")
    state = place(state, "Ann", "In Jail / Just Visiting")
    state = do(state, "voucher", voucher="bus-ticket", space="Electric Company")
    assert state.decision.kind == "dice"
    after = do(state, "dice", dice=[3, 4])
    assert paid(state, after, "Ann") == 70 and after.cash["Bob"] - state.cash["Bob"] == 70
    assert (after.decision.kind, after.decision.player) == ("roll", "Bob")


def test_a_ticket_onto_go_to_jail_jails_its_player() -> None:
    state = place(mega(tickets={"Ann": ["bus-ticket"]}), "Ann", "Kentucky Avenue")
    after = do(state, "voucher", voucher="bus-ticket", space="Go To Jail")
    assert after.seat("Ann").in_jail and after.seat("Ann").position == BOARD.jail
    assert (after.decision.kind, after.decision.player) == ("roll", "Bob")


def test_the_all_tickets_expire_ticket_makes_the_others_expire_when_drawn() -> None:
    """002: "When an 'All Tickets Expire' card is drawn, all other Tickets in the hands of the
    players are lost to the bank": Ann's own other ticket and Bob's two; she keeps the one
    she drew, and the expired ones are out of play."""
    state = mega(tickets={"Ann": ["bus-ticket"], "Bob": ["bus-ticket", "bus-ticket-expiring"]})
    state = do(place(state, "Ann", "Free Parking"), "roll", dice=[1, 2, "3"])
    assert state.seat("Ann").position == BOARD.space("Bus Ticket")
    assert state.decision.kind == "draw"
    after = do(state, "draw", card="bus-ticket-expiring")
    assert after.seat("Ann").vouchers == ("bus-ticket-expiring",)
    assert after.seat("Bob").vouchers == ()
    assert dict(after.vouchers_left) == {"bus-ticket": 11, "bus-ticket-expiring": 1}


def test_playing_the_expiring_ticket_expires_nothing_more() -> None:
    state = mega(tickets={"Ann": ["bus-ticket-expiring"], "Bob": ["bus-ticket"]})
    after = do(state, "voucher", voucher="bus-ticket-expiring", space="Baltic Avenue")
    assert after.seat("Bob").vouchers == ("bus-ticket",)


def test_after_doubles_a_ticket_may_be_used_instead_of_rolling_again() -> None:
    """002: "If doubles entitle you to roll again, you may use a Bus Ticket in place of rolling
    the dice": the ticket's move ends the turn."""
    state = mega(tickets={"Ann": ["bus-ticket"]})
    state = do(state, "roll", dice=[2, 2, "1"])  # 5: Income Tax, $200 to the Bank
    assert state.seat("Ann").position == BOARD.space("Income Tax")
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")
    assert "voucher" in {o["command"]["type"] for o in options_for(state, state.decision)}
    state = do(state, "voucher", voucher="bus-ticket", space="Connecticut Avenue")
    state = do(state, "buy")
    assert state.holdings["Connecticut Avenue"].owner == "Ann"
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


def test_a_ticket_is_played_instead_of_a_roll_never_at_the_end_of_a_turn() -> None:
    state = mega(tickets={"Ann": ["bus-ticket"]})
    state = do(state, "roll", dice=[1, 2, "3"])
    assert state.decision.kind == "buy_or_auction"  # Arctic Avenue
    state = do(state, "buy")
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


def test_tickets_are_tradable() -> None:
    state = mega(tickets={"Ann": ["bus-ticket"]})
    after = do(
        state,
        "trade",
        "Ann",
        **{"with": "Bob", "give": {"vouchers": ["bus-ticket"]}, "take": {"cash": 50}},
    )
    assert after.seat("Bob").vouchers == ("bus-ticket",) and after.seat("Ann").vouchers == ()


# -- The Mega spaces ---------------------------------------------------------------------------


def test_the_auction_space_auctions_an_unowned_property_of_the_lander_s_choice() -> None:
    state = do(place(mega(), "Ann", "board:9"), "roll", dice=[1, 2, "2"])
    assert state.seat("Ann").position == BOARD.space("Auction")
    assert state.decision.kind == "choose_space"
    state = do(state, "choose", space="Boardwalk")
    assert state.decision.kind == "auction"


def test_the_auction_space_with_everything_owned_moves_to_the_highest_rent() -> None:
    """002: "when all of the properties are owned, you must move ahead to the property on
    which you need to pay the highest rent": Boardwalk's hotel, $2,000, whatever is nearer."""
    state = every_property(mega(cash=5000), "Bob")
    state = own(state, "Bob", "Maryland Avenue", "St. Charles Place", "States Avenue", level=3)
    state = own(state, "Bob", "Boardwalk", level=5)
    state = do(place(state, "Ann", "board:9"), "roll", dice=[1, 2, "2"])
    assert state.seat("Ann").position == BOARD.space("Boardwalk")


def test_the_auction_space_with_everything_owned_takes_the_nearer_of_tied_rents() -> None:
    """002: "(the closer one, if tied)": Maryland Avenue and States Avenue both ask $450."""
    state = every_property(mega(cash=5000), "Bob")
    state = own(state, "Bob", "Maryland Avenue", "States Avenue", level=3)
    state = own(state, "Bob", "St. Charles Place", "Virginia Avenue", level=2)
    before = do(place(state, "Ann", "board:9"), "roll", dice=[1, 2, "2"])
    assert before.seat("Ann").position == BOARD.space("Maryland Avenue")
    assert paid(state, before, "Ann") == 450


def test_birthday_gift_is_100_from_the_bank_or_a_bus_ticket() -> None:
    state = do(place(mega(), "Ann", "Pacific Avenue"), "roll", dice=[2, 4, "1"])
    assert state.seat("Ann").position == BOARD.space("Birthday Gift")
    assert state.decision.kind == "gift"
    cash = do(state, "gift", option="cash")
    assert cash.cash["Ann"] - state.cash["Ann"] == 100
    ticket = do(do(state, "gift", option="voucher"), "draw", card="bus-ticket")
    assert ticket.seat("Ann").vouchers == ("bus-ticket",)


def test_the_bus_ticket_space_gives_nothing_when_no_ticket_remains() -> None:
    """002: "Take a Bus Ticket and keep for use on a later turn. Do nothing if no Bus Tickets
    remain"."""
    state = mega(tickets={"Bob": [*["bus-ticket"] * 13, *["bus-ticket-expiring"] * 3]})
    state = do(place(state, "Ann", "Free Parking"), "roll", dice=[1, 2, "3"])
    assert state.seat("Ann").position == BOARD.space("Bus Ticket")
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")
    assert state.seat("Ann").vouchers == ()


# -- Building ----------------------------------------------------------------------------------


def test_majority_ownership_lets_its_owner_build_and_doubles_unimproved_rent() -> None:
    """E4: all but one lot of a group of 3 or more; the whole group triples the rent."""
    state = own(mega(), "Ann", "Massachusetts Avenue", "Oriental Avenue", "Vermont Avenue")
    state = place(state, "Bob", "GO")
    state = do(state, "roll", "Ann", dice=[1, 2, "3"])  # Arctic Avenue, bought
    state = do(state, "buy")
    before = state
    state = do(state, "roll", "Bob", dice=[1, 3, "3"])  # Massachusetts Avenue
    assert paid(before, state, "Bob") == 6 * 2
    whole = own(before, "Ann", "Connecticut Avenue")
    assert paid(whole, do(whole, "roll", "Bob", dice=[1, 3, "3"]), "Bob") == 6 * 3
    built = do(before, "build", "Ann", property="Oriental Avenue")
    assert built.holdings["Oriental Avenue"].level == 1
    assert "all but one" in rejected(
        own(mega(), "Ann", "Massachusetts Avenue", "Oriental Avenue"),
        "build",
        "Ann",
        property="Oriental Avenue",
    )


def test_a_skyscraper_needs_hotels_on_the_whole_group_and_sells_back_for_half() -> None:
    state = own(mega(), "Ann", "Mediterranean Avenue", "Baltic Avenue", "Arctic Avenue", level=5)
    built = do(state, "build", "Ann", property="Baltic Avenue")
    assert built.holdings["Baltic Avenue"].level == 6 and paid(state, built, "Ann") == 50
    sold = do(built, "sell_building", "Ann", property="Baltic Avenue")
    assert sold.holdings["Baltic Avenue"].level == 5 and sold.cash["Ann"] - built.cash["Ann"] == 25
    majority = own(
        mega(), "Ann", "Massachusetts Avenue", "Oriental Avenue", "Vermont Avenue", level=5
    )
    assert "skyscraper" in rejected(majority, "build", "Ann", property="Vermont Avenue")


def test_a_train_depot_needs_no_other_railroad_doubles_the_rent_and_sells_back_for_50() -> None:
    state = own(mega(), "Ann", "Reading Railroad")
    built = do(state, "build", "Ann", property="Reading Railroad")
    assert built.holdings["Reading Railroad"].improved and paid(state, built, "Ann") == 100
    landed = do(place(built, "Ann", "board:9"), "roll", "Ann", dice=[1, 2, "1"])  # off the railroad
    landed = do(place(landed, "Bob", "GO"), "roll", "Bob", dice=[1, 2, "3"])
    assert landed.seat("Bob").position == BOARD.space("Reading Railroad")
    assert paid(built, landed, "Bob") == 50
    sold = do(built, "sell_building", "Ann", property="Reading Railroad")
    assert sold.cash["Ann"] - built.cash["Ann"] == 50


# -- The last lot (E5) -------------------------------------------------------------------------


def _reds_built(cash: int) -> GameState:
    """Ann holds three reds with a hotel each and stands where 1+2+2 takes her to Michigan."""
    state = own(
        mega(cash=cash), "Ann", "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue", level=5
    )
    return place(state, "Ann", "Free Parking")


def last_lot_asked(cash: int = 2000) -> GameState:
    """Ann, with ``cash``, has bought Michigan Avenue beside her three red hotels: the
    ``last_lot`` decision (the app's dialog tests use it too)."""
    return do(do(_reds_built(cash), "roll", dice=[1, 2, "2"]), "buy")


def test_the_last_lot_bought_after_building_is_built_up_by_the_even_building_rule() -> None:
    """002: "If you acquire the final property of a group, after previously building on its
    other properties, you must ... build it up according to the 'even' building rule": four
    houses beside three hotels, $600."""
    state = last_lot_asked(2000)
    assert (state.decision.kind, state.decision.data["level"]) == ("last_lot", 4)
    assert [o["command"]["option"] for o in options_for(state, state.decision)] == ["build"]
    assert "asks first" in rejected(state, "last_lot", option="spread")
    after = do(state, "last_lot", option="build")
    assert after.holdings["Michigan Avenue"].level == 4
    assert paid(state, after, "Ann") == 600
    assert (after.decision.kind, after.decision.player) == ("roll", "Bob")


def test_the_last_lot_its_owner_cannot_build_up_spreads_the_group_s_houses() -> None:
    """002: "or, if you can't afford to do so, you must redistribute existing houses among all
    properties of the group. You may need to break down hotels to do this": three hotels (15
    houses) over four lots, 4, 4, 4 and 3."""
    state = last_lot_asked(300)
    assert state.decision.kind == "last_lot" and state.cash["Ann"] == 60
    assert [o["command"]["option"] for o in options_for(state, state.decision)] == ["spread"]
    assert "$600" in rejected(state, "last_lot", option="build")
    after = do(state, "last_lot", option="spread")
    levels = {n: after.holdings[n].level for n in BOARD.groups["red"]}
    assert levels == {
        "Kentucky Avenue": 4,
        "Indiana Avenue": 4,
        "Illinois Avenue": 4,
        "Michigan Avenue": 3,
    }
    assert after.cash["Ann"] == 60 and after.supply()["hotels"] == 12
    assert after.supply()["houses"] == 32 - 15


def test_the_houses_the_bank_cannot_supply_for_the_spread_are_sold_down_evenly() -> None:
    """B4 for the spread: with 4 houses left in the Bank, the 15 houses the three hotels stand
    for become one house on each lot; the other 11 are sold at half their cost."""
    state = own(mega(cash=300), "Bob", *BOARD.groups["pink"], level=4)
    state = own(state, "Bob", *BOARD.groups["orange"], level=3)
    state = own(state, "Ann", "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue", level=5)
    state = do(do(place(state, "Ann", "Free Parking"), "roll", dice=[1, 2, "2"]), "buy")
    assert state.supply()["houses"] == 4 and state.decision.kind == "last_lot"
    after = do(state, "last_lot", option="spread")
    assert [after.holdings[n].level for n in BOARD.groups["red"]] == [1, 1, 1, 1]
    assert after.cash["Ann"] - state.cash["Ann"] == 11 * 75
    assert after.supply()["houses"] == 0 and after.supply()["hotels"] == 12


def test_the_last_lot_received_mortgaged_has_its_mortgage_lifted_at_once() -> None:
    """002: "you must un-mortgage this property immediately (if mortgaged)": the Classic 10% on
    receiving a mortgaged deed ($12), then the lift ($132), then the build-up."""
    state = own(
        mega(cash=2000), "Ann", "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue", level=3
    )
    state = own(state, "Bob", "Michigan Avenue", mortgaged=True)
    state = do(
        state,
        "trade",
        "Ann",
        **{"with": "Bob", "give": {"cash": 100}, "take": {"properties": ["Michigan Avenue"]}},
    )
    assert state.decision.kind == "last_lot" and state.decision.data["level"] == 2
    assert not state.holdings["Michigan Avenue"].mortgaged
    assert paid(mega(cash=2000), state, "Ann") == 100 + 12 + 132
    after = do(state, "last_lot", option="build")
    assert after.holdings["Michigan Avenue"].level == 2
    assert (after.decision.kind, after.decision.player) == ("roll", "Ann")


def test_a_last_lot_beside_lots_that_stand_even_already_asks_nothing() -> None:
    state = own(mega(), "Ann", "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue", level=1)
    state = do(place(state, "Ann", "Free Parking"), "roll", dice=[1, 2, "2"])
    state = do(state, "buy")
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


@pytest.mark.parametrize(
    ("levels", "spread"),
    [
        ((5, 5, 4, 0), (4, 4, 3, 3)),
        ((3, 3, 3, 0), (3, 2, 2, 2)),
        ((5, 5, 0), (4, 3, 3)),
        ((2, 3, 0), (2, 2, 1)),
    ],
)
def test_spreading_a_group_s_houses(levels: tuple[int, ...], spread: tuple[int, ...]) -> None:
    names = [f"lot{i}" for i in range(len(levels))]
    result = spread_levels(dict(zip(names, levels, strict=True)))
    assert tuple(result.values()) == spread and sum(spread) == sum(levels)
    assert spread_levels(dict(zip(names, levels, strict=True)), houses_left=32) == result


def test_a_spread_the_bank_cannot_supply_comes_down_evenly_from_the_top() -> None:
    levels = {"a": 5, "b": 5, "c": 5, "d": 0}
    assert spread_levels(levels, houses_left=5) == {"a": 1, "b": 1, "c": 1, "d": 2}
    assert spread_levels(levels, houses_left=0) == {"a": 0, "b": 0, "c": 0, "d": 0}
    # Houses already standing in the group go back to the Bank as the spread takes its own.
    assert spread_levels({"a": 4, "b": 3, "c": 0}, houses_left=0) == {"a": 3, "b": 2, "c": 2}


# -- Whole games -------------------------------------------------------------------------------


def test_seeded_mega_games_keep_the_invariants_and_replay() -> None:
    report = simulate(games=3, seed=25, players=4, edition=MEGA, max_turns=300)
    assert report.games == 3 and report.invariant_violations == 0 and report.problems == []


# -- Its data, broken ----------------------------------------------------------------------------


def _broken(tmp_path: Path, file: str, change: Callable[[dict[str, Any]], None]) -> str:
    """Load a copy of the Mega Edition (and of the Classic decks it reads) with ``file``
    changed: the one line of the :class:`EditionDataError`."""
    root = Path(editions.__file__).parent
    for name in ("mega", "classic"):
        shutil.copytree(root / name, tmp_path / name)
    path = tmp_path / "mega" / file
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(EditionDataError) as caught:
        load_edition(tmp_path / "mega")
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_deck_section_given_by_two_card_files_is_refused(tmp_path: Path) -> None:
    said = _broken(tmp_path, "bus_tickets.json", lambda d: d.update(chance=[]))
    assert said.endswith(
        "bus_tickets.json: field 'chance' is given by an earlier file of the edition's cards too "
        "(../classic/cards.json, bus_tickets.json)"
    )


@pytest.mark.parametrize("cards", [5, [], ["bus_tickets.json", 3], ""])
def test_a_cards_field_that_names_no_file_is_refused(tmp_path: Path, cards: Any) -> None:
    said = _broken(tmp_path, "edition.json", lambda d: d.update(cards=cards))
    assert said.endswith(
        f"edition.json: field cards must name a card file or a list of them, not {cards!r}"
    )


def test_a_card_file_that_is_not_there_is_named(tmp_path: Path) -> None:
    said = _broken(
        tmp_path,
        "edition.json",
        lambda d: d.update(cards=["../classic/cards.json", "tickets.json"]),
    )
    assert "tickets.json" in said


def test_a_voucher_that_expires_the_others_at_no_known_moment_is_refused(tmp_path: Path) -> None:
    def later(data: dict[str, Any]) -> None:
        data["travel_vouchers"][1]["expires"] = "later"

    said = _broken(tmp_path, "bus_tickets.json", later)
    assert "bus-ticket-expiring" in said and "'played' or 'drawn', not 'later'" in said
    assert "bus_tickets.json" in said


# -- Its words -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "mega_says", "ultimate_says"),
    [
        (
            "en",
            "Ann: Birthday Gift: take $100 from the Bank or a Bus Ticket.",
            "Ann: Birthday Gift: take $100 from the Bank or a Travel Voucher.",
        ),
        (
            "fr",
            "Ann\u00a0: Birthday Gift\u00a0: prenez 100\u00a0$ à la Banque ou un ticket de bus.",
            "Ann\u00a0: Birthday Gift\u00a0: prenez 100\u00a0$ à la Banque ou un bon de voyage.",
        ),
    ],
)
def test_a_mega_game_says_bus_tickets_where_ultimate_says_travel_vouchers(
    lang: str, mega_says: str, ultimate_says: str
) -> None:
    params = {"player": "Ann", "amount": 100}
    assert render("ask.gift", params, lang, edition=MEGA) == mega_says
    assert render("ask.gift", params, lang, edition=edition("ultimate")) == ultimate_says


def test_the_tickets_and_their_expiry_are_worded_in_french() -> None:
    assert render(
        "option.draw.voucher", {"voucher": "bus-ticket-expiring"}, "fr", edition=MEGA
    ) == ("Ticket de bus (les autres expirent)")
    assert render("note.vouchers_expired", {"player": "Ann", "count": 2}, "fr", edition=MEGA) == (
        "Tous les tickets expirent\u00a0: les 2 autres tickets d'Ann sont retirés du jeu."
    )


def test_an_edition_s_words_are_checked_against_the_shared_catalogue(tmp_path: Path) -> None:
    root = Path(editions.__file__).parent
    for name in ("mega", "classic"):
        shutil.copytree(root / name, tmp_path / name)
    words = tmp_path / "mega" / "locales"
    fr = (words / "fr.po").read_text("utf-8")
    fr = fr.replace('msgid "Take a Bus Ticket"', 'msgid "Take a ticket"')
    fr = fr.replace("Prenez {amount} à la Banque ou", "Prenez {amount} {space} à la Banque ou")
    (words / "fr.po").write_text(fr, "utf-8")
    en = (words / "en.po").read_text("utf-8") + '\nmsgctxt "ask.nothing"\nmsgid "No."\nmsgstr ""\n'
    (words / "en.po").write_text(en, "utf-8")
    said = edition_problems(load_edition(tmp_path / "mega"))
    assert said == [
        "mega words: en: 'ask.nothing' words no entry of the shared catalogue",
        "mega words: fr: no entry 'ask.nothing'",
        "mega words: fr: 'option.take_voucher' is stale: not the English 'Take a Bus Ticket'",
        "mega words: fr: 'Prenez {amount} {space} à la Banque ou un ticket de bus, au choix.' "
        "names other fields than 'Take {amount} from the Bank or a Bus Ticket: your choice.'",
    ]
    assert edition_problems(MEGA) == []
