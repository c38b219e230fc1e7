"""What Chance and Community Chest cards do to money, holdings and hands.

Each card's ``play`` list in ``companion/data/cards.json`` gives its steps in order; a
``{"do": "move"}`` step is the card's movement (``companion.rules.movement.resolve_card``). Cards
that are kept go to the drawer's hand: some are played with the ``play_card`` command, some act
by themselves the next time they apply (Comped Room, Lawyer on Retainer...), and Just Say NO!
lets its holder refuse a card played against them. See ``docs/rulings.md`` (C rulings).

>>> from companion.rules.cards import card_deck
>>> [step["do"] for step in card_deck().card("cc-vehicle-impounded").play]
['pay_pool', 'move', 'lose_turn']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.banker import assets
from companion.banker import engine as eng
from companion.banker.ledger import BANK, POOL
from companion.errors import IllegalCommandError
from companion.rules.board import Space
from companion.rules.cards import Card
from companion.rules.movement import resolve_card
from companion.rules.situation import Holding

Task = Mapping[str, Any]


def drawn(tx: eng.Tx, player: str, card: Card) -> None:
    """A card has been drawn: keep it, or do its steps."""
    if card.keep:
        out = dict(tx.state.cards_out)
        out[card.id] = out.get(card.id, 0) + 1
        tx.emit("bank", set={"cards_out": out})
        tx.seat_set(player, cards=[*tx.state.seat(player).cards, card.id])
        return
    _steps(tx, player, card)


def _steps(tx: eng.Tx, player: str, card: Card) -> None:
    tx.first(
        *(
            {"do": "card_step", "player": player, "card": card.id, "i": i}
            for i in range(len(card.play))
        )
    )


def step(tx: eng.Tx, task: Task) -> None:
    """Task: one step of a card."""
    player = task["player"]
    if tx.state.seat(player).bankrupt:
        return
    card = tx.deck.card(task["card"])
    spec = card.play[task["i"]]
    _STEPS[spec["do"]](tx, player, card, spec)


def _others(tx: eng.Tx, player: str) -> list[str]:
    return [s.name for s in tx.state.active if s.name != player]


def _skip_rest(tx: eng.Tx, player: str, card: Card) -> None:
    tx.agenda[:] = [
        t
        for t in tx.agenda
        if not (t.get("do") == "card_step" and t["card"] == card.id and t["player"] == player)
    ]


# -- Moves ----------------------------------------------------------------------------------


def _move(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    move = card.move or {}
    kind = move.get("kind")
    if kind == "either":
        tx.ask(
            "card_option",
            player,
            f"{player}: {card.title}: {card.effect} Answer option 1 or 2.",
            ("option",),
            card=card.id,
        )
    elif kind == "choose":
        chooser = player
        if move["among"] == "any_space" and move["how"] == "direct":
            chooser = _left_of(tx, player)
        tx.ask(
            "choose_space",
            chooser,
            f"{chooser}: {card.title}: choose the space ({move['among'].replace('_', ' ')}).",
            ("choose",),
            why="card",
            card=card.id,
            mover=player,
        )
    elif kind == "roll_back":
        tx.ask(
            "dice",
            player,
            f"{player}: {card.title}: roll two dice.",
            ("dice",),
            why="card",
            card=card.id,
        )
    else:
        _resolve(tx, player, card)


def _left_of(tx: eng.Tx, player: str) -> str:
    names = [s.name for s in tx.state.active]
    return names[(names.index(player) + 1) % len(names)]


def _resolve(tx: eng.Tx, player: str, card: Card, **answers: Any) -> None:
    res = resolve_card(tx.board, tx.state.situation(), card, player=player, **answers)
    before = len(tx.agenda)
    eng._apply(tx, res)
    price = next((s["price"] for s in card.play if "price" in s), None)
    if price == "half":
        added = len(tx.agenda) - before
        for i, t in enumerate(tx.agenda[:added]):
            if t["do"] == "offer":
                full = tx.board.space(t["space"]).price
                tx.agenda[i] = {**t, "price": full // 2}
    if any(s.get("tax_refund") == "all" for s in card.play):
        tx.agenda.insert(len(tx.agenda) - before, {"do": "card_pool", "player": player})


def choose(tx: eng.Tx, c: Mapping[str, Any], space: Space) -> None:
    """The answer to a card's choice of space."""
    d = tx.state.decision
    card = tx.deck.card(d.data["card"])
    mover = d.data.get("mover", c["player"])
    kind = (card.move or {}).get("kind")
    if d.data.get("why") == "storm":
        _storm_choice(tx, c["player"], card, space)
    elif d.data.get("why") == "seize":
        _seize_choice(tx, c["player"], space)
    elif d.data.get("why") == "condemn":
        _condemn_choice(tx, c["player"], space)
    elif kind == "choose":
        if (card.move or {}).get("takes"):
            _take_cab(tx, mover, space)
        _resolve(tx, mover, card, to=space)
    else:
        raise IllegalCommandError(f"choose: {card.title!r} asks for no space now")


def option(tx: eng.Tx, c: Mapping[str, Any]) -> None:
    card = tx.deck.card(tx.state.decision.data["card"])
    value = c.get("option")
    if value not in (1, 2):
        raise IllegalCommandError(f"option: {card.title!r} offers option 1 or 2, not {value!r}")
    _resolve(tx, c["player"], card, option=value)


def dice(tx: eng.Tx, c: Mapping[str, Any], why: str) -> None:
    d = tx.state.decision
    player = c["player"]
    if why == "card":
        card = tx.deck.card(d.data["card"])
        roll = eng.Roll(*eng._dice(c, 2))
        _resolve(tx, player, card, roll=roll)
    elif why == "game_night":
        rival = c.get("opponent")
        if rival not in _others(tx, player):
            raise IllegalCommandError(
                f"dice: Game Night needs an 'opponent' among {', '.join(_others(tx, player))}, not {rival!r}"
            )
        values = eng._dice(c, 4)
        mine, theirs = sum(values[:2]), sum(values[2:])
        if mine == theirs:
            tx.note(f"Game Night: {player} and {rival} both rolled {mine}; nobody wins.")
        else:
            winner = player if mine > theirs else rival
            tx.transfer(BANK, winner, d.data["amount"], "Game Night")
    else:
        raise IllegalCommandError(f"dice: nothing waits for dice ({why})")


def _take_cab(tx: eng.Tx, player: str, space: Space) -> None:
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
        tx.transfer(player, BANK, space.price, f"buying {space.name}")
        eng._set_holding(tx, space.name, Holding(player))
    elif held.owner != player:
        eng._set_holding(
            tx, space.name, Holding(player, mortgaged=held.mortgaged, improved=held.improved)
        )
        tx.note(f"{player} takes {space.name} from {held.owner}.")


# -- Money ----------------------------------------------------------------------------------


def _pay_pool(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(eng._pay(player, POOL, spec["amount"], card.title))


def _collect(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.transfer(BANK, player, spec["amount"], card.title)


def _owns_a(tx: eng.Tx, player: str, kind: str) -> bool:
    return any(
        h.owner == player
        for h in (tx.state.holdings.get(n) for n in tx.board.properties_of_kind(kind))
        if h
    )


def _pay_each(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    held = spec.get("if_holds")
    if held and not (
        _owns_a(tx, player, held["kind"]) or tx.state.seat(player).shares.get(held["company"])
    ):
        tx.note(
            f"{card.title}: {player} owns no railroad or {held['company']} stock: nothing to pay."
        )
        return
    payees = _others(tx, player)
    if "to_owners_of" in spec:
        payees = [p for p in payees if _owns_a(tx, p, spec["to_owners_of"])]
    tx.first(*(eng._pay(player, p, spec["amount"], card.title) for p in payees))


def _collect_each(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(*(eng._pay(p, player, spec["amount"], card.title) for p in _others(tx, player)))


def buildings_of(tx: eng.Tx, player: str) -> dict[str, int]:
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


def _repairs(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    counts = buildings_of(tx, player)
    amount = sum(spec[k] * n for k, n in counts.items())
    tx.first(eng._pay(player, POOL, amount, card.title))


def _per_property(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    n = sum(1 for h in tx.state.holdings.values() if h.owner == player and not h.mortgaged)
    tx.first(eng._pay(player, POOL, spec["amount"] * n, card.title))


def _by_track(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    amount = spec.get(tx.state.seat(player).position.track, 0)
    if amount > 0:
        tx.transfer(BANK, player, amount, card.title)
    elif amount < 0:
        tx.first(eng._pay(player, POOL, -amount, card.title))


def _card_pool(tx: eng.Tx, task: Task) -> None:
    """Task: Excellent Accounting collects what is left of the Pool after Tax Refund."""
    tx.transfer(POOL, task["player"], tx.state.pool, "Excellent Accounting: all of the Pool")


def _lose_turn(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.seat_set(player, skip_turns=tx.state.seat(player).skip_turns + 1)


def _rent_to_pool(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if tx.state.seat(player).in_jail:
        tx.seat_set(player, rent_to_pool=True)


# -- Stocks ---------------------------------------------------------------------------------


def _uses_lawyer(tx: eng.Tx, player: str, what: str) -> bool:
    held = _held(tx, player, "lawyer")
    if held is None:
        return False
    eng._return_card(tx, player, held)
    tx.note(f"{player}'s Lawyer on Retainer cancels {what}.")
    return True


def _stock_fine(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    companies = list(eng._stocks()) if spec["companies"] == "all" else spec["companies"]
    holders = [player] if spec["companies"] == "all" else [s.name for s in tx.state.active]
    tasks = []
    for holder in holders:
        seat = tx.state.seat(holder)
        fine = sum(eng.dividend(c, n) for c in companies if (n := seat.shares.get(c, 0)))
        if not fine:
            continue
        if spec.get("lawyer") and _uses_lawyer(tx, holder, card.title):
            if holder == player and spec["companies"] == "all":
                _skip_rest(tx, player, card)
            continue
        tasks.append(eng._pay(holder, POOL, fine, card.title))
    tx.first(*tasks)


def _dividends(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    factor = {}
    if "triple_for_owner_of" in spec:
        owner = tx.state.holdings.get(spec["triple_for_owner_of"])
        if owner is not None:
            factor[owner.owner] = 3
    eng.pay_dividends(tx, spec["companies"], card.title, factor=factor)


def _dividend_cut(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    cuts = dict(tx.state.dividend_cuts)
    cuts[spec["company"]] = spec["payouts"]
    tx.emit("bank", set={"dividend_cuts": cuts})


def _stock_crash(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
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
        tx.shares(changes, text="Stock market crash: half of every holding goes back to the Bank.")


def _free_share(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if any(tx.state.shares_left.values()):
        tx.ask(
            "stock",
            player,
            f"{player}: {card.title}: take one unsold share of any company.",
            ("stock",),
            free=True,
        )


def share_price(tx: eng.Tx, player: str, par: int) -> int:
    """A share bought at par; Insider Trading (kept) halves the next purchase."""
    if tx.state.decision.data.get("free"):
        return 0
    held = _held(tx, player, "share_price")
    if held is None:
        return par
    eng._return_card(tx, player, held)
    return par // 2


# -- Vouchers -------------------------------------------------------------------------------


def _draw_vouchers(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    tx.first(*({"do": "draw_voucher", "player": player} for _ in range(spec["count"])))


def _return_voucher(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    seat = tx.state.seat(player)
    if seat.vouchers:
        eng._return_vouchers(tx, player, seat.vouchers[:1])


def _take_voucher(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    holders = [n for n in _others(tx, player) if tx.state.seat(n).vouchers]
    if not holders:
        tx.note(f"{card.title}: nobody else holds a Travel Voucher.")
        return
    tx.ask(
        "choose_player",
        player,
        f"{player}: {card.title}: take a Travel Voucher from whom?",
        ("target",),
        card=card.id,
        among=holders,
    )


def target(tx: eng.Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    who = c.get("target")
    if who not in d.data["among"]:
        raise IllegalCommandError(
            f"target: choose one of {', '.join(d.data['among'])}, not {who!r}"
        )
    against(tx, str(who), {"do": "give_voucher", "from": who, "to": c["player"]}, d.data["card"])


# -- Buildings ------------------------------------------------------------------------------


def _storm(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    own = spec["whose"] == "own"
    built = [
        n
        for n, h in tx.state.holdings.items()
        if (h.level or h.improved) and (h.owner == player) == own
    ]
    if not built:
        tx.note(
            f"{card.title}: no {'of your' if own else 'other player’s'} property has buildings; nothing happens."
        )
        return
    chooser_text = "one of your groups" if own else "any other player's group"
    tx.ask(
        "choose_space",
        player,
        f"{player}: {card.title}: choose {chooser_text} with buildings (any property of it).",
        ("choose",),
        why="storm",
        card=card.id,
    )


def _storm_choice(tx: eng.Tx, player: str, card: Card, space: Space) -> None:
    own = tx.deck.card(card.id).play[0]["whose"] == "own"
    h = tx.state.holdings.get(space.name)
    if h is None or (h.owner == player) != own:
        whose = "your own" if own else "another player's"
        raise IllegalCommandError(
            f"choose: {card.title!r} hits {whose} property, not {space.name!r}"
        )
    owner = h.owner
    if space.kind in ("railroad", "cab_company"):
        hit = next(
            (
                n
                for n in tx.board.properties_of_kind(space.kind)
                if (g := tx.state.holdings.get(n)) and g.owner == owner and g.improved
            ),
            None,
        )
        if hit is None:
            raise IllegalCommandError(
                f"choose: {owner} has no depot or cab stand on a {space.kind.replace('_', ' ')}"
            )
        eng._set_holding(tx, hit, Holding(owner, mortgaged=False))
        return
    group = [
        n
        for n in tx.board.group_of(space.name)
        if (g := tx.state.holdings.get(n)) and g.owner == owner and g.level
    ]
    if not group:
        raise IllegalCommandError(f"choose: {space.group} has no buildings of {owner}")
    for name in group:
        eng._set_holding(
            tx, name, Holding(owner, level=_one_down(tx, tx.state.holdings[name].level))
        )
    tx.note(f"{card.title}: one building comes off every {space.group} lot of {owner}.")


def _one_down(tx: eng.Tx, level: int) -> int:
    """A building taken off: a skyscraper leaves a hotel, a hotel 4 houses, as far as the Bank
    has them (with too few, the lot keeps what the Bank can supply)."""
    supply = tx.state.supply()
    if level == 6 and supply["hotels"]:
        return 5
    if level >= 5:
        return min(4, supply["houses"])
    return level - 1


def _seize(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    seat = tx.state.seat(player)
    if seat.in_jail:
        return
    eligible = [
        n
        for n, h in tx.state.holdings.items()
        if h.owner == player and (h.level or h.improved or not h.mortgaged)
    ]
    if eligible:
        tx.ask(
            "choose_space",
            player,
            f"{player}: {card.title}: surrender an undeveloped unmortgaged property or one building.",
            ("choose",),
            why="seize",
            card=card.id,
        )


def _seize_choice(tx: eng.Tx, player: str, space: Space) -> None:
    h = tx.state.holdings.get(space.name)
    if h is None or h.owner != player:
        raise IllegalCommandError(f"choose: {player} does not own {space.name!r}")
    if h.level:
        eng._set_holding(
            tx,
            space.name,
            Holding(player, level=_one_down(tx, h.level)),
        )
    elif h.improved:
        eng._set_holding(tx, space.name, Holding(player, mortgaged=h.mortgaged))
    elif not h.mortgaged:
        eng._set_holding(tx, space.name, None)
    else:
        raise IllegalCommandError(f"choose: {space.name!r} is mortgaged and has no building")


def _condemn(tx: eng.Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    if any(h.owner == player and 1 <= h.level <= 4 for h in tx.state.holdings.values()):
        tx.ask(
            "choose_space",
            player,
            f"{player}: {card.title}: choose a property to sell one house from.",
            ("choose",),
            why="condemn",
            card=card.id,
        )


def _condemn_choice(tx: eng.Tx, player: str, space: Space) -> None:
    h = tx.state.holdings.get(space.name)
    if h is None or h.owner != player or not 1 <= h.level <= 4:
        raise IllegalCommandError(
            f"choose: House Condemned sells a house of yours, and {space.name!r} has none"
        )
    tx.transfer(BANK, player, assets.building_cost(space.name) // 2, "House Condemned")
    eng._set_holding(tx, space.name, Holding(player, level=h.level - 1))


# -- Kept cards -----------------------------------------------------------------------------


def _held(tx: eng.Tx, player: str, use: str, value: str | None = None) -> str | None:
    for card_id in tx.state.seat(player).cards:
        spec = tx.deck.cards[card_id].play[0]
        if spec.get("use") == use and (
            value is None or spec.get("rent") == value or spec.get("play") == value
        ):
            return card_id
    return None


def against(tx: eng.Tx, target: str, task: Task, card_id: str) -> None:
    """An effect against ``target``: they may refuse it with Just Say NO!"""
    if _held(tx, target, "refuse") is None:
        tx.first(task)
        return
    title = tx.deck.card(card_id).title
    tx.ask(
        "respond",
        target,
        f"{target}: {title} is played against you. Accept, or refuse with Just Say NO!",
        ("accept", "refuse"),
        task=dict(task),
    )


def respond(tx: eng.Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    if c["type"] == "accept":
        tx.first(d.data["task"])
        return
    card = _held(tx, c["player"], "refuse")
    assert card is not None
    eng._return_card(tx, c["player"], card)
    tx.note(f"{c['player']} says NO!")


def rent(tx: eng.Tx, task: Task) -> None:
    """Task: rent due, after the kept cards that change it."""
    player, owner, space = task["player"], task["owner"], tx.board.space(task["space"])
    amount = task["amount"]
    if "asked" not in task and (
        card := _held(tx, player, "play", "reverse_rent") or _held(tx, player, "play", "cheap_rent")
    ):
        tx.first({**task, "asked": True})
        tx.ask(
            "rent",
            player,
            f"{player}: pay ${amount} rent to {owner} for {space.name}, or play {tx.deck.card(card).title}.",
            ("pay", "play_card"),
            amount=amount,
            owner=owner,
        )
        return
    if (card := _held(tx, player, "rent", "free")) is not None:
        eng._return_card(tx, player, card)
        tx.note(f"Comped Room: {player} pays no rent on {space.name}.")
        return
    if (
        space.kind == "railroad"
        and (card := _held(tx, player, "rent", "half_railroad")) is not None
    ):
        eng._return_card(tx, player, card)
        amount = (amount + 1) // 2
    if (card := _held(tx, owner, "rent_received")) is not None:
        eng._return_card(tx, owner, card)
        amount += tx.deck.card(card).play[0]["amount"]
    landlord = tx.state.seat(owner)
    payee = POOL if landlord.rent_to_pool and landlord.in_jail else owner
    tx.first(eng._pay(player, payee, amount, f"rent for {space.name}"))


def auction_discount(tx: eng.Tx, winner: str, bid: int) -> int:
    """What the winner of an auction pays: Always Bank on Family adds $100 to the bid."""
    card = _held(tx, winner, "auction_bonus")
    if card is None:
        return bid
    eng._return_card(tx, winner, card)
    bonus: int = tx.deck.card(card).play[0]["amount"]
    return max(0, bid - bonus)


def roll_three_shares(tx: eng.Tx, winnings: Mapping[str, int]) -> None:
    """Share in Their Good Fortune: its holder takes half of another player's Roll Three win."""
    for seat in tx.state.active:
        card = _held(tx, seat.name, "roll_three_share")
        best = max(((w, n) for n, w in winnings.items() if n != seat.name and w), default=None)
        if card is not None and best is not None:
            eng._return_card(tx, seat.name, card)
            tx.transfer(best[1], seat.name, best[0] // 2, "Share in Their Good Fortune")


def play(tx: eng.Tx, c: Mapping[str, Any]) -> None:
    """The ``play_card`` command: a kept card played by its holder."""
    player = c["player"]
    card = tx.deck.card(str(c.get("card", "")))
    if card.id not in tx.state.seat(player).cards:
        raise IllegalCommandError(f"play_card: {player} holds no {card.title!r}")
    spec = card.play[0]
    how = spec.get("play")
    d = tx.state.decision
    if spec.get("use") == "jail":
        raise IllegalCommandError(
            f"play_card: {card.title!r} gets you out of jail: use the jail_card command in jail"
        )
    if how is None:
        raise IllegalCommandError(
            f"play_card: {card.title!r} acts by itself when it applies ({card.effect})"
        )
    if how == "deal_buster":
        if d.kind != "buy_or_auction" or d.player == player:
            raise IllegalCommandError(
                "play_card: Deal Buster is played when another player is about to buy a property"
            )
        _buy_instead(
            tx, player, card, d.data["property"], tx.board.properties[d.data["property"]][0].price
        )
        return
    if how == "bargain":
        if d.kind != "buy_or_auction" or d.player != player:
            raise IllegalCommandError(
                "play_card: Bargain Business is played when you land on an unowned property"
            )
        _buy_instead(tx, player, card, d.data["property"], spec["price"])
        return
    if how in ("reverse_rent", "cheap_rent"):
        if d.kind != "rent" or d.player != player:
            raise IllegalCommandError(f"play_card: {card.title!r} is played when you owe rent")
        eng._return_card(tx, player, card.id)
        task = tx.agenda.pop(0)
        if how == "reverse_rent":
            tx.first(eng._pay(d.data["owner"], player, d.data["amount"], f"{card.title}"))
        else:
            tx.first(
                eng._pay(player, d.data["owner"], min(spec["amount"], task["amount"]), card.title)
            )
        tx.moved_on = True
        return
    if tx.state.turn != player or d.player != player or d.kind not in ("roll", "end_turn"):
        raise IllegalCommandError(
            f"play_card: {card.title!r} is played on your own turn, before or after your roll"
        )
    mark = len(tx.agenda)
    _PLAYS[how](tx, player, card, c)
    eng._return_card(tx, player, card.id)
    tx.resume_after_new(mark, d)
    tx.moved_on = True


def _buy_instead(tx: eng.Tx, player: str, card: Card, name: str, price: int) -> None:
    if tx.cash(player) < price:
        raise IllegalCommandError(
            f"play_card: {name} costs ${price} and {player} has ${tx.cash(player)}"
        )
    eng._return_card(tx, player, card.id)
    tx.transfer(player, BANK, price, f"buying {name} ({card.title})")
    eng._set_holding(tx, name, Holding(player))
    tx.moved_on = True


def _other(tx: eng.Tx, player: str, c: Mapping[str, Any]) -> str:
    who = c.get("target")
    if who not in _others(tx, player):
        raise IllegalCommandError(
            f"play_card: 'target' is another player ({', '.join(_others(tx, player))}), not {who!r}"
        )
    return str(who)


def _loose_property(tx: eng.Tx, owner: str, ref: Any) -> str:
    name = assets.property_name(tx, ref)
    h = tx.state.holdings.get(name)
    if h is None or h.owner != owner:
        raise IllegalCommandError(f"play_card: {owner} does not own {name!r}")
    space = tx.board.properties[name][0]
    if space.group and all(
        (g := tx.state.holdings.get(n)) and g.owner == owner for n in tx.board.group_of(name)
    ):
        raise IllegalCommandError(f"play_card: {name!r} is part of {owner}'s monopoly")
    if h.level or h.improved:
        raise IllegalCommandError(f"play_card: {name!r} has buildings")
    return name


def _play_take_cash(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    rival = _other(tx, player, c)
    if _uses_lawyer(tx, rival, card.title):
        return
    against(tx, rival, eng._pay(rival, player, card.play[0]["amount"], card.title), card.id)


def _play_move(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    to = tx.board.space(str(c["space"])) if c.get("space") else None
    if (card.move or {}).get("kind") == "choose" and to is None:
        raise IllegalCommandError(f"play_card: {card.title!r} needs a 'space'")
    _resolve(tx, player, card, **({"to": to} if to else {}))


def _play_foreclose(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    name = assets.property_name(tx, c.get("property"))
    h = tx.state.holdings.get(name)
    if h is None or h.owner == player or not h.mortgaged:
        raise IllegalCommandError(
            f"play_card: {card.title!r} claims another player's mortgaged property, and {name!r} is not one"
        )
    value = assets.mortgage_value(name)
    assets.afford(tx, player, value, f"claiming {name}")
    tx.transfer(player, BANK, value, f"{card.title}: {name}")
    against(tx, h.owner, {"do": "hand_over", "property": name, "to": player}, card.id)


def _play_swap(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    rival = _other(tx, player, c)
    theirs = _loose_property(tx, rival, c.get("property"))
    mine = _loose_property(tx, player, c.get("give"))
    against(
        tx, rival, {"do": "swap", "a": player, "b": rival, "mine": mine, "theirs": theirs}, card.id
    )


def _play_steal(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    rival = _other(tx, player, c)
    name = _loose_property(tx, rival, c.get("property"))
    against(tx, rival, {"do": "hand_over", "property": name, "to": player}, card.id)


def _play_free_house(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    name = assets.property_name(tx, c.get("property"))
    problem = assets.build_problem(tx.state, player, name)
    group = tx.board.group_of(name) if tx.board.properties[name][0].group else ()
    if problem is None and not all(
        (g := tx.state.holdings.get(n)) and g.owner == player for n in group
    ):
        problem = "a free house goes on a property of a monopoly you own"
    if problem is None and tx.state.holdings[name].level >= 4:
        problem = "Zero Dollars Down builds a house, not a hotel or skyscraper"
    if problem:
        raise IllegalCommandError(f"play_card: cannot build on {name!r}: {problem}")
    h = tx.state.holdings[name]
    eng._set_holding(tx, name, Holding(player, level=h.level + 1))


def _play_sell_share(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    company = c.get("company")
    seat = tx.state.seat(player)
    if (
        not isinstance(company, str)
        or seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0) < 1
    ):
        raise IllegalCommandError(f"play_card: {player} holds no unmortgaged share of {company!r}")
    shares = dict(seat.shares)
    shares[company] -= 1
    tx.shares({player: (shares, seat.mortgaged_shares)})
    tx.transfer(BANK, player, eng._stocks()[company] + card.play[0]["bonus"], card.title)


def _play_jail_other(tx: eng.Tx, player: str, card: Card, c: Mapping[str, Any]) -> None:
    rival = _other(tx, player, c)
    against(tx, rival, {"do": "send_to_jail", "player": rival}, card.id)


def _task_hand_over(tx: eng.Tx, task: Task) -> None:
    h = tx.state.holdings[task["property"]]
    eng._set_holding(
        tx,
        task["property"],
        Holding(task["to"], mortgaged=h.mortgaged and task.get("keep_mortgage", False)),
    )


def _task_swap(tx: eng.Tx, task: Task) -> None:
    for name, to in ((task["mine"], task["b"]), (task["theirs"], task["a"])):
        h = tx.state.holdings[name]
        eng._set_holding(tx, name, Holding(to, mortgaged=h.mortgaged))


def _task_send_to_jail(tx: eng.Tx, task: Task) -> None:
    player = task["player"]
    jail = tx.board.jail
    tx.emit(
        "moved",
        player=player,
        to=jail.key,
        path=[jail.key],
        text=f"{player} goes directly to jail.",
    )
    tx.seat_set(
        player,
        in_jail=True,
        jail_turns=0,
        reverse_direction=False,
        subway=False,
        transit_token=False,
    )


_STEPS: dict[str, Callable[[eng.Tx, str, Card, Mapping[str, Any]], None]] = {
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
        f"{player}: Game Night: pick an opponent; both roll two dice (yours first).",
        ("dice",),
        why="game_night",
        amount=spec["amount"],
    ),
    "discount": lambda tx, player, card, spec: None,  # applied to the offer by the move step
}

_PLAYS: dict[str, Callable[[eng.Tx, str, Card, Mapping[str, Any]], None]] = {
    "take_cash": _play_take_cash,
    "move": _play_move,
    "foreclose": _play_foreclose,
    "swap": _play_swap,
    "steal": _play_steal,
    "free_house": _play_free_house,
    "sell_share": _play_sell_share,
    "jail_other": _play_jail_other,
}

TASKS: dict[str, Callable[[eng.Tx, Task], None]] = {
    "card_step": step,
    "card_pool": _card_pool,
    "hand_over": _task_hand_over,
    "swap": _task_swap,
    "send_to_jail": _task_send_to_jail,
}
