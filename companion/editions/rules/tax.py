"""Income Tax and Luxury Tax (D3, P1, E1): the lander pays the space's amount into the Pool (to
the Bank in an edition without one); with the house rule ``older_tax_amounts``, a tax the older
sets printed otherwise (its ``older_amount``: Classic's Luxury Tax $75) is that amount."""

from __future__ import annotations

from companion.banker import tasks
from companion.banker.moves import action_space, follow_up
from companion.editions import Edition
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "tax"
HOUSE_RULE = "older_tax_amounts"
CODES = ("reason.tax",)


@landing(
    KIND,
    notes={"action.pay_tax": ACTION_PARAMS},
    describe=lambda space, played: (
        f"Pay {played.money.written(space.amount, grouped=False)} {_into(played)}"
    ),
)
def _land(at: Landing) -> None:
    space = at.space
    played = at.situation.edition
    amount = space.amount
    if space.older_amount and at.situation.options.older_tax_amounts:
        amount = space.older_amount
    text = f"Pay {played.money.written(amount, grouped=False)} {space.name} {_into(played)}."
    at.action("pay_tax", text, amount, played.fees_account)


def _into(played: Edition) -> str:
    """Where a tax goes: into the Pool, or to the Bank in an edition without one."""
    return "into the Pool" if played.has_pool else f"to the {played.fees_account}"


@follow_up("pay_tax")
def _pay(player: str, a: Action) -> tasks.Task:
    reason = message("reason.tax", space=action_space(a))
    assert a.payee is not None, a
    return tasks.Pay(player, a.payee, a.amount or 0, reason)
