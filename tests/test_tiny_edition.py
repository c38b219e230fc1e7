"""The tiny test edition (``tests/data/editions/tiny/``: one ring of 12 spaces, two dice, no
speed die, no Pool, no Travel Vouchers, Roll Three or Stock Exchange) plays whole games through
the engine: what it lacks, the engine reads from the edition instead of assuming Ultimate."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.banker.engine import new_game
from companion.banker.ledger import BANK, POOL
from companion.banker.options import options_for
from companion.banker.state import GameState, evolve, invariant_problems, replay
from companion.cli.main import run
from companion.editions import Edition, edition, of_game, playable
from companion.game import Game
from companion.simulator.simulate import RandomPlayer, play_game, simulate
from tests.banker import at_the_prompt, do, rejected


def ordered(tiny: Edition, *names: str) -> GameState:
    """A tiny game of ``names`` (Ann and Bob) at the first player's first roll."""
    names = names or ("Ann", "Bob")
    state = replay(new_game([{"name": n} for n in names], edition=tiny))
    for i, n in enumerate(names):
        state = do(state, "order_roll", n, dice=[6, 6] if i == 0 else [1, 2])
    assert state.decision.kind == "roll" and state.decision.player == names[0]
    return state


def test_the_tiny_edition_is_one_ring_of_12_with_two_dice_and_no_pool(tiny: Edition) -> None:
    assert edition("tiny") is tiny and of_game(tiny.stamp) is tiny
    assert tiny.board.tracks == ("ring",) and len(tiny.board.spaces) == 12
    assert [s.kind for s in tiny.board.spaces if s.index % 3 == 0] == [
        "pay_corner",
        "jail",
        "free_parking",
        "go_to_jail",
    ]
    assert (tiny.dice.count, tiny.dice.has_speed_die, tiny.has_pool) == (2, False, False)
    assert tiny.fees_account == BANK and edition("ultimate").fees_account == POOL
    assert not tiny.deck.vouchers and not tiny.deck.stock_names
    assert not tiny.deals_starting_cards and edition("ultimate").deals_starting_cards


def test_a_tiny_game_deals_nothing_and_starts_with_the_turn_order_roll(tiny: Edition) -> None:
    events = new_game([{"name": "Ann"}, {"name": "Bob"}], edition=tiny)
    start = events[0]
    assert start["edition"] == {"id": "tiny", "version": 1}
    assert (start["vouchers_left"], start["roll_three_left"], start["shares_left"]) == ({}, 0, {})
    state = replay(events)
    assert (state.decision.kind, state.decision.player) == ("order_roll", "Ann")
    assert state.decision.data["group"] == ["Ann", "Bob"]
    assert state.cash["Ann"] == state.cash["Bob"] == tiny.numbers.starting_cash
    assert rejected(state, "deal", "Ann").startswith("deal by Ann")
    assert [o["command"]["type"] for o in options_for(state, state.decision)] == ["order_roll"]


def test_a_tiny_roll_is_two_dice_and_a_speed_die_is_refused(tiny: Edition) -> None:
    state = ordered(tiny)
    (roll,) = [o for o in options_for(state, state.decision) if o["command"]["type"] == "roll"]
    assert roll["free"]["dice"] == {"count": 2, "speed": False}
    assert rejected(state, "roll", dice=[1, 2, "mr"]) == (
        "Tiny Monopoly has no speed die: give the two regular dice, not 1+2 and Mr. Monopoly"
    )
    state = do(state, "roll", dice=[1, 2])
    assert state.seat("Ann").position == tiny.board.space("Jail")
    assert not state.seat("Ann").in_jail


def test_tax_and_bail_go_to_the_bank_in_an_edition_without_a_pool(tiny: Edition) -> None:
    state = ordered(tiny)
    bank = state.cash[BANK]
    state = do(state, "roll", dice=[5, 6])
    assert state.seat("Ann").position == tiny.board.space("Income Tax")
    assert state.cash["Ann"] == tiny.numbers.starting_cash - 50
    assert (state.cash[BANK], state.cash[POOL]) == (bank + 50, 0)

    assert state.decision.player == "Bob"
    state = do(state, "roll", dice=[4, 5])
    assert state.seat("Bob").in_jail and state.seat("Bob").position == tiny.board.jail
    state = do(state, "roll", dice=[1, 3])
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")
    assert state.decision.params["bail"] == 50
    bank = state.cash[BANK]
    state = do(state, "bail")
    assert (state.cash[BANK], state.cash[POOL]) == (bank + 50, 0)
    assert not state.seat("Bob").in_jail


def _off_the_edition(state: GameState) -> list[str]:
    """What an Ultimate habit would leave in a tiny game: a token off the ring, a share."""
    return [
        *(f"{s.name} on {s.position!r}" for s in state.seats if s.position.track != "ring"),
        *(f"{s.name} holds shares {dict(s.shares)}" for s in state.seats if s.shares),
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_tiny_games_play_to_their_end_through_the_engine(
    tiny: Edition, players: int
) -> None:
    """Random players answer every decision with one of its options; after every event the
    money is conserved between the players and the Bank, the Pool stays empty, every token is
    on the ring; no roll shows a speed die; some games end, the others stop at the turn cap."""
    rng = random.Random(24 + players)
    problems: list[str] = []
    rolls: list[Any] = []
    finished = 0
    for _ in range(4):
        game = Game.new([{"name": f"P{i + 1}"} for i in range(players)], edition=tiny)

        def check(state: GameState, where: str) -> None:
            problems.extend(f"{where}: {p}" for p in invariant_problems(state))
            problems.extend(f"{where}: {p}" for p in _off_the_edition(state))

        play_game(game, RandomPlayer(rng), check=check, max_turns=300)
        finished += game.state.over
        events = game.all_events()
        rolls += [e["dice"] for e in events if e["type"] == "rolled"]
        assert not [e for e in events if e["type"] == "transfer" and POOL in (e["from"], e["to"])]
        assert not {"voucher_taken", "roll_three_taken"} & {e["type"] for e in events}
        assert replay(events).edition is tiny
    assert problems == []
    assert rolls and all(d[2] is None for d in rolls)
    assert finished >= 1


def test_the_simulator_plays_an_edition_it_is_given(tiny: Edition) -> None:
    report = simulate(games=2, seed=5, players=3, edition=tiny, max_turns=200)
    assert (report.games, report.invariant_violations, report.problems) == (2, 0, [])


def test_the_invariants_find_money_in_the_pool_of_an_edition_without_one(tiny: Edition) -> None:
    state = ordered(tiny)
    state = evolve(
        state, {"type": "transfer", "from": "Ann", "to": POOL, "amount": 10, "reason": "test"}
    )
    assert invariant_problems(state) == ["Tiny Monopoly has no Pool, but the Pool holds $10"]


# -- The prompt -------------------------------------------------------------------------------


def _play_tiny(db: Path, lines: list[str], **args: Any) -> tuple[int, str, str]:
    return at_the_prompt(db, lines, edition="tiny", **args)


def test_a_tiny_game_at_the_prompt_names_its_spaces_and_pays_the_bank(
    tiny: Edition, tmp_path: Path
) -> None:
    status, text, err = _play_tiny(
        tmp_path / "g.db",
        [
            "order_roll 6 6",
            "order_roll 1 2",
            "roll 1 2 mr",
            "roll 5 6",
            "roll 4 5",
            "roll 1 3",
            "show",
            "bail",
            "roll 2 3",
            "draw go to jail",
            "history 3",
        ],
    )
    assert status == 0
    assert "Ann: roll the dice.  [roll D1 D2]  ('help' for more)" in text
    assert err.splitlines() == [
        "companion: error: roll: Tiny Monopoly has no speed die: give the two regular dice: "
        "roll D1 D2"
    ]
    assert "  5+6: move 11 from GO to Income Tax." in text
    assert "  Ann pays the Bank $50 (Income Tax). [Ann $350]" in text
    assert "  The Bank pays Ann $20 (passing GO). [Ann $370]" in text
    assert "[roll D1 D2 | bail]" in text
    assert (
        "Bank's stock: 12 houses, 4 hotels.\n"
        "Ann (car, red): $370, on Jail\n"
        "Bob (hat, blue): $400, in jail (0 of 3 tries used); to play\n"
    ) in text
    assert "  Bob pays the Bank $50 (jail bail). [Bob $350]" in text
    assert "Pool" not in text and "speed die" not in text.replace("no speed die", "")
    assert text.count("Bob goes to jail.") == 3  # the roll, the card, and 'history'

    # The game log names the edition: resumed, it plays Tiny again.
    status, text, err = _play_tiny(tmp_path / "g.db", ["show Bob"], players=None, new=False)
    assert (status, err) == (0, "")
    assert "Bob (hat, blue): $350, in jail (0 of 3 tries used)" in text


def test_the_command_line_starts_and_simulates_an_edition_by_id(
    tiny: Edition, tmp_path: Path
) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "--edition", "tiny", "--games", "2", "--players", "3", "--json"]
    assert run([*argv, "--check"], out, err) == 0
    assert json.loads(out.getvalue())["invariant_violations"] == 0

    _play_tiny(tmp_path / "g.db", ["order_roll 6 6", "order_roll 1 2", "roll 5 6"])
    for form in ("text", "jsonl", "csv"):
        out, err = io.StringIO(), io.StringIO()
        assert run(["history", "--db", str(tmp_path / "g.db"), "--format", form], out, err) == 0
        assert "Ann pays the Bank $50 (Income Tax)." in out.getvalue()
        assert "ring:" not in out.getvalue().replace('"ring:', "")  # a key only in the data

    out, err = io.StringIO(), io.StringIO()
    assert run(["simulate", "--edition", "giant", "--games", "1"], out, err) == 2
    assert err.getvalue() == (
        f"companion: error: no edition 'giant': the companion knows {', '.join(playable())}\n"
    )
    out, err = io.StringIO(), io.StringIO()
    assert run(["simulate", "--edition", "tiny", "--games", "1", "--players", "5"], out, err) == 2
    assert err.getvalue() == "companion: error: a game of Tiny Monopoly has 2 to 4 players, not 5\n"


def test_the_referee_answers_for_the_tiny_edition(tiny: Edition) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["referee", "--edition", "tiny", "move", "--from", "Mill Road", "--roll", "3", "4"]
    assert run(argv, out, err) == 0
    assert out.getvalue().splitlines()[:3] == [
        "3+4: move 7 from Mill Road to Income Tax.",
        "Path: Ring Railroad > Free Parking > Harbour Street > Chance > Go To Jail > "
        "Quay Street > Income Tax",
        "- Pay $50 for Income Tax to the Bank.",  # the catalogues' words, as the app says it
    ]
    out, err = io.StringIO(), io.StringIO()
    assert run([*argv, "mr"], out, err) == 2
    assert err.getvalue() == (
        "companion: error: Tiny Monopoly has no speed die: give the two regular dice, "
        "not 3+4 and Mr. Monopoly\n"
    )
    out, err = io.StringIO(), io.StringIO()
    assert run(["referee", "--edition", "tiny", "space", "Income", "Tax"], out, err) == 0
    assert out.getvalue().splitlines()[-1] == "Pay $50 to the Bank"
