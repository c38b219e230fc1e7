"""ui.i18n: the catalogs are complete, the extractor finds every marked string, and switching the
language changes what ``_()`` and ``money()`` say and tells the listeners."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import write_po

from companion.messages import language as engine_language
from ui import i18n

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_catalogs_hold_every_msgid_of_the_code_and_french_translates_each_one() -> None:
    """``python -m ui.i18n check``: nothing missing or stale, every French msgstr filled with the
    same ``{fields}`` as its msgid. Run ``python -m ui.i18n extract`` and translate to mend it."""
    assert i18n.problems() == []
    assert i18n.main(["check"]) == 0


def test_no_msgid_writes_an_amount_out() -> None:
    """An amount is a ``{field}`` filled with ``money()`` (``1 500 $`` in French), never dollars
    typed into a sentence: "Birthday Gift collects $100 ..." was."""
    import re

    written = re.compile(r"\$\s?\d|\d\s?\$")
    found = i18n.extract_messages()
    texts = [t for key in found for t in (key if isinstance(key, tuple) else (key,))]
    assert [t for t in texts if written.search(t)] == []


def test_the_extractor_finds_the_app_s_strings() -> None:
    found = i18n.extract_messages()
    assert len(found) > 50
    assert all(where.startswith("ui/") for places in found.values() for where, _ in places)


def _tree(root: Path) -> Path:
    ui = root / "ui"
    (ui / "screens").mkdir(parents=True)
    (ui / "screens" / "table.py").write_text(
        "from ui.i18n import _, N_, ngettext, translate\n"
        "LABELS = (N_('Roll'),)\n"
        "def f(n, lang):\n"
        "    # i18n: on the big button\n"
        "    a = _('Buy for {amount}', amount=money(430, lang))\n"
        "    b = ngettext('{n} house', '{n} houses', n)\n"
        "    return translate('Auction', lang), a, b, _(\n        'Two '\n        'lines'\n    )\n",
        "utf-8",
    )
    (ui / "screens" / "table.kv").write_text(
        "<TableScreen>:\n"
        "    Button:\n"
        '        text: l._("Undo {what}", what=root.what)\n'
        "    Label:\n"
        "        text: l._('It\\'s {player}\\'s turn', player=root.player)\n",
        "utf-8",
    )
    return ui


def test_the_extractor_reads_python_and_kv_marks(tmp_path: Path) -> None:
    found = i18n.extract_messages(_tree(tmp_path))
    assert list(found) == [
        "Undo {what}",
        "It's {player}'s turn",
        "Roll",
        "Buy for {amount}",
        ("{n} house", "{n} houses"),
        "Auction",
        "Two lines",
    ]
    assert found["Buy for {amount}"] == [("ui/screens/table.py", ["on the big button"])]


def test_merging_keeps_translations_appends_new_msgids_and_retires_stale_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locales")
    ui = _tree(tmp_path)
    found = i18n.extract_messages(ui)
    i18n.write_catalogs(found)
    catalog = i18n.read_catalog("fr")
    catalog["Roll"].string = "Lancer"
    catalog.add("Gone", "Parti")
    with i18n.po_path("fr").open("wb") as f:
        write_po(f, catalog)

    (ui / "late.kv").write_text('Label:\n    text: l._("Late")\n', "utf-8")
    before = i18n.po_path("fr").read_text("utf-8")
    problems = i18n.problems(i18n.extract_messages(ui))
    assert "fr: new msgid 'Late'" in problems and "fr: stale msgid 'Gone'" in problems
    assert "fr: no translation of 'Auction'" in problems
    assert i18n.po_path("fr").read_text("utf-8") == before  # checking writes nothing

    i18n.write_catalogs(i18n.extract_messages(ui))
    merged = i18n.read_catalog("fr")
    ids = [m.id for m in merged if m.id]
    assert ids[-1] == "Late" and "Gone" not in ids and ids[0] == "Undo {what}"
    assert merged["Roll"].string == "Lancer"
    assert "Gone" in merged.obsolete
    i18n.reload()


def test_a_french_msgstr_naming_other_fields_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locales")
    found = {"Buy for {amount}": [("ui/x.py", [])]}
    i18n.write_catalogs(found)
    catalog = i18n.read_catalog("fr")
    catalog["Buy for {amount}"].string = "Acheter pour {montant}"
    with i18n.po_path("fr").open("wb") as f:
        write_po(f, catalog)
    assert i18n.problems(found) == [
        "fr: ('Acheter pour {montant}',) names other fields than 'Buy for {amount}'"
    ]
    i18n.reload()


def _a_french_msgid() -> tuple[str, str]:
    """A msgid of the real catalog that French says otherwise, and its French."""
    for message in i18n.read_catalog("fr"):
        if isinstance(message.id, str) and message.id and message.string:
            if message.string != message.id and "{" not in message.id:
                return message.id, i18n.french_spacing(message.string)
    raise AssertionError("the French catalog translates nothing")


def test_switching_the_language_changes_the_words_and_amounts_and_tells_listeners() -> None:
    msgid, french = _a_french_msgid()
    heard: list[str] = []
    i18n.on_language(heard.append)
    try:
        assert i18n.language() == "en"
        assert (i18n._(msgid), i18n.money(1500), i18n.number(1500)) == (msgid, "$1,500", "1,500")
        i18n.set_language("fr")
        assert i18n.language() == "fr" and heard == ["fr"]
        assert i18n._(msgid) == french != msgid
        assert i18n.money(1500) == f"1{NNBSP}500{NBSP}$"
        assert i18n.number(1500) == f"1{NNBSP}500"
        i18n.set_language("fr")  # no change, no call
        assert heard == ["fr"]
        with pytest.raises(ValueError, match="no language 'de'"):
            i18n.set_language("de")
        assert i18n.language() == "fr" and heard == ["fr"]
        i18n.set_language("en")
        assert heard == ["fr", "en"] and i18n._(msgid) == msgid
    finally:
        i18n.remove_listener(heard.append)


def test_fields_are_filled_after_translation_and_a_missing_one_stays_visible(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        i18n._catalogs, "fr", {"Buy for {amount}": "Acheter pour {amount} ({oops})"}
    )
    i18n.set_language("fr")
    assert (
        i18n._("Buy for {amount}", amount=i18n.money(430)) == f"Acheter pour 430{NBSP}$ ({{oops}})"
    )
    assert i18n.translate("Buy for {amount}", "en", amount="$430") == "Buy for $430"
    assert i18n._("Not in the catalog") == "Not in the catalog"


def test_plurals_follow_each_language_s_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    key = ("{n} house", "{n} houses")
    monkeypatch.setitem(i18n._catalogs, "fr", {key: ("{n} maison", "{n} maisons")})
    assert [i18n.ngettext(*key, n, "fr") for n in (0, 1, 2)] == [
        "0 maison",
        "1 maison",
        "2 maisons",
    ]
    assert [i18n.ngettext(*key, n, "en") for n in (0, 1, 2)] == ["0 houses", "1 house", "2 houses"]
    assert i18n.ngettext(*key, 1500, "fr") == f"1{NNBSP}500 maisons"


@pytest.mark.parametrize("amount", [0, 7, 999, 1000, 1500, 32000, 1234567, -50, -1500])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_app_s_amounts_are_the_engine_s(amount: int, lang: str) -> None:
    assert i18n.money(amount, lang) == engine_language(lang).money(amount)


def test_french_msgstrs_are_typeset_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    msgid = next(
        m.id
        for m in i18n.read_catalog("fr")
        if isinstance(m.id, str) and m.string and (" :" in m.string or " ?" in m.string)
    )
    text = i18n.translate(msgid, "fr")
    assert " :" not in text and " ?" not in text and (f"{NBSP}:" in text or f"{NNBSP}?" in text)


def test_a_text_french_does_not_translate_is_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    """A msgid built at run time escapes the extractor; the app run in French still says it."""
    monkeypatch.setitem(i18n._catalogs, "fr", {"Known": "Connu"})
    assert i18n.translate("Known", "fr") == "Connu"
    assert i18n.translate("Built at {when}", "fr", when="run time") == "Built at run time"
    assert i18n.translate("English is the source", "en") == "English is the source"
    assert i18n.ngettext("{n} ghost", "{n} ghosts", 2, "fr") == "2 ghosts"
    assert {("fr", "Built at {when}"), ("fr", "{n} ghost")} <= i18n.untranslated()
    assert not {m for lang, m in i18n.untranslated() if m in ("Known", "English is the source")}
