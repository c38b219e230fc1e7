"""The app's start imports only what its first screen needs (issue 26, item 2): sqlite-utils
only when a game log is created or migrated, Babel only for a number that is not an integer or
for the catalog tools, ``importlib.metadata`` only for the doctor's version check, and the
engine (``companion.game`` and the banker's modules) only when a game is started or resumed
(the app imports it at idle after its first frame)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

#: Libraries the first screen has no use for, each a tenth to a twentieth of the start.
LATER = ("sqlite_utils", "babel", "importlib.metadata", "click", "dateutil")

# A fresh interpreter: nothing the test session imported counts. The set-up screen's calls,
# as it makes them when it is built, on a log holding one game (``opening`` and the saved
# games read it), then the Settings screen's language switch.
_FIRST_SCREEN = """
import json, sys
from pathlib import Path
from ui import app
from ui.controller import TableController
from ui.setup_store import SetupStore
import ui.screens.setup

folder, later = Path(sys.argv[1]), json.loads(sys.argv[2])
c = TableController(db_path=folder / "g.db", store=SetupStore(folder / "s.json"), lang="en")
c.edition_choices()
c.setup_choices()
opening = c.opening()
saved = c.saved_games()
c.set_language("fr")
c.close()
print(json.dumps({
    "resume": opening.resume_id,
    "saved": len(saved),
    "loaded": sorted(m for m in sys.modules if any(m == n or m.startswith(n + ".") for n in later)),
}))
"""


def test_the_first_screen_of_a_table_with_a_saved_game_imports_none_of_the_later_libraries(
    tmp_path: Path, make_controller
) -> None:
    c = make_controller(name="g.db")
    c.start_game([{"name": "Ann"}, {"name": "Bob"}], {})
    c.close()
    report = _run(_FIRST_SCREEN, tmp_path, LATER)
    assert (report["resume"], report["saved"]) == (1, 1)
    assert report["loaded"] == []


def test_a_new_game_log_is_still_made_with_sqlite_utils(make_controller) -> None:
    c = make_controller()
    c.start_game([{"name": "Ann"}, {"name": "Bob"}], {})
    assert set(c.log.db.table_names()) >= {"games", "players", "commands", "events"}


#: The engine: the first screen of a new table shows the editions and the saved games' file,
#: and plays nothing.
ENGINE = ("companion.game", "companion.banker")

# A new table (no game log yet): the set-up screen's calls as the first frame makes them, the
# language switch, then Start.
_NEW_TABLE = """
import json, sys
from pathlib import Path
from ui import app
from ui.controller import TableController
from ui.setup_store import SetupStore
import ui.screens.setup

folder, engine = Path(sys.argv[1]), tuple(json.loads(sys.argv[2]))
def loaded():
    return sorted(m for m in sys.modules if any(m == n or m.startswith(n + ".") for n in engine))
c = TableController(db_path=folder / "g.db", store=SetupStore(folder / "s.json"), lang="en")
editions = c.edition_choices()
opening = c.opening()
saved = c.saved_games()
c.set_language("fr")
first = {"place": c.view.place, "editions": len(editions), "resume": opening.resume_id,
         "saved": len(saved), "loaded": loaded()}
started = c.start_game([{"name": "Ann"}, {"name": "Bob"}], {})
print(json.dumps({"first": first, "started": started, "place": c.view.place,
                  "player": c.state.decision.player, "engine": "companion.game" in loaded()}))
c.close()
"""


def test_the_first_screen_of_a_new_table_loads_none_of_the_engine_and_start_plays(
    tmp_path: Path,
) -> None:
    report = _run(_NEW_TABLE, tmp_path, ENGINE)
    assert report["first"]["loaded"] == []
    assert report["first"]["place"] == "setup"
    assert report["first"]["resume"] is None and report["first"]["saved"] == 0
    assert report["first"]["editions"] >= 1
    assert report["started"] is True and report["engine"] is True
    assert (report["place"], report["player"]) == ("table", "Ann")


def test_the_app_imports_the_engine_at_idle_after_its_first_frame_before_starts_needs() -> None:
    from ui.app import CompanionApp

    later = CompanionApp.LATER
    assert later[0] == "companion.game"
    assert later.index("companion.game") < later.index("ui.screens.table")


def _run(script: str, folder: Path, modules: object) -> dict:
    """``script`` in a fresh interpreter (``folder`` and the ``modules`` to look for as its
    arguments); the JSON report it prints last."""
    child = subprocess.run(
        [sys.executable, "-c", script, str(folder), json.dumps(modules)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    report: dict = json.loads(child.stdout.splitlines()[-1])
    return report
