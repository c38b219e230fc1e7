"""Share in Their Good Fortune (``use: roll_three_share``): kept, its holder takes half of
another player's Roll Three win (the largest), who may refuse it with Just Say NO!"""

from __future__ import annotations

from collections.abc import Mapping

from companion.banker import tasks
from companion.banker.keptcards import against, card_use, held
from companion.banker.tx import Tx, return_card
from companion.messages import message

CODES = ("reason.share_good_fortune",)


@card_use("roll_three_share", moment="roll_three_won")
def _roll_three_share(tx: Tx, winnings: Mapping[str, int]) -> None:
    for seat in tx.state.active:
        card = held(tx.state, seat.name, "roll_three_share")
        best = max(((w, n) for n, w in winnings.items() if n != seat.name and w), default=None)
        if card is not None and best is not None:
            return_card(tx, seat.name, card)
            why = message("reason.share_good_fortune")
            share = tasks.Pay(best[1], seat.name, best[0] // 2, why)
            if held(tx.state, best[1], "refuse") is None:
                tx.transfer(share.from_, share.to, share.amount, why)
            else:
                against(tx, best[1], share, card)
