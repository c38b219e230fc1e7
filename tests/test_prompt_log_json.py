"""The prompt reads back every command the game log writes, as JSON: the lines of
``companion history --format jsonl`` from seeded ``simulate`` games and a game played at the
prompt (undo, a correction, a dice reading, a trade, the end of a time-limited game), and the
commands of the golden games (issue 21, item 4)."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from companion.banker.commands import Command
from companion.banker.state import snapshot
from companion.cli.main import run
from companion.cli.parse import SPECS, parse_line, space_ref
from companion.cli.prompt import PromptSession
from companion.editions import edition
from companion.game import Game
from companion.log.gamelog import GameLog
from tests import golden_games


def cli(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert run(list(argv), out, err) == 0, err.getvalue()
    return out.getvalue()


def exported(db: Path, game_id: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """A game's commands and their events, as ``companion history --format jsonl`` gives them."""
    commands: dict[int, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    for line in cli(
        "history", "--db", str(db), "--game", str(game_id), "--format", "jsonl"
    ).splitlines():
        row = json.loads(line)
        commands.setdefault(row["command_seq"], (row["command"], []))[1].append(row["event"])
    return [commands[seq] for seq in sorted(commands)]


def session(game: Game) -> tuple[PromptSession, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return PromptSession(game, out, err), out, err


def played_at_the_prompt(db: Path) -> None:
    """A short time-limited game with what random players never do: a reading, undo, a
    correction, a trade and the end of the game."""
    with GameLog(db) as log:
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}], rules={"time_limit": True}, log=log)
        prompt, _, err = session(game)
        for line in ("deal bus ticket 4-5-6", "deal transit token 1-2-4", "order_roll 6 6"):
            prompt.handle(line)
        prompt.propose("throw-1", [1, 2], None)
        prompt.handle("")  # Enter: the reading is applied
        for line in (
            "roll 1 2 1",
            "undo",
            "roll 1 2 2",
            "correct roll 1 2 1",
            "trade bob give bus ticket take $100",
            "end_game",
        ):
            prompt.handle(line)
        assert err.getvalue() == ""
        assert game.state.over


def played_classic_at_the_prompt(db: Path) -> None:
    """Classic's own (issue 25): rent its owner claims (E2's house rule) and a trade that lifts
    the mortgage on the deed it hands over."""
    bob = {"owner": "Bob"}
    table = {
        "edition": "classic",
        "players": [
            {"name": "Ann", "position": "GO", "cash": 1500},
            {"name": "Bob", "position": "GO", "cash": 1500},
        ],
        "properties": {
            "Mediterranean Avenue": bob,
            "Baltic Avenue": bob,
            "Boardwalk": {**bob, "mortgaged": True},
        },
        "options": {"rent_claimed_by_owner": True},
    }
    with GameLog(db) as log:
        game = Game.from_situation(table, log=log)
        prompt, _, err = session(game)
        for line in (
            "roll 1 2",
            "claim Ann",
            "trade Bob give $10 take Boardwalk lift Boardwalk as Ann",
        ):
            prompt.handle(line)
        assert err.getvalue() == ""


def played_mega_at_the_prompt(db: Path) -> None:
    """The Mega Edition's own (issue 25, E5): the last lot of a group bought after building on
    the others, built up."""
    hotels = {"owner": "Ann", "buildings": "hotel"}
    table = {
        "edition": "mega",
        "players": [
            {"name": "Ann", "position": "Free Parking", "cash": 2000},
            {"name": "Bob", "position": "GO", "cash": 2500},
        ],
        "properties": {n: hotels for n in ("Kentucky Avenue", "Indiana Avenue", "Illinois Avenue")},
    }
    with GameLog(db) as log:
        game = Game.from_situation(table, log=log)
        prompt, _, err = session(game)
        for line in ("roll 1 2 2", "buy", "last_lot build"):
            prompt.handle(line)
        assert err.getvalue() == ""


def test_the_prompt_takes_every_command_json_the_log_writes(tmp_path: Path) -> None:
    simulated, typed = tmp_path / "simulated.db", tmp_path / "typed.db"
    # Seed 14, three players: a game whose cards ask for an option, a target and Just Say NO!,
    # with a group sold down in a shortage, a jail card played and a mortgage lifted.
    cli("simulate", "--games", "1", "--seed", "14", "--players", "3", "--db", str(simulated))
    played_at_the_prompt(typed)
    classic = tmp_path / "classic.db"
    played_classic_at_the_prompt(classic)
    mega = tmp_path / "mega.db"
    played_mega_at_the_prompt(mega)
    fed: set[str] = set()
    for db in (simulated, typed, classic, mega):
        (start_command, start), *rest = exported(db, 1)
        prompt, _, err = session(Game.started(start))
        prompt.handle(json.dumps(start_command))  # the game's start, not a command to give
        assert err.getvalue() == (
            "companion: error: new_game is how the log records the start of a game, not a "
            "command to give: start one with 'companion play --players A,B' (or --from a table "
            "situation)\n"
        )
        err.truncate(0)
        err.seek(0)
        for command, _ in rest:
            prompt.handle(json.dumps(command))
            assert err.getvalue() == "", (command, err.getvalue())
            fed.add(command["type"])
        assert prompt.game.has_reading("throw-1") == (db == typed)
        with GameLog(db, readonly=True) as log:
            assert snapshot(prompt.state) == snapshot(Game.resume(log, 1).state)
    assert {"option", "target", "refuse", "accept", "undo", "sell_down"} <= fed
    assert set(SPECS) <= fed


def same_space(command: Mapping[str, Any]) -> dict[str, Any]:
    """A command with its space named as the prompt names it (``middle:3`` is Baltic Avenue)."""
    return {
        k: space_ref(edition("ultimate").board, v) if k == "space" else v
        for k, v in command.items()
    }


@pytest.mark.parametrize("index", range(len(golden_games.GAMES["ultimate"])))
def test_the_prompt_reads_every_command_of_the_golden_games(index: int) -> None:
    recorded = golden_games.load()[index]
    game = Game.new(recorded["players"], rules=recorded["rules"])
    for step in recorded["steps"]:
        command = step["command"]
        read = parse_line(json.dumps(command), game.state)
        assert read.to_json() == same_space(Command.from_json(command).to_json()), command
        game.execute(command)


def test_an_undo_line_from_the_log_takes_back_only_the_command_it_names(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log)
        prompt, out, err = session(game)
        prompt.handle("deal bus ticket 4-5-6")
        prompt.handle("deal transit token 1-2-4")
        before = snapshot(game.state)
        prompt.handle('{"type": "undo", "player": "", "undoes": 1}')
        assert err.getvalue() == (
            "companion: error: undo: the line takes back command #1, but the last command in "
            "force is #2; type 'undo' to take that one back\n"
        )
        assert snapshot(game.state) == before and len(log.commands(1)) == 3
        for bad, message in (
            ('"player": "Cy", "undoes": 2', "no player 'Cy'"),
            ('"player": 0, "undoes": 2', "undo: player is a name or a word, not 0"),
            ('"player": "Ann", "undoes": "2"', "undo: undoes is the number of the command"),
            ('"undoes": ' + "9" * 1900, "undo: undoes is the number of the command"),
            ('"player": "Ann", "undone": 2', "undo has no field 'undone'"),
        ):
            prompt.handle(f'{{"type": "undo", {bad}}}')
            assert message in err.getvalue().splitlines()[-1]
            assert snapshot(game.state) == before and len(log.commands(1)) == 3
        prompt.handle('{"type": "undo", "player": "Ann", "undoes": 2}')
        assert "Undone: deal voucher=voucher-transit-token" in out.getvalue()
        assert game.last_seq == 1 and log.commands(1)[-1].command == {
            "type": "undo",
            "player": "Ann",
            "undoes": 2,
        }
        assert err.getvalue().count("\n") == 6
