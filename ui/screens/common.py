"""What the screens share: the controller they act on, the table views they follow, the
animation setting, where an export goes. Not a place of its own (``ui.screens.SCREENS`` does not list it)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App

if TYPE_CHECKING:
    from ui.controller import TableController
    from ui.viewmodels import TableView


def app_controller(controller: TableController | None) -> TableController:
    """``controller`` if given (tests build screens on their own controller), else the running
    app's."""
    if controller is not None:
        return controller
    app = App.get_running_app()
    if app is None:
        raise RuntimeError("a screen needs a controller: pass one, or build it in the app")
    return app.controller  # type: ignore[no-any-return]


def watch(controller: TableController, callback: Callable[[TableView], Any]) -> None:
    """Call ``callback(view)`` on every new table view: through the app's view-model when the
    app runs (the kv side's one source), else (a screen tested alone) from the controller."""
    app = App.get_running_app()
    if app is not None:
        app.vm.bind(table=lambda _vm, view: callback(view))
    else:
        controller.subscribe(callback)


def animation_scale() -> float:
    """The app's animation setting (``vm.animate``; 0 in tests and the headless demo); 1 for a
    screen tested without an app."""
    app = App.get_running_app()
    return 1.0 if app is None or app.vm.animate else 0.0


#: The export formats of ``companion history`` the controller writes, and their file suffixes.
EXPORT_SUFFIXES = {"text": "txt", "csv": "csv", "jsonl": "jsonl"}


def export_path(controller: TableController, fmt: str) -> Path:
    """Where the history is exported in ``fmt``: the folder of the settings (the home folder
    when unset), a name with the game's number and the time."""
    folder = Path(str(controller.store.get("export_dir") or "") or Path.home()).expanduser()
    game = controller.game
    game_id = (game.game_id if game is not None else None) or 0
    stamp = time.strftime("%Y%m%d-%H%M")
    return folder / f"companion-game-{game_id}-{stamp}.{EXPORT_SUFFIXES[fmt]}"


def is_shown(screen: Any) -> bool:
    """Whether ``screen`` is the place on the screen now (or stands alone, in a test): a
    hidden place skips redrawing itself on every change of the table, and catches up when
    it is entered."""
    return screen.manager is None or screen.manager.current == screen.name
