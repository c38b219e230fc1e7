"""Take a Travel Voucher from another player (``take_voucher``): the drawer chooses a player
holding one (``choose_player``), who hands it over unless they refuse with Just Say NO!"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion.banker import commands, tasks
from companion.banker.cardplay import card_step, of_card
from companion.banker.keptcards import against
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, command, others
from companion.errors import IllegalCommandError
from companion.rules.cards import Card

CODES = ("ask.target.voucher", "note.card_no_voucher_holder", "option.target")


@card_step("take_voucher")
def _take_voucher(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    holders = [n for n in others(tx.state, player) if tx.state.seat(n).vouchers]
    if not holders:
        tx.note("note.card_no_voucher_holder", card=card.id)
        return
    tx.ask(
        "choose_player",
        player,
        ("target",),
        "ask.target.voucher",
        of_card(card),
        card=card.id,
        among=holders,
    )


@command("target")
def _target(tx: Tx, c: commands.Target) -> None:
    d = tx.state.decision
    who = c.target
    if who not in d.data["among"]:
        raise IllegalCommandError(
            f"target: choose one of {', '.join(d.data['among'])}, not {who!r}"
        )
    against(tx, str(who), tasks.GiveVoucher(str(who), c.player), d.data["card"])


@decision_options("choose_player")
def _choose_player(state: GameState, d: Decision) -> Iterator[Option]:
    for name in d.data["among"]:
        yield {
            "command": {"type": "target", "target": name},
            "code": "option.target",
            "params": {"player": name},
        }
