"""Birthday Gift (P7): the lander takes the gift (the edition's ``numbers.birthday_gift``,
Ultimate's $100) from the Bank or a Travel Voucher, their choice; with no voucher left, the gift.
**Option** ``birthday_from_players``: the gift from each other player instead."""

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


@landing(
    KIND,
    notes={
        "action.birthday_gift": ACTION_PARAMS,
        "action.birthday_gift.no_vouchers": ACTION_PARAMS,
    },
)
def _land(at: Landing) -> None:
    gift = at.situation.edition.numbers.birthday_gift
    written = at.situation.edition.money.written
    if at.vouchers_left:
        text, variant = (
            f"Take {written(gift, grouped=False)} from the Bank or a Travel Voucher: your choice.",
            "",
        )
    else:
        text = f"Take {written(gift, grouped=False)} from the Bank (no Travel Vouchers are left)."
        variant = ".no_vouchers"
    at.action("birthday_gift", text, gift, variant=variant)


@follow_up("birthday_gift")
def _gift_due(player: str, a: Action) -> tasks.Task:
    return tasks.BirthdayGift(player)


@task("birthday_gift")
def _task_birthday(tx: Tx, task: tasks.BirthdayGift) -> None:
    player = task.player
    gift = tx.state.edition.numbers.birthday_gift
    if tx.state.rules.birthday_from_players:
        tx.first(
            *[
                tasks.Pay(s.name, player, gift, message("reason.birthday_gift"))
                for s in tx.state.active
                if s.name != player
            ]
        )
        return
    if not sum(tx.state.vouchers_left.values()):
        tx.transfer(BANK, player, gift, message("reason.birthday_gift"))
        return
    tx.ask("gift", player, ("gift",), "ask.gift", {"amount": gift})


@command("gift")
def _cmd_gift(tx: Tx, c: commands.Gift) -> None:
    choice = c.option
    if choice == "cash":
        gift = tx.state.edition.numbers.birthday_gift
        tx.transfer(BANK, c.player, gift, message("reason.birthday_gift"))
    elif choice == "voucher":
        tx.first(tasks.DrawVoucher(c.player))
    else:
        raise IllegalCommandError(f"gift: the option is 'cash' or 'voucher', not {choice!r}")


@decision_options("gift")
def _gift_options(state: GameState, d: Decision) -> Iterator[Option]:
    gift = state.edition.numbers.birthday_gift
    yield {
        "command": {"type": "gift", "option": "cash"},
        "amount": gift,
        "code": "option.gift",
        "params": {"amount": gift},
    }
    yield {
        "command": {"type": "gift", "option": "voucher"},
        "code": "option.take_voucher",
        "params": {},
    }
