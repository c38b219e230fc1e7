"""Community Chest: the lander draws a Community Chest card and tells the companion which one
(the draw and the card's play are the banker's: ``spaces``, ``cardplay``)."""

from __future__ import annotations

from companion.banker import tasks
from companion.banker.moves import follow_up
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "community_chest"
HOUSE_RULE = None
CODES: tuple[str, ...] = ()


@landing(KIND, notes={"action.draw_community_chest": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action(
        "draw_community_chest", "Draw a Community Chest card and tell the companion which one."
    )


@follow_up("draw_community_chest")
def _draw(player: str, a: Action) -> tasks.Task:
    return tasks.DrawCard(player, KIND)
