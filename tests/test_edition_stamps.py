"""A logged game names its edition: ``companion games`` and ``history`` show it, and a game of
an edition this companion cannot play (one it does not know, or a newer data version of one it
knows) is refused in one line before anything is replayed, the game log left as it was."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest

from companion import editions
from companion.banker.engine import new_game
from companion.editions import Edition, playable, stamp_name, stamp_problem
from companion.errors import UnplayableEditionError
from companion.game import Game
from companion.log.gamelog import GameLog
from tests.edition_data import ULTIMATE_DATA, copied, registered
from tests.test_start_situation import cli

PLAYERS = [{"name": "Ann"}, {"name": "Bob"}]


def second_edition(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Edition:
    """Ultimate's data as the edition ``rich`` ("Rich Ultimate"), registered for the test."""

    def rich(data: dict[str, Any]) -> None:
        data.update(id="rich", name="Rich Ultimate")
        data["numbers"]["starting_cash"] = 5000

    return registered(copied(ULTIMATE_DATA, folder, edition=rich), monkeypatch)


def logged(db: Path, events: list[dict[str, Any]]) -> int:
    with GameLog(db) as log:
        game_id = Game.started(events, log=log).game_id
    assert game_id is not None
    return game_id


def stamped(stamp: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A new game's starting events with ``stamp`` as its edition (``None``: none, as a log
    written before editions)."""
    events = new_game(PLAYERS)
    if stamp is None:
        del events[0]["edition"]
    else:
        events[0]["edition"] = stamp
    return events


def digest(db: Path) -> str:
    return hashlib.sha256(db.read_bytes()).hexdigest()


def games_table(db: Path) -> list[list[str]]:
    status, out, err = cli("games", "--db", str(db))
    assert (status, err) == (0, "")
    return [re.split(r"\s{2,}", line.strip()) for line in out.splitlines()[:-1]]


def test_games_and_history_name_each_game_s_edition(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rich = second_edition(tmp_path / "rich", monkeypatch)
    db = tmp_path / "g.db"
    logged(db, stamped(None))  # a log from before editions: Ultimate
    logged(db, new_game(PLAYERS, edition=rich))
    logged(db, new_game(PLAYERS))

    assert [row[:3] for row in games_table(db)] == [
        ["game", "edition", "players"],
        ["1", "Ultimate Monopoly", "Ann, Bob"],
        ["2", "Rich Ultimate", "Ann, Bob"],
        ["3*", "Ultimate Monopoly", "Ann, Bob"],
    ]
    for game, name in ((1, "Ultimate Monopoly"), (2, "Rich Ultimate")):
        status, out, _ = cli("history", "--db", str(db), "--game", str(game))
        assert status == 0 and out.splitlines()[0] == f"Game {game}: {name}"
        assert "    The Bank pays Ann $5,000 (starting cash)." in out.splitlines() or game != 2


def test_stamp_problem_names_an_unknown_edition_and_a_newer_data_version() -> None:
    assert stamp_problem(None) is None
    assert stamp_problem({"id": "ultimate", "version": 1}) is None
    assert stamp_problem({"id": "junior", "version": 1}) == (
        f"no edition 'junior': the companion knows {', '.join(playable())}: update the companion"
    )
    assert stamp_problem({"id": "ultimate", "version": 2}) == (
        "the game was recorded with Ultimate Monopoly data version 2; this companion has "
        "version 1: update the companion"
    )
    assert stamp_problem({"id": "ultimate"}) is not None
    assert stamp_problem("ultimate") is not None
    assert stamp_name({"id": "junior", "version": 1}) == (
        "'junior' (an edition this companion does not know)"
    )


NEWER = (
    "the game was recorded with Ultimate Monopoly data version 2; this companion has version 1: "
    "update the companion"
)


@pytest.mark.parametrize("case", ["unknown", "newer"])
def test_a_game_this_companion_cannot_play_is_refused_in_one_line_and_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    db = tmp_path / "g.db"
    if case == "unknown":
        # Recorded by a companion that had the edition 'rich', read by one that has not.
        rich = second_edition(tmp_path / "rich", monkeypatch)
        game_id = logged(db, new_game(PLAYERS, edition=rich))
        monkeypatch.delitem(editions._LOADED, "rich")
        problem = (
            f"no edition 'rich': the companion knows {', '.join(playable())}: update the companion"
        )
        name = "'rich' (an edition this companion does not know)"
    else:
        game_id = logged(db, stamped({"id": "ultimate", "version": 2}))
        problem, name = NEWER, "Ultimate Monopoly"
    before = digest(db)
    message = (
        f"game {game_id} in {str(db)!r} cannot be played here: {problem} "
        f"('companion history --game {game_id}' reads it)"
    )

    with GameLog(db, readonly=True) as log, pytest.raises(UnplayableEditionError) as caught:
        Game.resume(log, game_id)
    assert str(caught.value) == message and caught.value.edition == name

    status, out, err = cli("play", "--db", str(db), lines=("show",))
    assert (status, out, err) == (2, "", f"companion: error: {message}\n")
    assert digest(db) == before
    # The game is listed by its edition, and what the message says to do works.
    assert games_table(db)[1][:2] == ["1*", name]
    status, out, _ = cli("history", "--db", str(db), "--game", str(game_id))
    assert status == 0 and out.splitlines()[0] == f"Game {game_id}: {name}"
    status, out, err = cli("history", "--db", str(db), "--format", "situation")
    assert (status, out) == (2, "")
    assert (
        err
        == f"companion: error: game {game_id}: {problem} (its history in words: --format text)\n"
    )
    status, out, _ = cli("log", "check", str(db))
    assert f"game {game_id}" in out and problem in out
    assert digest(db) == before
