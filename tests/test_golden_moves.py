"""Golden movement tables: whole expected answers, worked out by hand, for every movement rule."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.editions import edition
from companion.rules.board import Space
from companion.rules.movement import (
    NOTE_CODES,
    REASONS,
    Action,
    Resolution,
    Roll,
    resolve_card,
    resolve_roll,
    resolve_subway,
    resolve_taxi,
    resolve_voucher,
)
from companion.rules.referee import to_json
from companion.rules.situation import Situation

BOARD = edition("ultimate").board
CASES = json.loads((Path(__file__).parent / "data" / "golden_moves.json").read_text("utf-8"))[
    "cases"
]


def expand(refs: list[str]) -> list[Space]:
    """Space references, with ``track:a..b`` for a run of spaces in order of play."""
    spaces = []
    for ref in refs:
        run = re.fullmatch(r"(inner|middle|outer):(\d+)\.\.(\d+)", ref)
        if run is None:
            spaces.append(BOARD.space(ref))
            continue
        track, first, last = run.group(1), int(run.group(2)), int(run.group(3))
        length = BOARD.track_lengths[track]  # type: ignore[index]
        spaces += [
            BOARD.at(track, (first + i) % length) for i in range((last - first) % length + 1)
        ]
    return spaces


def situation_for(case: dict[str, Any]) -> Situation:
    state = json.loads(json.dumps(case.get("state", {})))
    players = state.setdefault("players", [{"name": "Ann"}])
    players[0].setdefault("vouchers", 1)  # P10: everyone starts with one Travel Voucher
    properties: dict[str, Any] = {}
    for owner, where in case.get("owned_by", {}).items():
        for name, spaces in BOARD.properties.items():
            if where == "all" or any(s.track in where for s in spaces):
                properties[name] = {"owner": owner, "mortgaged": case.get("mortgage_all", False)}
    for name in case.get("unowned", []):
        properties.pop(name)
    state["properties"] = {**properties, **state.get("properties", {})}
    if "from" in case:
        players[0]["position"] = case["from"]
    return Situation.parse(state)


def resolve(case: dict[str, Any]) -> Resolution:
    situation = situation_for(case)
    to = BOARD.space(case["to"]) if "to" in case else None
    roll = Roll.parse(case["roll"], edition("ultimate").dice) if "roll" in case else None
    ask = case["ask"]
    if ask == "move":
        assert roll is not None
        return resolve_roll(
            BOARD, situation, roll, to=to, bus=case.get("bus"), leave_jail=case.get("leave_jail")
        )
    if ask == "card":
        return resolve_card(
            BOARD,
            situation,
            edition("ultimate").deck.card(case["card"]),
            to=to,
            roll=roll,
            option=case.get("option"),
        )
    if ask == "voucher":
        return resolve_voucher(
            BOARD,
            situation,
            edition("ultimate").deck.voucher(case["voucher"]),
            to=to,
            ride=case.get("ride", False),
        )
    assert to is not None
    return (resolve_subway if ask == "subway" else resolve_taxi)(BOARD, situation, to)


def follow_up_shape(r: Resolution, expected: list[Any]) -> list[Any]:
    """The follow-ups in the form the case gives them: a kind, or [kind, amount, payee], or [kind, space]."""
    shaped = []
    for action, want in zip(r.follow_up, expected + [None] * len(r.follow_up), strict=False):
        if isinstance(want, list) and len(want) == 2:
            shaped.append([action.kind, action.space.key if action.space else None])
        elif isinstance(want, list):
            shaped.append([action.kind, action.amount, action.payee])
        else:
            shaped.append(action.kind)
    return shaped


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_move(case: dict[str, Any]) -> None:
    situation = situation_for(case)
    r = resolve(case)
    want = case["expect"]
    assert r.landing == BOARD.space(want["landing"])
    if "path" in want:
        assert [s.key for s in r.path] == [s.key for s in expand(want["path"])]
    if "stops" in want:
        assert [s.space.key for s in r.stops] == [s.key for s in expand(want["stops"])]
    if "salaries" in want:
        assert [[p.corner.name, p.amount] for p in r.salaries] == want["salaries"]
    if "follow_up" in want:
        expected = [
            [k[0], BOARD.space(k[1]).key] if isinstance(k, list) and len(k) == 2 else k
            for k in want["follow_up"]
        ]
        assert follow_up_shape(r, want["follow_up"]) == expected
    if "in_jail" in want:
        assert r.in_jail is want["in_jail"]
    after = to_json(r)["after"]  # the referee's answer: the vouchers as a count
    for key, value in want.get("after", {}).items():
        assert after[key] == value, key
    assert r.start == situation.player().position
    assert r.explanation and all(isinstance(line, str) and line for line in r.explanation)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_notes_are_messages_with_the_english_of_the_explanation(case: dict[str, Any]) -> None:
    """The explanation is the headline and one note for each ride, direct move, salary and
    action (told by its item) and a few more; each a registered code with plain parameters."""
    r = resolve(case)
    assert r.explanation == (r.summary, *(note.text for note in r.notes))
    told = [id(note.item) for note in r.notes if note.item is not None]
    items = [s for s in r.steps if s.kind not in ("walk", "back")]
    assert sorted(told) == sorted(map(id, [*items, *r.salaries, *r.follow_up]))
    for note in r.notes:
        assert note.code in NOTE_CODES
        assert set(note.params) <= NOTE_CODES[note.code], note.code
        assert json.loads(json.dumps(note.params)) == note.params
        family = note.code.split(".")[0]
        assert family in ("step", "salary", "action") or note.item is None
        if family == "action":
            assert isinstance(note.item, Action)
            assert note.code.split(".")[1] == note.item.kind
        if family in ("step", "action"):
            assert note.text == note.item.text  # type: ignore[union-attr]
        if "reason" in note.params:
            assert note.params["reason"] in REASONS
        for key in ("space", "to"):
            if key in note.params:
                BOARD.by_key(note.params[key])
