"""A decision's options asked for by command type (``options_for(..., kinds)``) are the whole
list's options of those types, in its order, and a debt's are worked out only for those types
(issue 26: options worked out only when read)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from companion.banker import debts
from companion.banker.options import options_for
from companion.banker.state import GameState, evolve
from companion.game import Game
from companion.simulator.players import RandomPlayer
from companion.simulator.simulate import play_game

RULES = {"birthday_from_players": True, "time_limit": True}
#: Types asked for together: the random player's for a debt, and single ones.
KINDS = [
    ("pay", "sell_building", "sell_down", "mortgage"),
    ("bankrupt",),
    ("pay",),
    ("mortgage",),
    ("roll", "voucher"),
    ("draw",),
    ("bid", "pass"),
    ("nothing_of_the_kind",),
]


def _states(players: int, seed: int) -> Iterator[GameState]:
    game = Game.new([{"name": f"P{i + 1}"} for i in range(players)], rules=RULES)
    play_game(game, RandomPlayer(random.Random(seed)), check=None, max_turns=250)
    state = None
    for event in game.all_events():
        state = evolve(state, event)
        if event["type"] == "decision":
            yield state


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 11)])
def test_options_of_some_kinds_are_the_whole_lists_of_those_kinds(players: int, seed: int) -> None:
    debts_seen = 0
    for state in _states(players, seed):
        d = state.decision
        whole = options_for(state, d)
        debts_seen += d.kind == "raise_money"
        for kinds in KINDS:
            assert options_for(state, d, kinds) == tuple(
                o for o in whole if o["command"]["type"] in kinds
            )
    assert debts_seen > 5


def test_a_debt_asked_for_payment_and_sales_does_not_check_bankruptcy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = next(s for s in _states(2, 3) if s.decision.kind == "raise_money")
    whole = options_for(state, state.decision)

    def checked(*args: object) -> str | None:
        raise AssertionError("the bankruptcy check was worked out")

    monkeypatch.setattr(debts, "bankruptcy_problem", checked)
    kinds = ("pay", "sell_building", "sell_down", "mortgage")
    assert options_for(state, state.decision, kinds) == tuple(
        o for o in whole if o["command"]["type"] in kinds
    )
    with pytest.raises(AssertionError, match="bankruptcy check"):
        options_for(state, state.decision)
