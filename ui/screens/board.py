"""The board: the whole map full screen, a legend of the players, the last move's path; a tap on
a space opens its deed (owner, buildings, rent now) from ``controller.space_card``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
import ui.widgets  # noqa: F401  (BigButton's kv rule)
from ui.i18n import _
from ui.screens.common import animation_scale, app_controller, is_shown, watch
from ui.widgets.board_map import BoardMap

if TYPE_CHECKING:
    from ui.controller import TableController
    from ui.viewmodels import SpaceView, TableView

__all__ = ["BoardScreen", "DeedCard", "LegendRow", "animation_scale", "deed_lines"]


def deed_lines(space: SpaceView) -> list[str]:
    """What the deed card says of a space, in the table's language, most urgent first."""
    lines = []
    if space.owner:
        lines.append(_("Owner: {name}", name=space.owner))
    elif space.price:
        lines.append(_("For sale"))
    if space.mortgaged:
        lines.append(_("Mortgaged: no rent"))
    if space.rent_text:
        lines.append(space.rent_text)  # worded by the view-model: "Rent $90"
    # The deed lines start with a capital like the lines above them ("base rent: $6" read odd).
    lines += [line[:1].upper() + line[1:] for line in space.deed]
    return lines


class LegendRow(BoxLayout):
    """A player on the legend: the token's colour and initial, the name, where the token is."""

    colour = ListProperty([0.5, 0.5, 0.5, 1])
    name_text = StringProperty("")
    where = StringProperty("")
    is_turn = BooleanProperty(False)


class DeedCard(ModalView):
    """A space's card: the group colour on top, the name, the owner and rent now, the deed."""

    title = StringProperty("")
    colour = ListProperty([0.93, 0.93, 0.9, 1])
    owner_colour = ListProperty([0, 0, 0, 0])
    text = StringProperty("")

    #: The space shown (its key), to word the card again after a switch of language.
    key = StringProperty("")

    def show(self, space: SpaceView) -> None:
        self.fill(space)
        self.open()

    def fill(self, space: SpaceView) -> None:
        self.key = space.key
        self.title = space.name
        self.colour = list(space.colour or (0.93, 0.93, 0.9, 1))
        self.owner_colour = list(space.owner_colour or (0, 0, 0, 0))
        self.text = "\n".join(deed_lines(space)) or _(
            "Nothing to pay here: the space's rule applies."
        )


class BoardScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    view = ObjectProperty(None, allownone=True)
    #: The last move in words (its path is drawn on the map).
    sentence = StringProperty("")

    def __init__(self, controller: TableController | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("name", "board")
        super().__init__(**kwargs)
        self.controller = app_controller(controller)
        self.card = DeedCard()
        self._card_lang = self.controller.lang
        self._shown_move: Any = None
        self.ids.map.bind(on_space=lambda _m, key: self.open_space(key))
        watch(self.controller, self.show)
        self.show(self.controller.view)

    @property
    def map(self) -> BoardMap:
        board: BoardMap = self.ids.map
        return board

    def on_pre_enter(self, *_args: Any) -> None:
        self.show(self.controller.view)
        self.replay()

    def show(self, view: TableView) -> None:
        """A new table view: the board's state, the legend and the last move."""
        self.view = view
        if not is_shown(self):
            return  # drawn again on entering: no work while another place is shown
        self.map.animation_scale = animation_scale()
        self.map.update(self.controller.board_view())
        legend = self.ids.legend
        legend.clear_widgets()
        for chip in view.players:
            if chip.bankrupt:
                continue
            legend.add_widget(
                LegendRow(
                    colour=list(chip.colour),
                    name_text=chip.name,
                    where=chip.where,
                    is_turn=chip.is_turn,
                )
            )
        if self.card.parent is not None and view.lang != self._card_lang:
            self._card_lang = view.lang  # first: a notice from space_card shows a view again
            space = self.controller.space_card(self.card.key)  # a switch of language
            if space is not None:
                self.card.fill(space)
        self._card_lang = view.lang
        move = view.move
        self.sentence = move.sentence if move is not None else ""
        if move is not None and move is not self._shown_move:
            self._shown_move = move
            self.map.play_path(move.path, move.kinds)

    def replay(self) -> None:
        """Play the last move's path again."""
        move = self.view.move if self.view is not None else None
        if move is not None:
            self.map.animation_scale = animation_scale()
            self.map.play_path(move.path, move.kinds)

    def open_space(self, key: str) -> None:
        space = self.controller.space_card(key)
        if space is not None:  # None: the controller's notice says why
            self.card.show(space)

    def back(self) -> None:
        self.card.dismiss()
        self.controller.go("table")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
