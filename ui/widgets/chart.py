"""Each player's net worth over the game: one line per player, drawn with canvas ``Line``s.

The series come from ``controller.net_worth()`` (one value at the start and after each command
in force); the colours are the players'. The lines are rebuilt on a coalescing trigger when the
data or the size change; axis figures and the legend are child ``Label``s (never scaled text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import DictProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

import ui.kvi18n  # noqa: F401  (the UI font on the labels)
from ui.i18n import money


def nice_top(value: int) -> int:
    """A round top for the axis at or above ``value`` (1, 2 or 5 times a power of ten).

    >>> nice_top(3210), nice_top(0), nice_top(999)
    (5000, 100, 1000)
    """
    value = max(int(value), 100)
    step = 1
    while True:
        for m in (1, 2, 5):
            if m * step >= value:
                return m * step
        step *= 10


class NetWorthChart(Widget):
    """``series``: player -> values over the game; ``colours``: player -> rgba."""

    series = DictProperty({})
    colours = DictProperty({})

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._redraw = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        self.bind(series=self._redraw, colours=self._redraw, size=self._redraw, pos=self._redraw)
        self.lines: dict[str, list[float]] = {}

    def plot_area(self) -> tuple[float, float, float, float]:
        """The rectangle of the lines: room on the left for the figures, on the right for names."""
        left, right, bottom, top = dp(72), dp(120), dp(12), dp(12)
        return (
            self.x + left,
            self.y + bottom,
            max(self.width - left - right, 1),
            max(self.height - bottom - top, 1),
        )

    def points_of(self, values: Sequence[int], top: int) -> list[float]:
        x, y, w, h = self.plot_area()
        n = len(values)
        step = w / (n - 1) if n > 1 else 0
        points: list[float] = []
        for i, v in enumerate(values):
            points += [x + i * step, y + h * max(v, 0) / top]
        return points

    def redraw(self) -> None:
        self.canvas.clear()
        self.clear_widgets()
        self.lines = {}
        series: Mapping[str, Sequence[int]] = self.series
        if not series or not any(series.values()):
            return
        top = nice_top(max(max(v) for v in series.values() if v))
        x, y, w, h = self.plot_area()
        with self.canvas:
            Color(0.13, 0.14, 0.17, 1)
            Rectangle(pos=(x, y), size=(w, h))
            for i in range(5):
                Color(0.3, 0.32, 0.36, 1)
                Line(points=[x, y + h * i / 4, x + w, y + h * i / 4], width=dp(0.6))
        for i in range(5):
            self.add_widget(
                Label(
                    text=money(top * i // 4),
                    font_size="13sp",
                    size=(dp(66), dp(20)),
                    pos=(self.x, y + h * i / 4 - dp(10)),
                    halign="right",
                    text_size=(dp(62), dp(20)),
                )
            )
        # Names at the right end of each line, nudged apart so that none hides another.
        ends: list[tuple[float, str, Sequence[int]]] = []
        for name, values in series.items():
            if not values:
                continue
            colour = tuple(self.colours.get(name, (0.8, 0.8, 0.8, 1)))
            points = self.points_of(values, top)
            if len(points) == 2:  # one value: a dot's worth of line
                points += [points[0] + dp(2), points[1]]
            self.lines[name] = points
            with self.canvas:
                Color(*colour)
                Line(points=points, width=dp(1.6))
            ends.append((points[-1], name, values))
        ends.sort()
        last = -1e9
        for end_y, name, values in ends:
            label_y = max(end_y, last + dp(18))
            last = label_y
            self.add_widget(
                Label(
                    text=f"{name} {money(values[-1])}",
                    font_size="13sp",
                    color=tuple(self.colours.get(name, (0.8, 0.8, 0.8, 1))),
                    size=(dp(116), dp(18)),
                    pos=(x + w + dp(4), label_y - dp(9)),
                    halign="left",
                    text_size=(dp(116), dp(18)),
                    shorten=True,
                )
            )
