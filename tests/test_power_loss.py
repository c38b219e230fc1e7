"""Power loss: a real child process plays with a database and is killed with SIGKILL at random
moments. Every command it acknowledged must be in the log, and nothing half-written."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.banker.engine import decide
from companion.banker.state import evolve, invariant_problems, replay, snapshot
from companion.game import Game
from companion.log.gamelog import GameLog

# Plays the latest game in the file (a new one if there is none), printing the number of each
# command once the log has it: "acknowledged", as the screen would show it.
CHILD = """
import random, sys
from companion.errors import CompanionError
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.simulator.simulate import RandomPlayer

log = GameLog(sys.argv[1])
if log.latest_game() is None:
    game = Game.new([{"name": n} for n in ("Ann", "Bob", "Cy")], log=log)
else:
    game = Game.resume(log)
player = RandomPlayer(random.Random(int(sys.argv[2])))
print("ready", flush=True)
while not game.state.over:
    game.execute(player.choose(game.state))
    print(game._seq - 1, flush=True)
    if player.rng.random() < 0.05:
        game.undo()
        print(game._seq - 1, flush=True)
print("over", flush=True)
"""


def test_sigkill_at_random_moments_loses_no_acknowledged_command(
    tmp_path: Path, repo_root: Path
) -> None:
    db = tmp_path / "table.db"
    rng = random.Random(20261122)
    acknowledged: list[int] = []
    env = {**os.environ, "PYTHONPATH": str(repo_root)}
    for round_ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(db), str(round_)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + rng.uniform(0.05, 0.6)
        while time.monotonic() < deadline:
            line = child.stdout.readline().strip()
            if not line or line == "over":
                break
            acknowledged.append(int(line))
        child.send_signal(signal.SIGKILL)
        # Lines already written before the kill were acknowledged too.
        rest = child.stdout.read().split()
        acknowledged += [int(x) for x in rest if x.isdigit()]
        child.wait(timeout=30)
        assert child.returncode in (-signal.SIGKILL, 0)
        check_log(db, acknowledged, round_)


def check_log(db: Path, acknowledged: list[int], round_: int) -> None:
    conn = sqlite3.connect(db)
    seqs = {row[0] for row in conn.execute("SELECT seq FROM commands")}
    missing = sorted(set(acknowledged) - seqs)
    assert missing == [], f"round {round_}: acknowledged commands lost: {missing}"
    conn.close()
    # A command is in the log whole or not at all: deciding each logged command again, on the
    # state the log had before it, gives exactly the events logged with it.
    with GameLog(db) as log:
        logged = list(log.commands(log.latest_game() or 0))
    states = [replay(logged[0].events)]
    for entry in logged[1:]:
        if entry.command["type"] == "undo":
            states.pop()
            continue
        events = json.loads(json.dumps(decide(states[-1], entry.command)))
        assert list(entry.events) == events, f"round {round_}: command {entry.seq} differs"
        state = states[-1]
        for event in events:
            state = evolve(state, event)
        states.append(state)
    with GameLog(db) as log:
        game = Game.resume(log)
        assert invariant_problems(game.state) == []
        assert snapshot(replay(game.all_events())) == snapshot(game.state)
