"""A kept card that sells a share back to the Bank (``play: sell_share``): one unmortgaged
share of its holder's choice, at par plus the card's ``bonus``."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands
from companion.banker.cardplay import card_reason
from companion.banker.ledger import BANK
from companion.banker.options import Option, play_options
from companion.banker.playcards import card_play
from companion.banker.state import GameState
from companion.banker.tx import Tx
from companion.errors import IllegalCommandError
from companion.rules.cards import Card

CODES = ("option.play_card.share",)


@card_play("sell_share")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    company = c.company
    seat = tx.state.seat(player)
    if (
        not isinstance(company, str)
        or seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0) < 1
    ):
        raise IllegalCommandError(f"play_card: {player} holds no unmortgaged share of {company!r}")
    shares = dict(seat.shares)
    shares[company] -= 1
    tx.shares({player: (shares, seat.mortgaged_shares)})
    amount = tx.deck.par_values[company] + card.play[0]["bonus"]
    tx.transfer(BANK, player, amount, card_reason(card))


@play_options("sell_share")
def _options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    seat = state.seat(player)
    bonus = state.edition.deck.cards[card].play[0]["bonus"]
    for company, par in state.edition.deck.par_values.items():
        if seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0) >= 1:
            yield {
                "command": {**command, "company": company},
                "amount": par + bonus,
                "code": "option.play_card.share",
                "params": {"card": card, "company": company},
            }
