"""The board map widget off-screen: what it draws (read back as pixels), taps, tokens, the path
animation and the coalesced redraws.

A Kivy Window is one per process, so the widget runs in one subprocess (``_SCRIPT``) that prints
a JSON report; each test asserts on its part. The subprocess runs once per session.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("kivy")

from tests.ui.report import run_report  # noqa: E402

_SCRIPT = textwrap.dedent(
    """
    import json, time
    from dataclasses import replace
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from ui import board_geometry as geo
    from ui import viewmodels as vm
    from ui.widgets.board_map import BoardMap, rgba

    Window.size = (800, 480)
    out = {}
    RED, BLUE, GREEN = (0.9, 0.1, 0.1, 1), (0.1, 0.2, 0.9, 1), (0.1, 0.7, 0.2, 1)

    def frames(n=3):
        for _ in range(n):
            EventLoop.idle()

    def with_spaces(view, **changes):
        spaces = tuple(replace(s, **changes[s.key]) if s.key in changes else s for s in view.spaces)
        return replace(view, spaces=spaces)

    base = vm.board_view(None, "en")
    view = with_spaces(
        base,
        **{
            "middle:39": dict(owner="Ann", owner_colour=RED, buildings="H"),
            "middle:37": dict(owner="Ann", owner_colour=RED, buildings=0),
            "middle:6": dict(owner="Bob", owner_colour=BLUE, mortgaged=True),
            "middle:8": dict(owner="Bob", owner_colour=BLUE, buildings=3),
        },
    )
    view = replace(
        view,
        tokens={"Ann": "middle:0", "Bob": "middle:0", "Cy": "middle:0", "Dee": "outer:20"},
        token_colours={"Ann": RED, "Bob": BLUE, "Cy": GREEN, "Dee": (1, 1, 1, 1)},
    )

    m = BoardMap(view=view, animation_scale=0, size=(800, 480), pos=(0, 0))
    for c in list(Window.children):
        Window.remove_widget(c)
    Window.add_widget(m)
    frames(4)

    # -- pixels: draw the widget into an image and read colours back --------------------
    img = m.export_as_image()
    tex = img.texture
    px = tex.pixels
    W, H = tex.size

    def colour_at(ux, uy):
        x, y = m.frame.to_px(ux, uy)
        x, y = int(x - m.x), int(y - m.y)
        i = ((H - 1 - y) * W + x) * 4  # the image rows run top down
        return [round(v / 255, 2) for v in px[i:i + 3]]

    def dark_share(key):
        r = geo.table().shape(key).rect
        n = dark = 0
        for i in range(1, 12):
            for j in range(1, 12):
                c = colour_at(r.x + r.w * i / 12, r.y + r.h * j / 12)
                n += 1
                dark += sum(c) < 1.5
        return dark / n

    park, boardwalk = geo.table().shape("middle:37"), geo.table().shape("middle:39")
    out["pixels"] = {
        "park_band": colour_at(*park.band.centre),
        "park_strip": colour_at(*park.outer_strip.centre),
        "baltic_strip": colour_at(*geo.table().shape("middle:3").outer_strip.centre),
        "boardwalk_band_centre": colour_at(*boardwalk.band.centre),
        "felt": colour_at(0.5, 0.5),
        "oriental_dark": dark_share("middle:6"),
        "connecticut_dark": dark_share("middle:9"),
        "vermont_band_edge": colour_at(
            geo.table().shape("middle:8").band.x + geo.table().shape("middle:8").band.w * 0.08,
            geo.table().shape("middle:8").band.centre[1],
        ),
        "vermont_band_middle": colour_at(*geo.table().shape("middle:8").band.centre),
        "size": [W, H],
    }

    # -- tokens ------------------------------------------------------------------------------
    tokens = {}
    for name, t in m.tokens.items():
        x, y, w, h = m.frame.rect_px(geo.table().shape(t.space).rect)
        tokens[name] = {
            "text": t.text,
            "space": t.space,
            "inside": x <= t.x and t.right <= x + w + 0.5 and y <= t.y and t.top <= y + h + 0.5,
            "centre": list(t.center),
            "d": t.width,
            "colour": list(t.colour),
        }
    out["tokens"] = tokens
    out["space_width"] = m.frame.space_width

    # -- taps --------------------------------------------------------------------------------
    tapped = []
    m.bind(on_space=lambda _m, key: tapped.append(key))

    def tap(x, y, up=None):
        t = UnitTestTouch(*m.to_window(x, y))
        t.touch_down()
        if up is not None:
            t.touch_move(*m.to_window(*up))
            t.touch_up()
        else:
            t.touch_up()
        frames(4)

    tap(*m.space_pos("middle:24"))
    tap(*m.space_pos("outer:0"))
    out["selected_on_a_space"] = m.selected
    tap(*m.frame.to_px(0.5, 0.5))          # the empty middle: puts the space's name away
    tap(5, 240)                            # beside the square board
    tap(*m.space_pos("inner:3"), up=m.space_pos("inner:5"))  # a slide, not a tap
    out["tapped"] = list(tapped)
    out["selected"] = m.selected

    # -- coalescing --------------------------------------------------------------------------
    before = dict(m.draw_counts)
    v2 = with_spaces(view, **{"middle:1": dict(owner="Cy", owner_colour=GREEN)})
    v3 = with_spaces(v2, **{"middle:3": dict(owner="Cy", owner_colour=GREEN)})
    m.view = v2
    m.view = v3
    m.update(v3)
    frames(3)
    after = dict(m.draw_counts)
    out["counts"] = {k: after[k] - before[k] for k in after}
    img = m.export_as_image()
    px = img.texture.pixels
    out["baltic_strip_after"] = colour_at(*geo.table().shape("middle:3").outer_strip.centre)

    # -- the path ------------------------------------------------------------------------------
    path = ["middle:11", "middle:12", "middle:13", "middle:14", "middle:15", "inner:9", "inner:10"]
    kinds = ["walk"] * 5 + ["ride", "walk"]
    m.play_path(path, kinds, start="middle:10")
    out["instant"] = {"progress": m.progress, "path": list(m.path)}
    m.animation_scale = 0.25
    m.play_path(path, kinds, start="middle:10")
    seen = [m.progress]
    overlays = m.draw_counts["overlay"]
    deadline = time.monotonic() + 10
    while m.progress < len(path) and time.monotonic() < deadline:
        time.sleep(0.01)
        EventLoop.idle()
        if m.progress != seen[-1]:
            seen.append(m.progress)
    out["animated"] = seen
    out["animated_overlays"] = m.draw_counts["overlay"] - overlays
    # a new path cancels the running one and starts again from its first step
    m.animation_scale = 1
    m.play_path(path, kinds)
    frames(2)
    first = m.progress
    out["running"] = type(m._anim).__name__  # one step at a time, not a chain of them
    m.play_path(["outer:1", "outer:2"], ["walk", "walk"])
    out["restart"] = {"first": first, "after": m.progress, "path": list(m.path)}
    m.clear_path()
    m.animation_scale = 0
    m.view = replace(v3, path=("middle:1", "middle:2"))
    frames(3)
    out["view_path"] = {"path": list(m.path), "progress": m.progress}

    # -- folded away by a wide dialog, and back ------------------------------------------------
    m.size_hint = (None, None)  # the Window would size it back to itself at once
    frames(2)
    before = dict(m.draw_counts)
    width = m.width
    m.width = 0
    folded = m.opacity
    frames(2)
    m.width = width
    frames(2)
    img = m.export_as_image()
    px = img.texture.pixels
    W, H = img.texture.size
    out["fold"] = {
        "static": m.draw_counts["static"] - before["static"],
        "folded_opacity": folded,
        "opacity": m.opacity,
        "board_instructions": len(m.canvas.before.children),
        "felt": colour_at(0.5, 0.5),
    }

    # -- any size ----------------------------------------------------------------------------
    m.size_hint = (None, None)  # the Window sizes a child with a size hint to itself
    m.size = (220, 140)
    m.pos = (30, 20)
    frames(3)
    out["small"] = {
        "frame": [m.frame.x, m.frame.y, m.frame.side],
        "labels_shown": sum(1 for l in m._label_layer.children if l.opacity and l.text),
        "hit": m.key_at(*m.space_pos("middle:0")),
        "tokens_inside": all(
            m.frame.rect_px(geo.table().shape(t.space).rect)[0] <= t.x for t in m.tokens.values()
        ),
    }
    m.size = (1280, 800)
    m.pos = (0, 0)
    frames(3)
    out["big_labels"] = sorted(l.text for l in m._label_layer.children if l.opacity and l.text)
    # back to a size painted before: its kept picture, not a new paint
    before = dict(m.draw_counts)
    m.size = (220, 140)
    m.pos = (30, 20)
    frames(3)
    img = m.export_as_image()
    px = img.texture.pixels
    W, H = img.texture.size
    out["return"] = {
        "static": m.draw_counts["static"] - before["static"],
        "painted": m.draw_counts["painted"] - before["painted"],
        "felt": colour_at(0.5, 0.5),
        "frame": [m.frame.x, m.frame.y, m.frame.side],
    }
    m.size = (1280, 800)
    m.pos = (0, 0)
    frames(3)
    out["bare"] = BoardMap().view is None

    # -- another edition at the table: its board, drawn from its layout ----------------------
    from pathlib import Path
    from companion.editions import load_edition
    from ui.edition import set_table_edition

    square = load_edition(Path("tests/data/editions/square40"))
    set_table_edition(square)
    before = dict(m.draw_counts)
    m.view = replace(
        vm.board_view(None, "en"), tokens={"Ann": "square:5"}, token_colours={"Ann": RED}
    )
    frames(4)
    img = m.export_as_image()
    px = img.texture.pixels
    W, H = img.texture.size
    tapped.clear()
    tap(*m.space_pos("square:12"))
    token = m.tokens["Ann"]
    x, y, w, h = m.frame.rect_px(m.drawing.shape("square:5").rect)
    out["square"] = {
        "static": m.draw_counts["static"] - before["static"],
        "units": m.drawing.units,
        "space_width": m.frame.space_width,
        "tapped": tapped,
        "band": colour_at(*m.drawing.shape("square:1").band.centre),
        "felt": colour_at(0.5, 0.5),
        "labels": sorted(l.text for l in m._label_layer.children if l.opacity and l.text),
        "token_inside": x <= token.x and token.right <= x + w + 0.5,
    }

    # -- a token on a built lot keeps off its colour band, where the houses stand ----------
    def off_band(key):
        bx, by, bw, bh = m.frame.rect_px(m.drawing.shape(key).band)
        t = m.tokens["Ann"]
        return t.top <= by + 0.5 or t.y >= by + bh - 0.5 or t.right <= bx + 0.5 or t.x >= bx + bw - 0.5

    built = {}
    for key, buildings in (("square:1", 3), ("square:11", "H"), ("square:21", 0)):
        m.view = replace(
            with_spaces(vm.board_view(None, "en"), **{key: dict(owner="Bob", owner_colour=BLUE, buildings=buildings)}),
            tokens={"Ann": key},
            token_colours={"Ann": RED},
        )
        frames(3)
        built[key] = off_band(key)
    out["off_band"] = built
    print("REPORT " + json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return run_report(_SCRIPT, kivy_home=tmp_path_factory.mktemp("kivy-home"))


def _near(got: list[float], want: tuple[float, ...], tol: float = 0.04) -> bool:
    return all(abs(g - w) <= tol for g, w in zip(got, want[:3], strict=False))


def test_the_board_is_drawn_from_the_board_data(report):
    p = report["pixels"]
    assert _near(p["park_band"], (0x28 / 255, 0x4E / 255, 0x9C / 255)), p  # dark blue group
    assert _near(p["felt"], (0.80, 0.89, 0.80)), p  # the empty middle
    assert p["size"] == [800, 480]


def test_owners_buildings_and_mortgages_show(report):
    p = report["pixels"]
    assert _near(p["park_strip"], (0.9, 0.1, 0.1)), p  # Ann owns Park Place
    assert not _near(p["baltic_strip"], (0.1, 0.7, 0.2)), p  # nobody owns Baltic yet
    assert _near(p["boardwalk_band_centre"], (0.80, 0.05, 0.10)), p  # a hotel on Boardwalk
    assert p["oriental_dark"] > p["connecticut_dark"] + 0.08, p  # hatched when mortgaged
    assert _near(p["vermont_band_middle"], (0.05, 0.55, 0.20)), p  # three houses, green
    assert _near(p["vermont_band_edge"], (0x87 / 255, 0xA5 / 255, 0xD7 / 255)), p


def test_tokens_carry_the_initial_and_share_a_space_without_overlapping(report):
    tokens = report["tokens"]
    assert {n: t["text"] for n, t in tokens.items()} == {
        "Ann": "A",
        "Bob": "B",
        "Cy": "C",
        "Dee": "D",
    }
    assert all(t["inside"] for t in tokens.values()), tokens
    assert tokens["Dee"]["space"] == "outer:20"
    on_go = [tokens[n] for n in ("Ann", "Bob", "Cy")]
    for i, a in enumerate(on_go):
        for b in on_go[i + 1 :]:
            dx = a["centre"][0] - b["centre"][0]
            dy = a["centre"][1] - b["centre"][1]
            assert (dx * dx + dy * dy) ** 0.5 >= a["d"] * 0.99
    assert all(t["d"] <= report["space_width"] * 0.9 + 1e-6 for t in tokens.values())
    assert tokens["Ann"]["colour"] == [0.9, 0.1, 0.1, 1]


def test_a_tap_reports_the_space_and_only_a_tap_on_a_space(report):
    assert report["tapped"] == ["middle:24", "outer:0"]
    assert report["selected_on_a_space"] == "outer:0"
    assert report["selected"] == ""  # a tap off the spaces put its name away


def test_a_burst_of_views_draws_once_and_only_the_changed_spaces(report):
    counts = report["counts"]
    assert counts["spaces"] == 1, counts
    assert counts["space"] == 2, counts  # Mediterranean and Baltic, not 120
    assert counts["static"] == 0, counts
    assert _near(report["baltic_strip_after"], (0.1, 0.7, 0.2)), report["baltic_strip_after"]


def test_the_path_is_shown_at_once_with_scale_zero(report):
    instant = report["instant"]
    assert instant["path"][0] == "middle:10" and len(instant["path"]) == 8
    assert instant["progress"] == 7


def test_the_path_is_animated_step_by_step(report):
    seen = report["animated"]
    assert seen[0] == 0 and seen[-1] == 7
    assert seen == sorted(seen)
    # every step is passed through on the way (the chain animates one step at a time)
    assert {1.0, 2.0, 3.0, 4.0, 5.0, 6.0} <= set(seen)
    assert len(seen) > 8  # in between values: an animation, not a jump
    # drawn once at its start and again at each of its 7 steps, not at every frame between
    assert report["animated_overlays"] == 8, (report["animated_overlays"], len(seen))


def test_a_new_path_cancels_the_running_one(report):
    restart = report["restart"]
    assert restart["first"] < 6
    assert restart["path"] == ["outer:1", "outer:2"]
    assert restart["after"] == 0


def test_a_view_with_a_path_shows_it(report):
    assert report["view_path"] == {"path": ["middle:1", "middle:2"], "progress": 1}


def test_the_board_is_painted_once_and_kept_while_folded_away(report):
    """The board is one picture (not its hundreds of shapes drawn again at every frame),
    and the map folded away by a wide dialog comes back without painting it again."""
    fold = report["fold"]
    assert fold["board_instructions"] <= 3, fold  # a colour and the board's picture
    assert fold["static"] == 0, fold
    assert (fold["folded_opacity"], fold["opacity"]) == (0, 1), fold
    assert _near(fold["felt"], (0.80, 0.89, 0.80)), fold


def test_a_size_painted_before_takes_its_kept_picture(report):
    back = report["return"]
    assert back["static"] >= 1 and back["painted"] == 0, back
    assert back["frame"] == report["small"]["frame"], back
    assert _near(back["felt"], (0.80, 0.89, 0.80)), back


def test_a_path_plays_one_step_animation_at_a_time(report):
    assert report["running"] == "Animation"  # not a Sequence chaining every step


def test_the_map_fits_any_size(report):
    small = report["small"]
    assert small["frame"] == [30 + (220 - 140) / 2, 20, 140]
    assert small["hit"] == "middle:0"
    assert small["labels_shown"] == 0  # too small for names
    assert small["tokens_inside"]
    assert "GO" in report["big_labels"] and "Free Parking" in report["big_labels"]
    assert len(report["big_labels"]) == 12
    assert report["bare"] is True


def test_a_token_on_a_built_lot_leaves_its_buildings_in_sight(report):
    """Houses and hotels stand on the colour band: a token there keeps off it (on a lot
    without buildings it may take the whole space)."""
    assert report["off_band"] == {"square:1": True, "square:11": True, "square:21": False}


def test_a_game_of_another_edition_draws_its_own_board(report):
    square = report["square"]
    assert square["static"] == 1  # drawn anew once for the new board
    assert square["units"] == 13  # one ring, 9 spaces a side
    assert square["space_width"] == 800 / 13
    assert square["tapped"] == ["square:12"]
    assert _near(square["band"], (0x95 / 255, 0x54 / 255, 0x36 / 255)), square  # group 1
    assert _near(square["felt"], (0.80, 0.89, 0.80)), square
    assert square["labels"] == ["Free Parking", "GO", "Go To Jail", "In Jail / Just Visiting"]
    assert square["token_inside"]
