"""The table situation: what the referee needs to know about a game in progress.

The JSON form is documented in ``docs/situation.md``; a game in progress exports the same
format (``GameState.situation().to_json()``). Parsing validates everything and raises
:class:`BadSituationError` naming the field, the bad value and what is allowed; a parsed
:class:`Situation` is immutable.

>>> s = Situation.parse({"players": [{"name": "Ann", "position": "GO"}]})
>>> s.player("Ann").position
Space('middle:0', 'GO')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.errors import BadSituationError, CompanionError
from companion.rules.board import Board, Space, ultimate_board
from companion.rules.cards import card_deck

FORMAT_VERSION = 1
#: Building levels of a street, in the order of its rent list.
BUILDING_LEVELS = ("none", "1 house", "2 houses", "3 houses", "4 houses", "hotel", "skyscraper")
TRAVEL_VOUCHERS_IN_GAME = 36
SHARES_PER_COMPANY = 5


@dataclass(frozen=True, slots=True)
class Options:
    """House rules the referee applies (see ``docs/rulings.md``)."""

    #: M6: a triples move pays the salaries of pay corners passed on the route shown.
    triples_pay_salaries: bool = True


@dataclass(frozen=True, slots=True)
class Holding:
    """An owned property: who owns it and what stands on it."""

    owner: str
    mortgaged: bool = False
    #: Streets: index into :data:`BUILDING_LEVELS` (0 none ... 5 hotel, 6 skyscraper).
    level: int = 0
    #: Railroads: a train depot; cab companies: a cab stand.
    improved: bool = False


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    position: Space
    in_jail: bool = False
    #: Failed attempts to roll doubles in jail so far (0 to 2).
    jail_turns: int = 0
    #: Landed on Reverse Direction: the next move goes backwards.
    reverse_direction: bool = False
    #: Landed on the Subway: the next move is a ride to any space.
    subway: bool = False
    #: Played a Transit Token: the next move starts by changing track.
    transit_token: bool = False
    #: P10: everyone starts with one Travel Voucher.
    vouchers: int = 1
    shares: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Situation:
    players: tuple[Player, ...]
    to_move: str
    holdings: Mapping[str, Holding] = field(default_factory=lambda: MappingProxyType({}))
    doubles_this_turn: int = 0
    voucher_played_this_turn: bool = False
    vouchers_left: int = TRAVEL_VOUCHERS_IN_GAME
    pool: int = 0
    options: Options = Options()

    @classmethod
    def fresh(cls, position: Space, *, name: str = "Player") -> Situation:
        """The default situation: one player on ``position``, nothing owned, first roll."""
        player = Player(name=name, position=position)
        return cls(players=(player,), to_move=name, vouchers_left=TRAVEL_VOUCHERS_IN_GAME - 1)

    @classmethod
    def load(
        cls,
        path: str | Path,
        board: Board | None = None,
        *,
        player: str | None = None,
        position: Space | None = None,
    ) -> Situation:
        """Read a situation file; ``position`` first puts ``player`` (default: the player to
        move) there, so that the result is checked like any other situation."""
        data = _read_json(path)
        if position is not None:
            _place(data, player, position)
        return cls.parse(data, board)

    @classmethod
    def parse(cls, data: Any, board: Board | None = None) -> Situation:
        """Build a situation from its JSON form (see ``docs/situation.md``)."""
        return _Parser(board or ultimate_board()).situation(data)

    def player(self, name: str | None = None) -> Player:
        """The named player, or the player to move."""
        wanted = self.to_move if name is None else name
        for p in self.players:
            if p.name.casefold() == wanted.casefold():
                return p
        names = ", ".join(repr(p.name) for p in self.players)
        raise BadSituationError(f"no player named {wanted!r}; the players are {names}")

    def owner(self, property_name: str) -> str | None:
        holding = self.holdings.get(property_name)
        return holding.owner if holding else None

    def to_json(self) -> dict[str, Any]:
        """The JSON form that :meth:`parse` reads back (``docs/situation.md``)."""
        board = ultimate_board()
        properties: dict[str, dict[str, Any]] = {}
        for name, h in self.holdings.items():
            entry: dict[str, Any] = {"owner": h.owner}
            if h.mortgaged:
                entry["mortgaged"] = True
            if h.level:
                entry["buildings"] = BUILDING_LEVELS[h.level]
            if h.improved:
                kind = board.properties[name][0].kind
                entry["depot" if kind == "railroad" else "cab_stand"] = True
            properties[name] = entry
        return {
            "version": FORMAT_VERSION,
            "players": [
                {
                    "name": p.name,
                    "position": p.position.key,
                    "in_jail": p.in_jail,
                    "jail_turns": p.jail_turns,
                    "reverse_direction": p.reverse_direction,
                    "subway": p.subway,
                    "transit_token": p.transit_token,
                    "vouchers": p.vouchers,
                    "shares": dict(p.shares),
                }
                for p in self.players
            ],
            "to_move": self.to_move,
            "properties": properties,
            "doubles_this_turn": self.doubles_this_turn,
            "voucher_played_this_turn": self.voucher_played_this_turn,
            "vouchers_left": self.vouchers_left,
            "pool": self.pool,
            "options": {f.name: getattr(self.options, f.name) for f in fields(self.options)},
        }


def _read_json(path: str | Path) -> Any:
    try:
        text = Path(path).read_text("utf-8")
    except UnicodeDecodeError:
        raise BadSituationError(f"situation file {str(path)!r} is not UTF-8 text") from None
    except OSError as exc:
        raise BadSituationError(
            f"cannot read situation file {str(path)!r}: {exc.strerror}"
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadSituationError(
            f"situation file {str(path)!r} is not valid JSON: {exc.msg} at line {exc.lineno}"
        ) from None
    except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting 1,000 deep
        raise BadSituationError(f"situation file {str(path)!r} cannot be read: {exc}") from None


def _place(data: Any, name: str | None, position: Space) -> None:
    """Put the named player (or the player to move) on ``position`` in a situation's JSON."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        return  # malformed: the parser says what is wrong
    players = [p for p in data["players"] if isinstance(p, dict)]
    wanted = name or data.get("to_move") or (players[0].get("name") if players else None)
    for p in players:
        if isinstance(wanted, str) and str(p.get("name", "")).casefold() == wanted.casefold():
            p["position"] = position.key


class _Parser:
    """Validates the JSON form field by field; every message names the field's path."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def fail(self, where: str, message: str) -> BadSituationError:
        return BadSituationError(f"situation: {where}: {message}")

    def obj(self, value: Any, where: str, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {json.dumps(value)[:40]}")
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(
                where, f"unknown key {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}"
            )
        return value

    def integer(self, value: Any, where: str, low: int, high: int | None = None) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < low
            or (high is not None and value > high)
        ):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise self.fail(where, f"{json.dumps(value)[:40]} is not a whole number {span}")
        return value

    def boolean(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"{json.dumps(value)[:40]} is not true or false")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"{json.dumps(value)[:40]} is not a non-empty string")
        return value.strip()

    def space(self, value: Any, where: str) -> Space:
        try:
            return self.board.space(self.text(value, where))
        except CompanionError as exc:
            raise self.fail(where, str(exc)) from None

    def situation(self, data: Any) -> Situation:
        data = self.obj(
            data,
            "top level",
            {
                "version",
                "players",
                "to_move",
                "properties",
                "doubles_this_turn",
                "voucher_played_this_turn",
                "vouchers_left",
                "pool",
                "options",
            },
        )
        version = data.get("version", FORMAT_VERSION)
        if isinstance(version, bool) or version != FORMAT_VERSION:
            raise self.fail(
                "version",
                f"{version!r} is not supported; this companion reads version {FORMAT_VERSION}",
            )
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not raw_players:
            raise self.fail(
                "players",
                f"expected a list of at least one player, got {json.dumps(raw_players)[:40]}",
            )
        players = tuple(self.player(p, f"players[{i}]") for i, p in enumerate(raw_players))
        names = [p.name.casefold() for p in players]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise self.fail(
                    f"players[{i}].name",
                    f"{players[i].name!r} is the name of another player already",
                )
        for company in card_deck().stock_names:
            held_shares = sum(p.shares.get(company, 0) for p in players)
            if held_shares > SHARES_PER_COMPANY:
                raise self.fail(
                    "players",
                    f"{held_shares} shares of {company!r} are held; there are only {SHARES_PER_COMPANY}",
                )
        to_move = self.text(data.get("to_move", players[0].name), "to_move")
        if to_move.casefold() not in names:
            raise self.fail("to_move", f"{to_move!r} is not one of the players")
        to_move = players[names.index(to_move.casefold())].name
        holdings = self.holdings(
            data.get("properties", {}), {p.name.casefold(): p.name for p in players}
        )
        self.check_buildings(holdings)
        held = sum(p.vouchers for p in players)
        default_left = max(0, TRAVEL_VOUCHERS_IN_GAME - held)
        vouchers_left = self.integer(
            data.get("vouchers_left", default_left), "vouchers_left", 0, TRAVEL_VOUCHERS_IN_GAME
        )
        if vouchers_left + held > TRAVEL_VOUCHERS_IN_GAME:
            raise self.fail(
                "vouchers_left",
                f"{vouchers_left} left plus {held} held is more than the {TRAVEL_VOUCHERS_IN_GAME} in the game",
            )
        return Situation(
            players=players,
            to_move=to_move,
            holdings=MappingProxyType(holdings),
            doubles_this_turn=self.integer(
                data.get("doubles_this_turn", 0), "doubles_this_turn", 0, 2
            ),
            voucher_played_this_turn=self.boolean(
                data.get("voucher_played_this_turn", False), "voucher_played_this_turn"
            ),
            vouchers_left=vouchers_left,
            pool=self.integer(data.get("pool", 0), "pool", 0),
            options=self.options(data.get("options", {})),
        )

    def options(self, data: Any) -> Options:
        names = {f.name for f in fields(Options)}
        data = self.obj(data, "options", names)
        return Options(**{k: self.boolean(v, f"options.{k}") for k, v in data.items()})

    def player(self, data: Any, where: str) -> Player:
        data = self.obj(
            data,
            where,
            {
                "name",
                "position",
                "in_jail",
                "jail_turns",
                "reverse_direction",
                "subway",
                "transit_token",
                "vouchers",
                "shares",
            },
        )
        name = self.text(data.get("name"), f"{where}.name")
        if "position" not in data:
            raise self.fail(f"{where}.position", "missing: give a space name or TRACK:INDEX")
        in_jail = self.boolean(data.get("in_jail", False), f"{where}.in_jail")
        position = self.space(data["position"], f"{where}.position")
        if in_jail and position != self.board.jail:
            raise self.fail(
                f"{where}.position",
                f"a player in jail is on {self.board.jail.name!r}, not {position.name!r}",
            )
        # P10: everyone starts with one Travel Voucher.
        vouchers = data.get("vouchers", 1)
        if isinstance(vouchers, list):
            for i, voucher_id in enumerate(vouchers):
                if not isinstance(voucher_id, str) or voucher_id not in card_deck().vouchers:
                    raise self.fail(
                        f"{where}.vouchers[{i}]",
                        f"{json.dumps(voucher_id)[:40]} is not a Travel Voucher id "
                        "('companion referee cards' lists them)",
                    )
            vouchers = len(vouchers)
        transit_token = self.boolean(data.get("transit_token", False), f"{where}.transit_token")
        if transit_token and not self.board.is_station(position):
            raise self.fail(
                f"{where}.transit_token",
                f"a Transit Token leaves from a transit station, and the player is on {position.name!r}",
            )
        subway = self.boolean(data.get("subway", False), f"{where}.subway")
        if subway and position.kind != "subway":
            raise self.fail(
                f"{where}.subway",
                f"a Subway ride starts on the Subway, and the player is on {position.name!r}",
            )
        jail_turns = self.integer(data.get("jail_turns", 0), f"{where}.jail_turns", 0, 2)
        if jail_turns and not in_jail:
            raise self.fail(
                f"{where}.jail_turns",
                f"{jail_turns} failed rolls in jail, but the player is not in jail",
            )
        shares = self.obj(data.get("shares", {}), f"{where}.shares", set(card_deck().stock_names))
        return Player(
            name=name,
            position=position,
            in_jail=in_jail,
            jail_turns=jail_turns,
            reverse_direction=self.boolean(
                data.get("reverse_direction", False), f"{where}.reverse_direction"
            ),
            subway=subway,
            transit_token=transit_token,
            vouchers=self.integer(vouchers, f"{where}.vouchers", 0, TRAVEL_VOUCHERS_IN_GAME),
            shares=MappingProxyType(
                {k: self.integer(v, f"{where}.shares.{k}", 0, 5) for k, v in shares.items()}
            ),
        )

    def holdings(self, data: Any, players: dict[str, str]) -> dict[str, Holding]:
        data = self.obj(data, "properties", set(self.board.properties))
        holdings = {}
        for name, raw in data.items():
            where = f"properties.{name}"
            raw = self.obj(raw, where, {"owner", "mortgaged", "buildings", "depot", "cab_stand"})
            owner = self.text(raw.get("owner"), f"{where}.owner")
            if owner.casefold() not in players:
                raise self.fail(f"{where}.owner", f"{owner!r} is not one of the players")
            kind = self.board.properties[name][0].kind
            level = 0
            if "buildings" in raw:
                if kind != "street":
                    raise self.fail(
                        f"{where}.buildings",
                        f"only streets have houses; {name!r} is a {kind.replace('_', ' ')}",
                    )
                if raw["buildings"] not in BUILDING_LEVELS:
                    raise self.fail(
                        f"{where}.buildings",
                        f"{raw['buildings']!r} is not one of {', '.join(BUILDING_LEVELS)}",
                    )
                level = BUILDING_LEVELS.index(raw["buildings"])
            improved = False
            for key, needs in (("depot", "railroad"), ("cab_stand", "cab_company")):
                if key in raw:
                    if kind != needs:
                        raise self.fail(
                            f"{where}.{key}",
                            f"{name!r} is a {kind.replace('_', ' ')}, not a {needs.replace('_', ' ')}",
                        )
                    improved = self.boolean(raw[key], f"{where}.{key}")
            mortgaged = self.boolean(raw.get("mortgaged", False), f"{where}.mortgaged")
            if mortgaged and (level or improved):
                raise self.fail(where, "a mortgaged property has no buildings")
            holdings[name] = Holding(players[owner.casefold()], mortgaged, level, improved)
        return holdings

    def check_buildings(self, holdings: dict[str, Holding]) -> None:
        """P2: houses and hotels need a majority of the group, skyscrapers the whole group, and
        a mortgaged lot blocks building anywhere in its group."""
        for name, holding in holdings.items():
            if not holding.level:
                continue
            where = f"properties.{name}.buildings"
            group = self.board.group_of(name)
            mine = [n for n in group if n in holdings and holdings[n].owner == holding.owner]
            skyscraper = holding.level == len(BUILDING_LEVELS) - 1
            needed = len(group) if len(group) == 2 or skyscraper else len(group) - 1
            if len(mine) < needed:
                raise self.fail(
                    where,
                    f"{BUILDING_LEVELS[holding.level]!r} needs {needed} of the {len(group)} lots of "
                    f"the group, and {holding.owner} owns {len(mine)}",
                )
            mortgaged = [n for n in group if n in holdings and holdings[n].mortgaged]
            if mortgaged:
                raise self.fail(
                    where, f"{mortgaged[0]!r} in the same group is mortgaged, which blocks building"
                )
