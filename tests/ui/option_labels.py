"""Every option's button words, in each language, as the app worded them when the words moved
from the ladder over command types that ``ui.viewmodels.choice_label`` was to the options' message codes
(issue 24).

``python -m tests.ui.option_labels record`` words every option the recorded games
(``tests/golden_games.py``), a few seeded simulator games and the Bank's building shortages
(``tests/test_building_supply.py``) meet (each decision's options, and every player's any-time
options at each step; the player sheets' slots, offered or not, every 25th step), and stores
``tests/data/option_labels.json.gz``. It was run once, at the commit that added it, with the
ladder (the code of commit f51216a; the sheets' slots were added from that same code).
``tests/ui/test_option_labels.py`` holds every later app to those words, byte for byte:
do not record again to make the test pass, a difference is a button the table would read
differently.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from companion.banker.options import anytime_options, options_for
from companion.banker.state import Decision, GameState
from companion.game import Game
from companion.simulator.players import RandomPlayer
from tests import golden_games

LABELS = Path(__file__).parents[1] / "data" / "option_labels.json.gz"
LANGUAGES = ("en", "fr")
#: What the recording leaves out of an option: the words it carries (not there before them).
_WORDS = ("code", "params")
#: Options added since the recording, which had no words to hold then (each with its ruling):
#: their words are held by their own tests.
ADDED = {
    "option.draw.another": "E3, issue 25: a card the companion does not list "
    "(tests/ui/test_another_card.py)",
}


def key(option: Mapping[str, Any], player: str) -> str:
    """An option as the recording names it: its JSON less its words, and who answers."""
    bare = {k: v for k, v in option.items() if k not in _WORDS}
    return json.dumps([bare, player], sort_keys=True, ensure_ascii=False)


def _states() -> Iterator[GameState]:
    for recorded in golden_games.load():
        game = Game.new(recorded["players"], rules=recorded["rules"])
        for step in recorded["steps"]:
            yield game.state
            game.execute(dict(step["command"]))
        yield game.state
    for seed in range(4):
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}, {"name": "Eve"}])
        chooser = RandomPlayer(random.Random(seed))
        for _ in range(500):
            if game.state.over:
                break
            yield game.state
            game.execute(chooser.choose(game.state))
    yield from _shortages()


def _shortages() -> Iterator[GameState]:
    """The Bank short of houses: its last three, its last one (P11), a group sold down."""
    from tests.banker import do, own, table
    from tests.test_building_supply import ORANGE, bank_houses, last_three_houses

    yield do(last_three_houses(), "build", "Ann", property="St. James Place")
    state = own(
        own(bank_houses(table(), "Bob", 1), "Ann", *ORANGE), "Bob", "Park Place", "Boardwalk"
    )
    yield do(state, "build", "Ann", property="St. James Place")
    yield own(bank_houses(table(), "Bob", 0), "Ann", *ORANGE, level=5)


def options() -> Iterator[tuple[str, Mapping[str, Any], Decision]]:
    """Every option met: ``("choice", option, decision)`` for a decision's options,
    ``("anytime", option, decision)`` for a player's any-time ones (the player as the
    decision's), each once."""
    seen: set[tuple[str, str]] = set()
    for state in _states():
        d = state.decision
        listed = [("choice", o, d) for o in options_for(state, d) if o.get("code") not in ADDED]
        for seat in state.active:
            for o in anytime_options(state, seat.name):
                listed.append(("anytime", o, Decision(d.kind, seat.name, "", d.answers)))
        for where, option, decision in listed:
            name = (where, key(option, decision.player))
            if name not in seen:
                seen.add(name)
                yield where, option, decision


def sheets() -> Iterator[tuple[str, GameState, str]]:
    """Every 25th state met and each of its players, named by its place and the player: their
    sheet shows a slot for each action on each lot and share, offered or not."""
    for i, state in enumerate(_states()):
        if i % 25 == 0:
            for seat in state.active:
                yield f"{i}:{seat.name}", state, seat.name


def sheet_words(state: GameState, player: str, lang: str) -> list[str]:
    """The words of every slot and action on ``player``'s sheet, in order."""
    from ui import viewmodels as vm

    sheet = vm.player_sheet(state, player, lang)
    words = [slot.label for row in sheet.properties for slot in row.slots]
    words += [slot.label for slot in sheet.share_slots]
    return [str(w) for w in (*words, *(a.label for a in sheet.actions))]


def labels() -> dict[str, dict[str, Any]]:
    """``{"choice" | "anytime": {key: {lang: words}}, "sheets": {place: {lang: [words]}}}``
    with today's app."""
    from ui import viewmodels as vm

    out: dict[str, dict[str, Any]] = {"choice": {}, "anytime": {}, "sheets": {}}
    for place, state, player in sheets():
        out["sheets"][place] = {lang: sheet_words(state, player, lang) for lang in LANGUAGES}
    for where, option, decision in options():
        words = {}
        for lang in LANGUAGES:
            if where == "choice":
                words[lang] = str(vm.option_words(option, lang))
            else:
                words[lang] = str(vm.option_words(option, lang))
        out[where][key(option, decision.player)] = words
    return out


def load() -> dict[str, dict[str, Any]]:
    with gzip.open(LABELS, "rt", encoding="utf-8") as f:
        return json.load(f)


def _write(recorded: Mapping[str, Any]) -> None:  # pragma: no cover - run by hand, once
    data = json.dumps(recorded, sort_keys=True, ensure_ascii=False, indent=0).encode("utf-8")
    LABELS.write_bytes(gzip.compress(data, 9, mtime=0))


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] != ["record"]:
        sys.exit("usage: python -m tests.ui.option_labels record")
    _write(labels())
    print(f"wrote {LABELS} ({LABELS.stat().st_size:,} bytes)")
