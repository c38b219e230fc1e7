"""Chance, Community Chest and Travel Voucher cards, by stable id.

Players draw the physical card and tell the companion which one it is; the ids never change.
Card facts live in each edition's ``cards.json`` (``companion/editions/``).

>>> from companion.editions import edition
>>> deck = edition("ultimate").deck
>>> deck.card("chance-advance-to-illinois-avenue").move
{'kind': 'advance', 'to': 'Illinois Avenue'}
"""

from __future__ import annotations

import difflib
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.rules.board import Board

from companion.errors import CompanionError, UnknownSpaceError


class UnknownCardError(CompanionError, LookupError):
    """A card id that names no card."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str
    title: str
    count: int
    keep: bool
    tradable: bool
    effect: str
    #: How the card moves the drawer's token (``None``: it does not); see ``docs/rulings.md``.
    move: dict[str, Any] | None
    #: What the card does, step by step (``companion/editions/cards/``); ``{"do": "move"}`` is the move.
    play: tuple[dict[str, Any], ...] = ()
    #: E8: what a ``{field}`` of the card's title or effect in its data (or in a catalogue's
    #: words of them) says: a space by its key (``space``, the one the card moves to;
    #: ``start``, GO), or an amount (``salary``, GO's; an amount of the card's steps:
    #: ``amount``, a repairs card's ``house`` and ``hotel``).
    #: ``title`` and ``effect`` are said with them on the edition's board, in its money.
    fills: Mapping[str, Any] = field(default_factory=dict)
    #: E3: a card the companion does not list, as the table entered it (``None``: a listed card).
    unlisted: Unlisted | None = None

    def worded(
        self, template: str, space: Callable[[str], str], money: Callable[[int], str]
    ) -> str:
        """``template`` (the card's title or effect, in any language) with its fields said:
        the space by ``space`` (given its key), an amount by ``money``.

        >>> card = Card("c", "chance", "", 1, False, False, "", None, fills={"space": "main:39", "amount": 400})
        >>> card.worded("{space} — {amount}", {"main:39": "Mayfair"}.get, "£{:,}".format)
        'Mayfair — £400'
        """
        if "{" not in template:
            return template

        def said(match: re.Match[str]) -> str:
            name = match.group(1)
            value = self.fills.get(name)
            if value is None:
                return match.group(0)
            return space(value) if isinstance(value, str) else money(value)

        return _FIELD.sub(said, template)


#: A field of a card's words: ``{space}``, ``{amount}``.
_FIELD = re.compile(r"\{(\w+)\}")


def _fills(c: Mapping[str, Any], board: Board | None) -> dict[str, Any]:
    """What the fields of the card ``c``'s words say (:attr:`Card.fills`)."""
    fills: dict[str, Any] = {}
    move = c.get("move")
    if board is not None:
        if isinstance(move, Mapping) and isinstance(move.get("to"), str):
            fills["space"] = board.space(move["to"]).key
        fills["start"] = board.start.key
        if board.start.salary is not None:
            fills["salary"] = board.start.salary.pass_odd
    for step in c.get("play", ()):
        for name, value in step.items():
            if type(value) is int:
                fills.setdefault(name, value)
    return fills


@dataclass(frozen=True, slots=True)
class Voucher:
    id: str
    title: str
    kind: str
    count: int
    effect: str
    steps: int = 0
    expires_others: bool = False
    #: When an ``expires_others`` voucher makes the others expire: ``"played"`` (Ultimate's
    #: Bus Ticket, B10) or ``"drawn"`` (the Mega Edition's "All Tickets Expire", E5).
    expires: str = "played"
    #: Played instead of a roll, never at the end of a turn, and the move ends the turn (the
    #: Mega Edition's Bus Tickets, E5: "instead of rolling the dice"); Ultimate's vouchers
    #: (B10) are played before rolling or at the end of the turn, and the turn carries on.
    instead_of_roll: bool = False

    def __post_init__(self) -> None:
        if self.expires not in ("played", "drawn"):
            raise ValueError(
                f"travel voucher {self.id!r}: field expires is 'played' or 'drawn', not {self.expires!r}"
            )

    @property
    def expires_others_when_drawn(self) -> bool:
        """Whether drawing this voucher makes every other one held expire (E5)."""
        return self.expires_others and self.expires == "drawn"

    @property
    def expires_others_when_played(self) -> bool:
        """Whether playing this voucher makes every other one held expire (B10)."""
        return self.expires_others and self.expires == "played"

    @property
    def label(self) -> str:
        """The title as the table reads it: the Free Cab Fares differ by their number, and the
        Bus Ticket whose printed title shouts its effect in 70 characters is named by it.

        >>> from companion.editions import edition
        >>> edition("ultimate").deck.voucher("voucher-free-cab-fare-back-2").label
        'Free Cab Fare -2'
        >>> edition("ultimate").deck.voucher("voucher-bus-ticket-expiring").label
        'Bus Ticket (the others expire)'
        """
        if self.title.startswith("Free Cab Fare"):
            return f"Free Cab Fare {self.steps:+d}"
        if self.expires_others:
            return "Bus Ticket (the others expire)"
        return self.title


class CardDeck:
    """An edition's cards: Chance and Community Chest, and where the edition has them the
    Travel Vouchers, the Roll Three cards and the Stock Exchange's companies.

    ``cards`` holds the listed cards; a card the table entered from the "another card" menu
    (E3) is found by its id too (``deck.card(id)``, ``deck.cards[id]``, ``id in deck.cards``),
    made from the id on ``board``, though it is never among the listed ones."""

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        board: Board | None = None,
        money: Callable[[int], str],
    ) -> None:
        """The decks of ``data`` (an edition's ``cards.json``); a card's title and effect are
        said with the names of ``board``'s spaces and amounts written by ``money``
        (:attr:`Card.fills`)."""
        self._cards = _Cards(board, money)
        self.cards: dict[str, Card] = self._cards
        #: The catalogues word these cards as ``card.<catalogue>.<id>`` (and ``card_effect.``):
        #: an edition's decks of their own, whose ids may be another's (``""``: ``card.<id>``,
        #: Ultimate's).
        self.catalogue: str = data.get("catalogue", "")
        #: Each card's title and effect as the data word them, ``{field}`` and all.
        self.templates: dict[str, tuple[str, str]] = {}
        for deck in ("chance", "community_chest"):
            for c in data[deck]:
                title, effect = c["title"], c["effect"]
                fills = _fills(c, board) if "{" in title + effect else {}
                card = Card(
                    id=c["id"],
                    deck=deck,
                    title=title,
                    count=c["count"],
                    keep=c["keep"],
                    tradable=c["tradable"],
                    effect=effect,
                    move=c["move"],
                    play=tuple(c["play"]),
                    fills=fills,
                )
                if fills and board is not None:
                    name = _space_name(board)
                    card = replace(
                        card,
                        title=card.worded(title, name, money),
                        effect=card.worded(effect, name, money),
                    )
                self.cards[c["id"]] = card
                self.templates[c["id"]] = (title, effect)
        self.vouchers: dict[str, Voucher] = {
            v["id"]: Voucher(
                id=v["id"],
                title=v["title"],
                kind=v["kind"],
                count=v["count"],
                effect=v["effect"],
                steps=v.get("steps", 0),
                expires_others=v.get("expires_others", False),
                expires=v.get("expires", "played"),
                instead_of_roll=v.get("instead_of_roll", False),
            )
            for v in data.get("travel_vouchers", ())
        }
        #: P6: each Stock Exchange company's par value, in the order of its deeds.
        self.par_values: Mapping[str, int] = {s["name"]: s["par"] for s in data.get("stocks", ())}
        self.stock_names: tuple[str, ...] = tuple(self.par_values)
        #: P6: each company's dividend by the shares held (the first for one share).
        self.dividends: Mapping[str, tuple[int, ...]] = {
            s["name"]: tuple(s["dividends"]) for s in data.get("stocks", ())
        }
        roll_three = data.get("roll_three", {})
        #: D4: what a Roll Three card pays by matches, and the printed action-card set's cards.
        self.roll_three_payout: Mapping[str, int] = dict(roll_three.get("payout", {}))
        self.roll_three_deck: tuple[str, ...] = tuple(roll_three.get("deck", ()))

    def card(self, card_id: str) -> Card:
        if is_unlisted(card_id) and self._cards.board is not None:
            return self._cards.unlisted(card_id)
        return self.cards[_lookup(self.cards, card_id, "card")]

    def voucher(self, voucher_id: str) -> Voucher:
        return self.vouchers[_lookup(self.vouchers, voucher_id, "travel voucher")]


def _space_name(board: Board) -> Callable[[str], str]:
    return lambda key: board.by_key(key).name


def _lookup(ids: dict[str, Any], key: str, what: str) -> str:
    """The id itself if known (case-insensitive), else an error suggesting the closest ids."""
    folded = key.strip().lower()
    if folded in ids:
        return folded
    close = difflib.get_close_matches(folded, ids, n=3, cutoff=0.5)
    hint = (
        f"; did you mean {', '.join(repr(c) for c in close)}?"
        if close
        else "; 'companion referee cards' lists the ids"
    )
    raise UnknownCardError(f"no {what} with id {key!r}{hint}")


# -- E3: a card the companion does not list ----------------------------------------------------

#: The first part of an unlisted card's id: ``another/DECK/EFFECT/VALUE.../TITLE``.
UNLISTED = "another"

#: E3: the effects the "another card" menu offers, each with the values it needs, in order:
#: ``amount`` (money), ``space`` (a space's key), ``kind`` (a kind of property), ``count``
#: (spaces), ``house`` and ``hotel`` (money per building).
UNLISTED_EFFECTS: Mapping[str, tuple[str, ...]] = {
    "collect": ("amount",),
    "pay": ("amount",),
    "collect_each": ("amount",),
    "pay_each": ("amount",),
    "advance": ("space",),
    "nearest": ("kind",),
    "back": ("count",),
    "jail": (),
    "keep_jail": (),
    "repairs": ("house", "hotel"),
}

#: The largest sum an unlisted card may name (the prompt's largest amount).
UNLISTED_MOST = 1_000_000
#: The longest title the table may give an unlisted card (the prompt's longest name).
UNLISTED_TITLE = 100

#: How an unlisted card is entered at the prompt (``draw another ...``), one line per effect.
UNLISTED_FORMS = (
    "collect AMOUNT",
    "pay AMOUNT",
    "collect each AMOUNT",
    "pay each AMOUNT",
    "advance SPACE",
    "nearest KIND",
    "back COUNT",
    "jail",
    "keep jail",
    "repairs PER_HOUSE PER_HOTEL",
)

_DECKS = ("chance", "community_chest")


class UnlistedCardError(CompanionError, ValueError):
    """A card entered from the "another card" menu that cannot be one: an unknown effect, a
    value missing or out of range, a space or kind the board does not have."""


@dataclass(frozen=True, slots=True)
class Unlisted:
    """E3: a Chance or Community Chest card the companion does not list, as the table entered
    it: the deck, the effect (:data:`UNLISTED_EFFECTS`), its values and the title typed ("" for
    none: the card is then named by its effect).

    >>> Unlisted("chance", "collect", (50,), "Bank pays you dividend").id
    'another/chance/collect/50/Bank pays you dividend'
    """

    deck: str
    effect: str
    values: tuple[int | str, ...] = ()
    title: str = ""

    @property
    def id(self) -> str:
        """The card's id: everything the card is, so that a log replays it."""
        parts = [UNLISTED, self.deck, self.effect, *map(str, self.values)]
        return "/".join([*parts, self.title] if self.title else parts)

    @property
    def params(self) -> dict[str, int | str]:
        """The effect's values by name (``{"amount": 50}``), as its message words them."""
        return dict(zip(UNLISTED_EFFECTS[self.effect], self.values, strict=True))


def is_unlisted(card_id: object) -> bool:
    """Whether ``card_id`` names a card entered from the "another card" menu.

    >>> is_unlisted("another/chance/jail"), is_unlisted("chance-go-to-jail")
    (True, False)
    """
    return isinstance(card_id, str) and card_id.startswith(UNLISTED + "/")


def unlisted_kinds(board: Board) -> tuple[str, ...]:
    """The kinds of space an unlisted card may send a token to the nearest of: the kinds of
    the board's properties outside the colour groups (railroads, utilities...).

    >>> from companion.editions import edition
    >>> unlisted_kinds(edition("ultimate").board)
    ('cab_company', 'railroad', 'utility')
    """
    return tuple(sorted({s.kind for s in board.spaces if s.is_property and not s.group}))


def unlisted(card_id: str, board: Board) -> Unlisted:
    """The unlisted card ``card_id`` names, checked on ``board``; an
    :class:`UnlistedCardError` names what is wrong.

    >>> from companion.editions import edition
    >>> unlisted("another/community_chest/repairs/40/115", edition("ultimate").board)
    Unlisted(deck='community_chest', effect='repairs', values=(40, 115), title='')
    """
    parts = card_id.split("/", 3)
    if len(parts) < 3 or parts[0] != UNLISTED or parts[1] not in _DECKS:
        raise UnlistedCardError(
            f"{card_id!r} is no card: an unlisted card is another/DECK/EFFECT..., DECK chance "
            "or community_chest"
        )
    deck, effect = parts[1], parts[2]
    needs = UNLISTED_EFFECTS.get(effect)
    if needs is None:
        raise UnlistedCardError(
            f"{card_id!r}: no effect {effect!r}; an unlisted card does {_effects()}"
        )
    rest = card_id.split("/", 3 + len(needs))[3:]
    given, title = rest[: len(needs)], "/".join(rest[len(needs) :])
    if len(given) < len(needs):
        raise UnlistedCardError(f"{card_id!r}: {effect} needs {', '.join(needs)}")
    values = tuple(
        _value(name, text, board, card_id) for name, text in zip(needs, given, strict=True)
    )
    return Unlisted(deck, effect, values, _title(title, card_id))


def _value(name: str, text: str, board: Board, card_id: str) -> int | str:
    if name == "space":
        try:
            return board.by_key(text).key
        except KeyError:
            raise UnlistedCardError(f"{card_id!r}: no space {text!r} on this board") from None
    if name == "kind":
        kinds = unlisted_kinds(board)
        if text not in kinds:
            raise UnlistedCardError(f"{card_id!r}: the nearest {text!r}? {_kinds_said(kinds)}")
        return text
    least, most = (1, _longest_back(board)) if name == "count" else (0, UNLISTED_MOST)
    if name == "amount":
        least = 1
    if not (text.isascii() and text.isdigit()) or not least <= int(text) <= most:
        raise UnlistedCardError(
            f"{card_id!r}: {name} is a whole number from {least} to {most:,}, not {text!r}"
        )
    return int(text)


def _longest_back(board: Board) -> int:
    """The most spaces an unlisted card may send a token back: less than a lap of the
    shortest track."""
    return min(board.track_lengths.values()) - 1


def _title(text: str, card_id: str) -> str:
    title = " ".join(text.split())
    if len(title) > UNLISTED_TITLE or not title.isprintable():
        raise UnlistedCardError(
            f"{card_id!r}: a card's title is printable text of at most {UNLISTED_TITLE} characters"
        )
    return title


def _effects() -> str:
    return ", ".join(UNLISTED_EFFECTS)


def unlisted_card(card_id: str, board: Board, money: Callable[[int], str]) -> Card:
    """The :class:`Card` an unlisted card's id stands for: the steps of the listed cards that
    do the same (``companion/editions/cards/``: ``collect``, ``pay_pool``, ``collect_each``,
    ``pay_each``, ``repairs``, ``move``, ``keep`` for jail), so it plays as they do.

    >>> from companion.editions import edition
    >>> ultimate = edition("ultimate")
    >>> card = unlisted_card("another/chance/back/3", ultimate.board, ultimate.money.written)
    >>> card.title, card.move, card.play
    ('Go back 3 spaces', {'kind': 'steps', 'count': -3}, ({'do': 'move'},))
    """
    u = unlisted(card_id, board)
    v = u.params
    move: dict[str, Any] | None = None
    play: tuple[dict[str, Any], ...] = ({"do": "move"},)
    if u.effect == "advance":
        move = {"kind": "advance", "to": board.by_key(str(v["space"])).name}
    elif u.effect == "nearest":
        move = {"kind": "advance_nearest", "kinds": [v["kind"]]}
    elif u.effect == "back":
        move = {"kind": "steps", "count": -int(v["count"])}
    elif u.effect == "jail":
        move = {"kind": "jail"}
    elif u.effect == "keep_jail":
        play = ({"do": "keep", "use": "jail"},)
    elif u.effect == "repairs":
        # Only houses and hotels: the menu asks for no other building's price.
        play = ({"do": "repairs", **dict.fromkeys(_REPAIRED, 0), **v},)
    else:
        do = "pay_pool" if u.effect == "pay" else u.effect
        play = ({"do": do, "amount": v["amount"]},)
    words = _english(u, board, money)
    return Card(
        id=u.id,
        deck=u.deck,
        title=u.title or words,
        # The companion cannot know how many copies an unlisted card has: never refused as
        # all in players' hands.
        count=sys.maxsize,
        keep=u.effect == "keep_jail",
        tradable=u.effect == "keep_jail",
        effect=words,
        move=move,
        play=play,
        unlisted=u,
    )


#: What a repairs step charges for, beside houses and hotels (``cards/money.py``).
_REPAIRED = ("house", "hotel", "skyscraper", "depot", "cab_stand")


def _english(u: Unlisted, board: Board, money: Callable[[int], str]) -> str:
    """The English of an unlisted card's effect (the catalogues word it in each language:
    ``card.unlisted.<effect>``)."""
    v = u.params
    amount = money(int(v.get("amount", 0)))
    match u.effect:
        case "collect":
            return f"Collect {amount} from the Bank"
        case "pay":
            return f"Pay {amount}"
        case "collect_each":
            return f"Collect {amount} from each player"
        case "pay_each":
            return f"Pay each player {amount}"
        case "advance":
            return f"Advance to {board.by_key(str(v['space'])).name}"
        case "nearest":
            return f"Advance to the nearest {str(v['kind']).replace('_', ' ')}"
        case "back":
            return f"Go back {v['count']} spaces"
        case "jail":
            return "Go to jail"
        case "keep_jail":
            return "Get out of jail free"
        case _:
            return (
                f"Repairs: {money(int(v['house']))} per house, {money(int(v['hotel']))} per hotel"
            )


def _amount_digits(word: str) -> str:
    """``word``'s digits without its thousands' commas and a currency symbol at either end (any,
    as Unicode classes them: ``Sc``): ``£1,500`` and ``400€`` are amounts."""
    symbols = "".join({c for c in word if unicodedata.category(c) == "Sc"})
    return word.strip(symbols).replace(",", "")


def unlisted_from_words(words: Sequence[str], deck: str, board: Board) -> Unlisted:
    """An unlisted card as the prompt enters it after ``another``: an effect of
    :data:`UNLISTED_FORMS`, then a title if the table gives one (``title=TEXT``, or what
    follows the effect's values).

    >>> from companion.editions import edition
    >>> board = edition("ultimate").board
    >>> unlisted_from_words(["collect", "50", "Bank pays you dividend"], "chance", board).id
    'another/chance/collect/50/Bank pays you dividend'
    >>> unlisted_from_words(["advance", "boardwalk"], "chance", board).id
    'another/chance/advance/middle:39'
    """
    rest = list(words)
    title = ""
    titled = [w for w in rest if w.lower().startswith("title=")]
    for w in titled:
        rest.remove(w)
        title = w.partition("=")[2]
    low = [w.lower().replace("-", "_") for w in rest]
    if low[:2] in (["collect", "each"], ["pay", "each"]):
        effect, rest = f"{low[0]}_each", rest[2:]
    elif low[:2] == ["keep", "jail"]:
        effect, rest = "keep_jail", rest[2:]
    elif low[:3] == ["go", "to", "jail"]:
        effect, rest = "jail", rest[3:]
    elif low and low[0] in UNLISTED_EFFECTS:
        effect, rest = low[0], rest[1:]
    else:
        got = f"{' '.join(words)!r} is no effect" if words else "which effect?"
        raise UnlistedCardError(f"another card: {got}; {forms()}")
    needs = UNLISTED_EFFECTS[effect]
    values: list[str] = []
    if needs == ("space",):
        space, rest = _space_words(rest, board)
        values.append(space)
    elif needs == ("kind",):
        kind, rest = _kind_words(rest, board)
        values.append(kind)
    else:
        for _ in needs:
            if not rest or not _amount_digits(rest[0]).isdigit():
                raise UnlistedCardError(
                    f"another card: {effect.replace('_', ' ')} needs {' and '.join(needs)}"
                    f" (a whole number); {forms()}"
                )
            values.append(_amount_digits(rest.pop(0)))
    if rest:
        if title:
            raise UnlistedCardError(
                f"another card: {' '.join(rest)!r} is not understood after the title; {forms()}"
            )
        title = " ".join(rest)
    card_id = Unlisted(deck, effect, tuple(values), " ".join(title.split())).id
    return unlisted(card_id, board)


def _space_words(words: list[str], board: Board) -> tuple[str, list[str]]:
    """The space the first words name (the longest that names one), and the words after."""
    for n in range(len(words), 0, -1):
        try:
            return board.space(" ".join(words[:n])).key, words[n:]
        except UnknownSpaceError:
            continue
    got = repr(" ".join(words)) if words else "no space"
    raise UnlistedCardError(f"another card: advance to {got}? Name a space of the board")


def _kind_words(words: list[str], board: Board) -> tuple[str, list[str]]:
    kinds = unlisted_kinds(board)
    for n in (2, 1):
        said = "_".join(words[:n]).lower()
        singular = said[:-3] + "y" if said.endswith("ies") else said.removesuffix("s")
        for kind in (said, singular):
            if len(words) >= n and kind in kinds:
                return kind, words[n:]
    raise UnlistedCardError(f"another card: the nearest what? {_kinds_said(kinds)}")


def _kinds_said(kinds: Sequence[str]) -> str:
    if not kinds:
        return "This board has no railroad, utility or other property outside the colour groups"
    return f"This board's kinds: {', '.join(kinds)}"


def forms() -> str:
    """The forms an unlisted card is entered in, for a refusal's message."""
    return "the effects: " + " | ".join(UNLISTED_FORMS) + ", then a TITLE if you like"


class _Cards(dict[str, Card]):
    """The listed cards by id; an unlisted card's id finds the card it stands for, which is
    not listed (iterating gives the listed cards only)."""

    def __init__(self, board: Board | None, money: Callable[[int], str]) -> None:
        super().__init__()
        self.board = board
        self.money = money
        #: The unlisted cards built so far, by id (an id is parsed and its card built once).
        self._built: dict[str, Card] = {}

    def unlisted(self, key: str) -> Card:
        """The card the unlisted id ``key`` stands for on :attr:`board`; an id that is not
        one is an :class:`UnlistedCardError`."""
        card = self._built.get(key)
        if card is None:
            if self.board is None:
                raise UnlistedCardError(f"another card {key!r}: this deck has no board")
            card = self._built[key] = unlisted_card(key, self.board, self.money)
        return card

    def __missing__(self, key: str) -> Card:
        if is_unlisted(key) and self.board is not None:
            try:
                return self.unlisted(key)
            except UnlistedCardError:
                pass
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        if dict.__contains__(self, key):
            return True
        try:
            self[key]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default
