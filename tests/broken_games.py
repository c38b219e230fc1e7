"""Tables whose pending decision does not fit its kind, and a game log holding one as a companion
before issue 21 logged it (its reader let such a table through, and every resume then failed
working out the decision's options)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from companion.banker.start import start_from_situation
from companion.log.gamelog import GameLog


def table(**fields: Any) -> dict[str, Any]:
    """Ann and Bob with cash and no vouchers, Ann on Boardwalk, plus top-level fields."""
    return {
        "players": [
            {"name": "Ann", "position": "Boardwalk", "cash": 1500, "vouchers": []},
            {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []},
        ],
        **fields,
    }


#: Boardwalk auctioned, as the engine poses it: nobody has bid yet.
AUCTION = {
    "kind": "auction",
    "player": "Ann",
    "answers": ["bid", "pass"],
    "data": {
        "item": "property",
        "name": "Boardwalk",
        "bidders": ["Ann", "Bob"],
        "high": 0,
        "leader": None,
    },
}


def pending(decision: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A table waiting for ``decision`` with its ``data`` changed (``None`` drops a key)."""
    decision = copy.deepcopy(decision)
    for key, value in changes.items():
        if value is None:
            del decision["data"][key]
        else:
            decision["data"][key] = value
    return table(pending={"decision": decision})


def log_broken_game(path: str | Path) -> int:
    """Log, in the game log ``path``, a game waiting for an auction that has lost its high bid,
    with the engine's own events as the old companion wrote them; returns its id."""
    events = start_from_situation(table(pending={"decision": AUCTION}))
    del events[0]["decision"]["data"]["high"]
    with GameLog(path) as log:
        return log.new_game(events)
