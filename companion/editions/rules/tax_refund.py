"""Tax Refund (P1): the lander collects half the Pool, rounded up (the edition's
``numbers.half_pool``)."""

from __future__ import annotations

from companion.banker import tasks
from companion.banker.ledger import POOL
from companion.banker.moves import follow_up
from companion.banker.tx import Tx, task
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "tax_refund"
HOUSE_RULE = None
CODES = ("reason.tax_refund",)


@landing(KIND, notes={"action.collect_tax_refund": ACTION_PARAMS})
def _land(at: Landing) -> None:
    amount = at.situation.edition.numbers.half_pool(at.situation.pool)
    at.action(
        "collect_tax_refund",
        f"Collect half the Pool, rounded up: {at.situation.edition.money.written(amount, grouped=False)}.",
        amount,
    )


@follow_up("collect_tax_refund")
def _collect(player: str, a: Action) -> tasks.Task:
    return tasks.CollectTaxRefund(player)


@task("collect_tax_refund")
def _task_tax_refund(tx: Tx, task: tasks.CollectTaxRefund) -> None:
    """P1: the Pool as it stands when the task is done (a payment before it may have grown it)."""
    refund = tx.state.edition.numbers.half_pool(tx.state.pool)
    tx.transfer(POOL, task.player, refund, message("reason.tax_refund"))
