"""The board's layout (``board.json``'s ``layout``): loaded, and refused with the file and field
named when it cannot draw the tracks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.editions import EditionDataError, edition, load_edition
from companion.rules.board import TrackLayout
from tests.edition_data import TEST_EDITIONS, copied

SQUARE = TEST_EDITIONS / "square40"


def test_ultimate_lays_out_three_rings_of_its_tracks():
    layout = edition("ultimate").board.layout
    assert layout == {
        "inner": TrackLayout(ring=2, sides=(5, 5, 5, 5)),
        "middle": TrackLayout(ring=1, sides=(9, 9, 9, 9)),
        "outer": TrackLayout(ring=0, sides=(13, 13, 13, 13)),
    }
    assert layout["middle"].corners == (0, 10, 20, 30)
    assert layout["outer"].corners == (0, 14, 28, 42)


def test_uneven_sides_put_the_corners_after_each_side():
    assert TrackLayout(ring=0, sides=(2, 0, 3, 1)).corners == (0, 3, 4, 8)


def _with_layout(tmp_path: Path, layout: Any) -> Path:
    def change(data: dict[str, Any]) -> None:
        if layout is None:
            del data["layout"]
        else:
            data["layout"] = layout

    return copied(SQUARE, tmp_path / "square", board=change)


SQ = {"ring": 0, "sides": [9, 9, 9, 9]}


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        (None, "field 'layout' is missing"),
        ([SQ], "field 'layout' must map each track to its ring and sides"),
        ({}, "field 'layout' has no 'square': give the track's ring and sides"),
        (
            {"square": SQ, "inner": SQ},
            "field 'layout' names track 'inner', which 'tracks' does not list",
        ),
        (
            {"square": {"ring": 0, "sides": [9, 9, 9, 10]}},
            "field 'layout.square.sides' [9, 9, 9, 10] and 4 corners make 41 spaces, "
            "but track 'square' has 40",
        ),
        (
            {"square": {"ring": 0, "sides": [18, 18]}},
            "field 'layout.square.sides' must be the spaces between the corners on each of the "
            "four sides (bottom, left, top, right), not [18, 18]",
        ),
        (
            {"square": {"ring": 0, "sides": [9, 9, 9, "9"]}},
            "field 'layout.square.sides' must be the spaces between",
        ),
        (
            {"square": {"ring": 0, "sides": [9, 9, 9, -9]}},
            "field 'layout.square.sides' must be the spaces between",
        ),
        (
            {"square": {"sides": [9, 9, 9, 9]}},
            "field 'layout.square.ring' must be a whole number from 0 (the outermost ring), "
            "not None",
        ),
        ({"square": {"ring": 1, "sides": [9, 9, 9, 9]}}, "field 'layout' leaves ring 0 empty"),
        ({"square": {"ring": True, "sides": [9, 9, 9, 9]}}, "field 'layout.square.ring'"),
    ],
)
def test_a_layout_that_cannot_draw_the_tracks_is_refused(tmp_path, layout, message):
    folder = _with_layout(tmp_path, layout)
    with pytest.raises(EditionDataError) as caught:
        load_edition(folder)
    assert str(caught.value).startswith(f"{folder / 'board.json'}: {message}")


def test_two_tracks_cannot_share_a_ring(tmp_path):
    # A second track of four corners inside the ring: on ring 0 too it would cover the first.
    folder = tmp_path / "square"
    shutil.copytree(SQUARE, folder)
    data = json.loads((folder / "board.json").read_text("utf-8"))
    data["tracks"] = {"square": 40, "inside": 4}
    data["spaces"] += [
        {"track": "inside", "index": i, "name": f"Inside {i}", "kind": "free_parking"}
        for i in range(4)
    ]
    data["layout"] = {"square": SQ, "inside": {"ring": 0, "sides": [0, 0, 0, 0]}}
    (folder / "board.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(EditionDataError, match="puts tracks 'square' and 'inside' both on ring 0"):
        load_edition(folder)
    data["layout"]["inside"]["ring"] = 1
    (folder / "board.json").write_text(json.dumps(data), "utf-8")
    assert load_edition(folder).board.layout["inside"] == TrackLayout(ring=1, sides=(0, 0, 0, 0))
