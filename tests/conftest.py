"""Shared fixtures, and the headless environment every test runs in.

The environment is set at import, before any test module can import Kivy or gpiozero: Kivy reads
it once, on its first import. No X server is needed; the offscreen SDL2 driver still gives OpenGL.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.editions import Edition, load_edition, register
from tests.edition_data import TEST_EDITIONS

_KIVY_HOME = tempfile.mkdtemp(prefix="companion-kivy-home-")
atexit.register(shutil.rmtree, _KIVY_HOME, ignore_errors=True)

for _name, _value in {
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONSOLELOG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_HOME": _KIVY_HOME,
    "KIVY_WINDOW": "sdl2",
    "SDL_VIDEODRIVER": "offscreen",
    "GPIOZERO_PIN_FACTORY": "mock",
}.items():
    os.environ.setdefault(_name, _value)
os.environ.pop("DISPLAY", None)

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's top folder."""
    return REPO_ROOT


#: The tests' second edition: one ring of 12 spaces, two dice, no speed die, no Pool.
TINY_FOLDER = TEST_EDITIONS / "tiny"


@pytest.fixture(scope="session")
def tiny() -> Edition:
    """The tiny test edition (``tests/data/editions/tiny/``), registered so that
    ``edition("tiny")`` and a game log naming it find it."""
    return register(load_edition(TINY_FOLDER))


@pytest.fixture(scope="session")
def shared_reference(repo_root: Path) -> Path:
    """The reference material in ``../shared/reference``, beside the repository.

    Tests may check the product against it; the product itself never reads it.
    """
    path = repo_root.parent / "shared" / "reference"
    if not path.is_dir():
        pytest.skip(f"no shared reference folder at {path}")
    return path


def no_display_env(**changes: str) -> dict[str, str]:
    """This process's environment for a child app run off-screen: no X or Wayland display to
    reach for, with ``changes``."""
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(changes)
    return env


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Callable[[str], Path]]:
    """``tmpfs(size)`` mounts a tmpfs of ``size`` (``"256k"``, ``"4m"``) and gives its folder,
    unmounted after the test: a real read-only medium (remounted ``ro``) or a really full disk.
    Skips where this machine does not let the tests mount one (root in a sandbox can)."""
    mounted: list[Path] = []

    def mount(size: str) -> Path:
        point = tmp_path / f"mnt{len(mounted)}"
        point.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)],
            capture_output=True,
            check=False,
        )
        if done.returncode:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
        mounted.append(point)
        return point

    yield mount
    for point in mounted:
        subprocess.run(["umount", "-l", str(point)], check=False)


@pytest.fixture
def pin_factory() -> Iterator[Any]:
    """gpiozero's mock pin factory (the root conftest selects it), reset after the test."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    if not isinstance(Device.pin_factory, MockFactory):
        Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()


def run_app_script(
    module: str, *args: str | Path, out: Path, timeout: float = 240, **env: str
) -> dict:
    """Run the off-screen app script ``module`` (``python -m tests.ui....``, one Kivy window
    per process) with ``args``, without a display (and with ``env``), and give what it wrote
    to ``out``; an ``error`` it recorded fails the test there."""
    subprocess.run(
        [sys.executable, "-m", module, *map(str, args)],
        cwd=REPO_ROOT,
        env=no_display_env(**env),
        check=True,
        timeout=timeout,
    )
    result: dict = json.loads(out.read_text())
    assert "error" not in result, result["error"]
    return result
