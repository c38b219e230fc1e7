"""Subway (M6, R8): the lander's next move is a ride directly to any space on any track (the
banker asks for the destination when that move comes: ``turns``)."""

from __future__ import annotations

from companion.rules.movement import ACTION_PARAMS, Landing
from companion.rules.spacekinds import landing

KIND = "subway"
HOUSE_RULE = None
CODES: tuple[str, ...] = ()


@landing(KIND, notes={"action.subway": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action("subway", "Subway: on your next move, ride directly to any space on any track.")
    at.mark(subway=True)
