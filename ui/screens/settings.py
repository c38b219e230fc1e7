"""Settings: the language (applied live), animations on or off, the dice confirmed by
themselves after N seconds, and the export of the game's history.

Each setting is kept in the controller's SetupStore, so the table finds it the next evening.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
from ui.i18n import _

#: The auto-confirm delays offered (seconds; 0 = a player confirms every roll).
AUTO_CONFIRM_CHOICES = (0, 3, 5, 10)
EXPORT_FORMATS = ("text", "csv", "jsonl")
_SUFFIX = {"text": "txt", "csv": "csv", "jsonl": "jsonl"}


class SettingsScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")
    animation = BooleanProperty(True)
    auto_confirm = NumericProperty(0)
    export_dir = StringProperty("")
    message = StringProperty("")

    def __init__(self, controller: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = "settings"
        self.controller = controller or getattr(App.get_running_app(), "controller", None)
        self.load()

    def _store(self) -> Any:
        return getattr(self.controller, "store", None)

    def load(self) -> None:
        """Show the settings as remembered."""
        store = self._store()
        self.lang = getattr(self.controller, "lang", "en") or "en"
        if store is not None:
            self.animation = bool(store.get("animation", True))
            self.auto_confirm = int(store.get("auto_confirm", 0) or 0)
            self.export_dir = str(store.get("export_dir", "") or Path.home())
        else:
            self.export_dir = str(Path.home())

    def on_pre_enter(self, *_args: Any) -> None:
        self.load()
        self.message = ""

    def _save(self, **changes: Any) -> None:
        store = self._store()
        if store is None:
            return
        try:
            store.save(**changes)
        except OSError as err:
            self.message = _("The setting could not be kept: {why}", why=err.strerror or str(err))

    def set_language(self, lang: str) -> None:
        """Switch the language now: every screen re-words itself."""
        self.controller.set_language(lang)
        self.lang = getattr(self.controller, "lang", lang)

    def set_animation(self, on: bool) -> None:
        self.animation = bool(on)
        vm = getattr(App.get_running_app(), "vm", None)
        if vm is not None and hasattr(vm, "animate"):
            vm.animate = self.animation
        self._save(animation=self.animation)

    def set_auto_confirm(self, seconds: int) -> None:
        self.auto_confirm = int(seconds)
        self._save(auto_confirm=self.auto_confirm)

    def set_export_dir(self, text: str) -> None:
        self.export_dir = text.strip()
        self._save(export_dir=self.export_dir)

    def export(self, fmt: str) -> Path | None:
        game = getattr(self.controller, "game", None)
        if game is None:
            self.message = _("No game to export yet.")
            return None
        folder = Path(self.export_dir or Path.home()).expanduser()
        stamp = time.strftime("%Y%m%d-%H%M")
        target = (
            folder / f"companion-game-{getattr(game, 'game_id', 0) or 0}-{stamp}.{_SUFFIX[fmt]}"
        )
        written = self.controller.export(fmt, target)
        if written is None:
            self.message = getattr(self.controller.view, "notice", "") or _("Nothing was written.")
        else:
            self.message = _("History written to {path}", path=str(written))
        return written

    def back(self) -> None:
        self.controller.go("table" if getattr(self.controller, "game", None) else "setup")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
