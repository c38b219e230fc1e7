"""The banker's catalogues checked, and codes worded the old way moved into them.

``python -m companion.messages check`` says what is wrong with the catalogues (exit 1): a code
(the banker's, or a referee's note's of the resolver or of any shipped edition's space rule)
without English, an entry that is no code nor word, a French entry missing, stale (its
``msgid`` is not today's English) or naming other ``{fields}`` than its English, a context that
does not read. The tests run it.

``python -m companion.messages convert EN.py FR.py`` moves codes and words written the way
they were before the catalogues (a ``MESSAGES`` and a ``WORDS`` dict in ``en.py`` and
``fr.py``, as a branch older than the catalogues has them) into the catalogues: each code or
word the English catalogue lacks is added at its end, in English and in French. A code worded
by a Python function is named, to be written by hand as one entry per case (see
:mod:`companion.messages.rendering`). For a branch merged after the catalogues::

    git show BRANCH:companion/messages/en.py > /tmp/en.py
    git show BRANCH:companion/messages/fr.py > /tmp/fr.py
    python -m companion.messages convert /tmp/en.py /tmp/fr.py
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from companion.editions import Edition, edition, known_editions
from companion.messages import po
from companion.messages.codes import CODES, is_code, kinds_of, referee_codes
from companion.messages.fr import NARROW_NBSP, NBSP, typeset
from companion.messages.rendering import (
    CONTEXT,
    FIELD,
    card_word,
    catalogue_path,
    languages,
    typography,
)
from companion.rules.cards import CardDeck

#: Words whose English is no catalogue's but the game's data: a card's title, a space's name...
DATA_WORDS = ("card", "card_effect", "voucher", "space", "track", "group", "company")

_TYPESET = re.compile(f"[{NBSP}{NARROW_NBSP}](?=[:;!?»$])|(?<=«){NBSP}")


def untypeset(text: str) -> str:
    """French text as a translator types it: the no-break spaces :func:`typeset` puts back are
    ordinary spaces (a text whose spaces it would not put back as they were is kept as it is).

    >>> untypeset(typeset("Prêt ? « Go ! » 25 $")) == "Prêt ? « Go ! » 25 $"
    True
    >>> untypeset("Go\u00a0!") == "Go\u00a0!"
    True
    """
    plain = _TYPESET.sub(" ", text)
    return plain if typeset(plain) == typeset(text) else text


def english_of(key: str, edition: Edition) -> str | None:
    """The English of a data word of ``edition`` (``card.<id>``: the card's title as its data
    words it, ``{space}`` and all; ``card.<catalogue>.<id>``: a card of the shipped deck the
    catalogues word as ``catalogue``), None for another word."""
    group, _, value = key.partition(".")
    deck = edition.deck
    if group in ("card", "card_effect"):
        catalogue, _, card = value.rpartition(".")
        worded = _worded_decks().get(catalogue, deck) if catalogue else deck
        template = worded.templates.get(card)
        return None if template is None else template[group == "card_effect"]
    if group == "voucher":
        return deck.vouchers[value].label if value in deck.vouchers else None
    return value if group in DATA_WORDS else None


def _worded_decks() -> dict[str, CardDeck]:
    """The shipped editions' decks that the catalogues word under a name of their own."""
    decks = (edition(known).deck for known in known_editions())
    return {deck.catalogue: deck for deck in decks if deck.catalogue}


def _key(entry: po.Entry) -> str:
    match = CONTEXT.match(entry.context or "")
    return match.group(1) if match else ""


def _fields(text: str) -> set[str]:
    return {m.group(2) for m in FIELD.finditer(text)}


def problems() -> list[str]:
    """What is wrong with the catalogues, one line each; none when they are right."""
    said: list[str] = []
    english = {e.context: e for e in po.read(catalogue_path("en")).entries}
    codes_worded = {_key(e) for e in english.values()}
    codes = (*CODES, *referee_codes())
    said += [f"en: no English for code {code!r}" for code in codes if code not in codes_worded]
    for lang in languages():
        catalogue = po.read(catalogue_path(lang))
        for entry in catalogue.entries:
            said += [f"{lang}: {line}" for line in _entry_problems(entry, english, lang)]
        if lang != "en":
            have = {e.context for e in catalogue.entries}
            said += [f"{lang}: no entry {c!r}" for c in english if c not in have]
            said += [
                f"{lang}: no entry {word!r} (a card of the {catalogue} decks)"
                for catalogue, deck in _worded_decks().items()
                for card in deck.cards
                for variant in ("", "effect")
                if (word := card_word(catalogue, card, variant)) not in have
            ]
    for edition_id in known_editions():
        said += edition_problems(edition(edition_id), english)
    return said


def edition_problems(played: Edition, english: Mapping[Any, po.Entry] | None = None) -> list[str]:
    """What is wrong with an edition's own words (:attr:`Edition.words`): each entry words a
    code or word of the shared English catalogue with no field it lacks, in English and in
    every other language the edition words (each entry of its English there, translated)."""
    said: list[str] = []
    if not played.words:
        return said
    if english is None:
        english = {e.context: e for e in po.read(catalogue_path("en")).entries}
    where = f"{played.id} words"
    unknown = sorted(set(played.words) - set(languages()))
    said += [f"{where}: {lang}: no such language of the catalogues" for lang in unknown]
    own_english: dict[Any, po.Entry] = {}
    if "en" in played.words:
        own_english = {e.context: e for e in po.read(played.words["en"]).entries}
    else:
        said.append(f"{where}: no English (locales/en.po)")
    for context, entry in own_english.items():
        shared = english.get(context)
        if shared is None:
            said.append(f"{where}: en: {context!r} words no entry of the shared catalogue")
            continue
        fields = _fields(shared.id) | _fields(shared.plural or "")
        for text in (entry.id, entry.plural or ""):
            if _fields(text) - fields:
                said.append(f"{where}: en: {text!r} names other fields than {shared.id!r}")
        if any(entry.strings):
            said.append(f"{where}: en: {context!r}: English is the msgid; leave msgstr empty")
    for lang in sorted(set(played.words) - {"en"} - set(unknown)):
        entries = {e.context: e for e in po.read(played.words[lang]).entries}
        said += [f"{where}: {lang}: no entry {c!r}" for c in own_english if c not in entries]
        for context, entry in entries.items():
            source = own_english.get(context)
            expected = source.id if source else english_of(_context_key(context or ""), played)
            if expected is None:
                said.append(f"{where}: {lang}: {context!r} is no word of the edition's English")
            elif entry.id != expected:
                said.append(f"{where}: {lang}: {context!r} is stale: not the English {expected!r}")
            if not all(entry.strings):
                said.append(f"{where}: {lang}: {context!r} has no translation")
            for text in entry.strings:
                if _fields(text) - _fields(entry.id) - _fields(entry.plural or ""):
                    said.append(f"{where}: {lang}: {text!r} names other fields than {entry.id!r}")
    return said


def _context_key(context: str) -> str:
    match = CONTEXT.match(context)
    return match.group(1) if match else context


def _entry_problems(entry: po.Entry, english: Mapping[Any, po.Entry], lang: str) -> Iterator[str]:
    context = entry.context or ""
    match = CONTEXT.match(context)
    if match is None:
        yield f"the context {context!r} does not read: a code or word, [conditions], #count"
        return
    key, conditions, count = match.groups()
    if is_code(key):
        kinds = kinds_of(key)
        if kinds is None:
            yield f"{context!r}: no note of the referee has the code {key!r}"
            return
        declared = set(kinds)
        # The left of a condition is a parameter; its right another one, or a value (Pool).
        named = {c.partition("=")[0] for c in (conditions or "").split(",") if c}
        for name in sorted(named - {""} - declared | ({count} - declared - {None})):
            yield f"{context!r} names {name!r}, which {key!r} does not have"
    elif lang == "en" and key.split(".")[0] in DATA_WORDS:
        yield f"{context!r}: the English of a data word is the data's, not the catalogue's"
    if (count is None) != (entry.plural is None):
        yield f"{context!r}: a plural entry has a #count in its context, and only it"
    source = english.get(context)
    expected = (
        source.id if source else english_of(key, edition())
    )  # the cards the catalogues word: Ultimate's
    if source is None and expected is None:
        yield f"{context!r} is no code nor word of the English catalogue"
    elif lang != "en" and entry.id != expected:
        yield f"{context!r} is stale: its msgid {entry.id!r} is not the English {expected!r}"
    if lang == "en" and any(entry.strings):
        yield f"{context!r}: English is the msgid; leave msgstr empty"
    if lang != "en" and not all(entry.strings):
        yield f"{context!r} has no translation"
    english_fields = _fields(entry.id) | _fields(entry.plural or "")
    contractions = typography(lang).CONTRACTIONS
    for text in entry.strings if lang != "en" else (entry.id, entry.plural or ""):
        if text and _fields(text) - english_fields - ({count} if count else set()):
            yield f"{context!r}: {text!r} names other fields than {entry.id!r}"
        for m in FIELD.finditer(text):
            if m.group(1) and m.group(1) not in contractions:
                yield f"{context!r}: {lang} has no contraction {m.group(1)!r} ({m.group(0)})"


# -- Converting the Python catalogues of before --------------------------------------------------


def _module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"_old_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path} is not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _template(value: Any) -> str | None:
    """An old catalogue's template: a string, or the string a French ``_fr(...)`` wraps."""
    value = getattr(value, "template", value)
    return value if isinstance(value, str) else None


def convert(en_path: Path, fr_path: Path) -> list[str]:
    """Add to the catalogues the codes and words of the old ``en.py`` and ``fr.py`` they lack;
    what was added, and what is left to do by hand."""
    old_en, old_fr = _module(en_path), _module(fr_path)
    known = {_key(e) for e in po.read(catalogue_path("en")).entries}
    known_in_french = {_key(e) for e in po.read(catalogue_path("fr")).entries}
    said: list[str] = []
    added: dict[str, list[po.Entry]] = {"en": [], "fr": []}
    old_words = {
        **{f"command.{k}": v for k, v in getattr(old_en, "COMMAND_NOUNS", {}).items()},
        **getattr(old_en, "WORDS", {}),
    }
    french_words = {
        **{f"command.{k}": v for k, v in getattr(old_fr, "COMMAND_NOUNS", {}).items()},
        **getattr(old_fr, "WORDS", {}),
    }
    items = [(code, _template(t)) for code, t in getattr(old_en, "MESSAGES", {}).items()]
    items += list(old_words.items())
    for key, text in items:
        if key in known:
            continue
        if text is None:
            said.append(f"{key}: worded by a Python function in {en_path}: write its cases by hand")
            continue
        added["en"].append(po.Entry(key, text))
        french = _template(old_fr.MESSAGES.get(key)) if key in CODES else french_words.get(key)
        if french is None:
            said.append(f"{key}: no French in {fr_path}; added untranslated")
        added["fr"].append(po.Entry(key, text, strings=(untypeset(french or ""),)))
        said.append(f"{key}: added")
    for key, french in french_words.items():
        source = english_of(key, edition())  # the cards the catalogues word: Ultimate's
        if key not in old_words and source is not None and key not in known_in_french:
            added["fr"].append(po.Entry(key, source, strings=(untypeset(french),)))
            said.append(f"{key}: added")
    for lang, entries in added.items():
        if entries:
            with catalogue_path(lang).open("a", encoding="utf-8") as f:
                f.write("".join(po.format_entry(e) for e in entries))
    po.read.cache_clear()
    return said


def main(argv: list[str] | None = None) -> int:
    """``check`` (exit 1 on a problem) or ``convert EN.py FR.py``."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["check"]:
        said = problems()
    elif len(args) == 3 and args[0] == "convert":
        said = convert(Path(args[1]), Path(args[2]))
    else:
        print("usage: python -m companion.messages check | convert EN.py FR.py", file=sys.stderr)
        return 2
    for line in said:
        print(line)
    return 1 if said and args == ["check"] else 0
