"""The table's line of words (a notice, the transfers' sentences) in the lines it has, never
cut mid-word: words longer than :attr:`NoticeLine.lines` lines of its width (its
``text_size``'s, else its own) are shortened between two words and end in "…", and a tap on
them shows the whole text (:class:`WholeText`). :class:`ui.widgets.FlashBanner` is one.
"""

from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

ELLIPSIS = "\u2026"


def fit_words(text: str, fits: Any, trim: str = "") -> str:
    """The longest beginning of ``text`` cut between words, with "…", that ``fits`` (a
    predicate on a text); ``text`` itself when it fits. The characters in ``trim`` are taken
    off the end of the beginning kept, before the "…".

    >>> fit_words("one two three four", lambda t: len(t) <= 10)
    'one two…'
    """
    if fits(text):
        return text
    words = text.split()
    low, high = 0, len(words)  # words[:low] fits with the ellipsis; words[:high] may not
    while low < high:
        mid = (low + high + 1) // 2
        if fits(" ".join(words[:mid]).rstrip(trim) + ELLIPSIS):
            low = mid
        else:
            high = mid - 1
    return " ".join(words[:low]).rstrip(trim) + ELLIPSIS


class NoticeLine(Label):
    """Shows :attr:`notice` wrapped to at most :attr:`lines` lines of its width; ``cut``
    says whether it was shortened (a tap then opens the whole text)."""

    notice = StringProperty("")
    lines = NumericProperty(2)
    cut = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.card = WholeText()
        self.bind(notice=self._fit, width=self._fit, text_size=self._fit)
        self.bind(font_size=self._fit, bold=self._fit, lines=self._fit)
        self._fit()

    def _height_of(self, text: str, width: float) -> float:
        label = CoreLabel(
            text=text,
            font_size=self.font_size,
            font_name=self.font_name,
            bold=self.bold,
            text_size=(width, None),
        )
        label.refresh()
        return float(label.texture.size[1]) if label.texture is not None else 0.0

    def _fit(self, *_args: Any) -> None:
        width = self.text_size[0] or self.width
        if not self.notice or width <= 1:
            self.text, self.cut = self.notice, False
            return
        room = self._height_of("\n".join(["Ag"] * int(self.lines)), width) + 1
        self.text = fit_words(self.notice, lambda t: self._height_of(t, width) <= room)
        self.cut = self.text != self.notice

    def on_touch_down(self, touch: Any) -> bool:
        if self.cut and self.collide_point(*touch.pos):
            self.card.show(self.notice)
            return True
        return bool(super().on_touch_down(touch))


class WholeText(ModalView):
    """A shortened text in full, closed by a tap anywhere."""

    text = StringProperty("")

    def show(self, text: str) -> None:
        self.text = text
        self.open()

    def on_touch_down(self, touch: Any) -> bool:
        self.dismiss()
        return True


Builder.load_string(
    """
#:import dp kivy.metrics.dp
#:import Window kivy.core.window.Window

<WholeText>:
    size_hint: None, None
    size: min(dp(520), Window.width * 0.9), min(dp(360), Window.height * 0.8)
    background_color: 0, 0, 0, 0.6
    ScrollView:
        do_scroll_x: False
        canvas.before:
            Color:
                rgba: 0.16, 0.17, 0.20, 1
            Rectangle:
                pos: self.pos
                size: self.size
        Label:
            text: root.text
            font_size: '18sp'
            color: 1, 0.85, 0.5, 1
            size_hint_y: None
            padding: dp(12), dp(12)
            text_size: self.width, None
            height: max(self.texture_size[1], dp(40))
            halign: 'left'
            valign: 'top'
"""
)

__all__ = ["ELLIPSIS", "NoticeLine", "WholeText", "fit_words"]
