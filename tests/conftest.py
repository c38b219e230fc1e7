"""Shared fixtures, and the headless environment every test runs in.

The environment is set at import, before any test module can import Kivy or gpiozero: Kivy reads
it once, on its first import. No X server is needed; the offscreen SDL2 driver still gives OpenGL.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def shared_reference(repo_root: Path) -> Path:
    """The reference material in ``../shared/reference``, beside the repository.

    Tests may check the product against it; the product itself never reads it.
    """
    path = repo_root.parent / "shared" / "reference"
    if not path.is_dir():
        pytest.skip(f"no shared reference folder at {path}")
    return path
