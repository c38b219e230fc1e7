"""Adversarial table situations, and what ``play --from``, the app and the referee do with each.

Shared by the seeded slice in the suite (``tests/test_situation_refusals.py``) and the campaign
(``tests/campaigns/situations.py``): both draw from a :class:`random.Random`, so a failure is
replayed from its seed.

The valid tables are exported from seeded games (``table_situation``: every kind of pending
decision the banker poses, with its agenda) and written by hand; each is then mutated: a value
anywhere replaced by one of the wrong kind, a key or list entry removed, a key given twice in the
JSON text, the seat count or a count out of range, the pending decision's kind or data swapped.

:func:`outcome` gives each situation, as a JSON file, to the banker as ``play --from`` and the app
do (``Game.from_situation`` into a real game log), works out its options as every front end does
(the prompt's question, the app's table view), resumes it from the log file, gives its first
answer, and asks the referee about it; it says which way it went.
"""

from __future__ import annotations

import copy
import io
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.banker.options import anytime_options, command_of, options_for
from companion.banker.start import table_situation
from companion.banker.state import snapshot
from companion.cli.main import run
from companion.cli.prompt import PromptSession
from companion.errors import CompanionError
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.rules.situation import read_json
from companion.simulator.simulate import RandomPlayer
from ui import viewmodels

#: What a situation may end as; the ones after "accepted" are failures.
OUTCOMES = (
    "refused",
    "accepted",
    "traceback",
    "accepted but unresumable",
    "refusal wrote",
    "refusal not one line",
    "first answer crashed",
    "doubled key accepted",
    "referee answered over 12 players",
)
MUTATIONS = ("control", "replace", "delete", "double", "count", "decision")

_JUNK: list[Any] = [
    None, True, False, -1, 0, 1, 2, 13, 99, 10**30, 1.5, -0.0, "", " ", "x", "Boardwalk",
    "Zed", "ann", "middle:10", "1-2-3", [], {}, [1, 2], ["Ann"], {"a": 1}, {"owner": "Ann"},
    [[[]]], "9" * 60,
]  # fmt: skip
_OUT_OF_RANGE = [-1, -5, 3, 7, 13, 37, 1000, 10**12, 2**63]


def bases(seed: int, games: int = 4, commands: int = 500) -> list[dict[str, Any]]:
    """Valid tables: exported from ``games`` seeded games of 2 to 5 players at up to three
    moments of each kind of decision, the same without their pending decision, and a few
    written by hand."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    per_kind: dict[str, int] = {}
    for _ in range(games):
        names = ["Ann", "Bob", "Cy", "Di", "Ed"][: rng.randint(2, 5)]
        game = Game.new([{"name": n} for n in names])
        player = RandomPlayer(random.Random(rng.randrange(2**32)))
        for _ in range(commands):
            state = game.state
            if state.over:
                break
            kind = state.decision.kind
            if per_kind.get(kind, 0) < 3 and rng.random() < 0.3:
                per_kind[kind] = per_kind.get(kind, 0) + 1
                found.append(table_situation(state).to_json())
            game.execute(player.choose(state))
    found.extend({k: v for k, v in t.items() if k != "pending"} for t in found[::4])
    ann = {"name": "Ann", "position": "Boardwalk", "cash": 1500, "vouchers": []}
    bob = {"name": "Bob", "position": "middle:10", "in_jail": True, "cash": 20, "vouchers": []}
    found.append({"players": [ann, bob]})
    found.append(
        {
            "players": [ann, {**bob, "cards": ["chance-get-out-of-jail-free"]}],
            "to_move": "Bob",
            "properties": {"Park Place": {"owner": "Ann", "mortgaged": True}},
            "pool": 300,
        }
    )
    return found


def mutant(
    base: dict[str, Any], rng: random.Random, others: list[dict[str, Any]]
) -> tuple[str, str]:
    """One mutation of ``base`` as JSON text, and its name (one of :data:`MUTATIONS`)."""
    data = copy.deepcopy(base)
    how = rng.choice(MUTATIONS[1:]) if rng.random() > 0.04 else "control"
    if how == "replace":
        parent, key = _place(data, rng)
        if parent is None:
            data = rng.choice(_JUNK)
        else:
            parent[key] = copy.deepcopy(rng.choice(_JUNK))
    elif how == "delete":
        parent, key = _place(data, rng)
        if parent is not None:
            del parent[key]
    elif how == "double":
        return how, _doubled(data, rng)
    elif how == "count":
        _count(data, rng)
    elif how == "decision":
        _decision(data, rng, others)
    return how, json.dumps(data)


def _paths(value: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) of ``value``, parents before children."""
    stack = [value]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in list(items):
            yield node, key
            if isinstance(child, (dict, list)):
                stack.append(child)


def _place(data: Any, rng: random.Random) -> tuple[Any, Any]:
    """A (container, key) anywhere in ``data``: half the time inside the pending decision,
    where the values are trusted the least; (None, None) now and then: the whole table."""
    if not isinstance(data, (dict, list)) or rng.random() < 0.01:
        return None, None
    places = list(_paths(data))
    pending = data.get("pending") if isinstance(data, dict) else None
    if isinstance(pending, (dict, list)) and rng.random() < 0.5:
        places = list(_paths(pending)) or places
    return rng.choice(places) if places else (None, None)


def _doubled(data: dict[str, Any], rng: random.Random) -> str:
    """``data`` as JSON text, with one key of one object given twice (the same value or another,
    before or after the first)."""
    objects = [data, *(c[k] for c, k in _paths(data) if isinstance(c[k], dict) and c[k])]
    target = rng.choice(objects)
    key = rng.choice(list(target))
    again = target[key] if rng.random() < 0.3 else rng.choice(_JUNK)
    first = rng.random() < 0.5

    def dump(value: Any) -> str:
        if isinstance(value, dict):
            pairs = [f"{json.dumps(k)}: {dump(v)}" for k, v in value.items()]
            if value is target:
                extra = f"{json.dumps(key)}: {json.dumps(again)}"
                pairs.insert(0 if first else len(pairs), extra)
            return "{" + ", ".join(pairs) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(dump(v) for v in value) + "]"
        return json.dumps(value)

    return dump(data)


def _count(data: dict[str, Any], rng: random.Random) -> None:
    """The seat count out of range, or a count anywhere."""
    players = data.get("players")
    if isinstance(players, list) and players and rng.random() < 0.5:
        n = rng.choice([0, 1, 13, 14, 20, 100, 500])
        seats = [copy.deepcopy(players[i % len(players)]) for i in range(n)]
        for i, seat in enumerate(seats):
            seat["name"] = f"P{i}"
            seat["bankrupt"] = False
        data["players"] = seats
        data.pop("to_move", None)
        return
    numbers = [
        (c, k) for c, k in _paths(data) if isinstance(c[k], int) and not isinstance(c[k], bool)
    ]
    if numbers:
        container, key = rng.choice(numbers)
        container[key] = rng.choice(_OUT_OF_RANGE)


def _decision(data: dict[str, Any], rng: random.Random, others: list[dict[str, Any]]) -> None:
    """The pending decision of another kind, given another decision's data, or short of one
    of its data keys."""
    decision = data.get("pending", {}).get("decision")
    donors = [o["pending"]["decision"] for o in others if "pending" in o]
    if not isinstance(decision, dict) or not donors:
        return
    donor = rng.choice(donors)
    what = rng.random()
    if what < 0.35:
        decision["kind"] = donor["kind"]
    elif what < 0.6:
        decision["data"] = copy.deepcopy(donor["data"])
    elif what < 0.75:
        decision["answers"] = list(donor["answers"])
    elif decision.get("data"):
        del decision["data"][rng.choice(list(decision["data"]))]


def _rows(db: Path) -> tuple[int, int]:
    with sqlite3.connect(db) as conn:
        games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        commands = conn.execute("SELECT COUNT(*) FROM commands").fetchone()[0]
    return games, commands


def outcome(text: str, folder: Path, log: GameLog, rng: random.Random) -> tuple[str, str]:
    """What the banker, the front ends and the referee make of the situation ``text``: one of
    :data:`OUTCOMES`, with a detail for a failure. ``log`` is an open game log in ``folder``."""
    path = folder / "situation.json"
    path.write_text(text, "utf-8")
    before = _rows(log.path)
    try:
        game = Game.from_situation(read_json(path), log=log)
    except CompanionError as exc:
        if _rows(log.path) != before:
            return "refusal wrote", str(exc)[:200]
        words = str(exc)
        if "\n" in words or not words.startswith(("situation: ", "situation file ")):
            return "refusal not one line", words[:200]
        verdict = ("refused", "")
    except Exception as exc:  # noqa: BLE001 - a traceback is what the campaign counts
        return "traceback", f"start: {type(exc).__name__}: {exc}"[:300]
    else:
        verdict = _played(game, log, rng)
    referee = _referee(path)
    return referee or verdict


def _played(game: Game, log: GameLog, rng: random.Random) -> tuple[str, str]:
    """An accepted table: its options as every front end works them out, the game resumed from
    the log file equal to it, and its first answer given."""
    try:
        state = game.state
        for seat in state.active:
            anytime_options(state, seat.name)
        options_for(state, state.decision)
        PromptSession(game, io.StringIO(), io.StringIO()).say_decision()
        viewmodels.table_view(state, "fr")
    except Exception as exc:  # noqa: BLE001
        return "traceback", f"front end: {type(exc).__name__}: {exc}"[:300]
    try:
        with GameLog(log.path, readonly=True) as reader:
            resumed = Game.resume(reader, game.game_id)
            if snapshot(resumed.state) != snapshot(state):
                return "accepted but unresumable", "the resumed game differs"
    except Exception as exc:  # noqa: BLE001
        return "accepted but unresumable", f"{type(exc).__name__}: {exc}"[:300]
    if state.over:
        return "accepted", ""
    # The first answer, as a front end gives it: one of the options offered, filled in.
    options = state.decision.options
    if not options:
        return "first answer crashed", "no answer is offered"
    option = rng.choice(options)
    command = command_of(option, state.decision.player, **RandomPlayer(rng).fill(state, option))
    try:
        game.execute(command)
    except CompanionError:
        pass  # refused in one line: the game is as it was
    except Exception as exc:  # noqa: BLE001
        return "first answer crashed", f"{type(exc).__name__}: {exc}"[:300]
    return "accepted", ""


def _referee(path: Path) -> tuple[str, str] | None:
    """The referee's answer about the table: a traceback, a refusal that is not one line, or
    an answer for more players than the game seats."""
    out, err = io.StringIO(), io.StringIO()
    try:
        status = run(["referee", "move", "--state", str(path), "--roll", "1", "2", "1"], out, err)
    except Exception as exc:  # noqa: BLE001
        return "traceback", f"referee: {type(exc).__name__}: {exc}"[:300]
    if status != 0 and err.getvalue().count("\n") != 1:
        return "refusal not one line", f"referee: {err.getvalue()[:200]}"
    if status == 0 and _seats(path) > 12:
        return "referee answered over 12 players", f"{_seats(path)} players"
    return None


def _seats(path: Path) -> int:
    data = json.loads(path.read_text("utf-8"))
    return len(data["players"])


def campaign(seed: int, count: int, folder: Path, *, games: int = 4) -> dict[str, Any]:
    """``count`` mutants of the tables of ``seed`` (exported from ``games`` games): the outcomes
    counted by mutation, and the first failures with their seeds."""
    rng = random.Random(seed)
    tables = bases(seed, games)
    counts = {name: dict.fromkeys(OUTCOMES, 0) for name in MUTATIONS}
    failures: list[dict[str, Any]] = []
    log: GameLog | None = None
    try:
        for n in range(count):
            if n % 250 == 0:  # a new log now and then keeps each one small
                if log is not None:
                    log.close()
                log = GameLog(folder / f"g{n}.db")
            assert log is not None
            one = rng.randrange(2**32)
            mrng = random.Random(one)
            how, text = mutant(mrng.choice(tables), mrng, tables)
            result, detail = outcome(text, folder, log, mrng)
            if how == "double" and result == "accepted":
                result, detail = "doubled key accepted", text[:200]
            counts[how][result] += 1
            if result not in ("refused", "accepted") and len(failures) < 20:
                failures.append({"seed": one, "mutation": how, "outcome": result, "detail": detail})
    finally:
        if log is not None:
            log.close()
    return {"counts": counts, "failures": failures, "bases": len(tables)}
