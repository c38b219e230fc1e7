"""Ask the referee: choose a space (tap it on the map, or search the list), a roll (the dice
faces and the speed die by touch), optionally a card or a voucher, and see the explained path on
the map and the referee's sentences. Nothing in the game changes: the answer comes from
``controller.ask_referee`` (the rules' referee, for the player whose turn it is)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
import ui.widgets  # noqa: F401  (BigButton and SearchList kv rules)
from ui.i18n import _
from ui.screens.common import animation_scale, app_controller, is_shown, watch
from ui.widgets.board_map import BoardMap

if TYPE_CHECKING:
    from ui.controller import TableController
    from ui.viewmodels import RefereeView


def speed_faces(faces: tuple[str, ...]) -> tuple[int | str | None, ...]:
    """The speed die's ``faces`` (the edition's) as ``ask_referee`` takes them (pips as whole
    numbers), then ``None``: not rolled (in jail)."""
    return (*(int(f) if f.isdigit() else f for f in faces), None)


def speed_label(face: int | str | None) -> str:
    if face == "mr":
        return _("Mr.")
    if face == "bus":
        return _("Bus")
    if face is None:
        return "\u2013"
    return str(face)


def space_rows(spaces: Any) -> list[tuple[str, str]]:
    """The spaces to pick from, the middle track (GO's) first, then the outer and the inner; a
    name found on several spaces (Chance, Community Chest...) says which one it is."""
    spaces = list(spaces)
    count: dict[str, int] = {}
    for s in spaces:
        count[s.name] = count.get(s.name, 0) + 1
    by_track: dict[str, list[Any]] = {}
    for s in spaces:
        by_track.setdefault(s.track, []).append(s)
    rows = []
    for track in ("middle", "outer", "inner"):
        ring = sorted(by_track.get(track, ()), key=lambda s: s.index)
        for i, s in enumerate(ring):
            label = s.name
            if count[s.name] > 1:
                label = _("{name}, after {previous}", name=s.name, previous=ring[i - 1].name)
            rows.append((s.key, label))
    return rows


class PickList(ModalView):
    """A searchable list in a popup; ``on_pick(value)`` when a row is tapped."""

    title = StringProperty("")
    rows = ListProperty([])
    hint = StringProperty("")

    __events__ = ("on_pick",)

    def pick(self, value: Any) -> None:
        self.dismiss()
        self.dispatch("on_pick", value)

    def on_pick(self, value: Any) -> None:
        pass


class RefereeScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    #: The chosen space's key and name.
    space = StringProperty("")
    space_name = StringProperty("")
    #: The two regular dice (0: not chosen yet) and the speed die.
    d1 = ObjectProperty(0)
    d2 = ObjectProperty(0)
    speed = ObjectProperty(None, allownone=True)
    #: A card or a voucher instead of (or with) the roll: (kind, id, title) or ().
    card = ListProperty([])
    #: The answer: the referee's sentence and the explanation lines.
    sentence = StringProperty("")
    lines = StringProperty("")
    error = StringProperty("")

    def __init__(self, controller: TableController | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("name", "referee")
        super().__init__(**kwargs)
        self.controller = app_controller(controller)
        self.ids.map.bind(on_space=lambda _m, key: self.choose_space(key))
        self._build_dice()
        self.answer: RefereeView | None = None
        #: The language of the question and answer shown (worded again after a switch).
        self._lang = self.controller.lang
        watch(self.controller, lambda view: self._follow_language() if is_shown(self) else None)

    @property
    def map(self) -> BoardMap:
        board: BoardMap = self.ids.map
        return board

    def on_pre_enter(self, *_args: Any) -> None:
        if self._speed_built != self.controller.speed_faces:
            self._build_dice()  # a game of another edition came to the table: its dice
        self.map.update(self.controller.board_view())
        if not self.space:
            self._default_space()
        self._follow_language()

    def _follow_language(self) -> None:
        """After a switch of language: the card's title, the space's name and the answer
        worded again (the question stays as it was asked)."""
        if self.controller.lang == self._lang:
            return
        self._lang = self.controller.lang
        if self.card:
            titles = dict((*self.controller.referee_cards(), *self.controller.referee_vouchers()))
            self.card = [self.card[0], self.card[1], titles.get(self.card[1], self.card[2])]
        if self.space:
            self.map.update(self.controller.board_view())
            self.choose_space(self.space)

    def _default_space(self) -> None:
        """Start from the token of the player whose turn it is (GO before a game)."""
        tokens = dict(self.map.view.tokens) if self.map.view is not None else {}
        for chip in self.controller.view.players:
            if chip.is_turn and chip.name in tokens:
                self.choose_space(tokens[chip.name])
                return
        self.choose_space(self.controller.start_space)

    # -- the question ---------------------------------------------------------------------

    def _build_dice(self) -> None:
        """The dice rows of the edition at the table: the speed die's only in an edition that
        rolls one (else its row takes no room)."""
        from ui.widgets import BigButton

        self._speed_built = self.controller.speed_faces
        self.speed = None
        speed_row = self.ids.speed
        # Without a speed die the row holds no button at all: one kept at its last place
        # would take the touches meant for the second die's row over it.
        speed_row.height, speed_row.opacity = (dp(52), 1) if self._speed_built else (0, 0)
        for row, faces in (
            ("d1", range(1, 7)),
            ("d2", range(1, 7)),
            ("speed", speed_faces(self._speed_built) if self._speed_built else ()),
        ):
            box = self.ids[row]
            box.clear_widgets()
            for face in faces:
                label = speed_label(face) if row == "speed" else str(face)
                # The speed die's words are longer than a digit: a smaller type keeps them on a line.
                size = "15sp" if row == "speed" else "20sp"
                button = BigButton(text=label, role="quiet", font_size=size, bold=True)
                button.face = face
                button.bind(on_release=lambda b, r=row: self.set_die(r, b.face))
                box.add_widget(button)
        self._mark_dice()

    def set_die(self, die: str, face: int | str | None) -> None:
        setattr(self, die, face)
        self._mark_dice()
        self.ask()

    def _mark_dice(self) -> None:
        for row in ("d1", "d2", "speed"):
            chosen = getattr(self, row)
            for button in self.ids[row].children:
                button.role = "primary" if button.face == chosen else "quiet"

    def choose_space(self, key: str) -> None:
        self.space = key
        self.map.selected = key
        names = {s.key: s.name for s in self._spaces()}
        self.space_name = names.get(key, key)
        self.ask()

    def _spaces(self) -> tuple[Any, ...]:
        """The map's spaces (none before the map has its first view)."""
        return self.map.view.spaces if self.map.view is not None else ()

    def pick_space(self) -> None:
        rows = space_rows(self._spaces())
        self._open_list(_("From which space?"), rows, _("Name or number"), self.choose_space)

    def pick_card(self) -> None:
        rows: list[tuple[Any, str]] = [(None, _("No card: the roll alone"))]
        for card_id, title in self.controller.referee_cards():
            rows.append((("card", card_id, title), title))
        for voucher_id, title in self.controller.referee_vouchers():
            rows.append((("voucher", voucher_id, title), title))
        self._open_list(_("Which card or voucher?"), rows, _("Title or number"), self.choose_card)

    def choose_card(self, value: Any) -> None:
        self.card = list(value) if value else []
        self.ask()

    def _open_list(self, title: str, rows: list, hint: str, callback: Any) -> PickList:
        popup = PickList(title=title, rows=rows, hint=hint)
        popup.bind(on_pick=lambda _p, value: callback(value))
        popup.open()
        self.popup = popup
        return popup

    def faces(self) -> tuple[int | str, ...]:
        if not (self.d1 and self.d2):
            return ()
        return (self.d1, self.d2) if self.speed is None else (self.d1, self.d2, self.speed)

    def ready(self) -> bool:
        return bool(self.space) and (bool(self.faces()) or bool(self.card))

    def ask(self) -> None:
        """Ask the referee when the question is complete; show the answer and its path."""
        if not self.ready():
            self.sentence, self.lines, self.error = "", "", ""
            self.map.clear_path()
            return
        kind, card_id = (self.card[0], self.card[1]) if self.card else (None, None)
        answer = self.controller.ask_referee(
            self.space,
            self.faces(),
            card_id if kind == "card" else None,
            card_id if kind == "voucher" else None,
        )
        self.answer = answer
        self.error = answer.error
        self.sentence = answer.sentence
        self.lines = "\n".join(f"\u2022 {line}" for line in answer.explanation)
        self.map.animation_scale = animation_scale()
        if self.error or not answer.path:
            self.map.clear_path()
        else:
            self.map.play_path(answer.path, answer.kinds, start=self.space)

    def clear(self) -> None:
        self.d1, self.d2, self.speed = 0, 0, None
        self.card = []
        self._mark_dice()
        self.ask()

    def back(self) -> None:
        self.controller.go("table")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
