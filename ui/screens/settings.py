"""Settings: the language (applied live), animations on or off, the dice confirmed by
themselves after N seconds, how long a decision is shown before a press or a tap counts (the
controller's input gate), the export of the game's history, and the companion checked
(``companion doctor``'s checks: screen, touch, drawing, dice module, buttons, game log, disk,
backup), in the table's language, each with its fix.

Each setting is kept in the controller's SetupStore, so the table finds it the next evening.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
from ui.i18n import _
from ui.screens.common import app_controller, export_path

if TYPE_CHECKING:
    from ui.controller import TableController

#: The auto-confirm delays offered (seconds; 0 = a player confirms every roll).
AUTO_CONFIRM_CHOICES = (0, 3, 5, 10)


class DoctorRow(BoxLayout):
    """One check: its verdict, its name, what was found and, when it failed, what to do."""

    status = StringProperty("ok")
    name = StringProperty("")
    detail = StringProperty("")
    fix = StringProperty("")


class DoctorView(ModalView):
    """The companion checked, one row per check (``controller.doctor()``)."""

    def show(self, lines: Any) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        for line in lines:
            rows.add_widget(
                DoctorRow(status=line.status, name=line.name, detail=line.detail, fix=line.fix)
            )


class SettingsScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")
    animation = BooleanProperty(True)
    auto_confirm = NumericProperty(0)
    settle_ms = NumericProperty(400)
    export_dir = StringProperty("")
    message = StringProperty("")

    def __init__(self, controller: TableController | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = "settings"
        self.controller = app_controller(controller)
        self.load()

    def load(self) -> None:
        """Show the settings as remembered."""
        store = self.controller.store
        self.lang = self.controller.lang
        self.animation = bool(store.get("animation", True))
        self.auto_confirm = int(store.get("auto_confirm", 0) or 0)
        self.settle_ms = round(self.controller.settle_seconds() * 1000)
        self.export_dir = str(store.get("export_dir", "") or Path.home())

    def on_pre_enter(self, *_args: Any) -> None:
        self.load()
        self.message = ""

    def _save(self, **changes: Any) -> None:
        try:
            self.controller.store.save(**changes)
        except OSError as err:
            self.message = _("The setting could not be kept: {why}", why=err.strerror or str(err))

    def set_language(self, lang: str) -> None:
        """Switch the language now: every screen re-words itself."""
        self.controller.set_language(lang)
        self.lang = self.controller.lang

    def set_animation(self, on: bool) -> None:
        self.animation = bool(on)
        app = App.get_running_app()
        if app is not None:  # None: the screen tested on its own, no view-model to tell
            app.vm.animate = self.animation
        self._save(animation=self.animation)

    def set_auto_confirm(self, seconds: int) -> None:
        """Dice readings are applied by themselves after ``seconds`` (0: never); the
        controller reads the setting for each new reading."""
        self.auto_confirm = int(seconds)
        self._save(auto_confirm=self.auto_confirm)

    def set_settle(self, ms: int) -> None:
        """A press or a tap counts once its decision has been shown ``ms`` milliseconds,
        unchanged; the controller reads the setting for each input."""
        self.settle_ms = int(ms)
        self._save(settle_ms=self.settle_ms)

    def set_export_dir(self, text: str) -> None:
        self.export_dir = text.strip()
        self._save(export_dir=self.export_dir)

    def export(self, fmt: str) -> Path | None:
        if self.controller.game is None:
            self.message = _("No game to export yet.")
            return None
        written: Path | None = self.controller.export(fmt, export_path(self.controller, fmt))
        if written is None:
            self.message = self.controller.view.notice
        else:
            self.message = _("History written to {path}", path=str(written))
        return written

    def check(self) -> DoctorView:
        """Check the companion (as ``companion doctor`` does) and show each check."""
        view = DoctorView()
        view.show(self.controller.doctor())
        view.open()
        return view

    def back(self) -> None:
        self.controller.go("table" if self.controller.game is not None else "setup")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
