"""Get Out of Jail Free (``use: jail``): kept until needed, it lets its jailed holder out
(the ``jail_card`` command, offered at the ``roll`` decision in jail); it is not played with
``play_card``."""

from __future__ import annotations

from companion.banker.keptcards import card_use, held
from companion.banker.state import GameState

CODES = ()


@card_use(
    "jail",
    moment="in_jail",
    refusal="{title!r} gets you out of jail: use the jail_card command in jail",
)
def _jail(state: GameState, player: str) -> str | None:
    return held(state, player, "jail")
