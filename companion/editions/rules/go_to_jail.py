"""Go To Jail (R15): a direct move to In Jail, no salary; the turn is over."""

from __future__ import annotations

from companion.rules.movement import ACTION_PARAMS, Landing
from companion.rules.spacekinds import landing

KIND = "go_to_jail"
HOUSE_RULE = None
CODES: tuple[str, ...] = ()


@landing(KIND, notes={"action.go_to_jail": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action("go_to_jail", "Go To Jail: go directly to jail.")
    at.then_jail("go_to_jail", "R15")
