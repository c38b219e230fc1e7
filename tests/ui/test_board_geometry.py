"""The drawn board's geometry: no window, no Kivy."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from companion.editions import edition, load_edition
from tests.edition_data import TEST_EDITIONS, copied
from ui import board_geometry as geo


def _overlap(a: geo.Rect, b: geo.Rect) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.top, b.top) - max(a.y, b.y)
    return max(0.0, w) * max(0.0, h)


def _touch(a: geo.Rect, b: geo.Rect) -> bool:
    """The two rectangles share a stretch of edge."""
    eps = 1e-9
    shared_x = min(a.right, b.right) - max(a.x, b.x) > eps
    shared_y = min(a.top, b.top) - max(a.y, b.y) > eps
    x_edge = abs(a.right - b.x) < eps or abs(b.right - a.x) < eps
    y_edge = abs(a.top - b.y) < eps or abs(b.top - a.y) < eps
    return (shared_x and y_edge) or (shared_y and x_edge)


#: Ultimate's board in pixels at the two screen sizes, recorded when the numbers of its drawing
#: were still written in code: the layout from the edition's data draws it pixel for pixel.
GOLDEN = Path(__file__).parent.parent / "data" / "board_geometry_ultimate.json"


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_ultimate_draws_as_recorded(size):
    golden = json.loads(GOLDEN.read_text("utf-8"))[size]
    w, h = map(int, size.split("x"))
    frame = geo.Frame.fit(0, 0, w, h)

    def px(r: geo.Rect | None) -> list[float] | None:
        return None if r is None else [round(v, 6) for v in frame.rect_px(r)]

    drawn = {
        s.key: {
            "rect": px(s.rect),
            "band": px(s.band),
            "strip": px(s.outer_strip),
            "side": s.side,
            "corner": s.is_corner,
        }
        for s in geo.table().shapes
    }
    assert set(drawn) == set(golden["spaces"])
    for key, shape in drawn.items():
        assert _same(shape, golden["spaces"][key]), (key, shape, golden["spaces"][key])
    rings = {t: [px(r) for r in geo.table().ring(t)] for t in edition("ultimate").board.tracks}
    assert _same(rings, golden["rings"]), rings
    assert _same(px(geo.table().centre_square()), golden["centre"])
    assert frame.space_width == pytest.approx(golden["space_width"], abs=1e-6)


def _same(a: object, b: object) -> bool:
    """Equal, numbers to a millionth of a pixel (the recording's rounding)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float | int) and isinstance(b, float | int) and type(a) is not bool:
        return abs(a - b) <= 2e-6
    return a == b


def test_every_space_of_the_board_has_one_shape():
    board = edition("ultimate").board
    keys = [s.key for s in geo.table().shapes]
    assert keys == [s.key for s in board.spaces]
    assert len(set(keys)) == 120


def test_the_tracks_tile_the_board_around_an_empty_middle():
    shapes = geo.table().shapes
    for s in shapes:
        r = s.rect
        assert 0 <= r.x and 0 <= r.y and r.right <= 1 + 1e-12 and r.top <= 1 + 1e-12
    for a, b in itertools.combinations(shapes, 2):
        assert _overlap(a.rect, b.rect) < 1e-12, (a.key, b.key)
    area = sum(s.rect.w * s.rect.h for s in shapes)
    middle = geo.table().centre_square()
    assert area == pytest.approx(1 - middle.w * middle.h)
    assert middle.w == pytest.approx(5 / 17)


def test_corners_are_where_the_printed_board_has_them():
    names = {(s.track, s.side): s.name for s in geo.table().corners()}
    assert names == {
        ("outer", 0): "Stock Exchange",
        ("outer", 1): "Holland Tunnel",
        ("outer", 2): "Pay Day",
        ("outer", 3): "Subway",
        ("middle", 0): "GO",
        ("middle", 1): "In Jail / Just Visiting",
        ("middle", 2): "Free Parking",
        ("middle", 3): "Go To Jail",
        ("inner", 0): "Squeeze Play",
        ("inner", 1): "Bonus",
        ("inner", 2): "Roll Three",
        ("inner", 3): "Holland Tunnel",
    }
    go = geo.table().shape("middle:0").rect
    assert go.centre[0] > 0.5 and go.centre[1] < 0.5  # bottom right
    jail = geo.table().shape("middle:10").rect
    assert jail.centre[0] < 0.5 and jail.centre[1] < 0.5  # bottom left


def test_play_runs_left_along_the_bottom_then_up_the_left_side():
    def c(key: str) -> tuple[float, float]:
        return geo.table().centre(key)

    assert c("middle:1")[0] < c("middle:0")[0] and c("middle:1")[1] == c("middle:0")[1]
    assert c("middle:11")[1] > c("middle:10")[1]
    assert c("middle:21")[0] > c("middle:20")[0]
    assert c("middle:31")[1] < c("middle:30")[1]
    for track in edition("ultimate").board.tracks:
        spaces = edition("ultimate").board.track(track)
        for a, b in zip(spaces, spaces[1:] + spaces[:1], strict=True):
            assert _touch(geo.table().shape(a.key).rect, geo.table().shape(b.key).rect), (
                a.key,
                b.key,
            )


def test_transit_stations_sit_beside_their_twin_in_the_middle_of_a_side():
    links = geo.table().board.stations
    assert len(links) == 4
    for a, b, _name in links:
        ra, rb = geo.table().shape(a).rect, geo.table().shape(b).rect
        assert _touch(ra, rb), (a, b)
        # the middle of the side: the centre line of the board runs through both
        assert 0.5 in (pytest.approx(ra.centre[0]), pytest.approx(ra.centre[1]))
        assert ra.centre[0] == pytest.approx(rb.centre[0]) or ra.centre[1] == pytest.approx(
            rb.centre[1]
        )


def test_every_lane_of_the_board_data_is_just_across_the_track_edge():
    board = edition("ultimate").board
    checked = 0
    for space in board.spaces:
        for key in (space.lane_above, space.lane_below):
            if key is None:
                continue
            here, there = geo.table().shape(space.key), geo.table().shape(key)
            if here.is_corner or there.is_corner:
                continue  # a corner's lane is the nearest space, not one across the edge
            assert _touch(here.rect, there.rect), (space.key, key)
            checked += 1
    assert checked > 100


def test_colour_bands_face_the_centre_and_only_groups_have_them():
    for s in geo.table().shapes:
        if s.group is None or s.is_corner:
            assert s.band is None
            continue
        assert s.colour is not None and s.colour.startswith("#")
        band_c = s.band.centre if s.band else (0, 0)
        strip_c = s.outer_strip.centre
        to_mid = lambda p: abs(p[0] - 0.5) + abs(p[1] - 0.5)  # noqa: E731
        assert to_mid(band_c) < to_mid(s.rect.centre) < to_mid(strip_c), s.key
    assert geo.table().shape("middle:39").colour == "#284e9c"  # Boardwalk, dark blue


def test_the_hit_test_finds_each_space_and_nothing_elsewhere():
    for s in geo.table().shapes:
        assert geo.table().space_at(*s.rect.centre) == s.key
        assert geo.table().space_at(s.rect.x + 1e-9, s.rect.y + 1e-9) == s.key
    assert geo.table().space_at(0.5, 0.5) is None
    assert geo.table().space_at(-0.01, 0.5) is None
    assert geo.table().space_at(0.5, 1.0) is None
    assert geo.table().space_at(0.0, 0.0) == "outer:14"  # the bottom-left corner, Holland Tunnel


def test_a_frame_centres_the_square_and_maps_both_ways():
    frame = geo.Frame.fit(10, 20, 800, 480)
    assert (frame.x, frame.y, frame.side) == (170, 20, 480)
    assert frame.to_unit(*frame.to_px(0.25, 0.75)) == pytest.approx((0.25, 0.75))
    go = geo.table().shape("middle:0")
    assert frame.space_at(*frame.to_px(*go.rect.centre)) == "middle:0"
    assert frame.space_at(15, 200) is None  # left of the square
    assert frame.space_width == pytest.approx(480 / 17)
    x, y, w, h = frame.rect_px(go.rect)
    assert (w, h) == pytest.approx((2 * 480 / 17, 2 * 480 / 17))
    assert geo.Frame.fit(0, 0, 0, 100).space_at(0, 0) is None


@pytest.mark.parametrize("count", [1, 2, 3, 5, 12])
def test_token_slots_stay_in_the_space_and_apart(count):
    rect = geo.table().shape("outer:20").rect
    slots = geo.slots(rect, count)
    assert len(slots) == count
    for x, y, d in slots:
        assert rect.x <= x - d / 2 and x + d / 2 <= rect.right
        assert rect.y <= y - d / 2 and y + d / 2 <= rect.top
    for (x1, y1, d1), (x2, y2, _) in itertools.combinations(slots, 2):
        assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= d1**2 - 1e-12
    assert geo.slots(rect, 0) == []


@pytest.mark.parametrize(("folder", "per_side"), [("square40", 9), ("square52", 12)])
def test_a_one_ring_board_draws_every_space_on_its_ring(folder, per_side):
    board = load_edition(TEST_EDITIONS / folder).board
    drawn = geo.drawing(board)
    assert [s.key for s in drawn.shapes] == [s.key for s in board.spaces]
    assert drawn.units == per_side + 2 * geo.DEPTH
    outer, inner = drawn.ring("square")
    assert (outer.x, outer.y, outer.w, outer.h) == (0, 0, 1, 1)
    assert drawn.centre_square() == inner
    assert inner.w == pytest.approx(per_side / drawn.units)
    for s in drawn.shapes:
        r = s.rect
        assert 0 <= r.x and 0 <= r.y and r.right <= 1 + 1e-12 and r.top <= 1 + 1e-12, s.key
        assert _overlap(r, inner) < 1e-12, s.key
        assert drawn.space_at(*r.centre) == s.key
    for a, b in itertools.combinations(drawn.shapes, 2):
        assert _overlap(a.rect, b.rect) < 1e-12, (a.key, b.key)
    area = sum(s.rect.w * s.rect.h for s in drawn.shapes)
    assert area == pytest.approx(1 - inner.w * inner.h)  # the ring is tiled, no gap
    spaces = board.track("square")
    for a, b in zip(spaces, spaces[1:] + spaces[:1], strict=True):
        assert _touch(drawn.shape(a.key).rect, drawn.shape(b.key).rect), (a.key, b.key)
    corner = geo.DEPTH / drawn.units
    corners = {s.index: s.rect for s in drawn.corners()}
    assert sorted(corners) == [0, per_side + 1, 2 * (per_side + 1), 3 * (per_side + 1)]
    for r in corners.values():
        assert (r.w, r.h) == pytest.approx((corner, corner))
    assert {(round(r.x, 9), round(r.y, 9)) for r in corners.values()} == {
        (0, 0),
        (round(1 - corner, 9), 0),
        (0, round(1 - corner, 9)),
        (round(1 - corner, 9), round(1 - corner, 9)),
    }
    assert drawn.shape("square:0").rect.x == pytest.approx(1 - corner)  # GO at the bottom right
    assert drawn.shape("square:0").rect.y == 0
    assert drawn.space_at(0.5, 0.5) is None
    frame = geo.Frame.fit(0, 0, 800, 480, drawing=drawn)
    assert frame.space_width == pytest.approx(480 / drawn.units)
    assert frame.space_at(*frame.to_px(*drawn.centre("square:1"))) == "square:1"


def test_a_side_of_fewer_spaces_stretches_them_to_fill_it(tmp_path):
    def uneven(data: dict[str, Any]) -> None:
        data["layout"]["square"]["sides"] = [9, 6, 9, 12]

    folder = copied(TEST_EDITIONS / "square40", tmp_path / "uneven", board=uneven)
    drawn = geo.drawing(load_edition(folder).board)
    assert drawn.units == 12 + 2 * geo.DEPTH
    left = [s for s in drawn.shapes if s.side == 1 and not s.is_corner]
    assert [s.index for s in left] == list(range(11, 17))
    assert sum(s.rect.h for s in left) == pytest.approx(12 / drawn.units)
    for a, b in itertools.combinations(drawn.shapes, 2):
        assert _overlap(a.rect, b.rect) < 1e-12, (a.key, b.key)
