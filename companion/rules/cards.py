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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.rules.board import Board

from companion.errors import CompanionError


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
    Travel Vouchers, the Roll Three cards and the Stock Exchange's companies."""

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        board: Board | None = None,
        money: Callable[[int], str] = "${:,}".format,
    ) -> None:
        """The decks of ``data`` (an edition's ``cards.json``); a card's title and effect are
        said with the names of ``board``'s spaces and amounts written by ``money``
        (:attr:`Card.fills`)."""
        self.cards: dict[str, Card] = {}
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
