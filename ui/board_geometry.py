"""Where each space of a board sits on the drawing, in unit coordinates (no Kivy).

The drawing comes from the board's ``layout`` (the edition's ``board.json``): each track is a
square ring, ring 0 the outermost, with a corner at its index 0 and after each side's spaces.
Every ordinary space is one space width ``w`` along its side, every ring is ``DEPTH`` = ``2w``
deep with square ``2w x 2w`` corners, and each ring sits exactly one ring-depth inside the
next. The board's side is the fewest space widths that give every side of every ring room for
its spaces; a side of fewer spaces stretches them to fill it. Printed Ultimate Monopoly is
three rings of 13, 9 and 5 spaces a side: 13 + 2 corners = 17w, 9 + 2 corners = 13w, 5 + 2
corners = 9w, so every space is one width, the four railroads sit in the middle of their sides,
each directly beside its twin on the neighbouring track, and every ``lane_above``/
``lane_below`` of the board data is the space just across the track's edge. A one-ring board
of 40 spaces (9 a side) is 13 widths wide, one of 52 (12 a side) 16.

Coordinates: the board is the unit square, ``x`` to the right and ``y`` upwards (Kivy's way).
Tracks count from their bottom-right corner in the direction of play: left along the bottom,
up the left side, right along the top, down the right side.

:func:`table` draws the board of the game at the table (``ui.edition``); :func:`drawing` draws
any board.

>>> from companion.editions import edition
>>> ultimate, classic = drawing(edition("ultimate").board), drawing(edition("classic").board)
>>> ultimate.shape("middle:0").name, ultimate.shape("middle:0").is_corner
('GO', True)
>>> ultimate.space_at(0.99, 0.01), classic.space_at(0.99, 0.01), classic.units
('outer:0', 'board:0', 13)
>>> ultimate.space_at(0.5, 0.5) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.board import Board, Track, TrackLayout
from ui.edition import table_edition

#: A ring's depth in space widths (a corner is DEPTH x DEPTH).
DEPTH = 2
#: Bottom, left, top, right: the order the sides are walked in.
SIDES = ("bottom", "left", "top", "right")


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in unit coordinates."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def contains(self, x: float, y: float) -> bool:
        """Half-open on the far edges, so a point on a shared edge is in exactly one space."""
        return self.x <= x < self.right and self.y <= y < self.top

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, max(0.0, self.w - 2 * d), max(0.0, self.h - 2 * d))


@dataclass(frozen=True, slots=True)
class SpaceShape:
    """One space as drawn: its board facts and where it is."""

    key: str
    track: str
    index: int
    name: str
    kind: str
    group: str | None
    #: The colour group's printed colour (``#rrggbb``), ``None`` for a space of no group.
    colour: str | None
    rect: Rect
    #: 0 bottom, 1 left, 2 top, 3 right (a corner takes the side it starts).
    side: int
    is_corner: bool
    #: The colour band along the edge towards the board's centre (``None`` without a group).
    band: Rect | None
    #: The strip along the edge away from the centre, where an owner's colour goes.
    outer_strip: Rect


#: The colour band's and the owner strip's depth, as a share of the ring's depth.
BAND = 0.3
STRIP = 0.16


@dataclass(frozen=True, eq=False)
class Drawing:
    """One board as drawn: every space's shape, the rings, and the hit-test. Build it with
    :func:`drawing` (once per board)."""

    board: Board
    #: The board's side in space widths.
    units: int
    #: All the spaces, in the board's order (inner track first, each track in index order).
    shapes: tuple[SpaceShape, ...] = field(repr=False)
    _keyed: dict[str, SpaceShape] = field(repr=False)
    _by_ring: tuple[tuple[SpaceShape, ...], ...] = field(repr=False)

    def has(self, key: str) -> bool:
        """True for the key of a space of this board."""
        return key in self._keyed

    def shape(self, key: str) -> SpaceShape:
        """The space with this ``track:index`` key (``KeyError`` for another key)."""
        return self._keyed[key]

    def centre(self, key: str) -> tuple[float, float]:
        return self._keyed[key].rect.centre

    def ring(self, track: Track) -> tuple[Rect, Rect]:
        """A track's outer and inner boundary squares."""
        return self._ring(self.board.layout[track].ring)

    def outlines(self) -> tuple[Rect, ...]:
        """Every track's outer and inner boundary squares, inner track first."""
        return tuple(r for track in self.board.tracks for r in self.ring(track))

    def _ring(self, ring: int) -> tuple[Rect, Rect]:
        o = ring * DEPTH
        s = self.units - 2 * o
        outer = Rect(o / self.units, o / self.units, s / self.units, s / self.units)
        d = s - 2 * DEPTH
        i = o + DEPTH
        return outer, Rect(i / self.units, i / self.units, d / self.units, d / self.units)

    def centre_square(self) -> Rect:
        """The empty middle of the board, inside the innermost ring."""
        return self._ring(len(self._by_ring) - 1)[1]

    def corners(self) -> tuple[SpaceShape, ...]:
        """The corner spaces, whose names the map prints."""
        return tuple(s for s in self.shapes if s.is_corner)

    def space_at(self, x: float, y: float) -> str | None:
        """The key of the space under the unit point ``(x, y)``, or ``None`` off the tracks.

        The ring is found from the distance to the board's edge, then its rectangles tested.
        """
        if not (0 <= x < 1 and 0 <= y < 1):
            return None
        edge = min(x, y, 1 - x, 1 - y) * self.units  # space widths in from the nearest edge
        ring = int(edge // DEPTH)
        if ring >= len(self._by_ring):
            return None
        for s in self._by_ring[ring]:
            if s.rect.contains(x, y):
                return s.key
        # A point exactly on the far edge of the board's unit square belongs to no rect.
        return None


def drawing(board: Board) -> Drawing:
    """How ``board`` is drawn, from its ``layout``: worked out once, kept in the board's memo."""
    memo = board.memo("ui.drawing")
    drawn: Drawing | None = memo.get("drawing")
    if drawn is None:
        drawn = memo["drawing"] = _draw(board)
    return drawn


def _draw(board: Board) -> Drawing:
    layout = board.layout
    # Room on every side of every ring for its spaces at one width each, corners included.
    units = max(max(t.sides) + 2 * DEPTH + 2 * t.ring * DEPTH for t in layout.values())
    colours = board.group_colours
    out = []
    for space in board.spaces:
        rect, side, corner = _track_rect(units, layout[space.track], space.index)
        colour = colours.get(space.group) if space.group else None
        band = None if colour is None or corner else _edge(units, rect, side, BAND, inward=True)
        out.append(
            SpaceShape(
                key=space.key,
                track=space.track,
                index=space.index,
                name=space.name,
                kind=space.kind,
                group=space.group,
                colour=colour,
                rect=rect,
                side=side,
                is_corner=corner,
                band=band,
                outer_strip=_edge(units, rect, side, STRIP, inward=False),
            )
        )
    shapes = tuple(out)
    rings = sorted(layout, key=lambda t: layout[t].ring)
    return Drawing(
        board=board,
        units=units,
        shapes=shapes,
        _keyed={s.key: s for s in shapes},
        _by_ring=tuple(tuple(s for s in shapes if s.track == t) for t in rings),
    )


def _track_rect(units: int, laid: TrackLayout, index: int) -> tuple[Rect, int, bool]:
    """The space's rectangle, its side and whether it is a corner."""
    side = max(i for i, c in enumerate(laid.corners) if c <= index)
    k = index - laid.corners[side]  # 0: the corner, then the side's spaces
    lo = laid.ring * DEPTH  # the ring's near bands' lower edge, in space widths
    s = units - 2 * lo  # the ring's side
    hi = lo + s - DEPTH  # its far bands' lower edge
    if k == 0:
        x, y = ((hi, lo), (lo, lo), (lo, hi), (hi, hi))[side]
        return _rect(units, x, y, DEPTH, DEPTH), side, True
    w = (s - 2 * DEPTH) / laid.sides[side]  # 1 unless the side's spaces stretch to fill it
    if side == 0:
        return _rect(units, hi - k * w, lo, w, DEPTH), side, False
    if side == 1:
        return _rect(units, lo, lo + DEPTH + (k - 1) * w, DEPTH, w), side, False
    if side == 2:
        return _rect(units, lo + DEPTH + (k - 1) * w, hi, w, DEPTH), side, False
    return _rect(units, hi, hi - k * w, DEPTH, w), side, False


def _rect(units: int, x: float, y: float, w: float, h: float) -> Rect:
    """A rectangle in space widths, scaled to the unit square."""
    return Rect(x / units, y / units, w / units, h / units)


def _edge(units: int, rect: Rect, side: int, share: float, *, inward: bool) -> Rect:
    """A strip of ``rect`` along the edge facing the centre (``inward``) or the board's edge."""
    d = DEPTH / units * share
    # Which edge faces the centre, per side: bottom -> top edge, left -> right, top -> bottom...
    facing = (side + (0 if inward else 2)) % 4
    if facing == 0:
        return Rect(rect.x, rect.top - d, rect.w, d)
    if facing == 1:
        return Rect(rect.right - d, rect.y, d, rect.h)
    if facing == 2:
        return Rect(rect.x, rect.y, rect.w, d)
    return Rect(rect.x, rect.y, d, rect.h)


def table() -> Drawing:
    """The drawing of the board of the game at the table."""
    return drawing(table_edition().board)


@dataclass(frozen=True, slots=True)
class Frame:
    """The board's square inside a widget: pixels <-> unit coordinates.

    ``side`` is ``min(w, h)``; the square is centred in the widget (tito/2048's ``reposition``).
    ``drawing`` is the board drawn in it (``None``: the table's).
    """

    x: float
    y: float
    side: float
    drawing: Drawing | None = None

    @classmethod
    def fit(
        cls, x: float, y: float, w: float, h: float, *, drawing: Drawing | None = None
    ) -> Frame:
        side = max(0.0, min(w, h))
        return cls(x + (w - side) / 2, y + (h - side) / 2, side, drawing)

    @property
    def drawn(self) -> Drawing:
        """The drawing in the frame."""
        return self.drawing if self.drawing is not None else table()

    def to_px(self, ux: float, uy: float) -> tuple[float, float]:
        return (self.x + ux * self.side, self.y + uy * self.side)

    def to_unit(self, px: float, py: float) -> tuple[float, float]:
        if self.side <= 0:
            return (-1.0, -1.0)
        return ((px - self.x) / self.side, (py - self.y) / self.side)

    def rect_px(self, r: Rect) -> tuple[float, float, float, float]:
        """``(x, y, w, h)`` in pixels, for a Rectangle's ``pos`` and ``size``."""
        return (
            self.x + r.x * self.side,
            self.y + r.y * self.side,
            r.w * self.side,
            r.h * self.side,
        )

    @property
    def space_width(self) -> float:
        """One ordinary space's width in pixels."""
        return self.side / self.drawn.units

    def space_at(self, px: float, py: float) -> str | None:
        """The key of the space under a pixel point, or ``None``."""
        return self.drawn.space_at(*self.to_unit(px, py))


def slots(rect: Rect, count: int) -> list[tuple[float, float, float]]:
    """Centres and a diameter for ``count`` tokens packed in ``rect`` (unit coordinates).

    The grid with the largest cells wins; the diameter leaves a tenth of a cell free.
    """
    if count <= 0:
        return []
    best = (0.0, 1, count)
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        cell = min(rect.w / cols, rect.h / rows)
        if cell > best[0]:
            best = (cell, cols, rows)
    cell, cols, rows = best
    x0 = rect.x + (rect.w - cols * cell) / 2
    y0 = rect.y + (rect.h - rows * cell) / 2
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        out.append((x0 + (c + 0.5) * cell, rect.top - (y0 - rect.y) - (r + 0.5) * cell, cell * 0.9))
    return out
