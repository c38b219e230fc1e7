"""Rent: what a player owes on landing on a property (rulings P2, P3; railroads and cab companies).

>>> from companion.editions import edition
>>> from companion.rules.situation import Situation
>>> board = edition("ultimate").board
>>> s = Situation.parse({"players": [{"name": "Ann", "position": "GO"}, {"name": "Bob", "position": "GO"}],
...                      "properties": {"Park Place": {"owner": "Bob"}, "Boardwalk": {"owner": "Bob"}}})
>>> rent_owed(board, s, board.space("Boardwalk"), "Ann", dice_total=7)
150
"""

from __future__ import annotations

from companion.rules.board import Board, Space
from companion.rules.situation import Situation


def is_rent_owed(situation: Situation, space: Space, payer: str) -> bool:
    """True if landing on ``space`` makes ``payer`` owe rent to another player."""
    holding = situation.holdings.get(space.name) if space.is_property else None
    return holding is not None and holding.owner != payer and not holding.mortgaged


def rent_owed(
    board: Board, situation: Situation, space: Space, payer: str, *, dice_total: int
) -> int:
    """The rent ``payer`` owes for landing on ``space``; 0 when none is owed.

    ``dice_total`` is what the dice that moved the player show (Mr. Monopoly and Bus count 0);
    it matters for utilities only.
    """
    if not is_rent_owed(situation, space, payer):
        return 0
    holding = situation.holdings[space.name]
    if space.kind == "street":
        if holding.level:
            return space.rent[holding.level]
        ownership = board.ownership(space.name, lambda n: situation.owner(n) == holding.owner)
        return space.rent[0] * board.rent_multiplier.get(ownership, 1)
    owned = sum(
        1 for n in board.properties_of_kind(space.kind) if situation.owner(n) == holding.owner
    )
    if space.kind == "utility":
        return board.utility_multipliers[owned - 1] * dice_total
    # Railroads and cab companies: by number owned, doubled by a depot or cab stand.
    return space.rent[owned - 1] * (2 if holding.improved else 1)
