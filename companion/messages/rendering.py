"""Messages into sentences: a code and its parameters, worded by one language's catalogue.

A language is a gettext catalogue, ``companion/locales/<lang>/LC_MESSAGES/messages.po``, read
by :mod:`companion.messages.po`, and a module of this package named by its code (``fr.py``;
English's when it has none) with what is not words: ``money(amount)``, ``typeset(text)``
(French spaces) and ``CONTRACTIONS`` (``{de name}``: ``du Pool``, ``d'Ann``).

Each entry's ``msgctxt`` is a message code (``note.bid``) or a word (``account.Pool``,
``card.<id>``...), its ``msgid`` the English and its ``msgstr`` the language's words; English
leaves ``msgstr`` empty. A ``{name}`` is a parameter shown by its kind (``codes.kinds_of``),
``{name:variant}`` another form of it (``{card:effect}``), ``{de name}`` a contraction.
A code worded differently by its values has one entry per case, the context naming what holds:
``ask.respond[action]`` (``action`` given: not None, False, 0 or empty), ``move.roll[end=to]``
(``end`` shown as ``to``, another parameter of the code), ``referee.action.pay_tax[payee=Pool]``
(``payee`` is ``Pool``: a value, for the code has no parameter ``Pool``); the entry whose
conditions all hold, the most of them, is said. A
context ending in ``#name`` is a plural entry whose form follows the number ``name`` (an
integer, or the length of a list), by the catalogue's ``Plural-Forms``.

A code or a word missing from a language is taken from English, so a new language can start
with part of the catalogue.

>>> render("note.bid", {"player": "Ann", "amount": 1500})
'Ann bids $1,500.'
>>> render("reason.rent", {"space": "middle:39"})
'rent for Boardwalk'
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from companion.editions import Edition, of_game
from companion.errors import CompanionError
from companion.messages import po
from companion.messages.codes import CODES, REASON_PREFIX, is_code, kinds_of

if TYPE_CHECKING:
    from companion.rules.cards import Unlisted

LOCALES = Path(__file__).resolve().parents[1] / "locales"
DOMAIN = "messages"

_LANG = re.compile(r"[a-z]{2,3}\Z")
#: Event fields that are not a message's parameters.
_NOT_PARAMS = frozenset({"type", "code", "params", "text"})
#: A context: the code or word, the conditions of its case, the number its plural follows.
CONTEXT = re.compile(r"([^\[\]#]+)(?:\[([\w=,]+)\])?(?:#(\w+))?\Z")
#: A field of a template: ``{name}``, ``{name:variant}``, ``{de name}``.
FIELD = re.compile(r"\{(?:(\w+) )?(\w+)(?::(\w+))?\}")


class Message(TypedDict):
    """A message as JSON: its code and parameters (JSON primitives), worded by :func:`render`.

    A transfer's ``reason``, a payment task's, a nested ``message`` parameter.
    """

    code: str
    params: dict[str, Any]


class MessageError(CompanionError, LookupError):
    """A message code no catalogue knows, a language that does not exist, or a missing parameter."""


#: A template cut at its fields: (the text before a field, its contraction, name, variant).
Pieces = tuple[tuple[str, str | None, str, str], ...]


@dataclass(frozen=True, slots=True)
class Wording:
    """One case of a code: the conditions under which it is said, the parameter whose number
    chooses the plural form (if any), and its forms (one, or one per plural form)."""

    conditions: tuple[str, ...]
    count: str | None
    forms: tuple[str, ...]
    pieces: tuple[Pieces, ...] = ()
    #: The conditions cut at their ``=``: (a parameter given, the one it equals or "").
    tests: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, conditions: tuple[str, ...], count: str | None, forms: tuple[str, ...]) -> Wording:
        tests = tuple((name, same) for name, _, same in (c.partition("=") for c in conditions))
        return cls(conditions, count, forms, tuple(_pieces(form) for form in forms), tests)

    def holds(self, values: Mapping[str, Any], p: Params, kinds: Mapping[str, str]) -> bool:
        for name, same in self.tests:
            if not _given(values.get(name)):
                return False
            if not same:
                continue
            if same not in kinds:  # a value, not another parameter
                if str(values[name]) != same:
                    return False
            elif not _given(values.get(same)) or p[name] != p[same]:
                return False
        return True


def _pieces(template: str) -> Pieces:
    pieces, start = [], 0
    for match in FIELD.finditer(template):
        before, name, variant = match.groups()
        pieces.append((template[start : match.start()], before, name, variant or ""))
        start = match.end()
    return (*pieces, (template[start:], None, "", ""))


def _given(value: Any) -> bool:
    return value is not None and value is not False and value != 0 and value not in ("", [])


@dataclass(frozen=True, slots=True)
class Language:
    """One language's catalogue, with English behind it for what it does not word yet."""

    code: str
    messages: Mapping[str, tuple[Wording, ...]]
    words: Mapping[str, str]
    plural: Callable[[int], int]
    money: Callable[[int], str]
    typeset: Callable[[str], str]
    contractions: Mapping[str, Callable[[str], str]]
    #: The edition whose spaces, cards and vouchers the sentences name.
    edition: Edition

    def join(self, names: Sequence[str]) -> str:
        """Names as a list in a sentence: ``Ann, Bob and Cy``."""
        if len(names) <= 1:
            return "".join(names) or self.words["join.nobody"]
        last = self.words["join.and"]
        return last.format(names=", ".join(names[:-1]), last=names[-1])

    def roll(self, d1: int, d2: int, speed: Any) -> str:
        """Two regular dice and the speed die (``None`` when it was not rolled)."""
        if speed is None:
            return f"{d1}+{d2}"
        face = self.words.get(f"speed.{speed}", str(speed))
        return self.words["roll.speed"].format(dice=f"{d1}+{d2}", speed=face)


#: A language as the render functions take it: its code, or the catalogue itself (for an
#: edition, as one render function hands it to the next).
Lang = str | Language


def languages() -> tuple[str, ...]:
    """The languages there is a catalogue for.

    >>> "en" in languages()
    True
    """
    return tuple(
        sorted(
            path.name
            for path in LOCALES.iterdir()
            if _LANG.match(path.name) and (path / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
        )
    )


def catalogue_path(lang: str) -> Path:
    """The catalogue file of ``lang``."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def language(lang: Lang, edition: Edition | None = None) -> Language:
    """The catalogue of ``lang`` (``"en"``, ``"fr"``...) for ``edition``'s spaces and cards
    (a game that names none is Ultimate's, as its log)."""
    if isinstance(lang, Language):
        return lang if edition is None or edition is lang.edition else _language(lang.code, edition)
    if edition is None:  # the most frequent question (every word of a screen), answered first
        found = _OF_LOGS_WITHOUT_EDITION.get(lang)
        if found is None:
            found = _OF_LOGS_WITHOUT_EDITION[lang] = _language(lang, of_game(None))
        return found
    return _language(lang, edition)


#: The catalogues for a game that names no edition, by language: :func:`language`'s shortcut.
_OF_LOGS_WITHOUT_EDITION: dict[str, Language] = {}


def reload() -> None:
    """Read the catalogues again at the next sentence (a translator's change, a test's)."""
    _language.cache_clear()
    _OF_LOGS_WITHOUT_EDITION.clear()
    _SIGNATURES.clear()


@functools.cache
def _language(lang: str, edition: Edition) -> Language:
    if not isinstance(lang, str) or not _LANG.match(lang) or lang not in languages():
        raise MessageError(f"no language {lang!r}; the languages are {', '.join(languages())}")
    catalogue = po.read(catalogue_path(lang))
    module = typography(lang)
    messages, words = wordings(catalogue, module.typeset)
    own = edition.words.get(lang)
    if own is not None:  # the edition's own words for some codes (Edition.words)
        own_messages, own_words = wordings(po.read(own), module.typeset)
        messages.update(own_messages)
        words.update(own_words)
    if lang != "en":
        en = _language("en", edition)
        messages, words = {**en.messages, **messages}, {**en.words, **words}
    return Language(
        lang,
        messages,
        words,
        catalogue.plural,
        functools.partial(module.money, written=edition.money),
        module.typeset,
        module.CONTRACTIONS,
        edition,
    )


def typography(lang: str) -> Any:
    """The module of what ``lang`` writes otherwise than in words (``fr.py``), or English's."""
    try:
        return importlib.import_module(f"companion.messages.{lang}")
    except ModuleNotFoundError:
        return importlib.import_module("companion.messages.en")


def wordings(
    catalogue: po.Catalogue, typeset: Callable[[str], str] = str
) -> tuple[dict[str, tuple[Wording, ...]], dict[str, str]]:
    """A catalogue's codes, each with its cases, and its words (``typeset``); an entry without
    words (an empty ``msgstr``) is worded by its English, its ``msgid``."""
    messages: dict[str, list[Wording]] = {}
    words: dict[str, str] = {}
    for entry in catalogue.entries:
        match = CONTEXT.match(entry.context or "")
        if match is None or "fuzzy" in entry.flags:
            continue
        key, conditions, count = match.groups()
        english = (entry.id,) if entry.plural is None else (entry.id, entry.plural)
        forms = entry.strings if all(entry.strings) else english
        if is_code(key):
            wording = Wording.of(tuple(conditions.split(",")) if conditions else (), count, forms)
            messages.setdefault(key, []).append(wording)
        else:
            words[key] = typeset(forms[0])
    return {k: tuple(v) for k, v in messages.items()}, words


class Params:
    """A message's parameters as a template sees them.

    ``p["space"]`` is the value shown in the sentence (a space's printed name, ``$1,500``...),
    ``p.shown("card", "effect")`` another form of it.
    """

    __slots__ = ("_values", "_kinds", "_lang")

    def __init__(self, values: Mapping[str, Any], kinds: Mapping[str, str], lang: Language):
        self._values = values
        self._kinds = kinds
        self._lang = lang

    def __getitem__(self, name: str) -> str:
        return self.shown(name)

    def shown(self, name: str, variant: str = "") -> str:
        if name not in self._values:
            raise MessageError(f"the message has no parameter {name!r}")
        kind = self._kinds.get(name, "text")
        if kind == "why":  # a reason is said with what it names: the message's count, card...
            return render(REASON_PREFIX + str(self._values[name]), self._values, self._lang)
        return _show(kind, self._values[name], variant, self._lang)


def render(
    code: str,
    params: Mapping[str, Any] | None = None,
    lang: Lang = "en",
    *,
    edition: Edition | None = None,
) -> str:
    """The sentence of message ``code`` with ``params``, in ``lang``.

    >>> render("event.turn", {"player": "Ann"})
    "Ann's turn."
    """
    language_ = language(lang, edition)
    signature = _SIGNATURES.get(code) or _signature(code)
    cases = language_.messages.get(code)
    if signature is None or cases is None:
        raise MessageError(f"no message {code!r}")
    kinds, required = signature
    values = {k: v for k, v in (params or {}).items() if v is not None}
    missing = [name for name in required if name not in values]
    if missing:
        raise MessageError(f"message {code!r} needs {', '.join(map(repr, missing))}")
    p = Params(values, kinds, language_)
    if len(cases) == 1 and not cases[0].conditions:
        case = cases[0]
    else:
        held = [case for case in cases if case.holds(values, p, kinds)]
        if not held:
            raise MessageError(f"no wording of {code!r} in {lang!r} for {sorted(values)}")
        case = max(held, key=lambda c: len(c.conditions))
    pieces = case.pieces[0]
    if case.count is not None:
        form = language_.plural(_number(values.get(case.count, 0)))
        pieces = case.pieces[min(form, len(case.pieces) - 1)]
    said = []
    for text, before, name, variant in pieces:
        said.append(text)
        if name:
            shown = p.shown(name, variant)
            contract = language_.contractions.get(before) if before else None
            said.append(contract(shown) if contract else shown)  # check reports an unknown one
    return language_.typeset("".join(said))


#: Each code's parameters with the kind each is shown as, and those it cannot be said without:
#: :func:`_signature`'s, kept until the catalogues are read again (:func:`reload`).
_SIGNATURES: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {}


def _signature(code: str) -> tuple[dict[str, str], tuple[str, ...]] | None:
    """``code``'s parameters (``codes.kinds_of``) as :func:`render` reads them: each with its
    kind without the ``?`` that marks an optional one, and the names of the required ones."""
    params = kinds_of(code)
    if params is None:
        return None
    kinds = {name: kind.rstrip("?") for name, kind in params.items()}
    required = tuple(name for name, kind in params.items() if not kind.endswith("?"))
    _SIGNATURES[code] = kinds, required
    return kinds, required


def _number(value: Any) -> int:
    """The number a plural form follows: an integer, or how many a list holds."""
    if isinstance(value, list | tuple):
        return len(value)
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0  # a value no kind can show: said as it is, in the form of none


def message(code: str, **params: Any) -> Message:
    """A message as JSON, to store in an event (a transfer's reason...); the code must exist.
    Parameters given as ``None`` are left out.

    >>> message("reason.rent", space="middle:39")
    {'code': 'reason.rent', 'params': {'space': 'middle:39'}}
    """
    if code not in CODES:
        raise MessageError(f"no message {code!r}")
    return {"code": code, "params": {k: v for k, v in params.items() if v is not None}}


def render_message(value: Any, lang: Lang = "en", *, edition: Edition | None = None) -> str:
    """A stored message: ``{"code": ..., "params": ...}``, or the English text an old log holds."""
    if isinstance(value, Mapping) and isinstance(value.get("code"), str):
        return render(value["code"], value.get("params") or {}, lang, edition=edition)
    return str(value)


def render_event(
    event: Mapping[str, Any], lang: Lang = "en", *, edition: Edition | None = None
) -> str | None:
    """One sentence for an event, or ``None`` for bookkeeping the table need not read.

    An event with a ``code`` is worded from its ``params`` and its own fields; one written
    before codes existed shows the ``text`` it stored; the others are worded from their fields.

    >>> render_event({"type": "note", "text": "Ann passes."})
    'Ann passes.'
    >>> render_event({"type": "note", "code": "note.pass", "params": {"player": "Ann"}}, "en")
    'Ann passes.'
    >>> render_event({"type": "bank", "set": {"roll_three_left": 19}}) is None
    True
    """
    lang = language(lang, edition)
    code = event.get("code")
    if isinstance(code, str):
        fields = {k: v for k, v in event.items() if k not in _NOT_PARAMS}
        try:
            return render(code, {**fields, **(event.get("params") or {})}, lang)
        except MessageError:
            # A code this version does not know (a newer log): its stored words, if any.
            return str(event["text"]) if "text" in event else f"({code})"
    if "text" in event:
        return str(event["text"])
    words = _DERIVED.get(event.get("type", ""))
    return None if words is None else words(event, lang)


def render_decision(decision: Any, lang: Lang = "en", *, edition: Edition | None = None) -> str:
    """What a decision asks, from its code (or the text an old log holds).

    Accepts a :class:`companion.banker.state.Decision` or its JSON.

    >>> render_decision({"kind": "roll", "player": "Ann", "text": "Ann: roll the dice.",
    ...                  "answers": ["roll"]})
    'Ann: roll the dice.'
    """
    if isinstance(decision, Mapping):
        code, params = decision.get("code"), decision.get("params")
        player, text = decision.get("player"), decision.get("text")
    else:
        code, params = getattr(decision, "code", None), getattr(decision, "params", None)
        player, text = getattr(decision, "player", None), getattr(decision, "text", None)
    if isinstance(code, str) and code:
        try:
            return render(code, {"player": player, **(params or {})}, lang, edition=edition)
        except MessageError:
            if not text:
                return f"({code})"
    return str(text or "")


# -- Kinds ------------------------------------------------------------------------------------


def _show(kind: str, value: Any, variant: str, lang: Language) -> str:
    shower = _KINDS.get(kind)
    try:
        return shower(value, variant, lang) if shower else str(value)
    except (KeyError, TypeError, ValueError, IndexError):
        # A value a stored message should not hold: shown as it is rather than refused.
        return value if isinstance(value, str) else json.dumps(value)


def unshowable(
    code: str, params: Mapping[str, Any], *, edition: Edition | None = None
) -> str | None:
    """Why a parameter of ``code`` holds a value its kind cannot show (a table situation's
    decision written by hand), or ``None``. Rendering shows such a value as it is, for a stored
    message must always be said; a message about to be recorded is checked here first.

    >>> unshowable("ask.auction.property", {"space": "middle:39", "high": 0, "waiting": 2})
    "'waiting' must be players, not 2"
    >>> unshowable("ask.auction.property", {"space": "Boardwalk", "high": 0, "waiting": ["Ann"]})
    """
    lang = language("en", edition)
    for name, kind in CODES.get(code, {}).items():
        kind = kind.rstrip("?")
        shower, value = _KINDS.get(kind), params.get(name)
        if shower is None or value is None:
            continue
        try:
            shower(value, "", lang)
        except (KeyError, TypeError, ValueError, IndexError):
            return f"{name!r} must be {kind}, not {json.dumps(value)}"
    return None


def _account(value: Any, variant: str, lang: Language) -> str:
    word = lang.words.get(f"account.{value}")
    if word is None:
        return str(value)
    return word[:1].upper() + word[1:] if variant == "start" else word


def _space(value: Any, variant: str, lang: Language) -> str:
    board = lang.edition.board
    if isinstance(value, str) and value in board.properties:
        space = board.properties[value][0]
    else:
        space = board.by_key(value)
    if variant == "track":
        return _word(lang, "track", space.track)
    return lang.words.get(f"space.{space.name}", space.name)


def _card(value: Any, variant: str, lang: Language) -> str:
    deck = lang.edition.deck
    card = deck.cards[value]
    if card.unlisted is not None:
        # E3: the title the table typed, else its effect in the table's language.
        u = card.unlisted
        return u.title if u.title and variant != "effect" else _unlisted(u, lang)
    words = lang.words.get(card_word(deck.catalogue, value, variant))
    if words is None:
        return card.effect if variant == "effect" else card.title
    return card.worded(words, _space_named(lang), lang.money)


def card_words(
    card: str, lang: Lang = "en", *, edition: Edition | None = None, variant: str = ""
) -> str:
    """A card's title (``variant`` ``"effect"``: its effect) in ``lang``, on ``edition``'s
    board and in its money (E8), as a sentence names it.

    >>> from companion.editions import edition
    >>> card_words("chance-advance-to-boardwalk", "fr", edition=edition("classic", "uk"))
    "Avancez jusqu'à la case Mayfair"
    """
    return _card(card, variant, language(lang, edition))


def card_word(catalogue: str, card: str, variant: str = "") -> str:
    """The catalogues' word of a card's title (``variant`` ``"effect"``: of its effect), in
    a deck the catalogues word as ``catalogue`` (``CardDeck.catalogue``).

    >>> card_word("", "chance-go-to-jail"), card_word("classic", "cc-doctors-fee", "effect")
    ('card.chance-go-to-jail', 'card_effect.classic.cc-doctors-fee')
    """
    group = "card_effect" if variant == "effect" else "card"
    return f"{group}.{catalogue}.{card}" if catalogue else f"{group}.{card}"


def _space_named(lang: Language) -> Callable[[str], str]:
    """A space's name in ``lang`` on its edition's board, given its key (a card's words say
    the space the card moves to: E8)."""
    return lambda key: _space(key, "", lang)


def _unlisted(u: Unlisted, lang: Language) -> str:
    """An unlisted card's effect in words (``unlisted.<effect>``)."""
    params: dict[str, Any] = dict(u.params)
    code = f"unlisted.{u.effect}"
    if u.effect == "pay":
        params["payee"] = lang.edition.fees_account
    elif u.effect == "nearest" and params["kind"] in _NEAREST:
        code, params = _NEAREST[params["kind"]], {}
    return render(code, params, lang.code, edition=lang.edition)


#: The nearest of a kind the catalogues word in full (another kind is said as it is named).
_NEAREST = {
    "railroad": "unlisted.nearest.railroad",
    "utility": "unlisted.nearest.utility",
    "cab_company": "unlisted.nearest.cab_company",
}


def _voucher(value: Any, variant: str, lang: Language) -> str:
    return lang.words.get(f"voucher.{value}", lang.edition.deck.vouchers[value].label)


def _combo(value: Any, variant: str, lang: Language) -> str:
    if isinstance(value, str):
        return value
    return "-".join(str(v) for v in sorted(int(v) for v in value))


def _roll(value: Any, variant: str, lang: Language) -> str:
    d1, d2, *speed = value
    return lang.roll(int(d1), int(d2), speed[0] if speed else None)


def _level(value: Any, variant: str, lang: Language) -> str:
    return lang.words[f"level.{int(value)}"] if int(value) else str(int(value))


def _word(lang: Language, group: str, value: Any) -> str:
    return lang.words.get(f"{group}.{value}", str(value))


_KINDS: dict[str, Callable[[Any, str, Language], str]] = {
    "int": lambda v, _, lang: str(int(v)),
    "money": lambda v, _, lang: lang.money(int(v)),
    "account": _account,
    "players": lambda v, _, lang: lang.join([str(n) for n in v]),
    "level": _level,
    "command": lambda v, _, lang: _word(lang, "command", v),
    "space": _space,
    "track": lambda v, _, lang: _word(lang, "track", v),
    "group": lambda v, _, lang: _word(lang, "group", v),
    "company": lambda v, _, lang: _word(lang, "company", v),
    "deck": lambda v, _, lang: _word(lang, "deck", v),
    "among": lambda v, _, lang: _word(lang, "among", v),
    "pile": lambda v, _, lang: _word(lang, "pile", v),
    "card": _card,
    "voucher": _voucher,
    "combo": _combo,
    "roll": _roll,
    "message": lambda v, _, lang: render_message(v, lang),
    "decision": lambda v, _, lang: render_decision(v, lang),
    "route": lambda v, _, lang: lang.words["route.ride" if v else "route.stay"],
}


# -- Events worded from their fields -----------------------------------------------------------


def _transfer(event: Mapping[str, Any], lang: Lang) -> str:
    return render(
        "event.transfer", {k: event.get(k) for k in ("from", "to", "amount", "reason")}, lang
    )


def render_transfers(
    events: Sequence[Mapping[str, Any]], lang: Lang = "en", *, edition: Edition | None = None
) -> list[str | None]:
    """The sentence of each transfer among ``events``, in order, the same payment made by
    several players to one account for one reason said once (at the first of them; ``None``
    for the others): a Squeeze Play among twelve is one sentence, not eleven.

    >>> squeeze = {"code": "reason.squeeze_play", "params": {}}
    >>> paid = [{"type": "transfer", "from": who, "to": "Ann", "amount": 50, "reason": squeeze}
    ...         for who in ("Bob", "Cy")]
    >>> render_transfers(paid)
    ['Bob and Cy each pay Ann $50 (Squeeze Play).', None]
    """
    lang = language(lang, edition)
    transfers = [e for e in events if e.get("type") == "transfer"]
    keys = [_payment(e) for e in transfers]
    payers: dict[str, list[str]] = {}
    for e, key in zip(transfers, keys, strict=True):
        payers.setdefault(key, []).append(str(e.get("from")))
    said: list[str | None] = []
    seen: set[str] = set()
    for e, key in zip(transfers, keys, strict=True):
        who = payers[key]
        if len(who) < 2 or len(set(who)) < len(who):
            said.append(_transfer(e, lang))
        elif key in seen:
            said.append(None)
        else:
            seen.add(key)
            params = {k: e.get(k) for k in ("to", "amount", "reason")}
            said.append(render("event.transfers.each", {"from": who, **params}, lang))
    return said


def _payment(event: Mapping[str, Any]) -> str:
    """What makes two transfers the same payment by two players: payee, amount and reason."""
    return json.dumps([event.get(k) for k in ("to", "amount", "reason")], sort_keys=True)


def _holding(event: Mapping[str, Any], lang: Lang) -> str:
    h = event.get("holding")
    if h is None:
        return render("event.holding.back", {"property": event["property"]}, lang)
    return render("event.holding", {"property": event["property"], **h}, lang)


#: A change of a player's state that the table reads, in the order it is said.
_SEAT_WORDS: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    ("in_jail", lambda v: v is True, "event.seat.jailed"),
    ("in_jail", lambda v: v is False, "event.seat.freed"),
    ("jail_turns", bool, "event.seat.jail_try"),
    ("bankrupt", bool, "event.seat.bankrupt"),
    ("reverse_direction", bool, "event.seat.reverse"),
    ("subway", bool, "event.seat.subway"),
    ("skip_turns", bool, "event.seat.skip_turns"),
)


def _seat(event: Mapping[str, Any], lang: Lang) -> str | None:
    """A ``seat`` event, the field patch of logs written before events were named after facts:
    the changes the table reads, in one sentence each."""
    changes, player = event.get("set") or {}, event.get("player")
    said = []
    for field, applies, code in _SEAT_WORDS:
        if field in changes and applies(changes[field]):
            if field == "jail_turns" and "in_jail" in changes:
                continue  # jailed or freed says it all
            params = {"player": player, "tries": changes.get("jail_turns")}
            said.append(render(code, {**params, "turns": changes.get("skip_turns")}, lang))
    return " ".join(said) or None


def _player_fact(code: str) -> Callable[[Mapping[str, Any], Lang], str]:
    """The words of a fact about one player that only names them (``jailed``...)."""
    return lambda e, lang: render(code, {"player": e["player"]}, lang)


def _turn_missed(event: Mapping[str, Any], lang: Lang) -> str | None:
    # Each turn missed has its note ("loses this turn"); this says the turns still to miss.
    if not event["left"]:
        return None
    return render(
        "event.seat.skip_turns", {"player": event["player"], "turns": event["left"]}, lang
    )


def _undone(event: Mapping[str, Any], lang: Lang) -> str:
    of = event.get("of") or {}
    params = {"command": event["command"], "type": of.get("type", "?"), "player": of.get("player")}
    return render("event.undone", params, lang)


_DERIVED: dict[str, Callable[[Mapping[str, Any], Lang], str | None]] = {
    "transfer": _transfer,
    "holding": _holding,
    "jailed": _player_fact("event.seat.jailed"),
    "released": _player_fact("event.seat.freed"),
    "jail_roll_failed": lambda e, lang: render(
        "event.seat.jail_try", {"player": e["player"], "tries": e["tries"]}, lang
    ),
    "went_bankrupt": _player_fact("event.seat.bankrupt"),
    "direction_reversed": _player_fact("event.seat.reverse"),
    "subway_ride_due": _player_fact("event.seat.subway"),
    "turn_lost": lambda e, lang: render(
        "event.seat.skip_turns", {"player": e["player"], "turns": e["turns"]}, lang
    ),
    "turn_missed": _turn_missed,
    "seat": _seat,
    "moved": lambda e, lang: render("event.moved", {"player": e["player"], "to": e["to"]}, lang),
    "drew": lambda e, lang: render(
        "event.drew", {"player": e["player"], "title": e["title"]}, lang
    ),
    "order_rolled": lambda e, lang: render(
        "event.order_rolled", {"player": e["player"], "total": sum(e["dice"])}, lang
    ),
    "undone": _undone,
    "decision": lambda e, lang: render("event.decision", {"decision": e["decision"]}, lang),
    "game_started": lambda e, lang: render(
        "event.game_started", {"players": [p["name"] for p in e["players"]]}, lang
    ),
}
