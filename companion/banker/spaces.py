"""What spaces ask once a token lands: utilities' dice, Tax Refund, taxi rides, Chance and
Community Chest draws, Birthday Gift, Squeeze Play, Roll Three, the Auction space."""

from __future__ import annotations

from collections.abc import Sequence

from companion.banker import cardplay, commands, keptcards, tasks
from companion.banker.ledger import BANK, POOL
from companion.banker.moves import apply_move
from companion.banker.tx import (
    Tx,
    command,
    dice_of,
    others,
    roll_of,
    take_roll_three,
    take_voucher,
    task,
)
from companion.errors import BadRollError, IllegalCommandError, shown
from companion.messages import message
from companion.rules.movement import (
    resolve_taxi,
)


@task("utility_roll")
def _task_utility_roll(tx: Tx, task: tasks.UtilityRoll) -> None:
    player = task.player
    tx.ask(
        "dice",
        player,
        ("dice",),
        "ask.dice.utility",
        {"times": task.times},
        why="utility",
        space=task.space,
        times=task.times,
    )


@task("collect_tax_refund")
def _task_tax_refund(tx: Tx, task: tasks.CollectTaxRefund) -> None:
    """P1: Tax Refund pays half the Pool, rounded up."""
    amount = (tx.state.pool + 1) // 2
    tx.transfer(POOL, task.player, amount, message("reason.tax_refund"))


@task("all_move")
def _task_all_move(tx: Tx, task: tasks.AllMove) -> None:
    """B11: Mardi Gras moves every other player directly to Canal Street without obeying the
    space (only the drawer's landing counts); players in jail stay there."""
    for seat in tx.state.active:
        if seat.name != task.player and not seat.in_jail:
            tx.emit(
                "moved",
                player=seat.name,
                to=task.space,
                path=[task.space],
                kinds=["direct"],
                code="move.direct",
            )


@task("taxi_offer")
def _task_taxi_offer(tx: Tx, task: tasks.TaxiOffer) -> None:
    player = task.player
    if tx.state.seat(player).position.key != task.space:
        return
    tx.ask("taxi", player, ("taxi", "skip"), "ask.taxi")


@command("taxi")
def _cmd_taxi(tx: Tx, c: commands.Taxi) -> None:
    to = tx.board.space(str(c.space or ""))
    apply_move(tx, resolve_taxi(tx.board, tx.state.situation(), to, player=c.player, quiet=True))


@command("skip")
def _cmd_skip(tx: Tx, c: commands.Skip) -> None:
    """Decline an offer (a taxi ride, a card's option): the turn carries on."""


@task("draw_card")
def _task_draw_card(tx: Tx, task: tasks.DrawCard) -> None:
    player, deck = task.player, task.deck
    tx.ask("draw", player, ("draw",), "ask.draw.card", {"deck": deck}, deck=deck)


@command("draw")
def _cmd_draw(tx: Tx, c: commands.Draw) -> None:
    d = tx.state.decision
    deck = d.data["deck"]
    player = c.player
    if deck == "travel_voucher":
        take_voucher(tx, player, (c.card or ""))
    elif deck == "roll_three":
        combo = take_roll_three(tx, player, (c.card or ""), "draw")
        tx.emit("drew", player=player, card=combo, code="event.drew.roll_three")
        _ask_roll_three_dice(tx, player)
    else:
        card = tx.deck.card(str(c.card or ""))
        if card.deck != deck:
            raise IllegalCommandError(
                f"draw: {card.id!r} is a {card.deck.replace('_', ' ')} card, and {player} draws from {deck.replace('_', ' ')}"
            )
        # B6: a card whose every copy is kept in a hand is not in the deck.
        if tx.state.cards_out.get(card.id, 0) >= card.count:
            raise IllegalCommandError(
                f"draw: every copy of {card.id!r} is in a player's hand; check the card"
            )
        tx.emit("drew", player=player, card=card.id, code="event.drew.card")
        cardplay.drawn(tx, player, card)


@task("birthday_gift")
def _task_birthday(tx: Tx, task: tasks.BirthdayGift) -> None:
    player = task.player
    if tx.state.rules.birthday_from_players:
        tx.first(
            *[
                tasks.Pay(s.name, player, 100, message("reason.birthday_gift"))
                for s in tx.state.active
                if s.name != player
            ]
        )
        return
    if not sum(tx.state.vouchers_left.values()):
        tx.transfer(BANK, player, 100, message("reason.birthday_gift"))
        return
    tx.ask("gift", player, ("gift",), "ask.gift", {"amount": 100})


@command("gift")
def _cmd_gift(tx: Tx, c: commands.Gift) -> None:
    choice = c.option
    if choice == "cash":
        tx.transfer(BANK, c.player, 100, message("reason.birthday_gift"))
    elif choice == "voucher":
        tx.first(tasks.DrawVoucher(c.player))
    else:
        raise IllegalCommandError(f"gift: the option is 'cash' or 'voucher', not {choice!r}")


@task("squeeze_play")
def _task_squeeze(tx: Tx, task: tasks.SqueezePlay) -> None:
    player = task.player
    speed = tx.state.rules.squeeze_play_speed_die
    code = "ask.dice.squeeze_play_speed" if speed else "ask.dice.squeeze_play"
    tx.ask("dice", player, ("dice",), code, why="squeeze_play")


def squeeze_play_amount(total: int, *, speed_die: bool = False) -> int:
    """P5: what each other player pays on Squeeze Play for the dice total.

    >>> [squeeze_play_amount(t) for t in (2, 3, 5, 9, 10, 12)]
    [200, 100, 50, 50, 100, 200]
    >>> [squeeze_play_amount(t, speed_die=True) for t in (2, 5, 6, 11, 12, 15)]
    [200, 100, 50, 50, 100, 200]
    """
    if speed_die:
        return 200 if total in (2, 15) else 100 if total in (3, 4, 5, 12, 13, 14) else 50
    return 200 if total in (2, 12) else 100 if total in (3, 4, 10, 11) else 50


#: Roll Three payouts by matches (P4); the roller holding the exact three gets the last one.
ROLL_THREE_PAYOUT = {1: 50, 2: 200, 3: 1000}
ROLL_THREE_OWN_CARD = 1500


def roll_three_winnings(card: str, dice: Sequence[int], *, rolled_by_holder: bool) -> int:
    """P4: what one Roll Three card wins against three dice (matched as multisets).

    >>> [roll_three_winnings(c, [1, 3, 6], rolled_by_holder=False) for c in ("4-4-5", "2-4-6", "1-3-3", "1-3-6")]
    [0, 50, 200, 1000]
    >>> roll_three_winnings("1-3-6", [6, 1, 3], rolled_by_holder=True)
    1500
    """
    wanted = [int(v) for v in card.split("-")]
    matches = 0
    for die in dice:
        if die in wanted:
            wanted.remove(die)
            matches += 1
    if matches == 3 and rolled_by_holder:
        return ROLL_THREE_OWN_CARD
    return ROLL_THREE_PAYOUT.get(matches, 0)


@task("roll_three")
def _task_roll_three(tx: Tx, task: tasks.RollThree) -> None:
    player = task.player
    if tx.state.roll_three_left:
        tx.ask("draw", player, ("draw",), "ask.draw.roll_three", deck="roll_three")
    else:
        _ask_roll_three_dice(tx, player)


def _ask_roll_three_dice(tx: Tx, player: str) -> None:
    tx.ask("dice", player, ("dice",), "ask.dice.roll_three", why="roll_three")


@command("dice")
def _cmd_dice(tx: Tx, c: commands.Dice) -> None:
    d = tx.state.decision
    player = c.player
    why = d.data["why"]
    if why == "squeeze_play":
        if tx.state.rules.squeeze_play_speed_die:
            # B15: with the speed-die option, two dice alone are refused.
            if len(c.dice) != 3:
                raise BadRollError(
                    f"dice: Squeeze Play is rolled with the speed die: give two regular dice and "
                    f"the speed die, not {shown(c.dice)}"
                )
            roll = roll_of(c)
            total = roll.spaces
            amount = squeeze_play_amount(total, speed_die=True)
        else:
            total = sum(dice_of(c, 2))
            amount = squeeze_play_amount(total)
            roll = None
        tx.note("note.squeeze_play", player=player, total=total, amount=amount)
        rivals = others(tx.state, player)
        why = message("reason.squeeze_play")
        owed: list[tasks.Task] = [tasks.Pay(o, player, amount, why) for o in rivals]
        if roll is not None and roll.speed in ("mr", "bus"):
            owed += [tasks.GiveVoucher(o, player) for o in rivals]
        tx.first(*owed)
    elif why == "roll_three":
        dice = dice_of(c, 3)
        tx.note("note.roll_three", player=player, dice=dice)
        winnings: dict[str, int] = {}
        for seat in tx.state.active:
            won = sum(
                roll_three_winnings(card, dice, rolled_by_holder=seat.name == player)
                for card in seat.roll_three
            )
            tx.transfer(BANK, seat.name, won, message("reason.roll_three"))
            winnings[seat.name] = won
        keptcards.roll_three_shares(tx, winnings)
    elif why == "utility":
        total = sum(dice_of(c, 2))
        space = tx.board.space(d.data["space"])
        owner = tx.state.holdings[space.name].owner
        tx.first(tasks.Rent(player, space.key, d.data["times"] * total, owner))
    else:
        cardplay.dice(tx, c, why)


@task("auction_any")
def _task_auction_any(tx: Tx, task: tasks.AuctionAny) -> None:
    player = task.player
    tx.ask("choose_space", player, ("choose",), "ask.choose.auction_any", why="auction_any")
