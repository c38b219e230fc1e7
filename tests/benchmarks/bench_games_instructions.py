"""A fixed workload for instruction counts (callgrind): seeded games played, executed again
and replayed.

Run it twice under callgrind, with ``N`` games and with none, and take the difference (Python's
start and the imports taken off)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=cg.out \\
        .venv/bin/python tests/benchmarks/bench_games_instructions.py 2

For each seed from 1 to ``N``: a game of 4 seeded random players is played to its end through
:class:`companion.game.Game` and the simulator (each command's events folded again by
``evolve``, as ``simulate --check`` does), its commands are decided and folded again by a
fresh ``Game`` (the engine's whole work per command), and its events are folded by ``replay``
(a resume's work). The figures go into ``docs/performance.md``; nothing is timed.
"""

from __future__ import annotations

import random
import sys

from companion.banker.state import replay
from companion.game import Game
from companion.simulator.simulate import RandomPlayer, play_game


def run(games: int) -> int:
    """Play, execute again and replay ``games`` seeded games; returns the events folded."""
    folded = 0
    for seed in range(1, games + 1):
        game = Game.new([{"name": f"P{i + 1}"} for i in range(4)])
        play_game(game, RandomPlayer(random.Random(seed)), check=lambda state, where: None)
        again = Game(game.start_events)
        events = list(game.start_events)
        for command in game.done:
            events.extend(again.execute(command))
        replay(events)
        folded += len(events)
    return folded


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
