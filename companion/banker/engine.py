"""The banker engine: ``decide(state, command)`` checks a command and returns its events.

Commands are JSON objects with a ``type`` and the ``player`` giving it, e.g.
``{"type": "roll", "player": "Ann", "dice": [3, 4, "mr"]}``. A command that the pending decision
or the rules do not allow raises :class:`IllegalCommandError` naming the command and why, and
nothing changes. Events fold into the new state with :func:`companion.banker.state.evolve`.

>>> from companion.banker.state import replay
>>> events = new_game([{"name": "Ann"}, {"name": "Bob"}])
>>> state = replay(events)
>>> state = apply(state, {"type": "deal", "player": "Ann", "voucher": "voucher-bus-ticket", "roll_three": "1-3-6"})
>>> state.seat("Ann").roll_three
('1-3-6',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.banker.ledger import BANK, POOL
from companion.banker.state import Decision, Event, GameState, Rules, evolve
from companion.errors import BadRollError, CompanionError, IllegalCommandError, shown
from companion.frozen import copy_with
from companion.rules.board import ultimate_board
from companion.rules.cards import card_deck
from companion.rules.movement import (
    Action,
    Resolution,
    Roll,
    resolve_bonus,
    resolve_roll,
    resolve_subway,
    resolve_taxi,
    resolve_voucher,
)
from companion.rules.situation import SHARES_PER_COMPANY, Holding

STARTING_CASH = 3200
BAIL = 50
MIN_PLAYERS, MAX_PLAYERS = 2, 12
#: D4: the rules' equipment list, "20 ROLL THREE CARDS (SAO)", each card once.
ROLL_THREE_CARDS = 20
#: D4, option ``roll_three_action_cards``: the printed action-card set, 18 combinations twice.
ROLL_THREE_ACTION_CARDS = 36
#: Bounds on any value in a command: far beyond any real one, small enough to quote and check.
MAX_TEXT, MAX_ITEMS, MAX_DEPTH, MAX_NUMBER = 200, 200, 6, 10**12
TOKENS = (
    "car", "hat", "dog", "ship", "boot", "iron", "thimble", "wheelbarrow",
    "horse", "cannon", "cat", "duck",
)  # fmt: skip
COLOURS = (
    "red", "blue", "green", "yellow", "orange", "purple", "white", "black",
    "pink", "cyan", "brown", "grey",
)  # fmt: skip
#: Roll Three payouts by matches (P4); the roller holding the exact three gets the last one.
ROLL_THREE_PAYOUT = {1: 50, 2: 200, 3: 1000}
ROLL_THREE_OWN_CARD = 1500
#: Commands allowed whenever the rules allow them, not only as the answer to the decision.
ANYTIME = ("build", "sell_building", "mortgage", "unmortgage", "trade", "play_card", "end_game")

Task = Mapping[str, Any]
_BOARD = ultimate_board()
_DECK = card_deck()


class Tx:
    """One command being decided: the state as events are emitted, the agenda, the decision."""

    __slots__ = ("state", "events", "agenda", "decision", "board", "deck", "moved_on")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.agenda: list[Task] = list(state.agenda)
        self.decision: Decision | None = None
        self.board = _BOARD
        self.deck = _DECK
        #: An any-time command (``play_card``) answered the decision or added to the agenda.
        self.moved_on = False

    def emit(self, type_: str, **data: Any) -> None:
        event = {"type": type_, **data}
        self.events.append(event)
        self.state = evolve(self.state, event)

    def ask(self, kind: str, player: str, text: str, answers: Sequence[str], **data: Any) -> None:
        self.decision = Decision(kind, player, text, tuple(answers), data)

    def first(self, *tasks: Task) -> None:
        """Do these before the rest of the agenda."""
        self.agenda[0:0] = tasks

    def later(self, *tasks: Task) -> None:
        self.agenda.extend(tasks)

    def resume_after_new(self, mark: int, decision: Decision) -> None:
        """Ask ``decision`` again once the tasks added since the agenda was ``mark`` long are done."""
        self.agenda.insert(
            len(self.agenda) - mark, {"do": "resume", "decision": decision.to_json()}
        )

    # Money

    def transfer(self, source: str, target: str, amount: int, reason: str) -> None:
        if amount > 0:
            self.emit("transfer", **{"from": source, "to": target, "amount": amount}, reason=reason)

    def cash(self, name: str) -> int:
        return self.state.cash[name]

    def seat_set(self, player: str, **changes: Any) -> None:
        self.emit("seat", player=player, set=changes)

    def shares(
        self, changes: Mapping[str, tuple[Mapping[str, int], Mapping[str, int]]], **why: Any
    ) -> None:
        """Set players' (shares, mortgaged shares) and the Bank's shares left, in one event."""
        left = dict(self.state.shares_left)
        holders = {}
        for name, (shares, mortgaged) in changes.items():
            seat = self.state.seat(name)
            for company in set(shares) | set(seat.shares):
                left[company] -= shares.get(company, 0) - seat.shares.get(company, 0)
            holders[name] = {"shares": dict(shares), "mortgaged_shares": dict(mortgaged)}
        self.emit("shares", holders=holders, left=left, **why)

    def note(self, text: str, **data: Any) -> None:
        self.emit("note", text=text, **data)


def new_game(
    players: Sequence[Mapping[str, Any]], *, rules: Mapping[str, Any] | None = None
) -> list[Event]:
    """The events that start a game: the players (2 to 12: name, token, colour), the house
    rules, the starting cash (P10). Next, each player is dealt a Travel Voucher and a Roll Three
    card, then everyone rolls for the turn order."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalCommandError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    seats: list[dict[str, str]] = []
    for i, p in enumerate(players):
        name = str(p.get("name", "")).strip()
        if not name or not name.isprintable() or len(name) > 24:
            raise IllegalCommandError(
                f"player {i + 1}: a name is 1 to 24 printable characters, not {p.get('name')!r}"
            )
        if name in (BANK, POOL) or any(s["name"].casefold() == name.casefold() for s in seats):
            raise IllegalCommandError(f"player {i + 1}: the name {name!r} is taken")
        seats.append(
            {
                "name": name,
                "token": str(p.get("token") or TOKENS[i]),
                "colour": str(p.get("colour") or COLOURS[i]),
            }
        )
    try:
        parsed = Rules.parse(rules or {})
    except ValueError as exc:
        raise IllegalCommandError(str(exc)) from None
    deck = card_deck()
    first = seats[0]["name"]
    start = {
        "type": "game_started",
        "players": seats,
        "rules": parsed.to_json(),
        "shares_left": {name: SHARES_PER_COMPANY for name in deck.stock_names},
        "vouchers_left": {v.id: v.count for v in deck.vouchers.values()},
        "roll_three_left": ROLL_THREE_ACTION_CARDS
        if parsed.roll_three_action_cards
        else ROLL_THREE_CARDS,
        "decision": _deal_decision(first).to_json(),
    }
    events: list[Event] = [start]
    for s in seats:
        events.append(
            {
                "type": "transfer",
                "from": BANK,
                "to": s["name"],
                "amount": STARTING_CASH,
                "reason": "starting cash",
            }
        )
    return events


def _deal_decision(player: str) -> Decision:
    return Decision(
        "deal",
        player,
        f"{player}: draw your starting Travel Voucher and Roll Three card, and tell me which.",
        ("deal",),
    )


def decide(state: GameState, command: Mapping[str, Any]) -> list[Event]:
    """The events of ``command``; raises :class:`IllegalCommandError` and changes nothing if
    the command is not allowed now."""
    return step(state, command)[0]


def step(state: GameState, command: Mapping[str, Any]) -> tuple[list[Event], GameState]:
    """:func:`decide`, and the state its events lead to (folded on the way, once)."""
    try:
        return _step(state, command)
    except CompanionError as exc:
        refusal = _refusal(exc)
        if refusal is exc:
            raise
        raise refusal from exc


def _refusal(exc: CompanionError) -> CompanionError:
    """The error as the table shows it: an :class:`IllegalCommandError` (or a
    :class:`BadRollError`) of one line of at most 300 characters."""
    text = " ".join(str(exc).split())
    if len(text) > 300:
        text = text[:297] + "..."
    if isinstance(exc, (IllegalCommandError, BadRollError)):
        return exc if text == str(exc) else type(exc)(text)
    # A space or card id nobody knows, a move the resolver refuses: the command is refused.
    return IllegalCommandError(text)


def _step(state: GameState, command: Mapping[str, Any]) -> tuple[list[Event], GameState]:
    if not isinstance(command, Mapping):
        raise IllegalCommandError(f"a command is a JSON object, not {shown(command)}")
    _check_sizes(command)
    kind = command.get("type")
    handler = _COMMANDS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IllegalCommandError(
            f"unknown command type {shown(kind)}; the commands are {', '.join(sorted(_COMMANDS))}"
        )
    player = command.get("player")
    if not any(s.name == player for s in state.active):
        names = [s.name for s in state.active]
        raise IllegalCommandError(
            f"{kind}: {shown(player)} is not a player in the game (players: {', '.join(names)})"
        )
    if state.over:
        raise IllegalCommandError(f"{kind}: the game is over; {state.winner} won")
    d = state.decision
    if kind not in ANYTIME:
        if kind not in d.answers:
            raise IllegalCommandError(
                f"{kind} by {player}: the game waits for {d.player} to {_answers(d)} ({d.text})"
            )
        if player != d.player and kind not in ("bid", "pass"):
            raise IllegalCommandError(
                f"{kind} by {player}: it is {d.player}'s decision now ({d.text})"
            )
    elif _in_mr_monopoly_move(state) and player != state.turn:
        raise IllegalCommandError(
            f"{kind} by {player}: wait until {state.turn}'s Mr. Monopoly move is over"
        )
    _check_fields(kind, command)
    tx = Tx(state)
    mark = len(tx.agenda)
    handler(tx, command)
    if kind in ANYTIME and not tx.moved_on and len(tx.agenda) > mark:
        # An any-time command that left something to do (interest on a mortgaged property
        # received): do it, then ask the same decision again.
        tx.resume_after_new(mark, state.decision)
        tx.moved_on = True
    if kind not in ANYTIME or tx.moved_on:
        _advance(tx)
    return tx.events, tx.state


#: The fields each command needs beyond ``type`` and ``player``, with their JSON types; a
#: ``?`` marks an optional one.
_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "deal": {"voucher": (str,), "roll_three": (str,)},
    "order_roll": {"dice": (list,)},
    "roll": {"dice": (list,)},
    "dice": {"dice": (list,), "opponent?": (str,)},
    "choose": {"space": (str,)},
    "taxi": {"space": (str,)},
    "bus": {"option": (str,)},
    "gift": {"option": (str,)},
    "option": {"option": (int,)},
    "bid": {"amount": (int,)},
    "draw": {"card": (str,)},
    "stock": {"company": (str,), "how": (str,)},
    "voucher": {"voucher": (str,), "space?": (str,), "ride?": (bool,)},
    "build": {"property": (str,)},
    "sell_building": {"property": (str,)},
    "mortgage": {"property?": (str,), "company?": (str,)},
    "unmortgage": {"property?": (str,), "company?": (str,)},
    "trade": {"with": (str,), "give?": (dict,), "take?": (dict,)},
    "play_card": {
        "card": (str,),
        "target?": (str,),
        "property?": (str,),
        "give?": (str,),
        "space?": (str,),
        "company?": (str,),
    },
    "target": {"target": (str,)},
}


_TYPE_WORDS = {
    str: "text",
    list: "a list",
    int: "a whole number",
    bool: "true or false",
    dict: "an object",
}


def _check_sizes(command: Mapping[str, Any]) -> None:
    """Refuse values no table could mean (huge numbers, long texts, deep nesting, non-JSON),
    before any rule looks at them."""
    kind = command.get("type")
    kind = kind if isinstance(kind, str) and len(kind) <= 20 else "command"
    for name, value in command.items():
        problem = _size_problem(value, 0)
        if problem is None and not isinstance(name, str):
            problem = "not a field name"
        if problem is not None:
            raise IllegalCommandError(f"{kind}: {shown(name)} is {problem}")


def _size_problem(value: Any, depth: int) -> str | None:
    if value is None or isinstance(value, (bool, str)) and len(str(value)) <= MAX_TEXT:
        return None
    if isinstance(value, str):
        return f"text longer than {MAX_TEXT} characters"
    if isinstance(value, int):
        return None if abs(value) <= MAX_NUMBER else f"{shown(value)}, too large"
    if isinstance(value, float):
        ok = value == value and abs(value) <= MAX_NUMBER
        return None if ok else f"{shown(value)}, not a usable number"
    if depth >= MAX_DEPTH:
        return "nested too deep"
    if isinstance(value, list):
        items: list[Any] = value
    elif isinstance(value, Mapping):
        if any(not isinstance(k, str) or len(k) > MAX_TEXT for k in value):
            return "an object whose keys are not short texts"
        items = list(value.values())
    else:
        return f"not a JSON value ({type(value).__name__})"
    if len(items) > MAX_ITEMS:
        return f"more than {MAX_ITEMS} items"
    return next((p for v in items if (p := _size_problem(v, depth + 1)) is not None), None)


def _check_fields(kind: str, command: Mapping[str, Any]) -> None:
    for spec, types in _FIELDS.get(kind, {}).items():
        name = spec.rstrip("?")
        value = command.get(name)
        if value is None and spec.endswith("?"):
            continue
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            what = " or ".join(_TYPE_WORDS[t] for t in types)
            got = "missing" if value is None else shown(value)
            raise IllegalCommandError(f"{kind}: '{name}' is {what}, not {got}")
    if kind in ("mortgage", "unmortgage") and ("property" in command) == ("company" in command):
        raise IllegalCommandError(f"{kind}: give either 'property' or 'company'")


def apply(state: GameState, command: Mapping[str, Any]) -> GameState:
    """The state after ``command``."""
    return step(state, command)[1]


def _answers(d: Decision) -> str:
    return " or ".join(d.answers)


def _in_mr_monopoly_move(state: GameState) -> bool:
    return any(t.get("do") == "bonus" and t["roll"][2] == "mr" for t in state.agenda)


def _advance(tx: Tx) -> None:
    """Work through the agenda until the game needs somebody's decision; record it."""
    while tx.decision is None:
        if len(tx.state.active) < 2:
            _game_over(tx)
            break
        if not tx.agenda:
            _next_turn(tx)
            continue
        task = tx.agenda.pop(0)
        (_TASKS.get(task["do"]) or cardplay.TASKS[task["do"]])(tx, task)
    assert tx.decision is not None
    event = {"type": "decision", "decision": tx.decision.to_json(), "agenda": list(tx.agenda)}
    tx.events.append(event)
    # What evolve() would fold from the event, without parsing back the decision just built.
    tx.state = copy_with(tx.state, {"decision": tx.decision, "agenda": tuple(tx.agenda)})


def _game_over(tx: Tx) -> None:
    winner = tx.state.active[0].name if tx.state.active else ""
    tx.emit("game_over", winner=winner, text=f"{winner} wins: every other player is bankrupt.")
    tx.agenda.clear()
    tx.ask("game_over", winner, f"Game over: {winner} wins.", ())


# -- Setup ----------------------------------------------------------------------------------


def _roll_three_card(value: Any) -> str:
    parts = value.replace(" ", "").split("-") if isinstance(value, str) else []
    if len(parts) != 3:
        raise IllegalCommandError(
            f"a Roll Three card shows three dice like '1-3-6', not {shown(value)}"
        )
    return "-".join(map(str, sorted(_die(v, "Roll Three card") for v in parts)))


_FACES = {str(n): n for n in range(1, 7)}


def _die(value: Any, what: str) -> int:
    """A regular die: a whole number 1 to 6, or its digit as text; anything else is refused."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        return value
    n = _FACES.get(value.strip()) if isinstance(value, str) else None
    if n is None:
        raise BadRollError(f"{what}: a die shows 1 to 6, not {shown(value)}")
    return n


def roll_three_printed() -> Mapping[str, int]:
    """D4: the printed action-card set's Roll Three cards, by combination (each twice)."""
    global _PRINTED_ROLL_THREE
    if _PRINTED_ROLL_THREE is None:
        from companion.rules.board import load_data

        deck = load_data("cards.json")["roll_three"]["deck"]
        _PRINTED_ROLL_THREE = {card: deck.count(card) for card in deck}
    return _PRINTED_ROLL_THREE


_PRINTED_ROLL_THREE: dict[str, int] | None = None


def roll_three_cards_left(state: GameState) -> list[str]:
    """D4: the Roll Three cards that can still be drawn, a combination once per copy left.

    The rules' 20-card deck has each card once (the rules name no combinations, so any three
    dice values may be on one); the printed action-card set (option ``roll_three_action_cards``)
    has 18 combinations twice.

    >>> from companion.banker.state import replay
    >>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    >>> len(roll_three_cards_left(state)), "1-1-1" in roll_three_cards_left(state)
    (56, True)
    """
    if not state.roll_three_left:
        return []
    held: dict[str, int] = {}
    for seat in state.seats:
        for card in seat.roll_three:
            held[card] = held.get(card, 0) + 1
    if state.rules.roll_three_action_cards:
        deck = roll_three_printed()
    else:
        deck = {f"{a}-{b}-{c}": 1 for a in range(1, 7) for b in range(a, 7) for c in range(b, 7)}
    return [card for card, n in deck.items() for _ in range(n - held.get(card, 0))]


def _take_roll_three(tx: Tx, player: str, value: Any, kind: str) -> str:
    """D4: ``player`` takes the Roll Three card ``value`` from the deck, if it is there."""
    card = _roll_three_card(value)
    if tx.state.roll_three_left < 1:
        raise IllegalCommandError(f"{kind}: no Roll Three cards are left")
    if card not in roll_three_cards_left(tx.state):
        holders = [s.name for s in tx.state.seats for c in s.roll_three if c == card]
        if tx.state.rules.roll_three_action_cards:
            copies = roll_three_printed().get(card, 0)
            if not copies:
                raise IllegalCommandError(
                    f"{kind}: the printed action cards have no Roll Three {card} "
                    "(18 combinations of three different numbers, not 2-3-5 or 2-3-6); check the card"
                )
            deck = f"the deck has {copies} of it"
        else:
            deck = "the deck has one of each card"
        who = " and ".join("you" if h == player else h for h in holders)
        raise IllegalCommandError(
            f"{kind} by {player}: Roll Three {card} is held by {who} already and {deck}; check the card"
        )
    tx.emit("bank", set={"roll_three_left": tx.state.roll_three_left - 1})
    tx.seat_set(player, roll_three=[*tx.state.seat(player).roll_three, card])
    return card


def _take_voucher(tx: Tx, player: str, voucher_id: Any) -> str:
    voucher = tx.deck.voucher(str(voucher_id))
    left = dict(tx.state.vouchers_left)
    if left.get(voucher.id, 0) < 1:
        raise IllegalCommandError(
            f"draw: every copy of {voucher.id!r} is in a player's hand; check the card"
        )
    left[voucher.id] -= 1
    tx.emit("bank", set={"vouchers_left": left})
    seat = tx.state.seat(player)
    tx.seat_set(player, vouchers=[*seat.vouchers, voucher.id])
    tx.emit("drew", player=player, card=voucher.id, title=voucher.label)
    return voucher.id


def _return_vouchers(tx: Tx, player: str, ids: Sequence[str]) -> None:
    left = dict(tx.state.vouchers_left)
    held = list(tx.state.seat(player).vouchers)
    for v in ids:
        held.remove(v)
        left[v] += 1
    tx.emit("bank", set={"vouchers_left": left})
    tx.seat_set(player, vouchers=held)


def _cmd_deal(tx: Tx, c: Mapping[str, Any]) -> None:
    player = c["player"]
    _take_voucher(tx, player, c["voucher"])
    _take_roll_three(tx, player, c["roll_three"], "deal")
    names = [s.name for s in tx.state.seats]
    after = names[names.index(player) + 1 :]
    if after:
        d = _deal_decision(after[0])
        tx.ask(d.kind, d.player, d.text, d.answers)
    else:
        _ask_order_roll(tx, names)


def _ask_order_roll(tx: Tx, group: Sequence[str]) -> None:
    """The next of ``group`` to roll for the turn order (each rolls once a round)."""
    player = next(n for n in group if n not in tx.state.order_rolls)
    tx.ask(
        "order_roll",
        player,
        f"{player}: roll the two regular dice for the turn order (highest starts).",
        ("order_roll",),
        group=list(group),
    )


def _cmd_order_roll(tx: Tx, c: Mapping[str, Any]) -> None:
    """P10: everyone rolls the two regular dice; the highest starts, ties roll again, and play
    goes round the table from the starter."""
    dice = _dice(c, 2)
    group = list(tx.state.decision.data["group"])
    tx.emit("order_rolled", player=c["player"], dice=dice)
    rolls = tx.state.order_rolls
    if any(n not in rolls for n in group):
        _ask_order_roll(tx, group)
        return
    best = max(rolls[n] for n in group)
    tied = [n for n in group if rolls[n] == best]
    if len(tied) > 1:
        tx.emit("bank", set={"order_rolls": {}})
        tx.note(f"{' and '.join(tied)} tie with {best}: they roll again.")
        _ask_order_roll(tx, tied)
        return
    names = [s.name for s in tx.state.seats]
    start = names.index(tied[0])
    order = names[start:] + names[:start]
    tx.emit("order_set", order=order, text=f"{order[0]} rolled highest and starts.")
    _start_turn(tx, order[0])


def _dice(c: Mapping[str, Any], count: int | tuple[int, ...]) -> list[int]:
    dice = c.get("dice")
    counts = (count,) if isinstance(count, int) else count
    if not isinstance(dice, list) or len(dice) not in counts:
        want = " or ".join(map(str, counts))
        raise BadRollError(f"{c.get('type')}: give {want} regular dice, not {shown(dice)}")
    return [_die(v, str(c.get("type"))) for v in dice]


# -- Turns ----------------------------------------------------------------------------------


def _next_turn(tx: Tx) -> None:
    names = [s.name for s in tx.state.seats]
    i = names.index(tx.state.turn)
    for step in range(1, len(names) + 1):
        seat = tx.state.seats[(i + step) % len(names)]
        if seat.bankrupt:
            continue
        if seat.skip_turns:
            tx.seat_set(seat.name, skip_turns=seat.skip_turns - 1)
            tx.note(f"{seat.name} loses this turn (Vehicle Impounded).")
            continue
        _start_turn(tx, seat.name)
        return


def _start_turn(tx: Tx, player: str) -> None:
    tx.emit("turn", player=player, doubles=0, voucher=False, text=f"{player}'s turn.")
    _ask_roll(tx, player)


def _ask_roll(tx: Tx, player: str) -> None:
    seat = tx.state.seat(player)
    if seat.subway:
        tx.ask(
            "subway",
            player,
            f"{player}: ride the Subway to any space on any track.",
            ("choose",),
            why="subway",
        )
        return
    answers = ["roll"]
    if seat.in_jail:
        answers.append("bail")
        if _jail_card(seat.cards):
            answers.append("jail_card")
        text = f"{player} is in jail: roll the two regular dice for doubles, pay ${BAIL} bail, or use a card."
    else:
        text = f"{player}: roll the dice."
        if _can_play_voucher(tx.state, player):
            answers.append("voucher")
    tx.ask("roll", player, text, answers)


def _jail_card(cards: Sequence[str]) -> str | None:
    return next((c for c in cards if c.endswith("get-out-of-jail-free")), None)


def _can_play_voucher(state: GameState, player: str) -> bool:
    seat = state.seat(player)
    return bool(seat.vouchers) and not state.voucher_played and not seat.reverse_direction


def _roll_of(c: Mapping[str, Any]) -> Roll:
    dice = c.get("dice")
    if not isinstance(dice, list):
        raise BadRollError(f"roll: give the dice as a list like [3, 4, 'mr'], not {shown(dice)}")
    return Roll.parse([str(v) for v in dice])


def _cmd_roll(tx: Tx, c: Mapping[str, Any]) -> None:
    player = c["player"]
    roll = _roll_of(c)
    _roll(tx, player, roll)


def _cmd_bail(tx: Tx, c: Mapping[str, Any]) -> None:
    player = c["player"]
    if tx.cash(player) < BAIL:
        raise IllegalCommandError(
            f"bail by {player}: bail is ${BAIL} and {player} has ${tx.cash(player)}; raise money first"
        )
    tx.transfer(player, POOL, BAIL, "jail bail")
    tx.seat_set(player, in_jail=False, jail_turns=0, rent_to_pool=False)
    _ask_roll(tx, player)


def _cmd_jail_card(tx: Tx, c: Mapping[str, Any]) -> None:
    player = c["player"]
    seat = tx.state.seat(player)
    card = _jail_card(seat.cards)
    if card is None:
        raise IllegalCommandError(
            f"jail_card by {player}: {player} holds no Get Out of Jail Free card"
        )
    _return_card(tx, player, card)
    tx.seat_set(player, in_jail=False, jail_turns=0, rent_to_pool=False)
    _ask_roll(tx, player)


def _return_card(tx: Tx, player: str, card: str) -> None:
    seat = tx.state.seat(player)
    cards = list(seat.cards)
    cards.remove(card)
    tx.seat_set(player, cards=cards)
    out = dict(tx.state.cards_out)
    out[card] -= 1
    tx.emit("bank", set={"cards_out": out})


def _roll(tx: Tx, player: str, roll: Roll) -> None:
    """A roll's first move and what its space asks; the bonus move and doubles come after."""
    state = tx.state
    seat = state.seat(player)
    backwards = seat.reverse_direction
    tx.emit(
        "rolled",
        player=player,
        dice=[roll.d1, roll.d2, roll.speed],
        text=f"{player} rolled {roll}.",
    )
    res = resolve_roll(tx.board, state.situation(), roll, player=player, first_move_only=True)
    jailed_before = seat.in_jail
    _apply(tx, res)
    if any(a.kind == "choose_any_space" for a in res.follow_up):
        tx.first({"do": "choose_triples", "roll": _roll_json(roll)})
        return
    if jailed_before or roll.is_triples or res.in_jail:
        return
    missed_bus = backwards and roll.speed == "bus"
    if roll.speed in ("mr", "bus") and not missed_bus:
        tx.later({"do": "bonus", "roll": _roll_json(roll), "backwards": backwards})
    tx.later({"do": "doubles", "roll": _roll_json(roll)})


def _roll_json(roll: Roll) -> list[Any]:
    return [roll.d1, roll.d2, roll.speed]


def _roll_from(values: Sequence[Any]) -> Roll:
    return Roll(values[0], values[1], values[2])


def _task_choose_triples(tx: Tx, task: Task) -> None:
    player = tx.state.turn
    tx.ask(
        "choose_space",
        player,
        f"{player}: triples! Choose any space to move ahead to.",
        ("choose",),
        why="triples",
        roll=task["roll"],
    )


def _task_bonus(tx: Tx, task: Task) -> None:
    player = tx.state.turn
    seat = tx.state.seat(player)
    if seat.bankrupt or seat.in_jail:
        return
    roll = _roll_from(task["roll"])
    if seat.subway:
        tx.ask(
            "choose_space",
            player,
            f"{player}: your bonus move becomes the Subway ride: choose any space.",
            ("choose",),
            why="bonus_subway",
            roll=task["roll"],
        )
        return
    if roll.speed == "bus" and any(tx.state.vouchers_left.values()) and "bus" not in task:
        res = resolve_bonus(tx.board, tx.state.situation(), roll, player=player, bus=None)
        target = next(a.space for a in res.follow_up if a.kind == "bus_option")
        assert target is not None
        tx.ask(
            "bus_option",
            player,
            f"{player}: Bus! Take a Travel Voucher, or move to {target.name}.",
            ("bus",),
            roll=task["roll"],
            to=target.key,
        )
        return
    res = resolve_bonus(
        tx.board,
        tx.state.situation(),
        roll,
        player=player,
        backwards=task["backwards"],
        bus=task.get("bus", "move" if roll.speed == "bus" else None),
    )
    _apply(tx, res)


def _cmd_bus(tx: Tx, c: Mapping[str, Any]) -> None:
    choice = c.get("option")
    if choice not in ("move", "voucher"):
        raise IllegalCommandError(f"bus: the option is 'move' or 'voucher', not {choice!r}")
    d = tx.state.decision
    if choice == "voucher":
        tx.first({"do": "draw_voucher", "player": c["player"]})
    else:
        tx.first({"do": "bonus", "roll": d.data["roll"], "backwards": False, "bus": "move"})


def _task_doubles(tx: Tx, task: Task) -> None:
    player = tx.state.turn
    seat = tx.state.seat(player)
    roll = _roll_from(task["roll"])
    if seat.bankrupt or seat.in_jail:
        return
    if roll.is_doubles:
        doubles = tx.state.doubles + 1
        tx.emit("turn", player=player, doubles=doubles, voucher=tx.state.voucher_played)
        tx.note(f"Doubles: {player} rolls again.")
        _ask_roll(tx, player)
    elif _can_play_voucher(tx.state, player):
        tx.ask(
            "end_turn",
            player,
            f"{player}: play a Travel Voucher, or end your turn.",
            ("end_turn", "voucher"),
        )


def _cmd_end_turn(tx: Tx, c: Mapping[str, Any]) -> None:
    tx.agenda.clear()


def _cmd_choose(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    player = c["player"]
    space = tx.board.space(str(c.get("space", "")))
    why = d.data.get("why")
    if why == "triples":
        roll = _roll_from(d.data["roll"])
        res = resolve_roll(tx.board, tx.state.situation(), roll, player=player, to=space)
        _apply(tx, res)
    elif why == "subway":
        _apply(tx, resolve_subway(tx.board, tx.state.situation(), space, player=player))
    elif why == "bonus_subway":
        tx.seat_set(player, subway=False)
        situation = tx.state.situation()
        seat = situation.player(player)
        situation = replace(
            situation,
            players=tuple(replace(p, subway=True) if p is seat else p for p in situation.players),
        )
        roll = _roll_from(d.data["roll"])
        _apply(tx, resolve_bonus(tx.board, situation, roll, player=player, to=space))
    elif why == "auction_any":
        if not space.is_property or space.name in tx.state.holdings:
            raise IllegalCommandError(
                f"choose: the Auction space auctions an unowned property, and {space.name!r} is not one"
            )
        tx.first({"do": "auction", "item": "property", "name": space.name})
    else:
        cardplay.choose(tx, c, space)


# -- Applying a movement --------------------------------------------------------------------


def _apply(tx: Tx, res: Resolution) -> None:
    """Record a resolved movement and put what its spaces ask at the front of the agenda."""
    player = res.player
    before = tx.state.seat(player)
    if res.steps:
        tx.emit(
            "moved",
            player=player,
            to=res.landing.key,
            path=[s.space.key for s in res.steps],
            text=res.summary,
        )
    for salary in res.salaries:
        how = "landing on" if salary.landed else "passing"
        tx.transfer(BANK, player, salary.amount, f"{how} {salary.corner.name}")
    after = res.after
    changes = {
        k: getattr(after, k)
        for k in ("in_jail", "jail_turns", "reverse_direction", "subway", "transit_token")
        if getattr(after, k) != getattr(before, k)
    }
    if before.rent_to_pool and not after.in_jail:
        changes["rent_to_pool"] = False
    if changes:
        tx.seat_set(player, **changes)
    tasks: list[Task] = []
    for action in res.follow_up:
        tasks.extend(_tasks_for(tx, player, action))
    tx.first(*tasks)


def _tasks_for(tx: Tx, player: str, a: Action) -> list[Task]:
    space = a.space.key if a.space else None
    k = a.kind
    if k == "buy_or_auction":
        return [{"do": "offer", "player": player, "space": space}]
    if k == "pay_rent":
        assert a.space is not None
        if a.amount is None:
            return [{"do": "utility_roll", "player": player, "space": space, "times": a.times}]
        return [
            {"do": "rent", "player": player, "space": space, "amount": a.amount, "owner": a.payee}
        ]
    if k in ("pay_tax", "pay_bail", "pay_taxi_fare"):
        reason = {"pay_tax": a.space.name if a.space else "tax", "pay_bail": "jail bail"}.get(
            k, "taxi fare"
        )
        return [_pay(player, a.payee or POOL, a.amount or 0, reason)]
    if k == "taxi_ride":
        return [{"do": "taxi_offer", "player": player, "space": space}]
    if k == "draw_travel_voucher":
        return [{"do": "draw_voucher", "player": player}]
    if k in ("draw_chance", "draw_community_chest"):
        return [{"do": "draw_card", "player": player, "deck": k.removeprefix("draw_")}]
    if k in (
        "collect_tax_refund",
        "birthday_gift",
        "squeeze_play",
        "roll_three",
        "stock_exchange",
        "auction_any",
    ):
        return [{"do": k, "player": player}]
    if k == "use_jail_card":
        return []  # handed in before the roll (_cmd_jail_card)
    if k == "voucher_expires":
        return [{"do": "expire_voucher", "player": player}]
    if k == "expire_vouchers":
        return [{"do": "expire_all_vouchers"}]
    if k == "all_players_move":
        return [{"do": "all_move", "player": player, "space": space}]
    return []


def _pay(source: str, target: str, amount: int, reason: str) -> Task:
    return {"do": "pay", "from": source, "to": target, "amount": amount, "reason": reason}


# -- Paying ---------------------------------------------------------------------------------


def _task_pay(tx: Tx, task: Task) -> None:
    source, target, amount = task["from"], task["to"], task["amount"]
    if amount <= 0 or _gone(tx, source):
        return
    if target not in (BANK, POOL) and _gone(tx, target):
        return
    if source in (BANK, POOL) or tx.cash(source) >= amount:
        tx.transfer(source, target, amount, task["reason"])
        return
    tx.first(task)
    short = amount - tx.cash(source)
    whom = "the Pool" if target == POOL else target
    tx.ask(
        "raise_money",
        source,
        f"{source} owes {whom} ${amount} ({task['reason']}) and is ${short} short: sell buildings, mortgage or trade, then pay; or go bankrupt.",
        ("pay", "bankrupt"),
        creditor=target,
        amount=amount,
        reason=task["reason"],
    )


def _gone(tx: Tx, name: str) -> bool:
    return name not in (BANK, POOL) and tx.state.seat(name).bankrupt


def _cmd_pay(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    player = c["player"]
    if d.kind == "raise_money" and tx.cash(player) < d.data["amount"]:
        raise IllegalCommandError(
            f"pay by {player}: {player} has ${tx.cash(player)} of the ${d.data['amount']} owed; raise money first or go bankrupt"
        )


def _task_utility_roll(tx: Tx, task: Task) -> None:
    player = task["player"]
    tx.ask(
        "dice",
        player,
        f"{player}: roll two dice and pay {task['times']} times the total.",
        ("dice",),
        why="utility",
        space=task["space"],
        times=task["times"],
    )


def _task_tax_refund(tx: Tx, task: Task) -> None:
    """P1: Tax Refund pays half the Pool, rounded up."""
    amount = (tx.state.pool + 1) // 2
    tx.transfer(POOL, task["player"], amount, "Tax Refund: half the Pool")


def _task_expire_voucher(tx: Tx, task: Task) -> None:
    seat = tx.state.seat(task["player"])
    if seat.vouchers:
        _return_vouchers(tx, seat.name, seat.vouchers[:1])


def _task_expire_all(tx: Tx, task: Task) -> None:
    for seat in tx.state.active:
        if seat.vouchers:
            _return_vouchers(tx, seat.name, seat.vouchers)


def _task_all_move(tx: Tx, task: Task) -> None:
    for seat in tx.state.active:
        if seat.name != task["player"] and not seat.in_jail:
            tx.emit(
                "moved",
                player=seat.name,
                to=task["space"],
                path=[task["space"]],
                text=f"{seat.name} moves directly to {tx.board.space(task['space']).name}.",
            )


# -- Buying and auctions --------------------------------------------------------------------


def _task_offer(tx: Tx, task: Task) -> None:
    space = tx.board.space(task["space"])
    if space.name in tx.state.holdings:
        return
    player = task["player"]
    price = task.get("price", space.price)
    tx.ask(
        "buy_or_auction",
        player,
        f"{player}: buy {space.name} for ${price}, or the Banker auctions it.",
        ("buy", "auction"),
        property=space.name,
        price=price,
    )


def _cmd_buy(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    player, name, price = c["player"], d.data["property"], d.data["price"]
    if tx.cash(player) < price:
        raise IllegalCommandError(
            f"buy by {player}: {name} costs ${price} and {player} has ${tx.cash(player)}; mortgage or sell first, or auction it"
        )
    tx.transfer(player, BANK, price, f"buying {name}")
    _set_holding(tx, name, Holding(owner=player))


def _cmd_auction(tx: Tx, c: Mapping[str, Any]) -> None:
    tx.first({"do": "auction", "item": "property", "name": tx.state.decision.data["property"]})


def _set_holding(tx: Tx, name: str, holding: Holding | None) -> None:
    data = None
    if holding is not None:
        data = {
            "owner": holding.owner,
            "mortgaged": holding.mortgaged,
            "level": holding.level,
            "improved": holding.improved,
        }
    tx.emit("holding", property=name, holding=data)


def _task_auction(tx: Tx, task: Task) -> None:
    bidders = [s.name for s in tx.state.active]
    _ask_auction(tx, task["item"], task["name"], bidders, 0, None)


def _ask_auction(
    tx: Tx, item: str, name: str, bidders: list[str], high: int, leader: str | None
) -> None:
    what = name if item == "property" else f"one share of {name}"
    standing = f"${high} by {leader}" if leader else "no bid yet"
    waiting = [b for b in bidders if b != leader]
    tx.ask(
        "auction",
        waiting[0],
        f"Auction of {what}: {standing}. Anyone may bid higher; {', '.join(waiting)} may still bid or pass.",
        ("bid", "pass"),
        item=item,
        name=name,
        bidders=bidders,
        high=high,
        leader=leader,
    )


def _cmd_bid(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision.data
    player, amount = c["player"], c.get("amount")
    if player not in d["bidders"]:
        raise IllegalCommandError(f"bid by {player}: {player} has passed in this auction")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= d["high"]:
        raise IllegalCommandError(
            f"bid by {player}: a bid is a whole number of dollars above ${d['high']}, not {amount!r}"
        )
    if amount > tx.cash(player):
        raise IllegalCommandError(
            f"bid by {player}: {player} has ${tx.cash(player)} and cannot bid ${amount}"
        )
    tx.note(f"{player} bids ${amount}.")
    _auction_next(tx, d["item"], d["name"], list(d["bidders"]), amount, player)


def _cmd_pass(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision.data
    player = c["player"]
    if player not in d["bidders"] or player == d["leader"]:
        raise IllegalCommandError(f"pass by {player}: {player} is not bidding in this auction")
    bidders = [b for b in d["bidders"] if b != player]
    tx.note(f"{player} passes.")
    _auction_next(tx, d["item"], d["name"], bidders, d["high"], d["leader"])


def _auction_next(
    tx: Tx, item: str, name: str, bidders: list[str], high: int, leader: str | None
) -> None:
    if [b for b in bidders if b != leader]:
        _ask_auction(tx, item, name, bidders, high, leader)
        return
    if leader is None:
        tx.note(f"Nobody bid: {name} stays with the Bank.")
        return
    price = cardplay.auction_discount(tx, leader, high)
    if item == "property":
        tx.transfer(leader, BANK, price, f"auction of {name}")
        _set_holding(tx, name, Holding(owner=leader))
    else:
        tx.transfer(leader, BANK, price, f"auction of a share of {name}")
        _give_share(tx, leader, name)
    tx.note(f"{leader} wins the auction of {name} for ${high}.")


# -- Spaces ---------------------------------------------------------------------------------


def _task_taxi_offer(tx: Tx, task: Task) -> None:
    player = task["player"]
    if tx.state.seat(player).position.key != task["space"]:
        return
    tx.ask(
        "taxi",
        player,
        f"{player}: take a taxi ride (to Free Parking, another cab company or a transit station), or carry on.",
        ("taxi", "skip"),
    )


def _cmd_taxi(tx: Tx, c: Mapping[str, Any]) -> None:
    to = tx.board.space(str(c.get("space", "")))
    _apply(tx, resolve_taxi(tx.board, tx.state.situation(), to, player=c["player"]))


def _cmd_skip(tx: Tx, c: Mapping[str, Any]) -> None:
    """Decline an offer (a taxi ride, a card's option): the turn carries on."""


def _task_draw_voucher(tx: Tx, task: Task) -> None:
    if not sum(tx.state.vouchers_left.values()):
        tx.note("No Travel Vouchers are left to draw.")
        return
    player = task["player"]
    tx.ask(
        "draw",
        player,
        f"{player}: draw a Travel Voucher and tell me which.",
        ("draw",),
        deck="travel_voucher",
    )


def _task_draw_card(tx: Tx, task: Task) -> None:
    player, deck = task["player"], task["deck"]
    title = "Chance" if deck == "chance" else "Community Chest"
    tx.ask(
        "draw", player, f"{player}: draw a {title} card and tell me which.", ("draw",), deck=deck
    )


def _cmd_draw(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    deck = d.data["deck"]
    player = c["player"]
    if deck == "travel_voucher":
        _take_voucher(tx, player, c.get("card", ""))
    elif deck == "roll_three":
        combo = _take_roll_three(tx, player, c.get("card", ""), "draw")
        tx.emit("drew", player=player, card=combo, title=f"Roll Three {combo}")
        _ask_roll_three_dice(tx, player)
    else:
        card = tx.deck.card(str(c.get("card", "")))
        if card.deck != deck:
            raise IllegalCommandError(
                f"draw: {card.id!r} is a {card.deck.replace('_', ' ')} card, and {player} draws from {deck.replace('_', ' ')}"
            )
        if tx.state.cards_out.get(card.id, 0) >= card.count:
            raise IllegalCommandError(
                f"draw: every copy of {card.id!r} is in a player's hand; check the card"
            )
        tx.emit(
            "drew",
            player=player,
            card=card.id,
            title=card.title,
            text=f"{player} drew {card.title}: {card.effect}",
        )
        cardplay.drawn(tx, player, card)


def _task_birthday(tx: Tx, task: Task) -> None:
    player = task["player"]
    if tx.state.rules.birthday_from_players:
        tx.first(
            *[
                _pay(s.name, player, 100, "Birthday Gift")
                for s in tx.state.active
                if s.name != player
            ]
        )
        return
    if not sum(tx.state.vouchers_left.values()):
        tx.transfer(BANK, player, 100, "Birthday Gift")
        return
    tx.ask(
        "gift",
        player,
        f"{player}: Birthday Gift: take $100 from the Bank or a Travel Voucher.",
        ("gift",),
    )


def _cmd_gift(tx: Tx, c: Mapping[str, Any]) -> None:
    choice = c.get("option")
    if choice == "cash":
        tx.transfer(BANK, c["player"], 100, "Birthday Gift")
    elif choice == "voucher":
        tx.first({"do": "draw_voucher", "player": c["player"]})
    else:
        raise IllegalCommandError(f"gift: the option is 'cash' or 'voucher', not {choice!r}")


def _task_squeeze(tx: Tx, task: Task) -> None:
    player = task["player"]
    speed = tx.state.rules.squeeze_play_speed_die
    tx.ask(
        "dice",
        player,
        f"{player}: Squeeze Play! Roll the two regular dice{' and the speed die' if speed else ''}.",
        ("dice",),
        why="squeeze_play",
    )


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


def _task_roll_three(tx: Tx, task: Task) -> None:
    player = task["player"]
    if tx.state.roll_three_left:
        tx.ask(
            "draw",
            player,
            f"{player}: draw a Roll Three card and tell me its numbers.",
            ("draw",),
            deck="roll_three",
        )
    else:
        _ask_roll_three_dice(tx, player)


def _ask_roll_three_dice(tx: Tx, player: str) -> None:
    tx.ask(
        "dice",
        player,
        f"{player}: roll three regular dice for Roll Three.",
        ("dice",),
        why="roll_three",
    )


def _cmd_dice(tx: Tx, c: Mapping[str, Any]) -> None:
    d = tx.state.decision
    player = c["player"]
    why = d.data["why"]
    if why == "squeeze_play":
        if tx.state.rules.squeeze_play_speed_die:
            roll = _roll_of(c)
            total = roll.spaces
            amount = squeeze_play_amount(total, speed_die=True)
        else:
            total = sum(_dice(c, 2))
            amount = squeeze_play_amount(total)
            roll = None
        tx.note(f"Squeeze Play: {player} rolled {total}; every other player pays ${amount}.")
        others = [s.name for s in tx.state.active if s.name != player]
        tasks: list[Task] = [_pay(o, player, amount, "Squeeze Play") for o in others]
        if roll is not None and roll.speed in ("mr", "bus"):
            tasks += [{"do": "give_voucher", "from": o, "to": player} for o in others]
        tx.first(*tasks)
    elif why == "roll_three":
        dice = _dice(c, 3)
        tx.note(f"Roll Three: {player} rolled {'-'.join(map(str, sorted(dice)))}.")
        winnings: dict[str, int] = {}
        for seat in tx.state.active:
            won = sum(
                roll_three_winnings(card, dice, rolled_by_holder=seat.name == player)
                for card in seat.roll_three
            )
            tx.transfer(BANK, seat.name, won, "Roll Three")
            winnings[seat.name] = won
        cardplay.roll_three_shares(tx, winnings)
    elif why == "utility":
        total = sum(_dice(c, 2))
        space = tx.board.space(d.data["space"])
        owner = tx.state.holdings[space.name].owner
        tx.first(
            {
                "do": "rent",
                "player": player,
                "space": space.key,
                "owner": owner,
                "amount": d.data["times"] * total,
            }
        )
    else:
        cardplay.dice(tx, c, why)


def _task_give_voucher(tx: Tx, task: Task) -> None:
    seat = tx.state.seat(task["from"])
    if seat.vouchers and not tx.state.seat(task["to"]).bankrupt:
        voucher = seat.vouchers[0]
        tx.seat_set(seat.name, vouchers=list(seat.vouchers[1:]))
        tx.seat_set(task["to"], vouchers=[*tx.state.seat(task["to"]).vouchers, voucher])


# -- Stock Exchange -------------------------------------------------------------------------


def dividend(company: str, shares: int) -> int:
    """P6: the dividend on ``shares`` shares of ``company``: par / 10 x shares squared.

    >>> dividend("Motion Pictures", 3)
    90
    """
    par = _stocks()[company]
    return par // 10 * shares * shares


def _stocks() -> dict[str, int]:
    return {s["name"]: s["par"] for s in _stock_data()}


def _stock_data() -> list[dict[str, Any]]:
    from companion.rules.board import load_data

    global _STOCK_CACHE
    if _STOCK_CACHE is None:
        _STOCK_CACHE = load_data("cards.json")["stocks"]
    return _STOCK_CACHE


_STOCK_CACHE: list[dict[str, Any]] | None = None


def pay_dividends(
    tx: Tx, companies: Sequence[str], reason: str, *, factor: Mapping[str, int] | None = None
) -> None:
    """Pay every holder of unmortgaged shares of ``companies`` its dividend."""
    cuts = dict(tx.state.dividend_cuts)
    for company in companies:
        for seat in tx.state.active:
            n = seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0)
            if n <= 0:
                continue
            amount = dividend(company, n) * (factor or {}).get(seat.name, 1)
            if cuts.get(company):
                amount = (amount + 1) // 2
            tx.transfer(BANK, seat.name, amount, f"{reason}: {company} dividend")
        if cuts.get(company):
            cuts[company] -= 1
    if cuts != dict(tx.state.dividend_cuts):
        tx.emit("bank", set={"dividend_cuts": cuts})


def _task_stock_exchange(tx: Tx, task: Task) -> None:
    pay_dividends(tx, list(_stocks()), "Stock Exchange")
    player = task["player"]
    if any(tx.state.shares_left.values()):
        tx.ask(
            "stock",
            player,
            f"{player}: buy one share of any company at par, or choose one for the Banker to auction.",
            ("stock",),
        )


def _cmd_stock(tx: Tx, c: Mapping[str, Any]) -> None:
    player, company, how = c["player"], c.get("company"), c.get("how")
    if company not in _stocks():
        raise IllegalCommandError(
            f"stock: no company {company!r}; the companies are {', '.join(_stocks())}"
        )
    if not tx.state.shares_left.get(company):
        raise IllegalCommandError(
            f"stock: every share of {company} is sold; choose another company"
        )
    if tx.state.decision.data.get("free") and how != "buy":
        raise IllegalCommandError("stock: the free share (Inherit Stock) is taken, not auctioned")
    if how == "buy":
        price = cardplay.share_price(tx, player, _stocks()[company])
        if tx.cash(player) < price:
            raise IllegalCommandError(
                f"stock by {player}: a share of {company} costs ${price} and {player} has ${tx.cash(player)}"
            )
        tx.transfer(player, BANK, price, f"buying a share of {company}")
        _give_share(tx, player, company)
    elif how == "auction":
        tx.first({"do": "auction", "item": "share", "name": company})
    else:
        raise IllegalCommandError(f"stock: 'how' is 'buy' or 'auction', not {how!r}")


def _give_share(tx: Tx, player: str, company: str) -> None:
    seat = tx.state.seat(player)
    shares = dict(seat.shares)
    shares[company] = shares.get(company, 0) + 1
    tx.shares(
        {player: (shares, seat.mortgaged_shares)}, text=f"{player} gets a share of {company}."
    )


def _task_auction_any(tx: Tx, task: Task) -> None:
    player = task["player"]
    tx.ask(
        "choose_space",
        player,
        f"{player}: pick any unowned property for the Banker to auction.",
        ("choose",),
        why="auction_any",
    )


# -- Travel Vouchers ------------------------------------------------------------------------


def _cmd_voucher(tx: Tx, c: Mapping[str, Any]) -> None:
    player = c["player"]
    seat = tx.state.seat(player)
    voucher = tx.deck.voucher(str(c.get("voucher", "")))
    if voucher.id not in seat.vouchers:
        raise IllegalCommandError(f"voucher by {player}: {player} holds no {voucher.id!r}")
    to = tx.board.space(str(c["space"])) if c.get("space") else None
    res = resolve_voucher(
        tx.board, tx.state.situation(), voucher, player=player, to=to, ride=bool(c.get("ride"))
    )
    _return_vouchers(tx, player, [voucher.id])
    tx.emit("turn", player=tx.state.turn, doubles=tx.state.doubles, voucher=True)
    mark = len(tx.agenda)
    _apply(tx, res)
    tx.resume_after_new(mark, tx.state.decision)


def _task_resume(tx: Tx, task: Task) -> None:
    """Ask a decision again after what interrupted it (a voucher move, a card played...)."""
    d = Decision.from_json(task["decision"])
    seat = tx.state.seat(d.player)
    if seat.bankrupt:
        return
    if d.kind == "roll":
        if not seat.in_jail or "bail" in d.answers:  # not if the interruption jailed them
            _ask_roll(tx, d.player)
    elif d.kind == "end_turn":
        if _can_play_voucher(tx.state, d.player):
            tx.ask(d.kind, d.player, d.text, d.answers)
    else:
        tx.decision = d


_COMMANDS: dict[str, Callable[[Tx, Mapping[str, Any]], None]] = {
    "deal": _cmd_deal,
    "order_roll": _cmd_order_roll,
    "roll": _cmd_roll,
    "bail": _cmd_bail,
    "jail_card": _cmd_jail_card,
    "choose": _cmd_choose,
    "bus": _cmd_bus,
    "end_turn": _cmd_end_turn,
    "buy": _cmd_buy,
    "auction": _cmd_auction,
    "bid": _cmd_bid,
    "pass": _cmd_pass,
    "taxi": _cmd_taxi,
    "skip": _cmd_skip,
    "draw": _cmd_draw,
    "gift": _cmd_gift,
    "dice": _cmd_dice,
    "stock": _cmd_stock,
    "voucher": _cmd_voucher,
    "pay": _cmd_pay,
    "bankrupt": lambda tx, c: assets.declare_bankruptcy(tx, c),
    "build": lambda tx, c: assets.build(tx, c),
    "sell_building": lambda tx, c: assets.sell_building(tx, c),
    "mortgage": lambda tx, c: assets.mortgage(tx, c),
    "unmortgage": lambda tx, c: assets.unmortgage(tx, c),
    "trade": lambda tx, c: assets.trade(tx, c),
    "play_card": lambda tx, c: cardplay.play(tx, c),
    "option": lambda tx, c: cardplay.option(tx, c),
    "target": lambda tx, c: cardplay.target(tx, c),
    "accept": lambda tx, c: cardplay.respond(tx, c),
    "refuse": lambda tx, c: cardplay.respond(tx, c),
    "end_game": lambda tx, c: assets.end_game(tx, c),
}

_TASKS: dict[str, Callable[[Tx, Task], None]] = {
    "choose_triples": _task_choose_triples,
    "bonus": _task_bonus,
    "doubles": _task_doubles,
    "pay": _task_pay,
    "utility_roll": _task_utility_roll,
    "offer": _task_offer,
    "auction": _task_auction,
    "taxi_offer": _task_taxi_offer,
    "draw_voucher": _task_draw_voucher,
    "draw_card": _task_draw_card,
    "collect_tax_refund": _task_tax_refund,
    "birthday_gift": _task_birthday,
    "squeeze_play": _task_squeeze,
    "roll_three": _task_roll_three,
    "stock_exchange": _task_stock_exchange,
    "auction_any": _task_auction_any,
    "expire_voucher": _task_expire_voucher,
    "expire_all_vouchers": _task_expire_all,
    "all_move": _task_all_move,
    "give_voucher": _task_give_voucher,
    "resume": _task_resume,
    "rent": lambda tx, task: cardplay.rent(tx, task),
}

# Cards act through the engine's tasks and money rules; imported last, as it imports this module.
from companion.banker import assets, cardplay  # noqa: E402
