"""What is on the table: the players and what they hold, property and its buildings, the
house rules, and the game's equipment counts (D3, D4). The table situation
(``companion.rules.situation``) is made of these values; the edition's own counts (its building
supply, its Roll Three deck) are :class:`companion.editions.Edition`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from companion.frozen import fast_init
from companion.rules.board import Board, Space

#: Building levels of a street, in the order of its rent list.
BUILDING_LEVELS = ("none", "1 house", "2 houses", "3 houses", "4 houses", "hotel", "skyscraper")
#: More money than any table holds: a larger sum in a situation is a mistake.
MAX_MONEY = 1_000_000_000_000
EMPTY: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Options:
    """House rules (see ``docs/rulings.md``; the defaults are the rulings): the referee applies
    ``triples_pay_salaries``, the banker all of them."""

    #: M6: a triples move pays the salaries of pay corners passed on the route shown.
    triples_pay_salaries: bool = True
    #: P5: Squeeze Play with the speed die (the rules' alternative table).
    squeeze_play_speed_die: bool = False
    #: P7: Birthday Gift collects $100 from each other player instead of from the Bank.
    birthday_from_players: bool = False
    #: P9: the game may be ended by time; the richest player wins.
    time_limit: bool = False
    #: D4: the printed action-card Roll Three set (36 cards: 18 combinations twice).
    roll_three_action_cards: bool = False
    #: P13: a player short of cash may go bankrupt while selling and mortgaging could still pay.
    voluntary_bankruptcy: bool = False
    #: P2, E1 (``003``): a mortgaged lot blocks building anywhere in its colour group (Classic
    #: offers it, off: ``002`` lets the other lots be built on).
    mortgage_blocks_building: bool = True
    #: E1 (``003``): buildings are bought only on the builder's own turn.
    build_on_own_turn: bool = False
    #: E1: the older sets' taxes (a tax space's ``older_amount``: Classic's Luxury Tax $75).
    older_tax_amounts: bool = False
    #: E2 (``002``, "Paying rent"): the owner must claim rent before the second player after
    #: the payer rolls; unclaimed, it is lost (off: the banker collects it at once).
    rent_claimed_by_owner: bool = False

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Every house rule's name."""
        return tuple(f.name for f in fields(cls))

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Options:
        """The house rules of a JSON object; raises :class:`ValueError` naming a bad one."""
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"no house rule {key!r}; the house rules are {sorted(known)}")
            if not isinstance(value, bool):
                raise ValueError(f"house rule {key!r} is true or false, not {value!r}")
        return cls(**data)

    def to_json(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@fast_init
@dataclass(frozen=True, slots=True)
class Holding:
    """An owned property: who owns it and what stands on it."""

    owner: str
    mortgaged: bool = False
    #: Streets: index into :data:`BUILDING_LEVELS` (0 none ... 5 hotel, 6 skyscraper).
    level: int = 0
    #: Railroads: a train depot; cab companies: a cab stand.
    improved: bool = False


#: A Travel Voucher a table situation counts without naming it (``"vouchers": 2``): the
#: referee needs only how many; the banker, which needs which, refuses to start from one.
UNNAMED_VOUCHER = "?"


@dataclass(frozen=True, slots=True)
class Player:
    """A player at the table and what they hold but property: one model for the referee, a
    table situation (``docs/situation.md``), the banker's state, the app and the command line.

    Where they differ, it is said here:

    - ``vouchers`` holds the Travel Vouchers by id, as the banker needs them (which one moves
      the player, which one expires first); their count is ``len(vouchers)``. A situation that
      gives only a count (``"vouchers": 2``) is read as that many :data:`UNNAMED_VOUCHER`
      placeholders: the referee plays it, the banker refuses to start a game from it.
    - ``cash`` is a situation's (``None``: not given). The banker's players keep ``None``: a
      balance is the ledger's (``GameState.cash``, folded from transfers), and a situation's
      cash is paid from the Bank when a game starts from it.
    - ``token`` and ``colour``: a situation may leave them out (``None``); the banker chooses
      them when a game starts, so its players always have both.
    """

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
    #: Travel Vouchers held, by id (:data:`UNNAMED_VOUCHER` for each one a situation counts).
    vouchers: tuple[str, ...] = ()
    #: Roll Three cards held, each three dice as "1-3-6".
    roll_three: tuple[str, ...] = ()
    #: Chance and Community Chest cards kept (Get Out of Jail Free, Just Say NO!...), by id.
    cards: tuple[str, ...] = ()
    shares: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    mortgaged_shares: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    #: "Pay Back": while in jail, rent due to this player goes to the Pool.
    rent_to_pool: bool = False
    #: "Vehicle Impounded": turns still to miss.
    skip_turns: int = 0
    #: Out of the game; kept in the turn order, holding nothing.
    bankrupt: bool = False
    #: ``None``: not given (a situation), or chosen by the banker at the start.
    token: str | None = None
    colour: str | None = None
    #: A situation's cash (``None``: not given); the banker's balances are the ledger's.
    cash: int | None = None

    @property
    def vouchers_named(self) -> bool:
        """Whether the Travel Vouchers are known by id (no :data:`UNNAMED_VOUCHER`)."""
        return UNNAMED_VOUCHER not in self.vouchers


def building_stock(holdings: Mapping[str, Holding], board: Board) -> dict[str, int]:
    """D3: the Bank's supply less the buildings standing in ``holdings``."""
    left = dict(board.building_supply)
    for name, h in holdings.items():
        for what in building_piles(h, board.properties[name][0].kind):
            left[what] -= 1 if what != "houses" else h.level
    return left


#: The supply pile a lot's building comes from at each level (four houses, then a hotel, then a
#: skyscraper), and a railroad's or cab company's improvement.
_LEVEL_PILES = {1: "houses", 2: "houses", 3: "houses", 4: "houses", 5: "hotels", 6: "skyscrapers"}
_IMPROVEMENT_PILES = {"railroad": "train_depots", "cab_company": "cab_stands"}


def next_pile(kind: str, level: int) -> str:
    """The supply pile the next building on a property of ``kind`` at ``level`` would come
    from: a railroad's or cab company's depot or stand, or else the pile of ``level + 1`` (a
    skyscraper's lot counts as a house lot: nothing more goes on it, and whoever asks finds
    that out from the rules).

    >>> next_pile("street", 4), next_pile("street", 5), next_pile("railroad", 0)
    ('hotels', 'skyscrapers', 'train_depots')
    """
    return _IMPROVEMENT_PILES.get(kind) or _LEVEL_PILES.get(level + 1, "houses")


def building_piles(h: Holding, kind: str) -> list[str]:
    """The supply piles ``h``'s buildings come from (houses: ``h.level`` of them)."""
    piles = [_LEVEL_PILES[h.level]] if h.level else []
    if h.improved:
        piles.append(_IMPROVEMENT_PILES.get(kind, "cab_stands"))
    return piles
