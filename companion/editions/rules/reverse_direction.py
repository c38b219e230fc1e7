"""Reverse Direction (M11): the lander's next move goes backwards, and no Travel Voucher may be
used on it (the banker keeps the mark on the seat; the resolver reads it on the next move)."""

from __future__ import annotations

from companion.rules.movement import ACTION_PARAMS, Landing
from companion.rules.spacekinds import landing

KIND = "reverse_direction"
HOUSE_RULE = None
CODES: tuple[str, ...] = ()


@landing(KIND, notes={"action.reverse_direction": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action(
        "reverse_direction",
        "Your next move goes backwards, and you may not use a Travel Voucher on it.",
    )
    at.mark(reverse_direction=True)
