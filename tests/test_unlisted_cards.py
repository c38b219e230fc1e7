"""E3: a Chance or Community Chest card the companion does not list, entered at the draw from
the "another card" menu, plays through the listed cards' own operations, and is recorded,
undone and replayed like any card."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from companion.banker.engine import apply, step
from companion.banker.ledger import BANK
from companion.banker.start import start_from_situation, table_situation
from companion.banker.state import replay
from companion.editions import Edition, edition
from companion.editions.cards import UNLISTED_OPERATIONS, module_of, operations
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.messages import render_event
from companion.rules.cards import (
    UNLISTED_EFFECTS,
    Unlisted,
    UnlistedCardError,
    unlisted,
    unlisted_card,
    unlisted_from_words,
)
from companion.simulator.simulate import RandomPlayer
from tests.banker import at_the_prompt, do, own, place, rejected, table
from tests.edition_data import TEST_EDITIONS, copied, registered
from tests.test_engine_cards import at_chance
from tests.test_tiny_edition import ordered

ULTIMATE = edition("ultimate")
BOARD = ULTIMATE.board
CASH = ULTIMATE.numbers.starting_cash


def another(effect: str, *values: object, deck: str = "chance", title: str = "") -> str:
    return Unlisted(deck, effect, tuple(values), title).id  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("card", "ann", "pool", "others"),
    [
        (another("collect", 50, title="Bank pays you dividend"), 50, 0, 0),
        (another("pay", 15, title="Poor tax"), -15, 15, 0),
        (another("collect_each", 10), 20, 0, -10),
        (another("pay_each", 25), -50, 0, 25),
        # Two houses at $25 and a hotel at $100; the cab stand is no house or hotel: free.
        (another("repairs", 25, 100), -150, 150, 0),
    ],
)
def test_money_moves_exactly_as_the_effect_says(card, ann, pool, others) -> None:
    state = own(table("Ann", "Bob", "Cy"), "Ann", "St. James Place", "Tennessee Avenue", level=1)
    state = own(state, "Ann", "New York Avenue", level=5)
    state = own(state, "Ann", "Checker Cab Company", improved=True)
    state = do(at_chance(state), "draw", card=card)
    assert state.cash["Ann"] - CASH == ann
    assert state.pool == pool
    assert state.cash["Bob"] - CASH == state.cash["Cy"] - CASH == others
    assert state.seat("Ann").position == BOARD.space("middle:22")  # nothing moved
    assert (state.decision.kind, state.decision.player) == ("end_turn", "Ann")


def test_pay_goes_to_the_bank_in_an_edition_without_a_pool(tiny: Edition) -> None:
    state = ordered(tiny)
    state = do(state, "roll", dice=[3, 5])  # to Chance
    assert (state.decision.kind, state.decision.data["deck"]) == ("draw", "chance")
    events, state = step(state, {"type": "draw", "player": "Ann", "card": another("pay", 30)})
    assert state.cash["Ann"] == tiny.numbers.starting_cash - 30 and state.pool == 0
    (paid,) = [e for e in events if e["type"] == "transfer"]
    assert (paid["from"], paid["to"], paid["amount"]) == ("Ann", BANK, 30)


def test_advance_to_a_named_space_pays_go_when_it_passes_it() -> None:
    state = do(at_chance(), "draw", card=another("advance", "middle:11"))
    assert state.seat("Ann").position == BOARD.space("St. Charles Place")
    assert state.cash["Ann"] == CASH + 200  # passed GO on the way
    assert state.decision.kind == "buy_or_auction"


def test_advance_without_passing_go_collects_nothing() -> None:
    state = do(at_chance(), "draw", card=another("advance", "middle:39"))
    assert state.seat("Ann").position == BOARD.space("Boardwalk")
    assert state.cash["Ann"] == CASH and state.decision.kind == "buy_or_auction"


def test_the_nearest_railroad_owned_pays_as_the_listed_card_does() -> None:
    state = own(table("Ann", "Bob", "Cy"), "Bob", "B&O Railroad")
    state = do(at_chance(state), "draw", card=another("nearest", "railroad"))
    assert state.seat("Ann").position.name == "B&O Railroad"
    listed = do(at_chance(own(table("Ann", "Bob", "Cy"), "Bob", "B&O Railroad")), "draw",
                card="chance-advance-to-the-nearest-railroad")  # fmt: skip
    assert state.cash == listed.cash and state.cash["Ann"] < CASH


def test_back_three_and_jail() -> None:
    back = do(at_chance(), "draw", card=another("back", 3))
    assert back.seat("Ann").position == BOARD.space("New York Avenue")
    assert back.decision.kind == "buy_or_auction"
    jailed = do(at_chance(), "draw", card=another("jail"))
    assert jailed.seat("Ann").in_jail and jailed.seat("Ann").position == BOARD.jail
    assert (jailed.decision.kind, jailed.decision.player) == ("roll", "Bob")
    assert jailed.cash["Ann"] == CASH


def test_a_kept_card_gets_its_holder_out_of_jail_later() -> None:
    card = another("keep_jail", title="Get out of jail (old deck)")
    state = do(at_chance(), "draw", card=card)
    assert state.seat("Ann").cards == (card,) and state.cash["Ann"] == CASH
    state = do(place(state, "Ann", "In Jail / Just Visiting", in_jail=True), "end_turn")
    bob = RandomPlayer(random.Random(3))
    while not (state.turn == "Ann" and state.decision.kind == "roll"):
        state = apply(state, bob.choose(state))
    assert state.seat("Ann").in_jail and state.seat("Ann").cards == (card,)
    state = do(state, "jail_card")
    assert not state.seat("Ann").in_jail and state.seat("Ann").cards == ()
    assert state.cash["Ann"] == CASH and state.cards_out.get(card, 0) == 0


def test_the_draw_offers_another_card_with_its_menu() -> None:
    state = at_chance()
    from companion.banker.options import options_for

    *listed, last = options_for(state, state.decision)
    assert all("card" in o["command"] for o in listed)
    assert last["command"] == {"type": "draw"} and last["code"] == "option.draw.another"
    menu = last["free"]["card"]["unlisted"]
    assert menu["deck"] == "chance"
    assert menu["effects"] == {e: list(needs) for e, needs in UNLISTED_EFFECTS.items()}
    assert menu["kinds"] == ["cab_company", "railroad", "utility"]


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("another/chance/collect/fifty", "amount is a whole number from 1 to 1,000,000"),
        ("another/chance/collect/0", "amount is a whole number from 1 to 1,000,000"),
        ("another/chance/advance/middle:99", "no space 'middle:99' on this board"),
        ("another/chance/nearest/street", "This board's kinds: cab_company, railroad, utility"),
        ("another/chance/back/99", "count is a whole number from 1 to"),
        ("another/chance/juggle", "no effect 'juggle'"),
        ("another/chance/repairs/25", "repairs needs house, hotel"),
        ("another/bus/jail", "DECK chance or community_chest"),
        ("another/community_chest/jail", "is a community chest card, and Ann draws from chance"),
    ],
)
def test_a_bad_entry_is_refused_in_one_line_and_changes_nothing(card: str, words: str) -> None:
    message = rejected(at_chance(), "draw", card=card)
    assert message.startswith("draw: ") and words in message


def test_the_drawn_card_is_said_with_its_words_in_both_languages() -> None:
    card = another("collect", 50, title="Bank pays you dividend")
    events, _ = step(at_chance(), {"type": "draw", "player": "Ann", "card": card})
    drew = next(e for e in events if e["type"] == "drew")
    assert render_event(drew, "en", edition=ULTIMATE) == (
        "Ann drew Bank pays you dividend: Collect $50 from the Bank"
    )
    events, _ = step(at_chance(), {"type": "draw", "player": "Ann", "card": another("pay", 15)})
    drew = next(e for e in events if e["type"] == "drew")
    assert (
        render_event(drew, "en", edition=ULTIMATE) == "Ann drew another card: Pay $15 to the Pool"
    )
    assert render_event(drew, "fr", edition=ULTIMATE) == (
        "Ann a pioché une autre carte\u00a0: Payez 15\u00a0$ au Pool"
    )


def test_undo_resume_and_history_replay_an_unlisted_card(tmp_path: Path) -> None:
    card = another("advance", "middle:11", title="Take a walk")
    with GameLog(tmp_path / "game.db") as log:
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], log=log)
        for player in ("Ann", "Bob", "Cy"):
            game.execute({"type": "deal", "player": player, "voucher": "voucher-bus-ticket",
                          "roll_three": {"Ann": "4-5-6", "Bob": "2-4-5", "Cy": "3-4-5"}[player]})  # fmt: skip
        for player, dice in (("Ann", [6, 6]), ("Bob", [1, 2]), ("Cy", [2, 3])):
            game.execute({"type": "order_roll", "player": player, "dice": dice})
        game.execute({"type": "roll", "player": "Ann", "dice": [3, 4, 1]})  # to Chance
        assert game.state.decision.kind == "draw"
        before = game.state
        game.execute({"type": "draw", "player": "Ann", "card": card})
        after = game.state
        assert after.seat("Ann").position.name == "St. Charles Place"
        assert after.cash == step(before, {"type": "draw", "player": "Ann", "card": card})[1].cash
        game.undo()
        assert game.state.cash == before.cash and game.state.decision.kind == "draw"
        game.execute({"type": "draw", "player": "Ann", "card": card})
    with GameLog(tmp_path / "game.db") as log:
        resumed = Game.resume(log)
        assert resumed.state.cash == after.cash
        assert resumed.state.seat("Ann").position == after.seat("Ann").position
        assert resumed.state.decision.kind == after.decision.kind == "buy_or_auction"


def test_the_unlisted_cards_name_only_operations_every_edition_loads() -> None:
    for effect, needs in UNLISTED_EFFECTS.items():
        values = {"amount": 5, "space": "middle:11", "kind": "utility", "count": 2, "house": 1,
                  "hotel": 2}  # fmt: skip
        card = unlisted_card(
            another(effect, *(values[n] for n in needs)), BOARD, ULTIMATE.money.written
        )
        assert set(operations(card.play)) <= set(UNLISTED_OPERATIONS), effect
        assert {module_of(op) for op in operations(card.play)} <= {"money", "move", "jail"}


def test_the_prompt_words_make_the_same_ids() -> None:
    def words(text: str) -> str:
        import shlex

        return unlisted_from_words(shlex.split(text), "chance", BOARD).id

    assert words('collect 50 "Bank pays you dividend"') == another(
        "collect", 50, title="Bank pays you dividend"
    )
    assert words("collect each $10") == another("collect_each", 10)
    assert words("pay each 25") == another("pay_each", 25)
    # Any currency symbol, before or after, as the table's money is written (E8, and beyond).
    assert words("collect £1,500") == words("collect 1500€") == words("collect ¥1500")
    assert words("collect ₩1500") == another("collect", 1500)
    assert words("advance St. Charles Place") == another("advance", "middle:11")
    assert words('advance boardwalk "Take a walk"') == another(
        "advance", "middle:39", title="Take a walk"
    )
    assert words("nearest utilities") == another("nearest", "utility")
    assert words("nearest cab company") == another("nearest", "cab_company")
    assert words("back 3") == another("back", 3)
    assert words("go to jail") == words("jail") == another("jail")
    assert words("keep jail title='Old card'") == another("keep_jail", title="Old card")
    assert words("repairs 25 100") == another("repairs", 25, 100)
    for bad in ("", "juggle 3", "collect", "repairs 25", "nearest street", "advance nowhere-land"):
        with pytest.raises(UnlistedCardError):
            words(bad)
    assert unlisted(another("collect", 50, title="A/B"), BOARD).title == "A/B"


def _play(db: Path, lines: list[str], *, new: bool = True) -> tuple[int, str, str]:
    if new:
        return at_the_prompt(db, lines, edition="tiny")
    return at_the_prompt(db, lines, edition=None, players=None, new=False)


def test_another_card_at_the_prompt_then_undo_and_resume(tiny: Edition, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    status, text, err = _play(
        db,
        [
            "order_roll 6 6",
            "order_roll 1 2",
            "roll 3 5",  # GO to Chance
            "draw another juggle 3",
            "draw another collect fifty",
            "draw another advance Nowhere Lane",
            "help draw",
            'draw another collect 50 "Bank pays you dividend"',
            "undo",
            "draw another advance Old Lane 'Take a walk'",
            "history 4",
        ],
    )
    assert status == 0
    assert err.splitlines() == [
        "companion: error: draw another card: 'juggle 3' is no effect; the effects: collect "
        "AMOUNT | pay AMOUNT | collect each AMOUNT | pay each AMOUNT | advance SPACE | nearest "
        "KIND | back COUNT | jail | keep jail | repairs PER_HOUSE PER_HOTEL, then a TITLE if you "
        "like",
        "companion: error: draw another card: collect needs amount (a whole number); the "
        "effects: collect AMOUNT | pay AMOUNT | collect each AMOUNT | pay each AMOUNT | advance "
        "SPACE | nearest KIND | back COUNT | jail | keep jail | repairs PER_HOUSE PER_HOTEL, then "
        "a TITLE if you like",
        "companion: error: draw another card: advance to 'Nowhere Lane'? Name a space of the board",
    ]
    assert '            e.g. draw another collect 50 "Bank pays you dividend"' in text
    assert "Ann drew Bank pays you dividend: Collect $50 from the Bank" in text
    assert "The Bank pays Ann $50 (Bank pays you dividend). [Ann $450]" in text
    assert "Undone: draw card='another/chance/collect/50/Bank pays you dividend' by Ann." in text
    assert "Ann drew Take a walk: Advance to Old Lane" in text
    assert "The Bank pays Ann $20 (passing GO). [Ann $420]" in text
    status, text, _ = _play(db, ["show", "quit"], new=False)
    assert status == 0
    assert "Ann (" in text and "$420, on Old Lane" in text


def test_a_kept_unlisted_card_and_a_pending_draw_go_through_a_table_situation() -> None:
    card = another("keep_jail", title="Old deck's jail card")
    state = do(at_chance(), "draw", card=card)
    situation = table_situation(state).to_json()
    assert card in json.dumps(situation)
    resumed = replay(start_from_situation(situation))
    assert resumed.seat("Ann").cards == (card,)
    assert resumed.cash == state.cash
    drawing = at_chance()
    events = start_from_situation(table_situation(drawing).to_json())
    pending = replay(events)
    assert (pending.decision.kind, pending.decision.data["deck"]) == ("draw", "chance")
    after = do(pending, "draw", card=another("collect", 25))
    assert after.cash["Ann"] == pending.cash["Ann"] + 25


def test_the_referee_explains_an_unlisted_cards_move() -> None:
    from companion.cli.main import run

    out, err = io.StringIO(), io.StringIO()
    status = run(["referee", "card", "--card", "another back 3", "--from", "Tennessee Avenue"],
                 out, err)  # fmt: skip
    assert status == 0 and err.getvalue() == ""
    assert out.getvalue().splitlines()[0] == "Another card: Go back 3 spaces"
    assert "Token ends on Pennsylvania Railroad (middle:15)." in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    status = run(["referee", "card", "--card", "another juggle", "--from", "GO"], out, err)
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue().startswith("companion: error: another card: 'juggle' is no effect; ")
    assert err.getvalue().count("\n") == 1


def test_a_board_without_railroads_utilities_or_cab_companies_offers_no_nearest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_railroad(board: dict) -> None:
        (railroad,) = [s for s in board["spaces"] if s["kind"] == "railroad"]
        railroad.clear()
        railroad.update({"track": "ring", "index": 5, "name": "Rest", "kind": "free_parking"})

    plain = registered(
        copied(TEST_EDITIONS / "tiny", tmp_path / "plain", board=no_railroad), monkeypatch
    )
    state = ordered(plain)
    state = do(state, "roll", dice=[3, 5])  # GO to Chance
    menu = state.decision.options[-1]["free"]["card"]["unlisted"]
    assert menu["kinds"] == [] and "nearest" not in menu["effects"]
    assert len(menu["effects"]) == len(UNLISTED_EFFECTS) - 1
    assert rejected(state, "draw", card="another/chance/nearest/railroad") == (
        "draw: 'another/chance/nearest/railroad': the nearest 'railroad'? This board has no "
        "railroad, utility or other property outside the colour groups"
    )


def test_an_unlisted_card_is_built_once_and_found_every_way() -> None:
    deck, card_id = edition("ultimate").deck, another("collect", 75, title="Found a wallet")
    card = deck.card(card_id)
    assert deck.cards[card_id] is card and deck.cards.get(card_id) is card and card_id in deck.cards
    assert card.title == "Found a wallet" and card_id not in list(deck.cards)
    assert deck.cards.get(another("collect", 10**9)) is None
    with pytest.raises(UnlistedCardError):
        deck.card(another("collect", 10**9))
