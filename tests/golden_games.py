"""Seeded games recorded before the engine changed, so every later engine can be held to them.

``python -m tests.golden_games record [EDITION]`` plays the seeded random players of
:mod:`companion.simulator.simulate` (as they were on the day of recording) and stores, for each game, the
players, the house rules, every accepted command and the events it made, in
``tests/data/golden_games.json.gz`` (Ultimate's) or ``tests/data/golden_games_<edition>.json.gz``
(another edition's, recorded when the edition came, issue 25: ``python -m tests.golden_games
record EDITION``; Ultimate's recording is left as it was, without the ``edition`` a game of
another edition names), the games of :data:`GAMES`.
:func:`replay_game` gives the commands to the engine of
today, one by one, and returns the first command whose events differ from the recorded ones
once both are :func:`normalized`: what a player sees change hands, move, or be asked is
compared, and wording (sentences, message codes) is not.

The recording's ``seat`` and ``bank`` events set a player's or the Bank's fields to values;
the engine has since named those changes after facts (``jailed``, ``card_kept``...). They are
compared by what they leave: the recorded step's events folded into the table before it must
give the table the engine's events give (:func:`table`), and the other events one by one.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "data" / "golden_games.json.gz"

#: Each edition's seeded games (seed, players, house rules, turn limit), each edition's in its
#: own file (:func:`golden_file`): Ultimate's short and complete games with every house rule,
#: Classic's by its rules and with every house rule it offers, the Mega Edition's.
GAMES: Mapping[str, tuple[tuple[int, int, dict[str, bool], int], ...]] = {
    "ultimate": (
        (1, 2, {}, 3000),
        (2, 3, {}, 3000),
        (3, 4, {}, 400),
        (4, 5, {"squeeze_play_speed_die": True}, 400),
        (5, 6, {"birthday_from_players": True}, 400),
        (6, 4, {"roll_three_action_cards": True}, 400),
        (7, 3, {"triples_pay_salaries": False}, 400),
        (8, 8, {"time_limit": True}, 300),
        (9, 2, {}, 3000),
        (10, 12, {}, 200),
    ),
    "classic": (
        (22, 3, {}, 3000),
        (20, 2, {"mortgage_blocks_building": True, "older_tax_amounts": True}, 3000),
        (23, 3, {"rent_claimed_by_owner": True, "build_on_own_turn": True}, 3000),
        (14, 5, {"time_limit": True, "voluntary_bankruptcy": True}, 300),
    ),
    "mega": ((35, 4, {}, 500), (26, 3, {}, 500)),
}

#: The recording's field patches, compared by the table they leave, not one by one.
_PATCHES = frozenset({"seat", "bank"})
#: The recording's other event types, compared one by one (the engine's facts that replace the
#: patches are compared by the table they leave).
_COMPARED = frozenset(
    {
        "transfer",
        "moved",
        "holding",
        "shares",
        "decision",
        "turn",
        "order_rolled",
        "order_set",
        "game_over",
        "rolled",
        "drew",
        "note",
    }
)

#: Fields that carry wording only: the words change, the game does not.
_WORDING = frozenset({"text", "reason", "title", "code", "params", "kinds"})


def normalized(event: Mapping[str, Any]) -> dict[str, Any]:
    """The part of an event the game's course depends on."""
    kind = event["type"]
    if kind == "note":
        return {"type": "note"}
    out = {k: v for k, v in event.items() if k not in _WORDING}
    if kind in ("decision", "game_started"):
        d = event["decision"]
        out.pop("agenda", None)
        out["decision"] = {"kind": d["kind"], "player": d["player"], "answers": d["answers"]}
    return out


def golden_file(edition_id: str = "ultimate") -> Path:
    """Where the games of ``edition_id`` are recorded."""
    if edition_id == "ultimate":
        return GOLDEN
    return GOLDEN.with_name(f"golden_games_{edition_id}.json.gz")


def record(edition_id: str = "ultimate") -> list[dict[str, Any]]:  # pragma: no cover - by hand
    from companion.editions import edition
    from companion.errors import CompanionError
    from companion.game import Game
    from companion.simulator.players import RandomPlayer

    games = []
    for seed, players, rules, max_turns in GAMES[edition_id]:
        rng = random.Random(seed)
        names = [{"name": f"P{i + 1}"} for i in range(players)]
        game = Game.new(names, rules=rules, edition=edition(edition_id))
        player = RandomPlayer(rng)
        steps: list[dict[str, Any]] = []
        turns = 0
        while not game.state.over and turns < max_turns:
            command = player.choose(game.state)
            try:
                events = game.execute(command)
            except CompanionError:
                continue
            steps.append({"command": command, "events": [normalized(e) for e in events]})
            turns += sum(1 for e in events if e["type"] == "turn")
        games.append(
            {"edition": edition_id, "seed": seed, "players": names, "rules": rules, "steps": steps}
        )
    return games


def load(edition_id: str = "ultimate") -> list[dict[str, Any]]:
    with gzip.open(golden_file(edition_id), "rt", encoding="utf-8") as f:
        return json.load(f)


def replay_game(recorded: Mapping[str, Any]) -> Iterator[tuple[int, Any, Any]]:
    """Each step where today's engine differs from the recording: (index, recorded, now)."""
    from companion.editions import edition
    from companion.game import Game

    played = edition(recorded.get("edition", "ultimate"))
    game = Game.new(recorded["players"], rules=recorded["rules"], edition=played)
    for i, step in enumerate(recorded["steps"]):
        difference = step_difference(game, step)
        if difference is not None:
            yield i, step, difference
            return


def step_difference(game: Any, step: Mapping[str, Any]) -> Any:
    """Give ``game`` (a :class:`companion.game.Game`) a recorded step's command: ``None`` when
    it makes the recorded events and leaves the recorded table, else what it did instead (its
    events, the refusal, or the table's differences)."""
    before = game.state
    try:
        now = execute(game, step)
    except Exception as exc:  # noqa: BLE001 - reported as the difference
        return f"refused: {exc}"
    # The events compared one by one; the facts (``jailed``...) a later recording holds too
    # are compared by the table they leave, as the patches are.
    if now != [e for e in step["events"] if e["type"] in _COMPARED]:
        return now
    expected, after = recorded_table(before, step), table(game.state)
    if after != expected:
        return {
            "table differs": {
                k: {"recorded": expected[k], "now": after[k]}
                for k in after
                if after[k] != expected[k]
            }
        }
    return None


def execute(game: Any, step: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Give ``game`` (a :class:`companion.game.Game`) a recorded step's command; its events
    that the recording compares one by one, normalized as the recording's are.

    Since decisions have ids, an any-time command (build, mortgage...) poses the decision in
    force again under a new id: where the recording has no decision event, that one is left out.
    """
    d = game.state.decision
    posed = {"kind": d.kind, "player": d.player, "answers": list(d.answers)}
    events = game.execute(dict(step["command"]))
    now = [normalized(e) for e in events if e["type"] in _COMPARED]
    if not any(e["type"] == "decision" for e in step["events"]):
        now = [e for e in now if e != {"type": "decision", "decision": posed}]
    return now


def recorded_table(before: Any, step: Mapping[str, Any]) -> dict[str, Any]:
    """The :func:`table` that the recorded step's events leave when folded into the state
    ``before`` it (its decision, normalized, is not folded: the decision is compared as an
    event)."""
    from companion.banker.state import evolve

    state = before
    for event in step["events"]:
        if event["type"] != "decision":
            state = evolve(state, dict(event))
    return table(state)


def table(state: Any) -> dict[str, Any]:
    """A state's snapshot less its decision and agenda, counts of zero left out (a count the
    recording's patches set to 0 means what no count does)."""
    from companion.banker.state import snapshot

    data = snapshot(state)
    del data["decision"], data["agenda"]
    for key in ("shares_left", "vouchers_left", "order_rolls"):
        data[key] = {k: n for k, n in data[key].items() if n}
    return data


def _write(
    games: Sequence[Mapping[str, Any]], edition_id: str = "ultimate"
) -> Path:  # pragma: no cover
    data = json.dumps(games, separators=(",", ":"), sort_keys=True).encode("utf-8")
    path = golden_file(edition_id)
    path.write_bytes(gzip.compress(data, 9, mtime=0))
    return path


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:2] != ["record"] or len(sys.argv) > 3:
        sys.exit("usage: python -m tests.golden_games record [EDITION]")
    which = sys.argv[2] if len(sys.argv) == 3 else "ultimate"
    written = _write(record(which), which)
    print(f"wrote {written} ({written.stat().st_size:,} bytes)")
