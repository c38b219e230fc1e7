"""The dice-module emulator, through the real reader: scripted and random rolls, every fault."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dice_fakes import Harness

from hardware.emulator import (
    FAULTS,
    DiceModuleEmulator,
    Fault,
    ScriptedRoll,
    parse_fault,
    parse_rolls,
    random_rolls,
)
from hardware.errors import EmulatorUsageError

SCRIPT = "3,4,mr;2,5,bus;6,6,2"
FACES = [((3, 4), "mr"), ((2, 5), "bus"), ((6, 6), "2")]


def test_the_roll_script_reads_two_dice_and_the_speed_die() -> None:
    assert parse_rolls(SCRIPT) == tuple(ScriptedRoll(d, s) for d, s in FACES)
    assert parse_rolls(" 1,2 ; 4,5,6,- ; 1,1,1,BUS") == (
        ScriptedRoll((1, 2), None),
        ScriptedRoll((4, 5, 6), None),
        ScriptedRoll((1, 1, 1), "bus"),
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("3,4,mr;7,1,2", "--rolls: roll 2 '7,1,2': a regular die shows 1 to 6, not '7'"),
        (
            "3,4,mister",
            "--rolls: roll 1 '3,4,mister': the speed die shows 1, 2, 3, mr, bus or - (none), not 'mister'",
        ),
        ("3", "--rolls: roll 1 '3': give D1,D2,SPEED (e.g. 3,4,mr), D1,D2 or D1,D2,D3,SPEED"),
        ("3,4,mr;", "--rolls: roll 2 '': give D1,D2,SPEED (e.g. 3,4,mr), D1,D2 or D1,D2,D3,SPEED"),
        ("3,,mr", "--rolls: roll 1 '3,,mr': a regular die shows 1 to 6, not ''"),
    ],
)
def test_a_bad_roll_script_is_refused_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(EmulatorUsageError) as caught:
        parse_rolls(spec)
    assert str(caught.value) == message


def test_faults_name_a_kind_and_a_roll() -> None:
    assert parse_fault("garbage") == Fault("garbage", 1)
    assert parse_fault("disconnect@3") == Fault("disconnect", 3)
    with pytest.raises(EmulatorUsageError, match="the faults are garbage, split"):
        parse_fault("fire@1")
    with pytest.raises(EmulatorUsageError, match="counts from 1"):
        parse_fault("split@0")


def test_a_disconnect_needs_a_link_to_plug_back_in_behind() -> None:
    with pytest.raises(EmulatorUsageError, match="needs --link PATH"):
        DiceModuleEmulator(parse_rolls(SCRIPT), faults=[Fault("disconnect", 1)])


def test_random_rolls_are_repeatable_and_use_the_speed_die_faces() -> None:
    rolls = random_rolls(200, random.Random(7))
    assert rolls == random_rolls(200, random.Random(7))
    assert {r.speed for r in rolls} == {"1", "2", "3", "mr", "bus"}
    assert all(len(r.dice) == 2 and all(1 <= d <= 6 for d in r.dice) for r in rolls)


def test_a_module_without_a_speed_die_rolls_two_dice_through_the_reader() -> None:
    """A module for a Classic set: random rolls of two dice, no speed die, one confidence
    each; the reader hands them on as they are."""
    assert {r.speed for r in random_rolls(200, random.Random(7), speed_die=False)} == {None}
    emulator = DiceModuleEmulator(on_demand=True, interval=0.05, seed=3, speed_die=False)
    with emulator:
        h = Harness(emulator.path)
        with h.reader:
            h.wait_state("connected")
            for _ in range(3):
                emulator.throw()
            h.wait_readings(3)
    assert [(len(r.dice), r.speed, len(r.confidence)) for r in h.readings] == [(2, None, 2)] * 3
    assert not any(r.needs_manual_entry for r in h.readings)


def play(tmp_path: Path, faults: list[str], script: str = SCRIPT, **reader: object) -> Harness:
    """Run the emulator with ``faults`` and a reader until every roll has been read once."""
    rolls = parse_rolls(script)
    emulator = DiceModuleEmulator(
        rolls,
        interval=0.05,
        faults=[parse_fault(f) for f in faults],
        link=tmp_path / "dice",
        heartbeat=0.1,
        unplug_for=0.1,
        seed=1,
    ).start()
    h = Harness(
        emulator.path,
        reconnect_delay=0.02,
        reconnect_max_delay=0.05,
        hello_interval=0.1,
        **reader,
    )
    h.reader.start()
    try:
        h.wait_readings(len(rolls), timeout=10)
        # A re-read of the last throw: its answer comes after any stray duplicate would have.
        assert h.reader.request_reread()
        h.wait_readings(len(rolls) + 1)
        h.settle()
    finally:
        assert h.reader.stop()
        emulator.stop()
    return h


def test_scripted_rolls_arrive_in_order_once_each(tmp_path: Path) -> None:
    h = play(tmp_path, [])
    assert [(r.dice, r.speed) for r in h.readings[:3]] == FACES
    assert [(r.throw, r.read) for r in h.readings] == [(1, 0), (2, 0), (3, 0), (3, 1)]
    assert not any(r.needs_manual_entry for r in h.readings)
    assert h.reader.counters().rejected == 0


@pytest.mark.parametrize("fault", ["garbage@2", "split@2", "repeat-seq@2", "corrupt@2"])
def test_line_faults_never_lose_or_double_a_roll(tmp_path: Path, fault: str) -> None:
    h = play(tmp_path, [fault])
    assert [(r.dice, r.speed) for r in h.readings] == [*FACES, FACES[2]]
    assert [r.throw for r in h.readings] == [1, 2, 3, 3]
    assert h.readings[3].read == 1


def test_a_corrupt_settled_line_is_recovered_by_a_re_read(tmp_path: Path) -> None:
    h = play(tmp_path, ["corrupt@2"])
    second = [r for r in h.readings if r.throw == 2]
    assert [(r.read, r.dice, r.speed) for r in second] == [(1, (2, 5), "bus")]
    assert h.reader.counters().reasons == {"checksum-mismatch": 1}


def test_low_confidence_goes_to_manual_entry(tmp_path: Path) -> None:
    h = play(tmp_path, ["low-confidence@1"], min_confidence=90)
    assert [(r.throw, r.reason) for r in h.readings[:3]] == [
        (1, "low-confidence"),
        (2, None),
        (3, None),
    ]
    assert h.readings[0].confidence == (97, 42, 97)


def test_a_leaning_die_goes_to_manual_entry(tmp_path: Path) -> None:
    h = play(tmp_path, ["leaning@3"])
    third = [r for r in h.readings if r.throw == 3]
    # First the error, then the re-read the test asked for once the die lay flat.
    assert [(r.read, r.dice, r.reason) for r in third] == [
        (0, (), "die-leaning"),
        (1, (6, 6), None),
    ]


def test_unplugging_and_replugging_is_survived(tmp_path: Path) -> None:
    h = play(tmp_path, ["disconnect@2"])
    assert [(r.dice, r.speed) for r in h.readings[:3]] == FACES
    states = [s.state for s in h.statuses]
    assert states.count("connected") >= 2 and "disconnected" in states
    boots = [r.boot for r in h.readings[:3]]
    assert boots[0] != boots[1] == boots[2]  # a replugged module restarted
    assert h.reader.counters().connections >= 2


def test_every_fault_is_described() -> None:
    assert set(FAULTS) == {
        "garbage",
        "split",
        "disconnect",
        "low-confidence",
        "repeat-seq",
        "corrupt",
        "leaning",
    }


def test_on_demand_the_emulator_throws_only_when_asked(tmp_path: Path) -> None:
    """Scripted rolls first, then random ones; nothing on a timer."""
    emulator = DiceModuleEmulator(parse_rolls("3,4,mr"), on_demand=True, interval=0.05, seed=3)
    with emulator:
        h = Harness(emulator.path)
        with h.reader:
            h.wait_state("connected")
            emulator.throw()
            emulator.throw(ScriptedRoll((1, 2, 3), None))
            emulator.throw()
            h.wait_readings(3)
    # A roll on a timer would have taken throw 1 and the scripted faces.
    assert [(r.throw, r.dice, r.speed) for r in h.readings[:2]] == [
        (1, (3, 4), "mr"),
        (2, (1, 2, 3), None),
    ]
    assert len(h.readings) == 3 and h.readings[2].throw == 3 and len(h.readings[2].dice) == 2
    assert emulator.rolls_sent == 3 and not emulator.done.is_set()


def test_the_cable_pulled_on_demand_is_plugged_back_in_and_throws_again(tmp_path: Path) -> None:
    """``unplug(seconds)`` (the headless demo's banner): the reader sees the module go, finds
    it again behind the link, and the next throw is read."""
    link = tmp_path / "dice"
    emulator = DiceModuleEmulator(parse_rolls("3,4,mr"), on_demand=True, link=link, seed=3)
    with emulator:
        h = Harness(emulator.path)
        with h.reader:
            h.wait_state("connected")
            emulator.unplug(0.3)
            h.wait_state("disconnected")
            h.wait_state("connected")
            emulator.throw()
            h.wait_readings(1)
    assert [(r.dice, r.speed) for r in h.readings] == [((3, 4), "mr")]


def test_pulling_the_cable_needs_a_link_to_plug_back_in_behind() -> None:
    with pytest.raises(EmulatorUsageError, match="unplug needs a link"):
        DiceModuleEmulator(parse_rolls(SCRIPT), on_demand=True).unplug(1.0)
