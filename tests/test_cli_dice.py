"""Dice at the banker's prompt (``play --dice``): the whole chain from the serial line to the
ledger, through the emulator on a pseudo-terminal, the real reader and the prompt session."""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from companion.cli.dice import DiceLink, connect
from companion.cli.play import _play
from companion.cli.prompt import PromptSession
from companion.editions import Edition, edition
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.messages import render_decision
from hardware.emulator import DiceModuleEmulator, Fault, ScriptedRoll

TIMEOUT = 5.0
"""Seconds to wait for the emulated module (as the hardware tests' fakes)."""
DEALS = ["deal bus ticket 1-3-6", "deal bus ticket 2-4-5"]
KEY = re.compile(r"[0-9a-f]{8}:\d+")


def answers(lines: list[str]) -> Iterator[str]:
    yield from lines
    raise EOFError


def play(db: Path, lines: list[str], *, dice: str = "emulator") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(db=str(db), players="Ann,Bob", game=None, new=False, dice=dice)
    script = answers(lines)
    status = _play(args, out, err, prompt=lambda _prompt: next(script))
    return status, out.getvalue(), err.getvalue()


def logged(db: Path) -> list[dict[str, Any]]:
    with GameLog(str(db)) as log:
        return [c.command for c in log.commands(1)]


def test_a_game_played_with_the_throw_word_and_enter(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    status, out, err = play(
        db,
        [
            "throw",  # nothing wants dice yet: ignored, in one line
            *DEALS,
            "help throw",
            "throw 6 6 1",
            "",
            "throw 1 2 bus",
            "",
            "throw 9 9 9",
            "throw 3 4 mr",
            "",
        ],
    )
    assert status == 0 and err.count("\n") == 1, err
    assert "companion: error: throw: give D1 D2 SPEED ('throw 3 4 mr')" in err
    assert "(Emulated dice module connected (emulator, firmware emu-0.1.0):" in out
    assert re.search(r"Dice read \d \d \w+: ignored, no dice are wanted now \(Ann: draw", out)
    assert "throw [D1 D2 SPEED]: throw the emulated dice module's dice" in out
    assert "Dice read 6 6 1: press Enter for 'order_roll 6 6'" in out
    assert "Dice read 3 4 mr: press Enter for 'roll 3 4 mr'" in out
    assert "Ann rolled 3+4 and Mr. Monopoly." in out
    rolls = [c for c in logged(db) if "reading" in c]
    assert [(c["type"], c["player"], c["dice"]) for c in rolls] == [
        ("order_roll", "Ann", [6, 6]),
        ("order_roll", "Bob", [1, 2]),
        ("roll", "Ann", [3, 4, "mr"]),
    ]
    keys = [c["reading"] for c in rolls]
    assert all(KEY.fullmatch(k) for k in keys) and len(set(keys)) == 3


def test_help_lists_the_throw_word_only_with_the_emulator(tmp_path: Path) -> None:
    _, out, _ = play(tmp_path / "g.db", ["help"])
    assert "  throw [D1 D2 SPEED]:" in out
    _, out, _ = play(tmp_path / "h.db", ["help"], dice="")
    assert "throw [D1 D2" not in out


class Table:
    """A prompt session reading an on-demand emulator that the test throws."""

    def __init__(
        self,
        tmp_path: Path,
        stack: ExitStack,
        *,
        deal: bool = True,
        edition: Edition | None = None,
        **emulator: Any,
    ) -> None:
        self.out, self.err = io.StringIO(), io.StringIO()
        log = stack.enter_context(GameLog(str(tmp_path / "g.db")))
        self.game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log, edition=edition)
        self.session = PromptSession(self.game, self.out, self.err)
        self.emulator = stack.enter_context(DiceModuleEmulator(on_demand=True, **emulator))
        self.link: DiceLink = stack.enter_context(
            connect(self.emulator.path, self.session, self.out, timeout=TIMEOUT)
        )
        for line in DEALS if deal else ():
            self.type(line)

    def type(self, line: str) -> None:
        """What ``play`` does with a line: poll, then handle."""
        self.link()
        self.session.handle(line)

    def throw(self, dice: tuple[int, ...], speed: str | None) -> None:
        before = self.link.readings
        self.emulator.throw(ScriptedRoll(dice, speed))
        assert self.link.wait_for_reading(before), "no reading came back"

    def rolls(self) -> list[tuple[str, list[Any], str | None]]:
        return [(c["type"], c["dice"], c.get("reading")) for c in self.game.done if "dice" in c]


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as s:
        yield s


def test_a_typed_roll_corrects_the_waiting_reading_and_a_reread_is_not_applied_again(
    tmp_path: Path, stack: ExitStack
) -> None:
    table = Table(tmp_path, stack)
    table.throw((6, 6), "1")
    assert "Dice read 6 6 1: press Enter for 'order_roll 6 6'" in table.out.getvalue()
    assert table.session.proposal is not None
    key = table.session.proposal.key
    table.type("order_roll 5 5")  # the camera misread: the table types what the dice show
    assert table.rolls() == [("order_roll", [5, 5], key)]

    # The module reads the same throw again: it is applied already.
    before = table.link.readings
    assert table.link.reader is not None and table.link.reader.request_reread()
    assert table.link.wait_for_reading(before)
    assert "Dice read 6 6 1 again: that throw is already applied." in table.out.getvalue()
    state = table.game.state
    table.type("")
    assert table.game.state is state and table.rolls() == [("order_roll", [5, 5], key)]
    assert table.err.getvalue() == ""


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        (
            "low-confidence",
            "Dice read 2 5 bus (throw 1), but the module is not sure of a die: check the dice "
            "and correct them. Type what they show, e.g. 'order_roll 2 5'.",
        ),
        (
            "leaning",
            "Dice read nothing (throw 1), but a die is leaning against the wall or another die. "
            "Type what they show, e.g. 'order_roll 3 4'.",
        ),
    ],
)
def test_a_reading_the_module_is_not_sure_of_asks_to_type_the_roll(
    tmp_path: Path, stack: ExitStack, fault: str, said: str
) -> None:
    table = Table(tmp_path, stack, faults=[Fault(fault, 1)])
    table.throw((2, 5), "bus")
    assert said in table.out.getvalue().splitlines()
    assert table.session.proposal is None
    state = table.game.state
    table.type("")  # Enter applies nothing
    assert table.game.state is state
    table.type("order_roll 2 5")
    assert table.rolls() == [("order_roll", [2, 5], None)]


def test_classic_s_module_rolls_two_dice_and_a_speed_die_is_refused(
    tmp_path: Path, stack: ExitStack
) -> None:
    """Classic's set has no speed die: its module reports two dice, which Enter applies; a
    reading with a speed die (a module set up for Ultimate) is refused naming the edition, and
    nothing is proposed."""
    table = Table(tmp_path, stack, deal=False, edition=edition("classic"))
    written = len(table.out.getvalue())
    table.throw((4, 4), "mr")
    assert table.out.getvalue()[written:] == (
        "Dice read 4 4 mr: Classic Monopoly has no speed die: take it out of the tray and "
        "throw again.\n"
    )
    state = table.game.state
    table.type("")
    assert table.session.proposal is None and table.game.state is state
    table.throw((6, 5), None)
    assert table.session.proposal is not None
    table.type("")
    assert [(c["type"], c["dice"]) for c in table.game.done] == [("order_roll", [6, 5])]


def test_the_emulated_module_of_a_classic_game_throws_no_speed_die(tmp_path: Path) -> None:
    out = io.StringIO()
    with ExitStack() as stack:
        log = stack.enter_context(GameLog(str(tmp_path / "g.db")))
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log, edition=edition("classic"))
        session = PromptSession(game, out, io.StringIO())
        link = stack.enter_context(connect("emulator", session, out, timeout=TIMEOUT))
        assert link.emulator is not None and not link.emulator.speed_die


def test_a_reading_when_no_dice_are_wanted_is_ignored_in_one_line(
    tmp_path: Path, stack: ExitStack
) -> None:
    table = Table(tmp_path, stack, deal=False)  # the starting cards are drawn first
    written = len(table.out.getvalue())
    table.throw((4, 4), "mr")
    assert table.out.getvalue()[written:] == (
        "Dice read 4 4 mr: ignored, no dice are wanted now "
        f"({render_decision(table.game.state.decision)})\n"
    )
    assert table.session.proposal is None
    for line in DEALS:
        table.type(line)
    table.type("")
    assert [c["type"] for c in table.game.done] == ["deal", "deal"]


def test_the_module_unplugged_and_back_while_the_table_types_rolls(
    tmp_path: Path, stack: ExitStack
) -> None:
    table = Table(tmp_path, stack, link=tmp_path / "dice", faults=[Fault("disconnect", 1)])
    table.emulator.throw()  # the cable is pulled instead
    out = table.out
    assert table.link.calls.run_until(lambda: "Dice module disconnected" in out.getvalue(), 5)
    table.type("order_roll 6 6")  # the prompt goes on: rolls are typed
    assert table.link.calls.run_until(lambda: "Dice module connected again." in out.getvalue(), 5)
    table.throw((1, 2), "3")
    table.type("")
    assert [r[:2] for r in table.rolls()] == [("order_roll", [6, 6]), ("order_roll", [1, 2])]
    assert table.err.getvalue() == ""


def test_a_notice_from_the_reader_thread_redraws_the_prompt_and_the_typed_text(
    tmp_path: Path, stack: ExitStack, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Readline:
        @staticmethod
        def get_line_buffer() -> str:
            return "show A"

    monkeypatch.setitem(sys.modules, "readline", Readline)
    table = Table(tmp_path, stack)
    table.link.notices = True
    table.throw((3, 4), "mr")
    assert "\r\x1b[K(dice read 3 4 mr: press Enter to use them)\nAnn> show A" in (
        table.out.getvalue()
    )
