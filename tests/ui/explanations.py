"""Every note of many referee answers, worded in each language as the app worded them when the
referee's words moved from ``ui/explain.py``'s own table to the companion's catalogues (issue 24).

The answers are resolved by the real movement rules: the golden movement table's cases (cards,
vouchers, Subway, taxis, jail...), every space of the board with several rolls (Mr. Monopoly,
the Bus, doubles, triples, odd and even) on a board where players own, build and mortgage, with
the mover in several states (Reverse Direction, Subway, Transit Token, in jail), every Chance and
Community Chest card and Travel Voucher, the fully owned board of ``bench_referee.py``, every
reason a ride may give, and the tiny test edition's ring.

``python -m tests.ui.explanations record`` words each distinct note (its code and parameters,
the edition it is of) in English and French with ``ui.explain.explain`` and stores
``tests/data/explanations.json.gz``. It was run once, at the commit that added it, with the
table of ``ui/explain.py`` (``_SAY``). ``tests/ui/test_explanations.py`` holds every later app
to those words, byte for byte: do not record again to make the test pass, a difference is a line
the table would read differently.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from companion.editions import Edition, edition, load_edition
from companion.errors import IllegalMoveError
from companion.rules.movement import (
    CHOICE_SETS,
    REASONS,
    Note,
    Resolution,
    Roll,
    resolve_card,
    resolve_roll,
    resolve_voucher,
)
from companion.rules.situation import Situation
from tests.benchmarks.bench_referee import fully_owned_situations
from tests.edition_data import TEST_EDITIONS
from tests.test_golden_moves import CASES, resolve

RECORDED = Path(__file__).parents[1] / "data" / "explanations.json.gz"
LANGUAGES = ("en", "fr")

BOARD = edition("ultimate").board
DECK = edition("ultimate").deck
ROLLS = (
    Roll(3, 4, "mr"),
    Roll(2, 2, "bus"),
    Roll(1, 2, 3),
    Roll(5, 5, 2),
    Roll(6, 4, "mr"),
    Roll(4, 2, "bus"),
    Roll(2, 2, 2),
)


def table(
    position: str,
    *,
    everything_owned: bool = False,
    all_mine: bool = False,
    bank_vouchers: int | None = None,
    **me: Any,
) -> Situation:
    """A table under way: Bob owns the outer track (hotels on some streets, cab stands),
    Cy the middle (one group mortgaged), Ann a few of her own; the Pool holds $430.
    ``all_mine``: Ann owns everything; ``bank_vouchers``: the Travel Vouchers left to draw."""
    properties: dict[str, dict[str, Any]] = {}
    for name, spaces in BOARD.properties.items():
        space = spaces[0]
        if all_mine:
            properties[name] = {"owner": "Ann"}
        elif space.track == "outer":
            properties[name] = {"owner": "Bob"}
            if space.kind == "street" and space.index % 3 == 0:
                properties[name]["buildings"] = "hotel"
            if space.kind == "cab_company":
                properties[name]["cab_stand"] = True
        elif space.track == "middle" and (everything_owned or space.index % 4 != 1):
            properties[name] = {"owner": "Cy", "mortgaged": space.group == "orange"}
        elif everything_owned or space.index % 5 == 0:
            properties[name] = {"owner": "Ann"}
    players = [
        {"name": "Ann", "position": position, "vouchers": 1, **me},
        {"name": "Bob", "position": "outer:0"},
        {"name": "Cy", "position": "middle:0"},
    ]
    situation: dict[str, Any] = {"players": players, "properties": properties, "pool": 430}
    if bank_vouchers is not None:
        situation["vouchers_left"] = bank_vouchers
    return Situation.parse(situation)


@cache
def questions() -> tuple[Resolution, ...]:
    """Many referee answers: the golden cases and every space x several rolls and states."""
    answers = [resolve(case) for case in CASES]
    for space in BOARD.spaces:
        tables = [
            (table(space.key), ROLLS),
            (table(space.key, everything_owned=True), ROLLS[:2]),
            (table(space.key, reverse_direction=True), ROLLS[:3]),
            (table(space.key, bank_vouchers=0), ROLLS[:3]),
            (table(space.key, bank_vouchers=0, vouchers=0, reverse_direction=True), ROLLS[1:2]),
            (table(space.key, all_mine=True), ROLLS[:3]),
        ]
        if BOARD.is_station(space):
            tables.append((table(space.key, transit_token=True), ROLLS[1:3]))
        if space == BOARD.jail:
            for tries in (0, 2):
                jailed = table(space.key, in_jail=True, jail_turns=tries)
                tables.append((jailed, (Roll(3, 4), Roll(5, 5))))
        for situation, rolls in tables:
            for roll in rolls:
                answers.append(resolve_roll(BOARD, situation, roll))
    answers += card_and_voucher_questions()
    # R16: Mr. Monopoly's first move stops on the last unowned property, and who wins it at
    # auction changes the rent where the bonus move goes.
    last = {n: {"owner": "Bob"} for n in BOARD.properties if n != "The Embarcadero"}
    players = [{"name": "Ann", "position": "inner:14"}, {"name": "Bob", "position": "outer:0"}]
    situation = Situation.parse({"players": players, "properties": last})
    answers.append(resolve_roll(BOARD, situation, Roll(5, 6, "mr")))
    # M6 with salaries on the way: triples that choose the space the token stands on.
    for where in ("outer:5", "middle:12"):
        options = {"triples_pay_salaries": True}
        situation = Situation.parse(
            {"players": [{"name": "Ann", "position": where}], "options": options}
        )
        answers.append(resolve_roll(BOARD, situation, Roll(3, 3, 3), to=BOARD.space(where)))
    return tuple(answers)


def card_and_voucher_questions() -> list[Resolution]:
    """Every Chance and Community Chest card and every Travel Voucher, from a few spaces, on
    the table under way and on a fresh board."""
    answers = []
    for where in ("States Avenue", "middle:5", "outer:5", "inner:10", "middle:36"):
        start = BOARD.space(where)
        tables = (
            table(start.key),
            table(start.key, all_mine=True),
            table(start.key, shares={DECK.stock_names[0]: 2}),
            Situation.fresh(start),
        )
        for situation in tables:
            answers += _cards(situation) + _vouchers(situation)
    return answers


def _cards(situation: Situation) -> list[Resolution]:
    answers = []
    for card in DECK.cards.values():
        move = card.move or {}
        either = move.get("kind") == "either"
        for option, one in zip(
            (1, 2) if either else (None,), move.get("options", [move]), strict=True
        ):
            to = None
            if one.get("kind") == "choose":
                allowed = CHOICE_SETS[one["among"]]
                to = next((s for s in BOARD.spaces if allowed(BOARD, situation, s)), None)
                if to is None:
                    continue
            rolls = (Roll(2, 2), Roll(3, 4)) if one.get("kind") == "roll_back" else (None,)
            for roll in rolls:
                answers.append(
                    resolve_card(BOARD, situation, card, to=to, roll=roll, option=option)
                )
    return answers


def _vouchers(situation: Situation) -> list[Resolution]:
    answers = []
    for voucher in DECK.vouchers.values():
        if voucher.kind == "free_cab_fare":
            for ride in (False, True):
                answers.append(resolve_voucher(BOARD, situation, voucher, ride=ride))
            continue
        for to in BOARD.track(situation.player().position.track):
            try:
                answers.append(resolve_voucher(BOARD, situation, voucher, to=to))
            except IllegalMoveError:
                continue
    return answers


def fully_owned_questions() -> list[Resolution]:
    """``bench_referee``'s board where every property is owned, from every space."""
    return [
        resolve_roll(BOARD, situation, roll)
        for situation in fully_owned_situations()
        for roll in ROLLS[:4]
    ]


def reason_notes() -> list[Note]:
    """A ride for every reason the resolver gives (some never ride in the sample: an odd move
    rides no station), as the engine would give it."""
    notes = []
    for reason in REASONS:
        if reason.startswith("card"):
            extra: dict[str, Any] = {"card": "chance-caught-insider-trading"}
        elif reason == "voucher":
            extra = {"voucher": next(iter(DECK.vouchers))}
        elif reason.startswith(("even_", "odd_")):
            extra = {"count": 7}
        else:
            extra = {}
        params = {"space": "inner:9", "track": "inner", "reason": reason, **extra}
        notes.append(Note("step.ride", params, "(the engine's English)"))
    return notes


def tiny() -> Edition:
    """The tiny test edition, loaded but not registered: it must not outlive the recording (a
    test that names the known editions would meet it)."""
    return load_edition(TEST_EDITIONS / "tiny")


def tiny_questions(tiny: Edition) -> list[Resolution]:
    """Every space of the tiny edition's ring, each regular roll, fresh and jailed (no Pool:
    fees go to the Bank)."""
    board = tiny.board
    answers = []
    for space in board.spaces:
        fresh = Situation.fresh(space, name="Ann", edition=tiny)
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                answers.append(resolve_roll(board, fresh, Roll(d1, d2), player="Ann"))
    for tries in (0, 2):
        fresh = Situation.fresh(board.jail, name="Ann", edition=tiny)
        jailed = replace(
            fresh, players=(replace(fresh.players[0], in_jail=True, jail_turns=tries),)
        )
        for roll in (Roll(1, 2), Roll(3, 3)):
            answers.append(resolve_roll(board, jailed, roll, player="Ann"))
            if tries == 2:
                answers.append(resolve_roll(board, jailed, roll, player="Ann", leave_jail="bail"))
    return answers


def key(note: Note, edition_id: str) -> str:
    """A note as the recording names it: its edition, code and parameters."""
    return json.dumps(
        [edition_id, note.code, dict(note.params)], sort_keys=True, ensure_ascii=False
    )


def notes() -> Iterator[tuple[Edition, Note, Resolution | None]]:
    """Every note met, once: ``(edition, note, the answer it is of)`` (no answer for the
    reasons' rides)."""
    seen: set[str] = set()
    ultimate, small = edition("ultimate"), tiny()
    answers = [
        *((ultimate, r) for r in questions()),
        *((ultimate, r) for r in fully_owned_questions()),
        *((small, r) for r in tiny_questions(small)),
    ]
    for played, r in answers:
        for note in r.notes:
            name = key(note, played.id)
            if name not in seen:
                seen.add(name)
                yield played, note, r
    for note in reason_notes():
        yield ultimate, note, None


def lines() -> dict[str, dict[str, str]]:
    """``{note key: {lang: line}}`` with today's app (``ui.explain.explain`` of one note)."""
    from tests.ui.conftest import at_the_table
    from ui.explain import explain

    out: dict[str, dict[str, str]] = {}
    for played, note, r in notes():
        with at_the_table(played):
            alone = replace(r or questions()[0], notes=(note,))
            out[key(note, played.id)] = {lang: str(explain(alone, lang)[0]) for lang in LANGUAGES}
    return out


def load() -> dict[str, dict[str, str]]:
    with gzip.open(RECORDED, "rt", encoding="utf-8") as f:
        return json.load(f)


def _write(recorded: dict[str, dict[str, str]]) -> None:  # pragma: no cover - run by hand, once
    data = json.dumps(recorded, sort_keys=True, ensure_ascii=False, indent=0).encode("utf-8")
    RECORDED.write_bytes(gzip.compress(data, 9, mtime=0))


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] != ["record"]:
        sys.exit("usage: python -m tests.ui.explanations record")
    _write(lines())
    print(f"wrote {RECORDED} ({RECORDED.stat().st_size:,} bytes)")
