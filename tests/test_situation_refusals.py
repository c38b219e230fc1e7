"""Issue 21: a table situation is checked entirely before anything is written (the pending
decision through the code that works out its options, doubled keys, the seat count), and a game
already logged that cannot be resumed is reported in one line, never with a traceback."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.banker.start import start_from_situation
from companion.errors import BadSituationError, UnresumableGameError
from companion.game import Game
from companion.log.gamelog import GameLog
from tests import situation_mutants
from tests.broken_games import AUCTION, log_broken_game, pending, table
from tests.test_start_situation import cli

ANN = {"name": "Ann", "position": "GO", "cash": 1500, "vouchers": []}


def asks(kind: str, answers: list[str], data: dict[str, Any]) -> str:
    """The JSON text of a table waiting for Ann's decision of ``kind``."""
    decision = {"kind": kind, "player": "Ann", "answers": answers, "data": data}
    return json.dumps(table(pending={"decision": decision}))


#: (id, the situation's JSON text, the field the refusal names, words it holds)
REFUSED = [
    (
        "an auction without its high bid",
        json.dumps(pending(AUCTION, high=None)),
        "pending.decision.data.high",
        "missing: a decision of kind 'auction' needs it",
    ),
    (
        "an auction without its bidders",
        json.dumps(pending(AUCTION, bidders=None)),
        "pending.decision.data.bidders",
        "missing",
    ),
    (
        "an auction whose bidders are a number",
        json.dumps(pending(AUCTION, bidders=2)),
        "pending.decision.data",
        "does not fit a decision of kind 'auction'",
    ),
    (
        "an auction whose high bid is words",
        json.dumps(pending(AUCTION, high="ten")),
        "pending.decision.data",
        "does not fit a decision of kind 'auction'",
    ),
    (
        "a purchase without its price",
        asks("buy_or_auction", ["buy", "auction"], {"property": "Boardwalk"}),
        "pending.decision.data.price",
        "missing",
    ),
    (
        "rent without its owner",
        asks("rent", ["pay", "play_card"], {"amount": 50}),
        "pending.decision.data.owner",
        "missing",
    ),
    (
        "a card option of no card",
        asks("card_option", ["option"], {"card": "no-such-card"}),
        "pending.decision.data",
        "'card_option'",
    ),
    (
        "a roll not answered by a roll",
        asks("roll", ["bail"], {}),
        "pending.decision.answers",
        "leave out 'roll'",
    ),
    (
        "a decision the banker never poses",
        asks("dance", ["roll"], {}),
        "pending.decision.kind",
        '"dance" is no decision',
    ),
    (
        "a card option of a card with no options",
        asks("card_option", ["option"], {"card": "chance-get-out-of-jail-free"}),
        "pending.decision",
        "nobody can answer this 'card_option' decision",
    ),
    (
        "a bus ticket's choice without its roll (the answer needs it, not the options)",
        asks("bus_option", ["bus"], {"to": "outer:10"}),
        "pending.decision.data.roll",
        "missing: a decision of kind 'bus_option' needs it (answering it with 'bus')",
    ),
    (
        "an auction's sentence whose waiting players are a number",
        json.dumps(
            table(
                pending={
                    "decision": {
                        **AUCTION,
                        "code": "ask.auction.property",
                        "params": {"space": "middle:39", "high": 0, "waiting": 2},
                    }
                }
            )
        ),
        "pending.decision.params",
        "its sentence cannot be worded ('waiting' must be players, not 2)",
    ),
    (
        "a price no table holds",
        json.dumps(pending(AUCTION, high=10**30)),
        "pending.decision.data.high",
        "larger than any sum of the game",
    ),
    (
        "cash no table holds",
        json.dumps(table(players=[{**ANN, "cash": 10**30}, {**ANN, "name": "Bob"}])),
        "players[0].cash",
        "is not a whole number from 0 to 1000000000000",
    ),
    (
        "a property named twice with two owners",
        '{"players": [{"name": "Ann", "position": "GO", "cash": 1500, "vouchers": []},'
        ' {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []}],'
        ' "properties": {"Boardwalk": {"owner": "Ann"}, "Boardwalk": {"owner": "Bob"}}}',
        "properties",
        "'Boardwalk' is given twice",
    ),
    (
        "a player's cash given twice",
        '{"players": [{"name": "Ann", "position": "GO", "cash": 1500, "cash": 9, "vouchers": []},'
        ' {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []}]}',
        "players[0]",
        "'cash' is given twice",
    ),
    (
        "a pending decision's data key given twice",
        '{"players": [{"name": "Ann", "position": "GO", "cash": 1500, "vouchers": []},'
        ' {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []}],'
        ' "pending": {"decision": {"kind": "roll", "player": "Ann", "answers": ["roll"],'
        ' "data": {"x": 1, "x": 2}}}}',
        "pending.decision.data",
        "'x' is given twice",
    ),
    (
        "a key given twice inside a key with a line break",
        asks("roll", ["roll"], {"\n": {"x": 1}}).replace('{"x": 1}', '{"x": 1, "x": 2}'),
        'pending.decision.data["\\n"]',
        "'x' is given twice",
    ),
    (
        "a sum no table holds under a key with a line break",
        asks("roll", ["roll"], {"\n": 10**12 + 1.0}),
        'pending.decision.data["\\n"]',
        "1000000000001.0 is larger than any sum of the game",
    ),
    (
        "13 players",
        json.dumps({"players": [{**ANN, "name": f"P{i}"} for i in range(13)]}),
        "players",
        "13 players; a table has at most 12",
    ),
]


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [pytest.param(text, field, words, id=name) for name, text, field, words in REFUSED],
)
def test_play_from_refuses_in_one_line_and_writes_nothing(
    tmp_path: Path, text: str, field: str, words: str
) -> None:
    path = tmp_path / "s.json"
    path.write_text(text, "utf-8")
    db = tmp_path / "g.db"
    with GameLog(db) as log:
        Game.new([{"name": "Cy"}, {"name": "Di"}], log=log)

    status, out, err = cli("play", "--db", str(db), "--from", str(path), "--new")

    assert status == 2 and out == ""
    assert err.startswith(f"companion: error: situation: {field}: "), err
    assert words in err and err.count("\n") == 1, err
    with GameLog(db, readonly=True) as log:
        assert [g["id"] for g in log.games()] == [1]


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        pytest.param(text, field, words, id=name)
        for name, text, field, words in REFUSED
        if not field.startswith("pending")  # the referee reads no pending decision
    ],
)
def test_the_referee_refuses_the_same_tables(
    tmp_path: Path, text: str, field: str, words: str
) -> None:
    path = tmp_path / "s.json"
    path.write_text(text, "utf-8")

    status, out, err = cli("referee", "move", "--state", str(path), "--roll", "1", "2", "1")

    assert status == 2 and out == ""
    assert err == f"companion: error: situation: {field}: {err.split(': ', 4)[-1]}"
    assert words in err and err.count("\n") == 1, err


def test_the_referee_answers_a_table_of_twelve(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"players": [{**ANN, "name": f"P{i}"} for i in range(12)]}))

    status, out, err = cli("referee", "move", "--state", str(path), "--roll", "1", "2", "1")

    assert status == 0 and err == "" and "Income Tax" in out


def test_the_engine_start_refuses_the_broken_decision_before_the_log() -> None:
    with pytest.raises(BadSituationError, match=r"^situation: pending\.decision\.data\.high: "):
        start_from_situation(pending(AUCTION, high=None))
    assert start_from_situation(pending(AUCTION))  # the whole decision starts


# -- A game already logged that cannot be resumed ------------------------------------------


def test_resume_reports_the_broken_game_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    game_id = log_broken_game(db)

    with GameLog(db) as log, pytest.raises(UnresumableGameError) as caught:
        Game.resume(log)

    assert str(caught.value) == (
        f"game {game_id} in {str(db)!r} cannot be resumed: its pending 'auction' decision is "
        "broken (data.high: missing: a decision of kind 'auction' needs it), written by an "
        f"older companion: start a new game, or 'companion history --game {game_id}' to read it"
    )


def test_play_reports_the_broken_game_in_one_line_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    log_broken_game(db)
    rows = _rows(db)

    status, out, err = cli("play", "--db", str(db), lines=("show",))

    assert status == 2 and out == ""
    assert err.startswith("companion: error: game 1 in ") and err.count("\n") == 1
    assert "cannot be resumed" in err and "'companion history --game 1'" in err
    assert _rows(db) == rows
    # What it says to do works: the history reads the game.
    status, out, _ = cli("history", "--db", str(db))
    assert status == 0 and "Game 1" in out


def test_log_check_names_the_game_that_cannot_be_resumed(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    with GameLog(db) as log:
        Game.new([{"name": "Cy"}, {"name": "Di"}], log=log)
    log_broken_game(db)

    status, out, err = cli("log", "check", str(db))

    assert status == 1 and err == ""
    first, second, *rest = out.splitlines()
    assert first.startswith(f"{db}: intact: 2 games") and not rest
    assert second.startswith(f"  game 2 in {str(db)!r} cannot be resumed: its pending 'auction'")


def _rows(db: Path) -> list[Any]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT * FROM commands").fetchall()


def test_a_seeded_slice_of_the_situation_campaign(tmp_path: Path) -> None:
    """``tests/campaigns/situations.py``, 150 situations: each refused in one line with nothing
    written, or accepted, resumed from its log and answered; never a traceback."""
    report = situation_mutants.campaign(21, 150, tmp_path, games=2)

    failed = {
        (how, outcome): n
        for how, counts in report["counts"].items()
        for outcome, n in counts.items()
        if n and outcome not in ("refused", "accepted")
    }
    assert not failed, report["failures"]
    assert sum(sum(c.values()) for c in report["counts"].values()) == 150
