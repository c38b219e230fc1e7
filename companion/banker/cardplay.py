"""What Chance and Community Chest cards do to money, holdings and hands.

Each card's ``play`` list in ``companion/editions/ultimate/cards.json`` gives its steps in order; a
``{"do": "move"}`` step is the card's movement (``companion.rules.movement.resolve_card``). Cards
that are kept go to the drawer's hand: some are played with the ``play_card`` command, some act
by themselves the next time they apply (Comped Room, Lawyer on Retainer...), and Just Say NO!
lets its holder refuse a card played against them. See ``docs/rulings.md`` (B5 to B9, B11, B16).

>>> from companion.editions import edition
>>> [step["do"] for step in edition("ultimate").deck.card("cc-vehicle-impounded").play]
['pay_pool', 'move', 'lose_turn']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.banker import commands, tasks
from companion.banker.keptcards import against, aimed, uses_lawyer
from companion.banker.ledger import BANK, POOL
from companion.banker.moves import apply_move
from companion.banker.state import GameState
from companion.banker.tx import (
    Tx,
    command,
    dice_of,
    dividend,
    others,
    pay_dividends,
    return_vouchers,
    set_holding,
    task,
)
from companion.errors import IllegalCommandError
from companion.messages import Message, message
from companion.rules.board import Space
from companion.rules.cards import Card
from companion.rules.movement import (
    Roll,
    resolve_card,
)
from companion.rules.situation import Holding


def drawn(tx: Tx, player: str, card: Card) -> None:
    """A card has been drawn: keep it, or do its steps. B6: a kept card is out of the deck
    while a hand holds it; one not kept goes back under the deck at once."""
    if card.keep:
        tx.emit("card_kept", player=player, card=card.id)
        return
    _steps(tx, player, card)


def _steps(tx: Tx, player: str, card: Card) -> None:
    tx.first(*(tasks.CardStep(player, card.id, i) for i in range(len(card.play))))


@task("card_step")
def step(tx: Tx, task: tasks.CardStep) -> None:
    """Task: one step of a card."""
    player = task.player
    if tx.state.seat(player).bankrupt:
        return
    card = tx.deck.card(task.card)
    spec = card.play[task.i]
    STEPS[spec["do"]](tx, player, card, spec)


def _skip_rest(tx: Tx, player: str, card: Card) -> None:
    tx.agenda[:] = [
        t
        for t in tx.agenda
        if not (isinstance(t, tasks.CardStep) and t.card == card.id and t.player == player)
    ]


def _move(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    move = card.move or {}
    kind = move.get("kind")
    if kind == "either":
        tx.ask("card_option", player, ("option",), "ask.card_option", _of(card), card=card.id)
    elif kind == "choose":
        chooser = player
        if move["among"] == "any_space" and move["how"] == "direct":
            chooser = _left_of(tx, player)
        tx.ask(
            "choose_space",
            chooser,
            ("choose",),
            "ask.choose.card",
            {**_of(card), "among": move["among"]},
            why="card",
            card=card.id,
            mover=player,
        )
    elif kind == "roll_back":
        tx.ask("dice", player, ("dice",), "ask.dice.card", _of(card), why="card", card=card.id)
    else:
        move_by_card(tx, player, card)


def _of(card: Card) -> dict[str, str]:
    """The card a message names."""
    return {"card": card.id}


def card_reason(card: Card) -> Message:
    """Money that changes hands because of ``card``."""
    return message("reason.card", card=card.id)


def _left_of(tx: Tx, player: str) -> str:
    """B9: "the player on your left" (GPS Is Not Working) is the next player in turn order."""
    names = [s.name for s in tx.state.active]
    return names[(names.index(player) + 1) % len(names)]


def move_by_card(tx: Tx, player: str, card: Card, **answers: Any) -> None:
    res = resolve_card(tx.board, tx.state.situation(), card, player=player, quiet=True, **answers)
    before = len(tx.agenda)
    apply_move(tx, res)
    price = next((s["price"] for s in card.play if "price" in s), None)
    if price == "half":
        added = len(tx.agenda) - before
        for i, t in enumerate(tx.agenda[:added]):
            if isinstance(t, tasks.Offer):
                full = tx.board.space(t.space).price
                tx.agenda[i] = replace(t, price=full // 2)
    if any(s.get("tax_refund") == "all" for s in card.play):
        tx.agenda.insert(len(tx.agenda) - before, tasks.CardPool(player))


def choose(tx: Tx, c: commands.Choose, space: Space) -> None:
    """The answer to a card's choice of space."""
    d = tx.state.decision
    card = tx.deck.card(d.data["card"])
    mover = d.data.get("mover", c.player)
    kind = (card.move or {}).get("kind")
    if d.data.get("why") == "storm":
        _storm_choice(tx, c.player, card, space)
    elif d.data.get("why") == "seize":
        _seize_choice(tx, c.player, space)
    elif d.data.get("why") == "condemn":
        _condemn_choice(tx, c.player, space)
    elif kind == "choose":
        if (card.move or {}).get("takes"):
            held = tx.state.holdings.get(space.name)
            if held is not None and held.owner != mover:
                # Checked now: the owner may be asked first (Just Say NO! cancels the card).
                resolve_card(tx.board, tx.state.situation(), card, player=mover, to=space)
                against(tx, held.owner, tasks.TakeAndMove(mover, card.id, space.key), card.id)
                return
            _take_cab(tx, mover, space)
        move_by_card(tx, mover, card, to=space)
    else:
        raise IllegalCommandError(f"choose: {card.title!r} asks for no space now")


@command("option")
def option(tx: Tx, c: commands.Option) -> None:
    card = tx.deck.card(tx.state.decision.data["card"])
    value = c.option
    if value not in (1, 2):
        raise IllegalCommandError(f"option: {card.title!r} offers option 1 or 2, not {value!r}")
    move_by_card(tx, c.player, card, option=value)


def dice(tx: Tx, c: commands.Dice, why: str) -> None:
    d = tx.state.decision
    player = c.player
    if why == "card":
        card = tx.deck.card(d.data["card"])
        roll = Roll(*dice_of(c, 2))
        move_by_card(tx, player, card, roll=roll)
    elif why == "game_night":
        rival = c.opponent
        if rival not in others(tx.state, player):
            raise IllegalCommandError(
                f"dice: Game Night needs an 'opponent' among {', '.join(others(tx.state, player))}, not {rival!r}"
            )
        values = dice_of(c, 4)
        mine, theirs = sum(values[:2]), sum(values[2:])
        if mine == theirs:
            tx.note("note.game_night_tie", player=player, rival=rival, total=mine)
        else:
            winner = player if mine > theirs else rival
            tx.transfer(BANK, winner, d.data["amount"], message("reason.game_night"))
    else:
        raise IllegalCommandError(f"dice: nothing waits for dice ({why})")


@task("take_and_move")
def _task_take_and_move(tx: Tx, task: tasks.TakeAndMove) -> None:
    """Task: Taxi Wars takes a player's cab company, then moves its drawer there."""
    space = tx.board.space(task.space)
    held = tx.state.holdings.get(space.name)
    if held is not None and held.owner != task.player:
        set_holding(
            tx, space.name, Holding(task.player, mortgaged=held.mortgaged, improved=held.improved)
        )
        tx.note("note.takes_property", player=task.player, space=space.key, owner=held.owner)
    move_by_card(tx, task.player, tx.deck.card(task.card), to=space)


def _take_cab(tx: Tx, player: str, space: Space) -> None:
    held = tx.state.holdings.get(space.name)
    if held is None:
        if any(tx.state.holdings.get(n) for n in tx.board.properties_of_kind("cab_company")):
            raise IllegalCommandError(
                f"choose: Taxi Wars takes a Cab Company from a player; {space.name!r} has no owner"
            )
        if tx.cash(player) < space.price:
            raise IllegalCommandError(
                f"choose: {space.name} costs ${space.price} and {player} has ${tx.cash(player)}"
            )
        tx.transfer(player, BANK, space.price, message("reason.buy", space=space.key))
        set_holding(tx, space.name, Holding(player))


def _pay_pool(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(tasks.Pay(player, tx.state.edition.fees_account, spec["amount"], card_reason(card)))


def _collect(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.transfer(BANK, player, spec["amount"], card_reason(card))


def _owns_a(tx: Tx, player: str, kind: str) -> bool:
    return any(
        h.owner == player
        for h in (tx.state.holdings.get(n) for n in tx.board.properties_of_kind(kind))
        if h
    )


def _pay_each(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    held = spec.get("if_holds")
    if held and not (
        _owns_a(tx, player, held["kind"]) or tx.state.seat(player).shares.get(held["company"])
    ):
        tx.note("note.card_nothing_to_pay", card=card.id, player=player, company=held["company"])
        return
    payees = others(tx.state, player)
    if "to_owners_of" in spec:
        payees = [p for p in payees if _owns_a(tx, p, spec["to_owners_of"])]
    tx.first(*(tasks.Pay(player, p, spec["amount"], card_reason(card)) for p in payees))


def _collect_each(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(
        *(
            aimed(tx, p, tasks.Pay(p, player, spec["amount"], card_reason(card)), card.id)
            for p in others(tx.state, player)
        )
    )


def buildings_of(tx: Tx, player: str) -> dict[str, int]:
    counts = {"house": 0, "hotel": 0, "skyscraper": 0, "depot": 0, "cab_stand": 0}
    for name, h in tx.state.holdings.items():
        if h.owner != player:
            continue
        if h.level == 6:
            counts["skyscraper"] += 1
        elif h.level == 5:
            counts["hotel"] += 1
        else:
            counts["house"] += h.level
        if h.improved:
            counts["depot" if tx.board.properties[name][0].kind == "railroad" else "cab_stand"] += 1
    return counts


def _repairs(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    counts = buildings_of(tx, player)
    amount = sum(spec[k] * n for k, n in counts.items())
    tx.first(tasks.Pay(player, tx.state.edition.fees_account, amount, card_reason(card)))


def _per_property(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    n = sum(1 for h in tx.state.holdings.values() if h.owner == player and not h.mortgaged)
    fees = tx.state.edition.fees_account
    tx.first(tasks.Pay(player, fees, spec["amount"] * n, card_reason(card)))


def _by_track(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    amount = spec.get(tx.state.seat(player).position.track, 0)
    if amount > 0:
        tx.transfer(BANK, player, amount, card_reason(card))
    elif amount < 0:
        tx.first(tasks.Pay(player, tx.state.edition.fees_account, -amount, card_reason(card)))


@task("card_pool")
def _card_pool(tx: Tx, task: tasks.CardPool) -> None:
    """Task: Excellent Accounting collects what is left of the Pool after Tax Refund."""
    why = message("reason.excellent_accounting")
    tx.transfer(POOL, task.player, tx.state.pool, why)


def _lose_turn(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    """B11: Vehicle Impounded: the next turn is missed."""
    tx.emit("turn_lost", player=player, turns=tx.state.seat(player).skip_turns + 1)


def _rent_to_pool(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    """B11: Pay Back: while its drawer is in jail, rent due to them goes to the Pool (until
    they leave jail: :func:`companion.banker.moves.apply_move`)."""
    if tx.state.seat(player).in_jail:
        tx.emit("rent_diverted", player=player)


def _stock_fine(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    companies = list(tx.deck.par_values) if spec["companies"] == "all" else spec["companies"]
    holders = [player] if spec["companies"] == "all" else [s.name for s in tx.state.active]
    fines: list[tasks.Task] = []
    for holder in holders:
        seat = tx.state.seat(holder)
        fine = sum(dividend(tx.deck, c, n) for c in companies if (n := seat.shares.get(c, 0)))
        if not fine:
            continue
        if spec.get("lawyer") and uses_lawyer(tx, holder, card.id):
            if holder == player and spec["companies"] == "all":
                _skip_rest(tx, player, card)
            continue
        fines.append(tasks.Pay(holder, tx.state.edition.fees_account, fine, card_reason(card)))
    tx.first(*fines)


def _dividends(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    factor = {}
    if "triple_for_owner_of" in spec:
        owner = tx.state.holdings.get(spec["triple_for_owner_of"])
        if owner is not None:
            factor[owner.owner] = 3
    pay_dividends(tx, spec["companies"], card_reason(card), factor=factor)


def _dividend_cut(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.emit("dividend_cut", company=spec["company"], payouts=spec["payouts"])


def _stock_crash(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    changes = {}
    for seat in tx.state.active:
        if not seat.shares:
            continue
        shares, mortgaged = dict(seat.shares), dict(seat.mortgaged_shares)
        for company, n in seat.shares.items():
            back = (n + 1) // 2
            shares[company] = n - back
            mortgaged[company] = min(mortgaged.get(company, 0), n - back)
        changes[seat.name] = (shares, mortgaged)
    if changes:
        tx.shares(changes, code="event.shares.crash")


def _free_share(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if any(tx.state.shares_left.values()):
        tx.ask("stock", player, ("stock",), "ask.stock.free", _of(card), free=True)


def _draw_vouchers(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(*(tasks.DrawVoucher(player) for _ in range(spec["count"])))


def _return_voucher(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    seat = tx.state.seat(player)
    if seat.vouchers:
        return_vouchers(tx, player, seat.vouchers[:1])


def _take_voucher(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    holders = [n for n in others(tx.state, player) if tx.state.seat(n).vouchers]
    if not holders:
        tx.note("note.card_no_voucher_holder", card=card.id)
        return
    tx.ask(
        "choose_player",
        player,
        ("target",),
        "ask.target.voucher",
        _of(card),
        card=card.id,
        among=holders,
    )


@command("target")
def target(tx: Tx, c: commands.Target) -> None:
    d = tx.state.decision
    who = c.target
    if who not in d.data["among"]:
        raise IllegalCommandError(
            f"target: choose one of {', '.join(d.data['among'])}, not {who!r}"
        )
    against(tx, str(who), tasks.GiveVoucher(str(who), c.player), d.data["card"])


def _storm(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    own = spec["whose"] == "own"
    built = [
        n
        for n, h in tx.state.holdings.items()
        if (h.level or h.improved) and (h.owner == player) == own
    ]
    if not built:
        tx.note("note.storm_none_own" if own else "note.storm_none_other", card=card.id)
        return
    tx.ask(
        "choose_space",
        player,
        ("choose",),
        "ask.choose.storm_own" if own else "ask.choose.storm_other",
        _of(card),
        why="storm",
        card=card.id,
    )


def _storm_choice(tx: Tx, player: str, card: Card, space: Space) -> None:
    own = tx.deck.card(card.id).play[0]["whose"] == "own"
    h = tx.state.holdings.get(space.name)
    if h is None or (h.owner == player) != own:
        whose = "your own" if own else "another player's"
        raise IllegalCommandError(
            f"choose: {card.title!r} hits {whose} property, not {space.name!r}"
        )
    hits = storm_hits(tx.state, space.name)
    if not hits:
        if space.kind in ("railroad", "cab_company"):
            raise IllegalCommandError(
                f"choose: {h.owner} has no depot or cab stand on a {space.kind.replace('_', ' ')}"
            )
        raise IllegalCommandError(f"choose: {space.group} has no buildings of {h.owner}")
    storm = tasks.Storm(card.id, space.name)
    if own:
        _task_storm(tx, storm)
    else:  # the Hurricane is aimed at another player: Just Say NO! may stop it
        against(tx, h.owner, storm, card.id)


@task("storm")
def _task_storm(tx: Tx, task: tasks.Storm) -> None:
    """Task: a Hurricane or Tornado takes one building off each built lot it hits."""
    owner = tx.state.owner(task.property)
    hits = storm_hits(tx.state, task.property)
    if owner is None or not hits:  # sold or given up while the owner was asked
        return
    space = tx.board.properties[task.property][0]
    if space.kind in ("railroad", "cab_company"):
        # No colour group to name: the holding event that takes the depot or stand off says
        # why, in words of its own (a note would be one more event than the game has had).
        code = (
            "event.holding.storm_depot"
            if space.kind == "railroad"
            else "event.holding.storm_cab_stand"
        )
        said = message(code, card=task.card, owner=owner)
        set_holding(tx, hits[0], Holding(owner, mortgaged=False), said=said)
        return
    for name in hits:
        set_holding(tx, name, Holding(owner, level=_one_down(tx, tx.state.holdings[name].level)))
    tx.note("note.storm_hit", card=task.card, group=space.group, owner=owner)


def storm_hits(state: GameState, name: str) -> list[str]:
    """B5: the owner's lots a Hurricane or Tornado on property ``name`` takes a building from: the
    group's built lots, or for a railroad or cab company, the owner's depots or stands of that
    kind (the storm takes the first)."""
    owner = state.owner(name)
    kind = state.edition.board.properties[name][0].kind
    if kind in ("railroad", "cab_company"):
        lots, built = state.edition.board.properties_of_kind(kind), "improved"
    else:
        lots, built = state.edition.board.group_of(name), "level"
    return [
        n for n in lots if (h := state.holdings.get(n)) and h.owner == owner and getattr(h, built)
    ]


def seizable(holding: Holding) -> bool:
    """Assets Seized takes a lot with a building on it, or an unmortgaged one."""
    return bool(holding.level or holding.improved or not holding.mortgaged)


def _one_down(tx: Tx, level: int) -> int:
    """B5: a building taken off (Hurricane, Tornado, Assets Seized) goes back to the Bank
    without payment: a skyscraper leaves a hotel, a hotel 4 houses, as far as the Bank has them
    (with too few, the lot keeps what the Bank can supply)."""
    supply = tx.state.supply()
    if level == 6 and supply["hotels"]:
        return 5
    if level >= 5:
        return min(4, supply["houses"])
    return level - 1


def _seize(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    seat = tx.state.seat(player)
    if seat.in_jail:
        return
    eligible = [n for n, h in tx.state.holdings.items() if h.owner == player and seizable(h)]
    if eligible:
        tx.ask(
            "choose_space",
            player,
            ("choose",),
            "ask.choose.seize",
            _of(card),
            why="seize",
            card=card.id,
        )


def _seize_choice(tx: Tx, player: str, space: Space) -> None:
    h = tx.state.holdings.get(space.name)
    if h is None or h.owner != player:
        raise IllegalCommandError(f"choose: {player} does not own {space.name!r}")
    if h.level:
        set_holding(
            tx,
            space.name,
            Holding(player, level=_one_down(tx, h.level)),
        )
    elif h.improved:
        set_holding(tx, space.name, Holding(player, mortgaged=h.mortgaged))
    elif not h.mortgaged:
        set_holding(tx, space.name, None)
    else:
        raise IllegalCommandError(f"choose: {space.name!r} is mortgaged and has no building")


def _condemn(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if any(h.owner == player and 1 <= h.level <= 4 for h in tx.state.holdings.values()):
        tx.ask(
            "choose_space",
            player,
            ("choose",),
            "ask.choose.condemn",
            _of(card),
            why="condemn",
            card=card.id,
        )


def _condemn_choice(tx: Tx, player: str, space: Space) -> None:
    h = tx.state.holdings.get(space.name)
    if h is None or h.owner != player or not 1 <= h.level <= 4:
        raise IllegalCommandError(
            f"choose: House Condemned sells a house of yours, and {space.name!r} has none"
        )
    refund = tx.board.building_cost(space.name) // 2
    tx.transfer(BANK, player, refund, message("reason.house_condemned"))
    set_holding(tx, space.name, Holding(player, level=h.level - 1))


STEPS: dict[str, Callable[[Tx, str, Card, Mapping[str, Any]], None]] = {
    "move": _move,
    "pay_pool": _pay_pool,
    "collect": _collect,
    "pay_each": _pay_each,
    "collect_each": _collect_each,
    "repairs": _repairs,
    "per_property": _per_property,
    "by_track": _by_track,
    "lose_turn": _lose_turn,
    "rent_to_pool": _rent_to_pool,
    "stock_fine": _stock_fine,
    "dividends": _dividends,
    "dividend_cut": _dividend_cut,
    "stock_crash": _stock_crash,
    "free_share": _free_share,
    "draw_vouchers": _draw_vouchers,
    "return_voucher": _return_voucher,
    "take_voucher": _take_voucher,
    "storm": _storm,
    "seize": _seize,
    "condemn": _condemn,
    "game_night": lambda tx, player, card, spec: tx.ask(
        "dice",
        player,
        ("dice",),
        "ask.dice.game_night",
        why="game_night",
        amount=spec["amount"],
    ),
    "discount": lambda tx, player, card, spec: None,  # applied to the offer by the move step
}
