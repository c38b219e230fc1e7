"""The game's numbers are the edition's data: an edition whose data says other numbers plays
by them (issue 24, items 1 and 2), and a data folder with a bad number is refused on load with
the file and the field named."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.banker.engine import apply, new_game
from companion.banker.state import GameState, evolve, replay
from companion.banker.throws import command_for_throw
from companion.editions import Edition, EditionDataError, edition, load_edition
from companion.errors import BadRollError, IllegalCommandError
from companion.rules.movement import Roll, resolve_roll
from companion.rules.rent import rent_owed
from companion.rules.situation import Holding, Player, Situation
from tests.edition_data import ULTIMATE_DATA, Change, copied, registered, registered_for


def _copy(tmp_path: Path, name: str, change: Change, file: str) -> Path:
    return copied(ULTIMATE_DATA, tmp_path / name, **{file.removesuffix(".json"): change})


def _dearer(data: dict[str, Any]) -> None:
    data["id"], data["name"] = "dearer", "Ultimate, dearer"
    data["dice"]["speed_die"] = ["1", "2", "3", "mr", "mr", "mr"]
    data["numbers"].update(
        bail=70,
        jail_rolls=2,
        taxi_fare=60,
        taxi_fare_own_cab=30,
        birthday_gift=150,
        squeeze_play=[n + 5 for n in data["numbers"]["squeeze_play"]],
        tax_refund_divisor=4,
    )


def _dearer_board(data: dict[str, Any]) -> None:
    data["ownership"]["unimproved_rent_multiplier"]["majority"] = 5


@pytest.fixture(scope="module")
def dearer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Edition]:
    """Ultimate with other numbers (and a speed die without the Bus): one data folder."""
    folder = tmp_path_factory.mktemp("editions") / "dearer"
    with registered_for(copied(ULTIMATE_DATA, folder, edition=_dearer, board=_dearer_board)) as e:
        yield e


def _table(played: Edition) -> GameState:
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], edition=played))
    for name, card in (("Ann", "4-5-6"), ("Bob", "2-4-5"), ("Cy", "3-4-5")):
        deal = {"voucher": "voucher-bus-ticket", "roll_three": card}
        state = apply(state, {"type": "deal", "player": name, **deal})
    for name, dice in (("Ann", [6, 6]), ("Bob", [1, 2]), ("Cy", [1, 3])):
        state = apply(state, {"type": "order_roll", "player": name, "dice": dice})
    assert state.edition is played and state.decision.player == "Ann"
    return state


def _place(state: GameState, space: str, **flags: Any) -> GameState:
    key = state.edition.board.space(space).key
    return evolve(state, {"type": "seat", "player": "Ann", "set": {"position": key, **flags}})


def test_the_banker_pays_and_charges_the_editions_numbers(dearer: Edition) -> None:
    state = _place(_table(dearer), "Market Street")
    state = apply(state, {"type": "roll", "player": "Ann", "dice": [1, 2, 1]})
    assert [o["amount"] for o in state.decision.options if "amount" in o] == [150]
    state = apply(state, {"type": "gift", "player": "Ann", "option": "cash"})
    assert state.cash["Ann"] == 3200 + 150

    jailed = _table(dearer)
    key = dearer.board.jail.key
    jailed = evolve(
        jailed, {"type": "seat", "player": "Bob", "set": {"position": key, "in_jail": True}}
    )
    jailed = apply(jailed, {"type": "roll", "player": "Ann", "dice": [1, 2, 1]})
    jailed = apply(jailed, {"type": "end_turn", "player": "Ann"})
    assert jailed.decision.player == "Bob" and jailed.decision.answers == ("roll", "bail")
    bail = [o for o in jailed.decision.options if o["command"]["type"] == "bail"]
    assert bail == [
        {
            "command": {"type": "bail"},
            "amount": 70,
            "code": "option.bail",
            "params": {"amount": 70},
        }
    ]
    after = apply(jailed, {"type": "bail", "player": "Bob"})
    assert after.cash["Bob"] == 3200 - 70 and after.pool == jailed.pool + 70


def test_squeeze_play_pays_by_the_editions_table(dearer: Edition) -> None:
    state = _place(_table(dearer), "Miami Avenue")
    state = apply(state, {"type": "roll", "player": "Ann", "dice": [1, 2, 2]})
    state = apply(state, {"type": "dice", "player": "Ann", "dice": [1, 1]})
    assert state.cash["Bob"] == state.cash["Cy"] == 3200 - 205
    assert state.cash["Ann"] == 3200 + 2 * 205


def _three_before(board: Any, name: str) -> Any:
    space = board.space(name)
    return board.space(f"{space.track}:{space.index - 3}")


def test_the_referee_reads_the_editions_numbers(dearer: Edition) -> None:
    board = dearer.board
    cab = board.space("Checker Cab Co.")
    taxi = Situation(
        players=(Player("Ann", _three_before(board, cab.name)),),
        to_move="Ann",
        holdings={cab.name: Holding("Bob")},
        edition=dearer,
    )
    ride = resolve_roll(board, taxi, Roll(1, 2, "mr"), first_move_only=True)
    assert ride.landing == cab
    assert [a.amount for s in ride.stops for a in s.actions if a.kind == "taxi_ride"] == [60]

    refund = Situation(
        players=(Player("Ann", _three_before(board, "Tax Refund")),),
        to_move="Ann",
        pool=100,
        edition=dearer,
    )
    landing = resolve_roll(board, refund, Roll(1, 2, "mr"), first_move_only=True)
    assert landing.landing.name == "Tax Refund"
    assert [
        a.amount for s in landing.stops for a in s.actions if a.kind == "collect_tax_refund"
    ] == [25]

    owned = {"Oriental Avenue": Holding("Bob"), "Vermont Avenue": Holding("Bob")}
    renting = Situation(
        players=(Player("Ann", board.start), Player("Bob", board.start)),
        to_move="Ann",
        holdings=owned,
        edition=dearer,
    )
    vermont = board.space("Vermont Avenue")
    assert rent_owed(board, renting, vermont, "Ann", dice_total=7) == vermont.rent[0] * 5


def test_a_speed_die_face_the_edition_lacks_is_refused(dearer: Edition) -> None:
    state = _table(dearer)
    with pytest.raises(BadRollError, match=r"^the speed die shows 1, 2, 3 or mr, not 'bus'$"):
        apply(state, {"type": "roll", "player": "Ann", "dice": [1, 2, "bus"]})
    with pytest.raises(IllegalCommandError, match=r"^the speed die shows 1, 2, 3 or mr, not"):
        command_for_throw(state.decision, (1, 2, "bus"), dice=dearer.dice)
    situation = Situation.fresh(dearer.board.start, edition=dearer)
    with pytest.raises(BadRollError, match=r"^the speed die shows 1, 2, 3 or mr, not 'bus'$"):
        resolve_roll(dearer.board, situation, Roll(1, 2, "bus"))
    assert edition("ultimate").dice.speed_faces == ("1", "2", "3", "mr", "bus")


def test_the_jail_rolls_and_bail_are_the_editions(dearer: Edition) -> None:
    jailed = Player("Ann", dearer.board.jail, in_jail=True, jail_turns=1)
    situation = Situation(players=(jailed,), to_move=jailed.name, edition=dearer)
    result = resolve_roll(dearer.board, situation, Roll(1, 2))
    assert result.code == "move.jail_third" and result.params["bail"] == 70


def _set(path: str, value: Any) -> Change:
    """Set (or drop) the field at ``path`` ("numbers.bail", "stocks.0.dividends": a number
    is a list's index)."""
    *parents, last = path.split(".")

    def change(data: Any) -> None:
        for key in parents:
            data = data[int(key)] if isinstance(data, list) else data[key]
        if value is _DROP:
            del data[last]
        else:
            data[last] = value

    return change


_DROP = object()


@pytest.mark.parametrize(
    ("file", "path", "value", "said"),
    [
        ("edition.json", "numbers.bail", "50", "field numbers.bail must be int, not '50'"),
        ("edition.json", "numbers.bail", -50, "field numbers.bail must not be negative"),
        ("edition.json", "numbers.bail", _DROP, "field numbers.bail is missing"),
        ("edition.json", "numbers.fare", 50, "field numbers.fare is not one of starting_cash"),
        ("edition.json", "numbers.squeeze_play", [50] * 10,
         "field numbers.squeeze_play must hold 11 amounts (totals 2 to 12), not 10"),
        ("edition.json", "numbers.squeeze_play_speed_die", [50, "x"],
         "field numbers.squeeze_play_speed_die must be a list of whole amounts"),
        ("edition.json", "numbers.tax_refund_divisor", 0,
         "field numbers.tax_refund_divisor must be at least 1"),
        ("edition.json", "dice.speed_die", ["1", "7"], "field dice.speed_die holds '7'"),
        ("board.json", "ownership.majority_group_size", "3",
         "field 'ownership.majority_group_size' must be a whole number, not '3'"),
        ("board.json", "start", "middle:99", "field 'middle:99' is missing"),
        ("cards.json", "roll_three.payout.two", _DROP,
         "field roll_three.payout.two must be a whole amount, not None"),
        ("cards.json", "stocks.0.dividends", [10, 40, 90, 160],
         "field stocks.dividends of 'Motion Pictures' must hold 5 whole amounts"),
    ],
)  # fmt: skip
def test_a_bad_number_is_refused_naming_the_file_and_the_field(
    tmp_path: Path, file: str, path: str, value: Any, said: str
) -> None:
    folder = _copy(tmp_path, "broken", _set(path, value), file)
    with pytest.raises(EditionDataError) as caught:
        load_edition(folder)
    message = str(caught.value)
    assert message.startswith(f"{folder / file}: ") and said in message
    assert "\n" not in message


def _few_rules(data: dict[str, Any]) -> None:
    data["id"] = "few_rules"
    data["house_rules"] = {"about": "two house rules", "birthday_from_players": True, "time_limit": False}  # fmt: skip


def test_a_game_starts_with_the_house_rules_its_edition_offers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dearer: Edition
) -> None:
    from ui import viewmodels as vm

    played = registered(_copy(tmp_path, "few_rules", _few_rules, "edition.json"), monkeypatch)
    assert dict(played.house_rules) == {"birthday_from_players": True, "time_limit": False}
    started = new_game([{"name": "Ann"}, {"name": "Bob"}], edition=played)[0]
    assert started["rules"]["birthday_from_players"] is True
    chosen = new_game([{"name": "A"}, {"name": "B"}], edition=played, rules={"time_limit": True})
    assert chosen[0]["rules"]["time_limit"] is True
    with pytest.raises(
        IllegalCommandError,
        match=r"^Ultimate Monopoly offers no house rule 'squeeze_play_speed_die'",
    ):
        new_game([{"name": "A"}, {"name": "B"}], edition=played, rules={"squeeze_play_speed_die": True})  # fmt: skip
    choices = vm.setup_choices(
        "en", tokens=(), colours=(), vouchers=(), roll_three=(), edition=played
    )
    assert [(key, on) for key, on, _title, _line in choices.house_rules] == [
        ("birthday_from_players", True),
        ("time_limit", False),
    ]
    dearer_line = {
        key: text
        for key, _on, _title, text in vm.setup_choices(
            "en", tokens=(), colours=(), vouchers=(), roll_three=(), edition=dearer
        ).house_rules
    }["birthday_from_players"]
    assert "$150" in dearer_line and "$100" not in dearer_line
    ultimate = edition("ultimate")
    assert [key for key, *_ in vm.setup_choices(
        "en", tokens=(), colours=(), vouchers=(), roll_three=(), edition=ultimate
    ).house_rules] == list(ultimate.house_rules)  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ({"free_parking_jackpot": True}, "field house_rules.free_parking_jackpot is not one of"),
        ({"time_limit": "no"}, "field house_rules.time_limit must be true or false, not 'no'"),
    ],
)
def test_a_bad_house_rule_is_refused_naming_the_field(
    tmp_path: Path, rules: dict[str, Any], said: str
) -> None:
    folder = _copy(tmp_path, "broken", _set("house_rules", rules), "edition.json")
    with pytest.raises(EditionDataError, match=re.escape(said)):
        load_edition(folder)


def test_fees_and_an_own_cab_fare_go_to_the_bank_in_an_edition_without_a_pool(
    tmp_path: Path,
) -> None:
    """Ultimate's data with ``"pool": false``: the fare for a ride in one's own cab (P8) goes
    to the Bank, as taxes and bail do, not to a Pool the edition has not got."""
    from companion.rules.movement import taxi_fare

    def no_pool(data: dict[str, Any]) -> None:
        data["id"], data["pool"] = "no_pool", False

    poolless = load_edition(_copy(tmp_path, "no_pool", no_pool, "edition.json"))
    assert taxi_fare(poolless, "Ann", "Ann") == (20, "Bank")
    assert taxi_fare(poolless, "Bob", "Ann") == (50, "Bob")
    assert taxi_fare(edition("ultimate"), "Ann", "Ann") == (20, "Pool")
