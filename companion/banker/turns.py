"""The turn flow: dealing the starting cards, the turn-order roll, each turn's roll in or out of
jail, triples, the Mr. Monopoly and Bus bonus moves, doubles and ending a turn, with the
options of the decisions they pose (a Subway ride, which a rule has a player take instead of a
roll or a bonus move, is the Subway rule's: ``companion/editions/rules/subway.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from companion.banker import commands, tasks
from companion.banker.keptcards import jail_card
from companion.banker.moves import apply_move
from companion.banker.options import Option, decision_options
from companion.banker.rentdue import lapse_claims
from companion.banker.state import Decision, GameState
from companion.banker.tx import (
    ANSWERS,
    Tx,
    answer,
    command,
    dice_of,
    return_card,
    roll_of,
    roll_three_cards_left,
    take_roll_three,
    take_voucher,
    task,
)
from companion.banker.vouchers import can_play_voucher, voucher_options
from companion.editions import Edition
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.board import Board
from companion.rules.movement import (
    Roll,
    resolve_bonus,
    resolve_roll,
)

#: The message codes of the decisions posed here and of their options.
CODES = (
    "ask.deal",
    "ask.order_roll",
    "ask.roll",
    "ask.roll.in_jail",
    "ask.roll.in_jail_card",
    "ask.choose.triples",
    "ask.bus",
    "ask.end_turn",
    "option.deal",
    "option.roll",
    "option.bail",
    "option.jail_card",
    "option.choose_space",
    "option.move",
    "option.take_voucher",
    "option.end_turn",
)


def deal_decision(player: str) -> Decision:
    return Decision("deal", player, "", ("deal",), code="ask.deal")


def first_decision(edition: Edition, names: Sequence[str]) -> Decision:
    """The game's first question: the deal of the starting cards to the first player, or, in
    an edition that deals none, everyone's roll for the turn order."""
    if edition.deals_starting_cards:
        return deal_decision(names[0])
    says = message("ask.order_roll")
    return Decision(
        "order_roll",
        names[0],
        "",
        ("order_roll",),
        {"group": list(names)},
        code="ask.order_roll",
        params=says["params"],
    )


@command("deal")
def _cmd_deal(tx: Tx, c: commands.Deal) -> None:
    player = c.player
    take_voucher(tx, player, c.voucher)
    take_roll_three(tx, player, c.roll_three, "deal")
    names = [s.name for s in tx.state.seats]
    after = names[names.index(player) + 1 :]
    if after:
        tx.decision = deal_decision(after[0])
    else:
        ask_order_roll(tx, names)


@decision_options("deal")
def _deal_options(state: GameState, d: Decision) -> Iterator[Option]:
    vouchers = [v for v, n in state.vouchers_left.items() if n > 0]
    cards = list(dict.fromkeys(roll_three_cards_left(state)))
    if vouchers and cards:
        yield {
            "command": {"type": "deal"},
            "free": {"voucher": {"one_of": vouchers}, "roll_three": {"one_of": cards}},
            "code": "option.deal",
            "params": {},
        }


def ask_order_roll(tx: Tx, group: Sequence[str]) -> None:
    """The next of ``group`` to roll for the turn order (each rolls once a round)."""
    player = next(n for n in group if n not in tx.state.order_rolls)
    tx.ask("order_roll", player, ("order_roll",), "ask.order_roll", group=list(group))


@command("order_roll")
def _cmd_order_roll(tx: Tx, c: commands.OrderRoll) -> None:
    """P10: everyone rolls the regular dice; the highest starts, ties roll again, and play
    goes round the table from the starter."""
    dice = dice_of(c, tx.state.edition.dice.count)
    group = list(tx.state.decision.data["group"])
    tx.emit("order_rolled", player=c.player, dice=dice)
    rolls = tx.state.order_rolls
    if any(n not in rolls for n in group):
        ask_order_roll(tx, group)
        return
    best = max(rolls[n] for n in group)
    tied = [n for n in group if rolls[n] == best]
    if len(tied) > 1:
        tx.emit("order_tied", players=tied)
        tx.note("note.order_tie", players=tied, total=best)
        ask_order_roll(tx, tied)
        return
    names = [s.name for s in tx.state.seats]
    start = names.index(tied[0])
    order = names[start:] + names[:start]
    tx.emit("order_set", order=order, code="event.order_set", params={"player": order[0]})
    _start_turn(tx, order[0])


@decision_options("order_roll")
def _order_roll_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield {
        "command": {"type": "order_roll"},
        "free": {"dice": {"count": state.edition.dice.count, "speed": False}},
        "code": "option.roll",
        "params": {},
    }


def next_turn(tx: Tx) -> None:
    names = [s.name for s in tx.state.seats]
    i = names.index(tx.state.turn)
    for step in range(1, len(names) + 1):
        seat = tx.state.seats[(i + step) % len(names)]
        if seat.bankrupt:
            continue
        if seat.skip_turns:
            tx.emit("turn_missed", player=seat.name, left=seat.skip_turns - 1)
            tx.note("note.loses_turn", player=seat.name)
            continue
        _start_turn(tx, seat.name)
        return


def _start_turn(tx: Tx, player: str) -> None:
    # The one ``turn`` event with a code: a turn starts (doubles and vouchers played have none).
    tx.emit("turn", player=player, doubles=0, voucher=False, code="event.turn")
    ask_roll(tx, player)


#: What a rule has a player do instead of their roll (``(tx, player)``) or of the speed die's
#: bonus move (``(tx, player, roll)``), asking for it and answering ``True``, else ``False``:
#: the Subway's ride due (``companion/editions/rules/subway.py``).
INSTEAD_OF_ROLL: list[Callable[[Tx, str], bool]] = []
INSTEAD_OF_BONUS: list[Callable[[Tx, str, Roll], bool]] = []


def ask_roll(tx: Tx, player: str) -> None:
    seat = tx.state.seat(player)
    for instead in INSTEAD_OF_ROLL:  # a loop, not any() over a generator: asked every turn
        if instead(tx, player):
            return
    answers = ["roll"]
    if seat.in_jail:
        answers.append("bail")
        code = "ask.roll.in_jail"
        if jail_card(tx.state, player):
            answers.append("jail_card")
            code = "ask.roll.in_jail_card"
        tx.ask("roll", player, answers, code, {"bail": tx.state.edition.numbers.bail})
        return
    if can_play_voucher(tx.state, player):
        answers.append("voucher")
    tx.ask("roll", player, answers, "ask.roll")


@decision_options("roll")
def _roll_options(state: GameState, d: Decision) -> Iterator[Option]:
    seat = state.seat(d.player)
    speed = state.edition.dice.has_speed_die and not seat.in_jail
    yield {
        "command": {"type": "roll"},
        "free": {"dice": {"count": state.edition.dice.count, "speed": speed}},
        "code": "option.roll",
        "params": {},
    }
    bail = state.edition.numbers.bail
    if "bail" in d.answers and state.cash[d.player] >= bail:
        yield {
            "command": {"type": "bail"},
            "amount": bail,
            "code": "option.bail",
            "params": {"amount": bail},
        }
    card = jail_card(state, d.player) if "jail_card" in d.answers else None
    if card is not None:
        yield {
            "command": {"type": "jail_card"},
            "card": card,
            "code": "option.jail_card",
            "params": {"card": card},
        }
    yield from voucher_options(state, d)


@command("roll")
def _cmd_roll(tx: Tx, c: commands.Roll) -> None:
    player = c.player
    roll = roll_of(tx, c)
    _roll(tx, player, roll)


@command("bail")
def _cmd_bail(tx: Tx, c: commands.Bail) -> None:
    player = c.player
    bail = tx.state.edition.numbers.bail
    if tx.cash(player) < bail:
        raise IllegalCommandError(
            f"bail by {player}: bail is {tx.money(bail)} and {player} has {tx.money(tx.cash(player))}; raise money first"
        )
    tx.transfer(player, tx.state.edition.fees_account, bail, message("reason.bail"))
    tx.emit("released", player=player)
    ask_roll(tx, player)


@command("jail_card")
def _cmd_jail_card(tx: Tx, c: commands.JailCard) -> None:
    player = c.player
    card = jail_card(tx.state, player)
    if card is None:
        raise IllegalCommandError(
            f"jail_card by {player}: {player} holds no Get Out of Jail Free card"
        )
    return_card(tx, player, card)
    tx.emit("released", player=player)
    ask_roll(tx, player)


def _roll(tx: Tx, player: str, roll: Roll) -> None:
    """B1: a roll's first move and what its space asks; the bonus move (from wherever that left
    the player, with ownership as it now stands) and doubles come after, as agenda tasks."""
    state = tx.state
    seat = state.seat(player)
    backwards = seat.reverse_direction
    tx.emit("rolled", player=player, dice=roll.to_json(), code="event.rolled")
    if state.claims:
        lapse_claims(tx, player)
    res = resolve_roll(
        tx.board, state.situation(), roll, player=player, first_move_only=True, quiet=True
    )
    jailed_before = seat.in_jail
    apply_move(tx, res)
    for action in res.follow_up:
        if action.kind == "choose_any_space":
            tx.first(tasks.ChooseTriples(roll))
            return
    if jailed_before or roll.is_triples or res.in_jail:
        return
    missed_bus = backwards and roll.speed == "bus"
    if roll.speed in ("mr", "bus") and not missed_bus:
        tx.later(tasks.Bonus(roll, backwards))
    tx.later(tasks.Doubles(roll))


@task("choose_triples")
def _task_choose_triples(tx: Tx, task: tasks.ChooseTriples) -> None:
    player = tx.state.turn
    tx.ask(
        "choose_space",
        player,
        ("choose",),
        "ask.choose.triples",
        why="triples",
        roll=task.roll.to_json(),
    )


@decision_options("choose_space", "triples")
def _triples_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield any_space(state.edition.board)


@answer("choose", "triples")
def _triples_move(tx: Tx, c: commands.Choose) -> None:
    space = tx.board.space(str(c.space or ""))
    roll = Roll.from_json(tx.state.decision.data["roll"])
    res = resolve_roll(tx.board, tx.state.situation(), roll, player=c.player, to=space, quiet=True)
    apply_move(tx, res)


def any_space(board: Board) -> Option:
    """Choosing any space of ``board`` (triples; a Subway ride): it is picked on the board."""
    return {
        "command": {"type": "choose"},
        "free": {"space": {"one_of": [s.key for s in board.spaces]}},
        "code": "option.choose_space",
        "params": {},
    }


@task("bonus")
def _task_bonus(tx: Tx, task: tasks.Bonus) -> None:
    player = tx.state.turn
    seat = tx.state.seat(player)
    if seat.bankrupt or seat.in_jail:
        return
    roll = task.roll
    for instead in INSTEAD_OF_BONUS:
        if instead(tx, player, roll):
            return
    if roll.speed == "bus" and any(tx.state.vouchers_left.values()) and task.bus is None:
        res = resolve_bonus(
            tx.board, tx.state.situation(), roll, player=player, bus=None, quiet=True
        )
        target = next(a.space for a in res.follow_up if a.kind == "bus_option")
        assert target is not None
        tx.ask(
            "bus_option",
            player,
            ("bus",),
            "ask.bus",
            {"space": target.key},
            roll=task.roll.to_json(),
            to=target.key,
        )
        return
    res = resolve_bonus(
        tx.board,
        tx.state.situation(),
        roll,
        player=player,
        backwards=task.backwards,
        bus=task.bus or ("move" if roll.speed == "bus" else None),
        quiet=True,
    )
    apply_move(tx, res)


@command("bus")
def _cmd_bus(tx: Tx, c: commands.Bus) -> None:
    choice = c.option
    if choice not in ("move", "voucher"):
        raise IllegalCommandError(f"bus: the option is 'move' or 'voucher', not {choice!r}")
    d = tx.state.decision
    if choice == "voucher":
        tx.first(tasks.DrawVoucher(c.player))
    else:
        tx.first(tasks.Bonus(Roll.from_json(d.data["roll"]), False, "move"))


@decision_options("bus_option")
def _bus_options(state: GameState, d: Decision) -> Iterator[Option]:
    to = d.data["to"]
    yield {
        "command": {"type": "bus", "option": "move"},
        "to": to,
        "code": "option.move",
        "params": {"space": to},
    }
    yield {
        "command": {"type": "bus", "option": "voucher"},
        "code": "option.take_voucher",
        "params": {},
    }


@task("doubles")
def _task_doubles(tx: Tx, task: tasks.Doubles) -> None:
    player = tx.state.turn
    seat = tx.state.seat(player)
    roll = task.roll
    if seat.bankrupt or seat.in_jail:
        return
    if roll.is_doubles:
        doubles = tx.state.doubles + 1
        tx.emit("turn", player=player, doubles=doubles, voucher=tx.state.voucher_played)
        tx.note("note.doubles_again", player=player)
        ask_roll(tx, player)
    elif can_play_voucher(tx.state, player, rolling=False):
        _ask_end_turn(tx, player)


def _ask_end_turn(tx: Tx, player: str) -> None:
    tx.ask("end_turn", player, ("end_turn", "voucher"), "ask.end_turn")


@decision_options("end_turn")
def _end_turn_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield {"command": {"type": "end_turn"}, "code": "option.end_turn", "params": {}}
    yield from voucher_options(state, d)


@command("end_turn")
def _cmd_end_turn(tx: Tx, c: commands.EndTurn) -> None:
    tx.agenda.clear()


@command("choose")
def _cmd_choose(tx: Tx, c: commands.Choose) -> None:
    """The space chosen, for what the decision asks it (``@answer("choose", why)``: triples
    here, the Subway's, the Auction space's, a building won at auction, a card's...)."""
    why = tx.state.decision.data.get("why")
    rule = ANSWERS.get(("choose", why))
    if rule is None:
        raise IllegalCommandError(f"choose: nothing in this game asks for a space now ({why})")
    rule(tx, c)


@task("resume")
def _task_resume(tx: Tx, task: tasks.Resume) -> None:
    """Ask a decision again after what interrupted it (a voucher move, a card played...)."""
    d = Decision.from_json(task.decision)
    seat = tx.state.seat(d.player)
    if seat.bankrupt:
        return
    if d.kind == "roll":
        if not seat.in_jail or "bail" in d.answers:  # not if the interruption jailed them
            ask_roll(tx, d.player)
    elif d.kind == "end_turn":
        if can_play_voucher(tx.state, d.player, rolling=False):
            _ask_end_turn(tx, d.player)
    else:
        tx.decision = d
