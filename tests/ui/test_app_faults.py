"""Faults said on the first screen and the table, in words a family understands, and the
resume screen (issue 22, items 4, 5 and 8), each in the real app off-screen, in a subprocess
(``tests/ui/app_faults.py``): a damaged, a read-only, a full and a locked game log; the dice
module unplugged and plugged back in; Resume as the biggest button after a restart; a normal
start that prints no traceback, in a window that fits the display."""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.log.gamelog import GameLog
from tests.conftest import REPO_ROOT, no_display_env, run_app_script
from tests.ui.test_controller import play_until
from ui.controller import HOLDER, TableController
from ui.setup_store import SetupStore

pytest.importorskip("kivy")

NAMES = ("Ann", "Bob", "Cy", "Dee")


def run_script(scenario: str, db: Path, work: Path, *, lang: str = "en") -> dict[str, Any]:
    """Run the app through ``scenario`` on ``db``; what it saw (``tests/ui/app_faults.py``).
    ``work`` holds Kivy's home and the result (the game log's folder may be read-only)."""
    out = work / f"{scenario}-{lang}.json"
    kivy_home = work / "kivy"
    kivy_home.mkdir(exist_ok=True)
    return run_app_script(
        "tests.ui.app_faults", scenario, db, out, "-", lang, out=out, timeout=180,
        KIVY_HOME=str(kivy_home),
    )  # fmt: skip


def played(db: Path, commands: int = 200) -> TableController:
    """A game of four played for ``commands`` commands on ``db``, then the app closed."""
    c = TableController(db_path=db, store=SetupStore(db.parent / "setup.json"))
    assert c.start_game([{"name": n} for n in NAMES], {}), c.view.notice
    play_until(c, random.Random(3), lambda c: False, cap=commands)
    c.close()
    return c


def damage(db: Path) -> None:
    """A changed byte in a late command's events, as a failing card leaves it: the game's
    beginning is intact, its end is not."""
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        last = conn.execute("SELECT MAX(seq) FROM commands").fetchone()[0]
        conn.execute(
            "UPDATE events SET payload = replace(payload, '\"', ' \"') WHERE command_seq = ?",
            (last - 5,),
        )


def rows(db: Path) -> list[tuple[Any, ...]]:
    """Every row of the game log's commands and events, as stored."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return [
            *conn.execute("SELECT * FROM commands ORDER BY game_id, seq"),
            *conn.execute("SELECT * FROM events ORDER BY game_id, seq"),
        ]


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.fixture
def mount_point(tmpfs: Callable[[str], Path]) -> Path:
    """A small tmpfs: a real read-only medium and a really full disk (skipped where none can
    be mounted)."""
    return tmpfs("4m")


# -- The first screen ------------------------------------------------------------------------


def test_after_a_restart_resume_is_the_biggest_button_and_takes_the_game(tmp_path: Path) -> None:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()
    c = played(db)
    seats = [s.name for s in c.state.seats]
    turns = sum(
        1
        for e in c.game.all_events()
        if e["type"] == "turn" and not e.get("doubles") and not e.get("voucher")
    )

    seen = run_script("resume", db, tmp_path)

    first = seen["first"]
    text = f"Resume: {', '.join(seats)} (turn {turns})"
    assert first["pane"] == "home" and first["shown"] == "setup"
    assert first["buttons"]["resume"] == {"text": text, "shown": True}
    assert first["biggest"] == text
    # A new game is one tap further; Start is not on this pane.
    assert first["buttons"]["act"] == {"text": "New game", "shown": True}
    assert not first["buttons"]["start"]["shown"]
    resumed = seen["resumed"]
    assert resumed["place"] == "table" and resumed["players"] == seats
    assert resumed["decision"] == c.state.decision.id and resumed["cash"] == dict(c.state.cash)


def test_a_damaged_game_log_is_said_and_rescued_from_the_first_screen(tmp_path: Path) -> None:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()
    played(db)
    damage(db)
    damaged = rows(db)

    seen = run_script("rescue", db, tmp_path)

    first = seen["first"]
    assert first["pane"] == "home" and first["fault"] == "damaged"
    assert first["fault_text"] == (
        "The saved games are damaged: they cannot be played on. Rescue what can be read into "
        "a new file (the damaged one is kept aside), then play on."
    )
    assert first["fault_fits"]
    assert first["buttons"]["act"] == {"text": "Rescue the saved games", "shown": True}
    # Never a new game over it, nor a game to resume.
    assert not first["buttons"]["resume"]["shown"] and not first["buttons"]["start"]["shown"]
    assert first["biggest"] == "Rescue the saved games"
    after = seen["after"]
    assert after["fault"] == ""
    assert after["message"] == "The saved games were rescued."
    assert after["buttons"]["resume"]["shown"]  # the intact beginning, offered
    kept = [p for p in db.parent.iterdir() if p.name.startswith("g.db.before-restore-")]
    assert [rows(p) for p in kept] == [damaged]  # the damaged file, kept as it was
    with GameLog(db, readonly=True) as log:
        (game,) = log.games()
        assert 0 < game["commands"] < 200


def test_a_game_log_another_program_holds_is_said_naming_it(tmp_path: Path) -> None:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()
    played(db)
    before = files(db.parent)
    with GameLog(db, holder="'companion play'"):
        seen = run_script("first", db, tmp_path)["first"]
    assert seen["pane"] == "home" and seen["fault"] == "locked"
    assert seen["fault_text"] == (
        "'companion play' has the saved games open: close it there first, then tap Try again."
    )
    assert seen["buttons"]["act"] == {"text": "Try again", "shown": True}
    assert not seen["buttons"]["resume"]["shown"] and not seen["buttons"]["start"]["shown"]
    assert files(db.parent).keys() == before.keys()


def test_a_second_app_on_one_game_log_says_so_at_once_in_french(tmp_path: Path) -> None:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()
    played(db)
    with GameLog(db, holder=HOLDER):  # the first app, playing
        seen = run_script("first", db, tmp_path, lang="fr")["first"]
    assert seen["fault"] == "locked"
    assert seen["fault_text"] == (
        "Une autre application du compagnon a les parties enregistrées ouvertes\u00a0: "
        "fermez-la d'abord là-bas, puis touchez Réessayer."
    )


def test_a_read_only_game_log_is_said_before_play(tmp_path: Path, mount_point: Path) -> None:
    db = mount_point / "g.db"
    played(db)
    subprocess.run(["mount", "-o", "remount,ro", str(mount_point)], check=True)
    before = files(mount_point)

    seen = run_script("first", db, tmp_path)["first"]

    assert seen["pane"] == "home" and seen["fault"] == "readonly"
    assert seen["fault_text"].startswith("The saved games cannot be written here")
    assert seen["buttons"]["act"] == {"text": "Try again", "shown": True}
    assert not seen["buttons"]["resume"]["shown"] and not seen["buttons"]["start"]["shown"]
    assert files(mount_point) == before


def test_a_full_disk_is_said_before_play(tmp_path: Path, mount_point: Path) -> None:
    db = mount_point / "g.db"
    played(db, commands=20)
    with (mount_point / "filler").open("wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 65536)
        except OSError:
            pass

    seen = run_script("first", db, tmp_path)["first"]

    assert seen["fault"] == "full"
    assert seen["fault_text"].startswith("The memory card is full")
    assert not seen["buttons"]["resume"]["shown"] and not seen["buttons"]["start"]["shown"]


# -- The setup screen's refusals -------------------------------------------------------------


def test_a_roll_three_card_the_deck_cannot_deal_is_refused_in_the_picker(tmp_path: Path) -> None:
    """D4 at the picker itself, in the table's words, read in full at 800x480 in French: the
    rules' deck has one 1-3-6, so Bob's pick of it after Ann's is refused at once."""
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()

    seen = run_script("picker", db, tmp_path, lang="fr")["picker"]

    assert seen["cards"] == ["1-3-6", ""]
    assert seen["shown"] == ["1-3-6", "Roll Three"]
    assert " ".join(seen["message"].split()) == (
        "La carte Roll Three 1-3-6 de Bob est déjà chez Ann : le paquet n'a qu'une 1-3-6."
    )
    assert seen["message_fits"]


# -- Settings: the companion checked -----------------------------------------------------------


def test_settings_shows_the_doctor_s_checks_in_french_each_failure_with_its_fix(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()

    seen = run_script("doctor", db, tmp_path, lang="fr")["doctor"]

    rows = seen["rows"]
    assert [r["name"] for r in rows] == [
        "Version",
        "Écran",
        "Tactile",
        "Affichage",
        "Module de dés",
        "Boutons",
        "Journal de partie",
        "Disque",
        "Sauvegarde",
    ]
    verdicts = {"ok": "OK", "fail": "Problème", "skip": "Non utilisé"}
    assert all(r["verdict"] == verdicts[r["status"]] for r in rows)
    # This machine has no DSI screen nor dice module: said in French, with what to do.
    failed = [r for r in rows if r["status"] == "fail"]
    assert {r["name"] for r in failed} >= {"Écran", "Module de dés"}
    assert all(r["fix"].startswith("Que faire\u00a0: ") for r in failed)
    assert all(r["fix"] == "" for r in rows if r["status"] != "fail")
    screen = next(r for r in rows if r["name"] == "Écran")
    assert screen["detail"].startswith("aucun écran n'est branché\u00a0:")
    assert seen["untranslated"] == [] and seen["fit"]


# -- The table -------------------------------------------------------------------------------


def test_the_dice_module_unplugged_is_a_banner_until_it_is_back(tmp_path: Path) -> None:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()

    seen = run_script("dice", db, tmp_path)

    texts = [text for text, _height in seen["banner"]]
    unplugged = "Dice module unplugged: enter the dice on the screen"
    assert unplugged in texts, texts
    # Said until the module is back, then gone (its height too: nothing under it moves
    # for a banner that is not there).
    assert texts[texts.index(unplugged) :] == [unplugged, ""], texts
    assert seen["banner"][-1] == ["", 0]
    assert seen["banner_fits"]
    assert seen["dice_status"] == "Dice module ready"


# -- A normal start --------------------------------------------------------------------------


def start_app(tmp_path: Path, *args: str) -> tuple[dict[str, Any], str]:
    """``companion app`` as the README starts it (on the off-screen display, whose screen is
    1024x768), until it has recorded its window (``app-status.json``); its stderr."""
    db = tmp_path / "data" / "g.db"
    env = no_display_env(
        SDL_VIDEODRIVER="offscreen",
        KIVY_HOME=str(tmp_path / "kivy"),
        XDG_DATA_HOME=str(tmp_path / "xdg"),
    )
    for name in ("KIVY_NO_CONSOLELOG", "KIVY_NO_FILELOG", "KIVY_LOG_MODE", "KIVY_CLIPBOARD"):
        env.pop(name, None)  # as a person's shell has it
    status = db.parent / "app-status.json"
    with subprocess.Popen(
        [sys.executable, "-m", "companion", "app", "--db", str(db), "--dice", "none", *args],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as app:
        try:
            limit = time.monotonic() + 120
            while not (status.exists() and "gl" in json.loads(status.read_text() or "{}")):
                assert app.poll() is None, app.stderr.read() if app.stderr else ""
                assert time.monotonic() < limit, "the app did not start"
                time.sleep(0.2)
            time.sleep(1.0)  # the first frames: the setup screen is built and drawn
        finally:
            app.send_signal(signal.SIGTERM)
            _out, err = app.communicate(timeout=30)
    return json.loads(status.read_text()), err


def test_a_normal_start_prints_no_traceback_in_a_window_of_the_table_s_size(
    tmp_path: Path,
) -> None:
    status, err = start_app(tmp_path)
    assert status["window"]["size"] == [800, 480]
    for word in ("Traceback", 'File "', "CRITICAL", "ERROR", "Cutbuffer", "No such file"):
        assert word not in err, err


def test_a_window_larger_than_the_display_is_fitted_to_it(tmp_path: Path) -> None:
    status, err = start_app(tmp_path, "--size", "1280x800")
    assert status["window"]["size"] == [1024, 768]  # the off-screen display's size
    assert "Traceback" not in err
