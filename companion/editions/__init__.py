"""Editions: every fact of each Monopoly edition the companion referees, as one value.

As gpiozero keeps every Raspberry Pi model as one row of data turned into one object, an
edition is one data folder (``companion/editions/<id>/``: ``edition.json`` naming its board and
card files, its numbers, dice and money) loaded into one frozen :class:`Edition`. The game
carries it (``GameState.edition``); nothing reads a board, a deck or a number from anywhere
else. A game log records the edition's id and data version in its ``game_started`` event; a
log without one was written before editions, by Ultimate Monopoly.

>>> ultimate = edition("ultimate")
>>> ultimate.numbers.starting_cash, ultimate.board.space("GO").key, len(ultimate.board.spaces)
(3200, 'middle:0', 120)
>>> edition("ultimate") is ultimate
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.rules.board import Board
from companion.rules.cards import CardDeck

#: The edition of a game whose log names none (logs written before editions).
DEFAULT = "ultimate"


class EditionDataError(CompanionError, ValueError):
    """An edition's data folder that cannot be loaded: the message names the file and field."""


class UnknownEditionError(CompanionError, LookupError):
    """An edition id that names no edition this companion knows."""


@dataclass(frozen=True, slots=True)
class Numbers:
    """The game's numbers (``edition.json``'s ``numbers``)."""

    #: P10: what the Bank gives each player at the start.
    starting_cash: int
    #: What getting out of jail costs.
    bail: int
    #: The Travel Vouchers in the game (0: the edition has none).
    travel_vouchers_in_game: int = 0
    #: The shares of each Stock Exchange company (0: no Stock Exchange).
    shares_per_company: int = 0
    #: D4: the rules' Roll Three deck (0: no Roll Three).
    roll_three_cards: int = 0


@dataclass(frozen=True, slots=True)
class Dice:
    """The dice a turn rolls: ``count`` six-sided dice and, if the edition has one, the speed
    die's six faces (``"mr"``: Mr. Monopoly, ``"bus"``: the Bus)."""

    count: int = 2
    speed_die: tuple[str, ...] = ()

    @property
    def has_speed_die(self) -> bool:
        return bool(self.speed_die)


@dataclass(frozen=True, slots=True)
class Money:
    """How an amount is written: the currency symbol, before (``$40``) or after (``40 €``)."""

    symbol: str = "$"
    symbol_first: bool = True


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Edition:
    """One edition: its board, its decks, its numbers, its dice and money, the seats at its
    table. Compared by identity: one value per edition per process."""

    id: str
    version: int
    name: str
    board: Board
    deck: CardDeck
    numbers: Numbers
    dice: Dice
    money: Money
    min_players: int
    max_players: int
    #: The rule modules of :mod:`companion.editions.rules` the edition plays by.
    rules: tuple[str, ...]
    #: Whether taxes, fees, fines and bail go into a Pool (Ultimate: Tax Refund and some cards
    #: pay out of it) or to the Bank (``edition.json``'s ``"pool": false``).
    has_pool: bool = True

    @property
    def fees_account(self) -> str:
        """The ledger's account that taxes, fees, fines and bail are paid into: the Pool, or
        the Bank in an edition without one."""
        return "Pool" if self.has_pool else "Bank"

    @property
    def deals_starting_cards(self) -> bool:
        """Whether each player is dealt a Travel Voucher and a Roll Three card before the
        turn-order roll (an edition with neither deals nothing)."""
        return bool(self.deck.vouchers) and self.numbers.roll_three_cards > 0

    def __repr__(self) -> str:
        return f"edition({self.id!r})"

    @property
    def stamp(self) -> dict[str, Any]:
        """What a ``game_started`` event records of the edition."""
        return {"id": self.id, "version": self.version}


def edition(edition_id: str = DEFAULT) -> Edition:
    """The edition ``edition_id``: one of the companion's own data folders, or one a test
    registered (:func:`register`); loaded once per process.

    Raises :class:`UnknownEditionError` naming the id and the editions known.
    """
    found = _LOADED.get(edition_id)
    if found is not None:
        return found
    folder = resources.files(__name__).joinpath(edition_id)
    if not edition_id.isidentifier() or not folder.joinpath("edition.json").is_file():
        known = ", ".join(playable())
        raise UnknownEditionError(f"no edition {edition_id!r}: the companion knows {known}")
    loaded = load_edition(Path(str(folder)))
    _LOADED[edition_id] = loaded
    return loaded


def known_editions() -> tuple[str, ...]:
    """The ids of the editions this companion ships (its data folders)."""
    root = resources.files(__name__)
    return tuple(
        sorted(
            p.name for p in root.iterdir() if p.is_dir() and p.joinpath("edition.json").is_file()
        )
    )


def playable() -> tuple[str, ...]:
    """The ids of the editions this process can play: the companion's and any registered."""
    return tuple(sorted({*known_editions(), *_LOADED}))


def register(loaded: Edition) -> Edition:
    """Make ``loaded`` (an edition loaded from a folder elsewhere, a test's) known by its id."""
    _LOADED[loaded.id] = loaded
    return loaded


def of_game(stamp: Mapping[str, Any] | None) -> Edition:
    """The edition a ``game_started`` event names (``None``: a log from before editions, so
    Ultimate). A log written by a later data version of the edition is refused by
    :func:`stamp_problem` before it is replayed; here the stamp is trusted."""
    return edition(stamp["id"] if stamp else DEFAULT)


def stamp_problem(stamp: Any) -> str | None:
    """Why a game recorded with ``stamp`` (its ``game_started`` event's ``edition``) cannot be
    played by this companion, in one line, or ``None``: an edition it does not know, or a data
    version newer than its own. A log without a stamp is Ultimate's.

    >>> stamp_problem({"id": "ultimate", "version": 1}) is None
    True
    >>> stamp_problem({"id": "ultimate", "version": 9})
    'the game was recorded with Ultimate Monopoly data version 9; this companion has version 1: update the companion'
    """
    if stamp is None:
        return None
    if not isinstance(stamp, Mapping):
        return f"the game names its edition as {stamp!r}, not as an id and a version"
    try:
        known = edition(str(stamp.get("id")))
    except UnknownEditionError as exc:
        return f"{exc}: update the companion"
    version = stamp.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > known.version:
        return (
            f"the game was recorded with {known.name} data version {version!r}; "
            f"this companion has version {known.version}: update the companion"
        )
    return None


def stamp_name(stamp: Any) -> str:
    """The name of the edition a game was recorded with (its ``game_started`` event's
    ``edition``; none: a log from before editions, so Ultimate), to list the game by; an
    edition this companion does not know is named by its id.

    >>> stamp_name(None), stamp_name({"id": "ultimate", "version": 1})
    ('Ultimate Monopoly', 'Ultimate Monopoly')
    >>> stamp_name({"id": "mega", "version": 3})
    "'mega' (an edition this companion does not know)"
    """
    if stamp is None:
        return edition(DEFAULT).name
    named = stamp.get("id") if isinstance(stamp, Mapping) else stamp
    try:
        return edition(str(named)).name
    except UnknownEditionError:
        return f"{named!r} (an edition this companion does not know)"


_LOADED: dict[str, Edition] = {}


def load_edition(folder: Path) -> Edition:
    """Load the edition whose ``edition.json`` is in ``folder``; every problem is an
    :class:`EditionDataError` naming the file and the field."""
    path = folder / "edition.json"
    data = _read(path)
    board_file = folder / _field(data, path, "board", str)
    cards_file = folder / _field(data, path, "cards", str)
    board_data, cards_data = _read(board_file), _read(cards_file)
    try:
        board = Board(board_data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EditionDataError(f"{board_file}: {_reason(exc)}") from None
    try:
        deck = CardDeck(cards_data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EditionDataError(f"{cards_file}: {_reason(exc)}") from None
    dice = _field(data, path, "dice", dict)
    money = _field(data, path, "money", dict)
    seats = _field(data, path, "players", dict)
    return Edition(
        id=_field(data, path, "id", str),
        version=_field(data, path, "version", int),
        name=_field(data, path, "name", str),
        board=board,
        deck=deck,
        numbers=_record(Numbers, _field(data, path, "numbers", dict), path, "numbers"),
        dice=Dice(
            count=_field(dice, path, "dice.count", int),
            speed_die=tuple(_field(dice, path, "dice.speed_die", list, default=[])),
        ),
        money=_record(Money, money, path, "money"),
        min_players=_field(seats, path, "players.min", int),
        max_players=_field(seats, path, "players.max", int),
        rules=_rules(data, path),
        has_pool=_field(data, path, "pool", bool, default=True),
    )


def _rules(data: Mapping[str, Any], path: Path) -> tuple[str, ...]:
    names = _field(data, path, "rules", list)
    for name in names:
        if not isinstance(name, str) or not name.isidentifier():
            raise EditionDataError(f"{path}: field 'rules' names {name!r}, not a rule module")
        if not resources.files("companion.editions.rules").joinpath(f"{name}.py").is_file():
            raise EditionDataError(
                f"{path}: field 'rules' names {name!r}: companion/editions/rules/ has no such rule"
            )
    return tuple(names)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise EditionDataError(f"{path}: cannot be read ({exc.strerror})") from None
    except ValueError as exc:
        raise EditionDataError(f"{path}: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise EditionDataError(f"{path}: a JSON object was expected")
    return data


_MISSING: Any = object()


def _field(
    data: Mapping[str, Any], path: Path, name: str, kind: type, default: Any = _MISSING
) -> Any:
    key = name.rpartition(".")[2]
    value = data.get(key, default)
    if value is _MISSING:
        raise EditionDataError(f"{path}: field {name!r} is missing")
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise EditionDataError(
            f"{path}: field {name!r} must be {kind.__name__}, not {type(value).__name__}"
        )
    return value


def _record(cls: Any, data: Mapping[str, Any], path: Path, section: str) -> Any:
    """A :class:`Numbers` or :class:`Money` of a section, each field of its declared type."""
    known = {f.name: f for f in fields(cls)}
    for key, value in data.items():
        if key not in known:
            raise EditionDataError(
                f"{path}: field {section}.{key} is not one of {', '.join(known)}"
            )
        kind = _TYPES[str(known[key].type)]
        if type(value) is not kind:
            raise EditionDataError(
                f"{path}: field {section}.{key} must be {kind.__name__}, not {value!r}"
            )
    for name, f in known.items():
        if name not in data and f.default is MISSING:
            raise EditionDataError(f"{path}: field {section}.{name} is missing")
    return cls(**data)


_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}


def _reason(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"field {exc.args[0]!r} is missing"
    return str(exc)
