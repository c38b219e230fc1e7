"""Applying a resolved movement: the `moved` event, salaries, the player's seat, and the tasks
the spaces landed on ask for (put at the front of the agenda)."""

from __future__ import annotations

from collections.abc import Callable

from companion.banker import tasks
from companion.banker.ledger import BANK
from companion.banker.tx import (
    Tx,
)
from companion.messages import message
from companion.rules.movement import (
    Action,
    Resolution,
)
from companion.rules.situation import Player


def apply_move(tx: Tx, res: Resolution) -> None:
    """Record a resolved movement and put what its spaces ask at the front of the agenda."""
    player = res.player
    if res.steps:
        tx.emit(
            "moved",
            player=player,
            to=res.landing.key,
            path=[s.space.key for s in res.steps],
            kinds=[s.kind for s in res.steps],
            code=res.code,
            params=dict(res.params),
        )
    for salary in res.salaries:
        how = "reason.salary.landing" if salary.landed else "reason.salary.passing"
        tx.transfer(BANK, player, salary.amount, message(how, space=salary.corner.key))
    _standing(tx, player, res.after)  # B11: Pay Back ends as its drawer leaves jail (released)
    todo: list[tasks.Task] = []
    for action in res.follow_up:
        todo.extend(tasks_for(player, action))
    tx.first(*todo)


def _standing(tx: Tx, player: str, after: Player) -> None:
    """What the move did to ``player``'s standing, one fact each: jailed, released or a roll
    failed in jail; then each move still due (backwards, by the Subway, by a transit token)
    won or over. ``jailed`` cancels the moves still due; where the resolution keeps one
    (third doubles jail a player whose Reverse Direction is still due), it is said again."""
    seat = tx.state.seat(player)
    if after.in_jail != seat.in_jail or after.jail_turns != seat.jail_turns:
        if not after.in_jail:
            tx.emit("released", player=player)
        elif after.jail_turns:
            tx.emit("jail_roll_failed", player=player, tries=after.jail_turns)
        else:
            tx.emit("jailed", player=player)  # again, after doubles had freed them
        seat = tx.state.seat(player)
    if after.reverse_direction and not seat.reverse_direction:
        tx.emit("direction_reversed", player=player)
    elif seat.reverse_direction and not after.reverse_direction:
        tx.emit("direction_restored", player=player)
    if after.subway and not seat.subway:
        tx.emit("subway_ride_due", player=player)
    elif seat.subway and not after.subway:
        tx.emit("subway_ride_over", player=player)
    if after.transit_token and not seat.transit_token:
        tx.emit("transit_token_placed", player=player)
    elif seat.transit_token and not after.transit_token:
        tx.emit("transit_token_used", player=player)


def action_space(a: Action) -> str:
    """The key of the space an action of a move names."""
    assert a.space is not None, a
    return a.space.key


def _rent(player: str, a: Action) -> tasks.Task:
    if a.amount is None:  # a utility: the payer rolls
        assert a.times is not None, a
        return tasks.UtilityRoll(player, action_space(a), a.times)
    assert a.payee is not None
    return tasks.Rent(player, action_space(a), a.amount, a.payee)


def _payment(code: str) -> Callable[[str, Action], tasks.Task]:
    """A payment the move asks for, its reason message ``code``."""

    def owed(player: str, a: Action) -> tasks.Task:
        assert a.payee is not None, a
        return tasks.Pay(player, a.payee, a.amount or 0, message(code))

    return owed


FollowUp = Callable[[str, Action], tasks.Task]

#: What each follow-up action of a move (``companion.rules.movement.Action.kind``) leaves on
#: the agenda; kinds not here ask nothing of the banker (``use_jail_card``: the card was handed
#: in before the roll). The space rules add their own (:func:`follow_up`).
_FOLLOW_UPS: dict[str, FollowUp] = {
    "buy_or_auction": lambda player, a: tasks.Offer(player, action_space(a)),
    "pay_rent": _rent,
    "pay_bail": _payment("reason.bail"),
    "pay_taxi_fare": _payment("reason.taxi_fare"),
    "taxi_ride": lambda player, a: tasks.TaxiOffer(player, action_space(a)),
    "draw_travel_voucher": lambda player, a: tasks.DrawVoucher(player),
    "voucher_expires": lambda player, a: tasks.ExpireVoucher(player),
    "expire_vouchers": lambda player, a: tasks.ExpireAllVouchers(),
    "all_players_move": lambda player, a: tasks.AllMove(player, action_space(a)),
}


def follow_up(kind: str) -> Callable[[FollowUp], FollowUp]:
    """Register the decorated function as what a move's follow-up action of ``kind`` leaves on
    the agenda: ``(player, action) -> task``."""

    def register(make: FollowUp) -> FollowUp:
        assert kind not in _FOLLOW_UPS, f"two follow-ups for {kind!r}"
        _FOLLOW_UPS[kind] = make
        return make

    return register


def tasks_for(player: str, a: Action) -> list[tasks.Task]:
    """The agenda items a move's follow-up action ``a`` asks of the banker."""
    make = _FOLLOW_UPS.get(a.kind)
    return [] if make is None else [make(player, a)]
