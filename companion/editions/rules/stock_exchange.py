"""Stock Exchange (P6): the Bank pays every holder of unmortgaged shares its dividend, then the
lander buys one share at par or names one for the Banker to auction (the ``stock`` decision,
which Inherit Stock also poses: ``stocks``)."""

from __future__ import annotations

from companion.banker import tasks
from companion.banker.moves import follow_up
from companion.banker.tx import Tx, pay_dividends, task
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "stock_exchange"
HOUSE_RULE = None
CODES = ("ask.stock", "reason.stock_exchange")


@landing(KIND, notes={"action.stock_exchange": ACTION_PARAMS})
def _land(at: Landing) -> None:
    at.action(
        "stock_exchange",
        "Stock Exchange: the Bank pays dividends to every shareholder; "
        "then buy one share at par or the Banker auctions it.",
    )


@follow_up("stock_exchange")
def _exchange_due(player: str, a: Action) -> tasks.Task:
    return tasks.StockExchange(player)


@task("stock_exchange")
def _task_stock_exchange(tx: Tx, task: tasks.StockExchange) -> None:
    pay_dividends(tx, list(tx.deck.par_values), message("reason.stock_exchange"))
    player = task.player
    if any(tx.state.shares_left.values()):
        tx.ask("stock", player, ("stock",), "ask.stock")
