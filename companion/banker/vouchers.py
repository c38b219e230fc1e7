"""Travel Vouchers: playing one on a turn, drawing one, and vouchers that expire or change hands.

B10: a voucher is played on the player's own turn, before rolling or at the end of the turn;
played or expired, it is out of play (the ``voucher_used`` and ``vouchers_expired`` events, B10).
"""

from __future__ import annotations

from companion.banker import commands, tasks
from companion.banker.moves import apply_move
from companion.banker.state import GameState
from companion.banker.tx import (
    Tx,
    command,
    task,
)
from companion.errors import IllegalCommandError
from companion.rules.movement import (
    resolve_voucher,
)


def can_play_voucher(state: GameState, player: str) -> bool:
    seat = state.seat(player)
    return bool(seat.vouchers) and not state.voucher_played and not seat.reverse_direction


@command("voucher")
def _cmd_voucher(tx: Tx, c: commands.Voucher) -> None:
    player = c.player
    seat = tx.state.seat(player)
    voucher = tx.deck.voucher(str(c.voucher or ""))
    if voucher.id not in seat.vouchers:
        raise IllegalCommandError(f"voucher by {player}: {player} holds no {voucher.id!r}")
    to = tx.board.space(str(c.space)) if c.space else None
    res = resolve_voucher(
        tx.board, tx.state.situation(), voucher, player=player, to=to, ride=bool(c.ride), quiet=True
    )
    tx.emit("voucher_used", player=player, voucher=voucher.id)
    tx.emit("turn", player=tx.state.turn, doubles=tx.state.doubles, voucher=True)
    mark = len(tx.agenda)
    apply_move(tx, res)
    tx.resume_after_new(mark, tx.state.decision)


@task("draw_voucher")
def _task_draw_voucher(tx: Tx, task: tasks.DrawVoucher) -> None:
    if not sum(tx.state.vouchers_left.values()):
        tx.note("note.no_vouchers_left")
        return
    tx.ask("draw", task.player, ("draw",), "ask.draw.voucher", deck="travel_voucher")


@task("expire_voucher")
def _task_expire_voucher(tx: Tx, task: tasks.ExpireVoucher) -> None:
    """B10: a voucher that expires (missed bus) is the player's oldest."""
    seat = tx.state.seat(task.player)
    if seat.vouchers:
        tx.emit("vouchers_expired", player=seat.name, vouchers=list(seat.vouchers[:1]))


@task("expire_all_vouchers")
def _task_expire_all(tx: Tx, task: tasks.ExpireAllVouchers) -> None:
    for seat in tx.state.active:
        if seat.vouchers:
            tx.emit("vouchers_expired", player=seat.name, vouchers=list(seat.vouchers))


@task("give_voucher")
def _task_give_voucher(tx: Tx, task: tasks.GiveVoucher) -> None:
    """B9: a voucher a card takes from a hand is the hand's oldest."""
    seat = tx.state.seat(task.from_)
    if seat.vouchers and not tx.state.seat(task.to).bankrupt:
        given = [seat.vouchers[0]]
        tx.emit(
            "cards_given", player=seat.name, to=task.to, vouchers=given, roll_three=[], cards=[]
        )
