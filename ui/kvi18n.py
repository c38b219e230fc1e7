"""The Kivy side of :mod:`ui.i18n`: ``l`` in every kv rule, and the app's one font.

Importing this module (the app, a screen or a dialog does it before loading kv) registers the
font family ``"UI"`` and installs ``l``, a :class:`Localizer`, in kv's global names, so a kv file
writes::

    text: l._("Buy for {amount}", amount=l.money(root.price))
    font_name: l.font_name

and the text is worded again when the language changes: ``_``, ``money`` and ``number`` are
properties whose value is replaced at each switch, so kv's bindings on them fire. The shape is
kivy-garden-i18n's ``Localizer`` (MIT), re-implemented on our catalogs.

A text set in Python (``Button(text=_("Board"))``, a dialog's heading) follows too: at the
frame after each switch, :func:`reword_tree` says again in the new language every text of the
window's widgets (the dialogs over it and the places not shown included) that ``ui.i18n``
worded (:class:`ui.i18n.Words`). What a screen builds from the table's view (names, the
engine's sentences) is drawn again from the new view the controller publishes.

>>> l.lang = "fr"; l._("Cancel") == i18n.translate("Cancel", "fr"); l.lang = "en"
True
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.event import EventDispatcher
from kivy.lang import global_idmap
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import ScreenManager
from kivy.weakproxy import WeakProxy

from ui import i18n

FONT_NAME = "UI"
FONT_DIR = Path(__file__).resolve().parent / "fonts"


def font_files() -> tuple[Path, Path]:
    """The regular and bold faces of the UI family: DejaVu Sans from Kivy's data folder (Kivy
    ships no bold face of it, so ours comes from Debian's fonts-dejavu-core: ``fonts/README``)."""
    import kivy

    regular = Path(kivy.kivy_data_dir) / "fonts" / "DejaVuSans.ttf"
    if not regular.exists():  # an unusual Kivy build: the copy of the same font family we ship
        regular = FONT_DIR / "DejaVuSans-Bold.ttf"
    return regular, FONT_DIR / "DejaVuSans-Bold.ttf"


def register_fonts() -> None:
    """Register the ``UI`` family, and make it the face of every label that names no font.

    Re-registering Kivy's default name (``Roboto``) rather than setting ``[kivy] default_font``
    in the Config: the Config is read once, when ``kivy.core.text`` is first imported, so it works
    only if nothing imported a widget before; a label looks its font name up at each render, so
    this works whenever it runs before the first frame, and covers the widgets that never name a
    font (TextInput, Spinner options, Kivy's own popups). Roboto lacks U+202F, the French
    thousands separator, and the symbols the app draws.
    """
    regular, bold = (os.fspath(p) for p in font_files())
    for name in {FONT_NAME, DEFAULT_FONT}:
        LabelBase.register(name, regular, fn_italic=regular, fn_bold=bold, fn_bolditalic=bold)


class Localizer(EventDispatcher):  # type: ignore[misc]
    """The current language as kv sees it. Setting ``lang`` switches the whole app
    (:func:`ui.i18n.set_language`); a switch made in Python updates ``lang`` too."""

    #: The current language: "en" or "fr".
    lang = StringProperty(i18n.language())
    #: ``_("msgid", **fields)`` in the current language (a new function at each switch).
    _ = ObjectProperty(None)
    #: ``money(amount)`` and ``number(n)`` in the current language.
    money = ObjectProperty(None)
    number = ObjectProperty(None)
    #: The font family every label uses: ``font_name: l.font_name``.
    font_name = StringProperty(FONT_NAME)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._reword(self.lang)
        i18n.on_language(self._follow)

    def on_lang(self, _instance: Any, lang: str) -> None:
        if lang == i18n.language():
            self._reword(lang)
            return
        try:
            i18n.set_language(lang)  # tells _follow, which rewords
        except ValueError:
            self.lang = i18n.language()  # an unknown language changes nothing
            raise

    def _follow(self, lang: str) -> None:
        if self.lang != lang:
            self.lang = lang
        else:
            self._reword(lang)
        # At the next frame: the screens first draw themselves again from the view the
        # controller publishes after the switch (a setup seat's spinner maps its text back to
        # a token with the new language's names), then what is left is said again.
        Clock.schedule_once(lambda _dt: reword_tree(_app_roots(), i18n.language()))

    def _reword(self, lang: str) -> None:
        # New function objects each time, so that every kv binding on them fires.
        for name in ("_", "money", "number"):
            self._drop_dead_rules(name)
        self._ = functools.partial(_translate, lang)
        self.money = functools.partial(_money, lang=lang)
        self.number = functools.partial(_number, lang=lang)

    def _drop_dead_rules(self, name: str) -> None:
        """Unbind the kv rules on ``name`` whose widget is gone. Kivy unbinds a widget's rules
        when it is collected, but one was seen left behind (a full test run, once): setting
        ``name`` then raised ReferenceError from Kivy's dispatch, which stopped the switch
        half-way, and in the app would stop the table at a language switch."""
        for _callback, largs, _kwargs, _is_ref, uid in self.get_property_observers(name, args=True):
            bound = largs[0] if largs and isinstance(largs[0], tuple) else ()
            if bound and isinstance(bound[0], WeakProxy):
                try:
                    bound[0].__class__  # noqa: B018 - a dead proxy raises on any access
                except ReferenceError:
                    self.unbind_uid(name, uid)


#: The widget properties that hold words a person reads.
WORDED = ("text", "hint_text", "title", "values")


def reword_tree(roots: Iterable[Any], lang: str) -> int:
    """Say again in ``lang`` every text under ``roots`` that ``ui.i18n`` worded (see the module
    docstring); a ScreenManager's screens not shown included. Returns how many changed."""
    changed = 0
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        for name in WORDED:
            if widget.property(name, quiet=True) is None:
                continue
            value = getattr(widget, name)
            if isinstance(value, list):
                new: Any = [i18n.reword(v, lang) for v in value]
            else:
                new = i18n.reword(value, lang)
            if new != value:
                setattr(widget, name, new)
                changed += 1
        stack.extend(widget.children)
        if isinstance(widget, ScreenManager):
            stack.extend(widget.screens)  # the places not shown are no children
    return changed


def _app_roots() -> list[Any]:
    """The window's widgets (the places and the dialogs open over them), once it exists."""
    from kivy.base import EventLoop

    window = EventLoop.window  # None before the app's window: nothing to reword
    return list(window.children) if window is not None else []


def _translate(lang: str, msgid: str, **fields: Any) -> str:
    return i18n.translate(msgid, lang, **fields)


def _money(amount: int, *, lang: str) -> str:
    return i18n.money(amount, lang)


def _number(n: int | float, *, lang: str) -> str:
    return i18n.number(n, lang)


def install(name: str = "l") -> Localizer:
    """Put the app's :class:`Localizer` in kv's global names as ``name``."""
    global_idmap[name] = l
    return l


register_fonts()
l = Localizer()  # noqa: E741 - the one-letter name kv files use, as in kivy-garden-i18n
install()
