"""``companion play``, ``history`` and ``simulate`` from the command line."""

from __future__ import annotations

import argparse
import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli.main import run
from companion.cli.play import _play
from companion.simulator.simulate import simulate


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_simulate_reports_json_with_the_documented_keys() -> None:
    status, out, err = cli(
        "simulate", "--games", "2", "--seed", "3", "--players", "3", "--json", "--check"
    )
    assert status == 0
    report = json.loads(out)
    assert {
        "games",
        "turns",
        "turns_per_second",
        "games_per_second",
        "invariant_violations",
    } <= set(report)
    assert report["games"] == 2 and report["invariant_violations"] == 0 and report["turns"] > 0
    assert "2/2 games" in err  # the progress bar


def test_simulate_is_reproducible_from_its_seed() -> None:
    a = simulate(games=2, seed=9, players=4)
    b = simulate(games=2, seed=9, players=4)
    assert (a.turns, a.commands, a.events) == (b.turns, b.commands, b.events)


@pytest.mark.parametrize(("args", "message"), [
    (("--games", "0"), "--games: invalid positive whole number value: '0'"),
    (("--games", "1", "--players", "13"), "--players: invalid number of players (2 to 12) value: '13'"),
])  # fmt: skip
def test_simulate_bad_arguments(args, message) -> None:
    status, out, err = cli("simulate", *args)
    assert status == 2 and message in err and out == ""


def played(tmp_path: Path) -> Path:
    db = tmp_path / "g.db"
    status, out, err = cli(
        "simulate", "--games", "1", "--seed", "1", "--players", "2", "--db", str(db), "--check"
    )
    assert status == 0, err
    return db


def test_history_in_words(tmp_path: Path) -> None:
    status, out, _ = cli("history", "--db", str(played(tmp_path)))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Game 1: Ultimate Monopoly"
    assert lines[1].startswith("#0 ") and lines[2] == "    A new game: P1 and P2."
    assert "    The Bank pays P1 $3,200 (starting cash)." in lines
    assert any(" wins" in line for line in lines)


def test_history_as_jsonl_and_csv(tmp_path: Path) -> None:
    db = played(tmp_path)
    _, out, _ = cli("history", "--db", str(db), "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0]["event"]["type"] == "game_started" and rows[0]["command_seq"] == 0
    assert [r["command_seq"] for r in rows] == sorted(r["command_seq"] for r in rows)
    _, out, _ = cli("history", "--db", str(db), "--format", "csv")
    table = list(csv.DictReader(io.StringIO(out)))
    assert len(table) == len(rows)
    assert table[1]["text"] == "The Bank pays P1 $3,200 (starting cash)."


def test_history_errors_are_one_line(tmp_path: Path) -> None:
    status, _, err = cli("history", "--db", str(tmp_path / "none.db"))
    assert status == 2 and err.count("\n") == 1 and "no game log at" in err
    status, _, err = cli("history", "--db", str(played(tmp_path)), "--game", "7")
    assert status == 2 and "no game 7" in err


def answers(lines: list[str]) -> Iterator[str]:
    yield from lines
    raise EOFError


def play(args: argparse.Namespace, lines: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    script = answers(lines)
    status = _play(args, out, err, prompt=lambda _prompt: next(script))
    return status, out.getvalue(), err.getvalue()


def test_play_at_the_prompt_with_undo_then_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    status, text, err = play(
        argparse.Namespace(db=db, players="Ann,Bob", game=None, new=False, dice=None),
        [
            "deal voucher=voucher-bus-ticket roll_three=1-2-3",
            "deal bus ticket 4-5-6",
            "order_roll 6 6",
            "order_roll 1 2",
            "roll 1 2 1",
            "undo",
            "roll 9 9 9",
            "roll 1 2 1",
            "correct roll 1 2 2",
            "show",
            "buy",
        ],
    )
    assert status == 0
    assert "Ann pays the Pool $200 (Income Tax). [Ann $3,000, Pool $200]" in text
    assert "Undone: roll 1 2 1 by Ann." in text
    assert "roll: dice: a die shows 1 to 6 (the speed die 1, 2, 3, mr or bus), not '9'" in err
    assert err.count("\n") == 1
    assert "Ann pays the Bank $200 (buying Reading Railroad)." in text
    assert "Ann (car, red): $3,200, on Reading Railroad; to play" in text  # 'show' after correct
    status, text, _ = play(
        argparse.Namespace(db=db, players=None, game=None, new=False, dice=None), ["quit"]
    )
    assert status == 0 and "Ann: draw a Travel Voucher" in text


def test_a_second_game_in_the_same_file_is_asked_for(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    new = argparse.Namespace(db=db, players="Ann,Bob", game=None, new=False, dice=None)
    assert play(new, ["quit"])[0] == 0
    status, text, _ = play(new, ["n"])
    assert status == 1 and "holds game 1 in progress (Ann, Bob)" in text
    assert "No new game started." in text
    status, text, _ = play(new, ["y", "quit"])
    assert status == 0 and text.count("Game 2 in") == 1
    forced = argparse.Namespace(db=db, players="Cy,Di", game=None, new=True, dice=None)
    status, text, _ = play(forced, ["quit"])
    assert status == 0 and "Game 3 in" in text and "in progress" not in text


@settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 12))
def test_random_games_keep_every_invariant(seed: int, players: int) -> None:
    report = simulate(games=1, seed=seed, players=players, max_turns=120)
    assert report.problems == []


def test_history_exports_the_table_situation_for_the_referee(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    # Seed 3: a game whose winner does not end it on the Subway (where no roll is taken).
    status, _, err = cli(
        "simulate", "--games", "1", "--seed", "3", "--players", "3", "--db", str(db), "--check"
    )
    assert status == 0, err
    _, out, _ = cli("history", "--db", str(db), "--format", "situation")
    situation = json.loads(out)
    path = tmp_path / "now.json"
    path.write_text(out)
    status, answer, err = cli("referee", "space", "Boardwalk")
    assert status == 0
    status, answer, err = cli(
        "referee", "move", "--state", str(path), "--roll", "1", "2", "1", "--json"
    )
    assert status == 0, err
    assert json.loads(answer)["player"] == situation["to_move"]
