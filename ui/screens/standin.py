"""A stand-in for a place whose screen could not be loaded: it says so and leads back."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from ui.widgets import BigButton
from ui.widgets.words import _


class StandInScreen(Screen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        box = BoxLayout(orientation="vertical", padding=dp(24), spacing=dp(12))
        box.add_widget(Label(text=_("This screen is not available"), font_size="22sp"))
        back = BigButton(text=_("Back to the table"), role="primary")
        back.bind(on_release=lambda _b: App.get_running_app().controller.go("table"))
        box.add_widget(back)
        self.add_widget(box)
