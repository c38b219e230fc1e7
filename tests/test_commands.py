"""Typed commands: every command a recorded game gave reads and writes back unchanged, values no
table means are refused with the engine's messages, and the registry is the engine's."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.banker import commands
from companion.banker.commands import (
    ANYTIME,
    COMMANDS,
    Bid,
    Command,
    Mortgage,
    PlayCard,
    Roll,
    Trade,
    Voucher,
    command_class,
)
from companion.banker.engine import apply, new_game
from companion.banker.state import replay
from companion.errors import IllegalCommandError
from tests import golden_games


def test_every_recorded_command_reads_and_writes_back_the_same_json() -> None:
    seen = set()
    for game in golden_games.load():
        for step in game["steps"]:
            data = step["command"]
            command = Command.from_json(data)
            assert type(command) is COMMANDS[data["type"]]
            assert command.to_json() == data
            assert type(command).from_json(data) == command
            seen.add(data["type"])
    assert len(seen) == 30  # all but end_game and trade, which the seeded players never give


def test_the_registry_is_the_engines_command_set() -> None:
    from companion.banker.tx import COMMAND_HANDLERS

    assert set(COMMANDS) == set(COMMAND_HANDLERS)
    assert set(ANYTIME) <= set(COMMANDS)
    assert all(cls.type == name for name, cls in COMMANDS.items())


def test_the_engine_knows_every_command_type() -> None:
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    for name in COMMANDS:
        with pytest.raises(IllegalCommandError) as refused:
            apply(state, {"type": name, "player": "Nobody"})
        assert "unknown command type" not in str(refused.value)


def test_to_json_leaves_out_what_is_not_said() -> None:
    assert Trade("Ann", "Bob", take={"cash": 5}).to_json() == {
        "type": "trade",
        "player": "Ann",
        "with": "Bob",
        "take": {"cash": 5},
    }
    assert Roll("Ann", [3, 4, "mr"], decision=12).to_json() == {
        "type": "roll",
        "player": "Ann",
        "decision": 12,
        "dice": [3, 4, "mr"],
    }
    assert Voucher("Ann", "voucher-bus-ticket", ride=False).to_json() == {
        "type": "voucher",
        "player": "Ann",
        "voucher": "voucher-bus-ticket",
        "ride": False,
    }


def test_json_reads_into_fields_named_as_the_keys() -> None:
    trade = Command.from_json({"type": "trade", "player": "Ann", "with": "Bob", "decision": 3})
    assert trade == Trade("Ann", "Bob", decision=3)
    assert isinstance(trade, Trade) and trade.with_ == "Bob" and trade.give is None
    card = Command.from_json(
        {"type": "play_card", "player": "Ann", "card": "x", "target": "Bob", "space": None}
    )
    assert card == PlayCard("Ann", "x", target="Bob")
    # A value the engine reads later stays as given: its messages quote it.
    roll = Command.from_json({"type": "roll", "player": "Ann", "dice": ["3", 4.0, "MR"]})
    assert isinstance(roll, Roll) and roll.dice == ["3", 4.0, "MR"]


def test_fields_the_command_does_not_have_are_ignored() -> None:
    data = {"type": "buy", "player": "Ann", "space": "Boardwalk"}
    assert Command.from_json(data).to_json() == {"type": "buy", "player": "Ann"}


def test_repr_can_be_pasted_back() -> None:
    for command in (
        Bid("Bob", 250),
        Trade("Ann", "Bob", give={"cash": 1}, decision=4),
        Mortgage("Ann", company="Acme Motors"),
    ):
        assert eval(repr(command), vars(commands)) == command
    assert repr(Bid("Bob", 250)) == "Bid(player='Bob', amount=250)"


def test_a_command_is_frozen() -> None:
    bid = Bid("Bob", 250)
    with pytest.raises(dataclasses.FrozenInstanceError):
        bid.amount = 300  # type: ignore[misc]


REFUSED: list[tuple[Any, str]] = [
    (None, "a command is a JSON object, not None"),
    (["roll"], "a command is a JSON object, not ['roll']"),
    ({"type": "fly", "player": "Ann"}, "unknown command type 'fly'; the commands are accept, "),
    ({"player": "Ann"}, "unknown command type None; the commands are accept, "),
    ({"type": "bid", "player": "Bob", "amount": "250"}, "bid: 'amount' is a whole number, not '250'"),
    ({"type": "bid", "player": "Bob", "amount": True}, "bid: 'amount' is a whole number, not True"),
    ({"type": "bid", "player": "Bob"}, "bid: 'amount' is a whole number, not missing"),
    ({"type": "roll", "player": "Ann", "dice": "3 4 mr"}, "roll: 'dice' is a list, not '3 4 mr'"),
    ({"type": "voucher", "player": "Ann", "voucher": "v", "ride": 1}, "voucher: 'ride' is true or false, not 1"),
    ({"type": "trade", "player": "Ann", "with": "Bob", "give": []}, "trade: 'give' is an object, not []"),
    ({"type": "option", "player": "Ann", "option": "1"}, "option: 'option' is a whole number, not '1'"),
    ({"type": "bus", "player": "Ann", "option": 1}, "bus: 'option' is text, not 1"),
    ({"type": "mortgage", "player": "Ann"}, "mortgage: give either 'property' or 'company'"),
    ({"type": "unmortgage", "player": "Ann", "property": "A", "company": "B"}, "unmortgage: give either 'property' or 'company'"),
    ({"type": "mortgage", "player": "Ann", "property": "A", "company": None}, "mortgage: give either 'property' or 'company'"),
    ({"type": "mortgage", "player": "Ann", "property": 5}, "mortgage: 'property' is text, not 5"),
    ({"type": "buy", "player": 7}, "buy: 'player' is text, not 7"),
    ({"type": "buy"}, "buy: 'player' is text, not missing"),
    ({"type": "buy", "player": "Ann", "decision": "3"}, "buy: 'decision' is a whole number, not '3'"),
    ({"type": "buy", "player": "Ann", "decision": False}, "buy: 'decision' is a whole number, not False"),
    ({"type": "roll", "player": "Ann", "dice": [3, 4], "reading": 5}, "roll: 'reading' is text, not 5"),
    # The bounds every value keeps, in any field, known or not.
    ({"type": "bid", "player": "Bob", "amount": 10**13}, "bid: 'amount' is a number of about 14 digits, too large"),
    ({"type": "roll", "player": "Ann", "dice": [float("nan"), 4]}, "roll: 'dice' is nan, not a usable number"),
    ({"type": "choose", "player": "Ann", "space": "x" * 201}, "choose: 'space' is text longer than 200 characters"),
    ({"type": "buy", "player": "Ann", "note": [[[[[[[1]]]]]]]}, "buy: 'note' is nested too deep"),
    ({"type": "buy", "player": "Ann", "note": list(range(201))}, "buy: 'note' is more than 200 items"),
    ({"type": "buy", "player": "Ann", "note": {1: 2}}, "buy: 'note' is an object whose keys are not short texts"),
    ({"type": "buy", "player": "Ann", "note": {2, 3}}, "buy: 'note' is not a JSON value (set)"),
    ({"type": "buy", "player": "Ann", 5: 1}, "buy: 5 is not a field name"),
    ({"type": "b" * 30, "player": "Ann", "x": "y" * 300}, "command: 'x' is text longer than 200 characters"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "message"), REFUSED)
def test_refused_with_the_engines_message(data: Any, message: str) -> None:
    with pytest.raises(IllegalCommandError) as refused:
        Command.from_json(data)
    assert str(refused.value).startswith(message)
    assert message.endswith(", ") or str(refused.value) == message


def test_a_class_reads_only_its_own_type() -> None:
    assert Bid.from_json({"type": "bid", "player": "Bob", "amount": 5}) == Bid("Bob", 5)
    with pytest.raises(IllegalCommandError, match="^pass: not a bid command$"):
        Bid.from_json({"type": "pass", "player": "Bob"})


def test_built_in_code_the_same_checks_hold() -> None:
    with pytest.raises(IllegalCommandError, match="^bid: 'amount' is a whole number, not 'x'$"):
        Bid("Bob", "x")  # type: ignore[arg-type]
    with pytest.raises(IllegalCommandError, match="^mortgage: give either"):
        Mortgage("Ann")
    with pytest.raises(IllegalCommandError, match="^bid: 'player' is text longer than 200"):
        Bid("B" * 201, 5)


def test_command_class_checks_sizes_and_type_only() -> None:
    # The engine names the player and the decision before it reads the fields.
    assert command_class({"type": "bid", "player": "Nobody"}) is Bid
    with pytest.raises(IllegalCommandError, match="too large"):
        command_class({"type": "bid", "amount": 10**20})


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
keys = st.sampled_from(
    sorted({f.key for cls in COMMANDS.values() for f in cls.json_fields} | {"decision", "x"})
)


@given(
    kind=st.sampled_from(sorted(COMMANDS)),
    player=st.one_of(st.sampled_from(["Ann", "Bob"]), json_values),
    extra=st.dictionaries(keys, json_values, max_size=5),
)
def test_any_json_is_refused_or_reads_back_the_same(kind: str, player: Any, extra: dict) -> None:
    data = {"type": kind, "player": player, **extra}
    try:
        command = Command.from_json(data)
    except IllegalCommandError as exc:
        assert "\n" not in str(exc)
        return
    out = command.to_json()
    assert Command.from_json(out) == command
    known = {"type", "player", "decision", *(f.key for f in type(command).json_fields)}
    assert out == {k: v for k, v in data.items() if k in known and v is not None}


def test_a_roll_reads_and_writes_as_the_logs_hold_it() -> None:
    from companion.errors import BadRollError
    from companion.rules.movement import Roll as Dice

    for values in ([3, 4, "mr"], [6, 6, 2], [1, 2, None], [5, 5, "bus"]):
        assert Dice.from_json(values).to_json() == values
    assert Dice.from_json([1, 2]) == Dice(1, 2)
    for bad in ([1], [1, 2, 3, 4], "34", [7, 1, 1], [1, 2, "x"], [True, 1, 1]):
        with pytest.raises(BadRollError):
            Dice.from_json(bad)


def test_the_prompt_gives_typed_commands_that_may_name_their_decision() -> None:
    from companion.banker.commands import Deal
    from companion.cli.parse import CommandSyntaxError, format_line, parse_line

    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    deal = parse_line("deal bus ticket 1-3-6 decision=4", state)
    assert deal == Deal("Ann", "voucher-bus-ticket", "1-3-6", decision=4)
    assert parse_line(format_line(deal), state) == deal
    assert format_line(deal) == "deal decision=4 voucher=voucher-bus-ticket roll_three=1-3-6 as Ann"
    line = '{"type": "deal", "voucher": "bus ticket", "roll_three": "1-3-6", "decision": 4}'
    assert parse_line(line, state) == deal
    assert parse_line("deal bus ticket 1-3-6", state).decision is None
    with pytest.raises(CommandSyntaxError, match="decision= is the number of the decision"):
        parse_line("deal bus ticket 1-3-6 decision=x", state)
    with pytest.raises(CommandSyntaxError, match="decision= is given twice"):
        parse_line("deal bus ticket 1-3-6 decision=1 decision=2", state)
