"""The table situation: what the referee and the banker need to know about a game in progress.

The JSON form is documented in ``docs/situation.md``; a game in progress exports the same
format (``companion.banker.start.table_situation``). Parsing validates everything and raises
:class:`BadSituationError` naming the field, the bad value and what is allowed
(``companion.rules.situation_reader``); a parsed :class:`Situation` is immutable.

>>> s = Situation.parse({"players": [{"name": "Ann", "position": "GO", "cash": 1200}]})
>>> s.player("Ann").position, s.player("Ann").cash, s.building_stock()["hotels"]
(Space('middle:0', 'GO'), 1200, 31)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.editions import Edition, edition, of_game
from companion.errors import BadSituationError
from companion.frozen import fast_init
from companion.rules.board import Space
from companion.rules.situation_reader import FORMAT_VERSION, parse_json, read_json, read_situation
from companion.rules.table import (
    BUILDING_LEVELS,
    EMPTY,
    UNNAMED_VOUCHER,
    Holding,
    Options,
    Player,
    building_stock,
)

__all__ = [
    "BUILDING_LEVELS",
    "FORMAT_VERSION",
    "Holding",
    "Options",
    "Player",
    "Situation",
    "parse_json",
    "read_json",
]


@fast_init
@dataclass(frozen=True, slots=True)
class Situation:
    #: In turn order, bankrupt players included (flagged).
    players: tuple[Player, ...]
    to_move: str
    holdings: Mapping[str, Holding] = field(default_factory=lambda: MappingProxyType({}))
    doubles_this_turn: int = 0
    voucher_played_this_turn: bool = False
    vouchers_left: int = 0
    pool: int = 0
    options: Options = Options()
    #: Travel Vouchers left to draw by id, when the players' vouchers are given by id.
    vouchers_left_by_id: Mapping[str, int] | None = None
    #: Payouts left at half rate ("Video Killed the Radio Star"), by company.
    dividend_cuts: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    #: The banker's decision and agenda as its log stores them (``docs/situation.md``).
    pending: Mapping[str, Any] | None = None
    #: The edition played (a situation that names none is Ultimate's, as a game log that
    #: names none).
    edition: Edition = field(default_factory=edition)

    @classmethod
    def fresh(
        cls, position: Space, *, name: str = "Player", edition: Edition | None = None
    ) -> Situation:
        """The default situation of ``edition`` (Ultimate's if none): one player on
        ``position``, nothing owned, first roll (one Travel Voucher dealt)."""
        played = edition or of_game(None)
        player = Player(name=name, position=position, vouchers=(UNNAMED_VOUCHER,))
        vouchers = max(0, played.numbers.travel_vouchers_in_game - 1)
        return cls(players=(player,), to_move=name, vouchers_left=vouchers, edition=played)

    @classmethod
    def load(
        cls,
        path: str | Path,
        edition: Edition | None = None,
        *,
        player: str | None = None,
        position: Space | str | None = None,
    ) -> Situation:
        """Read a situation file; ``position`` (a space, or its name on the board the file
        names) first puts ``player`` (default: the player to move) there, so that the result
        is checked like any other situation."""
        data = read_json(path)
        if isinstance(position, str):
            position = _edition_of(data, edition).board.space(position)
        if position is not None:
            _place(data, player, position)
        return cls.parse(data, edition)

    @classmethod
    def parse(cls, data: Any, edition: Edition | None = None) -> Situation:
        """Build a situation from its JSON form (see ``docs/situation.md``), a table of the
        edition its ``edition`` field names, else of ``edition``, else of Ultimate, on the
        regional board its ``board`` field names (E8), else on that edition's.

        >>> Situation.parse({"edition": "classic", "board": "fr",
        ...                  "players": [{"name": "Ann", "position": "Rue de la Paix"}]}).player().position
        Space('board:39', 'Rue de la Paix')
        """
        return cls(**read_situation(data, _edition_of(data, edition)))

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

    def building_stock(self) -> dict[str, int]:
        """D3: the buildings left in the Bank: the supply less what stands on the board (a
        hotel's houses went back to the Bank when it was built)."""
        return building_stock(self.holdings, self.edition.board)

    def shares_left(self) -> dict[str, int]:
        """The Bank's shares of each company: the 5 less those the players hold."""
        return {
            c: self.edition.numbers.shares_per_company
            - sum(p.shares.get(c, 0) for p in self.players)
            for c in self.edition.deck.stock_names
        }

    def roll_three_left(self) -> int:
        """D4: the Roll Three cards still in the deck."""
        size = self.edition.roll_three_deck(self.options.roll_three_action_cards)[0]
        return size - sum(len(p.roll_three) for p in self.players)

    def cards_out(self) -> dict[str, int]:
        """Kept Chance and Community Chest cards out of their deck, by id."""
        out: dict[str, int] = {}
        for p in self.players:
            for card in p.cards:
                out[card] = out.get(card, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        """The JSON form that :meth:`parse` reads back (``docs/situation.md``)."""
        board = self.edition.board
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
        data: dict[str, Any] = {
            "version": FORMAT_VERSION,
            "edition": self.edition.id,
            **({"board": self.edition.region} if self.edition.region else {}),
            "players": [_player_json(p) for p in self.players],
            "to_move": self.to_move,
            "properties": properties,
            "doubles_this_turn": self.doubles_this_turn,
            "voucher_played_this_turn": self.voucher_played_this_turn,
            "vouchers_left": self.vouchers_left
            if self.vouchers_left_by_id is None
            else dict(self.vouchers_left_by_id),
            "pool": self.pool,
            "options": {f.name: getattr(self.options, f.name) for f in fields(self.options)},
            "building_stock": self.building_stock(),
            "shares_left": self.shares_left(),
            "roll_three_left": self.roll_three_left(),
            "dividend_cuts": dict(self.dividend_cuts),
        }
        if self.pending is not None:
            data["pending"] = _plain(self.pending)
        return data


def _edition_of(data: Any, edition: Edition | None) -> Edition:
    """The edition of a situation's JSON form: its ``edition`` field's, else ``edition``, else
    Ultimate, on the regional board its ``board`` field names (E8), else on that edition's."""
    named = data.get("edition") if isinstance(data, Mapping) else None
    board = data.get("board") if isinstance(data, Mapping) else None
    for field_name, value in (("edition", named), ("board", board)):
        if value is not None and not isinstance(value, str):
            raise BadSituationError(
                f"situation: {field_name}: expected an {field_name} id, not {value!r}"
            )
    if named is not None:
        try:
            edition = of_game({"id": named})
        except LookupError as exc:
            raise BadSituationError(f"situation: edition: {exc}") from None
    if board is not None:
        try:
            edition = (edition or of_game(None)).on_board(board)
        except LookupError as exc:
            raise BadSituationError(f"situation: board: {exc}") from None
    return edition or of_game(None)


def _plain(value: Any) -> Any:
    """A JSON value with its read-only mappings made plain objects (a copy)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _player_json(p: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"name": p.name}
    for key in ("token", "colour"):
        if getattr(p, key) is not None:
            data[key] = getattr(p, key)
    data.update(
        position=p.position.key,
        in_jail=p.in_jail,
        jail_turns=p.jail_turns,
        reverse_direction=p.reverse_direction,
        subway=p.subway,
        transit_token=p.transit_token,
        vouchers=list(p.vouchers) if p.vouchers_named else len(p.vouchers),
        shares=dict(p.shares),
    )
    if p.cash is not None:
        data["cash"] = p.cash
    data.update(
        cards=list(p.cards),
        roll_three=list(p.roll_three),
        mortgaged_shares=dict(p.mortgaged_shares),
        rent_to_pool=p.rent_to_pool,
        skip_turns=p.skip_turns,
        bankrupt=p.bankrupt,
    )
    return data


def _place(data: Any, name: str | None, position: Space) -> None:
    """Put the named player (or the player to move) on ``position`` in a situation's JSON."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        return  # malformed: the parser says what is wrong
    players = [p for p in data["players"] if isinstance(p, dict)]
    wanted = name or data.get("to_move") or (players[0].get("name") if players else None)
    for p in players:
        if isinstance(wanted, str) and str(p.get("name", "")).casefold() == wanted.casefold():
            p["position"] = position.key
