"""B1 and R16: the banker resolves a Mr. Monopoly roll in stages, and agrees with the referee.

UM *The Dice*: "First, move according to the regular dice, do what you would normally do on
that space; then move again to the next unowned property"; *Mr. Monopoly Bonus Move*:
"Likewise, if there's no unowned properties left, ... on your way to the next property on which
you need to pay rent". Here Ann's first move stops on Boardwalk, the last unowned property.
"""

from __future__ import annotations

from companion.editions import edition
from companion.rules.movement import Roll, resolve_roll
from tests.banker import do, own, place, roll, table

BOARD = edition("ultimate").board
ROLL = (2, 3, "mr")  # 5, odd: Pennsylvania Avenue to Boardwalk, staying on the middle track


def before_the_roll():
    """Ann owns every property but Boardwalk and Baltic Avenue (Bob's), on Pennsylvania Avenue."""
    state = table("Ann", "Bob")
    others = [n for n in BOARD.properties if n not in ("Boardwalk", "Baltic Avenue")]
    state = own(own(state, "Ann", *others), "Bob", "Baltic Avenue")
    return place(state, "Ann", "Pennsylvania Avenue")


def referee_answer():
    return resolve_roll(BOARD, before_the_roll().situation(), Roll(2, 3, "mr"))


def on_boardwalk():
    """Ann rolls 2-3 and Mr. Monopoly and stops on Boardwalk."""
    state = roll(before_the_roll(), *ROLL)
    assert state.seat("Ann").position == BOARD.space("Boardwalk")
    assert state.decision.kind == "buy_or_auction"
    return state


def test_bought_the_bonus_move_goes_to_the_first_rent_owed() -> None:
    referee = referee_answer()
    state = do(on_boardwalk(), "buy")
    assert state.holdings["Boardwalk"].owner == "Ann"
    ann = state.seat("Ann")
    assert ann.position == BOARD.space("Baltic Avenue") == referee.landing
    # $400 for Boardwalk, $200 for passing GO on the bonus move, $4 rent to Bob for Baltic.
    assert state.cash["Ann"] == 3200 - 400 + 200 - 4 and state.cash["Bob"] == 3200 + 4


def test_sold_at_auction_the_bonus_move_goes_to_the_first_rent_owed() -> None:
    state = do(on_boardwalk(), "auction")
    state = do(state, "bid", "Bob", amount=10)
    state = do(state, "pass", "Ann")
    assert state.holdings["Boardwalk"].owner == "Bob"
    assert state.seat("Ann").position == BOARD.space("Baltic Avenue")
    assert state.cash["Ann"] == 3200 + 200 - 4


def test_nobody_bids_boardwalk_stays_with_the_bank_and_ann_stays_on_it() -> None:
    referee = referee_answer()
    (unsold,) = [a for a in referee.follow_up if a.kind == "if_unsold"]
    state = do(on_boardwalk(), "auction")
    state = do(state, "pass", "Ann")
    state = do(state, "pass", "Bob")
    assert "Boardwalk" not in state.holdings
    assert state.seat("Ann").position == BOARD.space("Boardwalk") == unsold.space
    assert state.cash["Ann"] == state.cash["Bob"] == 3200
