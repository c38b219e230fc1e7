"""The shape of the house: ``companion`` is the pure domain and stays that way.

Its one I/O module, the game log (``companion.log.gamelog``), is the only one allowed sqlite-utils.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

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
