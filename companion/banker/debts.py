"""A payment owed: made when the payer has the cash, else the ``raise_money`` decision (B3,
P13): the payer sells and mortgages (the any-time commands of ``tx.RAISES``) and pays, or goes
bankrupt to the creditor when P13 allows it; its options are here with its answers."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from companion.banker import commands, tasks
from companion.banker.assets import bankrupt, bankruptcy_problem
from companion.banker.ledger import BANK, POOL
from companion.banker.options import Option, anytime_options, by_kinds, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import RAISES, Tx, command, gone, task
from companion.errors import IllegalCommandError

#: The message codes of the decision posed here and of its options.
CODES = ("ask.raise_money", "ask.raise_money.sell", "option.pay", "option.bankrupt")


@task("pay")
def _task_pay(tx: Tx, task: tasks.Pay) -> None:
    """Task: a payment. B3: one the payer cannot make waits, first on the agenda, while they
    raise money and pay, or go bankrupt to the creditor when P13 allows it; cash never goes
    below $0."""
    source, target, amount = task.from_, task.to, task.amount
    if amount <= 0 or gone(tx, source):
        return
    if target not in (BANK, POOL) and gone(tx, target):
        return
    if source in (BANK, POOL) or tx.cash(source) >= amount:
        tx.transfer(source, target, amount, task.reason)
        return
    tx.first(task)
    short = amount - tx.cash(source)
    tx.ask(
        "raise_money",
        source,
        ("pay", "bankrupt"),
        "ask.raise_money"
        if bankruptcy_problem(tx.state, source, amount) is None
        else "ask.raise_money.sell",
        {"creditor": target, "amount": amount, "reason": task.reason, "short": short},
        creditor=target,
        amount=amount,
        reason=task.reason,
    )


@decision_options("raise_money")
@by_kinds
def _raise_money_options(state: GameState, d: Decision, types: Collection[str]) -> Iterator[Option]:
    """A payment the payer is short of: pay once the cash is there; meanwhile the sales and
    mortgages that raise it; bankruptcy only when they cannot cover the debt (P13), or by the
    ``voluntary_bankruptcy`` house rule. Only the options of ``types`` are worked out."""
    amount, creditor = d.data["amount"], d.data["creditor"]
    if "pay" in types and state.cash[d.player] >= amount:
        yield {
            "command": {"type": "pay"},
            "amount": amount,
            "creditor": creditor,
            "code": "option.pay",
            "params": {"amount": amount, "payee": creditor},
        }
    raises = [k for k in RAISES if k in types]
    if raises:
        yield from anytime_options(state, d.player, raises)
    if "bankrupt" in types and bankruptcy_problem(state, d.player, amount) is None:
        yield {
            "command": {"type": "bankrupt"},
            "creditor": creditor,
            "code": "option.bankrupt",
            "params": {},
        }


@command("pay")
def _cmd_pay(tx: Tx, c: commands.Pay) -> None:
    """Pay what is owed (the payment waits first on the agenda; rent due pays the same way)."""
    d = tx.state.decision
    player = c.player
    if d.kind == "raise_money" and tx.cash(player) < d.data["amount"]:
        raise IllegalCommandError(
            f"pay by {player}: {player} has {tx.money(tx.cash(player))} of the {tx.money(d.data['amount'])} owed; raise money first or go bankrupt"
        )


@command("bankrupt")
def declare_bankruptcy(tx: Tx, c: commands.Bankrupt) -> None:
    player = c.player
    d = tx.state.decision
    problem = bankruptcy_problem(tx.state, player, d.data["amount"])
    if problem:
        raise IllegalCommandError(f"bankrupt by {player}: {problem}")
    tx.agenda.pop(0)  # the payment that could not be made
    bankrupt(tx, player, d.data["creditor"])
