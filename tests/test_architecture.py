"""The shape of the house: ``companion`` is the pure domain and stays that way.

Its one I/O module, the game log (``companion.log.gamelog``), is the only one allowed sqlite-utils.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import astuple
from pathlib import Path
from typing import Any

import pytest

FORBIDDEN = ("kivy", "serial", "gpiozero", "sqlite_utils", "yaml")

# Runs in a fresh interpreter so that nothing the test session imported counts.
# ``__main__`` modules run the command line when imported, so they are left out.
_IMPORT_ALL = """
import importlib, json, pkgutil, sys
import companion
names = ["companion"]
for info in pkgutil.walk_packages(companion.__path__, "companion."):
    if info.name.rsplit(".", 1)[-1] not in ("__main__", "gamelog"):
        importlib.import_module(info.name)
        names.append(info.name)
print(json.dumps({"imported": names, "modules": sorted(sys.modules)}))
"""


def test_importing_companion_pulls_in_no_hardware_ui_or_storage_library(repo_root: Path) -> None:
    child = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert child.returncode == 0, f"importing companion failed:\n{child.stderr}"
    report = json.loads(child.stdout)
    assert "companion.cli.main" in report["imported"]
    loaded = {name.split(".", 1)[0] for name in report["modules"]}
    assert sorted(loaded.intersection(FORBIDDEN)) == []


def test_companion_never_reads_the_shared_folder(repo_root: Path) -> None:
    offenders = [
        f"{path.relative_to(repo_root)}:{number}"
        for path in sorted((repo_root / "companion").rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
        for number, line in enumerate(path.read_bytes().splitlines(), start=1)
        if b"shared/" in line
    ]
    assert offenders == []


def test_only_the_game_log_imports_sqlite_utils(repo_root: Path) -> None:
    importers = sorted(
        path.name
        for path in (repo_root / "companion").rglob("*.py")
        if "import sqlite_utils" in path.read_text("utf-8")
    )
    assert importers == ["gamelog.py"]


#: The packages of the tree: the domain, the dice module and buttons, the app.
TREE = ("companion", "hardware", "ui")


def _module_name(repo_root: Path, path: Path) -> str:
    parts = path.relative_to(repo_root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(repo_root: Path, name: str) -> bool:
    path = repo_root / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _imports(repo_root: Path) -> dict[str, dict[str, set[str]]]:
    """Each module of the tree -> the tree's modules it imports -> the names it takes from them
    (``*`` for the module itself). An import inside a function counts as much as one at the top
    (it runs when the function does); imports under ``if TYPE_CHECKING:`` do not run, so they do
    not count."""
    graph: dict[str, dict[str, set[str]]] = {}
    for package in TREE:
        for path in sorted((repo_root / package).rglob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            skip = _type_checking_only(tree)
            edges: dict[str, set[str]] = {}
            for node in ast.walk(tree):
                if id(node) in skip:
                    continue
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        if alias.name.split(".")[0] in TREE:
                            edges.setdefault(alias.name, set()).add("*")
                elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in TREE:
                    assert node.module is not None
                    for alias in node.names:
                        sub = f"{node.module}.{alias.name}"
                        if _is_module(repo_root, sub):
                            edges.setdefault(sub, set()).add("*")
                        else:
                            edges.setdefault(node.module, set()).add(alias.name)
            graph[_module_name(repo_root, path)] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    """One line per import cycle met in a depth-first walk of ``graph``."""
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for dep in sorted(graph[module]):
            if state.get(dep) == 1:
                cycles.append(" -> ".join([*stack[stack.index(dep) :], dep]))
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return cycles


def test_no_import_cycle_in_the_whole_tree(repo_root: Path) -> None:
    """Not inside companion, and not between the packages either: the command line registers
    the app's and the hardware's commands, so neither may import the command line back."""
    imports = _imports_cache(repo_root)
    assert {m.split(".")[0] for m in imports} == set(TREE)
    assert _cycles({m: {d for d in deps if d in imports} for m, deps in imports.items()}) == []


def test_the_hardware_imports_no_front_end(repo_root: Path) -> None:
    """``hardware`` is the device side: the serial reader, the emulator, the buttons. Of the
    domain it takes what a reading is (``companion.rules.movement``'s ``Roll``) and the root
    error; the prompt's side of the dice is ``companion.cli.dice``."""
    front_ends = ("companion.cli", "companion.simulator", "ui")
    offenders = [
        f"{module} imports {dep}"
        for module, deps in _imports_cache(repo_root).items()
        if module.split(".")[0] == "hardware"
        for dep in sorted(deps)
        if any(dep == f or dep.startswith(f"{f}.") for f in front_ends)
    ]
    assert offenders == []


def test_no_module_takes_another_modules_private_names(repo_root: Path) -> None:
    offenders = [
        f"{module} imports {dep}.{name}"
        for module, deps in _imports_cache(repo_root).items()
        if module.split(".")[0] == "companion"
        for dep, names in deps.items()
        for name in names
        if name.startswith("_")
    ]
    for path in sorted((repo_root / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        modules = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion")
            for alias in node.names
        }
        offenders += [
            f"{path.relative_to(repo_root)}:{node.lineno} uses {node.value.id}.{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ]
    assert offenders == []


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: imports there do not run."""
    return {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for child in node.body
        for n in ast.walk(child)
    }


_GRAPH: dict[str, dict[str, set[str]]] = {}


def _imports_cache(repo_root: Path) -> dict[str, dict[str, set[str]]]:
    if not _GRAPH:
        _GRAPH.update(_imports(repo_root))
    return _GRAPH


def test_the_rule_modules_sit_above_the_banker_and_are_loaded_by_name(repo_root: Path) -> None:
    """``companion/editions/rules/<rule>.py`` imports the banker and the board (their
    registries); nothing in ``companion`` imports a rule module (the edition's list loads them
    by name), and a rule module imports no front end, no log and no table."""
    graph = _imports_cache(repo_root)
    rules = {m for m in graph if m.startswith("companion.editions.rules.")}
    assert {"companion.editions.rules.tax", "companion.editions.rules.birthday_gift"} <= rules
    importers = [
        f"{module} imports {dep}"
        for module, deps in graph.items()
        if module not in rules
        for dep in deps
        if dep in rules
    ]
    assert importers == []
    above = ("companion.cli", "companion.game", "companion.log", "companion.simulator")
    reaching_up = [f"{m} imports {dep}" for m in rules for dep in graph[m] if dep.startswith(above)]
    assert reaching_up == []


def test_the_card_operations_sit_above_the_banker_and_are_loaded_by_name(
    repo_root: Path,
) -> None:
    """``companion/editions/cards/<operation>.py`` imports the banker (its registries); nothing
    outside the package imports an operation module (the edition's cards load them by name),
    and an operation imports no front end, no log and no table."""
    graph = _imports_cache(repo_root)
    operations = {m for m in graph if m.startswith("companion.editions.cards.")}
    assert {"companion.editions.cards.storm", "companion.editions.cards.swap"} <= operations
    importers = [
        f"{module} imports {dep}"
        for module, deps in graph.items()
        if module not in operations
        for dep in deps
        if dep in operations
    ]
    assert importers == []
    above = ("companion.cli", "companion.game", "companion.log", "companion.simulator")
    reaching_up = [
        f"{m} imports {dep}" for m in operations for dep in graph[m] if dep.startswith(above)
    ]
    assert reaching_up == []


# -- The app (ui/) ----------------------------------------------------------------------------

#: The app's Kivy side: it shows view-models and calls the controller's verbs, nothing deeper.
_KIVY_SIDE = (
    "ui/app.py",
    "ui/kvmodel.py",
    "ui/kvi18n.py",
    "ui/screens",
    "ui/dialogs",
    "ui/widgets",
)


def _top_imports(path: Path) -> set[str]:
    """The modules ``path`` imports at run time (not under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text("utf-8"))
    skip = _type_checking_only(tree)
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_screens_dialogs_and_widgets_reach_the_game_only_through_the_controller(
    repo_root: Path,
) -> None:
    files = sorted(
        path
        for place in _KIVY_SIDE
        for path in (
            [repo_root / place]
            if place.endswith(".py")
            else sorted((repo_root / place).rglob("*.py"))
        )
    )
    assert len(files) > 10, "the app's screens, dialogs and widgets are missing"
    offenders = [
        f"{path.relative_to(repo_root)} imports {name}"
        for path in files
        for name in sorted(_top_imports(path))
        if name.split(".")[0] in ("companion", "hardware", "sqlite_utils", "serial", "gpiozero")
    ]
    assert offenders == []


def test_the_controller_side_of_the_app_imports_no_kivy(repo_root: Path) -> None:
    kivy_side = {
        path
        for place in _KIVY_SIDE
        for path in (
            [repo_root / place] if place.endswith(".py") else (repo_root / place).rglob("*.py")
        )
    }
    plain = [
        path
        for path in sorted((repo_root / "ui").glob("*.py"))
        if path not in kivy_side and path.name not in ("__init__.py", "demo.py")
    ]
    assert {p.name for p in plain} >= {"controller.py", "viewmodels.py", "devices.py", "i18n.py"}
    offenders = [
        f"{path.relative_to(repo_root)} imports {name}"
        for path in plain
        for name in sorted(_top_imports(path))
        if name.split(".")[0] == "kivy"
    ]
    assert offenders == []


# -- An edition's facts live in companion/editions/ -------------------------------------------

#: Calls that give a board, a deck or an edition: never at a module's top level outside
#: ``companion/editions/`` (the game carries its edition; a module-level one is a global).
_EDITION_CALLS = frozenset({"edition", "of_game", "load_edition", "table_edition", "Board", "CardDeck"})  # fmt: skip
#: The names of an edition's data files, which only ``companion/editions/`` reads.
_DATA_FILES = ("edition.json", "board.json", "cards.json", "editions/ultimate")

#: Module-level UPPER_CASE constants whose value happens to equal one of an edition's numbers
#: and that are no fact of an edition, each with the reason.
ALLOWED_NUMBERS: dict[str, str] = {
    "companion/banker/commands.py:MAX_TEXT": "the longest text a command may carry",
    "companion/banker/commands.py:MAX_ITEMS": "the most items a command's list may carry",
    "companion/cli/parse.py:MAX_TEXT": "the longest text a typed command may carry",
    "companion/cli/parse.py:_SPEED_WORDS": (
        "the words a player may type for a face (mister, b ...); the faces are checked "
        "against the game's edition"
    ),
    "companion/rules/cards.py:UNLISTED_TITLE": "the longest title the table may type for a card",
    "companion/rules/movement.py:_SPEED_NAMES": (
        "the English names of the two faces a rule gives meaning (Mr. Monopoly, the Bus)"
    ),
    "hardware/config.py:SETTINGS": "the dice module's settings (a confidence of 100 percent)",
    "hardware/protocol.py:MAX_LINE": "the dice protocol's longest line in bytes",
    "hardware/protocol.py:SPEED_FACES": (
        "the faces the dice module's firmware reports (docs/dice-protocol.md), a wire format; "
        "the game checks them against its edition's speed die"
    ),
    "hardware/emulator.py:_SPEED_DIE": (
        "the emulated dice module's physical speed die, in the protocol's faces"
    ),
    "ui/doctor.py:MIN_FREE_BYTES": "200 MB of free disk for the game log",
    "ui/dialogs/auction.py:STEPS": "the bid steppers' sizes on the screen",
    "ui/dialogs/trade.py:CASH_STEPS": "the trade dialog's cash steppers",
}

#: Numbers under this are too common (dice counts, halves, list sizes) to tell a fact of an
#: edition by its value alone; review catches those.
_SMALLEST_FACT = 11


def edition_facts(played: Any) -> tuple[frozenset[int], frozenset[str], frozenset[str]]:
    """The numbers of an edition (its ``numbers``, building supply and costs, ownership,
    Roll Three payouts; from :data:`_SMALLEST_FACT` up), its speed die's word faces and its
    space names."""
    numbers: set[int] = set()
    for value in astuple(played.numbers):
        numbers.update(value if isinstance(value, tuple) else (value,))
    board = played.board
    numbers.update(board.building_supply.values())
    numbers.update((board.depot_cost, board.cab_stand_cost, board.majority_group_size))
    numbers.update(board.rent_multiplier.values())
    numbers.update(played.deck.roll_three_payout.values())
    words = frozenset(f for f in played.dice.speed_faces if not f.isdigit())
    names = frozenset(s.name for s in board.spaces)
    return frozenset(n for n in numbers if n >= _SMALLEST_FACT), words, names


def facts_outside_editions(
    source: str, where: str, facts: tuple[frozenset[int], frozenset[str], frozenset[str]]
) -> list[str]:
    """The edition's facts ``source`` (the module ``where``) holds itself: a module-level
    board, deck or edition; a read of an edition's data file; an UPPER_CASE constant that is
    one of the edition's numbers (or holds one), or the speed die's faces; a space looked up
    by a literal name. Not allow-listed in :data:`ALLOWED_NUMBERS`."""
    numbers, speed_words, space_names = facts
    tree = ast.parse(source)
    found = []
    for statement in _top_level(tree.body):
        if not isinstance(statement, (ast.Assign, ast.AnnAssign, ast.Expr)):
            continue
        value = statement.value
        called = set()
        if value is not None:
            called = {_called_name(n) for n in _eager_nodes(value) if isinstance(n, ast.Call)}
        if called & _EDITION_CALLS:
            what = sorted(called & _EDITION_CALLS)[0]
            found.append(f"{where}:{statement.lineno} holds a module-level {what}()")
        for name, assigned in _assigned(statement):
            if not name.isupper() or f"{where}:{name}" in ALLOWED_NUMBERS:
                continue
            constants = [n.value for n in ast.walk(assigned) if isinstance(n, ast.Constant)]
            ints = [c for c in constants if type(c) is int and c in numbers]
            line = f"{where}:{statement.lineno} {name}"
            if ints:
                found.append(f"{line} holds the edition's number {ints[0]}")
            if speed_words and speed_words <= {c for c in constants if isinstance(c, str)}:
                found.append(f"{line} holds the speed die's faces")
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if any(node.value.endswith(f) for f in _DATA_FILES):
                found.append(f"{where}:{node.lineno} reads an edition's data file {node.value!r}")
        if (
            isinstance(node, ast.Call)
            and _called_name(node) == "space"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value in space_names
        ):
            found.append(f"{where}:{node.lineno} looks up the space {node.args[0].value!r} by name")
    return found


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements that run when the module is imported (inside ``if`` and ``try`` too)."""
    for statement in body:
        if isinstance(statement, (ast.If, ast.Try)):
            yield from _top_level(statement.body + statement.orelse)
        else:
            yield statement


def _assigned(statement: ast.stmt) -> list[tuple[str, ast.expr]]:
    """Each name a module-level statement assigns, with its value (``A, B = 1, 2`` pairs them)."""
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [(statement.target.id, statement.value)] if statement.value else []
    if not isinstance(statement, ast.Assign):
        return []
    pairs = []
    for target in statement.targets:
        if isinstance(target, ast.Name):
            pairs.append((target.id, statement.value))
        elif isinstance(target, ast.Tuple) and isinstance(statement.value, ast.Tuple):
            pairs += [
                (t.id, v)
                for t, v in zip(target.elts, statement.value.elts, strict=False)
                if isinstance(t, ast.Name)
            ]
    return pairs


def _eager_nodes(value: ast.expr) -> Iterator[ast.AST]:
    """The nodes of ``value`` that run at import: not inside a lambda."""
    stack: list[ast.AST] = [value]
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))


def _called_name(call: ast.Call) -> str:
    func = call.func
    return (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )


def _sources_outside_editions(repo_root: Path) -> Iterator[tuple[str, str]]:
    for package in TREE:
        for path in sorted((repo_root / package).rglob("*.py")):
            where = path.relative_to(repo_root).as_posix()
            # The rule and card operation modules are code too: their numbers are the
            # edition's data.
            if not where.startswith("companion/editions/") or where.startswith(
                ("companion/editions/rules/", "companion/editions/cards/")
            ):
                yield where, path.read_text("utf-8")


def test_no_edition_fact_outside_companion_editions(repo_root: Path) -> None:
    """Issue 24, item 2: no board, deck or number of an edition in a module outside
    ``companion/editions/`` (nor in a rule module of ``companion/editions/rules/``, whose
    numbers are each edition's data): each module reads them from the game's edition."""
    from companion.editions import edition, known_editions

    found = []
    for edition_id in known_editions():
        facts = edition_facts(edition(edition_id))
        for where, source in _sources_outside_editions(repo_root):
            found += facts_outside_editions(source, where, facts)
    assert found == []


def test_every_allowed_number_is_still_there(repo_root: Path) -> None:
    """An allow-listed constant that was removed or renamed leaves the list."""
    sources = dict(_sources_outside_editions(repo_root))
    gone = [
        key
        for key in ALLOWED_NUMBERS
        if not re.search(rf"^{key.split(':')[1]}\b", sources.get(key.split(":")[0], ""), re.M)
        and not re.search(rf"\b{key.split(':')[1]}\b.*=", sources.get(key.split(":")[0], ""))
    ]
    assert gone == []


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("BAIL = 50\n", "m.py:1 BAIL holds the edition's number 50"),
        ("GIFTS: dict[str, int] = {'birthday': 100}\n", "m.py:1 GIFTS holds the edition's number 100"),
        ("SPEED = ('1', '2', '3', 'mr', 'bus')\n", "m.py:1 SPEED holds the speed die's faces"),
        ("from companion.editions import edition\nBOARD = edition('ultimate').board\n",
         "m.py:2 holds a module-level edition()"),
        ("from companion.rules.board import Board\nimport json\n"
         "_B = Board(json.load(open('companion/editions/ultimate/board.json')))\n",
         "m.py:3 holds a module-level Board()"),
        ("DATA = 'board.json'\n", "m.py:1 reads an edition's data file 'board.json'"),
        ("def start(board):\n    return board.space('GO')\n", "m.py:2 looks up the space 'GO' by name"),
        ("try:\n    import x\nexcept ImportError:\n    pass\nelse:\n    TAXI = 20\n",
         "m.py:6 TAXI holds the edition's number 20"),
    ],
)  # fmt: skip
def test_the_architecture_test_finds_a_planted_fact(source: str, said: str) -> None:
    from companion.editions import edition

    found = facts_outside_editions(source, "m.py", edition_facts(edition("ultimate")))
    assert said in found


def test_the_architecture_test_passes_what_reads_the_game(repo_root: Path) -> None:
    from companion.editions import edition

    source = (
        "MAX_LINE = 2000\n"
        "RETRIES = 1\n"
        "def bail(state):\n"
        "    return state.edition.numbers.bail\n"
        "def board(state):\n"
        "    return state.edition.board.space(state.where)\n"
        "LATER = lambda: edition('ultimate')\n"
    )
    assert facts_outside_editions(source, "m.py", edition_facts(edition("ultimate"))) == []
    allowed = "STEPS = (10, 50, 100)\n"
    facts = edition_facts(edition("ultimate"))
    assert facts_outside_editions(allowed, "ui/dialogs/auction.py", facts) == []
    assert facts_outside_editions(allowed, "ui/dialogs/other.py", facts) != []
