"""The banker's words read from gettext catalogues say every sentence exactly as the Python
catalogues did: every code, rendered with thousands of sample parameters in English and French,
against the sentences recorded from the old renderer (``tests/message_samples.py``); and the
catalogues are well formed gettext, checked as the app's are."""

from __future__ import annotations

import pytest

from companion.messages import CODES, render
from companion.messages.catalogues import problems
from tests import message_samples

#: Where the catalogues say otherwise, and why: French says the singular for 0 (the catalogue's
#: Plural-Forms, ``n > 1``, as Babel's fr_FR and the app's catalogue); the Python catalogue said
#: "0 cases" and "ses 0 prochains tours". No game says either: a move is of 2 spaces or more,
#: and a seat's turns to skip are said only when there are some.
ZERO_IS_SINGULAR = {
    ("event.seat.skip_turns", "turns"): ("ses 0 prochains tours", "son prochain tour"),
    ("move.roll", "count"): ("de 0 cases", "de 0 case"),
    ("move.roll_back", "count"): ("de 0 cases", "de 0 case"),
}


def _expected(code: str, params: dict, lang: str, said: str) -> str:
    for (where, name), (old, new) in ZERO_IS_SINGULAR.items():
        if code == where and lang == "fr" and params.get(name) == 0:
            return said.replace(old, new)
    return said


def test_every_code_says_in_every_language_what_the_python_catalogues_said() -> None:
    table = message_samples.load()
    differ = [
        (code, params, lang, said[lang], render(code, params, lang))
        for code, params, said in table
        for lang in message_samples.LANGUAGES
        if render(code, params, lang) != _expected(code, params, lang, said[lang])
    ]
    assert differ[:5] == []
    assert set(CODES) <= {code for code, _, _ in table}
    assert len(table) > 4000


def test_the_catalogues_have_no_problem() -> None:
    assert problems() == []


@pytest.mark.parametrize("lang", message_samples.LANGUAGES)
def test_babel_reads_the_catalogues_as_the_companion_does(lang: str) -> None:
    """The files are gettext as the tools know it (Babel, the app's own reader), not a dialect."""
    pofile = pytest.importorskip("babel.messages.pofile")
    from companion.messages import po
    from companion.messages.rendering import catalogue_path

    with catalogue_path(lang).open("rb") as f:
        babel = pofile.read_po(f)
    ours = po.read(catalogue_path(lang))
    theirs = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in babel if m.id
    }
    mine = {
        (e.context, e.id): e.strings[0] if e.plural is None else e.strings for e in ours.entries
    }
    assert mine == theirs
    assert babel.plural_expr == ours.header["Plural-Forms"].split("plural=")[1].rstrip(";")
