"""Reading a table situation's JSON (``docs/situation.md``) field by field.

Every refusal is one :class:`BadSituationError` line naming the field's path, quoting the bad
value and saying what is allowed: ``situation: players[1].cash: -5 is not a whole number of at
least 0``. A table that cannot happen is refused the same way, naming the field that breaks it:
a card held twice, more buildings than the Bank's supply (D3), a sixth share, money that does not
add up.

>>> from companion.editions import edition
>>> read_situation({"players": [{"name": "Ann", "position": "GO"}]}, edition("ultimate"))["to_move"]
'Ann'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.errors import BadSituationError, CompanionError

if TYPE_CHECKING:
    from companion.editions import Edition
from companion.rules.board import Space
from companion.rules.table import (
    BUILDING_LEVELS,
    MAX_MONEY,
    UNNAMED_VOUCHER,
    Holding,
    Options,
    Player,
    building_piles,
)

FORMAT_VERSION = 1


def read_situation(data: Any, edition: Edition) -> dict[str, Any]:
    """The fields of a :class:`companion.rules.situation.Situation` read from ``data``, a
    table of ``edition``."""
    return {**_Parser(edition).situation(data), "edition": edition}


def read_json(path: str | Path) -> Any:
    """The JSON in a situation file; a file that cannot be read, is not JSON or gives a key
    twice in one object is refused with one line."""
    try:
        text = Path(path).read_text("utf-8")
    except UnicodeDecodeError:
        raise BadSituationError(f"situation file {str(path)!r} is not UTF-8 text") from None
    except OSError as exc:
        raise BadSituationError(
            f"cannot read situation file {str(path)!r}: {exc.strerror}"
        ) from None
    try:
        return parse_json(text, source=f"situation file {str(path)!r}")
    except json.JSONDecodeError as exc:
        raise BadSituationError(
            f"situation file {str(path)!r} is not valid JSON: {exc.msg} at line {exc.lineno}"
        ) from None


def parse_json(text: str, *, source: str = "the situation") -> Any:
    """A situation's JSON text decoded; text that is not JSON raises ``json.JSONDecodeError``,
    text ``json`` cannot hold (a 5,000-digit number, nesting 1,000 deep) is refused naming
    ``source``.

    A key given twice in one object is refused, naming the key and the object: JSON would keep
    the last one and drop the other unnoticed (a property with two owners).

    >>> parse_json('{"properties": {"Boardwalk": {"owner": "Ann"}, "Boardwalk": {"owner": "Bob"}}}')
    Traceback (most recent call last):
    ...
    companion.errors.BadSituationError: situation: properties: 'Boardwalk' is given twice; give each key once
    """
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError) as exc:
        raise BadSituationError(f"{source} cannot be read: {exc}") from None
    _refuse_doubled(data)
    return data


class _Doubled(dict[str, Any]):
    """A JSON object that gave ``key`` twice (the last value kept, as ``json`` does)."""

    key = ""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data and not isinstance(data, _Doubled):
            data = _Doubled(data)
            data.key = key
        data[key] = value
    return data


def _refuse_doubled(data: Any) -> None:
    """The first object, in the order of the text, that gives a key twice is refused."""
    stack: list[tuple[Any, str]] = [(data, "top level")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, _Doubled):
            raise BadSituationError(
                f"situation: {where}: {value.key!r} is given twice; give each key once"
            )
        if isinstance(value, dict):
            # Each key named as check_numbers names it (_member): a line break stays quoted.
            inside = "" if where == "top level" else where
            stack.extend(
                (v, f"{inside}{_member(k)}".removeprefix(".")) for k, v in reversed(value.items())
            )
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]") for i, v in reversed(list(enumerate(value))))


_TOP_LEVEL = frozenset({
    "version", "players", "to_move", "properties", "doubles_this_turn",
    "voucher_played_this_turn", "vouchers_left", "pool", "options", "building_stock",
    "shares_left", "roll_three_left", "dividend_cuts", "cash_total", "pending", "edition",
    "board",
})  # fmt: skip
_PLAYER_KEYS = frozenset({
    "name", "token", "colour", "position", "in_jail", "jail_turns", "reverse_direction",
    "subway", "transit_token", "vouchers", "shares", "cash", "cards", "roll_three",
    "mortgaged_shares", "rent_to_pool", "skip_turns", "bankrupt",
})  # fmt: skip


def _money(amount: int) -> str:
    return f"${amount:,}"


class _Parser:
    """Validates the JSON form field by field; every message names the field's path."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.board = edition.board
        self.deck = edition.deck

    def fail(self, where: str, message: str) -> BadSituationError:
        return BadSituationError(f"situation: {where}: {message}")

    def obj(self, value: Any, where: str, allowed: set[str] | frozenset[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {_quote(value)}")
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(
                where, f"unknown key {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}"
            )
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {_quote(value)}")
        return value

    def integer(self, value: Any, where: str, low: int, high: int | None = None) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < low
            or (high is not None and value > high)
        ):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise self.fail(where, f"{_quote(value)} is not a whole number {span}")
        return value

    def boolean(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"{_quote(value)} is not true or false")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"{_quote(value)} is not a non-empty string")
        return value.strip()

    def space(self, value: Any, where: str) -> Space:
        try:
            return self.board.space(self.text(value, where))
        except CompanionError as exc:
            raise self.fail(where, str(exc)) from None

    def counts(self, value: Any, where: str, keys: tuple[str, ...], high: int) -> dict[str, int]:
        """An object of whole numbers by company (or another fixed set of keys)."""
        data = self.obj(value, where, set(keys))
        return {k: self.integer(v, f"{where}.{k}", 0, high) for k, v in data.items()}

    # -- The whole table ---------------------------------------------------------------------

    def situation(self, data: Any) -> dict[str, Any]:
        data = self.obj(data, "top level", _TOP_LEVEL)
        version = data.get("version", FORMAT_VERSION)
        if isinstance(version, bool) or version != FORMAT_VERSION:
            raise self.fail(
                "version",
                f"{version!r} is not supported; this companion reads version {FORMAT_VERSION}",
            )
        options = self.options(data.get("options", {}))
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not raw_players:
            raise self.fail(
                "players",
                f"expected a list of at least one player, got {_quote(raw_players)}",
            )
        if len(raw_players) > self.edition.max_players:
            raise self.fail(
                "players",
                f"{len(raw_players)} players; a table has at most {self.edition.max_players} (the game's seats)",
            )
        players = tuple(self.player(p, f"players[{i}]") for i, p in enumerate(raw_players))
        names = [p.name.casefold() for p in players]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise self.fail(
                    f"players[{i}].name",
                    f"{players[i].name!r} is the name of another player already",
                )
        if all(p.bankrupt for p in players):
            raise self.fail("players", "every player is bankrupt; one at least is in the game")
        self.check_hands(players, options)
        to_move = self.text(data.get("to_move", players[0].name), "to_move")
        if to_move.casefold() not in names:
            raise self.fail("to_move", f"{to_move!r} is not one of the players")
        mover = players[names.index(to_move.casefold())]
        if mover.bankrupt:
            raise self.fail("to_move", f"{mover.name!r} is bankrupt and out of the game")
        holdings = self.holdings(data.get("properties", {}), players)
        self.check_buildings(holdings, options)
        self.check_supply(holdings, data.get("building_stock"))
        vouchers_left, by_id = self.vouchers_left(data, players)
        pool = self.integer(data.get("pool", 0), "pool", 0, MAX_MONEY)
        self.check_bank(players, options, pool, data)
        return dict(
            players=players,
            to_move=mover.name,
            holdings=MappingProxyType(holdings),
            doubles_this_turn=self.integer(
                data.get("doubles_this_turn", 0), "doubles_this_turn", 0, 2
            ),
            voucher_played_this_turn=self.boolean(
                data.get("voucher_played_this_turn", False), "voucher_played_this_turn"
            ),
            vouchers_left=vouchers_left,
            pool=pool,
            options=options,
            vouchers_left_by_id=by_id,
            dividend_cuts=MappingProxyType(
                {
                    k: v
                    for k, v in self.counts(
                        data.get("dividend_cuts", {}), "dividend_cuts", self.deck.stock_names, 10
                    ).items()
                    if v
                }
            ),
            pending=self.pending(data["pending"], players) if "pending" in data else None,
        )

    def options(self, data: Any) -> Options:
        names = {f.name for f in fields(Options)}
        data = self.obj(data, "options", names)
        given = {k: self.boolean(v, f"options.{k}") for k, v in data.items()}
        # The rules the table leaves out are the edition's defaults (Classic builds while a
        # lot of the group is mortgaged, E1), as a new game's are (Edition.options).
        return Options(**{**self.edition.house_rules, **given})

    # -- A player ----------------------------------------------------------------------------

    def player(self, data: Any, where: str) -> Player:
        data = self.obj(data, where, _PLAYER_KEYS)
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
        bankrupt = self.boolean(data.get("bankrupt", False), f"{where}.bankrupt")
        # P10: each player starts with one Travel Voucher, in an edition that deals them (not
        # Mega's Bus Tickets, drawn during the game); a bankrupt player holds none.
        dealt = 1 if self.edition.deals_starting_cards and not bankrupt else 0
        vouchers = data.get("vouchers", dealt)
        ids = None
        if isinstance(vouchers, list):
            ids = tuple(
                self.voucher_id(v, f"{where}.vouchers[{i}]") for i, v in enumerate(vouchers)
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
        rent_to_pool = self.boolean(data.get("rent_to_pool", False), f"{where}.rent_to_pool")
        if rent_to_pool and not in_jail:
            raise self.fail(
                f"{where}.rent_to_pool",
                "rent goes to the Pool only while the player is in jail (Pay Back!)",
            )
        companies = self.deck.stock_names
        shares = self.counts(data.get("shares", {}), f"{where}.shares", companies, 5)
        mortgaged = self.counts(
            data.get("mortgaged_shares", {}), f"{where}.mortgaged_shares", companies, 5
        )
        for company, n in mortgaged.items():
            if n > shares.get(company, 0):
                raise self.fail(
                    f"{where}.mortgaged_shares.{company}",
                    f"{n} mortgaged, but {name} holds {shares.get(company, 0)} shares of it",
                )
        reverse_direction = self.boolean(
            data.get("reverse_direction", False), f"{where}.reverse_direction"
        )
        count = self.integer(
            vouchers, f"{where}.vouchers", 0, self.edition.numbers.travel_vouchers_in_game
        )
        player = Player(
            name=name,
            position=position,
            in_jail=in_jail,
            jail_turns=jail_turns,
            reverse_direction=reverse_direction,
            subway=subway,
            transit_token=transit_token,
            # A count: that many vouchers the referee can play, none the banker can name.
            vouchers=(UNNAMED_VOUCHER,) * count if ids is None else ids,
            shares=MappingProxyType(shares),
            token=self.text(data["token"], f"{where}.token") if "token" in data else None,
            colour=self.text(data["colour"], f"{where}.colour") if "colour" in data else None,
            cash=self.integer(data["cash"], f"{where}.cash", 0, MAX_MONEY)
            if "cash" in data
            else None,
            roll_three=tuple(
                self.roll_three(v, f"{where}.roll_three[{i}]")
                for i, v in enumerate(self.items(data.get("roll_three", []), f"{where}.roll_three"))
            ),
            cards=tuple(
                self.card_id(v, f"{where}.cards[{i}]")
                for i, v in enumerate(self.items(data.get("cards", []), f"{where}.cards"))
            ),
            mortgaged_shares=MappingProxyType(mortgaged),
            rent_to_pool=rent_to_pool,
            skip_turns=self.integer(data.get("skip_turns", 0), f"{where}.skip_turns", 0, 10),
            bankrupt=bankrupt,
        )
        if player.bankrupt:
            self.check_bankrupt(player, where)
        return player

    def check_bankrupt(self, p: Player, where: str) -> None:
        """A bankrupt player gave everything up (P9): no cash, shares, vouchers or cards."""
        held = (
            ("cash", p.cash, _money(p.cash or 0)),
            ("shares", sum(p.shares.values()), f"{sum(p.shares.values())} shares"),
            ("vouchers", len(p.vouchers), f"{len(p.vouchers)} vouchers"),
            ("roll_three", len(p.roll_three), f"{len(p.roll_three)} Roll Three cards"),
            ("cards", len(p.cards), f"{len(p.cards)} cards"),
        )
        for key, amount, words in held:
            if amount:
                raise self.fail(
                    f"{where}.{key}", f"{p.name} is bankrupt and holds nothing, not {words}"
                )

    def voucher_id(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in self.deck.vouchers:
            raise self.fail(
                where,
                f"{_quote(value)} is not a Travel Voucher id ('companion referee cards' lists them)",
            )
        return value

    def card_id(self, value: Any, where: str) -> str:
        card = self.deck.cards.get(value) if isinstance(value, str) else None
        if card is None:
            raise self.fail(
                where,
                f"{_quote(value)} is not a Chance or Community Chest card id "
                "('companion referee cards' lists them)",
            )
        if not card.keep:
            raise self.fail(where, f"{card.title!r} is not kept: it is played when drawn")
        return card.id

    def roll_three(self, value: Any, where: str) -> str:
        parts = value.replace(" ", "").split("-") if isinstance(value, str) else []
        if len(parts) != 3 or any(d not in ("1", "2", "3", "4", "5", "6") for d in parts):
            raise self.fail(
                where, f"{_quote(value)} is not a Roll Three card: three dice like '1-3-6'"
            )
        return "-".join(sorted(parts))

    def check_hands(self, players: tuple[Player, ...], options: Options) -> None:
        """Each card as many times as the game has it, 5 shares of each company in all."""
        for company in self.deck.stock_names:
            held_shares = sum(p.shares.get(company, 0) for p in players)
            if held_shares > self.edition.numbers.shares_per_company:
                raise self.fail(
                    "players",
                    f"{held_shares} shares of {company!r} are held; there are only {self.edition.numbers.shares_per_company}",
                )
        size = self.edition.roll_three_deck(options.roll_three_action_cards)[0]
        seen: dict[tuple[str, str], list[str]] = {}
        dealt = 0
        for i, p in enumerate(players):
            hands = (
                ("vouchers", p.vouchers if p.vouchers_named else ()),
                ("cards", p.cards),
                ("roll_three", p.roll_three),
            )
            for key, held in hands:
                for j, item in enumerate(held):
                    where = f"players[{i}].{key}[{j}]"
                    if key == "roll_three":
                        dealt += 1
                        count = self.roll_three_copies(
                            item, dealt, size, options.roll_three_action_cards, where
                        )
                        what = f"Roll Three {item}"
                    else:
                        deck = self.deck.vouchers if key == "vouchers" else self.deck.cards
                        count, what = deck[item].count, repr(item)
                    holders = seen.setdefault((key, item), [])
                    holders.append(p.name)
                    if len(holders) > count:
                        who = " and ".join(dict.fromkeys(holders[:-1]))
                        raise self.fail(
                            where,
                            f"{what} is held by {who} already, and the game has {count} of it",
                        )

    def roll_three_copies(
        self, card: str, dealt: int, size: int, action_cards: bool, where: str
    ) -> int:
        """D4: the copies of ``card`` in the Roll Three deck, the ``dealt``-th card held."""
        if dealt > size:
            raise self.fail(where, f"Roll Three card number {dealt}, and the deck has {size} (D4)")
        count = self.edition.roll_three_copies(card, action_cards)
        if not count:
            raise self.fail(where, f"the printed action cards have no Roll Three {card} (D4)")
        return count

    # -- Property ----------------------------------------------------------------------------

    def holdings(self, data: Any, players: tuple[Player, ...]) -> dict[str, Holding]:
        data = self.obj(data, "properties", set(self.board.properties))
        by_name = {p.name.casefold(): p for p in players}
        holdings = {}
        for name, raw in data.items():
            where = f"properties.{name}"
            raw = self.obj(raw, where, {"owner", "mortgaged", "buildings", "depot", "cab_stand"})
            owner = self.text(raw.get("owner"), f"{where}.owner")
            if owner.casefold() not in by_name:
                raise self.fail(f"{where}.owner", f"{owner!r} is not one of the players")
            if by_name[owner.casefold()].bankrupt:
                raise self.fail(f"{where}.owner", f"{owner!r} is bankrupt and owns nothing")
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
            holdings[name] = Holding(by_name[owner.casefold()].name, mortgaged, level, improved)
        return holdings

    def check_buildings(self, holdings: dict[str, Holding], options: Options) -> None:
        """P2: houses and hotels need a majority of the group (the whole group in an edition
        without majority ownership, E1), skyscrapers the whole group, and a mortgaged lot
        blocks building anywhere in its group (house rule ``mortgage_blocks_building``)."""
        for name, holding in holdings.items():
            if not holding.level:
                continue
            where = f"properties.{name}.buildings"
            group = self.board.group_of(name)
            mine = [n for n in group if n in holdings and holdings[n].owner == holding.owner]
            skyscraper = holding.level == len(BUILDING_LEVELS) - 1
            ownership = self.board.ownership(name, mine.__contains__)
            if ownership != "monopoly" and (skyscraper or not ownership):
                majority = self.board.has_majority(len(group))
                needs = "a majority" if majority and not skyscraper else "every lot"
                raise self.fail(
                    where,
                    f"{BUILDING_LEVELS[holding.level]!r} needs {needs} of the {len(group)} lots "
                    f"of the group (P2), and {holding.owner} owns {len(mine)}",
                )
            mortgaged = [n for n in group if n in holdings and holdings[n].mortgaged]
            if mortgaged and options.mortgage_blocks_building:
                raise self.fail(
                    where, f"{mortgaged[0]!r} in the same group is mortgaged, which blocks building"
                )

    def check_supply(self, holdings: dict[str, Holding], declared: Any) -> None:
        """D3: no more buildings on the board than the Bank's supply; a declared
        ``building_stock`` is what the supply less the board leaves."""
        used = dict.fromkeys(self.board.building_supply, 0)
        for name, h in holdings.items():
            kind = self.board.properties[name][0].kind
            for pile in building_piles(h, kind):
                used[pile] += h.level if pile == "houses" else 1
                if used[pile] > self.board.building_supply[pile]:
                    key = (
                        "buildings"
                        if pile in ("houses", "hotels", "skyscrapers")
                        else ("depot" if pile == "train_depots" else "cab_stand")
                    )
                    raise self.fail(
                        f"properties.{name}.{key}",
                        f"{used[pile]} {pile.replace('_', ' ')} on the board, and the Bank's "
                        f"supply is {self.board.building_supply[pile]} (D3)",
                    )
        if declared is None:
            return
        stock = self.counts(declared, "building_stock", tuple(self.board.building_supply), 81)
        for pile, n in stock.items():
            left = self.board.building_supply[pile] - used[pile]
            if n != left:
                raise self.fail(
                    f"building_stock.{pile}",
                    f"{n} in the Bank, but the supply of {self.board.building_supply[pile]} less the "
                    f"{used[pile]} on the board leaves {left} (D3)",
                )

    # -- The Bank's decks and money ----------------------------------------------------------

    def vouchers_left(
        self, data: dict[str, Any], players: tuple[Player, ...]
    ) -> tuple[int, Mapping[str, int] | None]:
        held = sum(len(p.vouchers) for p in players)
        raw = data.get("vouchers_left", max(0, self.edition.numbers.travel_vouchers_in_game - held))
        if isinstance(raw, dict):
            return self.vouchers_by_id(raw, players)
        left = self.integer(raw, "vouchers_left", 0, self.edition.numbers.travel_vouchers_in_game)
        if left + held > self.edition.numbers.travel_vouchers_in_game:
            raise self.fail(
                "vouchers_left",
                f"{left} left plus {held} held is more than the {self.edition.numbers.travel_vouchers_in_game} in the game",
            )
        return left, None

    def vouchers_by_id(
        self, raw: dict[str, Any], players: tuple[Player, ...]
    ) -> tuple[int, Mapping[str, int]]:
        for i, p in enumerate(players):
            if not p.vouchers_named:
                raise self.fail(
                    f"players[{i}].vouchers",
                    "a count; with vouchers_left by id, give every player's vouchers by id",
                )
        held: dict[str, int] = {}
        for p in players:
            for v in p.vouchers:
                held[v] = held.get(v, 0) + 1
        left = {}
        for vid, voucher in self.deck.vouchers.items():
            where = f"vouchers_left.{vid}"
            n = self.integer(raw.get(vid, 0), where, 0, voucher.count)
            # Used or expired vouchers are out of play (UM): the left and the held may be fewer.
            if n + held.get(vid, 0) > voucher.count:
                raise self.fail(
                    where,
                    f"{n} left and {held.get(vid, 0)} held, and the game has {voucher.count}",
                )
            left[vid] = n
        unknown = sorted(set(raw) - set(self.deck.vouchers))
        if unknown:
            raise self.fail("vouchers_left", f"{unknown[0]!r} is not a Travel Voucher id")
        return sum(left.values()), MappingProxyType(left)

    def check_bank(
        self, players: tuple[Player, ...], options: Options, pool: int, data: dict[str, Any]
    ) -> None:
        """What the Bank holds is what the players do not (shares, Roll Three cards), and a
        declared ``cash_total`` is the players' cash and the Pool."""
        if "shares_left" in data:
            declared = self.counts(
                data["shares_left"],
                "shares_left",
                self.deck.stock_names,
                self.edition.numbers.shares_per_company,
            )
            for company, n in declared.items():
                held = sum(p.shares.get(company, 0) for p in players)
                if n + held != self.edition.numbers.shares_per_company:
                    raise self.fail(
                        f"shares_left.{company}",
                        f"{n} in the Bank and {held} held make {n + held}, and a company has "
                        f"{self.edition.numbers.shares_per_company} shares",
                    )
        if "roll_three_left" in data:
            size = self.edition.roll_three_deck(options.roll_three_action_cards)[0]
            n = self.integer(data["roll_three_left"], "roll_three_left", 0, size)
            held = sum(len(p.roll_three) for p in players)
            if n + held != size:
                raise self.fail(
                    "roll_three_left",
                    f"{n} in the deck, but the deck of {size} less the {held} held leaves "
                    f"{size - held} (D4)",
                )
        if "cash_total" in data:
            total = self.integer(data["cash_total"], "cash_total", 0, MAX_MONEY)
            missing = [i for i, p in enumerate(players) if p.cash is None and not p.bankrupt]
            if missing:
                raise self.fail(
                    f"players[{missing[0]}].cash", "missing: cash_total adds up every player's cash"
                )
            cash = sum(p.cash or 0 for p in players)
            if cash + pool != total:
                raise self.fail(
                    "cash_total",
                    f"{_money(total)}, but the players' {_money(cash)} and the Pool's "
                    f"{_money(pool)} make {_money(cash + pool)}",
                )

    # -- What the banker waits for -----------------------------------------------------------

    def pending(self, data: Any, players: tuple[Player, ...]) -> Mapping[str, Any]:
        """The banker's decision and agenda, checked for their shape here; the banker checks
        the rest when it starts the game (``companion.banker.start``)."""
        data = self.obj(data, "pending", {"decision", "agenda", "order_rolls"})
        in_game = {p.name: p for p in players if not p.bankrupt}
        decision = data.get("decision")
        if not isinstance(decision, dict):
            raise self.fail("pending.decision", f"expected an object, got {_quote(decision)}")
        self.text(decision.get("kind"), "pending.decision.kind")
        player = decision.get("player")
        if not isinstance(player, str) or player not in in_game:
            raise self.fail(
                "pending.decision.player", f"{_quote(player)} is not a player in the game"
            )
        answers = self.items(decision.get("answers"), "pending.decision.answers")
        for i, answer in enumerate(answers):
            self.text(answer, f"pending.decision.answers[{i}]")
        if not isinstance(decision.get("data", {}), dict):
            raise self.fail(
                "pending.decision.data", f"expected an object, got {_quote(decision.get('data'))}"
            )
        agenda = self.items(data.get("agenda", []), "pending.agenda")
        for i, task in enumerate(agenda):
            where = f"pending.agenda[{i}]"
            if not isinstance(task, dict):
                raise self.fail(where, f"expected an object, got {_quote(task)}")
            self.text(task.get("do"), f"{where}.do")
        rolls = self.obj(data.get("order_rolls", {}), "pending.order_rolls", set(in_game))
        for name, total in rolls.items():
            dice = self.edition.dice.count
            self.integer(total, f"pending.order_rolls.{name}", dice, 6 * dice)
        self.check_numbers(data, "pending")
        try:
            return MappingProxyType(json.loads(json.dumps(data)))
        except (TypeError, ValueError, RecursionError) as exc:
            raise self.fail("pending", f"cannot be read: {exc}") from None

    def check_numbers(self, data: Any, where: str) -> None:
        """No number larger than any sum a game holds (a sentence could not word it)."""
        stack = [(data, where)]
        while stack:
            value, here = stack.pop()
            if isinstance(value, dict):
                stack.extend((v, f"{here}{_member(k)}") for k, v in value.items())
            elif isinstance(value, list):
                stack.extend((v, f"{here}[{i}]") for i, v in enumerate(value))
            elif isinstance(value, (int, float)) and not abs(value) <= MAX_MONEY:
                raise self.fail(here, f"{_quote(value)} is larger than any sum of the game")


def _member(key: str) -> str:
    """A key of a table's object as a refusal names its place: ``.high``, or ``["a b"]``
    quoted as JSON when it is not a plain name (a line break in a key stays on one line)."""
    return f".{key}" if key.isidentifier() else f"[{json.dumps(key)[:40]}]"


def _quote(value: Any) -> str:
    """A bad value as a message quotes it: its JSON, cut short."""
    try:
        return json.dumps(value)[:40]
    except (TypeError, ValueError, RecursionError):
        return repr(value)[:40]
