"""The movement resolver: where a token goes, step by step, and why.

Every resolution returns the whole path (each space entered, each transit ride, tunnel and
direct move with its reason), the salaries earned at pay corners, the stops where the rules act
and what the player must or may do next. Nothing here changes its inputs.

Rule ids (``M2``, ``P8``...) refer to ``docs/rulings.md``.

>>> from companion.rules.board import ultimate_board
>>> from companion.rules.situation import Situation
>>> board = ultimate_board()
>>> start = board.space("States Avenue")
>>> r = resolve_roll(board, Situation.fresh(start), Roll(1, 2, 1))
>>> [s.name for s in r.path]
['Virginia Avenue', 'Pennsylvania Railroad', 'Fifth Avenue', 'Madison Avenue']

Why one file of about 1,450 lines: every resolver here (dice rolls, bonus moves, jail, triples,
routes, Subway, taxis, cards, vouchers) drives one private builder, ``_Turn``, that walks the
token step by step and records the path, the salaries and the stops the same way for each. Split
along the resolvers, the builder and its policies would become a public API for three modules to
reach into; the sections below keep the resolvers apart instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from companion.errors import BadRollError, IllegalMoveError, shown
from companion.frozen import replace
from companion.rules.board import TRACKS, Board, Salary, Space
from companion.rules.cards import Card, Voucher
from companion.rules.rent import is_rent_owed, rent_owed
from companion.rules.situation import Holding, Player, Situation

SPEED_FACES = ("1", "2", "3", "mr", "bus")
BAIL = 50
TAXI_FARE = 50
TAXI_FARE_OWN_CAB = 20

Speed = int | Literal["mr", "bus"]


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
        if self.speed is not None and self.speed not in (1, 2, 3, "mr", "bus"):
            raise BadRollError(f"the speed die shows 1, 2, 3, mr or bus, not {self.speed!r}")

    @classmethod
    def parse(cls, values: Sequence[str]) -> Roll:
        """Read ``D1 D2 [S]`` as typed at the table, e.g. ``["3", "4", "mr"]``."""
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
            if face not in SPEED_FACES:
                raise BadRollError(f"the speed die shows 1, 2, 3, mr or bus, not {values[2]!r}")
            speed = int(face) if face.isdigit() else face  # type: ignore[assignment]
        return cls(dice[0], dice[1], speed)

    def to_json(self) -> list[int | str | None]:
        """``[d1, d2, speed]`` as logs and tasks hold a roll (``speed`` ``None`` when not rolled).

        >>> Roll(3, 4, "mr").to_json(), Roll.from_json([5, 5, None])
        ([3, 4, 'mr'], Roll(d1=5, d2=5, speed=None))
        """
        return [self.d1, self.d2, self.speed]

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
        speed = "" if self.speed is None else f" and {_SPEED_NAMES[self.speed]}"
        return f"{self.d1}+{self.d2}{speed}"


_SPEED_NAMES: dict[Speed, str] = {1: "1", 2: "2", 3: "3", "mr": "Mr. Monopoly", "bus": "the Bus"}


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


@dataclass(frozen=True, slots=True)
class SalaryPaid:
    corner: Space
    amount: int
    landed: bool
    rule: str


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


@dataclass(frozen=True, slots=True)
class Stop:
    """A space where the token stops and the rules act, with what they ask."""

    space: Space
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    player: str
    start: Space
    steps: tuple[Step, ...]
    stops: tuple[Stop, ...]
    salaries: tuple[SalaryPaid, ...]
    follow_up: tuple[Action, ...]
    explanation: tuple[str, ...]
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
    def summary(self) -> str:
        """The headline in English (empty for a quiet resolution)."""
        return self.explanation[0] if self.explanation else ""


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


#: What the rules ask on landing on a space of each kind, where it is always the same.
_SPACE_ACTIONS: dict[str, tuple[str, str]] = {
    "chance": ("draw_chance", "Draw a Chance card and tell the companion which one."),
    "community_chest": (
        "draw_community_chest",
        "Draw a Community Chest card and tell the companion which one.",
    ),
    "squeeze_play": (
        "squeeze_play",
        "Squeeze Play: roll the two regular dice to see what each other player pays you.",
    ),
    "roll_three": (
        "roll_three",
        "Roll Three: draw a Roll Three card, then roll three regular dice.",
    ),
    "stock_exchange": (
        "stock_exchange",
        "Stock Exchange: the Bank pays dividends to every shareholder; "
        "then buy one share at par or the Banker auctions it.",
    ),
    "reverse_direction": (
        "reverse_direction",
        "Your next move goes backwards, and you may not use a Travel Voucher on it.",
    ),
    "subway": ("subway", "Subway: on your next move, ride directly to any space on any track."),
    "go_to_jail": ("go_to_jail", "Go To Jail: go directly to jail."),
}

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


#: The quiet steps of a walk that crosses no choice, and its pay corners (the space, landed on
#: or passed), by (board, start, count, direction, riding every station, rule).
_WALKS: dict[
    tuple[int, str, int, int, bool, str],
    tuple[Board, tuple[Step, ...], tuple[tuple[Space, bool], ...], Space],
] = {}


def _walk_table(
    board: Board, start: Space, count: int, direction: int, ride_all: bool, rule: str
) -> tuple[tuple[Step, ...], tuple[tuple[Space, bool], ...], Space]:
    """What :meth:`_Turn.walk` does quietly for a ride policy of every station or none: the
    steps (each a ride, then the next space), the pay corners that pay (landed on, or passed
    going ahead) and the space it ends on. Worked out once per start, count, direction, policy
    and rule: a move is the same every time the board is."""
    key = (id(board), start.key, count, direction, ride_all, rule)
    cached = _WALKS.get(key)
    if cached is not None and cached[0] is board:
        return cached[1], cached[2], cached[3]
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
    if len(_WALKS) > 65536:
        _WALKS.clear()
    entry = _WALKS[key] = (board, tuple(steps), tuple(corners), pos)
    return entry[1], entry[2], entry[3]


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
    notes: list[str] = field(default_factory=list)
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

    # Movement primitives

    def ride_if(self, ride: RidePolicy, rule: str, why: str) -> None:
        twin = self.board.twin(self.pos)
        if twin is not None and ride(self.pos):
            if self.quiet:
                self.steps.append(Step("ride", twin, "", rule))
            else:
                self.steps.append(
                    Step(
                        "ride",
                        twin,
                        f"{why}: you ride the {twin.name} transit station onto the {twin.track} track.",
                        rule,
                    )
                )
                self.notes.append(self.steps[-1].text)
            self.pos = twin

    def walk(
        self,
        count: int,
        direction: int,
        ride: RidePolicy,
        pay: Pay,
        *,
        rule: str,
        why: str,
    ) -> None:
        """Move ``count`` spaces, riding stations where ``ride`` says, paying pay corners."""
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
                    self.notes.append(f"Moving backwards past {self.pos.name} pays nothing (M8).")

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

    def then(self, action: Action) -> None:
        """A follow-up that comes after the stops (roll again, a choice to make...)."""
        if self.quiet:
            action = _mute(action)
        else:
            self.notes.append(action.text)
        self.follow.append(action)

    def stop(self, actions: Sequence[Action]) -> None:
        """The token stops here and the rules act."""
        if self.quiet:
            actions = [_mute(a) for a in actions]
        else:
            self.notes.extend(a.text for a in actions)
        self.stops.append(Stop(self.pos, tuple(actions)))
        self.follow.extend(actions)

    def earn(self, amount: int, *, landed: bool, rule: str) -> None:
        how = "landing on" if landed else "passing"
        self.salaries.append(SalaryPaid(self.pos, amount, landed, rule))
        if not self.quiet:
            self.notes.append(f"Collect ${amount} for {how} {self.pos.name}.")

    def jump(self, to: Space, why: str, rule: str, *, kind: str = "direct") -> None:
        """A direct move (``kind``: ``direct``, ``subway``, ``taxi``, ``tunnel`` or ``jail``): no
        pay corner is passed; arriving on one pays its highest salary (not through the tunnel
        or to jail)."""
        self.pos = to
        if self.quiet:
            self.steps.append(Step(kind, to, "", rule))
        else:
            self.steps.append(Step(kind, to, why, rule))
            self.notes.append(why)
        if kind not in ("tunnel", "jail") and to.salary is not None:
            self.earn(to.salary.highest, landed=True, rule="M8")

    def to_jail(self, why: str, rule: str) -> None:
        self.jump(self.board.jail, f"{why}: go directly to jail.", rule, kind="jail")
        self.in_jail = True
        self.stop([Action("in_jail", "You are in jail; your turn is over.", self.pos)])

    # Obeying the space

    def land(self, how: str = "roll", *, parity_even: bool = False) -> None:
        """Apply the rules of the space the token stands on (one stop, plus forced moves)."""
        space = self.pos
        forced: Callable[[], None] | None = None
        if space.is_property:
            actions = self.property_actions(space, how)
        elif space.kind in _SPACE_ACTIONS:
            actions = [Action(*_SPACE_ACTIONS[space.kind], space)]
        else:
            actions = []
        if space.kind == "tax":
            text = f"Pay ${space.amount} {space.name} into the Pool."
            actions.append(Action("pay_tax", text, space, space.amount, "Pool"))
        elif space.kind == "tax_refund":
            amount = (self.situation.pool + 1) // 2
            text = f"Collect half the Pool, rounded up: ${amount}."
            actions.append(Action("collect_tax_refund", text, space, amount))
        elif space.kind == "bus_ticket":
            actions.append(self.voucher_draw(space, "Draw a Travel Voucher."))
        elif space.kind == "birthday_gift":
            text = (
                "Take $100 from the Bank or a Travel Voucher: your choice."
                if self.vouchers_left
                else "Take $100 from the Bank (no Travel Vouchers are left)."
            )
            actions.append(Action("birthday_gift", text, space, 100))
        elif space.kind == "reverse_direction":
            self.player = replace(self.player, reverse_direction=True)
        elif space.kind == "subway":
            self.player = replace(self.player, subway=True)
        elif space.kind == "holland_tunnel" and how != "tunnel":
            exit_ = self.board.tunnel_exit(space)
            assert exit_ is not None
            text = f"Holland Tunnel: go directly to the other Holland Tunnel ({exit_.track} track)."
            actions.append(Action("holland_tunnel", text, space))
            forced = lambda: self.tunnel(exit_)  # noqa: E731
        elif space.kind == "go_to_jail":
            forced = lambda: self.to_jail("You landed on Go To Jail", "R15")  # noqa: E731
        elif space.kind == "auction":
            if any(n not in self.situation.holdings for n in self.board.properties):
                text = "Auction: pick any unowned property for the Banker to auction."
                actions.append(Action("auction_any", text, space))
            else:
                forced = lambda: self.auction_move(parity_even)  # noqa: E731
        self.stop(actions)
        if forced is not None:
            forced()

    def property_actions(self, space: Space, how: str) -> list[Action]:
        holding = self.situation.holdings.get(space.name)
        actions = []
        loud = not self.quiet
        if holding is None:
            actions.append(
                Action(
                    "buy_or_auction",
                    f"{space.name} is for sale: buy it for ${space.price} or the Banker auctions it."
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
                    f"Pay {holding.owner} ${amount} rent for {space.name}{why}." if loud else "",
                    space,
                    amount,
                    holding.owner,
                )
            )
        if space.kind == "cab_company" and holding is not None and how != "taxi":
            fare, payee = taxi_fare(holding.owner, self.player.name)
            actions.append(
                Action(
                    "taxi_ride",
                    f"You may also pay ${fare} to {'the Pool' if payee == 'Pool' else payee} for a taxi ride to Free Parking, another cab company or any transit station."
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
        self.jump(
            exit_,
            f"Through the Holland Tunnel to the {exit_.track} track (no salary).",
            "M7",
            kind="tunnel",
        )
        self.land("tunnel")

    def auction_move(self, even: bool) -> None:
        """M10: every property is owned; move ahead to the highest rent you can reach."""
        ride = _by_parity(0 if even else 1)
        best: tuple[int, int] | None = None
        for n, pos in self.orbit(1, ride):
            if is_rent_owed(self.situation, pos, self.player.name):
                rent = rent_owed(
                    self.board,
                    self.situation,
                    pos,
                    self.player.name,
                    dice_total=self.dice_total or 0,
                )
                if best is None or rent > best[0]:
                    best = (rent, n)
        if best is None:
            self.notes.append(
                "Auction: every property is owned and none you can reach charges you rent, so you stay."
            )
            return
        parity = "even" if even else "odd"
        self.notes.append(
            f"Auction with every property owned: you move ahead ({parity} move rules) "
            "to the highest rent you can reach."
        )
        self.walk(
            best[1], 1, ride, Pay("roll", even), rule="M10", why=f"{parity.capitalize()} move"
        )
        self.land("roll", parity_even=even)

    # Result

    def result(self, headline: str, code: str, **params: Any) -> Resolution:
        """The resolution; ``headline`` in English for the referee, and as message ``code``."""
        return Resolution(
            player=self.player.name,
            start=self.start,
            steps=tuple(self.steps),
            stops=tuple(self.stops),
            salaries=tuple(self.salaries),
            follow_up=tuple(self.follow),
            explanation=() if self.quiet else (headline, *self.notes),
            landing=self.pos,
            in_jail=self.in_jail,
            after=replace(self.player, position=self.pos, in_jail=self.in_jail),
            code=code,
            params={k: v for k, v in params.items() if v is not None},
        )


def taxi_fare(owner: str, rider: str) -> tuple[int, str]:
    """P8: the fare and who gets it: $50 to the cab's owner, or $20 to the Pool for your own."""
    return (TAXI_FARE_OWN_CAB, "Pool") if owner == rider else (TAXI_FARE, owner)


def taxi_destinations(board: Board, cab: Space) -> tuple[Space, ...]:
    """P8: Free Parking, the other cab companies, and every transit station on its inner level."""
    free_parking = next(s for s in board.spaces if s.kind == "free_parking")
    cabs = tuple(s for s in board.spaces if s.kind == "cab_company" and s != cab)
    stations = tuple(
        min(spaces, key=lambda s: TRACKS.index(s.track))
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

    >>> from companion.rules.board import ultimate_board
    >>> from companion.rules.situation import Situation
    >>> board = ultimate_board()
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
    if roll.speed is None:
        raise BadRollError(
            "the speed die is missing: give the two regular dice and the speed die (1, 2, 3, mr or bus)"
        )
    if me.in_jail:
        if leave_jail == "bail":
            text = f"You pay ${BAIL} bail into the Pool before rolling all three dice."
            turn.then(Action("pay_bail", text, turn.pos, BAIL, "Pool"))
        else:
            text = "You hand in a Get Out of Jail Free card before rolling all three dice."
            turn.then(Action("use_jail_card", text, turn.pos))
        turn.player = me = replace(me, in_jail=False, jail_turns=0)
        turn.in_jail = False
    if roll.is_triples:
        return _triples(turn, roll, to)
    if roll.is_doubles and situation.doubles_this_turn >= 2:
        turn.to_jail("Third doubles this turn", "M5")
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
    parity = f"{'Even' if even else 'Odd'} move ({count})"
    ride = _by_parity(count)
    if me.transit_token:
        token_ride = ride
        ride = lambda s: s == me.position or token_ride(s)  # noqa: E731
        turn.notes.append("Transit Token: you change track as you leave the station.")
    missed_bus = backwards and roll.speed == "bus"
    if missed_bus:
        if me.vouchers:
            turn.player = replace(turn.player, vouchers=me.vouchers - 1)
            turn.then(
                Action(
                    "voucher_expires",
                    "You missed the bus: one of your Travel Vouchers expires and goes back to the Bank.",
                    None,
                )
            )
        else:
            turn.notes.append("You missed the bus, but you hold no Travel Voucher to lose.")
    turn.walk(count, direction, ride, Pay("roll", even), rule="M1", why=parity)
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
        _subway_ride(turn, to, "Your bonus move becomes the Subway ride")
    elif turn.player.subway:
        turn.player = replace(turn.player, subway=False)
        turn.then(
            Action(
                "choose_any_space",
                "Your bonus move becomes the Subway ride: choose any space on any track.",
                turn.pos,
            )
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
            )
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
    """M12: in jail, roll the two regular dice; doubles free you, the third failure costs $50."""
    me = turn.player
    if roll.speed is not None:
        raise IllegalMoveError(
            f"{me.name} is in jail and rolls only the two regular dice, "
            f"or leaves jail first (bail or a Get Out of Jail Free card) to roll all three"
        )
    attempt = me.jail_turns + 1
    if not roll.is_doubles and attempt < 3:
        turn.player = replace(me, jail_turns=attempt)
        turn.then(Action("end_turn", "No doubles: you stay in jail; your turn is over.", turn.pos))
        return turn.result(
            f"{roll}: no doubles on attempt {attempt} of 3, so you stay in jail.",
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
                f"Third failed roll: pay ${BAIL} bail into the Pool.",
                turn.pos,
                BAIL,
                "Pool",
            )
        )
        headline = f"{roll}: third failed roll, pay ${BAIL} bail and move {roll.regular}"
        code, bail = "move.jail_third", BAIL
    turn.player = replace(me, in_jail=False, jail_turns=0)
    turn.in_jail = False
    even = roll.regular % 2 == 0
    turn.walk(
        roll.regular,
        1,
        _by_parity(roll.regular),
        Pay("roll", even),
        rule="M12",
        why=f"{'Even' if even else 'Odd'} move ({roll.regular})",
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
            )
        )
        return turn.result(
            f"{roll}: triples! Choose any space to move to; you do not roll again.",
            "move.triples_choose",
            roll=roll.to_json(),
        )
    even = roll.spaces % 2 == 0
    if turn.situation.options.triples_pay_salaries:
        _advance_by_route(turn, to, Pay("roll", even), rule="M6", why="Triples route")
    else:
        turn.jump(
            to, f"Triples: move directly to {to.name} (house rule: no salaries on the way).", "M6"
        )
    turn.land("roll", parity_even=even)
    if not turn.in_jail:
        turn.then(Action("end_turn", "Triples end your move: no further roll.", turn.pos))
    return turn.result(
        f"{roll}: triples! Move ahead to {to.name}; you do not roll again.",
        "move.triples",
        roll=roll.to_json(),
        to=to.key,
    )


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
        goal = "unowned property"
    else:
        target = lambda s: is_rent_owed(situation, s, me)  # noqa: E731
        goal = "property where you owe rent"
    even = roll.regular % 2 == 0
    ride = _by_parity(roll.regular)
    where = "previous" if direction < 0 else "next"
    n = turn.distance(target, direction, ride)
    if n is None:
        turn.notes.append(
            f"Mr. Monopoly: no {goal} can be reached before coming back round, so you stay where you are."
        )
        return
    if landed_on_reverse:
        turn.player = replace(turn.player, reverse_direction=False)
        turn.notes.append(
            "Mr. Monopoly after Reverse Direction: the bonus move goes backwards now."
        )
    parity = f"{'Even' if even else 'Odd'} regular dice ({roll.regular})"
    if not turn.quiet:
        how = "riding transit stations" if even else "staying on this track"
        turn.notes.append(
            f"Mr. Monopoly: bonus move to the {where} {goal}, {how} (the regular dice make {roll.regular})."
        )
    turn.walk(n, direction, ride, HIGHEST, rule="M3", why=parity)
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
    where = "previous" if direction < 0 else "next"
    ride = _by_parity(roll.regular)
    owed = lambda s: is_rent_owed(sold, s, me)  # noqa: E731
    n = turn.distance(owed, direction, ride)
    unsold = (
        f"If nobody bids for {last.name}, it stays with the Bank (B2): no other unowned property "
        f"can be reached before coming back round to it, so you stay on {last.name}."
    )
    if n is None:
        turn.notes.append(
            f"Mr. Monopoly: {last.name} is the last unowned property. If you buy it or it is sold "
            f"at auction, no property is left unowned and no property where you owe rent can be reached "
            f"before coming back round, so you stay on {last.name} (R16)."
        )
        turn.then(Action("if_unsold", unsold, last))
        return
    target = turn.find(owed, direction, ride)
    assert target is not None
    dest = target[1]
    owner = sold.holdings[dest.name].owner
    how = "riding transit stations" if roll.regular % 2 == 0 else "staying on this track"
    turn.notes.append(
        f"Mr. Monopoly: {last.name} is the last unowned property. If you buy it or it is sold at "
        f"auction, no property is left unowned: Mr. Monopoly then moves you to the {where} property where "
        f"you owe rent, {dest.name}, {how} (the regular dice make {roll.regular}; R16)."
    )
    turn.then(Action("if_unsold", unsold, last))
    if dest.kind != "utility":
        theirs = replace(
            sold,
            holdings=MappingProxyType({**sold.holdings, last.name: Holding(owner)}),
        )
        mine = rent_owed(turn.board, sold, dest, me, dice_total=0)
        if_theirs = rent_owed(turn.board, theirs, dest, me, dice_total=0)
        if if_theirs != mine:
            turn.notes.append(
                f"If {owner} wins {last.name} at the auction, the rent on {dest.name} is "
                f"${if_theirs * turn.rent_factor} instead."
            )
    turn.if_sold = last
    parity = f"{'Even' if roll.regular % 2 == 0 else 'Odd'} regular dice ({roll.regular})"
    turn.walk(target[0], direction, ride, HIGHEST, rule="M3", why=parity)
    turn.land("bonus")


def _bus(turn: _Turn, roll: Roll, choice: Literal["move", "voucher"] | None) -> None:
    """M4: take a Travel Voucher, or move to the nearest Chance or Community Chest ahead."""
    ride = _by_parity(roll.regular)
    found = turn.find(lambda s: s.kind in ("chance", "community_chest"), 1, ride)
    assert found is not None, "every track has a Chance or Community Chest space"
    n, dest = found
    if turn.vouchers_left and choice != "move":
        if choice == "voucher":
            turn.then(turn.voucher_draw(turn.pos, "Bus: you take a Travel Voucher."))
        else:
            text = f"Bus: take a Travel Voucher, or move to {dest.name} ({dest.track} track)."
            turn.then(Action("bus_option", text, dest))
        return
    if not turn.vouchers_left:
        turn.notes.append("Bus: no Travel Vouchers are left, so you make the move.")
    even = roll.regular % 2 == 0
    turn.notes.append("Bus: move to the nearest Chance or Community Chest ahead.")
    turn.walk(
        n,
        1,
        ride,
        HIGHEST,
        rule="M4",
        why=f"{'Even' if even else 'Odd'} regular dice ({roll.regular})",
    )
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


def _advance_by_route(turn: _Turn, to: Space, pay: Pay, *, rule: str, why: str) -> None:
    route = forward_route(turn.board, turn.pos, to)
    if route is None:
        turn.jump(to, f"{why}: move to {to.name}.", rule)
        return
    count, rides = route
    turn.walk(count, 1, lambda s: s.key in rides, pay, rule=rule, why=why)


def _subway_ride(turn: _Turn, to: Space, why: str) -> None:
    turn.jump(
        to,
        f"{why}: go directly to {to.name} ({to.track} track), no salary on the way.",
        "R8",
        kind="subway",
    )
    turn.land("direct")


def resolve_subway(
    board: Board, situation: Situation, to: Space, *, player: str | None = None
) -> Resolution:
    """The ride of a player who landed on the Subway: directly to any space."""
    me = situation.player(player)
    if not me.subway:
        raise IllegalMoveError(
            f"{me.name} has not landed on the Subway, so there is no Subway ride to take"
        )
    turn = _Turn(board, situation, replace(me, subway=False))
    _subway_ride(turn, to, "Subway ride")
    turn.then(Action("end_turn", "Your move is over.", turn.pos))
    return turn.result(f"Subway: ride directly to {to.name}.", "move.subway", to=to.key)


def resolve_taxi(
    board: Board, situation: Situation, to: Space, *, player: str | None = None
) -> Resolution:
    """P8: the taxi ride from an owned cab company."""
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
    turn = _Turn(board, situation, me)
    fare, payee = taxi_fare(owner, me.name)
    turn.then(
        Action(
            "pay_taxi_fare",
            f"Pay ${fare} to {'the Pool' if payee == 'Pool' else payee} for the ride.",
            cab,
            fare,
            payee,
        )
    )
    turn.jump(
        to,
        f"Taxi ride: go directly to {to.name} ({to.track} track); no rent there.",
        "P8",
        kind="taxi",
    )
    turn.land("taxi")
    turn.then(Action("continue_turn", "Continue your turn from here.", turn.pos))
    return turn.result(
        f"Taxi ride from {cab.name} to {to.name}.", "move.taxi", **{"from": cab.key, "to": to.key}
    )


# -- Cards and Travel Vouchers --------------------------------------------------------------


def _advance_to(
    turn: _Turn, target: Callable[[Space], bool], pay: Pay, *, why: str, rule: str = "M9"
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
    for track in sorted(tracks, key=TRACKS.index):
        goal = TRACKS.index(track)

        def ride(station: Space, goal: int = goal) -> bool:
            twin = board.twin(station)
            assert twin is not None
            return abs(TRACKS.index(twin.track) - goal) < abs(TRACKS.index(station.track) - goal)

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
) -> Resolution:
    """Where a Chance or Community Chest card sends the player who drew (or plays) it.

    ``to`` answers a card that lets the player choose a space, ``roll`` a card that asks for a
    new roll of two dice, ``option`` (1 or 2) a card that offers two moves.
    """
    me = situation.player(player)
    turn = _Turn(board, situation, me)
    headline = f"{card.title}: {card.effect}"
    if card.move is None:
        turn.then(Action("card_effect", card.effect, turn.pos))
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
    return turn.result(headline, "move.card", card=card.id)


def _card_advance(turn: _Turn, card: Card, target: Callable[[Space], bool]) -> bool:
    """A card's "advance to" (M9). R11: a card that sends you where you stand leaves you there,
    and a pay corner pays its landing salary. False when no space matches."""
    if target(turn.pos):
        turn.notes.append(f"{card.title}: you are on {turn.pos.name} already, so you stay (R11).")
        if turn.pos.salary is not None:
            turn.earn(CARD.landing(turn.pos.salary), landed=True, rule=CARD.rule)
        return True
    return _advance_to(turn, target, CARD, why=card.title)


def _describe_move(move: dict) -> str:
    if move["kind"] == "jail":
        return "go to jail"
    return f"{move['kind'].replace('_', ' ')} {move.get('to', '')}".strip()


def _card_move(turn: _Turn, card: Card, move: dict, to: Space | None, roll: Roll | None) -> None:
    board, situation = turn.board, turn.situation
    kind = move["kind"]
    why = card.title
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
            turn.notes.append(f"{card.title}: no such space is left, so you stay where you are.")
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
        turn.jump(board.space(move["to"]), f"{card.title}: move directly to {move['to']}.", "M9")
        turn.land("direct")
    elif kind == "direct_nearest":
        kinds = set(move["kinds"])
        probe = _Turn(board, situation, turn.player)
        _advance_to(probe, lambda s: s.kind in kinds, CARD, why=why)
        turn.rent_factor = 2
        turn.jump(probe.pos, f"{card.title}: move directly to {probe.pos.name}.", "M9")
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
        turn.to_jail(card.title, "M9")
    elif kind == "jail_if":
        me = turn.player
        if move["condition"] == "holds_stock":
            applies = any(me.shares.values())
            reason = "you hold stock" if applies else "you hold no stock, so you stay"
        else:
            applies = not any(h.owner == me.name for h in situation.holdings.values())
            reason = "you own no property" if applies else "you own property, so you stay"
        if applies:
            turn.to_jail(f"{card.title} ({reason})", "M9")
        else:
            turn.notes.append(f"{card.title}: {reason}.")
    elif kind == "lap":
        track = board.track(turn.pos.track)
        turn.walk(len(track), 1, _never, CARD, rule="M9", why=why)
        turn.notes.append(
            f"{card.title}: a full lap of the {turn.pos.track} track brings you back to {turn.pos.name}."
        )
    elif kind == "lane":
        dest = board.lane(turn.pos, move["lane"])
        if dest is None:
            edge = "inner" if move["lane"] == "above" else "outer"
            turn.notes.append(
                f"{card.title}: you are on the {edge} track already, so nothing happens."
            )
        else:
            turn.jump(
                dest, f"{card.title}: move directly to {dest.name} on the {dest.track} track.", "M9"
            )
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
            turn.jump(to, f"{card.title}: move directly to {to.name}.", "M9")
            turn.land("direct")
        else:
            _card_advance(turn, card, lambda s: board.same_place(s, to))
            turn.land("card")
    elif kind == "all_players_direct":
        dest = board.space(move["to"])
        turn.jump(dest, f"{card.title}: move directly to {dest.name}.", "M9")
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
            why=f"{'Even' if count % 2 == 0 else 'Odd'} move back ({count})",
        )
        turn.land("card")
    else:
        raise ValueError(f"card data: unknown move kind {kind!r} on {card.id!r}")


def side_end(board: Board, space: Space) -> Space:
    """The corner that ends the side ``space`` is on (a corner starts the next side)."""
    length = len(board.track(space.track))
    side = length // 4
    return board.at(space.track, (space.index // side + 1) * side % length)


def resolve_voucher(
    board: Board,
    situation: Situation,
    voucher: Voucher,
    *,
    player: str | None = None,
    to: Space | None = None,
    ride: bool = False,
) -> Resolution:
    """A Travel Voucher played: normal movement, highest salaries (rules: Using Travel Vouchers)."""
    me = situation.player(player)
    if me.reverse_direction:
        raise IllegalMoveError(
            f"{me.name} landed on Reverse Direction and may not use a Travel Voucher on this move (M11)"
        )
    if situation.voucher_played_this_turn:
        raise IllegalMoveError(
            f"{me.name} has played a Travel Voucher this turn already: only one per turn"
        )
    if me.vouchers < 1:
        raise IllegalMoveError(f"{me.name} holds no Travel Voucher")
    turn = _Turn(board, situation, replace(me, vouchers=me.vouchers - 1))
    how = "voucher"
    if voucher.kind == "free_cab_fare":
        count, direction = abs(voucher.steps), (1 if voucher.steps > 0 else -1)
        policy = _always if ride else _never
        turn.walk(count, direction, policy, HIGHEST, rule="R13", why="You chose to change track")
        other = _Turn(board, situation, me)
        other.walk(count, direction, _never if ride else _always, HIGHEST, rule="R13", why="")
        if other.pos != turn.pos:
            turn.notes.append(
                f"You could instead {'stay on' if ride else 'change'} track at the transit station and end on {other.pos.name} ({other.pos.key})."
            )
    else:
        along = [pos for _, pos in turn.orbit(1, _never)]  # the rest of this track, in order
        if voucher.kind == "bus_ticket":
            end = side_end(board, me.position)
            ahead = along[: along.index(end) + 1]
            what = f"a space ahead on this side of the {me.position.track} track, up to {end.name}"
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
        turn.walk(along.index(to) + 1, 1, _never, HIGHEST, rule="R13", why=voucher.title)
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
    if voucher.expires_others:
        turn.then(
            Action(
                "expire_vouchers",
                "Every other Travel Voucher held by any player expires and goes back to the Bank.",
                turn.pos,
            )
        )
    turn.then(Action("continue_turn", "Carry on with your turn.", turn.pos))
    return turn.result(
        f"{voucher.label}: move to {turn.pos.name}.",
        "move.voucher",
        voucher=voucher.id,
        to=turn.pos.key,
    )
