"""Helpers for banker-engine scenarios: a table set up in a few lines, commands, and the check
that a rejected command changed nothing.

Positions, owners and cash are arranged with the engine's own events (``seat``, ``holding``,
``transfer``), which ``evolve`` folds exactly as it folds a real game's. :func:`at_the_prompt`
plays lines typed at ``companion play``'s prompt.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.banker.engine import apply, new_game
from companion.banker.ledger import BANK
from companion.banker.state import GameState, evolve, invariant_problems, replay, snapshot
from companion.cli.play import _play
from companion.editions import Edition, edition
from companion.errors import CompanionError

BOARD = edition("ultimate").board
#: The Roll Three cards :func:`table` deals, one to each seat in order (each card is in the
#: deck once, D4), all printed in the action-card set too.
DEALT = (
    "4-5-6", "2-4-5", "3-4-5", "1-4-5", "2-5-6", "1-5-6",
    "3-5-6", "1-2-4", "2-4-6", "3-4-6", "1-2-5", "2-3-4",
)  # fmt: skip


def table(
    *names: str,
    rules: dict[str, Any] | None = None,
    edition: Edition | None = None,
    before_order: Sequence[dict[str, Any]] = (),
) -> GameState:
    """A game of ``names`` (default Ann and Bob) of ``edition`` (default Ultimate) at the first
    player's first roll, seated in that order; where the edition deals starting cards, each
    dealt a Bus Ticket and a Roll Three card of :data:`DEALT`, in order. The events
    ``before_order`` are folded before the turn order is rolled (the first roll's decision
    then offers what they hand out)."""
    names = names or ("Ann", "Bob")
    state = replay(new_game([{"name": n} for n in names], rules=rules, edition=edition))
    if state.edition.deals_starting_cards:
        for n, card in zip(names, DEALT, strict=False):
            state = apply(
                state,
                {"type": "deal", "player": n, "voucher": "voucher-bus-ticket", "roll_three": card},
            )
    state = arrange(state, *before_order)
    for i, n in enumerate(names):
        state = apply(
            state, {"type": "order_roll", "player": n, "dice": [6, 6] if i == 0 else [1, 2]}
        )
    assert state.decision.kind == "roll" and state.decision.player == names[0]
    return state


def arrange(state: GameState, *events: dict[str, Any]) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state


def place(state: GameState, player: str, space: str, **flags: Any) -> GameState:
    """Seat ``player`` on ``space`` of the game's own board."""
    key = state.edition.board.space(space).key
    return arrange(state, {"type": "seat", "player": player, "set": {"position": key, **flags}})


def own(
    state: GameState,
    player: str,
    *names: str,
    level: int = 0,
    mortgaged: bool = False,
    improved: bool = False,
) -> GameState:
    for name in names:
        state = arrange(
            state,
            {
                "type": "holding",
                "property": name,
                "holding": {
                    "owner": player,
                    "mortgaged": mortgaged,
                    "level": level,
                    "improved": improved,
                },
            },
        )
    return state


def set_cash(state: GameState, player: str, amount: int) -> GameState:
    """Give or take cash through the Bank, so money stays conserved."""
    delta = amount - state.cash[player]
    if delta > 0:
        return arrange(
            state,
            {"type": "transfer", "from": BANK, "to": player, "amount": delta, "reason": "test"},
        )
    if delta < 0:
        return arrange(
            state,
            {"type": "transfer", "from": player, "to": BANK, "amount": -delta, "reason": "test"},
        )
    return state


def paid(before: GameState, after: GameState, player: str) -> int:
    """What ``player``'s cash went down by from ``before`` to ``after``."""
    return before.cash[player] - after.cash[player]


def give(state: GameState, player: str, **hand: Any) -> GameState:
    """Set what a player holds: vouchers, roll_three, cards, shares..."""
    return arrange(state, {"type": "seat", "player": player, "set": hand})


def do(state: GameState, kind: str, player: str | None = None, **fields: Any) -> GameState:
    """Apply a command (the player defaults to the one the decision waits for)."""
    command = {"type": kind, "player": player or state.decision.player, **fields}
    new = apply(state, command)
    assert invariant_problems(new) == []
    return new


def rejected(state: GameState, kind: str, player: str | None = None, **fields: Any) -> str:
    """The command is refused with a one-line message, and nothing changed."""
    before = snapshot(state)
    command = {"type": kind, "player": player or state.decision.player, **fields}
    with pytest.raises(CompanionError) as caught:
        apply(state, command)
    assert snapshot(state) == before
    message = str(caught.value)
    assert "\n" not in message
    return message


def roll(
    state: GameState, d1: int, d2: int, speed: Any = None, player: str | None = None
) -> GameState:
    dice = [d1, d2] if speed is None else [d1, d2, speed]
    return do(state, "roll", player, dice=dice)


def at_the_prompt(
    db: Path, lines: list[str], *, edition: str | None, **args: Any
) -> tuple[int, str, str]:
    """``companion play --db DB --new --players Ann,Bob --edition EDITION``, ``args`` changing
    its options (``new=False, players=None`` resumes), the ``lines`` typed at its prompt, then
    the end of input: its exit status, what it said and what it said on stderr."""
    out, err = io.StringIO(), io.StringIO()
    script = iter(lines)

    def prompt(_prompt: str) -> str:
        line = next(script, None)
        if line is None:
            raise EOFError
        return line

    namespace = argparse.Namespace(
        db=str(db), players="Ann,Bob", game=None, new=True, dice=None, edition=edition,
        situation=None,
    )  # fmt: skip
    for name, value in args.items():
        setattr(namespace, name, value)
    status = _play(namespace, out, err, prompt=prompt)
    return status, out.getvalue(), err.getvalue()
