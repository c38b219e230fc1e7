"""Bus Ticket: the lander draws a Travel Voucher, if any is left (the draw is the banker's
``draw_voucher`` task, as a transit station's)."""

from __future__ import annotations

from companion.rules.movement import Landing
from companion.rules.spacekinds import landing

KIND = "bus_ticket"
HOUSE_RULE = None
CODES: tuple[str, ...] = ()


@landing(KIND, notes={})
def _land(at: Landing) -> None:
    at.draw_voucher("Draw a Travel Voucher.")
