"""A share bought at par or auctioned: the ``stock`` decision, which the Stock Exchange space
(``companion/editions/rules/stock_exchange.py``) and Inherit Stock pose."""

from __future__ import annotations

from companion.banker import commands, keptcards, tasks
from companion.banker.ledger import BANK
from companion.banker.tx import Tx, command, give_share
from companion.errors import IllegalCommandError
from companion.messages import message


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
        price = keptcards.share_price(tx, player, tx.deck.par_values[company])
        if tx.cash(player) < price:
            raise IllegalCommandError(
                f"stock by {player}: a share of {company} costs ${price} and {player} has ${tx.cash(player)}"
            )
        tx.transfer(player, BANK, price, message("reason.buy_share", company=company))
        give_share(tx, player, company)
    elif how == "auction":
        tx.first(tasks.Auction("share", company))
    else:
        raise IllegalCommandError(f"stock: 'how' is 'buy' or 'auction', not {how!r}")
