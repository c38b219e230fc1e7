"""A share bought at par or auctioned: the ``stock`` decision, which the Stock Exchange space
(``companion/editions/rules/stock_exchange.py``) and Inherit Stock pose."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, keptcards, tasks
from companion.banker.ledger import BANK
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, command, give_share
from companion.errors import IllegalCommandError
from companion.messages import message

#: The message codes of the options of the ``stock`` decision (its sentences are its posers').
CODES = ("option.stock.buy", "option.stock.auction")


@decision_options("stock")
def _stock_options(state: GameState, d: Decision) -> Iterator[Option]:
    """A share of a company with shares left: bought at par (free with Inherit Stock, half with
    Insider Trading), or auctioned."""
    free = bool(d.data.get("free"))
    for company, par in state.edition.deck.par_values.items():
        if not state.shares_left.get(company):
            continue
        price = 0 if free else keptcards.price_now(state, "share_bought", d.player, par)
        if state.cash[d.player] >= price:
            yield {
                "command": {"type": "stock", "company": company, "how": "buy"},
                "price": price,
                "code": "option.stock.buy",
                "params": {"company": company, "amount": price},
            }
        if not free:
            yield {
                "command": {"type": "stock", "company": company, "how": "auction"},
                "par": par,
                "code": "option.stock.auction",
                "params": {"company": company},
            }


@command("stock")
def _cmd_stock(tx: Tx, c: commands.Stock) -> None:
    player, company, how = c.player, c.company, c.how
    if company not in tx.deck.par_values:
        raise IllegalCommandError(
            f"stock: no company {company!r}; the companies are {', '.join(tx.deck.par_values)}"
        )
    if not tx.state.shares_left.get(company):
        raise IllegalCommandError(
            f"stock: every share of {company} is sold; choose another company"
        )
    if tx.state.decision.data.get("free") and how != "buy":
        raise IllegalCommandError("stock: the free share (Inherit Stock) is taken, not auctioned")
    if how == "buy":
        par = tx.deck.par_values[company]
        free = tx.state.decision.data.get("free")
        price = 0 if free else keptcards.priced(tx, "share_bought", player, par)
        if tx.cash(player) < price:
            raise IllegalCommandError(
                f"stock by {player}: a share of {company} costs {tx.money(price)} and {player} has {tx.money(tx.cash(player))}"
            )
        tx.transfer(player, BANK, price, message("reason.buy_share", company=company))
        give_share(tx, player, company)
    elif how == "auction":
        tx.first(tasks.Auction("share", company))
    else:
        raise IllegalCommandError(f"stock: 'how' is 'buy' or 'auction', not {how!r}")
