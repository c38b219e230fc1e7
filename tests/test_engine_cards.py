"""Every Chance and Community Chest card and every Travel Voucher, through the engine."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.banker import cardplay, playcards
from companion.banker.engine import step as step_events
from companion.banker.state import invariant_problems
from companion.editions import edition
from companion.messages import render_event
from companion.simulator.simulate import RandomPlayer
from tests.banker import apply, arrange, do, give, own, place, rejected, roll, table

DECK = edition("ultimate").deck
CARDS = sorted(DECK.cards)


def at_chance(state=None, deck: str = "chance"):
    """Ann's roll ends on Chance (middle 22) or Community Chest (middle 33): draw."""
    state = state or table("Ann", "Bob", "Cy")
    start = "Tennessee Avenue" if deck == "chance" else "Marvin Gardens"
    state = roll(place(state, "Ann", start), 1, 2, 1)
    assert state.decision.kind == "draw" and state.decision.data["deck"] == deck
    return state


def finish_turn(state, rng: random.Random):
    """Answer every decision at random until it is Bob's turn (or the game ends)."""
    player = RandomPlayer(rng)
    for _ in range(200):
        if state.over or (state.turn == "Bob" and state.decision.kind == "roll"):
            return state
        command = player.choose(state)
        state = apply(state, command)
        assert invariant_problems(state) == [], command
    raise AssertionError(f"stuck at {state.decision}")


def test_every_card_step_and_kept_card_use_is_known() -> None:
    for card in DECK.cards.values():
        for step in card.play:
            if step["do"] == "keep":
                assert card.keep
                use = step["use"]
                assert use in ("jail", "refuse", "play", "auction_bonus", "rent", "rent_received",
                               "share_price", "lawyer", "roll_three_share"), card.id  # fmt: skip
                if use == "play":
                    assert step["play"] in (
                        *playcards.PLAYS,
                        "deal_buster",
                        "bargain",
                        "reverse_rent",
                        "cheap_rent",
                    )
            else:
                assert step["do"] in cardplay.STEPS, card.id
        assert (card.move is not None) == any(
            s["do"] == "move" or s.get("play") == "move" for s in card.play
        ), card.id


@pytest.mark.parametrize("card_id", CARDS)
def test_every_card_can_be_drawn_and_played_out(card_id: str) -> None:
    card = DECK.cards[card_id]
    state = table("Ann", "Bob", "Cy")
    state = own(state, "Ann", "St. James Place", "Tennessee Avenue", level=1)
    state = own(state, "Bob", "Boardwalk", "Park Place", level=2)
    state = own(state, "Cy", "Yellow Cab Company")
    state = at_chance(state, card.deck)
    state = do(state, "draw", card=card_id)
    if card.keep:
        assert card_id in state.seat("Ann").cards and state.cards_out[card_id] == 1
    finish_turn(state, random.Random(card_id))


def test_a_kept_card_cannot_be_drawn_beyond_its_copies() -> None:
    state = at_chance()
    state = do(state, "draw", card="chance-get-out-of-jail-free")
    state = do(state, "end_turn")
    state = roll(place(state, "Bob", "Tennessee Avenue"), 1, 2, 1)
    assert state.decision.kind == "draw" and state.decision.player == "Bob"
    assert rejected(state, "draw", card="chance-get-out-of-jail-free") == (
        "draw: every copy of 'chance-get-out-of-jail-free' is in a player's hand; check the card"
    )
    assert "is a community chest card" in rejected(state, "draw", card="cc-ipo")


@pytest.mark.parametrize(
    ("card_id", "ann", "pool", "others"),
    [
        ("chance-traffic-ticket", -15, 15, 0),
        ("chance-loan-matures", 150, 0, 0),
        ("chance-you-are-elected-as-the-chairperson", -100, 0, 50),
        ("chance-property-taxes", -50, 50, 0),
        # Two houses at $25 each.
        ("chance-make-general-repairs-to-all-your-properties", -50, 50, 0),
        ("chance-new-fitness-craze", -50, 0, 25),
    ],
)
def test_money_cards(card_id, ann, pool, others) -> None:
    state = own(table("Ann", "Bob", "Cy"), "Ann", "St. James Place", "Tennessee Avenue", level=1)
    state = do(at_chance(state), "draw", card=card_id)
    assert state.cash["Ann"] - 3200 == ann
    assert state.pool == pool
    assert state.cash["Bob"] - 3200 == state.cash["Cy"] - 3200 == others


@pytest.mark.parametrize(
    ("card_id", "ann", "pool", "others"),
    [
        ("cc-opening-night-tickets", 100, 0, -50),
        ("cc-doctors-fee", -50, 50, 0),
        ("cc-ipo", 500, 0, 0),
        # One house at $40, one hotel at $115, a cab stand at $25.
        ("cc-assessed-for-street-repairs", -180, 180, 0),
    ],
)
def test_community_chest_money_cards(card_id, ann, pool, others) -> None:
    state = own(table("Ann", "Bob", "Cy"), "Ann", "St. James Place", level=1)
    state = own(state, "Ann", "Tennessee Avenue", level=5)
    state = own(state, "Ann", "Checker Cab Company", improved=True)
    state = do(at_chance(state, "community_chest"), "draw", card=card_id)
    assert state.cash["Ann"] - 3200 == ann
    assert state.pool == pool
    assert state.cash["Bob"] - 3200 == state.cash["Cy"] - 3200 == others


def test_advance_to_tax_refund_collects_half_the_pool_then_pays_each_player() -> None:
    state = arrange(
        table("Ann", "Bob", "Cy"),
        {"type": "transfer", "from": "Bob", "to": "Pool", "amount": 101, "reason": "t"},
    )
    state = do(at_chance(state), "draw", card="chance-advance-to-tax-refund")
    assert state.seat("Ann").position.name == "Tax Refund"
    # The way to the inner track passes Bonus ($250).
    assert state.cash["Ann"] == 3200 + 51 + 250 - 100 and state.pool == 50


def test_vehicle_impounded_costs_50_and_a_turn() -> None:
    state = do(at_chance(deck="community_chest"), "draw", card="cc-vehicle-impounded")
    assert (
        state.seat("Ann").position.name == "In Jail / Just Visiting"
        and not state.seat("Ann").in_jail
    )
    assert state.pool == 50 and state.seat("Ann").skip_turns == 1


def test_caught_insider_trading_fines_and_jails_a_stockholder_unless_a_lawyer_cancels() -> None:
    state = table("Ann", "Bob", "Cy")
    state = arrange(state, {"type": "shares", "holders": {"Ann": {"shares": {"Motion Pictures": 2}, "mortgaged_shares": {}}},
                            "left": {**state.shares_left, "Motion Pictures": 3}})  # fmt: skip
    jailed = do(at_chance(state), "draw", card="chance-caught-insider-trading")
    assert jailed.seat("Ann").in_jail and jailed.pool == 40
    lawyer = give(state, "Ann", cards=["cc-lawyer-on-retainer"])
    lawyer = arrange(lawyer, {"type": "bank", "set": {"cards_out": {"cc-lawyer-on-retainer": 1}}})
    free = do(at_chance(lawyer), "draw", card="chance-caught-insider-trading")
    assert not free.seat("Ann").in_jail and free.pool == 0 and free.seat("Ann").cards == ()


def test_stock_market_crash_returns_half_rounded_up() -> None:
    state = table("Ann", "Bob", "Cy")
    state = arrange(state, {"type": "shares", "holders": {"Bob": {"shares": {"Acme Motors": 3}, "mortgaged_shares": {}}},
                            "left": {**state.shares_left, "Acme Motors": 2}})  # fmt: skip
    state = do(at_chance(state), "draw", card="chance-stock-market-crash")
    assert state.seat("Bob").shares == {"Acme Motors": 1} and state.shares_left["Acme Motors"] == 4


def test_hurricane_takes_a_building_off_every_lot_of_a_group() -> None:
    state = own(table("Ann", "Bob", "Cy"), "Bob", "Park Place", level=5)
    state = own(state, "Bob", "Boardwalk", level=6)
    state = do(at_chance(state), "draw", card="chance-hurricane-makes-landfall")
    assert rejected(state, "choose", space="Tennessee Avenue").startswith("choose: ")
    state = do(state, "choose", space="Boardwalk")
    assert state.holdings["Park Place"].level == 4 and state.holdings["Boardwalk"].level == 5


@pytest.mark.parametrize(
    ("card_id", "owner", "target", "code", "english", "french"),
    [
        (
            "chance-hurricane-makes-landfall",
            "Bob",
            "Reading Railroad",
            "event.holding.storm_depot",
            "Hurricane makes landfall!: Bob loses the train depot on Reading Railroad.",
            "« L'ouragan touche terre ! » : Bob perd son dépôt ferroviaire sur Reading Railroad.",
        ),
        (
            "cc-tornado-hits",
            "Ann",
            "Checker Cab Company",
            "event.holding.storm_cab_stand",
            "Tornado Hits!: Ann loses the cab stand on Checker Cab Company.",
            "« La tornade frappe ! » : Ann perd sa station de taxi sur Checker Cab Company.",
        ),
    ],
)
def test_a_storm_on_a_railroad_or_cab_company_says_which_depot_or_stand_it_takes(
    card_id, owner, target, code, english, french
) -> None:
    """A railroad or cab company has no colour group: the holding event that takes the depot or
    stand off says why in both languages (the table saw it vanish with no word of the card)."""
    state = own(table("Ann", "Bob", "Cy"), owner, target, improved=True)
    deck = "chance" if card_id.startswith("chance") else "community_chest"
    state = do(at_chance(state, deck), "draw", card=card_id)
    # A railroad is on two tracks: the table names the space it tapped.
    space = "middle:5" if target == "Reading Railroad" else target
    events, state = step_events(state, {"type": "choose", "player": "Ann", "space": space})
    assert state.holdings[target].improved is False
    said = [e for e in events if "storm" in e.get("code", "")]
    assert [(e["type"], e["code"], e["property"]) for e in said] == [("holding", code, target)]
    # No more events than before: the recorded games count them.
    assert [e["type"] for e in events] == ["holding", "decision"]
    words = {lang: render_event(said[0], lang) for lang in ("en", "fr")}
    assert {k: " ".join(v.replace("\u202f", " ").split()) for k, v in words.items()} == {
        "en": english,
        "fr": french.replace("\u00a0", " "),
    }


def test_assets_seized_with_no_property_is_jail() -> None:
    state = do(at_chance(), "draw", card="chance-assets-seized")
    assert state.seat("Ann").in_jail


def test_see_you_in_court_refused_with_just_say_no() -> None:
    state = give(table("Ann", "Bob", "Cy"), "Ann", cards=["chance-see-you-in-court"])
    state = give(state, "Bob", cards=["cc-just-say-no"])
    state = arrange(
        state,
        {"type": "bank", "set": {"cards_out": {"chance-see-you-in-court": 1, "cc-just-say-no": 1}}},
    )
    state = do(state, "play_card", "Ann", card="chance-see-you-in-court", target="Bob")
    assert state.decision.kind == "respond" and state.decision.player == "Bob"
    refused = do(state, "refuse")
    assert refused.cash["Bob"] == 3200 and refused.seat("Bob").cards == ()
    assert refused.decision.kind == "roll" and refused.decision.player == "Ann"
    accepted = do(state, "accept")
    assert accepted.cash["Ann"] == 3450 and accepted.cash["Bob"] == 2950


def test_a_refusal_whose_just_say_no_was_traded_away_is_refused_and_changes_nothing() -> None:
    state = give(table("Ann", "Bob", "Cy"), "Ann", cards=["chance-see-you-in-court"])
    state = give(state, "Bob", cards=["cc-just-say-no"])
    state = arrange(
        state,
        {"type": "bank", "set": {"cards_out": {"chance-see-you-in-court": 1, "cc-just-say-no": 1}}},
    )
    state = do(state, "play_card", "Ann", card="chance-see-you-in-court", target="Bob")
    state = do(state, "trade", "Bob", **{"with": "Cy", "give": {"cards": ["cc-just-say-no"]}})
    assert rejected(state, "refuse", "Bob") == "refuse by Bob: Bob holds no Just Say NO! card now"
    assert do(state, "accept", "Bob").cash["Bob"] == 2950


def test_zero_dollars_down_builds_on_a_street_only() -> None:
    state = own(table(), "Ann", "Reading Railroad")
    state = give(state, "Ann", cards=["chance-zero-dollars-down"])
    state = arrange(state, {"type": "bank", "set": {"cards_out": {"chance-zero-dollars-down": 1}}})
    assert rejected(
        state, "play_card", "Ann", card="chance-zero-dollars-down", property="Reading Railroad"
    ) == (
        "play_card: cannot build on 'Reading Railroad': Zero Dollars Down builds a house on a street"
    )


def test_comped_room_pays_no_rent_once() -> None:
    state = give(own(table(), "Bob", "St. James Place"), "Ann", cards=["chance-comped-room"])
    state = arrange(state, {"type": "bank", "set": {"cards_out": {"chance-comped-room": 1}}})
    state = roll(place(state, "Ann", "St. Charles Place"), 1, 2, 2)
    assert state.cash["Ann"] == 3200 and state.seat("Ann").cards == ()
    assert state.cards_out["chance-comped-room"] == 0


def test_always_bank_on_family_takes_100_off_the_winning_bid() -> None:
    state = give(table(), "Bob", cards=["chance-always-bank-on-family"])
    state = arrange(
        state, {"type": "bank", "set": {"cards_out": {"chance-always-bank-on-family": 1}}}
    )
    state = do(roll(place(state, "Ann", "St. Charles Place"), 1, 2, 2), "auction")
    state = do(state, "bid", "Bob", amount=150)
    state = do(state, "pass", "Ann")
    assert state.cash["Bob"] == 3200 - 50 and state.holdings["St. James Place"].owner == "Bob"


def test_a_kept_card_played_out_of_turn_is_refused() -> None:
    state = give(table(), "Bob", cards=["chance-see-you-in-court"])
    title = DECK.cards["chance-see-you-in-court"].title
    assert rejected(state, "play_card", "Bob", card="chance-see-you-in-court", target="Ann") == (
        f"play_card: {title!r} is played on your own turn, before or after your roll"
    )


# -- Travel Vouchers ------------------------------------------------------------------------


def test_a_bus_ticket_moves_along_the_side_then_the_roll_is_still_due() -> None:
    state = do(table(), "voucher", "Ann", voucher="voucher-bus-ticket", space="middle:5")
    assert state.seat("Ann").position.key == "middle:5" and state.seat("Ann").vouchers == ()
    assert state.decision.kind == "buy_or_auction"
    state = do(state, "buy")
    state = do(state, "draw", card="voucher-transit-token")
    assert state.decision.kind == "roll" and state.decision.answers == ("roll",)
    # Two Bus Tickets dealt, and the one played is out of play: the deck keeps its 10.
    assert state.vouchers_left["voucher-bus-ticket"] == 10


def test_one_voucher_a_turn() -> None:
    state = give(
        table(), "Ann", vouchers=["voucher-free-cab-fare-ahead-1", "voucher-free-cab-fare-ahead-2"]
    )
    state = do(state, "voucher", "Ann", voucher="voucher-free-cab-fare-ahead-1")
    assert state.seat("Ann").position.name == "Mediterranean Avenue"
    state = do(state, "auction")
    state = do(do(state, "pass", "Ann"), "pass", "Bob")
    assert rejected(state, "voucher", "Ann", voucher="voucher-free-cab-fare-ahead-2").startswith(
        "voucher by Ann"
    )


def test_the_expiring_bus_ticket_puts_every_voucher_out_of_play() -> None:
    """UM *Using Travel Vouchers*: "All used or expired TRAVEL VOUCHERS are 'out of play' ('out
    of the game') for the rest of the game": the ticket played and those it expires (the
    player's own and every other player's) do not go back on the Bank's deck."""
    state = table()
    left = {
        **state.vouchers_left,
        "voucher-bus-ticket": 11,
        "voucher-bus-ticket-expiring": 2,
        "voucher-transit-token": 2,
    }
    state = arrange(state, {"type": "bank", "set": {"vouchers_left": left}})
    state = give(state, "Ann", vouchers=["voucher-bus-ticket-expiring", "voucher-transit-token"])
    assert sum(state.vouchers_left.values()) + 3 == 36
    state = do(state, "voucher", "Ann", voucher="voucher-bus-ticket-expiring", space="Income Tax")
    assert state.seat("Ann").vouchers == () and state.seat("Bob").vouchers == ()
    assert dict(state.vouchers_left) == left and sum(state.vouchers_left.values()) == 33


def test_a_voucher_played_or_lost_to_a_missed_bus_is_not_drawn_again() -> None:
    """Ann's Free Cab Fare (two more on the deck), played or lost to a missed bus (M11): out
    of play, the deck keeps two."""
    state = table()
    left = {**state.vouchers_left, "voucher-free-cab-fare-ahead-1": 2}
    state = arrange(state, {"type": "bank", "set": {"vouchers_left": left}})
    state = give(state, "Ann", vouchers=["voucher-free-cab-fare-ahead-1"])
    played = do(state, "voucher", "Ann", voucher="voucher-free-cab-fare-ahead-1")
    assert played.seat("Ann").vouchers == ()
    assert played.vouchers_left["voucher-free-cab-fare-ahead-1"] == 2
    missed = roll(place(state, "Ann", "St. James Place", reverse_direction=True), 1, 2, "bus")
    assert missed.seat("Ann").vouchers == ()
    assert missed.vouchers_left["voucher-free-cab-fare-ahead-1"] == 2


def test_inherit_stock_takes_one_unsold_share_free() -> None:
    state = do(at_chance(deck="community_chest"), "draw", card="cc-inherit-stock")
    assert state.decision.kind == "stock" and state.decision.data["free"]
    assert "taken, not auctioned" in rejected(state, "stock", company="Acme Motors", how="auction")
    state = do(state, "stock", company="Acme Motors", how="buy")
    assert state.seat("Ann").shares == {"Acme Motors": 1} and state.cash["Ann"] == 3200


def test_a_voucher_played_on_the_subway_ends_the_ride() -> None:
    """Ann lands on the Subway (the ride is her next move, R8), then plays a Bus Ticket at the
    end of her turn: the voucher's move takes her off the Subway, and her next turn is a roll."""
    state = roll(place(table(), "Ann", "outer:38"), 1, 2, 1)
    assert state.seat("Ann").subway and state.decision.kind == "end_turn"
    state = do(state, "voucher", "Ann", voucher="voucher-bus-ticket", space="outer:47")
    assert state.seat("Ann").position.key == "outer:47" and not state.seat("Ann").subway
    state = do(do(do(state, "auction"), "pass", "Ann"), "pass", "Bob")
    state = do(roll(state, 1, 2, 1), "end_turn")  # Bob: Income Tax
    assert state.decision.player == "Ann" and state.decision.kind == "roll"


# -- Just Say NO! against every card aimed at another player (issue 23) ----------------------


def holding_no(state, player: str = "Bob", card: str = "cc-just-say-no"):
    """``player`` holds a Just Say NO! (taken from the deck)."""
    state = give(state, player, cards=[*state.seat(player).cards, card])
    out = {**state.cards_out, card: state.cards_out.get(card, 0) + 1}
    return arrange(state, {"type": "bank", "set": {"cards_out": out}})


def said(state, lang: str = "en") -> str:
    from companion.messages import render_decision

    return " ".join(render_decision(state.decision, lang).replace("\u202f", " ").split())


def test_hurricane_on_a_group_of_a_player_holding_just_say_no_asks_them_first() -> None:
    """cards.yaml, Just Say "NO"!: "play at any time to stop another player's action against
    you"; the Hurricane hits a group of ANY player, chosen by the drawer: it is one."""
    state = own(table("Ann", "Bob", "Cy"), "Bob", "Park Place", level=5)
    state = holding_no(own(state, "Bob", "Boardwalk", level=6))
    state = do(at_chance(state), "draw", card="chance-hurricane-makes-landfall")
    state = do(state, "choose", space="Boardwalk")
    assert (state.decision.kind, state.decision.player) == ("respond", "Bob")
    assert state.holdings["Boardwalk"].level == 6
    assert said(state) == (
        "Bob: Hurricane makes landfall! is played against you: one building comes off each of "
        "your dark blue lots. Accept, or refuse with Just Say NO!"
    )
    assert "chaque propriété de votre groupe bleu foncé perd un bâtiment" in said(state, "fr")
    refused = do(state, "refuse")
    assert refused.holdings["Park Place"].level == 5 and refused.holdings["Boardwalk"].level == 6
    assert refused.seat("Bob").cards == () and refused.cards_out["cc-just-say-no"] == 0
    accepted = do(state, "accept")
    assert accepted.holdings["Park Place"].level == 4 and accepted.holdings["Boardwalk"].level == 5
    assert accepted.seat("Bob").cards == ("cc-just-say-no",)


def test_a_tornado_hits_the_drawer_s_own_group_and_asks_nobody() -> None:
    state = holding_no(own(table("Ann", "Bob"), "Ann", "Park Place", "Boardwalk", level=2), "Ann")
    state = do(at_chance(state, "community_chest"), "draw", card="cc-tornado-hits")
    state = do(state, "choose", space="Boardwalk")
    assert state.decision.kind != "respond" and state.holdings["Boardwalk"].level == 1


def test_collecting_from_each_player_asks_each_holder_of_just_say_no() -> None:
    """Opening Night Tickets: $50 from each other player; Bob refuses, Cy (no card) pays."""
    state = holding_no(table("Ann", "Bob", "Cy"))
    state = do(at_chance(state, "community_chest"), "draw", card="cc-opening-night-tickets")
    assert (state.decision.kind, state.decision.player) == ("respond", "Bob")
    assert "Bob pays $50 to Ann" in said(state)
    state = do(state, "refuse")
    assert (state.cash["Ann"], state.cash["Bob"], state.cash["Cy"]) == (3250, 3200, 3150)


def test_taxi_wars_on_a_cab_company_of_a_holder_of_just_say_no() -> None:
    """Refused, the card is stopped: the cab company stays Bob's and Ann does not move."""
    state = holding_no(own(table("Ann", "Bob"), "Bob", "Yellow Cab Company"))
    state = do(at_chance(state), "draw", card="chance-taxi-wars-are-not-fare")
    chance = state.seat("Ann").position
    state = do(state, "choose", space="Yellow Cab Company")
    assert (state.decision.kind, state.decision.player) == ("respond", "Bob")
    assert "Yellow Cab Company goes to Ann" in said(state)
    assert state.seat("Ann").position == chance
    accepted = do(state, "accept")
    assert accepted.holdings["Yellow Cab Company"].owner == "Ann"
    assert accepted.seat("Ann").position.name == "Yellow Cab Company"
    refused = do(state, "refuse")
    assert refused.holdings["Yellow Cab Company"].owner == "Bob"
    assert refused.seat("Ann").position == chance and refused.cash["Bob"] == 3200


def test_deal_buster_refused_leaves_the_lander_to_buy_or_auction() -> None:
    state = holding_no(give(table(), "Bob", cards=["cc-deal-buster"]), "Ann")
    state = arrange(
        state, {"type": "bank", "set": {"cards_out": {**state.cards_out, "cc-deal-buster": 1}}}
    )
    state = roll(place(state, "Ann", "St. Charles Place"), 1, 2, 2)
    assert state.decision.kind == "buy_or_auction"
    state = do(state, "play_card", "Bob", card="cc-deal-buster")
    assert (state.decision.kind, state.decision.player) == ("respond", "Ann")
    assert "Bob buys St. James Place for $180 instead of you" in said(state)
    refuse = next(o for o in state.decision.options if o["command"]["type"] == "refuse")
    assert [t["do"] for t in refuse["instead"]] == ["resume"]  # the front end sees what stays
    refused = do(state, "refuse")
    assert refused.seat("Bob").cards == () and "St. James Place" not in refused.holdings
    assert (refused.decision.kind, refused.decision.player) == ("buy_or_auction", "Ann")
    assert do(refused, "buy").holdings["St. James Place"].owner == "Ann"
    accepted = do(state, "accept")
    assert accepted.holdings["St. James Place"].owner == "Bob" and accepted.cash["Bob"] == 3020


@pytest.mark.parametrize("card_id", ["cc-reverse-rent", "cc-the-rent-is-too-darn-high"])
def test_a_rent_card_refused_by_the_owner_leaves_the_rent_as_due(card_id) -> None:
    state = holding_no(give(own(table(), "Bob", "St. James Place"), "Ann", cards=[card_id]))
    state = arrange(state, {"type": "bank", "set": {"cards_out": {**state.cards_out, card_id: 1}}})
    state = roll(place(state, "Ann", "St. Charles Place"), 1, 2, 2)
    assert state.decision.kind == "rent"
    state = do(state, "play_card", "Ann", card=card_id)
    assert (state.decision.kind, state.decision.player) == ("respond", "Bob")
    state = do(state, "refuse")
    rent = 3200 - state.cash["Ann"]
    assert rent == state.cash["Bob"] - 3200 > 0 and state.seat("Ann").cards == ()


@pytest.mark.parametrize(
    ("card_id", "fields", "action"),
    [
        ("chance-see-you-in-court", {"target": "Bob"}, "Bob pays $250 to Ann"),
        (
            "chance-foreclosed-property-sale",
            {"property": "Baltic Avenue"},
            "Baltic Avenue goes to Ann",
        ),
        (
            "chance-strong-armed-deal",
            {"target": "Bob", "property": "Baltic Avenue", "give": "Oriental Avenue"},
            "Ann swaps Oriental Avenue for Baltic Avenue",
        ),
        (
            "chance-slick-move",
            {"target": "Bob", "property": "Baltic Avenue"},
            "Baltic Avenue goes to Ann",
        ),
        (
            "cc-hostile-takeover",
            {"target": "Bob", "property": "Baltic Avenue"},
            "Baltic Avenue goes to Ann",
        ),
        ("cc-elected-district-attorney", {"target": "Bob"}, "Bob goes to jail"),
    ],
)
def test_every_kept_card_played_against_a_holder_of_just_say_no_names_what_it_would_do(
    card_id, fields, action
) -> None:
    state = own(table(), "Bob", "Baltic Avenue", mortgaged=card_id.endswith("sale"))
    state = holding_no(give(own(state, "Ann", "Oriental Avenue"), "Ann", cards=[card_id]))
    state = arrange(state, {"type": "bank", "set": {"cards_out": {**state.cards_out, card_id: 1}}})
    before = state
    state = do(state, "play_card", "Ann", card=card_id, **fields)
    assert (state.decision.kind, state.decision.player) == ("respond", "Bob")
    assert f"is played against you: {action}." in said(state)
    refused = do(state, "refuse")
    assert refused.holdings == before.holdings and refused.seat("Bob") == replace(
        before.seat("Bob"), cards=()
    )


def test_finders_keepers_names_the_voucher_it_would_take() -> None:
    state = holding_no(table("Ann", "Bob"))
    state = do(at_chance(state, "community_chest"), "draw", card="cc-finders-keepers")
    state = do(state, "target", target="Bob")
    assert "a Travel Voucher of Bob goes to Ann" in said(state)
    assert do(state, "refuse").seat("Bob").vouchers == ("voucher-bus-ticket",)


@pytest.mark.parametrize(
    ("card_id", "holder", "target", "space", "start", "due", "action"),
    [
        # Comped Room (Ann's): Bob, the owner, refuses; Ann pays St. James Place's $14.
        ("chance-comped-room", "Ann", "Bob", "St. James Place", "St. Charles Place", 14,
         "Ann pays you no rent for St. James Place"),
        # Special Online Pricing (Ann's): half of the Reading's $25, refused: the $25.
        ("cc-special-online-pricing", "Ann", "Bob", "Reading Railroad", "GO", 25,
         "Ann pays $13 to Bob"),
        # Renovation Success (Bob's): $50 more from Ann, who refuses: the $14.
        ("cc-renovation-success", "Bob", "Ann", "St. James Place", "St. Charles Place", 14,
         "Ann pays $64 to Bob"),
    ],
)  # fmt: skip
def test_a_card_acting_by_itself_on_rent_can_be_refused(
    card_id, holder, target, space, start, due, action
) -> None:
    state = give(own(table(), "Bob", space), holder, cards=[card_id])
    state = arrange(state, {"type": "bank", "set": {"cards_out": {**state.cards_out, card_id: 1}}})
    state = holding_no(state, target)
    state = roll(place(state, "Ann", start), 1, 2, 2)
    assert (state.decision.kind, state.decision.player) == ("respond", target)
    assert f"is played against you: {action}." in said(state)
    state = do(state, "refuse")
    assert 3200 - state.cash["Ann"] == state.cash["Bob"] - 3200 == due
    assert state.seat(holder).cards == () and state.seat(target).cards == ()


def test_share_in_their_good_fortune_can_be_refused_by_the_winner() -> None:
    state = give(table("Ann", "Bob"), "Bob", cards=["cc-share-in-their-good-fortune"])
    state = holding_no(state, "Ann", "chance-just-say-no")
    state = arrange(
        state,
        {
            "type": "bank",
            "set": {"cards_out": {**state.cards_out, "cc-share-in-their-good-fortune": 1}},
        },
    )
    state = roll(place(state, "Ann", "Boylston Street"), 1, 2, 2)
    state = do(state, "draw", card="1-2-3")
    state = do(state, "dice", dice=[1, 2, 3])
    assert (state.decision.kind, state.decision.player) == ("respond", "Ann")
    assert "is played against you: Ann pays $750 to Bob." in said(state)
    # Bob's own card (2-4-5) matched the 2: $50 of his own.
    refused = do(state, "refuse")
    assert refused.cash["Ann"] == 3200 + 1500 and refused.cash["Bob"] == 3200 + 50
    accepted = do(state, "accept")
    assert accepted.cash["Ann"] == 3200 + 750 and accepted.cash["Bob"] == 3200 + 50 + 750
