"""Where each of the 120 spaces sits on the drawn board, in unit coordinates (no Kivy).

The printed Ultimate Monopoly board is three concentric square tracks. Every ordinary space has
the same width ``w`` and every track is ``2w`` deep, with square ``2w x 2w`` corners: the outer
side is then 13 spaces + 2 corners = 17w, the middle 9 + 2 corners = 13w, the inner 5 + 2 corners
= 9w, and each track sits exactly one track-depth inside the next. With that one proportion the
tracks line up as on the real board: the four railroads sit in the middle of their sides, each
directly beside its twin on the neighbouring track, and every ``lane_above``/``lane_below`` of the
board data is the space just across the track's edge.

Coordinates: the board is the unit square, ``x`` to the right and ``y`` upwards (Kivy's way).
Tracks count from their bottom-right corner in the direction of play: left along the bottom,
up the left side, right along the top, down the right side.

>>> shape("middle:0").name, shape("middle:0").is_corner
('GO', True)
>>> space_at(0.99, 0.01)
'outer:0'
>>> space_at(0.5, 0.5) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.board import Board
from ui.edition import table_edition

#: The board's side in space widths.
SIDE = 17
#: A track's depth in space widths (a corner is DEPTH x DEPTH).
DEPTH = 2
#: How far each track is set in from the board's edge, in space widths.
INSET = {"outer": 0, "middle": 2, "inner": 4}
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


def _unit(v: float) -> float:
    return v / SIDE


def _rect(x: float, y: float, w: float, h: float) -> Rect:
    return Rect(_unit(x), _unit(y), _unit(w), _unit(h))


def _track_rect(track: str, index: int, length: int) -> tuple[Rect, int, bool]:
    """The space's rectangle in space widths (before scaling to the unit square)."""
    per_side = length // 4  # a corner and the spaces after it
    n = per_side - 1
    o = INSET[track]
    s = n + 2 * DEPTH  # this track's outer side
    side, k = divmod(index, per_side)
    lo, hi = o, o + s - DEPTH  # the near and far bands' lower edges
    if k == 0:
        corners = ((hi, lo), (lo, lo), (lo, hi), (hi, hi))
        x, y = corners[side]
        return _rect(x, y, DEPTH, DEPTH), side, True
    if side == 0:
        return _rect(hi - k, lo, 1, DEPTH), side, False
    if side == 1:
        return _rect(lo, lo + DEPTH + k - 1, DEPTH, 1), side, False
    if side == 2:
        return _rect(lo + DEPTH + k - 1, hi, 1, DEPTH), side, False
    return _rect(hi, hi - k, DEPTH, 1), side, False


#: The colour band's and the owner strip's depth, as a share of the track's depth.
BAND = 0.3
STRIP = 0.16


def _edge(rect: Rect, side: int, share: float, *, inward: bool) -> Rect:
    """A strip of ``rect`` along the edge facing the centre (``inward``) or the board's edge."""
    d = _unit(DEPTH) * share
    # Which edge faces the centre, per side: bottom -> top edge, left -> right, top -> bottom...
    facing = (side + (0 if inward else 2)) % 4
    if facing == 0:
        return Rect(rect.x, rect.top - d, rect.w, d)
    if facing == 1:
        return Rect(rect.right - d, rect.y, d, rect.h)
    if facing == 2:
        return Rect(rect.x, rect.y, rect.w, d)
    return Rect(rect.x, rect.y, d, rect.h)


def shapes() -> tuple[SpaceShape, ...]:
    """All the spaces of the table's board, inner track first, each track in index order."""
    return _shapes(table_edition().board)


def _shapes(board: Board) -> tuple[SpaceShape, ...]:
    """The board's shapes, drawn once per board (kept in its memo)."""
    memo = board.memo("ui.shapes")
    drawn: tuple[SpaceShape, ...] | None = memo.get("all")
    if drawn is None:
        drawn = memo["all"] = _draw(board)
    return drawn


def _draw(board: Board) -> tuple[SpaceShape, ...]:
    colours = board.group_colours
    out = []
    for space in board.spaces:
        rect, side, corner = _track_rect(space.track, space.index, board.track_lengths[space.track])
        colour = colours.get(space.group) if space.group else None
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
                band=None if colour is None or corner else _edge(rect, side, BAND, inward=True),
                outer_strip=_edge(rect, side, STRIP, inward=False),
            )
        )
    return tuple(out)


def _by_key() -> dict[str, SpaceShape]:
    return _keyed(table_edition().board)


def _keyed(board: Board) -> dict[str, SpaceShape]:
    memo = board.memo("ui.shapes")
    keyed: dict[str, SpaceShape] | None = memo.get("by_key")
    if keyed is None:
        keyed = memo["by_key"] = {s.key: s for s in _shapes(board)}
    return keyed


def shape(key: str) -> SpaceShape:
    """The space with this ``track:index`` key (``KeyError`` for another key)."""
    return _by_key()[key]


def centre(key: str) -> tuple[float, float]:
    return _by_key()[key].rect.centre


def ring(track: str) -> tuple[Rect, Rect]:
    """A track's outer and inner boundary squares."""
    o = INSET[track]
    s = SIDE - 2 * o
    return _rect(o, o, s, s), _rect(o + DEPTH, o + DEPTH, s - 2 * DEPTH, s - 2 * DEPTH)


def centre_square() -> Rect:
    """The empty middle of the board, inside the inner track."""
    return ring("inner")[1]


def space_at(x: float, y: float) -> str | None:
    """The key of the space under the unit point ``(x, y)``, or ``None`` off the tracks.

    The track is found from the distance to the board's edge, then the one rectangle tested.
    """
    if not (0 <= x < 1 and 0 <= y < 1):
        return None
    edge = min(x, y, 1 - x, 1 - y) * SIDE  # space widths in from the nearest edge
    board = table_edition().board
    for track in reversed(board.tracks):  # outer first
        if INSET[track] <= edge < INSET[track] + DEPTH:
            for s in _track_shapes(board, track):
                if s.rect.contains(x, y):
                    return s.key
            # A point exactly on the far edge of the board's unit square belongs to no rect.
            return None
    return None


def _track_shapes(board: Board, track: str) -> tuple[SpaceShape, ...]:
    memo = board.memo("ui.shapes")
    shapes: tuple[SpaceShape, ...] | None = memo.get(("track", track))
    if shapes is None:
        shapes = memo["track", track] = tuple(s for s in _shapes(board) if s.track == track)
    return shapes


def transit_links() -> tuple[tuple[str, str, str], ...]:
    """The transit stations: (key on one track, key on the other, the railroad's name)."""
    return table_edition().board.stations


def tunnel() -> tuple[str, str]:
    """The two Holland Tunnel spaces."""
    board = table_edition().board
    a = next(s for s in board.spaces if board.tunnel_exit(s) is not None)
    exit_ = board.tunnel_exit(a)
    assert exit_ is not None
    return a.key, exit_.key


def corners() -> tuple[SpaceShape, ...]:
    """The twelve corner spaces, whose names the map prints."""
    return tuple(s for s in shapes() if s.is_corner)


@dataclass(frozen=True, slots=True)
class Frame:
    """The board's square inside a widget: pixels <-> unit coordinates.

    ``side`` is ``min(w, h)``; the square is centred in the widget (tito/2048's ``reposition``).
    """

    x: float
    y: float
    side: float

    @classmethod
    def fit(cls, x: float, y: float, w: float, h: float) -> Frame:
        side = max(0.0, min(w, h))
        return cls(x + (w - side) / 2, y + (h - side) / 2, side)

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
        return self.side / SIDE

    def space_at(self, px: float, py: float) -> str | None:
        """The key of the space under a pixel point, or ``None``."""
        return space_at(*self.to_unit(px, py))


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
