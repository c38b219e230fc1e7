"""Lines to fuzz the ``play`` prompt with, and the checks made after each one.

Shared by the seeded slice in the test suite (``tests/test_prompt_fuzz.py``) and the long campaign
(``tests/campaigns/fuzz_prompt.py``): both draw from a :class:`random.Random`, so a failure is
replayed from its seed.

Each line is one of: a legal command (as the random player of ``companion simulate`` would give
it, written as words, as ``key=value`` words or as JSON), a mutated command (wrong types, deep
nesting, huge numbers, unicode, control characters, bytes that are not UTF-8, long lines, unknown
fields), a command out of turn or by the wrong player, or a word of the prompt itself (``undo``,
``correct …``, ``show …``, ``history …``, ``help …``).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

from companion.banker.state import GameState, invariant_problems, replay, snapshot
from companion.cli.parse import format_line
from companion.cli.prompt import PromptSession, show
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.simulator.simulate import RandomPlayer

_JUNK = [
    "[1]",
    '{"a": 1}',
    "null",
    "true",
    "-1",
    "0",
    "1e400",
    "NaN",
    "-Infinity",
    "9" * 5000,
    "99999999999999999999",
    "7.5",
    "''",
    '""',
    "Ωmega",
    "🎲🎲",
    "\u202eReversed",
    "e\u0301\u0301\u0301",
    "\x00",
    "\x1b[A",
    "a\rb",
    "\udcff\udcfe",
    "as",
    "=",
    "==",
    "x" * 300,
]
_TYPES = [
    "roll", "order_roll", "deal", "buy", "auction", "bid", "pass", "draw", "choose", "taxi",
    "skip", "bus", "gift", "dice", "stock", "voucher", "pay", "bankrupt", "option", "target",
    "accept", "refuse", "build", "sell_building", "mortgage", "unmortgage", "trade",
    "play_card", "end_game", "end_turn", "bail", "jail_card", "nonsense",
]  # fmt: skip
_PROMPT = ["undo", "show", "history", "help", "?", "correct", "show ", "help roll", "history 3"]


def legal(state: GameState, rng: random.Random) -> str | None:
    """A command the game accepts now, written one of three ways; ``None`` when over."""
    if state.over:
        return None
    command = RandomPlayer(rng).choose(state)
    style = rng.random()
    if style < 0.4:
        return format_line(command)
    if style < 0.7:
        return json.dumps(command)
    words = format_line({k: v for k, v in command.items() if k != "player"})
    return words if command.get("type") not in ("bid", "pass") else format_line(command)


def mutated(state: GameState, rng: random.Random) -> str:
    """A command with something wrong in it."""
    base = legal(state, rng) or rng.choice(_TYPES)
    junk = rng.choice(_JUNK)
    how = rng.randrange(10)
    if how == 0:  # deep nesting in a field
        depth = rng.choice([10, 1000, 100000])
        return f"{rng.choice(_TYPES)} amount={'[' * depth}1"
    if how == 1:  # a JSON object with a bad field value
        command = json.loads(base) if base.startswith("{") else {"type": base.split()[0]}
        field = rng.choice(["dice", "amount", "card", "space", "player", "reading", "with", "give"])
        command[field] = rng.choice([[1], {"a": [1]}, 10**400, -(2**70), 1.5, "x" * 500, None])
        return json.dumps(command)
    if how == 2:  # a long line
        return base + " " + "x" * rng.choice([1990, 2001, 50000])
    if how == 3:  # invalid UTF-8 as the terminal hands it over (surrogateescape)
        raw = base.encode() + bytes([rng.randrange(128, 256) for _ in range(3)])
        return raw.decode("utf-8", "surrogateescape")
    if how == 4:  # truncated JSON
        text = base if base.startswith("{") else json.dumps({"type": base.split()[0]})
        return text[: rng.randrange(1, len(text))]
    if how == 5:  # a word replaced
        words = base.split(" ")
        words[rng.randrange(len(words))] = junk
        return " ".join(words)
    if how == 6:  # an unknown key=value
        return f"{base} {rng.choice(['colour', 'amount', 'dice', 'x'])}={junk}"
    if how == 7:  # a stranger
        return f"{base} as {junk}"
    if how == 8:  # unbalanced quotes
        return base + ' "oops'
    return f"{rng.choice(_TYPES)} {junk}"


def out_of_turn(state: GameState, rng: random.Random) -> str:
    """A command of another decision, or by a player the decision is not waiting for."""
    names = [s.name for s in state.seats]
    kind = rng.choice(_TYPES)
    extra = rng.choice(["", " 3 4 mr", " 100", " boardwalk", " school fees", " 1-3-6"])
    return f"{kind}{extra} as {rng.choice(names)}"


def prompt_word(state: GameState, rng: random.Random) -> str:
    word = rng.choice(_PROMPT)
    if word == "correct":
        return f"correct {rng.choice([legal(state, rng) or 'roll 1 2 3', mutated(state, rng)])}"
    if rng.random() < 0.3:
        return f"{word} {rng.choice(_JUNK)}"
    return word


def line(state: GameState, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return legal(state, rng) or prompt_word(state, rng)
    if roll < 0.8:
        return mutated(state, rng)
    if roll < 0.92:
        return out_of_turn(state, rng)
    return prompt_word(state, rng)


class Harness:
    """A game in a real log file behind a :class:`PromptSession`, checked after every line."""

    def __init__(self, path: Path, players: int, rng: random.Random) -> None:
        self.path = path
        self.log = GameLog(path)
        names = [{"name": n} for n in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")[:players]]
        self.game = Game.new(names, log=self.log)
        self.out, self.err = io.StringIO(), io.StringIO()
        self.session = PromptSession(self.game, self.out, self.err)
        self.rng = rng
        self.counts = {"lines": 0, "refused": 0, "accepted": 0}

    def close(self) -> None:
        self.log.close()

    def send(self, text: str, *, resume_check: bool = True) -> None:
        """One line; raises AssertionError when a promise is broken (and any crash escapes)."""
        before = snapshot(self.game.state)
        logged = self._rows()
        self.out.seek(0)
        self.out.truncate()
        self.err.seek(0)
        self.err.truncate()
        self.session.handle(text)
        self.counts["lines"] += 1
        error = self.err.getvalue()
        if error:
            self.counts["refused"] += 1
            assert error.count("\n") == 1 and error.startswith("companion: error: "), error
            assert snapshot(self.game.state) == before, f"refused but changed: {text!r}"
            assert self._rows() == logged, f"refused but logged: {text!r}"
            return
        self.counts["accepted"] += 1
        state = self.game.state
        problems = invariant_problems(state)
        assert problems == [], (text, problems)
        assert show(state) == show(replay(self.game.all_events())), text
        if resume_check and self._rows() != logged:
            with GameLog(self.path, readonly=True) as log:  # a reader beside the writer
                resumed = Game.resume(log, self.game.game_id).state
            assert snapshot(resumed) == snapshot(state), f"the log replays otherwise: {text!r}"

    def _rows(self) -> int:
        return int(self.log.db.execute("SELECT COUNT(*) FROM commands").fetchone()[0])


def run(path: Path, seed: int, lines: int, *, players: int = 3) -> dict[str, Any]:
    """Send ``lines`` generated lines to one game; returns the counts."""
    rng = random.Random(seed)
    harness = Harness(path, players, rng)
    try:
        for _ in range(lines):
            harness.send(line(harness.game.state, rng))
    finally:
        harness.close()
    return harness.counts
