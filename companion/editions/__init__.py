"""Editions: every fact of each Monopoly edition the companion referees, as one value.

As gpiozero keeps every Raspberry Pi model as one row of data turned into one object, an
edition is one data folder (``companion/editions/<id>/``: ``edition.json`` naming its board and
card files, its numbers, dice and money) loaded into one frozen :class:`Edition`. The game
carries it (``GameState.edition``); nothing reads a board, a deck or a number from anywhere
else. A game log records the edition's id and data version in its ``game_started`` event; a
log without one was written before editions, by Ultimate Monopoly.

A regional board (ruling E8: Classic's London and Paris sets) is the edition with that board's
names and money, loaded as its own value: ``edition("classic", "uk")``, from the edition's
``regions/<region>.json`` (``regions`` in ``edition.json`` lists the boards offered, the first
the edition's own). Its board names the spaces as that set prints them, its cards send a token
to the renamed spaces, and its amounts are written in its currency; a game records the region
in its ``game_started`` stamp.

>>> ultimate = edition("ultimate")
>>> ultimate.numbers.starting_cash, ultimate.board.space("GO").key, len(ultimate.board.spaces)
(3200, 'middle:0', 120)
>>> edition("ultimate") is ultimate
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.editions import cards as card_operations
from companion.errors import CompanionError, UnplayableEditionError
from companion.rules.board import Board
from companion.rules.cards import CardDeck
from companion.rules.table import Options

#: The edition of a game whose log names none (logs written before editions).
DEFAULT = "ultimate"


class EditionDataError(CompanionError, ValueError):
    """An edition's data folder that cannot be loaded: the message names the file and field."""


class UnknownEditionError(CompanionError, LookupError):
    """An edition id that names no edition this companion knows."""


class UnknownRegionError(CompanionError, LookupError):
    """A regional board an edition does not offer (ruling E8)."""


@dataclass(frozen=True, slots=True)
class Numbers:
    """The game's numbers (``edition.json``'s ``numbers``; a rule the edition does not play
    leaves its numbers out, 0 or empty). Each is the rules' or a ruling's number, cited in the
    data's ``about`` and in ``docs/rulings.md``; the code reads them here, never a constant.

    >>> numbers = edition("ultimate").numbers
    >>> numbers.squeeze_play_pays(7), numbers.squeeze_play_pays(15, speed_die=True)
    (50, 200)
    >>> numbers.half_pool(75), numbers.half_pool(0), numbers.lift_cost(250), numbers.lift_cost(55)
    (38, 0, 275, 61)
    """

    #: P10: what the Bank gives each player at the start.
    starting_cash: int
    #: M12, P1: what getting out of jail costs (into the Pool).
    bail: int
    #: M12: the rolls for doubles a jailed player has; the last failure pays the bail.
    jail_rolls: int = 3
    #: The Travel Vouchers in the game (0: the edition has none).
    travel_vouchers_in_game: int = 0
    #: The shares of each Stock Exchange company (0: no Stock Exchange).
    shares_per_company: int = 0
    #: D4: the rules' Roll Three deck (0: no Roll Three).
    roll_three_cards: int = 0
    #: P8: a taxi ride's fare to the cab company's owner.
    taxi_fare: int = 0
    #: P8, P1: the fare for a ride in one's own cab, into the Pool.
    taxi_fare_own_cab: int = 0
    #: P7: the Birthday Gift (from the Bank, or by the house rule from each other player).
    birthday_gift: int = 0
    #: P5: what each other player pays on Squeeze Play, by the two regular dice's total
    #: (the first amount is for a total of 2).
    squeeze_play: tuple[int, ...] = ()
    #: P5: the same with the speed die (house rule ``squeeze_play_speed_die``; Mr. Monopoly and
    #: the Bus count 0), from a total of 2.
    squeeze_play_speed_die: tuple[int, ...] = ()
    #: P1: Tax Refund pays the Pool divided by this, rounded up (2: half the Pool).
    tax_refund_divisor: int = 2
    #: P6, Classic: the interest on a mortgage, in percent of its value, rounded up to the
    #: dollar: paid to lift it, or at once by who receives a mortgaged property.
    mortgage_interest_percent: int = 10

    def squeeze_play_pays(self, total: int, *, speed_die: bool = False) -> int:
        """P5: what each other player pays the Squeeze Play lander for the dice ``total``."""
        table = self.squeeze_play_speed_die if speed_die else self.squeeze_play
        return table[total - 2]

    def mortgage_interest(self, value: int) -> int:
        """The interest on a mortgage of ``value``, rounded up to the dollar."""
        return -(-value * self.mortgage_interest_percent // 100)

    def lift_cost(self, value: int) -> int:
        """What lifting a mortgage of ``value`` costs: the value and its interest."""
        return value + self.mortgage_interest(value)

    def half_pool(self, pool: int) -> int:
        """P1: what Tax Refund pays out of a Pool of ``pool``: its share, rounded up."""
        return -(-pool // self.tax_refund_divisor)


@dataclass(frozen=True, slots=True)
class Dice:
    """The dice a turn rolls: ``count`` six-sided dice and, if the edition has one, the speed
    die's six faces (``"mr"``: Mr. Monopoly, ``"bus"``: the Bus).

    >>> edition("ultimate").dice.speed_faces
    ('1', '2', '3', 'mr', 'bus')
    """

    count: int = 2
    speed_die: tuple[str, ...] = ()
    #: Whether a turn rolls the speed die too (read at every roll: a field, not a property).
    has_speed_die: bool = field(init=False)
    #: The speed die's different faces, in the order of its data.
    speed_faces: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_speed_die", bool(self.speed_die))
        object.__setattr__(self, "speed_faces", tuple(dict.fromkeys(self.speed_die)))

    @property
    def speed_words(self) -> str:
        """The speed die's faces as a sentence names them: ``1, 2, 3, mr or bus``."""
        *most, last = self.speed_faces or ("none",)
        return f"{', '.join(most)} or {last}" if most else last


@dataclass(frozen=True, slots=True)
class Money:
    """How an amount is written: the currency symbol, before (``$40``) or after (``40 €``).
    Each language writes its numbers its own way (``companion.messages.en.money``); French
    puts every symbol after the amount.

    >>> Money("£").written(1500), Money("£").written(1500, grouped=False)
    ('£1,500', '£1500')
    >>> Money("€", symbol_first=False).written(400)
    '400\xa0€'
    """

    symbol: str = "$"
    symbol_first: bool = True

    def written(self, amount: int, *, grouped: bool = True) -> str:
        """``amount`` as English writes it in this currency (a no-break space before a
        symbol that follows the number); not ``grouped``, without a thousands separator, as
        the referee's and the banker's own English sentences write it (``$2000``)."""
        digits = f"{abs(amount):,}" if grouped else str(abs(amount))
        sign = "-" if amount < 0 else ""
        if self.symbol_first:
            return f"{sign}{self.symbol}{digits}"
        return f"{sign}{digits}\u00a0{self.symbol}"


#: Dollars, written before the amount: the money of an edition whose data says no other.
DOLLARS = Money()


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
    #: The house rules (:class:`companion.rules.table.Options`) the edition offers a table,
    #: each with its default; the others keep the ruling's value and cannot be changed.
    house_rules: Mapping[str, bool]
    #: Whether taxes, fees, fines and bail go into a Pool (Ultimate: Tax Refund and some cards
    #: pay out of it) or to the Bank (``edition.json``'s ``"pool": false``).
    has_pool: bool = True
    #: E8: the regional board played (``"uk"``), ``None`` for the edition's own board.
    region: str | None = None
    #: E8: the regional boards the edition offers, its own first (``("us", "uk", "fr")``);
    #: empty for an edition without regional boards.
    regions: tuple[str, ...] = ()
    #: E8: the name of the board played, as a family tells its set (``"London"``; the
    #: edition's own board's is ``edition.json``'s ``board_name``), ``None`` for an edition
    #: with one board.
    board_name: str | None = None
    #: The data folder the edition was loaded from (its regional boards are read from it).
    folder: Path | None = field(default=None, repr=False)
    #: The edition's own words, by language: a catalogue (``locales/<lang>.po`` in its data
    #: folder) whose entries word a code or word of the shared catalogues otherwise in its
    #: games (the Mega Edition's Bus Tickets, where Ultimate says Travel Vouchers).
    words: Mapping[str, Path] = field(default_factory=lambda: MappingProxyType({}))
    #: The printed Roll Three action-card set: its size and the copies of each combination.
    _printed_roll_three: tuple[int, Mapping[str, int]] = field(init=False, repr=False)
    #: The edition's regional boards loaded so far, by region (they live and die with it).
    _regional: dict[str, Edition] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        printed = self.deck.roll_three_deck
        copies = MappingProxyType({card: printed.count(card) for card in printed})
        object.__setattr__(self, "_printed_roll_three", (len(printed), copies))
        object.__setattr__(self, "_regional", {})

    def on_board(self, region: str | None) -> Edition:
        """E8: this edition played on the regional board ``region`` (the first of
        :attr:`regions`: on the edition's own board; ``None``: this value as it is), loaded
        once. Raises :class:`UnknownRegionError` naming the region and the boards offered.

        >>> edition("ultimate").on_board("uk")
        Traceback (most recent call last):
        ...
        companion.editions.UnknownRegionError: no board 'uk' for Ultimate Monopoly: it has no regional boards
        """
        if region is None or region == self.region:
            return self
        if region not in self.regions:
            offered = (
                f"its boards are {', '.join(self.regions)}"
                if self.regions
                else "it has no regional boards"
            )
            raise UnknownRegionError(f"no board {region!r} for {self.name}: {offered}")
        if self.region is not None:  # from one regional board to another: the edition's
            return edition(self.id).on_board(region)
        if region == self.regions[0]:
            return self
        if self.folder is None:
            raise EditionDataError(f"{self.name} was not loaded from a folder: no board {region!r}")
        found = self._regional.get(region)
        if found is None:
            found = self._regional[region] = load_edition(self.folder, region=region)
        return found

    @property
    def title(self) -> str:
        """The edition's name, and its board's if it has several (E8): ``Classic Monopoly
        (London)``."""
        return f"{self.name} ({self.board_name})" if self.board_name else self.name

    def roll_three_deck(self, action_cards: bool) -> tuple[int, Mapping[str, int] | None]:
        """D4: the Roll Three deck's size, and the copies of each combination it holds
        (``None``: any three dice values, each combination at most once): the rules' deck of the
        edition's numbers, or the printed action-card set of its cards."""
        if not action_cards:
            return self.numbers.roll_three_cards, None
        return self._printed_roll_three

    def roll_three_copies(self, card: str, action_cards: bool) -> int:
        """D4: the copies of the Roll Three ``card`` ("1-3-6") in the deck: one of any three
        dice values in the rules' deck; two of each printed combination, none of any other, in
        the action-card set.

        >>> ultimate = edition("ultimate")
        >>> [ultimate.roll_three_copies(card, deck) for card, deck in (("1-3-3", False), ("1-2-3", True), ("2-3-5", True))]
        [1, 2, 0]
        """
        copies = self.roll_three_deck(action_cards)[1]
        return 1 if copies is None else copies.get(card, 0)

    def roll_three_clash(
        self, picks: Sequence[tuple[str, str]], action_cards: bool
    ) -> tuple[str, str, tuple[str, ...], int] | None:
        """D4: the first of ``picks`` (a player and a Roll Three card they hold, "1-3-6", in
        the order they were dealt) that the deck cannot have given them: that player, the card,
        who holds it before them, and the deck's copies of it; ``None`` if the deck holds them
        all.

        >>> edition("ultimate").roll_three_clash([("Ann", "1-2-3"), ("Bob", "4-5-6"), ("Cy", "1-2-3")], False)
        ('Cy', '1-2-3', ('Ann',), 1)
        >>> edition("ultimate").roll_three_clash([("Ann", "1-2-3"), ("Cy", "1-2-3")], True) is None
        True
        """
        holders: dict[str, list[str]] = {}
        for player, card in picks:
            held = holders.setdefault(card, [])
            copies = self.roll_three_copies(card, action_cards)
            if len(held) >= copies:
                return player, card, tuple(held), copies
            held.append(player)
        return None

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
        if self.region is not None:
            return f"edition({self.id!r}, {self.region!r})"
        return f"edition({self.id!r})"

    def options(self, chosen: Mapping[str, Any]) -> Options:
        """The house rules of a new game: the edition's defaults, then the table's ``chosen``
        ones. Raises :class:`ValueError` naming a house rule the edition does not offer.

        >>> edition("ultimate").options({"time_limit": True}).time_limit
        True
        """
        offered = set(self.house_rules)
        for key in chosen:
            if key not in offered and key in Options.names():
                raise ValueError(
                    f"{self.name} offers no house rule {key!r}; it offers {sorted(offered)}"
                )
        return Options.parse({**self.house_rules, **chosen})

    @property
    def stamp(self) -> dict[str, Any]:
        """What a ``game_started`` event records of the edition: its id, data version and
        regional board (left out for the edition's own board, as logs from before regions)."""
        if self.region is None:
            return {"id": self.id, "version": self.version}
        return {"id": self.id, "version": self.version, "region": self.region}


def edition(edition_id: str = DEFAULT, region: str | None = None) -> Edition:
    """The edition ``edition_id``: one of the companion's own data folders, or one a test
    registered (:func:`register`); loaded once per process. With ``region``, the edition on
    that regional board (E8), loaded once per edition and region.

    Raises :class:`UnknownEditionError` naming the id and the editions known, and
    :class:`UnknownRegionError` naming the region and the boards the edition offers.
    """
    found = _LOADED.get(edition_id)
    if found is not None:
        return found if region is None else found.on_board(region)
    folder = resources.files(__name__).joinpath(edition_id)
    if not edition_id.isidentifier() or not folder.joinpath("edition.json").is_file():
        known = ", ".join(playable())
        raise UnknownEditionError(f"no edition {edition_id!r}: the companion knows {known}")
    loaded = load_edition(Path(str(folder)))
    _LOADED[edition_id] = loaded
    return loaded if region is None else loaded.on_board(region)


def known_editions() -> tuple[str, ...]:
    """The ids of the editions this companion ships (its data folders)."""
    root = resources.files(__name__)
    return tuple(
        sorted(
            p.name for p in root.iterdir() if p.is_dir() and p.joinpath("edition.json").is_file()
        )
    )


def regional_boards() -> str:
    """E8: the regional boards each shipped edition offers, its own first, as help texts list
    them.

    >>> regional_boards()
    'classic: us, uk, fr'
    """
    offered = ((e, edition(e).regions) for e in known_editions())
    return "; ".join(f"{e}: {', '.join(regions)}" for e, regions in offered if regions)


def playable() -> tuple[str, ...]:
    """The ids of the editions this process can play: the companion's and any registered."""
    return tuple(sorted({*known_editions(), *_LOADED}))


def register(loaded: Edition) -> Edition:
    """Make ``loaded`` (an edition loaded from a folder elsewhere, a test's) known by its id."""
    _LOADED[loaded.id] = loaded
    return loaded


def of_game(stamp: Mapping[str, Any] | None) -> Edition:
    """The edition a ``game_started`` event names (``None``: a log from before editions, so
    Ultimate), on the regional board it names. A log written by a later data version of the
    edition is refused by :func:`stamp_problem` before it is replayed; here the stamp is
    trusted.

    >>> of_game(None) is edition("ultimate"), of_game({"id": "ultimate", "version": 1}).region
    (True, None)
    """
    if not stamp:
        return edition(DEFAULT)
    return edition(stamp["id"], stamp.get("region"))


def playable_edition(stamp: Any, game: str, hint: str) -> Edition:
    """The edition of a recorded game whose ``game_started`` event holds ``stamp``, or
    :class:`~companion.errors.UnplayableEditionError` in one line: ``game`` (which game, where),
    :func:`stamp_problem`'s reason, and in brackets ``hint`` (how its history can be read).

    >>> playable_edition(None, "game 1", "its history").id
    'ultimate'
    >>> playable_edition({"id": "ultimate", "version": 9}, "game 1", "its history")
    Traceback (most recent call last):
    ...
    companion.errors.UnplayableEditionError: game 1: the game was recorded with Ultimate Monopoly data version 9; this companion has version 1: update the companion (its history)
    """
    problem = stamp_problem(stamp)
    if problem is not None:
        raise UnplayableEditionError(f"{game}: {problem} ({hint})", edition=stamp_name(stamp))
    return of_game(stamp)


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
    region = stamp.get("region")
    if region is not None:
        try:
            known.on_board(str(region))
        except UnknownRegionError as exc:
            return f"{exc}: update the companion"
        except EditionDataError as exc:
            return f"its board cannot be loaded: {exc}"
    version = stamp.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > known.version:
        return (
            f"the game was recorded with {known.name} data version {version!r}; "
            f"this companion has version {known.version}: update the companion"
        )
    return None


def stamp_name(stamp: Any) -> str:
    """The name of the edition a game was recorded with (its ``game_started`` event's
    ``edition``; none: a log from before editions, so Ultimate), with its board's if it has
    several (``Classic Monopoly (London)``: :attr:`Edition.title`), to list the game by; an
    edition or a board this companion does not know is named by its id.

    >>> stamp_name(None), stamp_name({"id": "ultimate", "version": 1})
    ('Ultimate Monopoly', 'Ultimate Monopoly')
    >>> stamp_name({"id": "monopoly-junior", "version": 3})
    "'monopoly-junior' (an edition this companion does not know)"
    """
    if stamp is None:
        return edition(DEFAULT).name
    named = stamp.get("id") if isinstance(stamp, Mapping) else stamp
    region = stamp.get("region") if isinstance(stamp, Mapping) else None
    try:
        known = edition(str(named))
    except UnknownEditionError:
        return f"{named!r} (an edition this companion does not know)"
    try:
        return known.on_board(None if region is None else str(region)).title
    except (UnknownRegionError, EditionDataError):
        return f"{known.name} ({region!r}, a board this companion does not know)"


_LOADED: dict[str, Edition] = {}


def load_edition(folder: Path, *, region: str | None = None) -> Edition:
    """Load the edition whose ``edition.json`` is in ``folder`` (with ``region``, on that
    regional board: ``regions/<region>.json``'s names and money); every problem is an
    :class:`EditionDataError` naming the file and the field."""
    path = folder / "edition.json"
    data = _read(path)
    board_file = folder / _field(data, path, "board", str)
    cards_file, cards_data = _cards(data, path, folder)
    board_data = _read(board_file)
    regions = _regions(data, path, folder)
    try:
        board = Board(board_data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EditionDataError(f"{board_file}: {_reason(exc)}") from None
    money_data, money_path = _field(data, path, "money", dict), path
    board_name = (_field(data, path, "board_name", str, default="") if regions else "") or None
    if region is not None and region not in regions:
        raise EditionDataError(f"{path}: field 'regions' does not name {region!r}")
    if region is not None and region != regions[0]:
        region_file = folder / "regions" / f"{region}.json"
        regional = _read(region_file)
        board_name = _field(regional, region_file, "name", str)
        money_data, money_path = _field(regional, region_file, "money", dict), region_file
        renamed = _renames(board, regional, region_file)
        board_data, cards_data = _renamed(board_data, cards_data, renamed)
        try:
            board = Board(board_data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise EditionDataError(f"{region_file}: {_reason(exc)}") from None
    money: Money = _record(Money, money_data, money_path, "money")
    try:
        deck = CardDeck(cards_data, board=board, money=money.written)
    except (LookupError, TypeError, ValueError) as exc:  # a card's space no board has too
        raise EditionDataError(f"{cards_file}: {_reason(exc)}") from None
    dice = _dice(_field(data, path, "dice", dict), path)
    numbers = _numbers(_field(data, path, "numbers", dict), path, dice)
    _check_deck(deck, numbers, cards_file)
    seats = _field(data, path, "players", dict)
    return Edition(
        id=_field(data, path, "id", str),
        version=_field(data, path, "version", int),
        name=_field(data, path, "name", str),
        board=board,
        deck=deck,
        numbers=numbers,
        dice=dice,
        money=money,
        min_players=_field(seats, path, "players.min", int),
        max_players=_field(seats, path, "players.max", int),
        rules=_rules(data, path),
        has_pool=_field(data, path, "pool", bool, default=True),
        house_rules=_house_rules(data, path),
        region=None if region is None or region == regions[0] else region,
        regions=regions,
        board_name=board_name,
        folder=folder,
        words=MappingProxyType({p.stem: p for p in sorted(folder.glob("locales/*.po"))}),
    )


def _regions(data: Mapping[str, Any], path: Path, folder: Path) -> tuple[str, ...]:
    """E8: ``edition.json``'s ``regions``: the edition's own board's id, then each regional
    board's, whose file is ``regions/<id>.json`` (none for an edition without them)."""
    regions = _field(data, path, "regions", list, default=[])
    for i, region in enumerate(regions):
        if not isinstance(region, str) or not region.isidentifier() or region in regions[:i]:
            raise EditionDataError(
                f"{path}: field 'regions' names {region!r}: a region is an id, given once"
            )
        if i and not (folder / "regions" / f"{region}.json").is_file():
            raise EditionDataError(
                f"{path}: field 'regions' names {region!r}, but there is no "
                f"{folder / 'regions' / f'{region}.json'}"
            )
    return tuple(regions)


#: The spaces a regional board names all alike, by kind (its ``chance``, its ``community_chest``).
_NAMED_BY_KIND = ("chance", "community_chest")


def _renames(board: Board, regional: Mapping[str, Any], path: Path) -> dict[str, str]:
    """E8: each space's key and its name on the regional board (``names``, each space's key
    to its name, and one name for all the spaces of each kind of :data:`_NAMED_BY_KIND`).
    Every space is named, and no two properties alike."""
    names = _field(regional, path, "names", dict)
    renamed: dict[str, str] = {}
    for key, name in names.items():
        if key == "about":
            continue
        try:
            space = board.by_key(key)
        except KeyError:
            raise EditionDataError(
                f"{path}: field names.{key} names no space of the board"
            ) from None
        if space.kind in _NAMED_BY_KIND:
            raise EditionDataError(
                f"{path}: field names.{key} is a {space.kind} space: field {space.kind!r} names them all"
            )
        if not isinstance(name, str) or not name.strip():
            raise EditionDataError(f"{path}: field names.{key} must be a name, not {name!r}")
        renamed[key] = name
    for kind in _NAMED_BY_KIND:
        if any(s.kind == kind for s in board.spaces):
            name = _field(regional, path, kind, str)
            renamed.update((s.key, name) for s in board.spaces if s.kind == kind)
    missing = [s.key for s in board.spaces if s.key not in renamed]
    if missing:
        raise EditionDataError(f"{path}: field names has no name for {', '.join(missing)}")
    seen: dict[str, str] = {}
    for space in board.spaces:
        name = renamed[space.key]
        if space.is_property and seen.setdefault(name, space.key) != space.key:
            raise EditionDataError(
                f"{path}: field names.{space.key} names {name!r}, as {seen[name]} is named"
            )
        if not space.is_property:
            seen.setdefault(name, space.key)
    return renamed


def _renamed(
    board_data: Mapping[str, Any], cards_data: Mapping[str, Any], renamed: Mapping[str, str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Copies of the board's and the cards' data with each space's name ``renamed`` (its key to
    its name): the spaces, the colour groups' members, the transit stations, and the space a
    card moves to, which the data name by name."""
    spaces = [{**s, "name": renamed[f"{s['track']}:{s['index']}"]} for s in board_data["spaces"]]
    old = {f"{s['track']}:{s['index']}": s["name"] for s in board_data["spaces"]}
    new_name = {old[key]: name for key, name in renamed.items()}
    groups = {
        group: {**g, "members": [new_name.get(m, m) for m in g["members"]]}
        for group, g in board_data["groups"].items()
    }
    stations = [
        {**st, "name": renamed[st["spaces"][0]]} for st in board_data.get("transit_stations", ())
    ]
    board = {**board_data, "spaces": spaces, "groups": groups}
    if stations:
        board["transit_stations"] = stations
    cards = dict(cards_data)
    for deck in ("chance", "community_chest"):
        cards[deck] = [_card_renamed(card, new_name) for card in cards_data.get(deck, ())]
    return board, cards


def _card_renamed(card: Any, new_name: Mapping[str, str]) -> Any:
    move = card.get("move") if isinstance(card, Mapping) else None
    if not isinstance(move, Mapping) or not isinstance(move.get("to"), str):
        return card
    return {**card, "move": {**move, "to": new_name.get(move["to"], move["to"])}}


def _cards(data: Mapping[str, Any], path: Path, folder: Path) -> tuple[Path, dict[str, Any]]:
    """The edition's card data: ``cards`` names one file, or several whose sections make one
    deck (E3: the Mega Edition plays the Classic decks from their one copy and adds its Bus
    Tickets); a section given by two files is refused. The path returned names the files in
    what a problem of the deck says."""
    named = _field(data, path, "cards", object)
    files = [named] if isinstance(named, str) else named if isinstance(named, list) else []
    if not files or not all(isinstance(f, str) and f for f in files):
        raise EditionDataError(
            f"{path}: field cards must name a card file or a list of them, not {named!r}"
        )
    merged: dict[str, Any] = {}
    for name in files:
        for key, value in _read(folder / name).items():
            if key == "about":
                continue
            if key in merged:
                raise EditionDataError(
                    f"{folder / name}: field {key!r} is given by an earlier file of the "
                    f"edition's cards too ({', '.join(files)})"
                )
            merged[key] = value
    return Path(" + ".join(str(folder / name) for name in files)), merged


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


def _house_rules(data: Mapping[str, Any], path: Path) -> Mapping[str, bool]:
    offered = dict(_field(data, path, "house_rules", dict, default={}))
    offered.pop("about", None)
    for key, default in offered.items():
        if key not in Options.names():
            raise EditionDataError(
                f"{path}: field house_rules.{key} is not one of {', '.join(Options.names())}"
            )
        if type(default) is not bool:
            raise EditionDataError(
                f"{path}: field house_rules.{key} must be true or false, not {default!r}"
            )
    return MappingProxyType(offered)


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
    """A :class:`Numbers` or :class:`Money` of a section, each field of its declared type (an
    ``about`` field cites the rules and is not kept)."""
    known = {f.name: f for f in fields(cls)}
    values = {}
    for key, value in data.items():
        if key == "about":
            continue
        if key not in known:
            raise EditionDataError(
                f"{path}: field {section}.{key} is not one of {', '.join(known)}"
            )
        kind = _TYPES[str(known[key].type)]
        if kind is tuple:
            if not isinstance(value, list) or any(type(v) is not int or v < 0 for v in value):
                raise EditionDataError(
                    f"{path}: field {section}.{key} must be a list of whole amounts, not {value!r}"
                )
            value = tuple(value)
        elif type(value) is not kind:
            raise EditionDataError(
                f"{path}: field {section}.{key} must be {kind.__name__}, not {value!r}"
            )
        elif isinstance(value, int) and value < 0:
            raise EditionDataError(
                f"{path}: field {section}.{key} must not be negative, not {value}"
            )
        values[key] = value
    for name, f in known.items():
        if name not in values and f.default is MISSING:
            raise EditionDataError(f"{path}: field {section}.{name} is missing")
    return cls(**values)


_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool, "tuple[int, ...]": tuple}


def _numbers(data: Mapping[str, Any], path: Path, dice: Dice) -> Numbers:
    """The ``numbers`` section, each table as long as the dice's totals run."""
    numbers: Numbers = _record(Numbers, data, path, "numbers")
    totals = {
        "squeeze_play": 11,
        "squeeze_play_speed_die": 11
        + max((int(f) for f in dice.speed_die if f.isdigit()), default=0),
    }
    for name, wanted in totals.items():
        table = getattr(numbers, name)
        if table and len(table) != wanted:
            raise EditionDataError(
                f"{path}: field numbers.{name} must hold {wanted} amounts (totals 2 to "
                f"{wanted + 1}), not {len(table)}"
            )
    if numbers.tax_refund_divisor < 1:
        raise EditionDataError(f"{path}: field numbers.tax_refund_divisor must be at least 1")
    return numbers


def _check_deck(deck: CardDeck, numbers: Numbers, path: Path) -> None:
    """The card facts the numbers rely on: a Roll Three payout for each number of matches,
    a dividend for each number of shares a player may hold; and a card operation
    (``companion/editions/cards/``) for each operation a card names."""
    if numbers.roll_three_cards:
        for key in ("one", "two", "three", "own_card_roller"):
            value = deck.roll_three_payout.get(key)
            if type(value) is not int or value < 0:
                raise EditionDataError(
                    f"{path}: field roll_three.payout.{key} must be a whole amount, not {value!r}"
                )
    bad = card_operations.unknown((card.id, card.play) for card in deck.cards.values())
    if bad is not None:
        raise EditionDataError(
            f"{path}: card {bad[0]!r} does {bad[1]!r}: companion/editions/cards/ has no such "
            "card operation"
        )
    for company, dividends in deck.dividends.items():
        if len(dividends) != numbers.shares_per_company or any(
            type(v) is not int or v < 0 for v in dividends
        ):
            raise EditionDataError(
                f"{path}: field stocks.dividends of {company!r} must hold "
                f"{numbers.shares_per_company} whole amounts (numbers.shares_per_company), "
                f"not {list(dividends)!r}"
            )


def _dice(data: Mapping[str, Any], path: Path) -> Dice:
    faces = _field(data, path, "dice.speed_die", list, default=[])
    for face in faces:
        if not isinstance(face, str) or face not in {"mr", "bus", *"123456"}:
            raise EditionDataError(
                f"{path}: field dice.speed_die holds {face!r}: a face is '1' to '6', 'mr' or 'bus'"
            )
    return Dice(count=_field(data, path, "dice.count", int), speed_die=tuple(faces))


def _reason(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"field {exc.args[0]!r} is missing"
    return str(exc)
