"""The Kivy side of the view-model: one dispatcher whose properties the kv rules bind to.

The controller (:mod:`ui.controller`) is plain Python; each new :class:`ui.viewmodels.TableView`
it makes is published here by reassigning :attr:`ViewModel.table`, so every kv rule that reads
``app.vm.table.<field>`` re-evaluates once. The comparator is identity: a new snapshot always
dispatches, without a deep equality check of a view with twelve players on every change.
"""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty


def _same(a: Any, b: Any) -> bool:
    return a is b


class ViewModel(EventDispatcher):
    """What the screens bind to: the latest table view and the language."""

    #: The latest :class:`ui.viewmodels.TableView` (None before the controller made one).
    table = ObjectProperty(None, rebind=True, comparator=_same, allownone=True)
    lang = StringProperty("en")
    #: Animations and flashes are cosmetic: off in tests and the headless demo.
    animate = BooleanProperty(True)

    def show(self, view: Any) -> None:
        """Publish a new table view (main thread only)."""
        if view.lang != self.lang:
            self.lang = view.lang
        self.table = view
