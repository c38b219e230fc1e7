"""The app's words in the table's language: gettext catalogs, numbers and money.

Every visible string of ``ui/`` goes through here. A msgid is the English sentence with named
``str.format`` fields; amounts are formatted by :func:`money` first::

    _("gives {amount}", amount=money(430))        # 'gives $430' / 'donne 430 $'
    ngettext("{n} house", "{n} houses", 3)        # '3 houses' ({n} is given)
    translate("Auction", "fr")                    # another language than the current one
    N_("Roll")                                    # marks a msgid to translate later, unchanged

The catalogs are ``ui/locales/<lang>/LC_MESSAGES/companion.po``, read at run time (no compile
step) by the same reader as the banker's catalogues (:mod:`companion.messages.po`). ``python -m ui.i18n extract`` adds the msgids found in ``ui/**/*.py`` and ``ui/**/*.kv``
to every catalog (keeping the translations), and ``python -m ui.i18n check`` says what is missing
or stale without writing (the tests run it); only these tools, and a number that is not an
integer, import Babel, which the app's start does not pay for. An empty French msgstr falls back
to the English.

Nothing here imports Kivy: the view-models and the controller use it headless; ``ui.kvi18n``
is the Kivy side, which re-renders kv texts when :func:`set_language` is called.

What ``_``, ``translate``, ``ngettext``, ``money`` and ``number`` return is a :class:`Words`: a
``str`` that knows how to say itself again, so :func:`reword` says it in another language (a
notice kept by the controller, a button's text set in Python) without its maker doing anything
at a switch; :func:`worded` makes one of any wording function (the engine's sentences).

>>> set_language("fr"); money(1500) == "1\\u202f500\\u00a0$"
True
>>> set_language("en"); _("Buy for {amount}", amount=money(1500))
'Buy for $1,500'
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.editions import Money
from companion.messages import en, fr, po
from companion.messages.fr import typeset
from ui.edition import table_edition

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

#: The languages of the app, the first is the default.
LANGUAGES: tuple[str, ...] = ("en", "fr")
#: The Babel locale of each language: American dollars as printed on the board, French numbers.
LOCALES: Mapping[str, str] = {"en": "en_US", "fr": "fr_FR"}
DOMAIN = "companion"

UI_DIR = Path(__file__).resolve().parent
LOCALE_DIR = UI_DIR / "locales"

#: Callables marking msgids in Python: name -> which arguments are msgids (Babel's spec).
KEYWORDS: Mapping[str, Any] = {"_": None, "N_": None, "translate": (1,), "ngettext": (1, 2)}
#: A comment starting with this just above a marked string goes to the translator.
COMMENT_TAG = "i18n:"

Key = str | tuple[str, str]

_current = LANGUAGES[0]
_listeners: list[Callable[[str], None]] = []
_catalogs: dict[str, dict[Key, Any]] = {}
_untranslated: set[tuple[str, str]] = set()


# -- Translating -------------------------------------------------------------------------------


class Words(str):
    """A text in one language that knows how to say itself in another: the ``str`` shown, and
    ``again(lang)``, the same words in ``lang`` (:func:`reword`). Any operation on it (a join,
    a slice) gives a plain ``str``."""

    again: Callable[[str | None], str]

    @classmethod
    def of(cls, text: str, again: Callable[[str | None], str]) -> Words:
        words = cls(text)
        words.again = again
        return words

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)  # copied or pickled: the words as they are


def worded(say: Callable[[str], str], lang: str | None = None) -> Words:
    """``say(lang)`` as :class:`Words`: what ``say`` words (the engine's sentences of an event,
    say) is said again by calling it with the new language at a switch.

    >>> hello = worded(lambda lang: {"en": "Hello", "fr": "Bonjour"}[lang], "en")
    >>> hello, reword(hello, "fr"), reword(reword(hello, "fr"), "en")
    ('Hello', 'Bonjour', 'Hello')
    """

    def again(lang: str | None) -> Words:
        return Words.of(say(lang or _current), again)  # says itself again at the next switch

    return again(lang)


def rewordable(name_of: Callable[[Any, str], str]) -> Callable[[Any, str], str]:
    """``name_of(value, lang)`` made to return :class:`Words`: the name of a space, a card, an
    account shown in a widget is said again at a switch like the catalog's words."""

    @functools.wraps(name_of)
    def words(value: Any, lang: str) -> str:
        return worded(lambda lang: name_of(value, lang), lang)

    return words


def reword(text: Any, lang: str | None = None) -> Any:
    """``text`` in ``lang`` (the current language when ``None``) when it is :class:`Words` (what
    :func:`translate`, :func:`ngettext`, :func:`money`, :func:`number` and :func:`worded`
    return), its fields reworded too; anything else as it is (a name, a sentence its maker
    words again).

    >>> reword(translate("Cancel", "fr"), "en"), reword("Ann", "fr")
    ('Cancel', 'Ann')
    >>> reword(translate("gives {amount}", "en", amount=money(1500, "en")), "fr")
    'donne 1\u202f500\xa0$'
    """
    return text.again(lang) if isinstance(text, Words) else text


def _reworded(fields: Mapping[str, Any], lang: str | None) -> dict[str, Any]:
    return {k: reword(v, lang) for k, v in fields.items()}


def _(msgid: str, **fields: Any) -> str:
    """``msgid`` in the current language, its ``{fields}`` filled."""
    return translate(msgid, None, **fields)


def translate(msgid: str, lang: str | None = None, /, **fields: Any) -> str:
    """``msgid`` in ``lang`` (the current language when ``None``), its ``{fields}`` filled.

    >>> translate("Buy for {amount}", "en", amount="$430")
    'Buy for $430'
    """
    lang = lang or _current
    found = _catalog(lang).get(msgid)
    if not (isinstance(found, str) and found):
        if lang != LANGUAGES[0]:
            _untranslated.add((lang, msgid))
        found = msgid
    return Words.of(
        _fill(found, fields), lambda lang: translate(msgid, lang, **_reworded(fields, lang))
    )


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, /, **fields: Any) -> str:
    """The singular or plural msgid for ``n`` in ``lang``, with ``{n}`` among its fields.

    French says the singular for 0 and 1, English only for 1.

    >>> ngettext("{n} house", "{n} houses", 1, "en"), ngettext("{n} house", "{n} houses", 0, "en")
    ('1 house', '0 houses')
    """
    lang = lang or _current
    form = int(n > 1) if lang == "fr" else int(n != 1)
    found = _catalog(lang).get((singular, plural))
    if isinstance(found, tuple) and len(found) > form and found[form]:
        text = found[form]
    else:
        if lang != LANGUAGES[0]:
            _untranslated.add((lang, singular))
        text = plural if form else singular
    return Words.of(
        _fill(text, {"n": number(n, lang), **fields}),
        lambda lang: ngettext(singular, plural, n, lang, **_reworded(fields, lang)),
    )


def untranslated() -> set[tuple[str, str]]:
    """(language, msgid) of every text asked for in another language than English that its
    catalog does not translate, since the start: a msgid built at run time, or marked nowhere,
    escapes the extractor but not this (the headless demo in French can assert it is empty)."""
    return set(_untranslated)


def N_(msgid: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """Marks ``msgid`` for the extractor and returns it unchanged (translate it when shown)."""
    return msgid


class _Fields(dict[str, Any]):
    """The fields of a message; a field the translation names but the caller did not give
    stays as ``{name}`` rather than failing on screen (the catalog test catches it)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, fields: Mapping[str, Any]) -> str:
    return text.format_map(_Fields(fields)) if fields else text


# -- Numbers and money -------------------------------------------------------------------------


def number(n: int | float, lang: str | None = None) -> str:
    """A number in ``lang``'s format: ``1,500`` / ``1 500`` (narrow no-break space).

    >>> number(1234567, "en"), number(1234567, "fr") == "1\\u202f234\\u202f567"
    ('1,234,567', True)
    """
    return Words.of(_number(n, LOCALES[lang or _current]), functools.partial(number, n))


@functools.lru_cache(maxsize=4096, typed=True)
def _number(n: int | float, locale: str) -> str:
    # An integer (every amount, count and space number) is written by the engine's stdlib
    # writers, as Babel writes it; Babel, for a measure such as 84.5 GB, is imported only
    # then: its import and locale data are a twentieth of the app's start.
    if isinstance(n, int):
        return _INTEGER[locale](n)
    from babel.numbers import format_decimal

    return format_decimal(n, locale=locale)


#: Each locale's writer of an integer (``format_decimal``'s output, without Babel).
_INTEGER: Mapping[str, Callable[[int], str]] = {"en_US": "{:,}".format, "fr_FR": fr.number}


def money(amount: int, lang: str | None = None, written: Money | None = None) -> str:
    """An amount as the table says it, in the money of the edition at the table (``written``
    if given: ``Edition.money``, ruling E8): ``$1,500`` / ``1 500 $`` (narrow no-break space),
    ``£400``, ``400 €``; French puts every symbol after the amount (the same as the engine's
    ``companion.messages`` renderers).

    >>> money(-1500, "en", Money()), money(-1500, "fr", Money()) == "-1\u202f500\u00a0$"
    ('-$1,500', True)
    >>> money(400, "en", Money("£")), money(400, "fr", Money("£")) == "400\u00a0£"
    ('£400', True)
    """
    lang = lang or _current
    written = written or table_edition().money
    said = _MONEY[lang](amount, written)
    return Words.of(said, functools.partial(money, amount, written=written))


#: Each language's writer of an amount in a money (the engine's, so the app and the banker's
#: sentences write an amount alike).
_MONEY: Mapping[str, Callable[[int, Money], str]] = {"en": en.money, "fr": fr.money}


# -- The current language ----------------------------------------------------------------------


def language() -> str:
    """The current language."""
    return _current


def set_language(lang: str) -> None:
    """Switch to ``lang`` (one of :data:`LANGUAGES`) and tell every listener.

    >>> set_language("de")
    Traceback (most recent call last):
    ...
    ValueError: no language 'de'; the languages are en, fr
    """
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    _catalog(lang)  # read before switching: a broken catalog fails here, not mid-screen
    changed, _current = lang != _current, lang
    if changed:
        for listener in list(_listeners):
            listener(lang)


def on_language(callback: Callable[[str], None]) -> None:
    """Call ``callback(lang)`` after each switch of language (the Kivy side re-renders)."""
    _listeners.append(callback)


def remove_listener(callback: Callable[[str], None]) -> None:
    """Stop telling ``callback`` about switches."""
    _listeners.remove(callback)


# -- Catalogs ----------------------------------------------------------------------------------


def po_path(lang: str) -> Path:
    """The catalog file of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` as Babel reads it (an empty one if the file is missing)."""
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return _new_catalog(lang)
    with path.open("rb") as f:
        return read_po(f, locale=LOCALES[lang], domain=DOMAIN)


def _catalog(lang: str) -> dict[Key, Any]:
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    if lang not in _catalogs:
        path = po_path(lang)
        entries = po.read(path).entries if path.exists() else ()
        _catalogs[lang] = {
            (e.id if e.plural is None else (e.id, e.plural)): _typeset(
                e.strings[0] if e.plural is None else e.strings, lang
            )
            for e in entries
            if e.id and "fuzzy" not in e.flags
        }
    return _catalogs[lang]


def reload() -> None:
    """Read the catalogs again on next use (after the extractor wrote them)."""
    _catalogs.clear()
    po.read.cache_clear()


def french_spacing(text: str) -> str:
    """French typography: the space before ``: ; ! ? » $`` and after ``«`` never breaks a line.

    Translators type ordinary spaces; the app shows them unbreakable, as the banker's words
    (:func:`companion.messages.fr.typeset`).

    >>> french_spacing("Prêt ? Oui : « Go ! »") == "Prêt\\u202f? Oui\\u00a0: «\\u00a0Go\\u202f!\\u00a0»"
    True
    """
    return typeset(text)


def _typeset(string: Any, lang: str) -> Any:
    if lang != "fr":
        return string
    if isinstance(string, tuple):
        return tuple(french_spacing(s) for s in string)
    return french_spacing(string)


# -- The extractor -----------------------------------------------------------------------------

#: A marked string in a kv rule: ``l._("Buy")`` (or ``_('Buy')``).
_KV_MARKED = re.compile(r"""\b(?:N_|_)\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")


def _sources(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".kv") and "__pycache__" not in path.parts:
            yield path


def extract_messages(root: Path = UI_DIR) -> dict[Key, list[tuple[str, list[str]]]]:
    """Every msgid marked in ``root``'s ``.py`` and ``.kv`` files, in the order found, with where
    each is (``ui/screens/table.kv``) and its translator comments."""
    found: dict[Key, list[tuple[str, list[str]]]] = {}
    base = root.parent
    for path in _sources(root):
        where = path.relative_to(base).as_posix()
        for key, comments in _marked(path):
            found.setdefault(key, []).append((where, comments))
    return found


def _marked(path: Path) -> Iterator[tuple[Key, list[str]]]:
    if path.suffix == ".kv":
        for match in _KV_MARKED.finditer(path.read_text("utf-8")):
            yield ast.literal_eval(match.group(1)), []
        return
    from babel.messages.extract import extract as _babel_extract

    with path.open("rb") as f:
        for _lineno, message, comments, _context in _babel_extract(
            "python", f, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,)
        ):
            notes = [c.removeprefix(COMMENT_TAG).strip() for c in comments]
            yield (message if isinstance(message, str) else tuple(message)), notes


def _new_catalog(lang: str) -> Catalog:
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        locale=LOCALES[lang],
        domain=DOMAIN,
        header_comment=f"# The app's words in {lang}: see ui/i18n.py (python -m ui.i18n extract).",
        project="Ultimate Monopoly companion",
        version="0.1",
        msgid_bugs_address="",
        last_translator="the companion's authors",
        language_team=lang,
        fuzzy=False,
    )
    catalog.revision_date = catalog.creation_date
    return catalog


def merge(lang: str, found: Mapping[Key, list[tuple[str, list[str]]]]) -> tuple[Catalog, list[str]]:
    """``lang``'s catalog with the msgids ``found``: the known ones keep their translation, the
    new ones go at the end, the ones no longer marked become obsolete (``#~``); and what changed.
    """
    catalog = read_catalog(lang)
    changes = []
    for message in list(catalog):
        if message.id and message.id not in found:
            changes.append(f"{lang}: stale msgid {message.id!r}")
            catalog.obsolete[message.id] = message
            del catalog[message.id]
    for key, places in found.items():
        locations = sorted({(where, None) for where, _ in places})
        comments = [c for _, notes in places for c in notes]
        if key in catalog:
            message = catalog[key]
            message.locations, message.auto_comments = locations, comments
            continue
        changes.append(f"{lang}: new msgid {key!r}")
        catalog.obsolete.pop(key, None)
        string: Any = ("", "") if isinstance(key, tuple) else ""
        catalog.add(key, string, locations=locations, auto_comments=comments)
    return catalog, changes


def problems(found: Mapping[Key, list[tuple[str, list[str]]]] | None = None) -> list[str]:
    """What is wrong with the catalogs against the code: msgids missing or stale in any catalog,
    a French msgstr empty, or naming other ``{fields}`` than its msgid."""
    found = extract_messages() if found is None else found
    said = []
    for lang in LANGUAGES:
        catalog, changes = merge(lang, found)
        said += changes
        if lang == "en":
            continue
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                said.append(f"{lang}: no translation of {message.id!r}")
            elif any(_fields(s) != _fields(message.id) for s in strings):
                said.append(f"{lang}: {strings!r} names other fields than {message.id!r}")
    return said


def _fields(key: Key) -> set[str]:
    """The ``{fields}`` a msgid or msgstr names (both forms of a plural)."""
    texts = key if isinstance(key, tuple) else (key,)
    return {m.group(1) for t in texts for m in re.finditer(r"\{(\w+)[^{}]*\}", t)}


def write_catalogs(found: Mapping[Key, list[tuple[str, list[str]]]] | None = None) -> list[str]:
    """Merge the msgids marked in the code into every catalog file; what changed."""
    from babel.messages.pofile import write_po

    found = extract_messages() if found is None else found
    said = []
    for lang in LANGUAGES:
        catalog, changes = merge(lang, found)
        said += changes
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            # No line numbers: they would change the catalogs at every edit of a screen.
            write_po(f, catalog, width=100, include_lineno=False, sort_output=False)
    reload()
    return said


def main(argv: list[str] | None = None) -> int:
    """``python -m ui.i18n extract`` writes the catalogs; ``check`` only reports (exit 1)."""
    args = sys.argv[1:] if argv is None else argv
    if args not in (["extract"], ["check"]):
        print("usage: python -m ui.i18n extract|check", file=sys.stderr)
        return 2
    if args == ["extract"]:
        for line in write_catalogs():
            print(line)
        return 0
    said = problems()
    for line in said:
        print(line)
    return 1 if said else 0


if __name__ == "__main__":
    sys.exit(main())
