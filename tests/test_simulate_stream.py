"""The seeded random player makes the same choices, game after game, as the companion always
has: the options it reads are worked out only when it reads them (issue 26), never in another
order or another number, so its random stream, and the events of every seeded game, stay as
they were.

Each digest below is the SHA-256 of the events (JSON, keys sorted) of one seeded game played by
:func:`companion.simulator.simulate.play_game`, recorded on ``main`` at 94e100c, before the
issue-26 changes to the options and the player. A digest that changes means a seeded
``companion simulate``, a golden game or a benchmark would play another game.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from companion.editions import edition
from companion.game import Game
from companion.simulator.players import RandomPlayer
from companion.simulator.simulate import play_game

#: The house rules ``bench_peers`` plays ours with (each on; the others at their defaults).
BENCH_RULES = {
    "triples_pay_salaries": True,
    "squeeze_play_speed_die": True,
    "birthday_from_players": True,
    "time_limit": True,
    "roll_three_action_cards": True,
}
#: The other house rules, each away from its default.
OTHER_RULES = {
    "voluntary_bankruptcy": True,
    "mortgage_blocks_building": False,
    "build_on_own_turn": True,
    "older_tax_amounts": True,
    "rent_claimed_by_owner": True,
}
RULES: Mapping[str, Mapping[str, Any] | None] = {
    "default": None,
    "bench": BENCH_RULES,
    "other": OTHER_RULES,
}

#: (edition, players, seed, rules) -> the first 16 hex digits of the events' digest on main.
MAIN = {
    ("ultimate", 2, 1, "default"): "397f21eac545d194",
    ("ultimate", 2, 3, "bench"): "36553e0fe0a43e70",
    ("ultimate", 2, 5, "other"): "be4f86078fb141ec",
    ("ultimate", 4, 1, "bench"): "0fae7cf2b3e8a758",
    ("ultimate", 4, 3, "default"): "6341697d8a498dab",
    ("ultimate", 4, 7, "other"): "e9610fc0b396cb0e",
    ("classic", 2, 1, "default"): "35f375b8a8e6264b",
    ("classic", 4, 3, "other"): "8094494fc4009dd7",
    ("mega", 2, 1, "default"): "9e7e1a55469c5d5b",
    ("mega", 4, 3, "other"): "299b27da85c242bc",
}


def events_digest(edition_id: str, players: int, seed: int, rules: str) -> str:
    ed = edition(edition_id)
    # The house rules the edition offers (Mega offers two).
    chosen = {k: v for k, v in (RULES[rules] or {}).items() if k in ed.house_rules}
    game = Game.new(
        [{"name": f"P{i + 1}"} for i in range(players)], rules=chosen or None, edition=ed
    )
    play_game(game, RandomPlayer(random.Random(seed)), check=None, max_turns=250)
    digest = hashlib.sha256()
    for event in game.all_events():
        digest.update(json.dumps(event, sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("edition_id", "players", "seed", "rules"), sorted(MAIN))
def test_seeded_games_play_event_for_event_as_on_main(
    edition_id: str, players: int, seed: int, rules: str
) -> None:
    assert events_digest(edition_id, players, seed, rules) == MAIN[edition_id, players, seed, rules]
