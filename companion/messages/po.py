"""gettext catalogues (``.po`` files) read and written with the standard library.

Both the banker's catalogue (``companion/locales/<lang>/LC_MESSAGES/messages.po``) and the
app's (``ui/locales/<lang>/LC_MESSAGES/companion.po``) are read by :func:`read`: an entry's
``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr`` or ``msgstr[n]``, its flags (``#,``) and
its comments for translators (``#.``); obsolete entries (``#~``) are left out. The header's
``Plural-Forms`` gives the form of a count (:attr:`Catalogue.plural`), as gettext computes it.

>>> c = parse('msgctxt "note.pass"\\nmsgid "{player} passes."\\nmsgstr "{player} passe."\\n')
>>> c.entries[0].context, c.entries[0].strings, c.plural(0)
('note.pass', ('{player} passe.',), 1)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError

_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*\Z")
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"\s*\Z')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}  # fmt: skip
_UNESCAPED = {v: "\\" + k for k, v in _ESCAPES.items() if k not in "abfv"}


class CatalogueError(CompanionError, ValueError):
    """A ``.po`` file that is not a gettext catalogue: the file, the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry: ``strings`` is ``(msgstr,)``, or each ``msgstr[n]`` of a plural entry."""

    context: str | None
    id: str
    plural: str | None = None
    strings: tuple[str, ...] = ("",)
    flags: frozenset[str] = frozenset()
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A catalogue's entries (the header left out), its header fields and its plural rule."""

    entries: tuple[Entry, ...]
    header: Mapping[str, str] = field(default_factory=dict)
    plural: Callable[[int], int] = field(default=lambda n: int(n != 1))


@functools.cache
def read(path: Path) -> Catalogue:
    """The catalogue in ``path``, read once per process."""
    return parse(path.read_text("utf-8"), str(path))


def parse(text: str, where: str = "<catalogue>") -> Catalogue:
    """The catalogue written in ``text`` (``where`` names it in errors)."""
    entries: list[Entry] = []
    header: dict[str, str] = {}
    fields: dict[str, str] = {}
    flags: set[str] = set()
    comments: list[str] = []
    last = ""

    def close(lineno: int) -> None:
        nonlocal fields, flags, comments, last
        if fields:
            if "msgid" not in fields:
                raise CatalogueError(f"{where}:{lineno}: an entry without msgid")
            if fields["msgid"] == "" and "msgctxt" not in fields:
                header.update(_header(fields.get("msgstr", "")))
            else:
                entries.append(_entry(fields, flags, comments, f"{where}:{lineno}"))
        fields, flags, comments, last = {}, set(), [], ""

    lines = text.splitlines()
    for lineno, line in enumerate(lines, 1):
        line = line.strip()
        first = line[:1]
        if first == '"':
            if not last:
                raise CatalogueError(f"{where}:{lineno}: a string continues no keyword")
            fields[last] += _unquote(line, where, lineno)
        elif first == "#":
            second = line[1:2]
            if second == "~":
                close(lineno)
            elif second == ",":
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            elif second == ".":
                comments.append(line[2:].strip())
        elif not first:
            if fields:
                close(lineno)
        else:
            match = _KEYWORD.match(line)
            if match is None:
                raise CatalogueError(f"{where}:{lineno}: not a catalogue line: {line[:40]!r}")
            keyword, _, value = match.groups()
            if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
                close(lineno)
            if keyword in fields:
                raise CatalogueError(f"{where}:{lineno}: {keyword} twice in one entry")
            last, fields[keyword] = keyword, _unquote(value, where, lineno)
    close(len(lines) + 1)
    return Catalogue(tuple(entries), header, _plural(header.get("Plural-Forms"), where))


def _entry(fields: dict[str, str], flags: set[str], comments: list[str], where: str) -> Entry:
    plural = fields.get("msgid_plural")
    if plural is None:
        strings: tuple[str, ...] = (fields.get("msgstr", ""),)
    else:
        forms = sorted(int(k[7:-1]) for k in fields if k.startswith("msgstr["))
        if forms != list(range(len(forms))) or not forms:
            raise CatalogueError(f"{where}: msgid_plural needs msgstr[0], msgstr[1]...")
        strings = tuple(fields[f"msgstr[{n}]"] for n in forms)
    return Entry(
        fields.get("msgctxt"), fields["msgid"], plural, strings, frozenset(flags), tuple(comments)
    )


def _unquote(text: str, where: str, lineno: int) -> str:
    body = text[1:-1]
    if len(text) > 1 and text[-1] == '"' and "\\" not in body and '"' not in body:
        return body  # most strings: nothing escaped
    match = _STRING.match(text)
    if match is None:
        raise CatalogueError(f"{where}:{lineno}: not a quoted string: {text[:40]!r}")

    def escape(m: re.Match[str]) -> str:
        if m.group(1) not in _ESCAPES:
            raise CatalogueError(f"{where}:{lineno}: unknown escape \\{m.group(1)}")
        return _ESCAPES[m.group(1)]

    return re.sub(r"\\(.)", escape, match.group(1))


def _header(text: str) -> dict[str, str]:
    pairs = (line.split(":", 1) for line in text.splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, value in pairs}


def _plural(forms: str | None, where: str) -> Callable[[int], int]:
    if not forms:
        return lambda n: int(n != 1)
    import gettext  # only to read a catalogue: the engine imports this module, not gettext

    match = re.search(r"plural\s*=\s*([^;]+)", forms)
    try:
        if match is None:
            raise ValueError(forms)
        return gettext.c2py(match.group(1))
    except (ValueError, SyntaxError) as exc:
        raise CatalogueError(f"{where}: Plural-Forms {forms!r} is not gettext's: {exc}") from None


# -- Writing ------------------------------------------------------------------------------------


def quote(text: str) -> str:
    """``text`` as a catalogue string, escaped.

    >>> print(quote('Say "NO!"\\n'))
    "Say \\"NO!\\"\\n"
    """
    return '"' + "".join(_UNESCAPED.get(c, c) for c in text) + '"'


def format_entry(entry: Entry) -> str:
    """``entry`` as catalogue lines (ending with a blank line), as :func:`parse` reads it back.

    >>> print(format_entry(Entry("note.pass", "{player} passes.")), end="")
    msgctxt "note.pass"
    msgid "{player} passes."
    msgstr ""
    <BLANKLINE>
    """
    lines = [f"#. {c}" for c in entry.comments]
    if entry.flags:
        lines.append("#, " + ", ".join(sorted(entry.flags)))
    if entry.context is not None:
        lines.append(f"msgctxt {quote(entry.context)}")
    lines.append(f"msgid {_quoted(entry.id)}")
    if entry.plural is None:
        lines.append(f"msgstr {_quoted(entry.strings[0])}")
    else:
        lines.append(f"msgid_plural {_quoted(entry.plural)}")
        lines += [f"msgstr[{n}] {_quoted(s)}" for n, s in enumerate(entry.strings)]
    return "\n".join(lines) + "\n\n"


def _quoted(text: str) -> str:
    """A string of several lines (a header) one line each, as gettext writes it."""
    if "\n" not in text[:-1]:
        return quote(text)
    return '""\n' + "\n".join(quote(line) for line in text.splitlines(keepends=True))
