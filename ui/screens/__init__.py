"""The places of the app, one screen each: ``ui/screens/<name>.py`` + ``<name>.kv`` with class
``<Name>Screen`` (``name = "<name>"``). The app builds each on its first visit and shows the one the
controller's ``view.place`` names."""

from __future__ import annotations

import importlib
import logging
from typing import Any

SCREENS = ("setup", "table", "board", "players", "history", "referee", "settings")

log = logging.getLogger(__name__)


def screen_class(name: str) -> Any:
    """The screen class of ``name``; a place whose module is missing or broken gets a stand-in
    (so that one screen's trouble never stops the table)."""
    class_name = f"{name.capitalize()}Screen"
    try:
        module = importlib.import_module(f"ui.screens.{name}")
        return getattr(module, class_name)
    except Exception:  # noqa: BLE001 - shown as a stand-in screen, logged
        log.exception("the %s screen could not be loaded", name)
        from ui.screens.standin import StandInScreen

        return StandInScreen
