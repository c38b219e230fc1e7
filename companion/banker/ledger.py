"""The ledger: every movement of money is a transfer between named accounts.

The accounts are the Bank, the Pool and each player. Balances are derived by folding transfers;
amounts are whole dollars. Only the Bank creates or destroys money: it starts at $0 and goes
below zero as it pays out, so that every account together always sums to zero.

>>> balances([Transfer("Bank", "Ann", 3200, "starting cash"), Transfer("Ann", "Pool", 200, "Income Tax")])
{'Bank': -3200, 'Ann': 3000, 'Pool': 200}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

BANK = "Bank"
POOL = "Pool"


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` dollars from ``source`` to ``target``, and why."""

    source: str
    target: str
    amount: int
    reason: str

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise ValueError(f"a transfer moves a whole number of dollars, not {self.amount!r}")
        if self.source == self.target:
            raise ValueError(f"a transfer needs two accounts, not {self.source!r} twice")


def balances(transfers: Iterable[Transfer]) -> dict[str, int]:
    """Every account's balance after ``transfers``, in the order accounts first appear."""
    result: dict[str, int] = {}
    for t in transfers:
        result[t.source] = result.get(t.source, 0) - t.amount
        result[t.target] = result.get(t.target, 0) + t.amount
    return result
