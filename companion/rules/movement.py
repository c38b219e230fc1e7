"""The movement resolver: where a token goes, step by step, and why.

Every resolution returns the whole path (each space entered, each transit ride, tunnel and
direct move with its reason), the salaries earned at pay corners, the stops where the rules act
and what the player must or may do next. Nothing here changes its inputs.

A resolution explains itself: a headline (``Resolution.code`` and ``params``, and its English,
``summary``) and notes (:class:`Note`), one for each ride, direct move, salary and action and a
few more (why Mr. Monopoly goes where he goes...): each a message code (:data:`NOTE_CODES`) with
its parameters for front ends to word in the table's language (the catalogues' entry
``referee.<code>``, rendered by ``companion.messages.render``: ``ui/explain.py``), and its
English for the referee's English users (``Resolution.explanation``). A quiet resolution (the
engine's) makes no English and no notes.

Rule ids (``M2``, ``P8``...) refer to ``docs/rulings.md``.

>>> from companion.editions import edition
>>> from companion.rules.situation import Situation
>>> board = edition("ultimate").board
>>> start = board.space("States Avenue")
>>> r = resolve_roll(board, Situation.fresh(start), Roll(1, 2, 1))
>>> [s.name for s in r.path]
['Virginia Avenue', 'Pennsylvania Railroad', 'Fifth Avenue', 'Madison Avenue']

Why one file of about 1,900 lines: every resolver here (dice rolls, bonus moves, jail, triples,
routes, Subway, taxis, cards, vouchers) drives one private builder, ``_Turn``, that walks the
token step by step and records the path, the salaries and the stops the same way for each. Split
along the resolvers, the builder and its policies would become a public API for three modules to
reach into; the sections below keep the resolvers apart instead. What landing on each kind of
space asks is each space rule's (``companion/editions/rules/``): it reaches the builder only
through :class:`Landing`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from companion.editions import Dice, Edition
from companion.errors import BadRollError, IllegalMoveError, shown
from companion.frozen import fast_init, replace
from companion.rules.board import Board, Salary, Space
from companion.rules.cards import Card, Voucher
from companion.rules.rent import is_rent_owed, rent_owed
from companion.rules.situation import Holding, Player, Situation
from companion.rules.spacekinds import landing_of, rule_notes

Speed = int | Literal["mr", "bus"]


@fast_init
@dataclass(frozen=True, slots=True)
class Roll:
    """Two regular dice and the speed die (``None`` when it is not rolled, as in jail)."""

    d1: int
    d2: int
    speed: Speed | None = None

    def __post_init__(self) -> None:
        for die in (self.d1, self.d2):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise BadRollError(f"a regular die shows 1 to 6, not {die!r}")
        # The faces of a speed die of any edition; the edition's own are checked by
        # :func:`check_speed` where the game is known.
        speed = self.speed
        if speed is not None and not (
            (type(speed) is int and 1 <= speed <= 6) or speed in ("mr", "bus")
        ):
            raise BadRollError(f"the speed die shows a number, mr or bus, not {speed!r}")

    @classmethod
    def parse(cls, values: Sequence[str], edition_dice: Dice) -> Roll:
        """Read ``D1 D2 [S]`` as typed at the table, e.g. ``["3", "4", "mr"]``, the speed die
        one of the faces of the edition's dice."""
        if len(values) not in (2, 3):
            raise BadRollError(
                f"--roll takes two regular dice and the speed die (e.g. 3 4 mr), got {' '.join(values)!r}"
            )
        dice = []
        for v in values[:2]:
            digits = v.strip()
            # The length first: int() refuses texts of more than 4,300 digits with a ValueError.
            if not (len(digits) <= 2 and digits.isascii() and digits.isdigit()) or not (
                1 <= int(digits) <= 6
            ):
                raise BadRollError(f"a regular die shows 1 to 6, not {v!r}")
            dice.append(int(v))
        speed: Speed | None = None
        if len(values) == 3:
            face = values[2].strip().lower()
            face = {"m": "mr", "mrmonopoly": "mr", "mr.": "mr", "b": "bus"}.get(face, face)
            # A face of a die the edition lacks is the resolver's to refuse, naming the edition.
            if edition_dice.has_speed_die and face not in edition_dice.speed_faces:
                words = edition_dice.speed_words
                raise BadRollError(f"the speed die shows {words}, not {values[2]!r}")
            speed = int(face) if face.isdigit() else face  # type: ignore[assignment]
        return cls(dice[0], dice[1], speed)

    def to_json(self) -> list[int | str | None]:
        """``[d1, d2, speed]`` as logs and tasks hold a roll (``speed`` ``None`` when not rolled).

        >>> Roll(3, 4, "mr").to_json(), Roll.from_json([5, 5, None])
        ([3, 4, 'mr'], Roll(d1=5, d2=5, speed=None))
        """
        return [self.d1, self.d2, self.speed]

    def to_dice(self) -> list[int | str]:
        """The roll as a command's ``dice`` holds it in the log: the speed die left out when it
        is not rolled.

        >>> Roll(3, 4, "mr").to_dice(), Roll(3, 4, 2).to_dice(), Roll(5, 5).to_dice()
        ([3, 4, 'mr'], [3, 4, 2], [5, 5])
        """
        speed = self.speed
        return [self.d1, self.d2] if speed is None else [self.d1, self.d2, speed]

    @classmethod
    def from_json(cls, values: Sequence[Any]) -> Roll:
        """The roll :meth:`to_json` gives (the speed die may be left out); raises
        :class:`BadRollError` for values no die shows."""
        if not isinstance(values, (list, tuple)) or len(values) not in (2, 3):
            raise BadRollError(f"a roll is [d1, d2, speed], not {shown(values)}")
        return cls(values[0], values[1], values[2] if len(values) == 3 else None)

    @property
    def is_doubles(self) -> bool:
        """M5: doubles are judged on the two regular dice."""
        return self.d1 == self.d2

    @property
    def is_triples(self) -> bool:
        return self.d1 == self.d2 == self.speed

    @property
    def spaces(self) -> int:
        """M1: all three dice when the speed die shows pips, else the two regular dice."""
        return self.d1 + self.d2 + (self.speed if isinstance(self.speed, int) else 0)

    @property
    def regular(self) -> int:
        return self.d1 + self.d2

    def __str__(self) -> str:
        speed = "" if self.speed is None else f" and {_SPEED_NAMES.get(self.speed, self.speed)}"
        return f"{self.d1}+{self.d2}{speed}"


_SPEED_NAMES: dict[Speed, str] = {"mr": "Mr. Monopoly", "bus": "the Bus"}


def check_speed(dice: Dice, roll: Roll) -> None:
    """Raise :class:`BadRollError` if ``roll``'s speed die shows a face the edition's speed die
    does not have (its ``dice``).

    >>> from companion.editions import edition
    >>> check_speed(edition("ultimate").dice, Roll(1, 2, 4))
    Traceback (most recent call last):
    ...
    companion.errors.BadRollError: the speed die shows 1, 2, 3, mr or bus, not 4
    """
    if roll.speed is not None and dice.has_speed_die and str(roll.speed) not in dice.speed_faces:
        raise BadRollError(f"the speed die shows {dice.speed_words}, not {roll.speed!r}")


@fast_init
@dataclass(frozen=True, slots=True)
class Step:
    """One thing that happened to the token, by its ``kind``: ``walk`` (entered the next space
    ahead) or ``back`` (the space behind), ``ride`` (a transit station carried it to the linked
    track), ``tunnel`` (the Holland Tunnel), ``subway`` (a Subway ride), ``taxi`` (a taxi ride),
    ``direct`` (moved straight to a space: a card, triples without salaries) or ``jail``."""

    kind: str
    space: Space
    text: str
    rule: str


@fast_init
@dataclass(frozen=True, slots=True)
class SalaryPaid:
    corner: Space
    amount: int
    landed: bool
    rule: str


@fast_init
@dataclass(frozen=True, slots=True)
class Action:
    """Something the player must or may do (a follow-up), e.g. ``buy_or_auction``."""

    kind: str
    text: str
    space: Space | None = None
    amount: int | None = None
    payee: str | None = None
    choices: tuple[Space, ...] = ()
    #: Rent still to roll for (a utility): the multiplier of the dice total.
    times: int | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Stop:
    """A space where the token stops and the rules act, with what they ask."""

    space: Space
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Note:
    """One line of a move's explanation after its headline, as a message: its ``code`` (one of
    :data:`NOTE_CODES`), its ``params`` (JSON primitives: spaces by key, tracks, amounts,
    counts, card and voucher ids, player names, a reason code, flags for a choice of words), the
    step, salary or action it tells of (``item``) when there is one, and its ``text`` in English.

    >>> from companion.editions import edition
    >>> from companion.rules.situation import Situation
    >>> board = edition("ultimate").board
    >>> r = resolve_roll(board, Situation.fresh(board.space("States Avenue")), Roll(1, 2, 1))
    >>> note = r.notes[0]
    >>> note.code, dict(note.params), note.item is r.steps[2]
    ('step.ride', {'space': 'inner:9', 'track': 'inner', 'reason': 'even_move', 'count': 4}, True)
    >>> note.text == r.explanation[1] == r.steps[2].text
    True
    >>> [n.code for n in r.notes[1:]]
    ['action.buy_or_auction', 'action.end_turn']
    """

    code: str
    params: Mapping[str, Any]
    text: str
    item: Step | SalaryPaid | Action | None = None


def _note_maker() -> Callable[
    [str, Mapping[str, Any], str, Step | SalaryPaid | Action | None], Note
]:
    """``Note(code, params, text, item)`` that sets its slots directly: a frozen dataclass's
    ``__init__`` costs twice as much, and the engine resolves cards, vouchers, taxis and Subway
    rides with their notes (a note each ride, salary and action)."""
    new = object.__new__
    code, params, text, item = (getattr(Note, name).__set__ for name in Note.__slots__)

    def note(c: str, p: Mapping[str, Any], t: str, i: Step | SalaryPaid | Action | None) -> Note:
        made = new(Note)
        code(made, c)
        params(made, p)
        text(made, t)
        item(made, i)
        return made

    return note


_note = _note_maker()


@fast_init
@dataclass(frozen=True, slots=True)
class Resolution:
    player: str
    start: Space
    steps: tuple[Step, ...]
    stops: tuple[Stop, ...]
    salaries: tuple[SalaryPaid, ...]
    follow_up: tuple[Action, ...]
    #: The headline in English (empty for a quiet resolution): as a message, :attr:`code`.
    summary: str
    #: What the move did and asks, one note each, in order (none for a quiet resolution).
    notes: tuple[Note, ...]
    #: Where the token ends after every forced move.
    landing: Space
    in_jail: bool
    #: The player's state after the move (pending Reverse Direction, Subway, Transit Token...).
    after: Player
    #: The headline (:attr:`summary`) as a message code and its parameters (JSON primitives:
    #: ``roll`` as ``[d1, d2, speed]``, spaces by key, card and voucher ids), which
    #: ``companion.messages`` words in the table's language.
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> tuple[Space, ...]:
        """Every space entered, in order (a transit ride enters no new space)."""
        return tuple(s.space for s in self.steps if s.kind != "ride")

    @property
    def explanation(self) -> tuple[str, ...]:
        """The headline and each note's text, in English (empty for a quiet resolution)."""
        if not self.summary:
            return ()
        return (self.summary, *(note.text for note in self.notes))


# -- How pay corners pay (M8) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pay:
    """Which salary a pay corner pays for this kind of move."""

    kind: Literal["roll", "highest", "card"]
    even: bool = False

    @property
    def rule(self) -> str:
        return "M8" if self.kind == "roll" else "R3"

    def passing(self, salary: Salary) -> int:
        if self.kind == "roll":
            return salary.pass_even if self.even else salary.pass_odd
        # Cards pay the ordinary passing salary ("if you pass Pay Day collect $300").
        return salary.highest if self.kind == "highest" else salary.pass_odd

    def landing(self, salary: Salary) -> int:
        if self.kind == "roll":
            return salary.land_even if self.even else salary.land_odd
        return salary.highest


HIGHEST = Pay("highest")
CARD = Pay("card")

RidePolicy = Callable[[Space], bool]


def _always(_: Space) -> bool:
    return True


def _never(_: Space) -> bool:
    return False


def _by_parity(count: int) -> RidePolicy:
    """M2: an even move rides every transit station it passes, an odd one stays on its track."""
    return _always if count % 2 == 0 else _never


def _walk_table(
    board: Board, start: Space, count: int, direction: int, ride_all: bool, rule: str
) -> tuple[tuple[Step, ...], tuple[tuple[Space, bool], ...], Space]:
    """What :meth:`_Turn.walk` does quietly for a ride policy of every station or none: the
    steps (each a ride, then the next space), the pay corners that pay (landed on, or passed
    going ahead) and the space it ends on. Worked out once per start, count, direction, policy
    and rule, in the board's memo: a move is the same every time the board is."""
    walks = board.memo("walks", limit=65536)
    key = (start.key, count, direction, ride_all, rule)
    cached: tuple[tuple[Step, ...], tuple[tuple[Space, bool], ...], Space] | None = walks.get(key)
    if cached is not None:
        return cached
    kind = "walk" if direction > 0 else "back"
    steps: list[Step] = []
    corners: list[tuple[Space, bool]] = []
    pos = start
    for i in range(count):
        twin = board.twin(pos)
        if twin is not None and ride_all:
            steps.append(Step("ride", twin, "", "M2"))
            pos = twin
        pos = board.step(pos, direction)
        steps.append(Step(kind, pos, "", rule))
        landed = i == count - 1
        if pos.salary is not None and (landed or direction > 0):
            corners.append((pos, landed))
    cached = walks[key] = (tuple(steps), tuple(corners), pos)
    return cached


# -- Notes: the explanation as messages -----------------------------------------------------

#: Why the token rides a transit station or moves directly: a reason (a key of
#: :data:`REASONS`) and what it names: a count of spaces, the card or voucher, or nothing.
Why = tuple[str, "int | Card | Voucher | None"]

#: Each reason in English; the parameter a note gets with it: ``count`` (shown after the words
#: when there is one), ``card`` or ``voucher`` (an id; ``{title}`` is its English title).
REASONS: Mapping[str, str] = MappingProxyType(
    {
        "even_move": "Even move",
        "odd_move": "Odd move",
        "even_move_back": "Even move back",
        "odd_move_back": "Odd move back",
        "even_regular_dice": "Even regular dice",
        "odd_regular_dice": "Odd regular dice",
        "chose_change_track": "You chose to change track",
        "triples_route": "Triples route",
        "subway_ride": "Subway ride",
        "bonus_subway": "Your bonus move becomes the Subway ride",
        "go_to_jail": "You landed on Go To Jail",
        "third_doubles": "Third doubles this turn",
        "card": "{title}",
        "card_holds_stock": "{title} (you hold stock)",
        "card_owns_no_property": "{title} (you own no property)",
        "voucher": "{title}",
    }
)


def _reason(why: Why) -> tuple[str, dict[str, Any]]:
    """A reason's English and its parameters (for a loud resolution only)."""
    code, what = why
    words = REASONS[code]
    if isinstance(what, int):
        return f"{words} ({what})", {"reason": code, "count": what}
    if isinstance(what, Card):
        return words.format(title=what.title), {"reason": code, "card": what.id}
    if isinstance(what, Voucher):
        return words.format(title=what.title), {"reason": code, "voucher": what.id}
    return words, {"reason": code}


_STEP = frozenset({"space", "track", "reason", "count", "card", "voucher"})
#: The parameters of an action's note: the action's own fields.
ACTION_PARAMS = frozenset({"space", "amount", "payee", "times"})

#: Every code a :class:`Note` has, with the parameters it may have. ``step.*`` tells of a
#: :class:`Step` (its ``space`` and ``track``, and the reason: ``reason`` with its ``count``,
#: ``card`` or ``voucher``), ``salary.*`` of a :class:`SalaryPaid`, ``action.*`` of an
#: :class:`Action` (``action.<kind>``, then the sentence's variant: ``space``, ``amount``,
#: ``payee`` and ``times`` are the action's); the others tell of no item. A flag (``even``,
#: ``ride``, ``backwards``, ``double``, ``taxi``) or a word (``goal``: ``unowned`` or ``rent``; a
#: card's ``condition``) chooses between words of one sentence; ``doubles`` counts this turn's.
#: The space rules' actions make their own notes (:func:`companion.rules.spacekinds.landing`).
_OWN_NOTE_CODES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        # Steps: a ride, the tunnel, a taxi, the Subway, jail, a direct move (walks have none).
        "step.ride": _STEP,
        "step.tunnel": _STEP,
        "step.taxi": _STEP,
        "step.subway": _STEP,
        "step.jail": _STEP,
        "step.direct": _STEP,
        "step.direct_lane": _STEP,
        "step.triples_route": _STEP,
        "step.triples_direct": _STEP,
        # Salaries: amount, space (the pay corner).
        "salary.landing": frozenset({"space", "amount"}),
        "salary.passing": frozenset({"space", "amount"}),
        # Actions, by Action.kind (the space rules' are theirs: companion.rules.spacekinds).
        "action.in_jail": ACTION_PARAMS,
        "action.draw_travel_voucher": ACTION_PARAMS,
        "action.draw_travel_voucher.station": ACTION_PARAMS,
        "action.draw_travel_voucher.bus": ACTION_PARAMS,
        "action.no_travel_voucher": ACTION_PARAMS,
        "action.buy_or_auction": ACTION_PARAMS,
        "action.no_rent": ACTION_PARAMS | {"taxi"},
        "action.own_property": ACTION_PARAMS,
        "action.mortgaged": ACTION_PARAMS,
        "action.pay_rent": ACTION_PARAMS | {"double"},
        "action.pay_rent.roll": ACTION_PARAMS,
        "action.taxi_ride": ACTION_PARAMS,
        "action.pay_taxi_fare": ACTION_PARAMS,
        # ``speed``: the edition's dice have a speed die, which leaving jail first lets roll.
        "action.pay_bail": ACTION_PARAMS | {"speed"},
        "action.pay_bail.third": ACTION_PARAMS,
        "action.use_jail_card": ACTION_PARAMS | {"speed"},
        "action.voucher_expires": ACTION_PARAMS,
        "action.choose_any_space.triples": ACTION_PARAMS,
        "action.choose_any_space.bonus": ACTION_PARAMS,
        "action.choose_any_space.doubles": ACTION_PARAMS,
        "action.roll_again": ACTION_PARAMS | {"doubles"},
        "action.end_turn": ACTION_PARAMS,
        "action.end_turn.jail": ACTION_PARAMS,
        "action.end_turn.triples": ACTION_PARAMS,
        "action.continue_turn": ACTION_PARAMS,
        "action.continue_turn.taxi": ACTION_PARAMS,
        "action.bus_option": ACTION_PARAMS | {"track"},
        "action.if_unsold": ACTION_PARAMS,
        "action.transit_token": ACTION_PARAMS,
        "action.expire_vouchers": ACTION_PARAMS,
        "action.card_effect": ACTION_PARAMS | {"card"},
        "action.nothing": ACTION_PARAMS,
        "action.take_property": ACTION_PARAMS,
        "action.all_players_move": ACTION_PARAMS,
        # Notes of no single item.
        "walk.back_past_corner": frozenset({"space"}),
        "transit_token.leave": frozenset(),
        "bus.missed_no_voucher": frozenset(),
        "bus.no_vouchers": frozenset(),
        "bus.move": frozenset(),
        "mr_monopoly.stay": frozenset({"goal"}),
        "mr_monopoly.reverse": frozenset(),
        "mr_monopoly.bonus": frozenset({"goal", "backwards", "ride", "count"}),
        "mr_monopoly.last_stay": frozenset({"space"}),
        "mr_monopoly.last_move": frozenset({"space", "to", "backwards", "ride", "count"}),
        "mr_monopoly.rent_if_won": frozenset({"space", "to", "player", "amount"}),
        "card.already_there": frozenset({"card", "space"}),
        "card.none_left": frozenset({"card"}),
        "card.jail_if_stay": frozenset({"card", "condition"}),
        "card.lap": frozenset({"card", "track", "space"}),
        "card.lane_edge": frozenset({"card", "track"}),
        "voucher.other_track": frozenset({"ride", "space", "track"}),
    }
)


class _NoteCodes(Mapping[str, frozenset[str]]):
    """The resolver's own note codes, then the space rules' (loaded on first use)."""

    def __getitem__(self, code: str) -> frozenset[str]:
        own = _OWN_NOTE_CODES.get(code)
        return own if own is not None else rule_notes()[code]

    def __iter__(self) -> Iterator[str]:
        yield from _OWN_NOTE_CODES
        yield from rule_notes()

    def __len__(self) -> int:
        return len(_OWN_NOTE_CODES) + len(rule_notes())


NOTE_CODES: Mapping[str, frozenset[str]] = _NoteCodes()

#: The English of each step's note (``{why}``: its reason; ``{name}``, ``{track}``: its space).
_STEP_TEXTS: Mapping[str, str] = MappingProxyType(
    {
        "step.ride": "{why}: you ride the {name} transit station onto the {track} track.",
        "step.tunnel": "Through the Holland Tunnel to the {track} track (no salary).",
        "step.taxi": "Taxi ride: go directly to {name} ({track} track); no rent there.",
        "step.subway": "{why}: go directly to {name} ({track} track), no salary on the way.",
        "step.jail": "{why}: go directly to jail.",
        "step.direct": "{why}: move directly to {name}.",
        "step.direct_lane": "{why}: move directly to {name} on the {track} track.",
        "step.triples_route": "Triples route: move to {name}.",
        "step.triples_direct": (
            "Triples: move directly to {name} (house rule: no salaries on the way)."
        ),
    }
)


# -- The builder ----------------------------------------------------------------------------


def _mute(action: Action) -> Action:
    """``action`` without its text (a quiet resolution's)."""
    return replace(action, text="") if action.text else action


@dataclass
class _Turn:
    """Accumulates one resolution; internal and short-lived, never shared."""

    board: Board
    situation: Situation
    player: Player
    dice_total: int | None = None
    #: Cards that double the rent due where they send you.
    rent_factor: int = 1
    #: Cards that make an owned utility charge this many times two dice rolled now.
    utility_times: int | None = None
    pos: Space = field(init=False)
    start: Space = field(init=False)
    steps: list[Step] = field(default_factory=list)
    stops: list[Stop] = field(default_factory=list)
    salaries: list[SalaryPaid] = field(default_factory=list)
    follow: list[Action] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    in_jail: bool = False
    vouchers_left: int = 0
    #: The player's choice of a space (``to``) was used.
    chose: bool = False
    #: The landing depends on this property being bought or sold at auction (R16).
    if_sold: Space | None = None
    #: No texts: every step's and action's text is left empty and no note is kept (the
    #: engine records the structure and message codes, never these English sentences).
    quiet: bool = False

    def __post_init__(self) -> None:
        self.pos = self.start = self.player.position
        self.in_jail = self.player.in_jail
        self.vouchers_left = self.situation.vouchers_left

    def money(self, amount: int) -> str:
        """An amount in the English sentences, in the edition's money (E8: £400 in London)."""
        return self.situation.edition.money.written(amount, grouped=False)

    # Notes (a loud resolution's only: quiet ones make none)

    def note(
        self, code: str, text: str, item: Step | SalaryPaid | Action | None = None, **params: Any
    ) -> None:
        """A line of the explanation: its message ``code`` and ``params``, and its English
        (none when quiet)."""
        if not self.quiet:
            self.notes.append(_note(code, params, text, item))

    def step_note(self, kind: str, to: Space, rule: str, code: str, why: Why | None) -> None:
        """A step that makes a note (``code``, worded by :data:`_STEP_TEXTS`)."""
        words, params = _reason(why) if why is not None else ("", {})
        text = _STEP_TEXTS[code].format(why=words, name=to.name, track=to.track)
        step = Step(kind, to, text, rule)
        self.steps.append(step)
        self.notes.append(_note(code, {"space": to.key, "track": to.track, **params}, text, step))

    def action_note(self, action: Action, variant: str = "", **params: Any) -> None:
        """The note of an action: ``action.<kind>`` and the ``variant`` of its sentence, with
        the action's fields and what else its sentence names."""
        a = action
        if a.space is not None:
            params["space"] = a.space.key
            if a.kind == "bus_option":
                params["track"] = a.space.track
        if a.amount is not None:
            params["amount"] = a.amount
        if a.payee is not None:
            params["payee"] = a.payee
        if a.times is not None:
            params["times"] = a.times
        if a.kind == "roll_again":
            params["doubles"] = self.situation.doubles_this_turn + 1
        self.notes.append(_note(f"action.{a.kind}{variant}", params, a.text, a))

    # Movement primitives

    def ride_if(self, ride: RidePolicy, rule: str, why: Why) -> None:
        twin = self.board.twin(self.pos)
        if twin is not None and ride(self.pos):
            if self.quiet:
                self.steps.append(Step("ride", twin, "", rule))
            else:
                self.step_note("ride", twin, rule, "step.ride", why)
            self.pos = twin

    def walk(
        self,
        count: int,
        direction: int,
        ride: RidePolicy,
        pay: Pay,
        *,
        rule: str,
        why: Why,
    ) -> None:
        """Move ``count`` spaces, riding stations where ``ride`` says (for the reason ``why``),
        paying pay corners."""
        quiet = self.quiet
        if quiet and (ride is _always or ride is _never):
            # A roll's walk crosses no choice: its steps and pay corners come from a table.
            steps, corners, self.pos = _walk_table(
                self.board, self.pos, count, direction, ride is _always, rule
            )
            self.steps.extend(steps)
            for corner, landed in corners:
                salary = corner.salary
                assert salary is not None
                amount = pay.landing(salary) if landed else pay.passing(salary)
                self.salaries.append(SalaryPaid(corner, amount, landed, pay.rule))
            return
        kind = "walk" if direction > 0 else "back"
        for i in range(count):
            self.ride_if(ride, "M2", why)
            self.pos = self.board.step(self.pos, direction)
            landed = i == count - 1
            self.steps.append(
                Step(kind, self.pos, "" if quiet else f"{i + 1}: {self.pos.name}", rule)
            )
            if self.pos.salary is not None:
                if landed:
                    self.earn(pay.landing(self.pos.salary), landed=True, rule=pay.rule)
                elif direction > 0:
                    self.earn(pay.passing(self.pos.salary), landed=False, rule=pay.rule)
                elif not quiet:
                    self.note(
                        "walk.back_past_corner",
                        f"Moving backwards past {self.pos.name} pays nothing (M8).",
                        space=self.pos.key,
                    )

    def orbit(self, direction: int, ride: RidePolicy) -> Iterator[tuple[int, Space]]:
        """The spaces ahead (or behind) one by one with their distance, until the walk comes
        back round to where it began (R5: both spaces of a transit station are one)."""
        pos = self.pos
        for n in range(1, 2 * len(self.board.spaces) + 1):
            twin = self.board.twin(pos)
            if twin is not None and ride(pos):
                pos = twin
            pos = self.board.step(pos, direction)
            if self.board.same_place(pos, self.pos):
                return
            yield n, pos

    def find(
        self, target: Callable[[Space], bool], direction: int, ride: RidePolicy
    ) -> tuple[int, Space] | None:
        """The first space matching ``target`` and its distance, or ``None`` if there is none
        before coming back round."""
        return next(((n, pos) for n, pos in self.orbit(direction, ride) if target(pos)), None)

    def distance(
        self, target: Callable[[Space], bool], direction: int, ride: RidePolicy
    ) -> int | None:
        found = self.find(target, direction, ride)
        return None if found is None else found[0]

    def then(self, action: Action, variant: str = "", **params: Any) -> None:
        """A follow-up that comes after the stops (roll again, a choice to make...); its note's
        code is ``action.<kind>`` and the ``variant`` of its sentence, with ``params``."""
        if self.quiet:
            action = _mute(action)
        else:
            self.action_note(action, variant, **params)
        self.follow.append(action)

    def stop(
        self,
        actions: Sequence[Action],
        how: str = "roll",
        said: Sequence[tuple[str, Mapping[str, Any]]] = (),
    ) -> None:
        """The token stops here and the rules act (it arrived ``how``, as :meth:`land` says);
        ``said``: the variant and the parameters of each action's note, when a space rule gave
        them (:class:`Landing`)."""
        if self.quiet:
            actions = [_mute(a) for a in actions]
        elif said:
            for a, (variant, params) in zip(actions, said, strict=True):
                self.action_note(a, variant, **params)
        else:
            for a in actions:
                self.stop_note(a, how)
        self.stops.append(Stop(self.pos, tuple(actions)))
        self.follow.extend(actions)

    def stop_note(self, a: Action, how: str) -> None:
        """The note of an action at a stop: the variant of its sentence is what the stop's
        actions were made from (:meth:`land`, :meth:`property_actions`)."""
        kind = a.kind
        if kind == "pay_rent":
            if a.times is not None:
                self.action_note(a, ".roll")
            else:
                self.action_note(a, double=self.rent_factor != 1)
        elif kind == "no_rent":
            self.action_note(a, taxi=how == "taxi")
        elif (
            kind == "draw_travel_voucher" and a.space is not None and self.board.is_station(a.space)
        ):
            self.action_note(a, ".station")
        else:
            self.action_note(a)

    def earn(self, amount: int, *, landed: bool, rule: str) -> None:
        paid = SalaryPaid(self.pos, amount, landed, rule)
        self.salaries.append(paid)
        if not self.quiet:
            if landed:
                code, text = (
                    "salary.landing",
                    f"Collect {self.money(amount)} for landing on {self.pos.name}.",
                )
            else:
                code, text = (
                    "salary.passing",
                    f"Collect {self.money(amount)} for passing {self.pos.name}.",
                )
            self.notes.append(_note(code, {"space": self.pos.key, "amount": amount}, text, paid))

    def jump(
        self, to: Space, rule: str, code: str, why: Why | None = None, *, kind: str = "direct"
    ) -> None:
        """A direct move (``kind``: ``direct``, ``subway``, ``taxi``, ``tunnel`` or ``jail``),
        told by the note ``code`` (a ``step.*``) for the reason ``why``: no pay corner is
        passed; arriving on one pays its highest salary (not through the tunnel or to jail)."""
        self.pos = to
        if self.quiet:
            self.steps.append(Step(kind, to, "", rule))
        else:
            self.step_note(kind, to, rule, code, why)
        if kind not in ("tunnel", "jail") and to.salary is not None:
            self.earn(to.salary.highest, landed=True, rule="M8")

    def to_jail(self, why: Why, rule: str) -> None:
        self.jump(self.board.jail, rule, "step.jail", why, kind="jail")
        self.in_jail = True
        self.stop([Action("in_jail", "You are in jail; your turn is over.", self.pos)])

    # Obeying the space

    def land(self, how: str = "roll", *, parity_even: bool = False) -> None:
        """Apply the rules of the space the token stands on (one stop, plus forced moves): a
        property's own, or its kind's space rule (:mod:`companion.rules.spacekinds`)."""
        space = self.pos
        if space.is_property:
            self.stop(self.property_actions(space, how), how)
            return
        hook = landing_of(space.kind, self.situation.edition)
        if hook is None:
            self.stop((), how)
            return
        landed = Landing(self, space, how, parity_even)
        hook(landed)
        self.stop(landed.actions, how, landed.said)
        if landed.forced is not None:
            landed.forced()

    def property_actions(self, space: Space, how: str) -> list[Action]:
        holding = self.situation.holdings.get(space.name)
        actions = []
        loud = not self.quiet
        if holding is None:
            actions.append(
                Action(
                    "buy_or_auction",
                    f"{space.name} is for sale: buy it for {self.money(space.price)} or the Banker auctions it."
                    if loud
                    else "",
                    space,
                    space.price,
                )
            )
        elif how in ("taxi", "token"):
            actions.append(
                Action(
                    "no_rent",
                    f"No rent on {space.name}: you arrived by {'taxi' if how == 'taxi' else 'Transit Token'}."
                    if loud
                    else "",
                    space,
                )
            )
        elif holding.owner == self.player.name:
            text = f"You own {space.name}: nothing to pay." if loud else ""
            actions.append(Action("own_property", text, space))
        elif holding.mortgaged:
            text = f"{space.name} is mortgaged: no rent." if loud else ""
            actions.append(Action("mortgaged", text, space))
        elif space.kind == "utility" and (self.dice_total is None or self.utility_times):
            count = sum(
                1
                for n in self.board.properties_of_kind("utility")
                if self.situation.owner(n) == holding.owner
            )
            times = self.utility_times or self.board.utility_multipliers[count - 1]
            actions.append(
                Action(
                    "pay_rent",
                    f"Roll two dice and pay {holding.owner} {times} times the total for {space.name}."
                    if loud
                    else "",
                    space,
                    None,
                    holding.owner,
                    times=times,
                )
            )
        else:
            amount = rent_owed(
                self.board, self.situation, space, self.player.name, dice_total=self.dice_total or 0
            )
            amount *= self.rent_factor
            why = "" if self.rent_factor == 1 else " (double rent)"
            actions.append(
                Action(
                    "pay_rent",
                    f"Pay {holding.owner} {self.money(amount)} rent for {space.name}{why}."
                    if loud
                    else "",
                    space,
                    amount,
                    holding.owner,
                )
            )
        if space.kind == "cab_company" and holding is not None and how != "taxi":
            fare, payee = taxi_fare(self.situation.edition, holding.owner, self.player.name)
            actions.append(
                Action(
                    "taxi_ride",
                    f"You may also pay {self.money(fare)} to {'the Pool' if payee == 'Pool' else payee} for a taxi ride to Free Parking, another cab company or any transit station."
                    if loud
                    else "",
                    space,
                    fare,
                    payee,
                    taxi_destinations(self.board, space),
                )
            )
        if self.board.is_station(space) and how not in ("taxi", "token"):
            actions.append(
                self.voucher_draw(
                    space, "You landed exactly on a transit station: draw a Travel Voucher."
                )
            )
        return actions

    def voucher_draw(self, space: Space, text: str) -> Action:
        if not self.vouchers_left:
            return Action("no_travel_voucher", "No Travel Vouchers are left to draw.", space)
        self.vouchers_left -= 1
        return Action("draw_travel_voucher", text, space)

    def tunnel(self, exit_: Space) -> None:
        self.jump(exit_, "M7", "step.tunnel", kind="tunnel")
        self.land("tunnel")

    # Result

    def result(self, headline: str, code: str, **params: Any) -> Resolution:
        """The resolution; ``headline`` in English for the referee, and as message ``code``."""
        # The fields in their order, not by keyword: matching 13 keywords costs the engine's
        # quiet rolls a quarter of the construction.
        return Resolution(
            self.player.name,
            self.start,
            tuple(self.steps),
            tuple(self.stops),
            tuple(self.salaries),
            tuple(self.follow),
            "" if self.quiet else headline,  # summary
            () if self.quiet else tuple(self.notes),
            self.pos,  # landing
            self.in_jail,
            replace(self.player, position=self.pos, in_jail=self.in_jail),  # after
            code,
            {k: v for k, v in params.items() if v is not None},
        )


class Landing:
    """A token stopped on a space whose kind a space rule handles: what the rule reads (the
    board, the table situation, the space, how the token arrived) and how it answers: the
    actions the stop asks (:meth:`action`, :meth:`draw_voucher`), marks on the player for their
    next move (:meth:`mark`) and one forced move after the stop (:meth:`then_tunnel`,
    :meth:`then_jail`, or the rule's own: :meth:`then`)."""

    __slots__ = ("_turn", "space", "how", "parity_even", "actions", "said", "forced")

    def __init__(self, turn: _Turn, space: Space, how: str, parity_even: bool) -> None:
        self._turn = turn
        self.space = space
        #: How the token arrived: ``roll``, ``tunnel``, ``taxi``, ``token``...
        self.how = how
        #: The move that ended here was even (an Auction's move ahead follows its parity).
        self.parity_even = parity_even
        self.actions: list[Action] = []
        #: Each action's note: the variant of its sentence and what else it names.
        self.said: list[tuple[str, Mapping[str, Any]]] = []
        self.forced: Callable[[], None] | None = None

    @property
    def board(self) -> Board:
        return self._turn.board

    @property
    def situation(self) -> Situation:
        return self._turn.situation

    @property
    def vouchers_left(self) -> int:
        """Travel Vouchers left to draw, after the draws this move already asked for."""
        return self._turn.vouchers_left

    def action(
        self,
        kind: str,
        text: str,
        amount: int | None = None,
        payee: str | None = None,
        *,
        variant: str = "",
        **params: Any,
    ) -> None:
        """The stop asks an action of ``kind`` (its note: ``action.<kind><variant>``, with the
        action's fields and ``params``); ``text``: its English for the referee."""
        self.actions.append(Action(kind, text, self.space, amount, payee))
        self.said.append((variant, params))

    def draw_voucher(self, text: str) -> None:
        """The stop asks for a Travel Voucher to be drawn, if any is left."""
        self.actions.append(self._turn.voucher_draw(self.space, text))
        self.said.append(("", {}))

    def mark(self, **flags: bool) -> None:
        """Set flags of the player's next move (``reverse_direction``, ``subway``)."""
        turn = self._turn
        turn.player = replace(turn.player, **flags)

    def then_tunnel(self, exit_: Space) -> None:
        """M7: after the stop, go through the Holland Tunnel to ``exit_`` and obey it."""
        turn = self._turn
        self.forced = lambda: turn.tunnel(exit_)

    def then_jail(self, reason: str, rule: str) -> None:
        """After the stop, go directly to jail (``reason``: a key of :data:`REASONS`)."""
        turn = self._turn
        self.forced = lambda: turn.to_jail((reason, None), rule)

    def then(self, move: Callable[[Landing], None]) -> None:
        """After the stop, ``move(self)``: a move of the rule's own (:meth:`ahead`,
        :meth:`move_ahead`)."""
        self.forced = lambda: move(self)

    @property
    def quiet(self) -> bool:
        """No English and no notes are kept (the engine's resolution)."""
        return self._turn.quiet

    def note(self, code: str, text: str, **params: Any) -> None:
        """A line of the explanation of no single item: its message ``code`` (one the rule
        declares), ``params`` and English ``text``."""
        self._turn.note(code, text, **params)

    def ahead(self, *, even: bool) -> Iterator[tuple[int, Space]]:
        """The spaces ahead with their distance, riding the transit stations as an even or odd
        move does (M2), until coming back round (R5)."""
        return self._turn.orbit(1, _by_parity(0 if even else 1))

    def rent_at(self, space: Space) -> int | None:
        """The rent the player would owe on ``space`` (a utility's by this move's dice), or
        ``None`` when they would owe none."""
        turn = self._turn
        me = turn.player.name
        if not is_rent_owed(turn.situation, space, me):
            return None
        return rent_owed(turn.board, turn.situation, space, me, dice_total=turn.dice_total or 0)

    def move_ahead(self, count: int, *, even: bool, rule: str) -> None:
        """Move ``count`` spaces ahead as an even or odd dice move (its transit rides and
        salaries, M2 and M8), then obey the space landed on."""
        turn = self._turn
        why = ("even_move" if even else "odd_move", None)
        turn.walk(count, 1, _by_parity(0 if even else 1), Pay("roll", even), rule=rule, why=why)
        turn.land("roll", parity_even=even)


def _into(account: str) -> str:
    """Where a fee goes, as a sentence says it: into the Pool, or to the Bank."""
    return "into the Pool" if account == "Pool" else f"to the {account}"


def taxi_fare(played: Edition, owner: str, rider: str) -> tuple[int, str]:
    """P8: the fare and who gets it: the edition's fare to the cab's owner, or its own-cab fare
    to the Pool for your own (to the Bank in an edition without a Pool).

    >>> from companion.editions import edition
    >>> taxi_fare(edition("ultimate"), "Bob", "Ann"), taxi_fare(edition(), "Ann", "Ann")
    ((50, 'Bob'), (20, 'Pool'))
    """
    if owner == rider:
        return played.numbers.taxi_fare_own_cab, played.fees_account
    return played.numbers.taxi_fare, owner


def taxi_destinations(board: Board, cab: Space) -> tuple[Space, ...]:
    """P8: Free Parking, the other cab companies, and every transit station on its inner level."""
    free_parking = next(s for s in board.spaces if s.kind == "free_parking")
    cabs = tuple(s for s in board.spaces if s.kind == "cab_company" and s != cab)
    stations = tuple(
        min(spaces, key=lambda s: board.tracks.index(s.track))
        for spaces in board.properties.values()
        if board.is_station(spaces[0])
    )
    return (free_parking, *cabs, *stations)


# -- Dice rolls -----------------------------------------------------------------------------


def resolve_roll(
    board: Board,
    situation: Situation,
    roll: Roll,
    *,
    player: str | None = None,
    to: Space | None = None,
    bus: Literal["move", "voucher"] | None = None,
    leave_jail: Literal["bail", "card"] | None = None,
    first_move_only: bool = False,
    quiet: bool = False,
) -> Resolution:
    """Resolve one roll of the dice for ``player`` (default: the player to move).

    ``to`` answers a choice of destination the roll brings (triples, or a Subway ride taken
    with a bonus move); ``bus`` answers the Bus option; ``leave_jail`` says how a player in jail
    left before rolling: paying $50 bail, or a Get Out of Jail Free card. ``first_move_only``
    stops after the first move and what its space asks: no bonus move, no doubles follow-up.
    ``quiet`` leaves the English out: the same resolution (steps, stops, salaries, follow-ups,
    landing, message code and parameters) with every step's and action's text empty and no
    explanation, for the engine, which records codes and never reads the sentences.

    >>> from companion.editions import edition
    >>> from companion.rules.situation import Situation
    >>> board = edition("ultimate").board
    >>> situation = Situation.fresh(board.space("States Avenue"))
    >>> loud = resolve_roll(board, situation, Roll(1, 2, 1))
    >>> quiet = resolve_roll(board, situation, Roll(1, 2, 1), quiet=True)
    >>> quiet.explanation, [s.text for s in quiet.steps][:2], loud.summary
    ((), ['', ''], '1+2 and 1: move 4 from States Avenue to Madison Avenue.')
    >>> quiet.path == loud.path and quiet.code == loud.code and quiet.params == loud.params
    True
    """
    me = situation.player(player)
    if me.subway:
        raise IllegalMoveError(
            f"{me.name} landed on the Subway and rides it instead of rolling: choose the space to ride to"
        )
    if leave_jail and not me.in_jail:
        raise IllegalMoveError(f"{me.name} is not in jail, so there is no jail to leave")
    if bus is not None and roll.speed != "bus":
        raise IllegalMoveError(f"the Bus option is only for a roll showing the Bus, not {roll}")
    check_speed(situation.edition.dice, roll)
    turn = _Turn(board, situation, me, dice_total=roll.spaces, quiet=quiet)
    result = _resolve_roll(turn, roll, to, bus, leave_jail, first_move_only)
    if to is not None and not turn.chose:
        raise IllegalMoveError(
            f"{to.name!r} answers no choice here: only triples or a Subway ride let you choose a space"
        )
    return result


def _resolve_roll(
    turn: _Turn,
    roll: Roll,
    to: Space | None,
    bus: Literal["move", "voucher"] | None,
    leave_jail: Literal["bail", "card"] | None,
    first_move_only: bool,
) -> Resolution:
    me, situation = turn.player, turn.situation
    if me.in_jail and not leave_jail:
        return _jail_roll(turn, roll)
    dice = situation.edition.dice
    if roll.speed is None and dice.has_speed_die:
        raise BadRollError(
            "the speed die is missing: give the two regular dice and the speed die "
            f"({situation.edition.dice.speed_words})"
        )
    if roll.speed is not None and not dice.has_speed_die:
        raise BadRollError(
            f"{situation.edition.name} has no speed die: give the two regular dice, not {roll}"
        )
    if me.in_jail:
        rolling = "rolling all three dice" if dice.has_speed_die else "rolling"
        if leave_jail == "bail":
            fees, bail = situation.edition.fees_account, situation.edition.numbers.bail
            text = f"You pay {turn.money(bail)} bail {_into(fees)} before {rolling}."
            turn.then(Action("pay_bail", text, turn.pos, bail, fees), speed=dice.has_speed_die)
        else:
            text = f"You hand in a Get Out of Jail Free card before {rolling}."
            turn.then(Action("use_jail_card", text, turn.pos), speed=dice.has_speed_die)
        turn.player = me = replace(me, in_jail=False, jail_turns=0)
        turn.in_jail = False
    if roll.is_triples:
        return _triples(turn, roll, to)
    if roll.is_doubles and situation.doubles_this_turn >= 2:
        turn.to_jail(("third_doubles", None), "M5")
        return turn.result(
            f"{roll}: third doubles this turn, so you go straight to jail without moving.",
            "move.third_doubles",
            roll=roll.to_json(),
        )

    backwards = me.reverse_direction
    direction = -1 if backwards else 1
    turn.player = replace(turn.player, reverse_direction=False, transit_token=False)
    count = roll.regular if roll.speed in ("mr", "bus") else roll.spaces
    even = count % 2 == 0
    ride = _by_parity(count)
    if me.transit_token:
        token_ride = ride
        ride = lambda s: s == me.position or token_ride(s)  # noqa: E731
        if not turn.quiet:
            turn.note(
                "transit_token.leave", "Transit Token: you change track as you leave the station."
            )
    missed_bus = backwards and roll.speed == "bus"
    if missed_bus:
        if me.vouchers:
            turn.player = replace(turn.player, vouchers=me.vouchers[1:])
            turn.then(
                Action(
                    "voucher_expires",
                    "You missed the bus: one of your Travel Vouchers expires and goes back to the Bank.",
                    None,
                )
            )
        elif not turn.quiet:
            turn.note(
                "bus.missed_no_voucher",
                "You missed the bus, but you hold no Travel Voucher to lose.",
            )
    turn.walk(
        count,
        direction,
        ride,
        Pay("roll", even),
        rule="M1",
        why=("even_move" if even else "odd_move", count),
    )
    first = turn.pos
    headline = (
        ""
        if turn.quiet
        else f"{roll}: {'move back' if backwards else 'move'} {count} from {me.position.name} to {first.name}"
    )
    code = "move.roll_back" if backwards else "move.roll"
    params: dict[str, Any] = {
        "roll": roll.to_json(),
        "count": count,
        "from": me.position.key,
        "to": first.key,
    }
    turn.land("roll", parity_even=even)
    if first_move_only:
        return turn.result(headline + ".", code, **params)
    if not turn.in_jail and roll.speed in ("mr", "bus") and not missed_bus:
        _bonus(turn, roll, to, bus, backwards=backwards)
    if not turn.in_jail:
        _doubles(turn, roll)
    if turn.pos != first:
        last = turn.if_sold
        if not turn.quiet:
            same_name = turn.pos.name == first.name
            when = f"; if {last.name} is bought or sold at auction, " if last else "; "
            headline += when + "you end on " + turn.pos.name
            headline += f" ({turn.pos.track} track)" if same_name else ""
        params.update(end=turn.pos.key, last=last.key if last else None)
    return turn.result(headline + ".", code, **params)


def _bonus(
    turn: _Turn,
    roll: Roll,
    to: Space | None,
    bus: Literal["move", "voucher"] | None,
    *,
    backwards: bool,
) -> None:
    """The bonus move of Mr. Monopoly or the Bus, or the Subway ride that replaces it."""
    if turn.player.subway and to is not None:
        turn.player = replace(turn.player, subway=False)
        turn.chose = True
        _subway_ride(turn, to, ("bonus_subway", None))
    elif turn.player.subway:
        turn.player = replace(turn.player, subway=False)
        turn.then(
            Action(
                "choose_any_space",
                "Your bonus move becomes the Subway ride: choose any space on any track.",
                turn.pos,
            ),
            ".bonus",
        )
    elif roll.speed == "mr":
        _mr_monopoly(turn, roll, backwards=backwards)
    else:
        _bus(turn, roll, bus)


def resolve_bonus(
    board: Board,
    situation: Situation,
    roll: Roll,
    *,
    player: str | None = None,
    backwards: bool = False,
    to: Space | None = None,
    bus: Literal["move", "voucher"] | None = None,
    quiet: bool = False,
) -> Resolution:
    """The bonus move of a Mr. Monopoly or Bus roll, from where the first move left the player.

    The game engine resolves a roll in stages: the first move with ``first_move_only``, what the
    space asks (a purchase can change where Mr. Monopoly goes next), then this. ``backwards``
    says that the roll's first move went backwards (Reverse Direction). ``quiet``: no texts, as
    for :func:`resolve_roll`.
    """
    if roll.speed not in ("mr", "bus"):
        raise IllegalMoveError(f"{roll} shows no Mr. Monopoly or Bus, so there is no bonus move")
    turn = _Turn(board, situation, situation.player(player), quiet=quiet)
    _bonus(turn, roll, to, bus, backwards=backwards)
    return turn.result(
        "" if quiet else f"{roll}: bonus move from {turn.start.name} to {turn.pos.name}.",
        "move.bonus",
        roll=roll.to_json(),
        **{"from": turn.start.key, "to": turn.pos.key},
    )


def _doubles(turn: _Turn, roll: Roll) -> None:
    if not roll.is_doubles:
        turn.then(Action("end_turn", "Your move is over.", turn.pos))
    elif turn.player.subway:
        turn.player = replace(turn.player, subway=False)
        turn.then(
            Action(
                "choose_any_space",
                "Doubles: instead of rolling again, ride the Subway now to any space on any track.",
                turn.pos,
            ),
            ".doubles",
        )
    else:
        n = turn.situation.doubles_this_turn + 1
        turn.then(
            Action(
                "roll_again",
                ""
                if turn.quiet
                else f"Doubles ({'first' if n == 1 else 'second'} this turn): roll again.",
                turn.pos,
            )
        )


def _jail_roll(turn: _Turn, roll: Roll) -> Resolution:
    """M12: in jail, roll the two regular dice; doubles free you, the last failure (the third)
    costs the bail."""
    me = turn.player
    numbers = turn.situation.edition.numbers
    fee, rolls = numbers.bail, numbers.jail_rolls
    if roll.speed is not None:
        played = turn.situation.edition
        if not played.dice.has_speed_die:
            raise BadRollError(
                f"{played.name} has no speed die: give the two regular dice, not {roll}"
            )
        raise IllegalMoveError(
            f"{me.name} is in jail and rolls only the two regular dice, "
            f"or leaves jail first (bail or a Get Out of Jail Free card) to roll all three"
        )
    attempt = me.jail_turns + 1
    fees = turn.situation.edition.fees_account
    if not roll.is_doubles and attempt < rolls:
        turn.player = replace(me, jail_turns=attempt)
        turn.then(
            Action("end_turn", "No doubles: you stay in jail; your turn is over.", turn.pos),
            ".jail",
        )
        return turn.result(
            f"{roll}: no doubles on attempt {attempt} of {rolls}, so you stay in jail.",
            "move.jail_stay",
            roll=roll.to_json(),
            attempt=attempt,
        )
    if roll.is_doubles:
        headline = f"{roll}: doubles free you from jail; move {roll.regular} (no further roll)"
        code, bail = "move.jail_doubles", None
    else:
        turn.then(
            Action(
                "pay_bail",
                f"Third failed roll: pay {turn.money(fee)} bail {_into(fees)}.",
                turn.pos,
                fee,
                fees,
            ),
            ".third",
        )
        headline = f"{roll}: third failed roll, pay {turn.money(fee)} bail and move {roll.regular}"
        code, bail = "move.jail_third", fee
    turn.player = replace(me, in_jail=False, jail_turns=0)
    turn.in_jail = False
    even = roll.regular % 2 == 0
    turn.walk(
        roll.regular,
        1,
        _by_parity(roll.regular),
        Pay("roll", even),
        rule="M12",
        why=("even_move" if even else "odd_move", roll.regular),
    )
    turn.land("roll", parity_even=even)
    if not turn.in_jail:
        turn.then(Action("end_turn", "Your move is over.", turn.pos))
    return turn.result(
        f"{headline} to {turn.pos.name}.",
        code,
        roll=roll.to_json(),
        bail=bail,
        count=roll.regular,
        to=turn.pos.key,
    )


def _triples(turn: _Turn, roll: Roll, to: Space | None) -> Resolution:
    """M5/M6: triples move you ahead to any space; no further roll, no jail."""
    turn.player = replace(turn.player, reverse_direction=False, transit_token=False)
    turn.chose = True
    if to is None:
        turn.then(
            Action(
                "choose_any_space",
                "Triples: move ahead to any space on the board (no further roll).",
                turn.pos,
            ),
            ".triples",
        )
        return turn.result(
            f"{roll}: triples! Choose any space to move to; you do not roll again.",
            "move.triples_choose",
            roll=roll.to_json(),
        )
    even = roll.spaces % 2 == 0
    if turn.situation.options.triples_pay_salaries:
        _advance_by_route(turn, to, Pay("roll", even), rule="M6")
    else:
        turn.jump(to, "M6", "step.triples_direct")
    turn.land("roll", parity_even=even)
    if not turn.in_jail:
        turn.then(
            Action("end_turn", "Triples end your move: no further roll.", turn.pos), ".triples"
        )
    return turn.result(
        f"{roll}: triples! Move ahead to {to.name}; you do not roll again.",
        "move.triples",
        roll=roll.to_json(),
        to=to.key,
    )


#: What Mr. Monopoly goes to (M3), by the ``goal`` of his notes.
_GOALS = {"unowned": "unowned property", "rent": "property where you owe rent"}
#: How a bonus move of an even (True) or odd roll of the regular dice goes (M2).
_HOW = {True: "riding transit stations", False: "staying on this track"}


def _mr_monopoly(turn: _Turn, roll: Roll, *, backwards: bool) -> None:
    """M3: the bonus move to the next unowned property, else the next rent you owe."""
    last = _last_unowned_for_sale(turn)
    if last is not None:
        _mr_monopoly_after_last_sale(turn, roll, last, backwards=backwards)
        return
    board, situation, me = turn.board, turn.situation, turn.player.name
    landed_on_reverse = turn.player.reverse_direction
    direction = -1 if backwards or landed_on_reverse else 1
    unowned_left = any(n not in situation.holdings for n in board.properties)
    if unowned_left:
        target = lambda s: s.is_property and s.name not in situation.holdings  # noqa: E731
    else:
        target = lambda s: is_rent_owed(situation, s, me)  # noqa: E731
    goal = "unowned" if unowned_left else "rent"
    even = roll.regular % 2 == 0
    ride = _by_parity(roll.regular)
    n = turn.distance(target, direction, ride)
    if n is None:
        if not turn.quiet:
            turn.note(
                "mr_monopoly.stay",
                f"Mr. Monopoly: no {_GOALS[goal]} can be reached before coming back round, so "
                "you stay where you are.",
                goal=goal,
            )
        return
    if landed_on_reverse:
        turn.player = replace(turn.player, reverse_direction=False)
        if not turn.quiet:
            turn.note(
                "mr_monopoly.reverse",
                "Mr. Monopoly after Reverse Direction: the bonus move goes backwards now.",
            )
    if not turn.quiet:
        turn.note(
            "mr_monopoly.bonus",
            f"Mr. Monopoly: bonus move to the {'previous' if direction < 0 else 'next'} "
            f"{_GOALS[goal]}, {_HOW[even]} (the regular dice make {roll.regular}).",
            goal=goal,
            backwards=direction < 0,
            ride=even,
            count=roll.regular,
        )
    turn.walk(
        n,
        direction,
        ride,
        HIGHEST,
        rule="M3",
        why=("even_regular_dice" if even else "odd_regular_dice", roll.regular),
    )
    turn.land("bonus")


def _last_unowned_for_sale(turn: _Turn) -> Space | None:
    """The property the first move stopped on, if it is for sale and the last unowned one."""
    space, holdings = turn.pos, turn.situation.holdings
    if not turn.stops or turn.stops[-1].space != space or space.name in holdings:
        return None
    if not any(a.kind == "buy_or_auction" for a in turn.stops[-1].actions):
        return None
    if any(n not in holdings for n in turn.board.properties if n != space.name):
        return None
    return space


def _mr_monopoly_after_last_sale(turn: _Turn, roll: Roll, last: Space, *, backwards: bool) -> None:
    """R16: the first stop sells the last unowned property, and the bonus move depends on it.

    Bought, or auctioned to anyone: nothing is left unowned, so the bonus move goes to the next
    property where rent is owed. Nobody bids: it stays with the Bank (B2), and as it is where
    the bonus move begins, no unowned property is reached before coming back round: stay.
    """
    me = turn.player.name
    sold = replace(
        turn.situation,
        holdings=MappingProxyType({**turn.situation.holdings, last.name: Holding(me)}),
    )
    turn.situation = sold
    # The first move stopped on a property, not on Reverse Direction: only the roll's own
    # direction counts.
    direction = -1 if backwards else 1
    even = roll.regular % 2 == 0
    ride = _by_parity(roll.regular)
    owed = lambda s: is_rent_owed(sold, s, me)  # noqa: E731
    n = turn.distance(owed, direction, ride)
    unsold = (
        f"If nobody bids for {last.name}, it stays with the Bank (B2): no other unowned property "
        f"can be reached before coming back round to it, so you stay on {last.name}."
    )
    if n is None:
        if not turn.quiet:
            turn.note(
                "mr_monopoly.last_stay",
                f"Mr. Monopoly: {last.name} is the last unowned property. If you buy it or it is "
                "sold at auction, no property is left unowned and no property where you owe rent "
                f"can be reached before coming back round, so you stay on {last.name} (R16).",
                space=last.key,
            )
        turn.then(Action("if_unsold", unsold, last))
        return
    target = turn.find(owed, direction, ride)
    assert target is not None
    dest = target[1]
    owner = sold.holdings[dest.name].owner
    if not turn.quiet:
        turn.note(
            "mr_monopoly.last_move",
            f"Mr. Monopoly: {last.name} is the last unowned property. If you buy it or it is sold "
            "at auction, no property is left unowned: Mr. Monopoly then moves you to the "
            f"{'previous' if direction < 0 else 'next'} property where you owe rent, {dest.name}, "
            f"{_HOW[even]} (the regular dice make {roll.regular}; R16).",
            space=last.key,
            to=dest.key,
            backwards=direction < 0,
            ride=even,
            count=roll.regular,
        )
    turn.then(Action("if_unsold", unsold, last))
    if dest.kind != "utility":
        theirs = replace(
            sold,
            holdings=MappingProxyType({**sold.holdings, last.name: Holding(owner)}),
        )
        mine = rent_owed(turn.board, sold, dest, me, dice_total=0)
        if_theirs = rent_owed(turn.board, theirs, dest, me, dice_total=0)
        if if_theirs != mine and not turn.quiet:
            amount = if_theirs * turn.rent_factor
            turn.note(
                "mr_monopoly.rent_if_won",
                f"If {owner} wins {last.name} at the auction, the rent on {dest.name} is "
                f"{turn.money(amount)} instead.",
                player=owner,
                space=last.key,
                to=dest.key,
                amount=amount,
            )
    turn.if_sold = last
    why: Why = ("even_regular_dice" if even else "odd_regular_dice", roll.regular)
    turn.walk(target[0], direction, ride, HIGHEST, rule="M3", why=why)
    turn.land("bonus")


def _bus(turn: _Turn, roll: Roll, choice: Literal["move", "voucher"] | None) -> None:
    """M4: take a Travel Voucher, or move to the nearest Chance or Community Chest ahead."""
    ride = _by_parity(roll.regular)
    found = turn.find(lambda s: s.kind in ("chance", "community_chest"), 1, ride)
    assert found is not None, "every track has a Chance or Community Chest space"
    n, dest = found
    if turn.vouchers_left and choice != "move":
        if choice == "voucher":
            turn.then(turn.voucher_draw(turn.pos, "Bus: you take a Travel Voucher."), ".bus")
        else:
            text = f"Bus: take a Travel Voucher, or move to {dest.name} ({dest.track} track)."
            turn.then(Action("bus_option", text, dest))
        return
    if not turn.quiet:
        if not turn.vouchers_left:
            turn.note("bus.no_vouchers", "Bus: no Travel Vouchers are left, so you make the move.")
        turn.note("bus.move", "Bus: move to the nearest Chance or Community Chest ahead.")
    even = roll.regular % 2 == 0
    why: Why = ("even_regular_dice" if even else "odd_regular_dice", roll.regular)
    turn.walk(n, 1, ride, HIGHEST, rule="M4", why=why)
    turn.land("bonus")


# -- Routes ---------------------------------------------------------------------------------


def forward_route(board: Board, start: Space, to: Space) -> tuple[int, frozenset[str]] | None:
    """The shortest way ahead from ``start`` to ``to``, riding transit stations where it helps.

    Returns the number of spaces and the keys of the stations to ride, or ``None`` when ``to``
    is ``start``. Breadth first, trying to stay on the track before riding.
    """
    previous: dict[str, tuple[str, bool] | None] = {start.key: None}
    frontier = [start]
    while frontier and to.key not in previous:
        following = []
        for pos in frontier:
            twin = board.twin(pos)
            for rode, origin in ((False, pos), (True, twin)):
                if origin is None:
                    continue
                nxt = board.step(origin, 1)
                if nxt.key not in previous:
                    previous[nxt.key] = (pos.key, rode)
                    following.append(nxt)
        frontier = following
    if to == start or to.key not in previous:
        return None
    count, rides, key = 0, set(), to.key
    while (link := previous[key]) is not None:
        key, rode = link
        count += 1
        if rode:
            rides.add(key)
    return count, frozenset(rides)


def _advance_by_route(turn: _Turn, to: Space, pay: Pay, *, rule: str) -> None:
    """M6: the triples route ahead to ``to``."""
    route = forward_route(turn.board, turn.pos, to)
    if route is None:
        turn.jump(to, rule, "step.triples_route")
        return
    count, rides = route
    turn.walk(count, 1, lambda s: s.key in rides, pay, rule=rule, why=("triples_route", None))


def _subway_ride(turn: _Turn, to: Space, why: Why) -> None:
    turn.jump(to, "R8", "step.subway", why, kind="subway")
    turn.land("direct")


def resolve_subway(
    board: Board, situation: Situation, to: Space, *, player: str | None = None, quiet: bool = False
) -> Resolution:
    """The ride of a player who landed on the Subway: directly to any space (``quiet``: no
    texts, as :func:`resolve_roll`)."""
    me = situation.player(player)
    if not me.subway:
        raise IllegalMoveError(
            f"{me.name} has not landed on the Subway, so there is no Subway ride to take"
        )
    turn = _Turn(board, situation, replace(me, subway=False), quiet=quiet)
    _subway_ride(turn, to, ("subway_ride", None))
    turn.then(Action("end_turn", "Your move is over.", turn.pos))
    return turn.result(f"Subway: ride directly to {to.name}.", "move.subway", to=to.key)


def resolve_taxi(
    board: Board, situation: Situation, to: Space, *, player: str | None = None, quiet: bool = False
) -> Resolution:
    """P8: the taxi ride from an owned cab company (``quiet``: no texts)."""
    me = situation.player(player)
    cab = me.position
    if cab.kind != "cab_company":
        raise IllegalMoveError(
            f"a taxi ride starts on a cab company, and {me.name} is on {cab.name!r}"
        )
    owner = situation.owner(cab.name)
    if owner is None:
        raise IllegalMoveError(f"{cab.name!r} has no owner yet, so it offers no taxi ride")
    allowed = taxi_destinations(board, cab)
    if to not in allowed:
        names = ", ".join(dict.fromkeys(s.name for s in allowed))
        raise IllegalMoveError(
            f"a taxi goes to Free Parking, another cab company or a transit station ({names}), not {to.name!r}"
        )
    turn = _Turn(board, situation, me, quiet=quiet)
    fare, payee = taxi_fare(situation.edition, owner, me.name)
    turn.then(
        Action(
            "pay_taxi_fare",
            f"Pay {turn.money(fare)} to {'the Pool' if payee == 'Pool' else payee} for the ride.",
            cab,
            fare,
            payee,
        )
    )
    turn.jump(to, "P8", "step.taxi", kind="taxi")
    turn.land("taxi")
    turn.then(Action("continue_turn", "Continue your turn from here.", turn.pos), ".taxi")
    return turn.result(
        f"Taxi ride from {cab.name} to {to.name}.", "move.taxi", **{"from": cab.key, "to": to.key}
    )


# -- Cards and Travel Vouchers --------------------------------------------------------------


def _advance_to(
    turn: _Turn, target: Callable[[Space], bool], pay: Pay, *, why: Why, rule: str = "M9"
) -> bool:
    """M9: advance to the first space matching ``target``, taking the next transit station
    towards its track when it is on another track. False when no space matches."""
    board = turn.board
    tracks = {s.track for s in board.spaces if target(s)}
    if not tracks:
        return False
    if turn.pos.track in tracks:
        tracks = {turn.pos.track}
    best: tuple[int, RidePolicy] | None = None
    for track in sorted(tracks, key=board.tracks.index):
        goal = board.tracks.index(track)

        def ride(station: Space, goal: int = goal) -> bool:
            twin = board.twin(station)
            assert twin is not None
            return abs(board.tracks.index(twin.track) - goal) < abs(
                board.tracks.index(station.track) - goal
            )

        n = turn.distance(target, 1, ride)
        if n is not None and (best is None or n < best[0]):
            best = (n, ride)
    if best is None:
        return False
    turn.walk(best[0], 1, best[1], pay, rule=rule, why=why)
    return True


#: The spaces a card lets its player choose among, by the card's ``among``.
CHOICE_SETS: dict[str, Callable[[Board, Situation, Space], bool]] = {
    "any_space": lambda board, situation, s: True,
    "unowned_outer_property": lambda board, situation, s: (
        s.track == "outer" and s.is_property and s.name not in situation.holdings
    ),
    "transportation": lambda board, situation, s: s.kind in ("railroad", "cab_company"),
    "cab_company": lambda board, situation, s: s.kind == "cab_company",
}


def resolve_card(
    board: Board,
    situation: Situation,
    card: Card,
    *,
    player: str | None = None,
    to: Space | None = None,
    roll: Roll | None = None,
    option: int | None = None,
    quiet: bool = False,
) -> Resolution:
    """Where a Chance or Community Chest card sends the player who drew (or plays) it.

    ``to`` answers a card that lets the player choose a space, ``roll`` a card that asks for a
    new roll of two dice, ``option`` (1 or 2) a card that offers two moves; ``quiet``: no texts.
    """
    me = situation.player(player)
    turn = _Turn(board, situation, me, quiet=quiet)
    headline = f"{card.title}: {card.effect}"
    # E3: a card the table entered without a title is named by its effect, said once.
    untitled = card.unlisted is not None and not card.unlisted.title
    if untitled:
        headline = f"Another card: {card.effect}"
    if card.move is None:
        turn.then(Action("card_effect", card.effect, turn.pos), card=card.id)
        return turn.result(
            f"{card.title}: the card does not move you.", "move.card_still", card=card.id
        )
    move = card.move
    if move["kind"] == "either":
        if option not in (1, 2):
            texts = " or ".join(
                f"{i}: {_describe_move(m)}" for i, m in enumerate(move["options"], 1)
            )
            raise IllegalMoveError(
                f"{card.title!r} offers a choice: give --option 1 or 2 ({texts})"
            )
        move = move["options"][option - 1]
    _card_move(turn, card, move, to, roll)
    if not turn.in_jail:
        turn.then(Action("continue_turn", "Carry on with your turn.", turn.pos))
    return turn.result(headline, "move.another" if untitled else "move.card", card=card.id)


def _card_advance(turn: _Turn, card: Card, target: Callable[[Space], bool]) -> bool:
    """A card's "advance to" (M9). R11: a card that sends you where you stand leaves you there,
    and a pay corner pays its landing salary. False when no space matches."""
    if target(turn.pos):
        turn.note(
            "card.already_there",
            f"{card.title}: you are on {turn.pos.name} already, so you stay (R11).",
            card=card.id,
            space=turn.pos.key,
        )
        if turn.pos.salary is not None:
            turn.earn(CARD.landing(turn.pos.salary), landed=True, rule=CARD.rule)
        return True
    return _advance_to(turn, target, CARD, why=("card", card))


def _describe_move(move: dict) -> str:
    if move["kind"] == "jail":
        return "go to jail"
    return f"{move['kind'].replace('_', ' ')} {move.get('to', '')}".strip()


def _card_move(turn: _Turn, card: Card, move: dict, to: Space | None, roll: Roll | None) -> None:
    board, situation = turn.board, turn.situation
    kind = move["kind"]
    why: Why = ("card", card)
    if kind == "advance":
        name = move["to"]
        if not _card_advance(turn, card, lambda s: s.name == name):
            raise ValueError(f"card data: no space named {name!r}")
        turn.land("card")
    elif kind == "advance_nearest":
        kinds = set(move["kinds"])
        unowned_only = move.get("unowned_only", False)
        if kinds == {"railroad"}:
            turn.rent_factor = 2
        if kinds == {"utility"}:
            turn.utility_times = 10
        found = _advance_to(
            turn,
            lambda s: s.kind in kinds and not (unowned_only and s.name in situation.holdings),
            CARD,
            why=why,
        )
        if found:
            turn.land("card")
        else:
            turn.note(
                "card.none_left",
                f"{card.title}: no such space is left, so you stay where you are.",
                card=card.id,
            )
    elif kind == "advance_pay_corner":
        corner = next(s for s in board.track(turn.pos.track) if s.is_pay_corner)
        _card_advance(turn, card, lambda s: s == corner)
        turn.land("card")
    elif kind == "steps":
        count = move["count"]
        turn.walk(
            abs(count), 1 if count > 0 else -1, _by_parity(abs(count)), CARD, rule="M9", why=why
        )
        turn.land("card")
    elif kind == "direct":
        turn.jump(board.space(move["to"]), "M9", "step.direct", why)
        turn.land("direct")
    elif kind == "direct_nearest":
        kinds = set(move["kinds"])
        probe = _Turn(board, situation, turn.player, quiet=True)
        _advance_to(probe, lambda s: s.kind in kinds, CARD, why=why)
        turn.rent_factor = 2
        turn.jump(probe.pos, "M9", "step.direct", why)
        if probe.pos.name in situation.holdings:
            turn.land("direct")
        else:
            turn.stop(
                [
                    Action(
                        "nothing",
                        f"{probe.pos.name} has no owner: nothing happens, and it cannot be bought now.",
                        turn.pos,
                    )
                ]
            )
    elif kind == "jail":
        turn.to_jail(why, "M9")
    elif kind == "jail_if":
        me = turn.player
        condition = move["condition"]
        if condition == "holds_stock":
            applies = any(me.shares.values())
            stay = "you hold no stock, so you stay"
        else:
            applies = not any(h.owner == me.name for h in situation.holdings.values())
            stay = "you own property, so you stay"
        if applies:
            turn.to_jail((f"card_{condition}", card), "M9")
        else:
            turn.note(
                "card.jail_if_stay", f"{card.title}: {stay}.", card=card.id, condition=condition
            )
    elif kind == "lap":
        track = board.track(turn.pos.track)
        turn.walk(len(track), 1, _never, CARD, rule="M9", why=why)
        turn.note(
            "card.lap",
            f"{card.title}: a full lap of the {turn.pos.track} track brings you back to "
            f"{turn.pos.name}.",
            card=card.id,
            track=turn.pos.track,
            space=turn.pos.key,
        )
    elif kind == "lane":
        dest = board.lane(turn.pos, move["lane"])
        if dest is None:
            edge = "inner" if move["lane"] == "above" else "outer"
            turn.note(
                "card.lane_edge",
                f"{card.title}: you are on the {edge} track already, so nothing happens.",
                card=card.id,
                track=edge,
            )
        else:
            turn.jump(dest, "M9", "step.direct_lane", why)
            turn.land("direct")
    elif kind == "choose":
        allowed = CHOICE_SETS[move["among"]]
        if to is None or not allowed(board, situation, to):
            what = move["among"].replace("_", " ")
            got = f", not {to.name!r}" if to is not None else ""
            raise IllegalMoveError(
                f"{card.title!r} lets you choose a space ({what}): name the space{got}"
            )
        if move.get("takes"):
            # The card hands the chosen property to the drawer before the move.
            taken = Holding(owner=turn.player.name)
            turn.situation = replace(
                situation, holdings=MappingProxyType({**situation.holdings, to.name: taken})
            )
            turn.then(Action("take_property", f"{to.name} becomes yours.", to))
        if move["how"] == "direct":
            turn.jump(to, "M9", "step.direct", why)
            turn.land("direct")
        else:
            _card_advance(turn, card, lambda s: board.same_place(s, to))
            turn.land("card")
    elif kind == "all_players_direct":
        dest = board.space(move["to"])
        turn.jump(dest, "M9", "step.direct", why)
        turn.land("direct")
        turn.then(
            Action(
                "all_players_move", f"Every other player moves directly to {dest.name} too.", dest
            )
        )
    elif kind == "roll_back":
        if roll is None:
            raise IllegalMoveError(f"{card.title!r} needs a new roll of the two regular dice")
        turn.rent_factor = 2
        turn.dice_total = roll.regular
        count = roll.regular
        turn.walk(
            count,
            -1,
            _by_parity(count),
            CARD,
            rule="M9",
            why=("even_move_back" if count % 2 == 0 else "odd_move_back", count),
        )
        turn.land("card")
    else:
        raise ValueError(f"card data: unknown move kind {kind!r} on {card.id!r}")


def side_end(board: Board, space: Space) -> Space:
    """The corner that ends the side ``space`` is on (a corner starts the next side)."""
    length = len(board.track(space.track))
    side = length // 4
    return board.at(space.track, (space.index // side + 1) * side % length)


def _without_voucher(held: tuple[str, ...], played: str) -> tuple[str, ...]:
    """``held`` less the voucher ``played``: that one if it is held by id, else the first
    (a situation that counts the vouchers without naming them)."""
    i = held.index(played) if played in held else 0
    return held[:i] + held[i + 1 :]


def resolve_voucher(
    board: Board,
    situation: Situation,
    voucher: Voucher,
    *,
    player: str | None = None,
    to: Space | None = None,
    ride: bool = False,
    quiet: bool = False,
) -> Resolution:
    """A Travel Voucher played: normal movement, highest salaries (rules: Using Travel Vouchers);
    ``quiet``: no texts."""
    me = situation.player(player)
    if me.reverse_direction:
        raise IllegalMoveError(
            f"{me.name} landed on Reverse Direction and may not use a Travel Voucher on this move (M11)"
        )
    if situation.voucher_played_this_turn:
        raise IllegalMoveError(
            f"{me.name} has played a Travel Voucher this turn already: only one per turn"
        )
    if not me.vouchers:
        raise IllegalMoveError(f"{me.name} holds no Travel Voucher")
    # A voucher move leaves the Subway: its ride (the next move) is not due any more.
    left = _without_voucher(me.vouchers, voucher.id)
    turn = _Turn(board, situation, replace(me, vouchers=left, subway=False), quiet=quiet)
    how = "voucher"
    if voucher.kind == "free_cab_fare":
        count, direction = abs(voucher.steps), (1 if voucher.steps > 0 else -1)
        policy = _always if ride else _never
        why: Why = ("chose_change_track", None)
        turn.walk(count, direction, policy, HIGHEST, rule="R13", why=why)
        other = _Turn(board, situation, me, quiet=True)
        other.walk(count, direction, _never if ride else _always, HIGHEST, rule="R13", why=why)
        if other.pos != turn.pos:
            end = other.pos
            turn.note(
                "voucher.other_track",
                f"You could instead {'stay on' if ride else 'change'} track at the transit "
                f"station and end on {end.name} ({end.key}).",
                ride=ride,
                space=end.key,
                track=end.track,
            )
    else:
        along = [pos for _, pos in turn.orbit(1, _never)]  # the rest of this track, in order
        if voucher.kind == "bus_ticket":
            end = side_end(board, me.position)
            ahead = along[: along.index(end) + 1]
            # A one-track board (Mega's) has no track to name: its side is the board's.
            ring = f"the {me.position.track} track" if len(board.tracks) > 1 else "the board"
            what = f"a space ahead on this side of {ring}, up to {end.name}"
        else:
            ahead = [s for s in along if board.is_station(s)]
            what = f"a transit station on the {me.position.track} track"
            how = "token"
        if to is None or to not in ahead:
            names = ", ".join(f"{s.name} ({s.key})" for s in ahead)
            got = f"; {to.name!r} ({to.key}) is not one" if to is not None else ""
            raise IllegalMoveError(
                f"{voucher.title!r} moves you to {what}: name one of {names}{got}"
            )
        turn.walk(along.index(to) + 1, 1, _never, HIGHEST, rule="R13", why=("voucher", voucher))
    turn.land(how)
    if voucher.kind == "transit_token":
        turn.player = replace(turn.player, transit_token=True)
        turn.then(
            Action(
                "transit_token",
                "On your next move you change track here, whatever you roll.",
                turn.pos,
            )
        )
    if voucher.expires_others_when_played:
        turn.then(
            Action(
                "expire_vouchers",
                "Every other Travel Voucher held by any player expires and goes back to the Bank.",
                turn.pos,
            )
        )
    if voucher.instead_of_roll:
        if not turn.in_jail:
            turn.then(Action("end_turn", "Your move is over.", turn.pos))
    else:
        turn.then(Action("continue_turn", "Carry on with your turn.", turn.pos))
    return turn.result(
        f"{voucher.label}: move to {turn.pos.name}.",
        "move.voucher",
        voucher=voucher.id,
        to=turn.pos.key,
    )
