"""A script run in a Python subprocess of its own (a Kivy Window is one per process) that
prints one ``REPORT {json}`` line: the tests of a module then assert on their parts of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import REPO_ROOT


def run_report(script: str, *args: str, kivy_home: Path) -> dict[str, Any]:
    """Run ``script`` (``python -c``) with ``args`` from the repository's root; its last
    ``REPORT`` line, read as JSON."""
    env = dict(os.environ)
    env.setdefault("KIVY_HOME", str(kivy_home))
    proc = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("REPORT ")]
    assert proc.returncode == 0 and lines, proc.stderr[-3000:]
    report: dict[str, Any] = json.loads(lines[-1][len("REPORT ") :])
    return report
