"""The shape of the house: ``companion`` is the pure domain and stays that way.

Its one I/O module, the game log (``companion.log.gamelog``), is the only one allowed sqlite-utils.
"""

from __future__ import annotations

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
