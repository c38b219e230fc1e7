"""A copy of the ``companion`` package in a temporary folder, changed as adding a rule or a card
operation would change it, played in a fresh interpreter; then the files the change touched,
counted against the repository's own."""

from __future__ import annotations

import filecmp
import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any


class CompanionCopy:
    """``tmp_path / "companion"``, a copy of ``repo_root / "companion"``."""

    def __init__(self, repo_root: Path, tmp_path: Path) -> None:
        self.repo_root, self.tmp_path = repo_root, tmp_path
        self.original = repo_root / "companion"
        self.root = tmp_path / "companion"
        shutil.copytree(self.original, self.root, ignore=shutil.ignore_patterns("__pycache__"))

    def write(self, relative: str, text: str) -> None:
        """A new file of the copy (a rule's module)."""
        (self.root / relative).write_text(text, "utf-8")

    def insert(self, lines: Mapping[str, tuple[str, str]]) -> None:
        """In each file named, ``lines`` added after the line that ends ``anchor``."""
        for relative, (anchor, added) in lines.items():
            path = self.root / relative
            text = path.read_text("utf-8")
            at = text.index("\n", text.index(anchor) + len(anchor) - 1) + 1
            path.write_text(text[:at] + added + text[at:], "utf-8")

    def change_json(self, relative: str, change: Callable[[Any], None]) -> None:
        """A JSON file of the copy (an edition's data) changed in place by ``change``."""
        path = self.root / relative
        data = json.loads(path.read_text("utf-8"))
        change(data)
        path.write_text(json.dumps(data), "utf-8")

    def play(self, program: str, *, with_repo: bool = False) -> Any:
        """What ``program`` prints as JSON, run with the copy first on the path (and the
        repository after it, ``with_repo``: its ``ui/``, untouched)."""
        path = f"{self.tmp_path}:{self.repo_root}" if with_repo else str(self.tmp_path)
        child = subprocess.run(
            [sys.executable, "-c", program],
            cwd=self.tmp_path,
            env={"PYTHONPATH": path, "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert child.returncode == 0, child.stderr
        return json.loads(child.stdout)

    def touched(self) -> list[str]:
        """The copy's files that are new or differ from the repository's, sorted."""
        return sorted(
            str(path.relative_to(self.root))
            for path in self.root.rglob("*")
            if path.is_file()
            and "__pycache__" not in path.parts
            and not (
                (self.original / path.relative_to(self.root)).is_file()
                and filecmp.cmp(path, self.original / path.relative_to(self.root), shallow=False)
            )
        )
