"""Travel Vouchers: playing one on a turn, drawing one, and vouchers that expire or change hands.

B10: a voucher is played on the player's own turn, before rolling or at the end of the turn;
played or expired, it is out of play (the ``voucher_used`` and ``vouchers_expired`` events, B10).
The vouchers a player may play are among the options of the turn's decisions
(:func:`voucher_options`, for ``turns``); drawing one is the ``draw`` decision from the
``travel_voucher`` deck, its options and its answer here.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.moves import apply_move
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import (
    Tx,
    answer,
    command,
    take_voucher,
    task,
)
from companion.errors import IllegalCommandError
from companion.rules.board import Board, Space
from companion.rules.movement import (
    resolve_voucher,
    side_end,
)

#: The message codes of the decisions posed here and of their options.
CODES = (
    "ask.draw.voucher",
    "option.draw.voucher",
    "option.voucher.ride",
    "option.voucher.stay",
    "option.voucher.to",
)


def can_play_voucher(state: GameState, player: str, *, rolling: bool = True) -> bool:
    """Whether ``player`` may play a voucher now: instead of a roll (``rolling``), or at the
    end of the turn, where only the vouchers that are not played instead of a roll go."""
    seat = state.seat(player)
    if not seat.vouchers or state.voucher_played or seat.reverse_direction:
        return False
    deck = state.edition.deck.vouchers
    return rolling or any(not deck[v].instead_of_roll for v in seat.vouchers if v in deck)


@command("voucher")
def _cmd_voucher(tx: Tx, c: commands.Voucher) -> None:
    player = c.player
    seat = tx.state.seat(player)
    voucher = tx.deck.voucher(str(c.voucher or ""))
    if voucher.id not in seat.vouchers:
        raise IllegalCommandError(f"voucher by {player}: {player} holds no {voucher.id!r}")
    if voucher.instead_of_roll and tx.state.decision.kind != "roll":
        raise IllegalCommandError(
            f"voucher by {player}: {voucher.label!r} is used instead of rolling the dice, "
            "not at the end of a turn"
        )
    to = tx.board.space(str(c.space)) if c.space else None
    res = resolve_voucher(
        tx.board, tx.state.situation(), voucher, player=player, to=to, ride=bool(c.ride), quiet=True
    )
    tx.emit("voucher_used", player=player, voucher=voucher.id)
    tx.emit("turn", player=tx.state.turn, doubles=tx.state.doubles, voucher=True)
    mark = len(tx.agenda)
    decision = tx.state.decision
    apply_move(tx, res)
    if not voucher.instead_of_roll:
        # E5: a ticket is the roll; once its space is dealt with, the turn is over.
        tx.resume_after_new(mark, decision)


def voucher_options(state: GameState, d: Decision) -> Iterator[Option]:
    """Each Travel Voucher held, with each place it can take the player (rules: Using Travel
    Vouchers; ``companion.rules.movement.resolve_voucher``)."""
    seat = state.seat(d.player)
    if "voucher" not in d.answers or state.voucher_played or seat.reverse_direction:
        return
    for voucher_id in dict.fromkeys(seat.vouchers):
        voucher = state.edition.deck.vouchers[voucher_id]
        if voucher.instead_of_roll and d.kind != "roll":
            continue
        base = {"type": "voucher", "voucher": voucher_id}
        if voucher.kind == "free_cab_fare":
            # Where it takes the token is the referee's answer (``referee voucher``): working
            # it out for every roll decision would cost more than the rest of the options.
            for ride in (False, True):
                code = "option.voucher.ride" if ride else "option.voucher.stay"
                yield {
                    "command": {**base, "ride": ride},
                    "code": code,
                    "params": {"voucher": voucher_id},
                }
            continue
        for key in _voucher_targets(
            state.edition.board, voucher.kind == "bus_ticket", seat.position.key
        ):
            yield {
                "command": {**base, "space": key},
                "to": key,
                "code": "option.voucher.to",
                "params": {"voucher": voucher_id, "space": key},
            }


def _voucher_targets(board: Board, bus: bool, start: str) -> tuple[str, ...]:
    """Where a voucher takes a token on ``start``, a table made once per space (the board's
    memo): a Bus Ticket anywhere ahead up to the end of the side, a Transit Token to a transit
    station ahead."""
    targets = board.memo("voucher_targets")
    found: tuple[str, ...] | None = targets.get((bus, start))
    if found is None:
        found = targets[bus, start] = _work_out_voucher_targets(board, bus, start)
    return found


def _work_out_voucher_targets(board: Board, bus: bool, start: str) -> tuple[str, ...]:
    origin = board.by_key(start)
    ahead = _ahead(board, origin)
    if bus:
        ahead = ahead[: ahead.index(side_end(board, origin)) + 1]
    else:
        ahead = [s for s in ahead if board.is_station(s)]
    return tuple(s.key for s in ahead)


def _ahead(board: Board, start: Space) -> list[Space]:
    """The rest of ``start``'s track, in the direction of play."""
    spaces = []
    space = board.step(start, 1)
    while space != start:
        spaces.append(space)
        space = board.step(space, 1)
    return spaces


@task("draw_voucher")
def _task_draw_voucher(tx: Tx, task: tasks.DrawVoucher) -> None:
    if not sum(tx.state.vouchers_left.values()):
        tx.note("note.no_vouchers_left")
        return
    tx.ask("draw", task.player, ("draw",), "ask.draw.voucher", deck="travel_voucher")


@decision_options("draw", "travel_voucher")
def _draw_options(state: GameState, d: Decision) -> Iterator[Option]:
    """The vouchers still in the deck."""
    for voucher_id, n in state.vouchers_left.items():
        if n > 0:
            yield {
                "command": {"type": "draw", "card": voucher_id},
                "code": "option.draw.voucher",
                "params": {"voucher": voucher_id},
            }


@answer("draw", "travel_voucher")
def _draw(tx: Tx, c: commands.Draw) -> None:
    take_voucher(tx, c.player, (c.card or ""))


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
