"""The banker's words read from gettext catalogues say every sentence exactly as the Python
catalogues did: every code, rendered with thousands of sample parameters in English and French,
against the sentences recorded from the old renderer (``tests/message_samples.py``); and the
catalogues are well formed gettext, checked as the app's are."""

from __future__ import annotations

import shutil
from pathlib import Path

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
    """Every code declared when the table was recorded (a code added since has no sentence of
    before; one taken out since is no longer said)."""
    table = [case for case in message_samples.load() if case[0] in CODES]
    differ = [
        (code, params, lang, said[lang], render(code, params, lang))
        for code, params, said in table
        for lang in message_samples.LANGUAGES
        if render(code, params, lang) != _expected(code, params, lang, said[lang])
    ]
    assert differ[:5] == []
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


# -- The reader ---------------------------------------------------------------------------------


def test_the_reader_reads_what_gettext_writes() -> None:
    from companion.messages import po

    text = (
        "# a translator's comment\n"
        'msgid ""\n'
        'msgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);\\n"\n'
        "\n"
        "#. for the translator\n"
        "#, python-brace-format, fuzzy\n"
        'msgctxt "a"\n'
        'msgid ""\n"Say \\"NO!\\"\\t"\n"again\\n"\n'
        'msgstr "Dites \\"NON !\\"\\\\"\n'
        "\n"
        'msgctxt "b#n"\n'
        'msgid "{n} house"\n'
        'msgid_plural "{n} houses"\n'
        'msgstr[0] "{n} dom"\nmsgstr[1] "{n} domy"\nmsgstr[2] "{n} domów"\n'
        "\n"
        '#~ msgid "Gone"\n#~ msgstr "Parti"\n'
    )
    catalogue = po.parse(text)
    first, second = catalogue.entries
    assert first == po.Entry(
        "a",
        'Say "NO!"\tagain\n',
        None,
        ('Dites "NON !"\\',),
        frozenset({"python-brace-format", "fuzzy"}),
        ("for the translator",),
    )
    assert (second.plural, second.strings) == ("{n} houses", ("{n} dom", "{n} domy", "{n} domów"))
    assert [catalogue.plural(n) for n in (1, 3, 5, 22)] == [0, 1, 2, 1]
    assert po.parse(po.format_entry(first)).entries == (first,)
    assert po.parse(po.format_entry(second)).entries == (second,)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('msgid "a"\nmsgstr "b\n', r"x\.po:2: not a catalogue line"),
        ('msgid "a"\nmsgstr "\\q"\n', r"x\.po:2: unknown escape \\q"),
        ('"a"\n', r"x\.po:1: a string continues no keyword"),
        ('msgctxt "a"\nmsgstr "b"\n', r"x\.po:3: an entry without msgid"),
        ('msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n', r"x\.po:4: msgid_plural needs msgstr\[0\]"),
        ('msgid "a"\nmsgid "b"\n', r"x\.po:2: msgid twice in one entry"),
        ('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=import os;\\n"\n', "is not gettext's"),
    ],
)
def test_a_broken_catalogue_is_one_clear_error_naming_the_file_and_line(
    text: str, said: str
) -> None:
    from companion.messages import po

    with pytest.raises(po.CatalogueError, match=said):
        po.parse(text, "x.po")


# -- Converting codes written the old way --------------------------------------------------------


def test_convert_moves_codes_written_the_old_way_into_the_catalogues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A branch older than the catalogues added a code to ``codes.py``, ``en.py`` and ``fr.py``:
    one command adds it to both catalogues, and names the one worded by a function."""
    from companion.messages import catalogues, rendering

    for lang in ("en", "fr"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(rendering.catalogue_path(lang), folder)
    monkeypatch.setattr(rendering, "LOCALES", tmp_path)
    monkeypatch.setitem(CODES, "note.fresh", {"player": "player", "to": "account"})
    monkeypatch.setitem(CODES, "note.clever", {"player": "player"})
    (tmp_path / "en.py").write_text(
        "MESSAGES = {\n"
        '    "note.pass": "{player} passes.",\n'
        '    "note.fresh": "{player} gives the Pool to {to}.",\n'
        '    "note.clever": lambda p: p["player"],\n'
        "}\n"
        'WORDS = {"account.Pool": "the Pool", "speed.tram": "the Tram"}\n',
        "utf-8",
    )
    (tmp_path / "fr.py").write_text(
        "def _fr(template):\n"
        "    def words(p):\n"
        "        return template\n"
        "    words.template = template\n"
        "    return words\n"
        'MESSAGES = {"note.fresh": _fr("{player} donne le Pool {à to} !")}\n'
        'WORDS = {"speed.tram": "le Tram", "track.outer": "extérieure"}\n',
        "utf-8",
    )
    rendering.reload()
    try:
        said = catalogues.convert(tmp_path / "en.py", tmp_path / "fr.py")
        assert said[1].startswith("note.clever: worded by a Python function")
        assert said[::2] == ["note.fresh: added", "speed.tram: added"]
        assert catalogues.problems() == ["en: no English for code 'note.clever'"]
        assert render("note.fresh", {"player": "Ann", "to": "Pool"}, "fr") == (
            "Ann donne le Pool au Pool\u202f!"
        )
        assert render("event.rolled", {"player": "Ann", "dice": [1, 2, "tram"]}, "fr") == (
            "Ann a obtenu 1+2 et le Tram."
        )
        assert catalogues.convert(tmp_path / "en.py", tmp_path / "fr.py") == [said[1]]
    finally:
        rendering.reload()


def test_check_reports_a_stale_an_untranslated_and_a_badly_formed_french_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.messages import catalogues, po, rendering

    for lang in ("en", "fr"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(rendering.catalogue_path(lang), folder)
    monkeypatch.setattr(rendering, "LOCALES", tmp_path)
    french = rendering.catalogue_path("fr")
    text = french.read_text("utf-8")
    for old, new in [
        ('msgid "{player} passes."\nmsgstr "{player} passe."', 'msgid "{player} passes by."\nmsgstr "{player} passe."'),
        ('msgstr "{player} offre {amount}."', 'msgstr ""'),
        ('msgstr "Au tour {de player}."', 'msgstr "Au tour {du player} {joueur}."'),
        ('msgctxt "ask.respond[action]"', 'msgctxt "ask.respond[acton]"'),
    ]:  # fmt: skip
        assert old in text
        text = text.replace(old, new)
    french.write_text(text, "utf-8")
    po.read.cache_clear()
    try:
        assert catalogues.problems() == [
            "fr: 'event.turn': 'Au tour {du player} {joueur}.' names other fields than \"{player}'s turn.\"",
            "fr: 'event.turn': fr has no contraction 'du' ({du player})",
            "fr: 'ask.respond[acton]' names 'acton', which 'ask.respond' does not have",
            "fr: 'ask.respond[acton]' is no code nor word of the English catalogue",
            "fr: 'note.bid' has no translation",
            "fr: 'note.pass' is stale: its msgid '{player} passes by.' is not the English '{player} passes.'",
            "fr: no entry 'ask.respond[action]'",
        ]  # fmt: skip
    finally:
        po.read.cache_clear()
