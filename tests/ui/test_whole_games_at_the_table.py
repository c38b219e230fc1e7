"""Issue 25's "done when": a family plays a whole game of Classic (on each of its three boards)
and of the Mega Edition at the app, from the set-up's start to a winner, with the dice module
and the buttons.

Each game is started as the set-up starts it (``TableController.start_game`` with the edition
and its board), then played the way a table plays: every roll is thrown by the app's own throw
(``TableDevices.throw``) into the emulated dice module's tray and comes back over a pseudo-terminal through the real reader as a proposal,
which the Roll button (a gpiozero mock pin) confirms; every other decision is answered by a
seeded random choice among its options, given by the button of its number when it has one and
by a touch otherwise (a bid's amount, an entry of a list, a player sheet's action). The app
gives the module the game's edition's dice: Classic's reports two dice and no speed die; Mega's
reports the speed die. The game ends with one
player left, or, with the time limit house rule (E6), with the richest when the table calls
time; the log then resumes to the same table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest

from companion.banker.assets import net_worth
from companion.banker.state import snapshot
from companion.banker.throws import wanted_dice
from companion.editions import edition
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.simulator.players import RandomPlayer
from hardware.config import load_config
from hardware.emulator import ScriptedRoll
from hardware.mainthread import MainThreadQueue
from tests.ui.test_controller import Ticks, step
from ui.controller import TableController
from ui.devices import TableDevices
from ui.dialogs import DECISION_KINDS

TIMEOUT = 5.0
FAST = {"COMPANION_SERIAL_HELLO_INTERVAL": "0.05", "COMPANION_BUTTONS_BOUNCE_TIME": "0"}
NAMES = ("Ann", "Bob", "Cy", "Dee")


@dataclass
class Family:
    """The table: the app's controller, its dice module and buttons, and the people."""

    c: TableController
    calls: MainThreadQueue
    devices: TableDevices
    player: RandomPlayer
    presses: int = 0
    touches: int = 0
    throws: int = 0
    kinds: set[str] = field(default_factory=set)

    def wait(self, condition: Any, what: str) -> None:
        assert self.calls.run_until(condition, TIMEOUT), f"{what}: {self.c.view.notice!r}"

    def press(self, name: str) -> None:
        """A short press of a physical button, a second after the screen settled."""
        assert self.devices.buttons is not None
        pin = self.devices.buttons.devices[name].pin
        self.c.clock.now += 1.0
        before = self.c.game.state
        pin.drive_low()
        self.c.clock.now += 0.05
        pin.drive_high()  # the roll button acts on release (it has a hold action)
        self.wait(lambda: self.c.game.state is not before, f"button {name}")
        self.presses += 1

    def roll(self) -> None:
        """The player throws the dice into the tray (the app's own throw: the emulated module's
        seeded roll, with the speed die the game's edition has); the module's reading comes
        back as a proposal and the Roll button confirms it."""
        d = self.c.view.decision
        self.devices.throw()
        self.wait(
            lambda: self.c.view.proposal is not None and self.c.view.proposal.decision_id == d.id,
            "no proposal for the throw",
        )
        self.throws += 1
        self.press("roll")

    def step(self) -> None:
        c = self.c
        d = c.view.decision
        assert c.game is not None and d is not None
        self.kinds.add(d.kind)
        if wanted_dice(c.game.state.decision) is not None and self._is_the_roll(d):
            self.roll()
            return
        command = self.player.choose(c.game.state)
        if command["type"] in ("roll", "order_roll", "dice"):
            self.roll()
            return
        buttons = {v: k for k, v in self.devices.positions.items()}
        for i, choice in enumerate(d.choices):
            if choice.free or {**choice.command, "player": choice.player} != command:
                continue
            number = d.number_of(i)
            if number in buttons:
                self.press(buttons[number])
            else:
                self.touch(partial(c.answer, d.id, i))
            return
        for i, choice in enumerate(d.choices):
            if not choice.free or choice.player != command["player"]:
                continue
            fields = set(choice.command) | set(choice.free) | {"player"}
            if set(command) == fields and all(
                command.get(k) == v for k, v in choice.command.items()
            ):
                self.touch(partial(c.answer, d.id, i, **{k: command[k] for k in choice.free}))
                return
        self.touch(partial(c.anytime, d.id, command))  # a player sheet's action

    def _is_the_roll(self, d: Any) -> bool:
        """Whether the decision wants only the dice (a utility's, the turn order's): any other
        answer (bail, a card, a Bus Ticket) is the random player's to choose."""
        return all(set(ch.free or ()) == {"dice"} for ch in d.choices)

    def touch(self, give: Any) -> None:
        self.c.clock.now += 1.0
        assert give(), self.c.view.notice
        self.touches += 1

    def call_time(self) -> None:
        """The time limit is up (E6): a player touches "end the game" on their sheet."""
        c = self.c
        d = c.view.decision
        sheet = c.player_sheet(d.player)
        assert sheet is not None
        end = [ch for ch in sheet.actions if ch.command.get("type") == "end_game"]
        assert end, [ch.label for ch in sheet.actions]
        self.touch(lambda: c.anytime(d.id, {**end[0].command, "player": d.player}))


def play(
    make_controller: Callable[..., TableController],
    pin_factory: Any,
    edition_id: str,
    board: str | None,
    count: int,
    seed: int,
    *,
    time_limit: int | None = None,
    cap: int = 3000,
) -> Family:
    played = edition(edition_id, board) if board else edition(edition_id)
    calls = MainThreadQueue()
    c = make_controller(post=calls.post, clock=Ticks())  # the buttons' wait reads the clock
    rules = {"time_limit": True} if time_limit is not None else {}
    assert c.start_game([{"name": n} for n in NAMES[:count]], rules, edition=played)
    devices = TableDevices(
        c,
        post=calls.post,
        config=load_config(environ=FAST),
        pin_factory=pin_factory,
        emulator_options={"interval": 0.02, "seed": seed},
    )
    family = Family(c, calls, devices, RandomPlayer(random.Random(seed)))
    with devices:
        family.wait(lambda: c.view.dice_status == "Dice module ready", "no dice module")
        for turn in range(cap):
            if c.view.over:
                break
            if time_limit is not None and turn >= time_limit:
                if c.view.decision is not None and c.view.decision.kind in ("roll", "end_turn"):
                    family.call_time()
                    continue
            family.step()
    assert c.view.over, f"no winner after {cap} answers ({c.view.decision})"
    return family


def check_the_end(family: Family, edition_id: str, *, time_up: bool) -> None:
    c = family.c
    game = c.game
    assert game is not None and game.state.edition.id == edition_id
    assert c.view.winner is not None and c.view.decision is None
    standing = [p.name for p in c.view.players if not p.bankrupt]
    if time_up:  # E6: the richest of those left wins
        worth = {n: net_worth(game.state, n) for n in standing}
        assert c.view.winner == max(worth, key=worth.__getitem__)
    else:
        assert standing == [c.view.winner]
    # Every roll came from the dice module, confirmed by the Roll button.
    rolls = [cmd for cmd in game.done if cmd["type"] in ("roll", "order_roll", "dice")]
    assert rolls and all(cmd.get("reading") for cmd in rolls)
    assert len({cmd["reading"] for cmd in rolls}) == len(rolls) == family.throws
    rolled = [e["dice"] for e in game.all_events() if e["type"] == "rolled"]
    if game.state.edition.dice.has_speed_die:
        assert any(d[2] is not None for d in rolled)  # Mega moves by the speed die too
    else:
        assert all(d[2] is None for d in rolled)
    assert family.presses > family.throws  # the buttons answered more than the dice
    # Every decision met has its dialog on the table's screen (none falls back to bare buttons).
    assert family.kinds <= set(DECISION_KINDS), family.kinds - set(DECISION_KINDS)
    # The log alone gives the same table back.
    with GameLog(c.db_path, readonly=True) as log:
        again = Game.resume(log, game.game_id)
    assert again.state.edition is game.state.edition
    assert snapshot(again.state) == snapshot(game.state)
    assert c.history()[-1].kind == "game_over"


@pytest.mark.parametrize(
    ("edition_id", "board", "count", "seed"),
    [("classic", None, 2, 1), ("mega", None, 3, 4)],
    ids=["classic-us-2", "mega-3"],
)
def test_a_family_plays_to_the_last_player_left(
    make_controller, pin_factory, edition_id, board, count, seed
) -> None:
    family = play(make_controller, pin_factory, edition_id, board, count, seed)
    check_the_end(family, edition_id, time_up=False)


@pytest.mark.parametrize(
    ("edition_id", "board", "count", "seed", "turns"),
    [("classic", "uk", 3, 2, 300), ("classic", "fr", 4, 3, 300), ("mega", None, 4, 5, 300)],
    ids=["classic-uk-3", "classic-fr-4", "mega-4"],
)
def test_a_family_plays_to_the_time_limit_s_richest(
    make_controller, pin_factory, edition_id, board, count, seed, turns
) -> None:
    family = play(make_controller, pin_factory, edition_id, board, count, seed, time_limit=turns)
    check_the_end(family, edition_id, time_up=True)


def test_a_speed_die_read_in_classic_is_refused_naming_the_edition(
    make_controller, pin_factory
) -> None:
    """A module that reports a speed die at a Classic table (set up for Ultimate, or a stray
    die in the tray): one line naming the edition, no proposal, nothing changed; the same
    throw without it is proposed, and the Roll button applies it."""
    calls = MainThreadQueue()
    c = make_controller(post=calls.post, clock=Ticks())
    assert c.start_game([{"name": "Ann"}, {"name": "Bob"}], {}, edition=edition("classic", "fr"))
    devices = TableDevices(
        c, post=calls.post, config=load_config(environ=FAST), pin_factory=pin_factory
    )
    family = Family(c, calls, devices, RandomPlayer(random.Random(1)))
    with devices:
        family.wait(lambda: c.view.dice_status == "Dice module ready", "no dice module")
        state, rows = c.game.state, len(c.log.commands(c.game.game_id))
        assert devices.emulator is not None
        devices.emulator.throw(ScriptedRoll((3, 4), "mr"))
        family.wait(lambda: "speed die" in c.view.notice, "no refusal")
        assert c.view.notice == (
            "Dice read 3+4 and Mr. Monopoly: Classic Monopoly has no speed die: take it out of the "
            "tray and throw again"
        )
        assert c.view.proposal is None and c.game.state is state
        assert len(c.log.commands(c.game.game_id)) == rows
        # The app's own throw (the desktop's emulated module) throws Classic's two dice.
        assert c.throw()
        family.wait(lambda: c.view.proposal is not None, "no proposal")
        assert len(c.view.proposal.faces) == 2
        family.press("roll")
        assert c.game.done[-1]["type"] == "order_roll" and len(c.game.done[-1]["dice"]) == 2


def test_a_paris_game_in_french_is_worded_on_its_board_in_euros(make_controller) -> None:
    """The decisions, the moves, the payments, the undo button and the history of a game on the
    Paris board name its streets (never a space's key such as ``board:23``) in euros (never
    dollars)."""
    c = make_controller(lang="fr")
    names = [{"name": n} for n in NAMES[:3]]
    assert c.start_game(names, {}, edition=edition("classic", "fr")), c.view.notice
    player, seen = RandomPlayer(random.Random(3)), []
    for _ in range(250):
        if c.view.over:
            break
        assert step(c, player), c.view.notice
        v = c.view
        seen += [v.decision.prompt if v.decision else "", c.undo_text()]
        seen += [v.move.sentence if v.move else ""]
        seen += [f.text for f in v.flashes]
    seen += [row.text for row in c.history()]
    assert any("Enchères pour " in s for s in seen)  # an auction was asked
    assert any("Rue de la Paix" in s or "Avenue" in s or "Boulevard" in s for s in seen)
    assert [s for s in seen if "board:" in s or "$" in s] == []
    assert any("\u00a0€" in s for s in seen)


def test_the_voucher_buttons_are_worded_by_the_edition_s_vouchers() -> None:
    from ui.i18n import translate
    from ui.viewmodels import TRAVEL_VOUCHER_BUTTONS, voucher_buttons

    many, one, opener, heading = voucher_buttons(edition("mega"))
    assert [
        translate(many, "en", count=3),
        translate(one, "fr"),
        translate(opener, "fr"),
        translate(heading, "fr"),
    ] == [
        "Use a Bus Ticket (3 places)",
        "Utiliser un Ticket de bus",
        "Utiliser un Ticket de bus…",
        "Tickets de bus",
    ]
    assert voucher_buttons(edition("ultimate")) == TRAVEL_VOUCHER_BUTTONS  # several kinds
