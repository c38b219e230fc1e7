"""Birthday Gift (P7): the lander takes $100 from the Bank or a Travel Voucher, their choice;
with no voucher left, $100. **Option** ``birthday_from_players``: $100 from each other player
instead."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.ledger import BANK
from companion.banker.moves import follow_up
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, command, task
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "birthday_gift"
HOUSE_RULE = "birthday_from_players"
CODES = ("ask.gift", "reason.birthday_gift", "option.gift", "option.take_voucher")
#: The gift, from the Bank (or, by the house rule, from each other player).
GIFT = 100


@landing(
    KIND,
    notes={
        "action.birthday_gift": ACTION_PARAMS,
        "action.birthday_gift.no_vouchers": ACTION_PARAMS,
    },
)
def _land(at: Landing) -> None:
    if at.vouchers_left:
        text, variant = f"Take ${GIFT} from the Bank or a Travel Voucher: your choice.", ""
    else:
        text = f"Take ${GIFT} from the Bank (no Travel Vouchers are left)."
        variant = ".no_vouchers"
    at.action("birthday_gift", text, GIFT, variant=variant)


@follow_up("birthday_gift")
def _gift_due(player: str, a: Action) -> tasks.Task:
    return tasks.BirthdayGift(player)


@task("birthday_gift")
def _task_birthday(tx: Tx, task: tasks.BirthdayGift) -> None:
    player = task.player
    if tx.state.rules.birthday_from_players:
        tx.first(
            *[
                tasks.Pay(s.name, player, GIFT, message("reason.birthday_gift"))
                for s in tx.state.active
                if s.name != player
            ]
        )
        return
    if not sum(tx.state.vouchers_left.values()):
        tx.transfer(BANK, player, GIFT, message("reason.birthday_gift"))
        return
    tx.ask("gift", player, ("gift",), "ask.gift", {"amount": GIFT})


@command("gift")
def _cmd_gift(tx: Tx, c: commands.Gift) -> None:
    choice = c.option
    if choice == "cash":
        tx.transfer(BANK, c.player, GIFT, message("reason.birthday_gift"))
    elif choice == "voucher":
        tx.first(tasks.DrawVoucher(c.player))
    else:
        raise IllegalCommandError(f"gift: the option is 'cash' or 'voucher', not {choice!r}")


@decision_options("gift")
def _gift_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield {
        "command": {"type": "gift", "option": "cash"},
        "amount": GIFT,
        "code": "option.gift",
        "params": {"amount": GIFT},
    }
    yield {
        "command": {"type": "gift", "option": "voucher"},
        "code": "option.take_voucher",
        "params": {},
    }
