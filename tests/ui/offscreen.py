"""The environment of an off-screen app script (``tests/ui/*_script.py``, ``app_faults.py``),
set when it is imported, before the script imports Kivy (which reads it once): no arguments
for Kivy, SDL2's offscreen driver, no dice module or table buttons of this machine, gpiozero's
mock pins, and a Kivy home of its own unless one is given. Run by hand, a script needs it
as much as under ``tests.conftest.run_app_script``.

:func:`save_screenshot` takes a screenshot to a file of the name asked for.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

os.environ.update(
    KIVY_NO_ARGS="1",
    KIVY_WINDOW="sdl2",
    SDL_VIDEODRIVER="offscreen",
    COMPANION_DEVICE="0",
    GPIOZERO_PIN_FACTORY="mock",
)
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="companion-kivy-"))


def save_screenshot(window: Any, target: Path) -> None:
    """The window's frame in ``target``: Kivy numbers the file it writes (``name0001.png``),
    which is then moved there. Call it from the window's ``on_flip`` (a frame drawn)."""
    made = Path(window.screenshot(name=str(target)))
    if made != target:
        made.replace(target)
