"""The whole app, run in a subprocess per app run (one Kivy window per process): one input
provider, a double tap on a money button moves the money once, the keys stand for the buttons,
the headless demo plays through the real reader and buttons, and no display means one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT, no_display_env, run_app_script

pytest.importorskip("kivy")

COMPANION = [sys.executable, "-m", "companion"]


@pytest.fixture(scope="module")
def scripted(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("app")
    out = folder / "result.json"
    return run_app_script("tests.ui.app_script", folder / "g.db", out, out=out)


def test_exactly_one_input_provider(scripted: dict) -> None:
    assert scripted["input"] == [["mouse", "mouse,multitouch_on_demand"]]


def test_a_double_tap_on_buy_makes_one_transfer(scripted: dict) -> None:
    price = scripted["price"]
    assert scripted["button_number"] == 1
    assert scripted["cash_after"] == scripted["cash_before"] - price
    assert scripted["owner_after"] == scripted["buyer"]
    assert scripted["owned_after"] == scripted["owned_before"] + 1
    # One command in force: the second tap answered a decision no longer in force.
    assert scripted["commands_after"] == scripted["commands_before"] + 1
    assert scripted["shown_cash"] == [scripted["chip_cash_text"]]


def test_key_1_answers_the_first_choice(scripted: dict) -> None:
    decision_id, _kind, key = scripted["key_decision"]
    assert scripted["key_decision_after"] != decision_id
    assert scripted["key_commands"] == scripted["key_commands_before"] + 1
    assert scripted["key_last"]["type"] == key.split(":")[0]


def test_no_display_is_one_line_and_status_2(tmp_path: Path) -> None:
    env = no_display_env()
    env.pop("SDL_VIDEODRIVER", None)
    run = subprocess.run(
        [*COMPANION, "app", "--db", str(tmp_path / "g.db")],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and "no display" in run.stderr
    assert not (tmp_path / "g.db").exists()


@pytest.mark.parametrize("demo", [False, True], ids=["window", "headless demo"])
def test_a_fifo_as_the_game_log_is_one_line_and_status_2(tmp_path: Path, demo: bool) -> None:
    """Issue 21: a FIFO given as the game log is refused before anything opens it (an open
    of a FIFO waits for a writer forever), as 'play' and 'history' refuse it."""
    fifo = tmp_path / "games.db"
    os.mkfifo(fifo)
    run = subprocess.run(
        [*COMPANION, "app", "--db", str(fifo), *(["--headless-demo"] if demo else [])],
        cwd=REPO_ROOT,
        env=no_display_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr == (
        f"companion: error: {str(fifo)!r} is a named pipe (FIFO), not a game log: give the "
        "file 'companion play --db' wrote (or a new file name to start one)\n"
    )


#: The places the demo must photograph (besides each kind of dialog it meets).
MAIN_PLACES = ("setup", "table", "board", "players", "history", "referee", "settings")


def _companion(*args: str) -> subprocess.CompletedProcess[str]:
    """``companion args...`` in a subprocess, its output captured."""
    return subprocess.run(
        [*COMPANION, *args],
        cwd=REPO_ROOT,
        env=no_display_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )


def _png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_the_headless_demo_plays_and_saves_screenshots(tmp_path: Path) -> None:
    shots, db = tmp_path / "shots", tmp_path / "demo.db"
    run = _companion(
        "app", "--headless-demo", "--turns", "3", "--screenshots", str(shots),
        "--db", str(db), "--seed", "3", "--size", "1024x600",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:] + run.stdout
    assert "demo: 3 turns" in run.stdout
    names = {p.stem for p in shots.glob("*.png")}
    # Every main place, reached through the navigation; the deed card tapped on the board, the
    # trade opened from the players' sheet, the history's chart; the dice dialogs of a turn.
    assert set(MAIN_PLACES) <= names, sorted(names)
    assert {"board-deed", "trade", "history-chart", "setup-rules"} <= names, sorted(names)
    assert {"dialog-order_roll", "dialog-roll", "dialog-proposal"} <= names, sorted(names)
    # The table's own words: the dice module's cable pulled, its banner shown.
    assert "table-dice-unplugged" in names, sorted(names)
    for png in shots.glob("*.png"):
        assert _png_size(png) == (1024, 600), png.name
    history = _companion("history", "--db", str(db))
    assert history.returncode == 0, history.stderr
    assert "turn" in history.stdout
    # The names were typed on the setup screen: the game log has them.
    assert all(name in history.stdout for name in ("Ann", "Bob", "Chloé", "Dev")), history.stdout
    # Started again on the same game log: the first screen offers to resume it (photographed),
    # and a new game is one tap further.
    again = tmp_path / "again"
    run = _companion(
        "app", "--headless-demo", "--turns", "1", "--screenshots", str(again),
        "--db", str(db), "--seed", "3", "--size", "1024x600",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:] + run.stdout
    assert (again / "setup-home.png").exists(), sorted(p.name for p in again.glob("*.png"))


def test_the_headless_demo_plays_without_a_screenshots_folder(tmp_path: Path) -> None:
    """The desktop demo as most people run it: no folder, so no screenshot is waited for (it
    once waited forever for the roll's proposal to be photographed), and quietly."""
    db = tmp_path / "demo.db"
    run = _companion("app", "--headless-demo", "--turns", "2", "--db", str(db), "--seed", "5")
    assert run.returncode == 0, run.stderr[-2000:] + run.stdout
    assert "demo: 2 turns" in run.stdout
    # Kivy's log stays out of the way: no line of it on the terminal.
    assert "[INFO" not in run.stdout + run.stderr and "Cutbuffer" not in run.stderr


def test_the_headless_demo_plays_classic_on_the_paris_board_in_french(tmp_path: Path) -> None:
    """Issue 25: ``--edition classic --board fr --lang fr``: the set-up's Classic and Paris
    cards tapped, two dice without a speed die, the amounts in euros."""
    from companion.editions import edition
    from companion.game import Game
    from companion.log.gamelog import GameLog

    shots, db = tmp_path / "shots", tmp_path / "demo.db"
    run = _companion(
        "app", "--headless-demo", "--edition", "classic", "--board", "fr", "--lang", "fr",
        "--turns", "3", "--screenshots", str(shots), "--db", str(db), "--seed", "4",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:] + run.stdout
    assert "demo: 3 turns" in run.stdout
    assert {"setup-edition", "setup", "table", "board", "referee"} <= {
        p.stem for p in shots.glob("*.png")
    }
    with GameLog(db, readonly=True) as log:
        (game,) = log.games()
        played = Game.resume(log, game["id"])
    assert played.state.edition is edition("classic", "fr")
    rolled = [e["dice"] for e in played.all_events() if e["type"] == "rolled"]
    assert rolled and all(d[2] is None for d in rolled)  # no speed die in Classic


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--edition", "junior"], "--edition: no edition 'junior': the companion knows "),
        (["--edition", "ultimate", "--board", "uk"], "--board: no board 'uk' for Ultimate"),
        (["--edition", "classic", "--board", "de"], "its boards are us, uk, fr"),
        (["--board", "fr"], "--board: choose the edition too (--edition)"),
    ],
)
def test_the_demo_refuses_an_edition_or_board_it_does_not_have_in_one_line(
    tmp_path: Path, flags: list[str], said: str
) -> None:
    db = tmp_path / "demo.db"
    run = _companion("app", "--headless-demo", "--db", str(db), *flags)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and said in run.stderr, run.stderr
    assert not db.exists()


def test_the_headless_demo_plays_the_mega_edition(tmp_path: Path) -> None:
    """Issue 25: ``--edition mega``: the set-up's Mega card tapped; its turns roll the speed
    die."""
    from companion.editions import edition
    from companion.game import Game
    from companion.log.gamelog import GameLog

    db = tmp_path / "demo.db"
    run = _companion(
        "app", "--headless-demo", "--edition", "mega", "--turns", "3", "--db", str(db),
        "--seed", "2",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:] + run.stdout
    assert "demo: 3 turns" in run.stdout
    with GameLog(db, readonly=True) as log:
        (game,) = log.games()
        played = Game.resume(log, game["id"])
    assert played.state.edition is edition("mega")
    rolled = [e["dice"] for e in played.all_events() if e["type"] == "rolled"]
    assert rolled and all(d[2] is not None for d in rolled)  # the speed die, every roll
