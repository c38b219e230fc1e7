"""A decision kind is one home (issue 24): the options of each decision the banker poses are
registered (``@decision_options``) by the module that poses or answers it, once, and that module
declares the words it uses (``CODES``: its questions, ``ask.*``, and its options, ``option.*``).

The decisions posed are read from the source: every ``tx.ask("kind", ...)`` and
``Decision("kind", ...)`` in ``companion/``, with the ``why`` (or a draw's ``deck``) it asks for
when the source names it.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion import editions
from companion.banker import options
from companion.banker.engine import apply, new_game
from companion.banker.options import (
    DECISION_KINDS,
    WHY_FIELDS,
    command_of,
    decision_options,
    options_builder,
    options_for,
)
from companion.banker.state import replay
from companion.banker.tx import ANSWERS, COMMAND_HANDLERS
from companion.editions import Dice, Edition
from companion.errors import BadRollError
from companion.rules.spacekinds import ensure_loaded
from tests.message_samples import assert_worded, said_in

ROOT = Path(__file__).resolve().parents[1]
# A game of Ultimate loads what its edition plays by (its rules register their decisions);
# the other editions' rules are loaded as the referee loads them (the Mega Edition's last lot).
replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
ensure_loaded()


def _posed() -> list[tuple[str, str, str | None, str]]:
    """Each decision posed in ``companion/``: (kind, the data field that says what it asks for,
    its value when the source gives it literally, where)."""
    found = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            asks = isinstance(func, ast.Attribute) and func.attr == "ask"
            poses = isinstance(func, ast.Name) and func.id == "Decision"
            if not (asks or poses):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            kind = node.args[0]
            if not (isinstance(kind, ast.Constant) and isinstance(kind.value, str)):
                # tx.ask is the one place that poses a kind given to it.
                assert poses or path.name == "tx.py", f"{where}: a decision of no literal kind"
                continue
            field = WHY_FIELDS.get(kind.value, "why")
            why = next((k.value for k in node.keywords if k.arg == field), None)
            literal = why.value if isinstance(why, ast.Constant) else None
            found.append((kind.value, field, literal, where))
            if asks and len(node.args) > 2 and isinstance(node.args[2], ast.Tuple):
                commands = [c.value for c in node.args[2].elts if isinstance(c, ast.Constant)]
                ANSWERED_BY[where] = tuple(commands)
    return found


#: The command types that answer each ``tx.ask`` (its third argument), by where it is posed.
ANSWERED_BY: dict[str, tuple[str, ...]] = {}
POSED = _posed()


def test_the_source_poses_every_kind_of_decision() -> None:
    """A bad read of the source would pass the tests below with nothing to check."""
    kinds = {kind for kind, *_ in POSED}
    assert kinds >= {"roll", "deal", "auction", "raise_money", "subway", "gift", "game_over"}
    assert ("choose_space", "why", "triples") in {p[:3] for p in POSED}


@pytest.mark.parametrize(("kind", "field", "why", "where"), POSED, ids=lambda v: str(v))
def test_every_decision_the_banker_poses_has_its_options(
    kind: str, field: str, why: str | None, where: str
) -> None:
    assert kind in DECISION_KINDS, f"{where}: no options registered for {kind!r}"
    build = options_builder(kind, {field: why} if why is not None else {})
    assert build is not None, f"{where}: no options registered for {kind!r} ({field} {why!r})"


def test_what_every_decision_kind_is_found_in_the_source() -> None:
    """No options for a kind nobody poses (a kind renamed on one side only)."""
    assert set(DECISION_KINDS) == {kind for kind, *_ in POSED}


@pytest.mark.parametrize(("kind", "why"), [("roll", None), ("choose_space", "triples")])
def test_a_second_options_builder_for_a_kind_is_refused(kind: str, why: str | None) -> None:
    before = options_builder(kind, {"why": why})
    with pytest.raises(AssertionError, match="two option builders"):
        decision_options(kind, why)(lambda state, d: iter(()))
    assert options_builder(kind, {"why": why}) is before


def _homes() -> dict[str, set[tuple[str, str | None]]]:
    """The modules of ``companion`` that hold a decision's options (but the framework's own),
    with the decisions (kind, what it asks for) whose options they hold."""
    homes: dict[str, set[tuple[str, str | None]]] = {}
    for kind, field, why, _ in POSED:
        build = options_builder(kind, {field: why} if why is not None else {})
        assert build is not None
        if build.__module__ != options.__name__:
            homes.setdefault(build.__module__, set()).add((kind, why))
    return homes


HOMES = _homes()


def test_the_options_of_a_decision_live_where_it_is_posed_or_answered() -> None:
    """``turns`` poses the roll and lists its options; ``stocks`` answers the ``stock``
    decision that the Stock Exchange and Inherit Stock pose."""
    posed_in: dict[tuple[str, str | None], set[str]] = {}
    answers: dict[str, set[str]] = {}
    for kind, _, why, where in POSED:
        module = where.split(":")[0].removesuffix(".py").replace("/", ".")
        posed_in.setdefault((kind, why), set()).add(module)
        answers.setdefault(kind, {kind}).update(ANSWERED_BY.get(where, ()))
    strays = []
    for module, decisions in HOMES.items():
        for kind, why in decisions:
            answering = {h.__module__ for (_, w), h in ANSWERS.items() if w == why and why}
            answering |= {h.__module__ for t, h in COMMAND_HANDLERS.items() if t in answers[kind]}
            if module not in posed_in[kind, why] | answering:
                strays.append(f"{kind} {why or ''}: {module}")
    assert strays == []
    assert {"companion.banker.turns", "companion.editions.rules.subway"} <= set(HOMES)
    assert ("stock", None) in HOMES["companion.banker.stocks"]


@pytest.mark.parametrize("module", sorted(HOMES))
def test_a_decisions_home_declares_its_words(module: str) -> None:
    """Its ``CODES`` hold the questions and options it says (a rule's, its other codes too),
    each declared and worded in every language."""
    home = importlib.import_module(module)
    said = said_in(home, ("ask", "option"))
    assert said == {c for c in home.CODES if c.startswith(("ask.", "option."))}
    assert_worded(home.CODES)


def test_importing_the_options_alone_gives_every_kind_of_the_banker() -> None:
    """The registry is filled as the banker is imported, whichever of its modules comes first;
    the kinds of an edition's rules come with them (the Subway's, the Birthday Gift's)."""
    program = "from companion.banker.options import DECISION_KINDS as K; print(' '.join(sorted(K)))"
    out = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    banker = {
        kind
        for kind, field, why, _ in POSED
        if str(getattr(options_builder(kind, {field: why}), "__module__", "")).startswith(
            "companion.banker."
        )
    }
    assert {"roll", "auction", "raise_money", "game_over"} <= banker
    assert "subway" not in banker
    assert set(out) == banker


def test_the_turn_order_roll_takes_the_editions_dice(
    tiny: Edition, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tiny edition played with three dice: the turn-order roll asks for three, and takes
    three (two are refused); the roll of a turn asks for three too."""
    three = replace(tiny, id="tiny_three_dice", dice=Dice(count=3))
    monkeypatch.setitem(editions._LOADED, three.id, three)  # known for this test only
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}], edition=three))
    (option,) = options_for(state, state.decision)
    assert option["free"] == {"dice": {"count": 3, "speed": False}}
    with pytest.raises(BadRollError, match="give 3 regular dice"):
        apply(state, command_of(option, "Ann", dice=[6, 6]))
    state = apply(state, command_of(option, "Ann", dice=[6, 6, 6]))
    state = apply(state, command_of(options_for(state, state.decision)[0], "Bob", dice=[1, 1, 1]))
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")
    roll = options_for(state, state.decision)[0]
    assert roll["free"] == {"dice": {"count": 3, "speed": False}}
