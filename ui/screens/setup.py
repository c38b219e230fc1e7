"""The setup screen: the edition first and, for an edition of several boards, the regional board
(ruling E8: US $, London £, Paris €), each with a miniature of its board; then who plays
(2 to 12 seats in Ultimate, each with the starting Roll Three card and Travel Voucher read off the
physical cards in an edition that deals them), the edition's house rules, the language; or
resume a saved game, or start from a table already under way (a situation JSON file).

It opens on its home pane when there is something to say first (``controller.opening()``): the
game to resume as the biggest button ("Resume: Ann, Bob, Cy, Dee (turn 41)"), a new game one
tap further; or what is wrong with the game log (another program has it open, it is read-only,
the disk is full, it is damaged) with what to do, and then no new game is offered over it.

The screen keeps only what is being typed; the game starts through ``controller.start_game``
(or ``resume`` / ``start_from_situation``) and the controller takes the app to the table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import Screen

import ui.kvi18n  # noqa: F401  (installs l in kv before the kv file loads)
import ui.widgets  # noqa: F401  (LazySpinner in the kv file)
from ui.edition import table_edition
from ui.i18n import _
from ui.screens.common import app_controller
from ui.widgets.board_map import BoardPicture  # noqa: F401  (the pictures in the kv file)

if TYPE_CHECKING:
    from companion.editions import Edition
    from ui.controller import TableController

#: What the seat shows before a card is picked (the spinner's empty text is translated live).
_UNSET = ""
_GREY = (0.6, 0.6, 0.6, 1.0)


class SetupChoicesAdapter:
    """What the seats may pick from, read from ``controller.setup_choices()``.

    Every list comes from the controller (the engine's tokens, colours, decks, player counts);
    nothing here repeats a rule. The controller is asked on the first read of a list, not when
    the adapter is made: its starting cards come from a trial game's first decision, which the
    set-up screen's first frame does not show (issue 26: the seats are made when their pane is
    first shown).
    """

    _LISTS = (
        "deals",
        "tokens",
        "colours",
        "vouchers",
        "roll_three",
        "house_rules",
        "min_players",
        "max_players",
        "token_labels",
        "colour_labels",
    )

    def __init__(
        self,
        controller: TableController,
        *,
        action_cards: bool = False,
        played: Edition | None = None,
    ) -> None:
        self._asked = (controller, action_cards, played)

    def __getattr__(self, name: str) -> Any:
        # Only for a list not read yet (a read one is an instance attribute from then on).
        if name not in SetupChoicesAdapter._LISTS:
            raise AttributeError(name)
        controller, action_cards, played = self.__dict__["_asked"]
        choices = controller.setup_choices(action_cards=action_cards, played=played)
        for key in SetupChoicesAdapter._LISTS:
            setattr(self, key, getattr(choices, key))
        return getattr(choices, name)

    def token_label(self, value: str) -> str:
        return dict(self.token_labels).get(value, value)

    def token_value(self, label: str) -> str:
        return _value_of(label, self.token_labels)

    def colour_label(self, value: str) -> str:
        return dict(self.colour_labels).get(value, value)

    def colour_value(self, label: str) -> str:
        return _value_of(label, self.colour_labels)

    def colour_rgba(self, name: str) -> tuple[float, float, float, float]:
        return dict(self.colours).get(name, _GREY)

    def voucher_title(self, voucher_id: str) -> str:
        return dict(self.vouchers).get(voucher_id, voucher_id)

    def voucher_id(self, title: str) -> str:
        for vid, shown in self.vouchers:
            if shown == title:
                return vid
        return title


def _value_of(label: str, labelled: tuple[tuple[str, str], ...]) -> str:
    """The engine's value a label shown stands for (a value not in the list stays as it is)."""
    return next((value for value, shown in labelled if shown == label), label)


class SetupPanes(FloatLayout):
    """The panes stacked, one shown: a touch goes to the shown pane only. (Kivy's disabled
    widget swallows every touch that lands on it, so the hidden panes, stacked over the
    players' pane, would take all its touches.)"""

    def on_touch_down(self, touch: Any) -> bool:
        return any(
            child.dispatch("on_touch_down", touch)
            for child in self.children[:]
            if not child.disabled
        )


class SeatRow(BoxLayout):
    """One player at the table: name, token, colour, Roll Three card, Travel Voucher.

    ``token`` and ``colour`` are the engine's values (what the game is started with); the
    spinners show ``token_text`` and ``colour_text``, their names in the table's language.
    """

    seat = NumericProperty(0)
    name_text = StringProperty("")
    token = StringProperty("")
    colour = StringProperty("")
    token_text = StringProperty("")
    colour_text = StringProperty("")
    colour_rgba = ListProperty([0.6, 0.6, 0.6, 1])
    roll_three = StringProperty(_UNSET)
    voucher = StringProperty(_UNSET)  # the title shown; the id is looked up at start
    tokens = ListProperty([])  # the names shown
    colours = ListProperty([])  # the names shown
    roll_threes = ListProperty([])
    vouchers = ListProperty([])
    removable = BooleanProperty(True)
    #: Whether the seat picks its starting Roll Three card and Travel Voucher (the edition
    #: deals them); without, those two pickers take no room.
    deals = BooleanProperty(True)
    screen = ObjectProperty(None, allownone=True)

    def _choices(self) -> SetupChoicesAdapter | None:
        return self.screen.choices if self.screen is not None else None

    def on_token(self, *_args: Any) -> None:
        choices = self._choices()
        self.token_text = choices.token_label(self.token) if choices else self.token

    def on_colour(self, *_args: Any) -> None:
        choices = self._choices()
        if choices is not None:
            self.colour_rgba = list(choices.colour_rgba(self.colour))
        self.colour_text = choices.colour_label(self.colour) if choices else self.colour

    def pick_token(self, label: str) -> None:
        """A token picked by its name shown: the seat keeps the engine's value."""
        choices = self._choices()
        self.token = choices.token_value(label) if choices else label

    def pick_colour(self, label: str) -> None:
        choices = self._choices()
        self.colour = choices.colour_value(label) if choices else label

    def pick_roll_three(self, card: str) -> None:
        """A Roll Three card picked: kept, unless the deck cannot have dealt it (the others hold
        its copies already), which the screen says in the table's words at once."""
        if card not in self.roll_threes:
            self.roll_three = _UNSET
            return
        problem = self.screen.roll_three_refused(self, card) if self.screen is not None else ""
        if problem:
            self.screen.message = problem
            self.ids.roll_three.text = self.roll_three or _("Roll Three")
            return
        self.roll_three = card

    def as_player(self, choices: SetupChoicesAdapter) -> dict[str, Any]:
        return {
            "name": self.name_text.strip(),
            "token": self.token,
            "colour": self.colour,
            "roll_three": self.roll_three if choices.deals else "",
            "voucher": choices.voucher_id(self.voucher) if self.voucher and choices.deals else "",
        }


class EditionCard(ButtonBehavior, BoxLayout):
    """One edition a new game may be of: its board's miniature, its name and a line on its
    game; a tap chooses it (``screen.choose_edition``)."""

    choice = ObjectProperty(None, allownone=True)
    selected = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)


class RegionCard(ButtonBehavior, BoxLayout):
    """One regional board of the chosen edition: its miniature with the money's symbol in the
    middle, its name and its dearest lot as printed ("Mayfair — £400"); a tap chooses it
    (``screen.choose_region``)."""

    choice = ObjectProperty(None, allownone=True)
    selected = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)


class HouseRuleRow(BoxLayout):
    """One house rule: a switch, its name and one line saying what it changes."""

    key = StringProperty("")
    title = StringProperty("")
    explanation = StringProperty("")
    active = BooleanProperty(False)


class SavedGameRow(BoxLayout):
    game_id = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    #: False for a game that cannot be resumed: its detail says why, and no Resume is offered.
    resumable = BooleanProperty(True)
    screen = ObjectProperty(None, allownone=True)


class SetupScreen(Screen):
    """New game, resume, or a game already under way."""

    controller = ObjectProperty(None, allownone=True)
    choices = ObjectProperty(None, allownone=True)
    pane = StringProperty("edition")
    #: The edition the new game will be of (its id), and the editions offered.
    edition_id = StringProperty("")
    editions = ListProperty([])
    #: The chosen edition's regional board ("" for an edition of one board), and its boards.
    region = StringProperty("")
    regions = ListProperty([])
    #: Set once Start has started a game: a second tap (a double tap, a touch delivered twice)
    #: starts nothing more; the screen shown again (a new game) clears it.
    started = BooleanProperty(False)
    message = StringProperty("")
    situation_path = StringProperty("")
    lang = StringProperty("en")
    seat_count = NumericProperty(0)
    #: The most players the chosen edition seats.
    max_players = NumericProperty(12)
    #: The game log's fault (``ui.viewmodels.Opening.fault``): no new game is offered over it.
    fault = StringProperty("")
    fault_text = StringProperty("")
    #: The game the home pane offers to resume (0: none) and its button's words.
    resume_id = NumericProperty(0)
    resume_text = StringProperty("")

    def __init__(self, controller: TableController | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = "setup"
        self.controller = app_controller(controller)
        self.rules: dict[str, bool] = {}
        self.played: Edition = table_edition()
        self.lang = self.controller.lang
        # The panes not shown yet, each with what fills it on its first showing.
        self._unfilled: dict[str, Callable[[], None]] = {}
        self.refresh()

    # -- building the panes ----------------------------------------------------------------

    def refresh(self) -> None:
        """Fill the panes from the controller: the editions, the choices, the last table,
        saved games. The seats, the house rules and the saved games are made when their pane
        is first shown (or read): the first frame draws only the pane it shows (issue 26)."""
        last = self._last_table()
        self._fill_opening()
        if self.fault or self.resume_id:
            self.pane = "home"
        self._fill_editions(last.get("edition") or self.played.id, last.get("region") or "")
        self._reset_rules(last.get("rules") or {})
        self.choices = self._choices(self.rules.get("roll_three_action_cards", False))
        players = list(last.get("players") or [])
        self._unfilled.clear()
        self._when_shown("players", lambda: self._seat(players))
        self._when_shown("rules", self._fill_rules)
        self._when_shown("saved", self._fill_saved)

    def _when_shown(self, pane: str, fill: Callable[[], None]) -> None:
        """``fill`` the pane now if it is shown, else on its first showing."""
        self._unfilled.pop(pane, None)
        if self.pane == pane:
            fill()
        else:
            self._unfilled[pane] = fill

    def _filled(self, pane: str) -> None:
        """The pane's rows made now, if they were waiting for its first showing."""
        fill = self._unfilled.pop(pane, None)
        if fill is not None:
            fill()

    def prepare(self) -> None:
        """The seats' choices read now (a trial game's starting cards), at idle after the first
        frame (``CompanionApp._after_first_frame``), rather than when the Players pane is first
        tapped."""
        if self.choices is not None:
            self.choices.deals  # noqa: B018 - the first read asks the controller

    def on_pane(self, _screen: Any, pane: str) -> None:
        self._filled(pane)

    def _fill_opening(self) -> None:
        """The home pane: the game log's fault and what to do, or the game to resume."""
        opening = self.controller.opening()
        self.fault, self.fault_text = opening.fault, opening.message
        self.resume_id, self.resume_text = opening.resume_id or 0, opening.resume_text

    def _choices(self, action_cards: bool) -> SetupChoicesAdapter:
        return SetupChoicesAdapter(self.controller, action_cards=action_cards, played=self.played)

    def _last_table(self) -> dict[str, Any]:
        """The table remembered by the controller's SetupStore: edition, seats, house rules."""
        store = self.controller.store
        return {
            "players": store.players,
            "rules": store.rules,
            "edition": store.get("edition"),
            "region": store.get("region"),
        }

    def _fill_editions(self, wanted: str, region: str = "") -> None:
        """The edition cards, ``wanted`` chosen if the companion has it (else the first), on
        its board ``region`` if it offers it (else its own)."""
        self.editions = list(self.controller.edition_choices())
        ids = [e.id for e in self.editions]
        chosen = wanted if wanted in ids else (ids[0] if ids else self.played.id)
        box = self.ids.editions
        box.clear_widgets()
        for choice in self.editions:
            box.add_widget(EditionCard(choice=choice, screen=self))
        self._set_edition(chosen, region)

    def _set_edition(self, edition_id: str, region: str = "") -> bool:
        """``edition_id`` on its board ``region`` chosen (its own board for one it does not
        offer), its cards and its boards' cards marked."""
        choice = next((e for e in self.editions if e.id == edition_id), None)
        boards = [r.region for r in choice.regions] if choice is not None else []
        region = region if region in boards else (boards[0] if boards else "")
        played = self.controller.setup_edition(edition_id, region or None)
        if played is None:
            self.message = self.controller.view.notice
            return False
        self.played, self.edition_id, self.region = played, edition_id, region
        if choice is not None and list(choice.regions) != list(self.regions):
            self.regions = list(choice.regions)
            box = self.ids.regions
            box.clear_widgets()
            for board in self.regions:
                box.add_widget(RegionCard(choice=board, screen=self))
        for card in self.ids.editions.children:
            card.selected = card.choice.id == edition_id
        for card in self.ids.regions.children:
            card.selected = card.choice.region == region
        return True

    def choose_region(self, region: str) -> None:
        """A regional board's card tapped: the same edition on that board (its names and its
        money); the seats and house rules stay."""
        if region != self.region:
            self._set_edition(self.edition_id, region)

    def _reset_rules(self, remembered: dict[str, Any]) -> None:
        """The chosen edition's house rules at their defaults, then the ``remembered`` ones
        it offers (another edition's are not carried over)."""
        self.rules = dict(self.played.house_rules)
        self.rules.update({k: bool(v) for k, v in remembered.items() if k in self.rules})

    def choose_edition(self, edition_id: str) -> None:
        """The edition card tapped: the house rules become that edition's, the seats keep
        what was typed (as many as it seats), their starting cards if it deals them."""
        if edition_id == self.edition_id or not self._set_edition(edition_id):
            return
        typed = self._typed()
        self._reset_rules(self.rules)
        self.choices = self._choices(self.rules.get("roll_three_action_cards", False))
        if typed is not None:
            self._seat(typed)
        self._when_shown("rules", self._fill_rules)
        self.message = ""

    def _typed(self) -> list[dict[str, Any]] | None:
        """What the seats hold, to seat again with new choices; ``None`` while the Players
        pane is still to be made (it is made with the choices of the moment it is shown)."""
        if "players" in self._unfilled:
            return None
        return [s.as_player(self.choices) for s in self.seats()]

    def _seat(self, players: list[dict[str, Any]]) -> None:
        """The seats anew: ``players`` (as many as the edition seats, at least its least)."""
        c = self.choices
        players = players[: c.max_players]
        players += [{}] * (c.min_players - len(players))
        self.ids.seats.clear_widgets()
        for player in players:
            self.add_seat(player)

    def add_seat(self, player: dict[str, Any] | None = None) -> SeatRow | None:
        """A new seat, with the next free token and colour unless ``player`` names them."""
        seats = self.seats()
        if len(seats) >= self.choices.max_players:
            self.message = _("At most {count} players.", count=self.choices.max_players)
            return None
        player = player or {}
        c = self.choices
        taken_tokens = {s.token for s in seats}
        taken_colours = {s.colour for s in seats}
        token = player.get("token") or next((t for t in c.tokens if t not in taken_tokens), "")
        colour = player.get("colour") or next(
            (n for n, _rgba in c.colours if n not in taken_colours), ""
        )
        roll_three = player.get("roll_three") or _UNSET
        voucher = player.get("voucher") or ""
        row = SeatRow(
            seat=len(seats) + 1,
            screen=self,
            tokens=[c.token_label(t) for t in c.tokens],
            colours=[c.colour_label(n) for n, _rgba in c.colours],
            roll_threes=list(c.roll_three),
            vouchers=[title for _vid, title in c.vouchers],
            deals=c.deals,
            name_text=player.get("name", ""),
            token=token,
            colour=colour,
            roll_three=roll_three if roll_three in c.roll_three else _UNSET,
            voucher=c.voucher_title(voucher) if voucher else _UNSET,
        )
        # The names shown follow the values (set before the screen was known to the row).
        row.token_text, row.colour_text = c.token_label(token), c.colour_label(colour)
        row.colour_rgba = list(c.colour_rgba(colour))
        self.ids.seats.add_widget(row)
        self._renumber()
        return row

    def remove_seat(self, row: SeatRow) -> None:
        if len(self.seats()) <= self.choices.min_players:
            self.message = _(
                "A game needs at least {count} players.", count=self.choices.min_players
            )
            return
        self.ids.seats.remove_widget(row)
        self._renumber()

    def seats(self) -> list[SeatRow]:
        self._filled("players")
        # GridLayout keeps children newest first.
        return list(reversed([w for w in self.ids.seats.children if isinstance(w, SeatRow)]))

    def _renumber(self) -> None:
        seats = self.seats()
        for i, row in enumerate(seats, 1):
            row.seat = i
            row.removable = len(seats) > self.choices.min_players
        self.seat_count = len(seats)
        self.max_players = self.choices.max_players

    def _fill_rules(self) -> None:
        box = self.ids.rules
        box.clear_widgets()
        for key, _default, title, explanation in self.choices.house_rules:
            row = HouseRuleRow(
                key=key, title=title, explanation=explanation, active=self.rules.get(key, False)
            )
            row.bind(active=self._rule_switched)
            box.add_widget(row)

    def _rule_switched(self, row: HouseRuleRow, active: bool) -> None:
        self.rules[row.key] = bool(active)
        if row.key == "roll_three_action_cards":
            # The deck changes which Roll Three cards exist: the seats' lists follow it.
            self.choices = self._choices(bool(active))
            for seat in self.seats():
                seat.roll_threes = list(self.choices.roll_three)
                if seat.roll_three not in self.choices.roll_three:
                    seat.roll_three = _UNSET

    def _fill_saved(self) -> None:
        box = self.ids.saved
        box.clear_widgets()
        games = self.controller.saved_games()  # the latest first: the one a family resumes
        for game in games:
            players = ", ".join(str(p) for p in game.get("players", ()))
            status = game.get("status", "")
            if status == "over":
                state = _("over, {winner} won", winner=game.get("winner") or "?")
            else:
                state = _("{count} commands", count=game.get("commands", 0))
            problem = game.get("problem")
            box.add_widget(
                SavedGameRow(
                    game_id=int(game["id"]),
                    title=_(
                        "Game {number}, {edition}: {players}",
                        number=game["id"],
                        edition=game.get("edition", ""),
                        players=players,
                    ),
                    detail=problem
                    or _(
                        "last played {when}, {state}",
                        when=str(game.get("last_played", ""))[:16].replace("T", " "),
                        state=state,
                    ),
                    resumable=problem is None,
                    screen=self,
                )
            )
        self.ids.no_saved.opacity = 0 if games else 1

    def on_pre_enter(self, *_args: Any) -> None:
        """Back from Settings before a game: in the language chosen there; shown again for a
        new game, Start starts one again."""
        self.started = False
        if self.controller.lang != self.lang:
            self.choose_language(self.controller.lang)

    # -- the verbs --------------------------------------------------------------------------

    def choose_language(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        self.controller.set_language(lang)
        # The choices carry translated titles: rebuild them, keeping what was typed.
        typed = self._typed()
        self.choices = self._choices(self.rules.get("roll_three_action_cards", False))
        if typed is not None:
            self._seat(typed)
        self.regions = []  # worded again in the new language
        self._fill_editions(self.edition_id, self.region)
        self._when_shown("rules", self._fill_rules)
        self._fill_opening()
        self._when_shown("saved", self._fill_saved)

    def roll_three_refused(self, row: SeatRow, card: str) -> str:
        """Why ``row`` cannot pick the Roll Three card ``card`` (the others already hold the
        deck's copies of it), in the table's words; "" when it can."""
        rule = self.rules.get("roll_three_action_cards", False)
        others = [
            (r.name_text.strip() or str(r.seat), r.roll_three)
            for r in self.seats()
            if r is not row and r.roll_three
        ]
        if self.controller.roll_three_problem(others, rule, played=self.played):
            return ""  # the others clash already (a remembered table): Start says so
        mine = (row.name_text.strip() or str(row.seat), card)
        return self.controller.roll_three_problem([*others, mine], rule, played=self.played)

    def problems(self) -> list[str]:
        """What stops the game starting, as the table would say it (the engine checks again)."""
        seats = self.seats()
        out: list[str] = []
        low, high = self.choices.min_players, self.choices.max_players
        if not low <= len(seats) <= high:
            out.append(_("A game needs {low} to {high} players.", low=low, high=high))
        seen: dict[str, int] = {}
        for row in seats:
            name = row.name_text.strip()
            if not name:
                out.append(_("Player {seat} has no name.", seat=row.seat))
            elif name.casefold() in seen:
                out.append(_("Two players are called {name}.", name=name))
            seen.setdefault(name.casefold(), row.seat)
            if not self.choices.deals:
                continue
            if not row.roll_three:
                out.append(_("Pick {name}'s Roll Three card.", name=name or row.seat))
            if not row.voucher:
                out.append(_("Pick {name}'s Travel Voucher.", name=name or row.seat))
        picks = [(r.name_text.strip() or str(r.seat), r.roll_three) for r in seats if r.roll_three]
        clash = self.controller.roll_three_problem(
            picks, self.rules.get("roll_three_action_cards", False), played=self.played
        )
        if clash:
            out.append(clash)
        tokens = [r.token for r in seats]
        if len(set(tokens)) != len(tokens):
            out.append(_("Two players have the same token."))
        colours = [r.colour for r in seats]
        if len(set(colours)) != len(colours):
            out.append(_("Two players have the same colour."))
        return out

    def start(self) -> bool:
        """A new game of the chosen edition with the seats and house rules; once only, however
        many times Start is touched before the table shows."""
        if self.started:
            return False
        if self.fault:  # never a new game over a game log that cannot take it
            self.message = self.fault_text
            return False
        problems = self.problems()
        if problems:
            self.message = problems[0]
            return False
        players = [row.as_player(self.choices) for row in self.seats()]
        self.started = self._after(
            self.controller.start_game(players, dict(self.rules), edition=self.played)
        )
        return self.started

    def next_step(self) -> None:
        """The bottom button: on the edition pane, on to the players; else Start."""
        if self.pane == "edition":
            self.pane = "players"
        else:
            self.start()

    def resume(self, game_id: int) -> bool:
        return self._after(self.controller.resume(game_id))

    def act(self) -> None:
        """The home pane's second button: Rescue a damaged game log, Try again after another
        fault, else a new game (the players' pane)."""
        if self.fault == "damaged":
            self.rescue()
        elif self.fault:
            self.try_again()
        else:
            self.pane = "edition"

    def rescue(self) -> bool:
        """The home pane's Rescue: what can be read of a damaged game log, into its place."""
        rescued = self.controller.rescue()
        self._fill_opening()
        self._when_shown("saved", self._fill_saved)
        self.message = self.controller.view.notice
        return rescued

    def try_again(self) -> None:
        """The home pane's Try again: the game log is looked at again (the other program
        closed, the card made writable, space freed)."""
        self.controller.opening(again=True)
        self._fill_opening()
        self._when_shown("saved", self._fill_saved)
        self.message = ""
        if not self.fault and not self.resume_id:
            self.pane = "edition"

    def load_situation(self, path: str) -> bool:
        """Start from a table situation file (docs/situation.md)."""
        file = Path(path.strip()).expanduser()
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as err:
            self.message = _("Cannot read {path}: {reason}", path=str(file), reason=err.strerror)
            return False
        return self._after(self.controller.start_from_situation(text))

    def _after(self, started: bool) -> bool:
        """The controller took the game (it goes to the table), or its notice says why not."""
        self.message = "" if started else self.controller.view.notice
        return started


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
