"""The UI font draws every character the app can show: both catalogs, the amounts and numbers in
both languages, every engine sentence, card and space name, and the symbols the screens use.
SDL2_ttf does no font fallback: a character missing from the font is a box on the screen (Kivy's
default Roboto has no U+202F, the French thousands separator)."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.editions import edition
from companion.messages import CODES, language, render
from tests.test_messages import _params
from ui import i18n

ttLib = pytest.importorskip("fontTools.ttLib")

#: Symbols the screens draw besides letters: arrows, ticks, play, dots, quotes and dashes.
UI_SYMBOLS = "→←↑↓✓✗▶◀●○•…–—«»’‘“”€$×+−-#%°·"
AMOUNTS = (0, 5, 15, 999, 1000, 1500, 3200, 10000, 123456, 1234567, -50, -1500)


@functools.cache
def _faces() -> tuple[Path, ...]:
    from ui.kvi18n import font_files

    return tuple(font_files())


@functools.cache
def _cmap(path: Path) -> frozenset[int]:
    return frozenset(ttLib.TTFont(path, lazy=True).getBestCmap())


def _texts() -> Iterator[tuple[str, str]]:
    """(where, text) for everything the app can show that does not come from the players."""
    for lang in i18n.LANGUAGES:
        for message in i18n.read_catalog(lang):
            for text in (message.id, message.string):
                for t in text if isinstance(text, tuple) else (text,):
                    if t:
                        yield f"{lang} catalog", t
                        yield f"{lang} catalog, typeset", i18n.french_spacing(t)
        for n in AMOUNTS:
            yield f"{lang} amount", i18n.money(n, lang)
            yield f"{lang} number", i18n.number(n, lang)
        words = language(lang).words
        for key, text in words.items():
            yield f"{lang} word {key}", text
        for code in CODES:
            for optional in (True, False):
                yield f"{lang} {code}", render(code, _params(code, optional=optional), lang)
        for code, cases in language(lang).messages.items():  # the referee's notes' too
            for case in cases:
                for form in case.forms:
                    yield f"{lang} {code}", i18n.french_spacing(form)
    for space in edition("ultimate").board.spaces:
        yield "board", space.name
    yield "symbols", UI_SYMBOLS


def test_the_ui_family_is_dejavu_sans_regular_and_bold() -> None:
    regular, bold = _faces()
    assert regular.name == "DejaVuSans.ttf" and bold.name == "DejaVuSans-Bold.ttf"
    assert regular.exists() and bold.exists()


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_the_ui_font_draws_every_character_the_app_shows(face: str) -> None:
    path = _faces()[0 if face == "regular" else 1]
    cmap = _cmap(path)
    missing: dict[str, str] = {}
    for where, text in _texts():
        for char in text:
            if ord(char) not in cmap and char not in "\n\t":
                missing.setdefault(f"U+{ord(char):04X} {char!r}", where)
    assert missing == {}


def test_the_check_would_catch_roboto_s_gap() -> None:
    """Kivy's default face lacks the narrow no-break space of French amounts: the reason the
    app registers its own family."""
    import kivy

    roboto = _cmap(Path(kivy.kivy_data_dir) / "fonts" / "Roboto-Regular.ttf")
    assert 0x202F not in roboto
    assert 0x202F in _cmap(_faces()[0]) and 0x202F in _cmap(_faces()[1])
    assert "\u202f" in i18n.money(1500, "fr")
