"""Two games of two editions in one process keep their own caches.

The engine's caches hang off the values they derive from (issue 24, item 2): the referee's view
of a seat and of a state in the seat and the state, what follows from the holdings with the
holdings (``GameState.held``), the resolver's walks and the options' group lots in the board's
memo (``Board.memo``). A second edition here is a copy of Ultimate's data under another id, with
more starting cash and a smaller building supply, loaded with ``load_edition`` from a temporary
folder; its games and Ultimate's are played turn about, command after command.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.banker.options import anytime_options
from companion.banker.state import GameState, replay, snapshot
from companion.editions import Edition, edition
from companion.game import Game
from companion.rules.table import building_stock
from companion.simulator.players import RandomPlayer
from tests.edition_data import ULTIMATE_DATA, copied, registered


@pytest.fixture
def rich(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Edition:
    """Ultimate's data as the edition ``rich``: $5,000 to start, 30 houses in the Bank."""

    def rich(data: dict[str, Any]) -> None:
        data.update(id="rich", name="Rich Ultimate")
        data["numbers"]["starting_cash"] = 5000

    def houses(data: dict[str, Any]) -> None:
        data["building_supply"]["houses"] = 30

    return registered(
        copied(ULTIMATE_DATA, tmp_path / "rich", edition=rich, board=houses), monkeypatch
    )


def _check(state: GameState) -> None:
    """Every cached value of ``state`` is what its own edition gives worked out afresh."""
    board = state.edition.board
    assert dict(state.supply()) == building_stock(state.holdings, board)
    for seat in state.active:
        assert seat.position is board.by_key(seat.position.key)
        owned = tuple(n for n, h in state.holdings.items() if h.owner == seat.name)
        assert state.holdings_of(seat.name) == owned
    situation = state.situation()
    assert situation.edition is state.edition
    assert tuple(p.name for p in situation.players) == tuple(s.name for s in state.active)


def test_two_games_of_two_editions_played_turn_about_keep_their_own_caches(rich: Edition) -> None:
    ultimate = edition("ultimate")
    names = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    games = {
        ultimate.id: Game.new(names, edition=ultimate),
        rich.id: Game.new(names, edition=rich),
    }
    players = {key: RandomPlayer(random.Random(5)) for key in games}
    for _ in range(700):
        for key, game in games.items():
            if game.state.over:
                continue
            game.execute(players[key].choose(game.state))
            _check(game.state)
            for seat in game.state.active:
                anytime_options(game.state, seat.name)
    states = {key: game.state for key, game in games.items()}
    assert states["rich"].edition is rich and states["ultimate"].edition is ultimate
    assert rich.board.building_supply["houses"] == 30
    assert ultimate.board.building_supply["houses"] == 81
    # Each game's money came from its own edition's numbers.
    for key, cash in (("rich", 5000), ("ultimate", 3200)):
        start = replay(games[key].start_events)
        assert {name: start.cash[name] for name in ("Ann", "Bob", "Cy")} == dict.fromkeys(
            ("Ann", "Bob", "Cy"), cash
        )
    started = {key: game.all_events()[0] for key, game in games.items()}
    assert started["rich"]["edition"] == {"id": "rich", "version": 1}
    # The boards' memos are their own: each walk ends on a space of its own board.
    for board in (ultimate.board, rich.board):
        walks = board.memo("walks", limit=65536)
        assert walks
        assert all(end is board.by_key(end.key) for _, _, end in walks.values())
    assert ultimate.board.memo("walks", limit=65536) is not rich.board.memo("walks", limit=65536)
    # Replayed from scratch, each game gives the state its cached play left.
    for key, game in games.items():
        assert snapshot(replay(game.all_events())) == snapshot(states[key])


def test_a_state_keeps_what_follows_from_its_holdings_with_them(rich: Edition) -> None:
    game = Game.new([{"name": "Ann"}, {"name": "Bob"}], edition=rich)
    player = RandomPlayer(random.Random(2))
    while not game.state.holdings:
        game.execute(player.choose(game.state))
    state = game.state
    supply = state.supply()
    assert supply["houses"] == 30
    assert state.held()["supply"] is supply
    # A state of the other edition with holdings equal in value works out its own supply.
    other = Game.new([{"name": "Ann"}, {"name": "Bob"}])
    assert other.state.supply()["houses"] == 81
    assert rich.board.memo("walks", limit=65536) is not edition("ultimate").board.memo(
        "walks", limit=65536
    )
