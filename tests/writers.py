"""Two writers racing on one game log: the trials of ``tests/test_one_writer.py`` and of the
campaign ``tests/campaigns/two_writers.py``.

Each trial starts a game in a real log file (its deal and turn order), writes for each writer a
script of prompt lines a seeded random player would type from there, and runs two writers on
the file: ``companion play`` processes (started together, one while the other plays, one after
the other is killed with SIGKILL) or the app's controller beside one. A trial then judges the
file, and counts:

- a **fork**: the commands in force after the opening are not exactly the winner's script (or,
  after a kill, a beginning of it), the winner was refused a line of its own script, or
  ``companion log check`` does not say the log is intact;
- a **traceback** in any writer's output;
- a **refusal that changed something**: the refused writer did not exit with status 2 and one
  line naming the holder, or the file holds a row that is not the opening's or the winner's.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.banker.state import evolve, replay, snapshot
from companion.cli.parse import format_line
from companion.game import Game
from companion.log.gamelog import GameLog, in_force
from companion.simulator.players import RandomPlayer

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Ann", "Bob", "Cy")
#: How long a writer may take to do what a trial waits for (generous: 6 processes share 2 cores).
PATIENCE = 60.0


@dataclass
class Outcome:
    """What one trial found (empty lists: all well)."""

    kind: str
    seed: int
    forks: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    changed_by_refusal: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.forks or self.tracebacks or self.changed_by_refusal)

    def note_tracebacks(self, *plays: Play) -> None:
        """Count a traceback in any of ``plays``' output (its end, where the error is)."""
        self.tracebacks.extend(play.err[-600:] for play in plays if "Traceback" in play.err)


class Play:
    """``companion play --db DB`` in its own process; its output collected as it comes."""

    def __init__(self, db: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )
        self._chunks: dict[str, list[bytes]] = {"out": [], "err": []}
        self._news: queue.Queue[None] = queue.Queue()
        self._readers = [
            threading.Thread(target=self._read, args=(stream, name), daemon=True)
            for stream, name in ((self.proc.stdout, "out"), (self.proc.stderr, "err"))
        ]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: Any, name: str) -> None:
        for chunk in iter(lambda: os.read(stream.fileno(), 65536), b""):
            self._chunks[name].append(chunk)
            self._news.put(None)
        self._news.put(None)

    @property
    def out(self) -> str:
        return b"".join(self._chunks["out"]).decode("utf-8", "replace")

    @property
    def err(self) -> str:
        return b"".join(self._chunks["err"]).decode("utf-8", "replace")

    def wait_for(self, done: Callable[[], bool], timeout: float = PATIENCE) -> bool:
        """Wait until ``done()`` holds (checked as output arrives), or the time is up."""
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() >= deadline:
                return False
            try:
                self._news.get(timeout=0.2)
            except queue.Empty:
                pass
        return True

    def opened(self) -> bool:
        """Whether it has opened the game (its first line) or has ended."""
        return "Type 'help' for the commands" in self.out or self.proc.poll() is not None

    def send(self, lines: list[str]) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write("".join(f"{line}\n" for line in lines).encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # it has ended (refused): what it said is judged

    def finish(self) -> int:
        """Close its input (Ctrl-D), wait for it to end; its exit status."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        status = self.proc.wait(timeout=PATIENCE)
        for reader in self._readers:
            reader.join(timeout=PATIENCE)
        return status

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=PATIENCE)
        for reader in self._readers:
            reader.join(timeout=PATIENCE)


def opening(db: Path, seed: int) -> tuple[int, int]:
    """A new game in ``db`` played through its deal and turn order by a seeded random player;
    its id and how many commands it has."""
    player = RandomPlayer(random.Random(seed))
    with GameLog(db) as log:
        game = Game.new([{"name": n} for n in NAMES], log=log)
        while game.state.decision.kind in ("deal", "order_roll"):
            game.execute(player.choose(game.state))
        assert game.game_id is not None
        return game.game_id, len(log.commands(game.game_id))


def script(db: Path, game_id: int, seed: int, length: int) -> tuple[list[str], list[Any]]:
    """The prompt lines a seeded random player types from where the game stands in ``db``,
    and the game after each of them (:func:`snapshot`)."""
    with GameLog(db, readonly=True) as log:
        game = Game.resume(log, game_id)
    game.log = None  # played in memory only: this is what the writer will type
    player = RandomPlayer(random.Random(seed))
    lines, after = [], []
    for _ in range(length):
        if game.state.over:
            break
        command = player.choose(game.state)
        command.pop("decision", None)
        lines.append(format_line(command))
        game.execute(command)
        after.append(snapshot(game.state))
    return lines, after


def logged(db: Path, game_id: int, skip: int) -> tuple[list[Any], int]:
    """The game after each command in force past the first ``skip`` commands (the opening),
    and the number of command rows; read beside any writer."""
    with GameLog(db, readonly=True) as log:
        commands = log.commands(game_id)
    state = replay(commands[0].events)
    after = []
    for n, command in enumerate(in_force(commands[1:]), start=1):
        for event in command.events:
            state = evolve(state, event)
        if n >= skip:
            after.append(snapshot(state))
    return after, len(commands)


def rows(db: Path, game_id: int) -> int:
    with GameLog(db, readonly=True) as log:
        return len(log.commands(game_id))


def companion(*argv: str) -> subprocess.CompletedProcess[str]:
    """``companion ARGV`` in its own process, with no input; a hang fails the test (after
    :data:`PATIENCE`) instead of the suite."""
    return subprocess.run(
        [sys.executable, "-m", "companion", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=PATIENCE,
        stdin=subprocess.DEVNULL,
    )


def check_intact(db: Path) -> str | None:
    """``companion log check`` in its own process: None when it says intact, else its words."""
    done = companion("log", "check", str(db))
    return (
        None if done.returncode == 0 and ": intact:" in done.stdout else done.stdout + done.stderr
    )


def refused_in_one_line(play: Play, status: int, holder: str) -> str | None:
    """None when ``play`` was refused as a second writer must be, else what was wrong."""
    expected = f"companion: error: {holder} has the game log "
    lines = play.err.splitlines()
    if status != 2 or len(lines) != 1 or not lines[0].startswith(expected) or play.out:
        return f"exit {status}, stdout {play.out[-200:]!r}, stderr {play.err[-300:]!r}"
    return None


def _judge(
    outcome: Outcome,
    db: Path,
    game_id: int,
    rows_before: int,
    expected: list[Any],
    writers: list[Play],
) -> None:
    outcome.note_tracebacks(*writers)
    played, count = logged(db, game_id, rows_before)
    if played != expected:
        first = next(
            (i for i, (a, b) in enumerate(zip(played, expected, strict=False)) if a != b), None
        )
        outcome.forks.append(
            f"the game in the log is not the winner's: {len(played)} commands in force after "
            f"the opening, {len(expected)} played, the first different: {first}"
        )
    if count != rows_before + len(expected):
        outcome.changed_by_refusal.append(
            f"{count} command rows: the opening's {rows_before} and the winner's {len(expected)}"
        )
    problem = check_intact(db)
    if problem is not None:
        outcome.forks.append(f"log check: {problem[:300]}")


def race(folder: Path, seed: int, *, stagger: bool, length: int = 30) -> Outcome:
    """Two ``companion play`` on one log: started together (``stagger=False``), or the second
    once the first has played half its script. Exactly one must play; the other is refused."""
    outcome = Outcome("staggered" if stagger else "together", seed)
    db = folder / f"race-{seed}.db"
    game_id, rows_before = opening(db, seed)
    scripts = [script(db, game_id, seed * 2 + i, length) for i in (1, 2)]
    first = Play(db)
    if stagger:
        half = len(scripts[0][0]) // 2
        first.send(scripts[0][0][:half])
        target = rows_before + half
        if not first.wait_for(lambda: first.proc.poll() is not None or rows(db, game_id) >= target):
            outcome.forks.append("the first writer did not play its first half in time")
        second = Play(db)
        second.send(scripts[1][0])
        first.send(scripts[0][0][half:])
    else:
        second = Play(db)
        first.send(scripts[0][0])
        second.send(scripts[1][0])
    writers = [first, second]
    # Both keep the file open until one has ended (the refused one, at once), so that neither
    # could be a writer that merely came after the other.
    first.wait_for(
        lambda: first.proc.poll() is not None or second.proc.poll() is not None, timeout=20
    )
    statuses = [w.finish() for w in writers]
    winners = [i for i, s in enumerate(statuses) if s == 0]
    if len(winners) != 1:
        outcome.forks.append(f"exit statuses {statuses}: not exactly one writer")
        outcome.note_tracebacks(*writers)
        return outcome
    winner, loser = winners[0], 1 - winners[0]
    problem = refused_in_one_line(writers[loser], statuses[loser], "'companion play'")
    if problem is not None:
        outcome.changed_by_refusal.append(f"the refused writer: {problem}")
    if "companion: error:" in writers[winner].err:
        outcome.forks.append(f"the winner was refused its own lines: {writers[winner].err[:300]!r}")
    _judge(outcome, db, game_id, rows_before, scripts[winner][1], writers)
    return outcome


def killed(folder: Path, seed: int, *, length: int = 30) -> Outcome:
    """The writer is killed with SIGKILL while it plays; the next ``companion play`` must open
    the log at once (no stale lock), and find a beginning of what the first played."""
    outcome = Outcome("killed", seed)
    rng = random.Random(seed)
    db = folder / f"kill-{seed}.db"
    game_id, rows_before = opening(db, seed)
    lines, expected = script(db, game_id, seed * 2 + 1, length)
    first = Play(db)
    first.send(lines)
    cut = rows_before + rng.randrange(len(lines) + 1)
    first.wait_for(lambda: first.proc.poll() is not None or rows(db, game_id) >= cut)
    first.kill()
    outcome.note_tracebacks(first)
    played, count = logged(db, game_id, rows_before)
    if played != expected[: len(played)] or count != rows_before + len(played):
        outcome.forks.append("after the kill the log is not a beginning of what was played")
    nxt = Play(db)
    nxt.wait_for(nxt.opened)
    status = nxt.finish()
    if status != 0 or "Type 'help' for the commands" not in nxt.out:
        outcome.changed_by_refusal.append(
            f"the next writer after the kill: exit {status}, stderr {nxt.err[-300:]!r}"
        )
    outcome.note_tracebacks(nxt)
    problem = check_intact(db)
    if problem is not None:
        outcome.forks.append(f"log check: {problem[:300]}")
    return outcome


def app_beside_play(folder: Path, seed: int, *, app_first: bool, length: int = 30) -> Outcome:
    """The app's controller and ``companion play`` on one log, either one first: the second is
    refused in one line naming the first, and the first plays on."""
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    outcome = Outcome("app first" if app_first else "play first", seed)
    db = folder / f"app-{seed}.db"
    game_id, rows_before = opening(db, seed)
    lines, expected = script(db, game_id, seed * 2 + 1, length)
    controller = TableController(db_path=db, store=SetupStore(folder / f"setup-{seed}.json"))
    try:
        if app_first:
            if not controller.resume(game_id):
                outcome.forks.append(f"the app could not resume: {controller.view.notice}")
                return outcome
            play = Play(db)
            play.send(lines)
            status = play.finish()
            problem = refused_in_one_line(play, status, "the companion app")
            if problem is not None:
                outcome.changed_by_refusal.append(f"play beside the app: {problem}")
            player = RandomPlayer(random.Random(seed * 2 + 1))
            game = controller.game
            assert game is not None
            expected = []  # the game after each command the winner played
            for _ in range(length):
                if game.state.over:
                    break
                if not controller.answer_command(game.state.decision.id, player.choose(game.state)):
                    outcome.forks.append(f"the app was refused: {controller.view.notice}")
                    break
                expected.append(snapshot(game.state))
            writers = [play]
        else:
            play = Play(db)
            play.wait_for(play.opened)
            saved = controller.saved_games()
            if [g["id"] for g in saved] != [game_id]:
                outcome.changed_by_refusal.append(f"the app's list of games beside play: {saved}")
            if controller.resume(game_id) or not controller.view.notice.startswith(
                "'companion play' has this game open: "
            ):
                outcome.changed_by_refusal.append(
                    f"the app beside play: {controller.view.notice!r}"
                )
            play.send(lines)
            if play.finish() != 0 or "companion: error:" in play.err:
                outcome.forks.append(f"play was stopped or refused: {play.err[-300:]!r}")
            writers = [play]
    finally:
        controller.close()
    _judge(outcome, db, game_id, rows_before, expected, writers)
    return outcome


TRIALS: tuple[Callable[[Path, int], Outcome], ...] = (
    lambda folder, seed: race(folder, seed, stagger=False),
    lambda folder, seed: race(folder, seed, stagger=True),
    killed,
    lambda folder, seed: app_beside_play(folder, seed, app_first=True),
    lambda folder, seed: app_beside_play(folder, seed, app_first=False),
)
