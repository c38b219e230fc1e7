"""A board: its spaces on one or more tracks, built once from an edition's data.

Tracks count from 0 at their bottom-right corner in the direction of play (Ultimate: GO on the
middle track, Squeeze Play on the inner, Stock Exchange on the outer). Board facts live in each
edition's ``board.json`` (``companion/editions/``); this module turns them into frozen values
with lookup tables.

>>> from companion.editions import edition
>>> board = edition("ultimate").board
>>> board.space("States Avenue")
Space('middle:13', 'States Avenue')
>>> board.twin(board.space("middle:15"))
Space('inner:9', 'Pennsylvania Railroad')
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.errors import UnknownSpaceError

#: A track's name, as the edition's board data names it ("inner", "middle", "outer"; "main").
Track = str

#: Kinds of space a player can own.
PROPERTY_KINDS = frozenset({"street", "railroad", "utility", "cab_company"})


@dataclass(frozen=True, slots=True)
class Salary:
    """What a pay corner pays, by how the token reached it."""

    pass_odd: int
    pass_even: int
    land_odd: int
    land_even: int
    highest: int


@dataclass(frozen=True, slots=True)
class TrackLayout:
    """Where a track is drawn (``board.json``'s ``layout``): a square ring, ``ring`` 0 the
    outermost, with a corner at index 0 (bottom right) and one after each of the four ``sides``'
    spaces, walked bottom, left, top, right in the direction of play.

    >>> TrackLayout(ring=0, sides=(9, 9, 9, 9)).corners
    (0, 10, 20, 30)
    """

    ring: int
    #: The spaces between the corners on each side: bottom, left, top, right.
    sides: tuple[int, int, int, int]

    @property
    def corners(self) -> tuple[int, ...]:
        """The indices of the four corners on the track."""
        return tuple(side + sum(self.sides[:side]) for side in range(4))

    @property
    def length(self) -> int:
        return 4 + sum(self.sides)


@dataclass(frozen=True, slots=True, repr=False)
class Space:
    """One space of one track. A transit station is two spaces (one per track) of one property."""

    track: Track
    index: int
    name: str
    kind: str
    group: str | None = None
    price: int = 0
    #: Streets: base, 1-4 houses, hotel, skyscraper. Railroads and cab companies: by number owned.
    rent: tuple[int, ...] = ()
    house_cost: int = 0
    mortgage: int = 0
    #: Taxes: the amount due.
    amount: int = 0
    #: Taxes: the older sets' amount, due instead with the house rule ``older_tax_amounts``
    #: (E1: Classic's Luxury Tax $75); 0: the tax has no other amount.
    older_amount: int = 0
    salary: Salary | None = None
    lane_above: str | None = None
    lane_below: str | None = None
    #: ``TRACK:INDEX``, the space's unique address (computed once: every move looks it up).
    key: str = field(init=False, compare=False)
    is_property: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", f"{self.track}:{self.index}")
        object.__setattr__(self, "is_property", self.kind in PROPERTY_KINDS)

    @property
    def is_pay_corner(self) -> bool:
        return self.salary is not None

    def __repr__(self) -> str:
        return f"Space({self.key!r}, {self.name!r})"

    def __str__(self) -> str:
        return self.name


class Board:
    """The spaces and every lookup the referee needs, precomputed."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        #: The tracks from the centre of the board outwards, and their lengths.
        self.track_lengths: dict[Track, int] = dict(data["tracks"])
        self.tracks: tuple[Track, ...] = tuple(self.track_lengths)
        spaces = [_space_from_data(s) for s in data["spaces"]]
        self._by_key: dict[str, Space] = {s.key: s for s in spaces}
        self._tracks: dict[str, tuple[Space, ...]] = {
            t: tuple(sorted((s for s in spaces if s.track == t), key=lambda s: s.index))
            for t in self.tracks
        }
        for track, length in self.track_lengths.items():
            if [s.index for s in self._tracks[track]] != list(range(length)):
                raise ValueError(f"track {track!r} is not indexed 0 to {length - 1}")
        self.spaces: tuple[Space, ...] = tuple(s for t in self.tracks for s in self._tracks[t])
        if len(self.spaces) != len(spaces):
            raise ValueError("a space names a track that field 'tracks' does not list")
        #: Each track's place in the drawing.
        self.layout: dict[Track, TrackLayout] = _layout(data["layout"], self.track_lengths)

        self._twin: dict[str, Space] = {}
        #: The transit stations: their two spaces' keys and their railroad's name.
        self.stations: tuple[tuple[str, str, str], ...] = tuple(
            (*station["spaces"], station["name"]) for station in data.get("transit_stations", ())
        )
        for key_a, key_b, _ in self.stations:
            a, b = self._by_key[key_a], self._by_key[key_b]
            self._twin[a.key], self._twin[b.key] = b, a
        self._tunnel: dict[str, Space] = {}
        if "holland_tunnel" in data:
            tunnel_a, tunnel_b = (self._by_key[k] for k in data["holland_tunnel"])
            self._tunnel = {tunnel_a.key: tunnel_b, tunnel_b.key: tunnel_a}
        self.jail: Space = self._by_key[data["jail"]]
        #: P10: where every token starts (GO).
        self.start: Space = self._by_key[data["start"]]
        self.utility_multipliers: tuple[int, ...] = tuple(data.get("utility_multipliers", ()))
        #: D3: what a train depot and a cab stand cost (none on a board without them).
        self.depot_cost: int = data.get("railroad_depot", {}).get("cost", 0)
        self.cab_stand_cost: int = data.get("cab_stand", {}).get("cost", 0)
        ownership = data.get("ownership", {})
        #: P2: the smallest colour group in which all lots but one are a majority ownership
        #: (0: the edition knows no majority ownership).
        self.majority_group_size: int = _count(ownership, "majority_group_size", 0, "ownership")
        #: P2: what unimproved rent is multiplied by for a majority or a monopoly.
        multipliers = ownership.get("unimproved_rent_multiplier", {})
        self.rent_multiplier: Mapping[str, int] = {
            kind: _count(multipliers, kind, 1, "ownership.unimproved_rent_multiplier")
            for kind in ("majority", "monopoly")
        }
        #: D3: the Bank's building supply, by pile.
        self.building_supply: Mapping[str, int] = dict(data["building_supply"])
        self._track_key = re.compile(
            rf"({'|'.join(map(re.escape, self.tracks))})\s*:\s*(-?\d+)", re.IGNORECASE
        )
        #: Each colour group's colour on the printed board (``#rrggbb``).
        self.group_colours: dict[str, str] = {
            name: str(g.get("colour", "#cccccc")) for name, g in data["groups"].items()
        }
        self.groups: dict[str, tuple[str, ...]] = {
            name: tuple(g["members"]) for name, g in data["groups"].items()
        }
        properties: dict[str, list[Space]] = {}
        for s in self.spaces:
            if s.is_property:
                properties.setdefault(s.name, []).append(s)
        #: Property name -> its spaces (two for a transit station, one otherwise).
        self.properties: dict[str, tuple[Space, ...]] = {n: tuple(v) for n, v in properties.items()}
        self._of_kind: dict[str, tuple[str, ...]] = {}
        for name, spaces_of in self.properties.items():
            self._of_kind[spaces_of[0].kind] = (*self._of_kind.get(spaces_of[0].kind, ()), name)
        self._names: dict[str, list[Space]] = {}
        for s in self.spaces:
            self._names.setdefault(_fold(s.name), []).append(s)
        self.pay_corners: tuple[Space, ...] = tuple(s for s in self.spaces if s.is_pay_corner)
        self._memos: dict[str, dict[Any, Any]] = {}

    def memo(self, name: str, *, limit: int = 4096) -> dict[Any, Any]:
        """The table ``name`` of values worked out from this board (and what its keys hold),
        which a module fills as it asks (``"walks"``: the resolver's quiet walks): it lives and
        dies with the board, so two editions' boards never read each other's. A table that
        has grown past ``limit`` entries starts empty again.

        >>> from companion.editions import edition
        >>> board = edition("ultimate").board
        >>> board.memo("doctest.limit", limit=1).update(GO=0, Boardwalk=39)
        >>> board.memo("doctest.limit", limit=1)  # past its limit: empty again
        {}
        """
        table = self._memos.get(name)
        if table is None or len(table) > limit:
            table = self._memos[name] = {}
        return table

    def __repr__(self) -> str:
        return f"Board({len(self.spaces)} spaces on {', '.join(self.tracks)})"

    def __iter__(self) -> Iterator[Space]:
        return iter(self.spaces)

    def track(self, track: Track) -> tuple[Space, ...]:
        return self._tracks[track]

    def at(self, track: str, index: int) -> Space:
        return self._tracks[track][index]

    def by_key(self, key: str) -> Space:
        """The space with this exact ``track:index`` key (data from the game log)."""
        return self._by_key[key]

    def step(self, space: Space, direction: int) -> Space:
        """The neighbour of ``space`` on its own track (``direction`` +1 ahead, -1 back)."""
        track = self._tracks[space.track]
        return track[(space.index + direction) % len(track)]

    def twin(self, space: Space) -> Space | None:
        """The other space of a transit station, or ``None`` for any other space."""
        return self._twin.get(space.key)

    def is_station(self, space: Space) -> bool:
        return space.key in self._twin

    def tunnel_exit(self, space: Space) -> Space | None:
        """The other Holland Tunnel, or ``None`` if ``space`` is not a tunnel."""
        return self._tunnel.get(space.key)

    def lane(self, space: Space, lane: Literal["above", "below"]) -> Space | None:
        """The space one track inward (``above``) or outward (``below``), for Changing Lanes."""
        key = space.lane_above if lane == "above" else space.lane_below
        return self._by_key[key] if key else None

    def same_place(self, a: Space, b: Space) -> bool:
        """True for the same space, counting both spaces of one transit station as one."""
        return a.key == b.key or self._twin.get(a.key) is b

    def group_of(self, name: str) -> tuple[str, ...]:
        space = self.properties[name][0]
        return self.groups[space.group] if space.group else ()

    def ownership(self, name: str, owns: Callable[[str], bool]) -> str:
        """How much of ``name``'s colour group a player holds, by P2: ``"monopoly"`` (every
        lot), ``"majority"`` (all but one lot of a group of more than two: "a MAJORITY
        OWNERSHIP", which builds houses and hotels and doubles unimproved rent), or ``""``.
        A group of two needs both lots; a property of no colour group (a railroad, a utility,
        a cab company) makes neither. ``owns`` tells whether the player holds a lot.

        >>> from companion.editions import edition
        >>> board = edition("ultimate").board
        >>> board.ownership("Boardwalk", lambda n: n == "Boardwalk")
        ''
        >>> board.ownership("Vermont Avenue", lambda n: n != "Oriental Avenue")
        'majority'
        >>> board.ownership("Reading Railroad", lambda n: True)
        ''
        """
        group = self.group_of(name)
        if not group:
            return ""
        return self.group_ownership(sum(1 for lot in group if owns(lot)), len(group))

    def group_ownership(self, held: int, size: int) -> str:
        """P2: ``"monopoly"``, ``"majority"`` or ``""`` for ``held`` lots of a colour group of
        ``size`` lots (the one test of :meth:`ownership`, for callers that count the lots).

        >>> from companion.editions import edition
        >>> board = edition("ultimate").board
        >>> board.group_ownership(2, 3), board.group_ownership(1, 2), board.group_ownership(2, 2)
        ('majority', '', 'monopoly')
        """
        if held == size:
            return "monopoly"
        return "majority" if held == size - 1 and self.has_majority(size) else ""

    def has_majority(self, size: int) -> bool:
        """P2: whether all lots but one of a colour group of ``size`` lots is a majority
        ownership on this board (none in an edition without it: Classic, E1).

        >>> from companion.editions import edition
        >>> [edition(e).board.has_majority(n) for e, n in (("ultimate", 3), ("ultimate", 2), ("classic", 3))]
        [True, False, False]
        """
        return 0 < self.majority_group_size <= size

    def building_cost(self, name: str) -> int:
        """D3: a house, hotel or skyscraper costs the lot's house cost; a depot or a cab stand
        the board's price for it.

        >>> from companion.editions import edition
        >>> edition("ultimate").board.building_cost("Boardwalk")
        200
        """
        space = self.properties[name][0]
        if space.kind == "railroad":
            return self.depot_cost
        if space.kind == "cab_company":
            return self.cab_stand_cost
        return space.house_cost

    def property_key(self, name: str) -> str:
        """The key of property ``name``'s space (its first, for a transit station), as messages
        name a space."""
        return self.properties[name][0].key

    def mortgage_value(self, name: str) -> int:
        return self.properties[name][0].mortgage

    def properties_of_kind(self, kind: str) -> tuple[str, ...]:
        return self._of_kind.get(kind, ())

    def space(self, ref: str) -> Space:
        """Find one space by ``TRACK:INDEX`` or by name (case-insensitive, unique prefix allowed).

        Raises :class:`UnknownSpaceError` naming the input and the closest names.
        """
        text = ref.strip()
        match = self._track_key.fullmatch(text)
        if match:
            track, index = match.group(1).lower(), int(match.group(2))
            length = self.track_lengths[track]
            if not 0 <= index < length:
                raise UnknownSpaceError(
                    f"no space {text!r}: the {track} track has indices 0 to {length - 1}"
                )
            return self._tracks[track][index]
        folded = _fold(text)
        candidates = self._names.get(folded)
        if candidates is None:
            prefixed = (
                {k: v for k, v in self._names.items() if k.startswith(folded)} if folded else {}
            )
            if len(prefixed) == 1:
                candidates = next(iter(prefixed.values()))
            elif len(prefixed) > 1:
                names = tuple(sorted(v[0].name for v in prefixed.values()))
                raise UnknownSpaceError(
                    f"space {text!r} is ambiguous: it could be {_or_list(names)}",
                    suggestions=names,
                )
        if candidates is None:
            close = difflib.get_close_matches(folded, self._names, n=3, cutoff=0.6)
            names = tuple(self._names[c][0].name for c in close)
            hint = (
                f"; did you mean {_or_list(names)}?"
                if names
                else "; use a space name or TRACK:INDEX"
            )
            raise UnknownSpaceError(f"no space named {text!r}{hint}", suggestions=names)
        if len(candidates) > 1:
            keys = tuple(s.key for s in candidates)
            raise UnknownSpaceError(
                f"{candidates[0].name!r} is on {len(keys)} spaces: give one of {_or_list(keys)}",
                suggestions=keys,
            )
        return candidates[0]


def _fold(name: str) -> str:
    """A name as it is looked up: lower case, without accents (E8: ``champs elysees`` finds
    the Paris board's Avenue des Champs-Élysées), punctuation as spaces."""
    if not name.isascii():
        name = "".join(
            c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)
        )
    return re.sub(r"[^a-z0-9&]+", " ", name.lower()).strip()


def _or_list(items: tuple[str, ...]) -> str:
    quoted = [f"{i!r}" for i in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _layout(data: Any, lengths: Mapping[Track, int]) -> dict[Track, TrackLayout]:
    """Each track's :class:`TrackLayout`, checked against the tracks: every track has one, its
    sides and corners add up to its spaces, and the rings count 0, 1, 2... one track each."""
    if not isinstance(data, dict):
        raise ValueError("field 'layout' must map each track to its ring and sides")
    for track in data:
        if track not in lengths:
            raise ValueError(f"field 'layout' names track {track!r}, which 'tracks' does not list")
    out: dict[Track, TrackLayout] = {}
    for track, length in lengths.items():
        entry = data.get(track)
        if not isinstance(entry, dict):
            raise ValueError(
                f"field 'layout' has no {track!r}: give the track's ring and sides, "
                'as {"ring": 0, "sides": [9, 9, 9, 9]}'
            )
        ring, sides = entry.get("ring"), entry.get("sides")
        if type(ring) is not int or ring < 0:
            raise ValueError(
                f"field 'layout.{track}.ring' must be a whole number from 0 (the outermost "
                f"ring), not {ring!r}"
            )
        if (
            not isinstance(sides, list)
            or len(sides) != 4
            or any(type(n) is not int or n < 0 for n in sides)
        ):
            raise ValueError(
                f"field 'layout.{track}.sides' must be the spaces between the corners on each "
                f"of the four sides (bottom, left, top, right), not {sides!r}"
            )
        laid = TrackLayout(ring, (sides[0], sides[1], sides[2], sides[3]))
        if laid.length != length:
            raise ValueError(
                f"field 'layout.{track}.sides' {sides} and 4 corners make {laid.length} spaces, "
                f"but track {track!r} has {length}"
            )
        out[track] = laid
    by_ring: dict[int, Track] = {}
    for track, laid in out.items():
        if laid.ring in by_ring:
            raise ValueError(
                f"field 'layout' puts tracks {by_ring[laid.ring]!r} and {track!r} both on "
                f"ring {laid.ring}"
            )
        by_ring[laid.ring] = track
    missing = sorted(set(range(len(out))) - set(by_ring))
    if missing:
        raise ValueError(
            f"field 'layout' leaves ring {missing[0]} empty: the rings count 0 (the outermost), "
            f"1, 2... one track each"
        )
    return out


def _count(data: Any, key: str, default: int, section: str) -> int:
    """A whole number of at least 0 in ``data`` (a section of the board's data), or ``default``."""
    if not isinstance(data, Mapping):
        raise ValueError(f"field {section!r} must be an object, not {data!r}")
    value = data.get(key, default)
    if type(value) is not int or value < 0:
        raise ValueError(f"field '{section}.{key}' must be a whole number, not {value!r}")
    return value


def _space_from_data(d: dict) -> Space:
    salary = Salary(**d["salary"]) if "salary" in d else None
    return Space(
        track=d["track"],
        index=d["index"],
        name=d["name"],
        kind=d["kind"],
        group=d.get("group"),
        price=d.get("price", 0),
        rent=tuple(d.get("rent", ())),
        house_cost=d.get("house_cost", 0),
        mortgage=d.get("mortgage", 0),
        amount=d.get("amount", 0),
        older_amount=d.get("older_amount", 0),
        salary=salary,
        lane_above=d.get("lane_above"),
        lane_below=d.get("lane_below"),
    )
