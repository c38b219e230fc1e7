"""Applying a resolved movement: the `moved` event, salaries, the player's seat, and the tasks
the spaces landed on ask for (put at the front of the agenda)."""

from __future__ import annotations

from companion.banker.ledger import BANK, POOL
from companion.banker.tx import (
    Task,
    Tx,
    pay_task,
)
from companion.rules.movement import (
    Action,
    Resolution,
)


def apply_move(tx: Tx, res: Resolution) -> None:
    """Record a resolved movement and put what its spaces ask at the front of the agenda."""
    player = res.player
    before = tx.state.seat(player)
    if res.steps:
        tx.emit(
            "moved",
            player=player,
            to=res.landing.key,
            path=[s.space.key for s in res.steps],
            text=res.summary,
        )
    for salary in res.salaries:
        how = "landing on" if salary.landed else "passing"
        tx.transfer(BANK, player, salary.amount, f"{how} {salary.corner.name}")
    after = res.after
    changes = {
        k: getattr(after, k)
        for k in ("in_jail", "jail_turns", "reverse_direction", "subway", "transit_token")
        if getattr(after, k) != getattr(before, k)
    }
    if before.rent_to_pool and not after.in_jail:
        changes["rent_to_pool"] = False
    if changes:
        tx.seat_set(player, **changes)
    tasks: list[Task] = []
    for action in res.follow_up:
        tasks.extend(tasks_for(tx, player, action))
    tx.first(*tasks)


def tasks_for(tx: Tx, player: str, a: Action) -> list[Task]:
    space = a.space.key if a.space else None
    k = a.kind
    if k == "buy_or_auction":
        return [{"do": "offer", "player": player, "space": space}]
    if k == "pay_rent":
        assert a.space is not None
        if a.amount is None:
            return [{"do": "utility_roll", "player": player, "space": space, "times": a.times}]
        return [
            {"do": "rent", "player": player, "space": space, "amount": a.amount, "owner": a.payee}
        ]
    if k in ("pay_tax", "pay_bail", "pay_taxi_fare"):
        reason = {"pay_tax": a.space.name if a.space else "tax", "pay_bail": "jail bail"}.get(
            k, "taxi fare"
        )
        return [pay_task(player, a.payee or POOL, a.amount or 0, reason)]
    if k == "taxi_ride":
        return [{"do": "taxi_offer", "player": player, "space": space}]
    if k == "draw_travel_voucher":
        return [{"do": "draw_voucher", "player": player}]
    if k in ("draw_chance", "draw_community_chest"):
        return [{"do": "draw_card", "player": player, "deck": k.removeprefix("draw_")}]
    if k in (
        "collect_tax_refund",
        "birthday_gift",
        "squeeze_play",
        "roll_three",
        "stock_exchange",
        "auction_any",
    ):
        return [{"do": k, "player": player}]
    if k == "use_jail_card":
        return []  # handed in before the roll (_cmd_jail_card)
    if k == "voucher_expires":
        return [{"do": "expire_voucher", "player": player}]
    if k == "expire_vouchers":
        return [{"do": "expire_all_vouchers"}]
    if k == "all_players_move":
        return [{"do": "all_move", "player": player, "space": space}]
    return []
