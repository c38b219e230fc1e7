"""The board map: the tracks drawn from the board's layout, with owners, buildings, tokens and
the current move's path; a tap on a space names it beside it (its name, and a property's owner
and rent or price: the view's ``glance``) and reports its key.

Usable at any size (the table's small map, the full-screen board, the referee's map): the board
is the largest square that fits, centred. Layers (``../shared/UI.md`` 1.5):

- ``canvas.before``: the static board (spaces coloured by group, corners, track outlines, transit
  links), rebuilt only when the size or position changes;
- then child widgets used as layers, bottom to top, so their canvases stack whatever is added
  later: one ``InstructionGroup`` per space for its owner, buildings and mortgage (redrawn only
  for the spaces whose view changed); the corner names (``Label``\\ s: text is never scaled);
  the path highlight and the selection; the tokens (a ``Label`` each: a disc and the initial);
  the tapped space's name card (:class:`SpaceTag`).

Redraws are coalesced with ``Clock.create_trigger``: a burst of views draws once per frame.

API::

    m = BoardMap(view=board_view)          # a ui.viewmodels.BoardView, or None for a bare board
    m.bind(on_space=lambda m, key: ...)    # a tap on a space
    m.play_path(path, kinds, start=key)    # highlight a move step by step
    m.animation_scale = 0                  # tests and the headless demo: no animation
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import (
    Callback,
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    InstructionGroup,
    Line,
    Rectangle,
)
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import board_geometry as geo

RGBA = tuple[float, float, float, float]

#: The board's felt, the paper of the spaces and the ink of their outlines.
FELT: RGBA = (0.80, 0.89, 0.80, 1)
PAPER: RGBA = (0.99, 0.98, 0.94, 1)
INK: RGBA = (0.12, 0.14, 0.13, 1)
#: Spaces of no colour group, by kind: chosen to be told apart at a glance on a small map.
KIND_FILL: dict[str, RGBA] = {
    "railroad": (0.20, 0.20, 0.22, 1),
    "utility": (0.78, 0.80, 0.82, 1),
    "cab_company": (1.00, 0.86, 0.30, 1),
    "chance": (1.00, 0.86, 0.72, 1),
    "community_chest": (0.80, 0.89, 0.98, 1),
    "tax": (0.86, 0.86, 0.86, 1),
    "bus_ticket": (0.93, 0.93, 0.85, 1),
    "birthday_gift": (0.98, 0.85, 0.93, 1),
    "auction": (0.93, 0.88, 0.98, 1),
    "tax_refund": (0.85, 0.95, 0.85, 1),
    "reverse_direction": (0.93, 0.93, 0.85, 1),
}
#: A small mark in the middle of those spaces, so Chance and Community Chest read apart.
KIND_MARK: dict[str, RGBA] = {
    "chance": (0.93, 0.45, 0.05, 1),
    "community_chest": (0.15, 0.45, 0.80, 1),
    "tax": (0.35, 0.35, 0.35, 1),
    "railroad": (0.95, 0.95, 0.95, 1),
    "utility": (0.35, 0.40, 0.45, 1),
    "cab_company": (0.10, 0.10, 0.10, 1),
}
CORNER_FILL: dict[str, RGBA] = {
    "pay_corner": (0.78, 0.92, 0.70, 1),
    "jail": (1.00, 0.78, 0.55, 1),
    "go_to_jail": (0.96, 0.70, 0.66, 1),
    "free_parking": (0.98, 0.92, 0.60, 1),
    "stock_exchange": (0.75, 0.86, 0.95, 1),
    "holland_tunnel": (0.42, 0.44, 0.50, 1),
    "subway": (0.42, 0.44, 0.50, 1),
    "squeeze_play": (0.96, 0.82, 0.90, 1),
    "roll_three": (0.90, 0.86, 0.98, 1),
}
HOUSE: RGBA = (0.05, 0.55, 0.20, 1)
HOTEL: RGBA = (0.80, 0.05, 0.10, 1)
SKYSCRAPER: RGBA = (0.15, 0.15, 0.20, 1)
PATH: RGBA = (0.90, 0.05, 0.55, 1)
SELECT: RGBA = (0.05, 0.35, 0.95, 1)
LINK: RGBA = (0.25, 0.25, 0.28, 1)

#: Step kinds drawn as a jump (dotted) rather than a walk along the track.
JUMPS = frozenset({"ride", "tunnel", "subway", "taxi", "direct", "jail"})
#: How many sizes of the board's picture a map keeps (see ``BoardMap._painted_board``).
BOARDS_KEPT = 3
#: Seconds per step at ``animation_scale`` 1, and the pause after a jump so the eye follows it.
STEP_SECONDS = 0.14
JUMP_PAUSE = 0.3


def rgba(colour: Any, alpha: float | None = None) -> RGBA | None:
    """A colour from the view (``#rrggbb``, an RGB(A) tuple of 0..1 floats or 0..255 ints)."""
    if colour is None or colour == "":
        return None
    if isinstance(colour, str):
        h = colour.lstrip("#")
        if len(h) not in (6, 8):
            return None
        parts = [int(h[i : i + 2], 16) / 255 for i in range(0, len(h), 2)]
    else:
        parts = [float(c) for c in colour]
        if any(c > 1 for c in parts):
            parts = [c / 255 for c in parts]
    if len(parts) == 3:
        parts.append(1.0)
    if alpha is not None:
        parts[3] = alpha
    r, g, b, a = parts[:4]
    return (r, g, b, a)


def building_marks(buildings: Any) -> tuple[int, str]:
    """``(houses, big)`` from a SpaceView's ``buildings``: big is ``hotel``, ``skyscraper``,
    ``depot`` (a train depot or a cab stand) or ``""``.

    Levels follow the engine: 0 none, 1-4 houses, 5 hotel, 6 skyscraper.
    """
    if isinstance(buildings, bool):
        return (0, "depot" if buildings else "")
    if isinstance(buildings, int):
        if buildings >= 6:
            return (0, "skyscraper")
        if buildings == 5:
            return (0, "hotel")
        return (max(0, buildings), "")
    text = str(buildings or "").strip().lower()
    # The view-model's short forms: H hotel, S skyscraper, D train depot, C cab stand.
    text = {"h": "hotel", "s": "skyscraper", "d": "depot", "c": "depot"}.get(text, text)
    if text in ("depot", "cab_stand", "cab stand", "train depot", "improved"):
        return (0, "depot")
    if text in ("hotel", "skyscraper"):
        return (0, text)
    digits = "".join(c for c in text if c.isdigit())
    return (int(digits), "") if digits else (0, "")


def _blend_keeping_alpha(_instruction: Any) -> None:
    from kivy.graphics import opengl as gl

    gl.glBlendFuncSeparate(
        gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA, gl.GL_ONE, gl.GL_ONE_MINUS_SRC_ALPHA
    )


def _blend_as_usual(_instruction: Any) -> None:
    from kivy.graphics import opengl as gl

    gl.glBlendFunc(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA)


def _darker(c: RGBA, k: float = 0.55) -> RGBA:
    return (c[0] * k, c[1] * k, c[2] * k, c[3])


def _luma(c: RGBA) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def paint_board(cb: Any, f: geo.Frame) -> None:
    """The board of ``f``'s drawing painted into the canvas ``cb``: the felt, every space in its
    kind's or its group's colours, the track outlines. The map's static layer and the set-up's
    miniatures (:class:`BoardPicture`) are both painted by it, so a miniature is the map small.
    """
    w = f.space_width
    line = max(1.0, w / 28)
    cb.add(Color(*FELT))
    cb.add(Rectangle(pos=(f.x, f.y), size=(f.side, f.side)))
    for s in f.drawn.shapes:
        x, y, rw, rh = f.rect_px(s.rect)
        fill = CORNER_FILL.get(s.kind, PAPER) if s.is_corner else KIND_FILL.get(s.kind, PAPER)
        cb.add(Color(*fill))
        cb.add(Rectangle(pos=(x, y), size=(rw, rh)))
        if s.band is not None:
            colour = rgba(s.colour) or PAPER
            cb.add(Color(*colour))
            bx, by, bw, bh = f.rect_px(s.band)
            cb.add(Rectangle(pos=(bx, by), size=(bw, bh)))
            # An edge on the band, so the white group shows on the paper.
            cb.add(Color(*INK[:3], 0.45))
            _outline(cb, (bx, by, bw, bh), line * 0.6)
        mark = KIND_MARK.get(s.kind)
        if mark is not None and not s.is_corner:
            d = w * 0.42
            cx, cy = f.to_px(*s.rect.centre)
            cb.add(Color(*mark))
            if s.kind in ("chance", "utility"):
                cb.add(Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d)))
            else:
                cb.add(Rectangle(pos=(cx - d / 2, cy - d / 2), size=(d, d)))
        cb.add(Color(*INK[:3], 0.55))
        _outline(cb, (x, y, rw, rh), line * 0.6)
    # The track outlines, heavier than the space lines, so the rings read at once.
    cb.add(Color(*INK))
    for r in f.drawn.outlines():
        _outline(cb, f.rect_px(r), line * 1.4)


def _outline(cb: Any, rect: tuple[float, float, float, float], width: float) -> None:
    """A rectangle's outline as four bars as thick as a ``Line`` of ``width`` draws it: a
    closed ``Line`` wider than a pixel fills its inside when painted into a texture (the map's
    board is, :meth:`BoardMap._draw_static`)."""
    x, y, w, h = rect
    t = max(1.0, 2 * width) if width > 1 else 1.0
    half = t / 2
    cb.add(Rectangle(pos=(x - half, y - half), size=(w + t, t)))
    cb.add(Rectangle(pos=(x - half, y + h - half), size=(w + t, t)))
    cb.add(Rectangle(pos=(x - half, y + half), size=(t, max(0.0, h - t))))
    cb.add(Rectangle(pos=(x + w - half, y + half), size=(t, max(0.0, h - t))))


class BoardMap(Widget):
    """The map of the board; see the module's docstring."""

    #: A ``ui.viewmodels.BoardView`` (spaces, tokens, token_colours, path), or ``None``.
    view = ObjectProperty(None, allownone=True)
    #: The tapped space, outlined; ``""`` for none.
    selected = StringProperty("")
    #: Durations are multiplied by this; 0 shows a path at once (tests, the headless demo).
    animation_scale = NumericProperty(1.0)
    #: How many steps of the current path are shown (animated by :meth:`play_path`).
    progress = NumericProperty(0.0)
    #: Print the corner names (off for the table's small map if it gets too small: automatic
    #: below ``min_label_side`` anyway).
    show_labels = BooleanProperty(True)
    min_label_side = NumericProperty(dp(300))
    #: Space keys lit up besides the path (the referee's stops), in order.
    marked = ListProperty([])
    __events__ = ("on_space",)

    def __init__(self, **kwargs: Any) -> None:
        self._frame = geo.Frame(0, 0, 0)
        #: The square the board and its spaces were last painted in.
        self._painted: geo.Frame | None = None
        self._space_groups: dict[str, InstructionGroup] = {}
        self._space_views: dict[str, Any] = {}
        self._path: tuple[str, ...] = ()
        self._kinds: tuple[str, ...] = ()
        self._path_group = InstructionGroup()
        # What the overlay and the tokens were last drawn from (see _draw_overlay).
        self._overlay_drawn: tuple[Any, ...] = ()
        self._tokens_drawn: tuple[Any, ...] = ()
        self._corner_labels: dict[str, Label] = {}
        self._tokens: dict[str, Token] = {}
        self._anim: Animation | None = None
        # The path's steps still to play (a step's progress, or None for a pause; seconds),
        # and a count of the paths begun (a newer one stops an older one's next step).
        self._legs: list[tuple[float | None, float]] = []
        self._path_round = 0
        #: How many times each layer was drawn (tests and benchmarks check the coalescing).
        self.draw_counts = {"static": 0, "spaces": 0, "space": 0, "overlay": 0, "painted": 0}
        #: The board's pictures at the last sizes painted: (side, drawing, texture).
        self._boards: list[tuple[float, Any, Fbo]] = []
        super().__init__(**kwargs)
        self._trigger_static = Clock.create_trigger(self._draw_static, -1)
        self._trigger_spaces = Clock.create_trigger(self._draw_spaces, -1)
        self._trigger_overlay = Clock.create_trigger(self._draw_overlay, -1)
        # Layers as child widgets, bottom to top, so the canvases stack in this order whatever
        # is added later: owners and buildings, corner names, the path, the tokens.
        self._space_layer = Widget(size_hint=(None, None), size=(0, 0))
        self._label_layer = Widget(size_hint=(None, None), size=(0, 0))
        self._path_layer = Widget(size_hint=(None, None), size=(0, 0))
        self._token_layer = Widget(size_hint=(None, None), size=(0, 0))
        for layer in (self._space_layer, self._label_layer, self._path_layer, self._token_layer):
            self.add_widget(layer)
        #: The tapped space's name (and a property's owner and rent, or price), over the rest.
        self.tag = SpaceTag()
        self.add_widget(self.tag)
        self._path_layer.canvas.add(self._path_group)
        self.bind(pos=self._resized, size=self._resized)
        self.bind(view=self._view_changed, show_labels=self._resized, min_label_side=self._resized)
        self.bind(progress=self._trigger_overlay, selected=self._trigger_overlay)
        self.bind(marked=self._trigger_overlay)
        self._resized()
        if self.view is not None:
            self._view_changed(self, self.view)

    # -- the public verbs ---------------------------------------------------------------------

    def on_space(self, key: str) -> None:
        """A space was tapped (default: nothing; bind to it)."""

    def update(self, view: Any) -> None:
        """Show a new ``BoardView`` (the same as assigning ``view``)."""
        self.view = view

    show = update

    def play_path(
        self, path: Sequence[str], kinds: Sequence[str] = (), *, start: str | None = None
    ) -> None:
        """Highlight ``path`` (space keys, one per step) step by step, from ``start`` if given.

        ``kinds`` are the engine's step kinds (walk, back, ride, tunnel, subway, taxi, direct,
        jail), one per step; jumps are dotted and followed by a short pause. Purely cosmetic: the
        tokens already stand where the state puts them; a new path cancels the running one.
        """
        steps = tuple(path)
        kinds = tuple(kinds) + ("walk",) * (len(steps) - len(kinds))
        if start and (not steps or steps[0] != start):
            steps, kinds = (start, *steps), ("start", *kinds[: len(steps)])
        self._path, self._kinds = steps, kinds
        self.stop_path()
        last = float(max(0, len(steps) - 1))
        if self.animation_scale <= 0 or len(steps) < 2:
            self.progress = last
            self._trigger_overlay()
            return
        self.progress = 0.0
        # One short animation at a time, each starting the next when it ends, rather than one
        # chain of them: Kivy walks every running animation's tree whenever a scroll view moves
        # (``Animation.stop_all``), and a chained path's tree costs the square of its steps.
        scale = self.animation_scale
        legs: list[tuple[float | None, float]] = []
        for i in range(1, len(steps)):
            legs.append((float(i), STEP_SECONDS * scale))
            if kinds[i] in JUMPS:
                legs.append((None, JUMP_PAUSE * scale))
        self._legs = legs
        self._next_leg(self._path_round)
        self._trigger_overlay()

    def _next_leg(self, round_: int) -> None:
        """Start the path's next step (or pause after a jump), unless a newer path began."""
        if round_ != self._path_round or not self._legs:
            self._anim = None
            return
        target, seconds = self._legs.pop(0)
        if target is None:
            leg = Animation(d=seconds)
        else:
            leg = Animation(progress=target, d=seconds, t="out_quad")
        leg.bind(on_complete=lambda *_: self._next_leg(round_))
        self._anim = leg
        leg.start(self)

    def stop_path(self) -> None:
        """Stop a running path animation where it is."""
        self._path_round += 1
        self._legs = []
        if self._anim is not None:
            self._anim.cancel(self)
        Animation.cancel_all(self, "progress")
        self._anim = None

    def clear_path(self) -> None:
        self.stop_path()
        self._path, self._kinds = (), ()
        self.progress = 0.0
        self._trigger_overlay()

    @property
    def path(self) -> tuple[str, ...]:
        """The path being shown, with its start if one was given."""
        return self._path

    @property
    def frame(self) -> geo.Frame:
        """The board's square in window pixels."""
        return self._frame

    @property
    def drawing(self) -> geo.Drawing:
        """The board drawn: the edition's of the game at the table."""
        return self._frame.drawn

    def key_at(self, x: float, y: float) -> str | None:
        """The key of the space under the widget point ``(x, y)`` (parent coordinates)."""
        if not self.collide_point(x, y):
            return None
        return self._frame.space_at(x, y)

    def space_pos(self, key: str) -> tuple[float, float]:
        """A space's centre in this widget's coordinates (to place a popup or a test touch)."""
        return self._frame.to_px(*self.drawing.centre(key))

    # -- touch ----------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        key = self.key_at(*touch.pos)
        if self.selected and self.collide_point(*touch.pos):
            if key is None or self.tag.collide_point(*touch.pos):
                self.selected = ""  # a tap on the name or off the spaces puts it away
                return True
        if key is None:
            return bool(super().on_touch_down(touch))
        touch.grab(self)
        touch.ud[self._ud_key] = key
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        key = touch.ud.get(self._ud_key)
        # A tap, not a slide to another space: the finger lifts on the space it touched.
        if key is not None and self._frame.space_at(*touch.pos) == key:
            self.selected = key
            self.dispatch("on_space", key)
        return True

    @property
    def _ud_key(self) -> str:
        return f"board_map_{id(self)}"

    # -- state changes --------------------------------------------------------------------------

    def _resized(self, *_: Any) -> None:
        frame = geo.Frame.fit(self.x, self.y, self.width, self.height, drawing=geo.table())
        self._frame = frame
        if frame.side <= 0:
            # Folded away (the table's map steps aside for a wide dialog): the board stays
            # painted, unseen, for its return to the same square.
            self.opacity = 0
            return
        self.opacity = 1
        if frame != self._painted:
            # Painting the whole board costs a frame's worth of time: only a new square does.
            self._painted = frame
            self._space_views = {}  # every space draws again at the new size
            self._trigger_static()
        self._trigger_spaces()
        self._trigger_overlay()

    def _view_changed(self, _w: Any, view: Any) -> None:
        drawn = self._frame.drawing
        if drawn is not None and drawn is not geo.table():
            self._resized()  # a game of another edition at the table: its board, drawn anew
        self._trigger_spaces()
        self._trigger_overlay()
        path = tuple(getattr(view, "path", ()) or ())
        if path and path != self._path and path != self._path[1:]:
            self.play_path(path)

    # -- drawing ----------------------------------------------------------------------------------

    def _draw_static(self, *_: Any) -> None:
        f = self._frame
        cb = self.canvas.before
        cb.clear()
        self.draw_counts["static"] += 1
        if f.side <= 0:
            return
        # Painted once into a texture, drawn after as one rectangle: the board's hundreds of
        # shapes were drawn again at every frame, the largest part of a frame's time.
        side = max(1, math.ceil(f.side))
        fbo = self._painted_board(f, side)
        cb.add(Color(1, 1, 1, 1))
        cb.add(Rectangle(texture=fbo.texture, pos=(round(f.x), round(f.y)), size=(side, side)))
        self._place_corner_labels()

    def _painted_board(self, f: geo.Frame, side: int) -> Fbo:
        """The board painted at ``f``'s size: the last few sizes' pictures are kept, since a
        layout can pass the map through a size and back in one frame (each paint costs a
        frame's worth of time), and the table's map takes two sizes, beside a narrow dialog
        and beside a wide one's return."""
        for i, (size, drawing, fbo) in enumerate(self._boards):
            if size == f.side and drawing is f.drawing:
                self._boards.insert(0, self._boards.pop(i))
                return fbo
        at = geo.Frame(0, 0, f.side, f.drawing)
        fbo = Fbo(size=(side, side))
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            # A translucent line must not make the texture translucent: its alpha adds to
            # what is under it instead of blending with it.
            Callback(_blend_keeping_alpha)
        paint_board(fbo, at)
        self._draw_links(fbo, at, max(1.0, f.space_width / 28))
        fbo.add(Callback(_blend_as_usual))
        fbo.draw()
        # Kept (and Kivy paints them again if the GL context is rebuilt).
        self._boards = [(f.side, f.drawing, fbo), *self._boards[: BOARDS_KEPT - 1]]
        self.draw_counts["painted"] += 1
        return fbo

    def _draw_links(self, cb: Any, f: geo.Frame, line: float) -> None:
        """The transit stations' links across the track edge, and the Holland Tunnel's ends."""
        w = f.space_width
        for a, b, _name in self.drawing.board.stations:
            (ax, ay), (bx, by) = f.to_px(*self.drawing.centre(a)), f.to_px(*self.drawing.centre(b))
            cb.add(Color(*LINK))
            cb.add(Line(points=(ax, ay, bx, by), width=max(1.5, w * 0.16), cap="round"))
            for px, py in ((ax, ay), (bx, by)):
                # A white stop ringed in the link's colour (two discs: see _outline).
                d = w * 0.5
                ring = d + 2 * line
                cb.add(Ellipse(pos=(px - ring / 2, py - ring / 2), size=(ring, ring)))
                cb.add(Color(1, 1, 1, 1))
                inner = max(0.0, d - 2 * line)
                cb.add(Ellipse(pos=(px - inner / 2, py - inner / 2), size=(inner, inner)))

    def _place_corner_labels(self) -> None:
        f = self._frame
        names = self._names()
        visible = self.show_labels and f.side >= self.min_label_side
        corners = self.drawing.corners()
        for gone in set(self._corner_labels) - {s.key for s in corners}:
            self._label_layer.remove_widget(self._corner_labels.pop(gone))  # another board's
        for s in corners:
            label = self._corner_labels.get(s.key)
            if label is None:
                label = Label(halign="center", valign="top", color=INK, bold=True)
                self._corner_labels[s.key] = label
                self._label_layer.add_widget(label)
            x, y, rw, rh = f.rect_px(s.rect)
            label.opacity = 1 if visible else 0
            label.color = (1, 1, 1, 1) if _luma(CORNER_FILL.get(s.kind, PAPER)) < 0.5 else INK
            label.text = names.get(s.key, s.name) if visible else ""
            label.pos = (x + rw * 0.04, y + rh * 0.04)
            label.size = (rw * 0.92, rh * 0.92)
            label.text_size = label.size
            label.font_size = max(6.0, f.space_width * 0.3)

    def _names(self) -> dict[str, str]:
        """Space names from the view (translated there), else the board data's."""
        view = self.view
        spaces = getattr(view, "spaces", None) or ()
        return {sv.key: sv.name for sv in spaces}

    def _draw_spaces(self, *_: Any) -> None:
        """Owners, buildings and mortgages: one group per space, redrawn only if its view changed."""
        f = self._frame
        if f.side <= 0:
            return  # folded away: drawn when it comes back (_resized)
        views = {sv.key: sv for sv in (getattr(self.view, "spaces", None) or ())}
        self.draw_counts["spaces"] += 1
        for key in set(self._space_groups) | set(views):
            sv = views.get(key)
            if key in self._space_views and self._space_views[key] == sv:
                continue
            group = self._space_groups.get(key)
            if group is None:
                group = InstructionGroup()
                self._space_groups[key] = group
                self._space_layer.canvas.add(group)
            group.clear()
            self.draw_counts["space"] += 1
            if sv is not None and f.side > 0:
                self._draw_space(group, self.drawing.shape(key), sv, f)
        self._space_views = views
        # Corner names may be translated: the names came with this view.
        self._place_corner_labels()

    def _draw_space(self, g: InstructionGroup, s: geo.SpaceShape, sv: Any, f: geo.Frame) -> None:
        w = f.space_width
        owner = rgba(getattr(sv, "owner_colour", None)) if getattr(sv, "owner", None) else None
        x, y, rw, rh = f.rect_px(s.rect)
        if owner is not None:
            sx, sy, sw, sh = f.rect_px(s.outer_strip)
            g.add(Color(*owner))
            g.add(Rectangle(pos=(sx, sy), size=(sw, sh)))
            g.add(Color(*_darker(owner)))
            g.add(Line(rectangle=(sx, sy, sw, sh), width=1))
        if getattr(sv, "mortgaged", False):
            # Faded and hatched: a mortgaged deed is turned face down.
            g.add(Color(1, 1, 1, 0.55))
            g.add(Rectangle(pos=(x, y), size=(rw, rh)))
            g.add(Color(0.15, 0.15, 0.15, 0.8))
            step = max(3.0, w * 0.28)
            for x0, y0, x1, y1 in _hatch(x, y, rw, rh, step):
                g.add(Line(points=(x0, y0, x1, y1), width=max(1.0, w / 30)))
        houses, big = building_marks(getattr(sv, "buildings", 0))
        if not houses and not big:
            return
        bx, by, bw, bh = f.rect_px(_building_area(s))
        horizontal = s.side in (0, 2)  # the band runs along the track
        if houses:
            n = min(houses, 4)
            size = min((bw if horizontal else bh) / 4.6, (bh if horizontal else bw) * 0.8)
            for i in range(n):
                off = (i - (n - 1) / 2) * size * 1.15
                cx = bx + bw / 2 + (off if horizontal else 0)
                cy = by + bh / 2 + (0 if horizontal else off)
                g.add(Color(*HOUSE))
                g.add(Rectangle(pos=(cx - size / 2, cy - size / 2), size=(size, size)))
                g.add(Color(1, 1, 1, 0.9))
                g.add(Line(rectangle=(cx - size / 2, cy - size / 2, size, size), width=1))
            return
        colour = {"hotel": HOTEL, "skyscraper": SKYSCRAPER, "depot": HOTEL}[big]
        long_, short = (0.7, 0.55) if big == "hotel" else (0.45, 0.75)
        if big == "depot":
            long_, short = 0.5, 0.5
        ww = (bw if horizontal else bh) * long_
        hh = (bh if horizontal else bw) * short
        if not horizontal:
            ww, hh = hh, ww
        cx, cy = bx + bw / 2, by + bh / 2
        g.add(Color(*colour))
        g.add(Rectangle(pos=(cx - ww / 2, cy - hh / 2), size=(ww, hh)))
        g.add(Color(1, 1, 1, 0.95))
        g.add(Line(rectangle=(cx - ww / 2, cy - hh / 2, ww, hh), width=1))

    def _draw_overlay(self, *_: Any) -> None:
        """The path up to ``progress``, the selection and the tokens: drawn again only when
        one of them changed (the path's animation moves ``progress`` at every frame, and its
        drawing changes only at each whole step)."""
        f = self._frame
        steps = int(math.floor(self.progress + 1e-6)) + 1
        drawn = (f, self._path, self._kinds, steps, tuple(self.marked), self.selected)
        tokens = (f, self.view)
        if drawn == self._overlay_drawn and _same(tokens, self._tokens_drawn):
            return
        self._overlay_drawn = drawn
        pg = self._path_group
        pg.clear()
        self.draw_counts["overlay"] += 1
        if f.side <= 0:
            self._draw_tokens()
            self._tokens_drawn = tokens
            return
        w = f.space_width
        shown = self._path[:steps]
        for key in self.marked:
            if self.drawing.has(key):
                pg.add(Color(*PATH[:3], 0.22))
                pg.add(
                    Rectangle(
                        pos=f.rect_px(self.drawing.shape(key).rect)[:2],
                        size=f.rect_px(self.drawing.shape(key).rect)[2:],
                    )
                )
        for i, key in enumerate(shown):
            if not self.drawing.has(key):
                continue
            # Each space counted: an outline and a dot (a wash would turn paper pink, like a group).
            x, y, rw, rh = f.rect_px(self.drawing.shape(key).rect)
            cx, cy = f.to_px(*self.drawing.centre(key))
            d = w * 0.3
            pg.add(Color(*PATH))
            pg.add(Line(rectangle=(x + 1, y + 1, rw - 2, rh - 2), width=max(1.0, w * 0.05)))
            pg.add(Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d)))
            if i == 0:
                continue
            prev = shown[i - 1]
            if not self.drawing.has(prev):
                continue
            (ax, ay), (bx, by) = (
                f.to_px(*self.drawing.centre(prev)),
                f.to_px(*self.drawing.centre(key)),
            )
            kind = self._kinds[i] if i < len(self._kinds) else "walk"
            if kind in JUMPS:
                _dotted(pg, (ax, ay), (bx, by), w * 0.22, w * 0.55)
            else:
                pg.add(Color(*PATH))
                pg.add(Line(points=(ax, ay, bx, by), width=max(1.5, w * 0.1), cap="round"))
        if shown:
            key = shown[-1]
            if self.drawing.has(key):
                x, y, rw, rh = f.rect_px(self.drawing.shape(key).rect)
                pg.add(Color(*PATH))
                pg.add(Line(rectangle=(x, y, rw, rh), width=max(2.0, w * 0.12)))
            first = shown[0]
            if self.drawing.has(first):
                cx, cy = f.to_px(*self.drawing.centre(first))
                pg.add(Color(*PATH))
                pg.add(Line(circle=(cx, cy, w * 0.3), width=max(1.5, w * 0.08)))
        if self.drawing.has(self.selected):
            x, y, rw, rh = f.rect_px(self.drawing.shape(self.selected).rect)
            pg.add(Color(*SELECT))
            pg.add(Line(rectangle=(x, y, rw, rh), width=max(2.0, w * 0.1)))
        if not _same(tokens, self._tokens_drawn):
            self._draw_tokens()
            self._tokens_drawn = tokens
        self._place_tag()

    def _place_tag(self) -> None:
        """Name the selected space beside it, inside the map: above it, or below near the top."""
        tag, key, f = self.tag, self.selected, self._frame
        spaces = self.view.spaces if self.view is not None else ()
        space = next((s for s in spaces if s.key == key), None)
        if space is None or not self.drawing.has(key) or f.side <= 0:
            tag.text, tag.opacity = "", 0
            return
        tag.text = space.name + (f"\n{space.glance}" if space.glance else "")
        tag.opacity = 1
        tag.width = min(self.width, max(dp(160), f.side * 0.62))
        tag.text_size = (tag.width - dp(12), None)
        tag.texture_update()
        tag.height = tag.texture_size[1] + dp(8)
        x, y, rw, rh = f.rect_px(self.drawing.shape(key).rect)
        above = y + rh + dp(4)
        top = above if above + tag.height <= self.top else y - dp(4) - tag.height
        left = min(max(self.x, x + rw / 2 - tag.width / 2), self.right - tag.width)
        tag.pos = (left, max(self.y, top))

    def _draw_tokens(self) -> None:
        """Each player's token: a disc in the player's colour with the initial, packed per space."""
        f = self._frame
        tokens: dict[str, str] = dict(getattr(self.view, "tokens", None) or {})
        colours: dict[str, Any] = dict(getattr(self.view, "token_colours", None) or {})
        by_space: dict[str, list[str]] = {}
        for player, key in tokens.items():
            if self.drawing.has(key):
                by_space.setdefault(key, []).append(player)
        seen = set()
        for key, players in by_space.items():
            shape = self.drawing.shape(key)
            rect = shape.rect.inset(0.002)
            if shape.is_corner:
                # The corner's name is printed at its top: tokens keep to the lower part.
                rect = geo.Rect(rect.x, rect.y, rect.w, rect.h * 0.56)
            elif any(building_marks(self._built(key))):
                # The buildings stand on the colour band: tokens keep off it, both seen.
                rect = _off_band(rect, _building_area(shape), shape.side)
            for player, (ux, uy, ud) in zip(players, geo.slots(rect, len(players)), strict=True):
                seen.add(player)
                token = self._tokens.get(player)
                if token is None:
                    token = Token()
                    self._tokens[player] = token
                    self._token_layer.add_widget(token)
                # One space's width at most: a lone token on a corner must not hide it.
                d = min(ud * f.side, f.space_width * 0.9)
                token.player = player
                token.space = key
                token.colour = rgba(colours.get(player)) or (0.5, 0.5, 0.5, 1)
                token.size = (d, d)
                token.center = f.to_px(ux, uy)
        for player in list(self._tokens):
            if player not in seen:
                self._token_layer.remove_widget(self._tokens.pop(player))

    def _built(self, key: str) -> Any:
        """The buildings the view shows on the space ``key`` (0 for none)."""
        views = getattr(self.view, "spaces", None) or ()
        return next((getattr(sv, "buildings", 0) for sv in views if sv.key == key), 0)

    @property
    def tokens(self) -> dict[str, Token]:
        """The drawn tokens by player (for tests and popups)."""
        return dict(self._tokens)


class SpaceTag(Label):
    """A space's name on a dark card, in type that reads on the table's small map."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", "15sp")
        super().__init__(
            halign="center", valign="middle", opacity=0, size_hint=(None, None), **kwargs
        )
        with self.canvas.before:
            Color(0.10, 0.11, 0.14, 0.92)
            self._card = Rectangle()
        self.bind(pos=self._redraw, size=self._redraw)

    def _redraw(self, *_: Any) -> None:
        self._card.pos, self._card.size = self.pos, self.size


class Token(Label):
    """A player's token: a disc in the player's colour with the initial on it."""

    player = StringProperty("")
    space = StringProperty("")
    colour = ListProperty([0.5, 0.5, 0.5, 1])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(bold=True, halign="center", valign="middle", **kwargs)
        with self.canvas.before:
            self._shadow_colour = Color(0, 0, 0, 0.35)
            self._shadow = Ellipse()
            self._fill_colour = Color()
            self._fill = Ellipse()
            self._rim_colour = Color()
            self._rim = Line()
        self.bind(pos=self._redraw, size=self._redraw, colour=self._redraw, player=self._redraw)

    def _redraw(self, *_: Any) -> None:
        d = min(self.width, self.height)
        cx, cy = self.center
        c = tuple(self.colour)
        dark = _luma(c) > 0.55  # type: ignore[arg-type]
        self.text = (self.player.strip()[:1] or "?").upper()
        self.color = INK if dark else (1, 1, 1, 1)
        self.font_size = max(6.0, d * 0.62)
        self._shadow.pos = (cx - d / 2 + d * 0.06, cy - d / 2 - d * 0.06)
        self._shadow.size = (d, d)
        self._fill_colour.rgba = c
        self._fill.pos = (cx - d / 2, cy - d / 2)
        self._fill.size = (d, d)
        self._rim_colour.rgba = INK if dark else (1, 1, 1, 1)
        self._rim.circle = (cx, cy, d / 2)
        self._rim.width = max(1.0, d / 16)


class BoardPicture(Widget):
    """A miniature of any board (``board``: a ``companion.rules.board.Board``), painted as the
    map paints it (:func:`paint_board`) at the widget's size, with ``centre_text`` (a currency
    sign, a count) large in the board's empty middle: the set-up's picture of an edition or a
    regional board, drawn from its own data."""

    board = ObjectProperty(None, allownone=True)
    centre_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        self._centre = Label(bold=True, color=INK, halign="center", valign="middle")
        super().__init__(**kwargs)
        self.add_widget(self._centre)
        self._trigger = Clock.create_trigger(self._redraw, -1)
        self.bind(pos=self._trigger, size=self._trigger, board=self._trigger)
        self.bind(centre_text=self._trigger)
        self._trigger()

    @property
    def frame(self) -> geo.Frame | None:
        """The board's square in the widget (``None`` without a board)."""
        if self.board is None:
            return None
        return geo.Frame.fit(*self.pos, *self.size, drawing=geo.drawing(self.board))

    def _redraw(self, *_: Any) -> None:
        placing = getattr(self.parent, "_trigger_layout", None)
        if placing is not None and placing.is_triggered:
            # The layout holding it is about to place it (a set-up card just made): painted
            # after, at its place, not first at Kivy's default 100x100 too (issue 26).
            self._trigger()
            return
        self.canvas.before.clear()
        f = self.frame
        if f is None or f.side <= 0:
            self._centre.text = ""
            return
        paint_board(self.canvas.before, f)
        x, y, w, h = f.rect_px(f.drawn.centre_square())
        self._centre.pos, self._centre.size = (x, y), (w, h)
        self._centre.text_size = (w, h)
        self._centre.font_size = max(8.0, min(w, h) * 0.5)
        self._centre.text = self.centre_text


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether two tuples hold the very same objects (a view is compared by identity: a new
    view is a new drawing, whatever it holds)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _building_area(s: geo.SpaceShape) -> geo.Rect:
    """Where a space's buildings stand: its colour band, or for a space of no group (a
    railroad's train depot) the strip of the band's depth on the same edge."""
    if s.band is not None:
        return s.band
    r, side = s.rect, s.side
    depth = (r.h if side in (0, 2) else r.w) * geo.BAND
    if side == 0:
        return geo.Rect(r.x, r.top - depth, r.w, depth)
    if side == 1:
        return geo.Rect(r.right - depth, r.y, depth, r.h)
    if side == 2:
        return geo.Rect(r.x, r.y, r.w, depth)
    return geo.Rect(r.x, r.y, depth, r.h)


def _off_band(rect: geo.Rect, band: geo.Rect, side: int) -> geo.Rect:
    """The part of a space's ``rect`` beside its colour ``band`` (on the edge facing the
    board's centre: the top edge of a bottom space, the right edge of a left one...)."""
    if side == 0:
        return geo.Rect(rect.x, rect.y, rect.w, band.y - rect.y)
    if side == 1:
        return geo.Rect(rect.x, rect.y, band.x - rect.x, rect.h)
    if side == 2:
        return geo.Rect(rect.x, band.top, rect.w, rect.top - band.top)
    return geo.Rect(band.right, rect.y, rect.right - band.right, rect.h)


def _hatch(x: float, y: float, w: float, h: float, step: float) -> list[tuple[float, ...]]:
    """Diagonal lines (/) clipped to the rectangle."""
    out = []
    c = -h
    while c < w:
        # the line x' - y' = c in the rectangle's own coordinates, clipped to [0,w] x [0,h]
        x0, y0 = max(0.0, c), max(0.0, -c)
        x1, y1 = min(w, h + c), min(h, w - c)
        if x1 > x0:
            out.append((x + x0, y + y0, x + x1, y + y1))
        c += step
    return out


def _dotted(
    g: InstructionGroup, a: tuple[float, float], b: tuple[float, float], d: float, gap: float
) -> None:
    """Dots from ``a`` to ``b``: a jump, not a walk (Kivy dashes need a width of 1)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(2, int(length / max(gap, 1.0)))
    g.add(Color(*PATH))
    for i in range(n + 1):
        t = i / n
        px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        g.add(Ellipse(pos=(px - d / 2, py - d / 2), size=(d, d)))
