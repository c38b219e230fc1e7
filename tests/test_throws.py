"""A throw of the dice becomes the command the decision asks for (``command_for_throw``)."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from companion.banker import turns
from companion.banker.commands import Command
from companion.banker.engine import step
from companion.banker.state import Decision, GameState
from companion.banker.throws import command_for_throw, wanted_dice
from companion.editions import edition
from companion.errors import IllegalCommandError
from companion.game import Game
from companion.rules.movement import Roll
from tests import golden_games

DICE = edition("ultimate").dice


@functools.cache
def _states() -> dict[tuple[Any, ...], GameState]:
    """The first state of each kind of decision in the recorded games (dice decisions by why,
    in jail or not, with or without the Squeeze Play speed-die house rule), each decision with
    the options the engine posed it with; worked out when a test first asks, not at collection."""
    found: dict[tuple[Any, ...], GameState] = {}
    for recorded in golden_games.load():
        game = Game.new(recorded["players"], rules=recorded["rules"])
        for step_ in recorded["steps"]:
            state = game.state
            d = state.decision
            key = (
                d.kind,
                d.data.get("why"),
                state.seat(d.player).in_jail,
                state.rules.squeeze_play_speed_die and d.data.get("why") == "squeeze_play",
            )
            found.setdefault(key, state)
            game.execute(dict(step_["command"]))
    return found


def state_of(
    kind: str, why: str | None = None, *, jail: bool = False, speed: bool = False
) -> GameState:
    return _states()[(kind, why, jail, speed)]


def throw(state: GameState, faces: Any, key: str | None = "b1:7") -> Command:
    return command_for_throw(state.decision, faces, key, dice=state.edition.dice)


@pytest.mark.parametrize(
    ("where", "faces", "dice"),
    [
        (("roll", None), (3, 4, "mr"), [3, 4, "mr"]),
        (("roll", None), (3, 4, "2"), [3, 4, 2]),
        (("roll", None), (6, 6, "bus"), [6, 6, "bus"]),
        (("roll", None, True), (3, 4, "mr"), [3, 4]),
        (("roll", None, True), (5, 5), [5, 5]),
        (("order_roll", None), (6, 5, "bus"), [6, 5]),
        (("dice", "utility"), (2, 5, "3"), [2, 5]),
        (("dice", "card"), (2, 5), [2, 5]),
        (("dice", "squeeze_play"), (1, 1, "mr"), [1, 1]),
        (("dice", "squeeze_play", False, True), (1, 1, "mr"), [1, 1, "mr"]),
        (("dice", "roll_three"), (1, 3, 6), [1, 3, 6]),
        (("dice", "roll_three"), (6, 1, 3, "2"), [6, 1, 3]),
    ],
)
def test_a_throw_becomes_the_command_the_decision_asks_for(where, faces, dice) -> None:
    kind, why, *flags = where
    state = state_of(kind, why, jail=bool(flags and flags[0]), speed=len(flags) > 1 and flags[1])
    command = throw(state, faces)
    d = state.decision
    assert command.to_json() == {
        "type": {"roll": "roll", "order_roll": "order_roll"}.get(d.kind, "dice"),
        "player": d.player,
        "dice": dice,
        "reading": "b1:7",
        **({"decision": d.id} if d.id else {}),
    }
    step(state, command)  # accepted


def test_every_throw_the_decision_wants_is_accepted() -> None:
    rng = random.Random(3)
    for key, state in _states().items():
        if key[:2] == ("dice", "game_night"):
            continue
        assert state.decision.options, key  # else every throw would be refused, and pass
        for _ in range(20):
            faces = (
                *(rng.randint(1, 6) for _ in range(3)),
                rng.choice(["1", "2", "3", "mr", "bus"]),
            )
            try:
                command = throw(state, faces)
            except IllegalCommandError:
                assert not any(
                    o["command"]["type"] in ("roll", "order_roll", "dice")
                    for o in state.decision.options
                ), key
                break
            step(state, command)


@pytest.mark.parametrize(
    ("where", "faces", "message"),
    [
        (("deal", None), (3, 4, "mr"), r"^no dice are wanted now \("),
        (("buy_or_auction", None), (3, 4, "mr"), "^no dice are wanted now"),
        (("roll", None), (3, 4), r"^the speed die was not read \(3 4\)"),
        (("roll", None), (3, 4, "x"), "^the speed die shows 1, 2, 3, mr or bus, not 'x'"),
        (("roll", None), (3, 9, "mr"), "^a regular die shows 1 to 6, not 9"),
        (
            ("dice", "roll_three"),
            (1, 3, "mr"),
            "^Roll Three needs three regular dice, and 2 were read: 1 3 mr",
        ),
        (("order_roll", None), (), "^2 regular dice are wanted, and 0 were read: nothing"),
        (("dice", "game_night"), (1, 2, 3, 4), "Game Night"),
    ],
)
def test_a_throw_no_decision_wants_is_refused_in_one_line(where, faces, message) -> None:
    state = state_of(*where)
    with pytest.raises(IllegalCommandError, match=message) as caught:
        throw(state, faces)
    assert "\n" not in str(caught.value)


def test_the_reading_key_and_the_decision_id_go_into_the_command() -> None:
    state = state_of("roll", None)
    assert "reading" not in throw(state, (1, 2, "1"), key=None).to_json()
    numbered = Decision("roll", "Ann", "", ("roll",), id=41)
    options = ({"command": {"type": "roll"}, "free": {"dice": {"count": 2, "speed": True}}},)
    assert command_for_throw(numbered, (1, 2, "1"), "k", options=options, dice=DICE).to_json() == {
        "type": "roll", "player": "Ann", "dice": [1, 2, 1], "reading": "k", "decision": 41,
    }  # fmt: skip


def test_the_decision_own_options_are_used_by_default() -> None:
    d = Decision(
        "dice",
        "Ann",
        "",
        ("dice",),
        options=({"command": {"type": "dice"}, "free": {"dice": {"count": 3, "speed": False}}},),
    )
    assert command_for_throw(d, (4, 4, 4), "k", dice=DICE).dice == [4, 4, 4]
    with pytest.raises(IllegalCommandError, match="no dice are wanted now"):
        command_for_throw(
            Decision("buy_or_auction", "Ann", "", ("buy", "auction")), (1, 2), "k", dice=DICE
        )


@pytest.mark.parametrize(
    ("where", "wanted"),
    [
        (("roll", None), {"count": 2, "speed": True}),
        (("roll", None, True), {"count": 2, "speed": False}),
        (("order_roll", None), {"count": 2, "speed": False}),
        (("dice", "roll_three"), {"count": 3, "speed": False}),
        (("dice", "squeeze_play", False, True), {"count": 2, "speed": True}),
        (("dice", "game_night"), {"count": 4, "speed": False}),
        (("deal", None), None),
        (("auction", None), None),
    ],
)
def test_the_dice_a_decision_wants(where, wanted) -> None:
    """What a front end asks before a throw: whether dice are wanted, and three for Roll Three."""
    kind, why, *flags = where
    state = state_of(kind, why, jail=bool(flags and flags[0]), speed=len(flags) > 1 and flags[1])
    assert wanted_dice(state.decision) == wanted


def test_two_dice_become_one_typed_roll_and_the_log_list_only_in_json() -> None:
    state = state_of("roll", None)
    command = throw(state, (3, 4, "mr"))
    assert command.dice == Roll(3, 4, "mr")
    assert command.to_json()["dice"] == [3, 4, "mr"]
    assert type(throw(state_of("order_roll", None), (6, 5, "bus")).dice) is Roll
    assert type(throw(state_of("dice", "roll_three"), (1, 3, 6)).dice) is list


def test_a_typed_roll_reaches_the_engine_as_it_is_and_no_text_is_parsed(monkeypatch) -> None:
    state = state_of("roll", None)
    roll = Roll(3, 4, "mr")
    command = throw(state, roll)
    assert command.dice is roll

    def no_parse(*args: Any, **kwargs: Any) -> Roll:
        raise AssertionError("a typed roll was parsed again from text")

    rolled: list[Roll] = []
    played = turns._roll
    monkeypatch.setattr(Roll, "parse", no_parse)
    monkeypatch.setattr(
        turns, "_roll", lambda tx, player, r: (rolled.append(r), played(tx, player, r))[1]
    )
    events, _ = step(state, command)
    assert len(rolled) == 1 and rolled[0] is roll
    assert [e["dice"] for e in events if e["type"] == "rolled"] == [[3, 4, "mr"]]


@pytest.mark.parametrize(
    ("where", "roll", "dice"),
    [
        (("roll", None, True), Roll(3, 4, "mr"), [3, 4]),
        (("order_roll", None), Roll(6, 5, "bus"), [6, 5]),
        (("dice", "squeeze_play", False, True), Roll(1, 1, "mr"), [1, 1, "mr"]),
    ],
)
def test_a_typed_roll_keeps_its_speed_die_only_where_it_counts(where, roll, dice) -> None:
    kind, why, *flags = where
    state = state_of(kind, why, jail=bool(flags and flags[0]), speed=len(flags) > 1 and flags[1])
    command = throw(state, roll)
    assert command.to_json()["dice"] == dice
    step(state, command)


@pytest.mark.parametrize(
    ("where", "roll", "message"),
    [
        (("roll", None), Roll(3, 4), r"^the speed die was not read \(3 4\)"),
        (("roll", None), Roll(3, 4, 5), "^the speed die shows 1, 2, 3, mr or bus, not '5'"),
        (
            ("dice", "roll_three"),
            Roll(1, 3, "mr"),
            "^Roll Three needs three regular dice, and 2 were read: 1 3 mr",
        ),
        (("deal", None), Roll(3, 4, "mr"), r"^no dice are wanted now \("),
    ],
)
def test_a_typed_roll_is_refused_in_the_same_words_as_its_faces(where, roll, message) -> None:
    with pytest.raises(IllegalCommandError, match=message):
        throw(state_of(*where), roll)
