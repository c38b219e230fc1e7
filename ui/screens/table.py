"""The table screen: the one screen that is on while the game is played.

Every player's cash (twelve fit), whose turn it is (frame, arrow and name), the Pool and the
Bank's buildings left, the referee's one sentence, the sentence of each transfer of the last
command with the balances before -> after (lit for a moment, kept until the next command; after
Undo, "Undone: ..."), or a notice (two lines at most: a longer one ends in "…" and shows whole
on a tap), the pending decision as big numbered buttons (the :class:`ui.dialogs.DecisionHost`),
a small map that names a tapped space, the other places, and Undo, far from the decision
buttons, saying what it takes back.

The screen tells the controller when a decision is shown (``controller.shown``), for its input
gate: once its panel is drawn, the move's path on the map has been played, and a chained
decision (``view.announce``) has been announced by its panel's flash. A press sooner than the
settle time after that shows the "Too soon" mark (``view.too_soon``) by the notice line.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

import ui.dialogs  # noqa: F401 - DecisionHost is used by the kv rule
import ui.widgets  # noqa: F401 - the kv rules of the shared widgets
from ui.dialogs import ANNOUNCE_SECONDS
from ui.widgets.notice import fit_words
from ui.widgets.words import _

#: Seconds between two looks at an announcement or the map's path while they go on.
POLL = 0.05


#: The last texts fitted and what they came to (each view asks again for the same words).
_FITTED: dict[tuple[Any, ...], str] = {}


def fitted(text: str, button: Any, height: float) -> str:
    """``text`` as it fits ``height`` laid out as ``button`` lays it out (its width, padding
    and font), cut after a whole word with an ellipsis when it does not."""
    layout = (str(text), button.width, button.font_size, button.font_name, tuple(button.padding))
    key = (*layout, height)
    done = _FITTED.get(key)
    if done is None:
        done = _fit(text, button, height)
        if len(_FITTED) > 64:
            _FITTED.clear()
        _FITTED[key] = done
    return done


def _fit(text: str, button: Any, height: float) -> str:
    from kivy.uix.label import Label

    def fits(shown: str) -> bool:
        probe = Label(
            text=shown,
            font_size=button.font_size,
            font_name=button.font_name,
            padding=button.padding,
            text_size=(max(button.width, 1), None),
        )
        probe.texture_update()
        return bool(probe.texture_size[1] <= height)

    return fit_words(text, fits, trim=" ,:;.(")


#: Seconds with nothing shown anew after which the heap is swept whole (see ``Heap``).
QUIET_SECONDS = 30.0


def settle_heap() -> None:
    """Set aside what the app holds from now to its end (Kivy, the modules, the screens built
    so far, the board) from the garbage collector's full passes: each pass walked all of it,
    about half a million objects, a pause of 100-200 ms in the middle of a turn. Once, when
    the table is first built; what is made after is collected as before."""
    gc.collect()
    gc.freeze()


class Heap:
    """Keeps the collector's full passes off a turn's frames. Each time a decision is shown
    and settled (the table waits for a hand), what was made since the last time is collected
    (a full pass over what is not frozen: only that) and what is left is frozen; so the
    collector's own passes, which come in the middle of a frame, walk only what a command made
    since. Cycles that become garbage once frozen (a closed pop-up, an old dialog) wait for a
    whole sweep (unfreeze, collect, freeze) once the table has been quiet for
    :data:`QUIET_SECONDS`: nobody is pressing anything then."""

    def __init__(self, quiet: float = QUIET_SECONDS) -> None:
        self._sweep = Clock.create_trigger(lambda _dt: self.sweep(), quiet)
        self.settled_count = 0
        self.sweeps = 0

    def settled(self) -> None:
        """A decision is shown: collect what was made since the last one, freeze the rest."""
        gc.collect()
        gc.freeze()
        self.settled_count += 1
        self._sweep.cancel()
        self._sweep()

    def sweep(self) -> None:
        """The whole heap collected (what was frozen too), then frozen again."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.sweeps += 1


def _board_map() -> Any:
    """The board map widget when it is available (``ui.widgets.board_map``)."""
    try:
        from ui.widgets.board_map import BoardMap
    except Exception:  # noqa: BLE001 - the table works without its map
        return None
    return BoardMap


class TableScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    view = ObjectProperty(None, allownone=True)
    #: The words under the referee's sentence: the transfers just made, or the last notice.
    notice = StringProperty("")

    def __init__(self, controller: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("name", "table")
        super().__init__(controller=controller, **kwargs)
        self.map = None
        self._map_key: Any = object()
        # The view waiting to be said shown to the controller, its decision and proposal, when
        # its announcement ends (the controller's clock), and a count of the waits started (a
        # newer one makes an older timer do nothing).
        self._waiting: Any = None
        self._waiting_key: Any = None
        self._until = 0.0
        self._round = 0
        self._lit: Any = ()
        self._lit_lang: str | None = None
        self.heap = Heap()
        cls = _board_map()
        if cls is not None:
            try:
                self.map = cls()
            except Exception:  # noqa: BLE001 - a map that cannot be built is left out
                self.map = None
        if self.map is not None:
            self.ids.map_box.clear_widgets()
            self.ids.map_box.add_widget(self.map)
        Clock.schedule_once(lambda _dt: settle_heap(), 0)

    def on_controller(self, _screen: Any, controller: Any) -> None:
        if controller is not None:
            controller.follow_display()  # this screen says when a decision is shown

    def on_kv_post(self, base_widget: Any) -> None:
        app = App.get_running_app()
        if app is not None and getattr(app, "vm", None) is not None:
            app.vm.bind(table=lambda _vm, view: self.show(view))
            if self.controller is None:
                self.controller = app.controller

    def show(self, view: Any) -> None:
        """Draw a new table view (called on every change)."""
        if view is None:
            return
        self.view = view
        ids = self.ids
        ids.host.controller = self.controller
        ids.strip.players = view.players
        ids.strip.flashes = view.flashes
        ids.host.show(view)
        app = App.get_running_app()
        ids.flash.animate = bool(getattr(getattr(app, "vm", None), "animate", True))
        self.notice = self.banner(view)
        # Lit once per change of money (a new command's or an undo's transfers), not again for
        # a notice, a dice reading or a switch of language (the same flashes worded again).
        if view.flashes and view.flashes is not self._lit and self._lit_lang in (None, view.lang):
            ids.flash.light()
        elif not view.flashes:
            ids.flash.lit = False
        self._lit, self._lit_lang = view.flashes, view.lang
        if self.map is not None:
            # The board changes only when the game moves: a dice proposal or a notice (a new
            # view with the same decision) leaves it as drawn.
            key = (view.decision.id if view.decision else None, view.over, view.lang)
            if key != self._map_key:
                self._map_key = key
                self._update_map(view)
        self._drawn(view)

    def _drawn(self, view: Any) -> None:
        """A decision (or dice proposal) the controller does not count as shown yet: announced
        first if it is chained (its panel flashes), then said shown once drawn and the move's
        path played. A newer view of the same decision and proposal joins the running wait."""
        decision = view.decision
        if decision is None or self.controller is None or self.controller.is_shown(view):
            self._waiting = None
            return
        key = (decision.id, view.proposal and view.proposal.key)
        running = self._waiting is not None and key == self._waiting_key
        self._waiting, self._waiting_key = view, key
        if running:
            return
        self._round += 1
        self._until = self.controller.clock()
        if view.announce:
            self.ids.host.announce(ANNOUNCE_SECONDS)
            # Timed on the controller's clock, as the inputs are (a test scripts both).
            self._until += ANNOUNCE_SECONDS
        # At the earliest after the next frame: the panel has been drawn.
        Clock.schedule_once(lambda _dt, n=self._round: self._say_shown(n), 0)

    def _say_shown(self, round_: int) -> None:
        if round_ != self._round or self._waiting is None or self.controller is None:
            return  # a newer decision is on its way
        board = self.map
        moving = board is not None and board.progress < len(board.path) - 1
        if moving or self.controller.clock() < self._until:
            Clock.schedule_once(lambda _dt: self._say_shown(round_), POLL)
            return
        view, self._waiting = self._waiting, None
        self.controller.shown(view)
        self.heap.settled()

    @staticmethod
    def banner(view: Any) -> str:
        """The table's line of words: a notice (why nothing changed, what was undone), else
        the sentence of each transfer of the last command (money that moved without a
        decision too: a Squeeze Play, a salary, a bonus move's rent), else the move, else the
        dice module's state (unless its own banner says the module is away: not twice)."""
        money = " ".join(f.text for f in view.flashes if f.text)
        dice_status = "" if view.dice_banner else view.dice_status
        return str(view.notice or money or (view.move.sentence if view.move else "") or dice_status)

    def _update_map(self, view: Any) -> None:
        if self.controller is None:
            return
        try:
            self.map.update(self.controller.board_view())
        except Exception:  # noqa: BLE001 - the map is secondary: the table goes on
            pass

    def places(self) -> list[tuple[str, str]]:
        return [
            ("board", _("Board")),
            ("players", _("Players")),
            ("history", _("History")),
            ("referee", _("Referee")),
            ("settings", _("Settings")),
        ]

    def go(self, place: str) -> None:
        self.controller.go(place)

    @staticmethod
    def undo_label(view: Any, button: Any = None, height: float = 0) -> str:
        """What Undo takes back, cut at a word to fit ``height`` (its fixed height) at the
        width of ``button`` (its whole text is in the history's Undo); "Correct…" when the
        last thing done was a throw or a card."""
        if view is not None and view.can_correct:
            text = _("Correct the last throw or card\u2026")
        elif view is None or not view.can_undo or not view.undo_text:
            return _("Undo")
        else:
            text = str(view.undo_text)
        if button is None or button.width <= 1 or height <= 0:
            return text
        return fitted(text, button, height)

    def undo(self) -> bool:
        """Undo; or, when the last thing done was a throw or a card (never undone), open its
        correction."""
        if self.view is not None and self.view.can_correct:
            return self.correct() is not None
        return bool(self.controller.undo())

    def correct(self) -> Any:
        """Open the correction of the last command in force (``ui.dialogs.correction``)."""
        from ui.dialogs.correction import CorrectionDialog

        seq = self.controller.last_seq()
        if seq is None:
            return None
        dialog = CorrectionDialog(self.controller, seq)
        dialog.open()
        return dialog


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
