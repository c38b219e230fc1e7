"""D4: the Roll Three deck. Each card is in the deck once ("20 ROLL THREE CARDS (SAO)"), or,
with the house rule ``roll_three_action_cards``, the printed action-card set: 18 combinations,
each twice. A card already held beyond its copies is refused, and nothing changes."""

from __future__ import annotations

import random

import pytest

from companion.banker.engine import new_game
from companion.banker.state import replay
from companion.banker.tx import roll_three_cards_left
from companion.editions import edition
from companion.rules.situation import Options
from companion.simulator.simulate import RandomPlayer
from tests.banker import arrange, do, give, place, rejected, roll, set_cash, table

ACTION_CARDS = {"roll_three_action_cards": True}


def dealt(*cards: str, rules: dict[str, bool] | None = None):
    """A game of Ann, Bob and Cy dealt ``cards`` so far, in seat order."""
    state = replay(new_game([{"name": n} for n in ("Ann", "Bob", "Cy")], rules=rules))
    for name, card in zip(("Ann", "Bob", "Cy"), cards, strict=False):
        state = do(state, "deal", name, voucher="voucher-bus-ticket", roll_three=card)
    return state


def onto_roll_three(state, player: str = "Ann"):
    """``player`` rolls from Boylston Street onto Roll Three (5 spaces) and is asked to draw."""
    state = roll(place(state, player, "Boylston Street"), 1, 2, 2)
    assert state.decision.kind == "draw" and state.decision.data["deck"] == "roll_three"
    return state


def test_the_issue_a_card_cannot_be_held_twice() -> None:
    """Ann and Bob were both dealt 1-3-6, then Ann drew it again: $3,000 from one card."""
    state = dealt("1-3-6")
    assert rejected(state, "deal", "Bob", voucher="voucher-bus-ticket", roll_three="6-1-3") == (
        "deal by Bob: Bob's Roll Three card 1-3-6 is already held by Ann: the deck has one 1-3-6; "
        "check the card"
    )
    state = onto_roll_three(table("Ann", "Bob"))
    state = give(state, "Ann", roll_three=["1-3-6"])
    assert rejected(state, "draw", card="1-3-6") == (
        "draw by Ann: Ann's Roll Three card 1-3-6 is already held by Ann: the deck has one 1-3-6; "
        "check the card"
    )
    state = do(state, "draw", card="1-3-5")
    state = do(state, "dice", dice=[1, 3, 6])
    # The rules' payouts, each card on its own: 1-3-6 pays its roller $1,500; 1-3-5 two matches.
    assert state.cash["Ann"] == 3200 + 1500 + 200 and state.cash["Bob"] == 3200


def test_the_default_deck_has_the_rules_twenty_cards() -> None:
    assert Options().roll_three_action_cards is False
    assert (
        replay(new_game([{"name": "Ann"}, {"name": "Bob"}])).roll_three_left
        == edition("ultimate").numbers.roll_three_cards
    )
    state = dealt("1-3-3", "4-4-5")  # the rules' own example cards repeat numbers
    assert state.roll_three_left == 20 - 2
    assert "1-3-3" not in roll_three_cards_left(state)
    assert len(roll_three_cards_left(state)) == 56 - 2  # any three dice values, once


def test_with_every_card_held_landing_on_roll_three_goes_straight_to_the_dice() -> None:
    state = arrange(table("Ann", "Bob"), {"type": "bank", "set": {"roll_three_left": 0}})
    assert roll_three_cards_left(state) == []
    state = roll(place(state, "Ann", "Boylston Street"), 1, 2, 2)
    assert state.decision.kind == "dice" and state.decision.data["why"] == "roll_three"


def test_the_printed_action_cards_hold_each_combination_twice() -> None:
    state = dealt("1-3-6", "1-3-6", rules=ACTION_CARDS)
    assert state.roll_three_left == edition("ultimate").roll_three_deck(True)[0] - 2 == 34
    assert rejected(state, "deal", "Cy", voucher="voucher-bus-ticket", roll_three="1-3-6") == (
        "deal by Cy: Cy's Roll Three card 1-3-6 is already held by Ann and Bob: the deck has two "
        "1-3-6; check the card"
    )
    assert roll_three_cards_left(state).count("1-3-6") == 0
    assert roll_three_cards_left(state).count("1-2-3") == 2


@pytest.mark.parametrize("card", ["2-3-5", "2-3-6", "1-3-3", "4-4-5"])
def test_the_printed_action_cards_have_no_such_combination(card: str) -> None:
    state = dealt(rules=ACTION_CARDS)
    message = rejected(state, "deal", "Ann", voucher="voucher-bus-ticket", roll_three=card)
    assert message == (
        f"deal: the printed action cards have no Roll Three {card} (18 combinations of three "
        "different numbers, not 2-3-5 or 2-3-6); check the card"
    )


def test_the_house_rule_is_true_or_false() -> None:
    assert Options.parse(ACTION_CARDS).roll_three_action_cards is True
    with pytest.raises(ValueError, match="true or false"):
        Options.parse({"roll_three_action_cards": "yes"})


def test_a_card_back_in_the_deck_can_be_drawn_again() -> None:
    state = table("Ann", "Bob", "Cy")  # Ann holds 4-5-6
    assert "4-5-6" not in roll_three_cards_left(state)
    state = set_cash(state, "Ann", 100)
    state = roll(state, 1, 2, 1)  # Income Tax, $200
    state = do(state, "bankrupt")  # to the Bank: the card goes back to the deck
    assert "4-5-6" in roll_three_cards_left(state)
    state = onto_roll_three(state, "Bob")
    state = do(state, "draw", card="4-5-6")
    assert state.seat("Bob").roll_three == ("2-4-5", "4-5-6")


@pytest.mark.parametrize("rules", [None, ACTION_CARDS])
def test_the_random_player_draws_only_cards_still_in_the_deck(rules) -> None:
    rng = random.Random(3)
    player = RandomPlayer(rng)
    state = replay(new_game([{"name": f"P{i}"} for i in range(12)], rules=rules))
    for _ in range(12):
        command = player.choose(state)
        state = do(state, command.pop("type"), command.pop("player"), **command)
    cards = [c for s in state.seats for c in s.roll_three]
    copies = 2 if rules else 1
    assert all(cards.count(c) <= copies for c in cards)
