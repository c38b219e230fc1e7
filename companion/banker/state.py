"""The game's state, its events, and how events fold into state.

``evolve(state, event)`` trusts a recorded event and never raises: the rules were checked when
the event was decided (``companion.banker.engine.decide``). Events are plain JSON objects with a
``type``; :func:`replay` folds a whole game's events into its state.

>>> from companion.banker.engine import new_game
>>> events = new_game([{"name": "Ann"}, {"name": "Bob"}])
>>> state = replay(events)
>>> state.cash["Ann"], state.decision.kind, state.decision.player
(3200, 'deal', 'Ann')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from companion.banker.ledger import BANK, POOL
from companion.banker.tasks import Task, task_from_json
from companion.editions import Edition, of_game
from companion.editions.cards import load_for as load_cards
from companion.editions.rules import load_for as load_rules
from companion.frozen import copy_with, derived, fast_init
from companion.rules.board import Board
from companion.rules.situation import Holding, Options, Player, Situation
from companion.rules.table import building_piles, building_stock, next_pile

Event = dict[str, Any]

_EMPTY: Mapping[str, int] = MappingProxyType({})


@fast_init
@dataclass(frozen=True, slots=True)
class Decision:
    """What the game waits for: who acts, what kind of answer, the legal answers, and context.

    This is the contract with every front end. ``id`` numbers the decisions of a game (each one
    posed takes the next number; an any-time command poses the same decision again under a new
    number): a command that names the id it answers is refused unless that decision is still
    the one in force, so a double tap or a stale screen never acts twice. ``options`` are the
    structured legal answers (:mod:`companion.banker.options`), ``code`` and ``params`` its
    sentence (:mod:`companion.messages`); ``text`` is only read from logs written before codes.
    """

    kind: str
    player: str
    text: str
    #: The command types that answer it.
    answers: tuple[str, ...]
    data: Mapping[str, Any] = field(default_factory=dict)
    id: int = 0
    options: tuple[Mapping[str, Any], ...] = ()
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self, *, options: bool = True) -> dict[str, Any]:
        """The decision as JSON; ``options=False``: as the log stores it, without the options
        (they follow from the state and the decision)."""
        out: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "player": self.player,
            "answers": list(self.answers),
            "data": dict(self.data),
        }
        if options:
            out["options"] = [dict(o) for o in self.options]
        if self.code:
            out["code"], out["params"] = self.code, dict(self.params)
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any], *, previous: int = 0) -> Decision:
        """The decision as an event holds it; one written before ids takes ``previous + 1``."""
        return cls(
            d["kind"],
            d["player"],
            d.get("text", ""),
            tuple(d["answers"]),
            d.get("data", {}),
            d.get("id", previous + 1),
            tuple(d.get("options", ())),
            d.get("code", ""),
            d.get("params", {}),
        )


@dataclass(frozen=True, slots=True)
class RentClaim:
    """E2 (house rule ``rent_claimed_by_owner``): rent ``payer`` owes ``owner`` for ``space``
    (a key), which the owner may claim until ``until`` (the second player after the payer)
    rolls the dice."""

    payer: str
    owner: str
    space: str
    amount: int
    until: str

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True, eq=False)
class GameState:
    """Everything about a game in progress. Compared by identity; :func:`snapshot` gives data."""

    #: The players in turn order, bankrupt ones included (flagged); their cash is :attr:`cash`.
    seats: tuple[Player, ...]
    decision: Decision
    #: The edition played: its board, decks and numbers (``companion.editions``).
    edition: Edition
    #: What happens after the decision, in order (the rest of the turn).
    agenda: tuple[Task, ...] = ()
    #: Whose turn it is ("" before the turn order is known).
    turn: str = ""
    holdings: Mapping[str, Holding] = field(default_factory=lambda: MappingProxyType({}))
    #: Balances of every account: the Bank, the Pool and each player (the ledger, folded).
    cash: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    shares_left: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    #: Travel Vouchers still in the deck, by id.
    vouchers_left: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    roll_three_left: int = 0
    #: Kept Chance and Community Chest cards out of their deck, by id.
    cards_out: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    #: Payouts left at a reduced rate ("Video Killed the Radio Star"), by company.
    dividend_cuts: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    doubles: int = 0
    voucher_played: bool = False
    #: The house rules.
    rules: Options = Options()
    #: Turn-order rolls so far, before the game starts.
    order_rolls: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    winner: str | None = None
    #: E2: rent owed that its owner has still to claim (house rule ``rent_claimed_by_owner``).
    claims: tuple[RentClaim, ...] = ()
    #: The players still in the game, in turn order (kept with ``seats``).
    active: tuple[Player, ...] = ()
    #: The referee's view of this state (:meth:`situation`), made when first asked for; a
    #: copy forgets it, and so does a working copy's fold (:func:`fold_in_place`) of an
    #: event that changes what it shows.
    _situation: Situation | None = derived()
    #: What follows from :attr:`holdings` alone (the building supply, the owners' index, the
    #: lots of ``companion.banker.options``), with the holdings it was worked out for: copies
    #: keep it, so it lasts while the holdings do (most events leave them as they were).
    _held: tuple[Mapping[str, Holding], dict[Any, Any]] | None = derived(kept=True)

    # Views

    def seat(self, name: str) -> Player:
        for s in self.seats:
            if s.name == name:
                return s
        raise KeyError(name)

    @property
    def over(self) -> bool:
        return self.decision.kind == "game_over"

    @property
    def pool(self) -> int:
        return self.cash.get(POOL, 0)

    def owner(self, name: str) -> str | None:
        """Who owns property ``name`` (``None``: the Bank)."""
        holding = self.holdings.get(name)
        return holding.owner if holding is not None else None

    def supply(self) -> Mapping[str, int]:
        """The buildings left in the Bank, derived from what stands on the board (kept up to
        date by each ``holding`` event from the supply before it; counted from the board only
        for holdings that come from elsewhere)."""
        held = self.held()
        supply = held.get("supply")
        if supply is None:
            supply = held["supply"] = MappingProxyType(
                building_stock(self.holdings, self.edition.board)
            )
        return supply

    def pile_lots(self) -> Mapping[str, int]:
        """How many lots held take their next building from each supply pile
        (``rules.table.next_pile``), whoever holds them: what a build's check for a building
        shortage (P11) reads first. Kept up to date by each ``holding`` event, like
        :meth:`supply`."""
        held = self.held()
        lots = held.get("pile_lots")
        if lots is None:
            lots = held["pile_lots"] = _pile_lots(self.holdings, self.edition.board)
        return lots

    def by_group(self) -> dict[Any, Any]:
        """Values worked out from one colour group's holdings alone (or, for a property of no
        group, from its own holding), by the group's name (or the property's), or by a tuple
        whose first item is that name: whoever works one out may keep it here
        (``companion.banker.assets`` keeps who could build where, ``companion.banker.options``
        a player's lots of the group). A ``holding`` event forgets only the entries of the
        group it changes; the rest is kept."""
        held = self.held()
        groups = held.get("groups")
        if groups is None:
            groups = held["groups"] = {}
        return groups

    def holdings_of(self, player: str) -> tuple[str, ...]:
        """The properties ``player`` owns, in the order of :attr:`holdings` (an index made once
        for each ``holdings``: most events leave them as they were)."""
        held = self.held()
        index = held.get("owners")
        if index is None:
            index = held["owners"] = _by_owner(self.holdings)
        return index.get(player, ())

    def held(self) -> dict[Any, Any]:
        """The values worked out from :attr:`holdings` alone, by name: whoever works one out
        for these holdings may keep it here (``companion.banker.options`` keeps its lots)."""
        held = self._held
        if held is None or held[0] is not self.holdings:
            held = (self.holdings, {})
            object.__setattr__(self, "_held", held)
        return held[1]

    def situation(self) -> Situation:
        """The referee's view of the table (``companion.rules.situation``), made once per state
        (a command's working copy forgets it whenever an event changes what it shows:
        :func:`fold_in_place`)."""
        situation = self._situation
        if situation is None:
            situation = _new_situation(self)
            object.__setattr__(self, "_situation", situation)
        return situation


def _held_after(
    state: GameState, after: Mapping[str, Holding], name: str
) -> tuple[Mapping[str, Holding], dict[Any, Any]] | None:
    """What follows from ``after`` (``state``'s holdings with property ``name`` changed) that
    can be kept up to date from what followed from the holdings before, instead of counted
    again: the building supply, the lots per pile, the owners' index and the values of every
    colour group but ``name``'s."""
    held = state._held
    if held is None or held[0] is not state.holdings:
        return None
    out: dict[Any, Any] = {}
    supply = held[1].get("supply")
    if supply is not None:
        out["supply"] = _supply_after(state.edition.board, state.holdings, supply, after, name)
    lots = held[1].get("pile_lots")
    if lots is not None:
        out["pile_lots"] = _pile_lots_after(state.edition.board, state.holdings, lots, after, name)
    groups = held[1].get("groups")
    if groups is not None:
        key = state.edition.board.properties[name][0].group or name
        out["groups"] = {
            k: v for k, v in groups.items() if k != key and (type(k) is not tuple or k[0] != key)
        }
    index = held[1].get("owners")
    if index is not None:
        index = _owners_after(state.holdings, index, after, name)
        if index is not None:
            out["owners"] = index
    return (after, out)


def _supply_after(
    board: Board,
    before: Mapping[str, Holding],
    supply: Mapping[str, int],
    after: Mapping[str, Holding],
    name: str,
) -> Mapping[str, int]:
    """The supply of ``after`` from ``supply``, that of ``before``: the piles of the old
    holding go back, the new holding's come out, instead of counting every holding again."""
    kind = board.properties[name][0].kind
    left = dict(supply)
    for h, sign in ((before.get(name), 1), (after.get(name), -1)):
        if h is not None:
            for what in building_piles(h, kind):
                left[what] += sign * (h.level if what == "houses" else 1)
    return MappingProxyType(left)


def _pile_lots(holdings: Mapping[str, Holding], board: Board) -> Mapping[str, int]:
    lots = dict.fromkeys(board.building_supply, 0)
    for name, h in holdings.items():
        pile = next_pile(board.properties[name][0].kind, h.level)
        lots[pile] = lots.get(pile, 0) + 1
    return MappingProxyType(lots)


def _pile_lots_after(
    board: Board,
    before: Mapping[str, Holding],
    lots: Mapping[str, int],
    after: Mapping[str, Holding],
    name: str,
) -> Mapping[str, int]:
    """The lots per pile of ``after`` from ``lots``, those of ``before``: the old holding's
    pile loses a lot, the new holding's gains one."""
    kind = board.properties[name][0].kind
    out = dict(lots)
    for h, sign in ((before.get(name), -1), (after.get(name), 1)):
        if h is not None:
            pile = next_pile(kind, h.level)
            out[pile] = out.get(pile, 0) + sign
    return MappingProxyType(out)


def _by_owner(holdings: Mapping[str, Holding]) -> Mapping[str, tuple[str, ...]]:
    owned: dict[str, list[str]] = {}
    for name, h in holdings.items():
        owned.setdefault(h.owner, []).append(name)
    return {owner: tuple(names) for owner, names in owned.items()}


def _owners_after(
    before: Mapping[str, Holding],
    index: Mapping[str, tuple[str, ...]],
    after: Mapping[str, Holding],
    name: str,
) -> Mapping[str, tuple[str, ...]] | None:
    """The owners' index of ``after`` from ``index``, that of ``before``: a building or a
    mortgage leaves it as it was, a purchase adds the property at the end of its owner's list
    (the holdings keep the order of insertion), a property back to the Bank leaves its
    owner's list; ``None`` for a property that changed hands in place (counted again when
    asked)."""
    old, new = before.get(name), after.get(name)
    if old is not None and new is not None and old.owner == new.owner:
        return index
    if old is None and new is not None:
        return {**index, new.owner: (*index.get(new.owner, ()), name)}
    if old is not None and new is None:
        left = tuple(n for n in index[old.owner] if n != name)
        changed = {k: v for k, v in index.items() if k != old.owner}
        if left:
            changed[old.owner] = left
        return changed
    return None


def _new_situation(state: GameState) -> Situation:
    players = state.active
    turn = state.turn
    to_move = players[0].name
    for p in players:
        if p.name == turn:
            to_move = turn
            break
    return Situation(
        edition=state.edition,
        players=players,
        to_move=to_move,
        holdings=state.holdings,
        doubles_this_turn=state.doubles,
        voucher_played_this_turn=state.voucher_played,
        vouchers_left=sum(state.vouchers_left.values()),
        pool=state.pool,
        options=state.rules,
    )


# -- Folding events -------------------------------------------------------------------------


def _seat_value(board: Board, key: str, value: Any) -> Any:
    if key == "position":
        return board.by_key(value)
    if key in ("vouchers", "roll_three", "cards"):
        return tuple(value)
    if key in ("shares", "mortgaged_shares"):
        return MappingProxyType({k: v for k, v in value.items() if v})
    return value


def _started(event: Event) -> GameState:
    """A new game; or one started from the table as it stands (``companion.banker.start``):
    then each player's entry carries the seat's fields, and the event the rest of the table.
    Cash comes after, in transfers from the Bank. The event names its edition (a log from
    before editions does not: Ultimate), whose rules and card operations register their handlers
    here."""
    edition = of_game(event.get("edition"))
    load_rules(edition)
    load_cards(edition)
    board = edition.board
    go = board.start
    seats = tuple(
        copy_with(
            Player(name=p["name"], position=go, token=p["token"], colour=p["colour"]),
            {k: _seat_value(board, k, v) for k, v in p.items() if k not in _SEAT_NAMES},
        )
        for p in event["players"]
    )
    holdings = {name: Holding(**h) for name, h in event.get("holdings", {}).items()}
    return GameState(
        seats=seats,
        edition=edition,
        active=tuple(s for s in seats if not s.bankrupt),
        decision=Decision.from_json(event["decision"]),
        agenda=tuple(task_from_json(t) for t in event.get("agenda", ())),
        turn=event.get("turn", ""),
        holdings=MappingProxyType(holdings),
        rules=Options.parse(event.get("rules", {})),
        cash=MappingProxyType({BANK: 0, POOL: 0, **{s.name: 0 for s in seats}}),
        shares_left=MappingProxyType(dict(event["shares_left"])),
        vouchers_left=MappingProxyType(dict(event["vouchers_left"])),
        roll_three_left=event["roll_three_left"],
        cards_out=MappingProxyType(dict(event.get("cards_out", {}))),
        dividend_cuts=MappingProxyType(dict(event.get("dividend_cuts", {}))),
        doubles=event.get("doubles", 0),
        voucher_played=event.get("voucher_played", False),
        order_rolls=MappingProxyType(dict(event.get("order_rolls", {}))),
        winner=event.get("winner"),
    )


#: The keys of a ``game_started`` player entry that are not seat fields to set.
_SEAT_NAMES = frozenset({"name", "token", "colour"})


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``. Never raises for an event :mod:`companion.banker.engine` decided."""
    kind = event["type"]
    if kind == "game_started":
        return _started(event)
    assert state is not None
    fold = _FOLDS.get(kind)
    if fold is None:
        return state  # narrative events ("rolled", "drew", "note") carry words, not state
    changes = fold(state, event)
    if "seats" in changes:
        changes["active"] = tuple(s for s in changes["seats"] if not s.bankrupt)
    return copy_with(state, changes)


def working_copy(state: GameState) -> GameState:
    """A copy of ``state`` for one command to fold its events into in place
    (:func:`fold_in_place`), handed out as the new state when the command ends.

    The copy has the read API of every state because it is one: a handler reads ``tx.state``
    between events as before. Only the command that made it holds it until then; from then on
    nothing changes it. ``state`` itself is never changed (undo keeps it)."""
    return copy_with(state, _NO_CHANGES)


_NO_CHANGES: Mapping[str, Any] = MappingProxyType({})
_set = object.__setattr__


def fold_in_place(
    state: GameState, event: Event, cash: dict[str, int] | None
) -> dict[str, int] | None:
    """Fold ``event`` into ``state``, a :func:`working_copy` no one else holds yet; the same
    changes as :func:`evolve`, set on the copy instead of on a new state.

    Balances change in place in ``cash``, the copy's own balances (``None`` until the
    command's first transfer, which copies them); returns the balances to pass next time.
    Every other change sets the fields :func:`evolve`'s fold gives: the holdings, seats and
    counts are still new immutable values, which caches keyed on them rely on."""
    kind = event["type"]
    if kind == "transfer":
        if cash is None:
            cash = dict(state.cash)
            _set(state, "cash", MappingProxyType(cash))
        amount = event["amount"]
        source, target = event["from"], event["to"]
        cash[source] -= amount
        cash[target] += amount
        if source == POOL or target == POOL:  # the situation shows the Pool, no other balance
            _set(state, "_situation", None)
    else:
        fold = _FOLDS.get(kind)
        if fold is None:
            return cash  # narrative events ("rolled", "drew", "note") change nothing
        changes = fold(state, event)
        if "seats" in changes:
            changes["active"] = tuple(s for s in changes["seats"] if not s.bankrupt)
        for name, value in changes.items():
            _set(state, name, value)
        if not _SITUATION_FIELDS.isdisjoint(changes):
            _set(state, "_situation", None)
    return cash


#: The fields of a state its situation (:func:`_new_situation`) reads, beside the Pool's
#: balance: an event that changes none of them leaves the situation as it was.
_SITUATION_FIELDS = frozenset(
    {
        "seats",
        "active",
        "turn",
        "holdings",
        "doubles",
        "voucher_played",
        "vouchers_left",
        "rules",
        "cash",
    }
)


def fold_decision(state: GameState, decision: Decision, agenda: tuple[Task, ...]) -> None:
    """Set the decision posed and the agenda after it on a :func:`working_copy` (what folding
    its ``decision`` event gives)."""
    _set(state, "decision", decision)
    _set(state, "agenda", agenda)


Changes = dict[str, Any]


def _transfer(state: GameState, e: Event) -> Changes:
    cash = dict(state.cash)
    cash[e["from"]] -= e["amount"]
    cash[e["to"]] += e["amount"]
    return {"cash": MappingProxyType(cash)}


def _seat_with(state: GameState, player: str, changes: Mapping[str, Any]) -> Changes:
    return {"seats": tuple(copy_with(s, changes) if s.name == player else s for s in state.seats)}


def _seat(state: GameState, e: Event) -> Changes:
    board = state.edition.board
    changes = {k: _seat_value(board, k, v) for k, v in e["set"].items()}
    return _seat_with(state, e["player"], changes)


def _shares(state: GameState, e: Event) -> Changes:
    """Shares change hands all at once, so that 5 per company hold after every event."""
    holders = e["holders"]
    board = state.edition.board
    seats = tuple(
        copy_with(s, {k: _seat_value(board, k, v) for k, v in holders[s.name].items()})
        if s.name in holders
        else s
        for s in state.seats
    )
    return {"seats": seats, "shares_left": MappingProxyType(dict(e["left"]))}


def _moved(state: GameState, e: Event) -> Changes:
    return _seat_with(state, e["player"], {"position": state.edition.board.by_key(e["to"])})


def _holding(state: GameState, e: Event) -> Changes:
    holdings = dict(state.holdings)
    if e["holding"] is None:
        holdings.pop(e["property"], None)
    else:
        holdings[e["property"]] = Holding(**e["holding"])
    after = MappingProxyType(holdings)
    return {"holdings": after, "_held": _held_after(state, after, e["property"])}


def _bank(state: GameState, e: Event) -> Changes:
    return {
        key: MappingProxyType(dict(value)) if isinstance(value, dict) else value
        for key, value in e["set"].items()
    }


def _decision(state: GameState, e: Event) -> Changes:
    decision = Decision.from_json(e["decision"], previous=state.decision.id)
    return {"decision": decision, "agenda": tuple(task_from_json(t) for t in e["agenda"])}


def _turn(state: GameState, e: Event) -> Changes:
    return {
        "turn": e["player"],
        "doubles": e.get("doubles", 0),
        "voucher_played": e.get("voucher", False),
    }


def _order_rolled(state: GameState, e: Event) -> Changes:
    rolls = dict(state.order_rolls)
    rolls[e["player"]] = sum(e["dice"])
    return {"order_rolls": MappingProxyType(rolls)}


def _order_set(state: GameState, e: Event) -> Changes:
    by_name = {s.name: s for s in state.seats}
    return {"seats": tuple(by_name[n] for n in e["order"]), "order_rolls": _EMPTY}


def _over(state: GameState, e: Event) -> Changes:
    return {"winner": e["winner"]}


#: ``jailed``: in jail, no roll failed yet; a move still due backwards, on the Subway or by a
#: transit token is not made (a move that jails a player says what it leaves: ``moves.py``).
_JAILED: Mapping[str, Any] = MappingProxyType(
    {
        "in_jail": True,
        "jail_turns": 0,
        "reverse_direction": False,
        "subway": False,
        "transit_token": False,
    }
)
#: ``released``: out of jail, and the Pay Back card's diversion of rent over with it.
_RELEASED: Mapping[str, Any] = MappingProxyType(
    {"in_jail": False, "jail_turns": 0, "rent_to_pool": False}
)


def _without(held: tuple[str, ...], items: Iterable[str]) -> tuple[str, ...]:
    """``held`` less one of each of ``items`` (the first of equal ones)."""
    left = list(held)
    for item in items:
        left.remove(item)
    return tuple(left)


def _counted(counts: Mapping[str, int], changes: Iterable[tuple[str, int]]) -> Mapping[str, int]:
    out = dict(counts)
    for key, change in changes:
        out[key] = out.get(key, 0) + change
    return MappingProxyType(out)


def _hand_without(state: GameState, player: str, key: str, items: Iterable[str]) -> Changes:
    """Vouchers used or expired: out of play, back in no deck."""
    return _seat_with(state, player, {key: _without(getattr(state.seat(player), key), items)})


def _card_kept(state: GameState, e: Event) -> Changes:
    card = e["card"]
    changes = _seat_with(state, e["player"], {"cards": (*state.seat(e["player"]).cards, card)})
    changes["cards_out"] = _counted(state.cards_out, ((card, 1),))
    return changes


def _card_returned(state: GameState, e: Event) -> Changes:
    card = e["card"]
    changes = _hand_without(state, e["player"], "cards", (card,))
    changes["cards_out"] = _counted(state.cards_out, ((card, -1),))
    return changes


def _voucher_taken(state: GameState, e: Event) -> Changes:
    voucher = e["voucher"]
    seat = state.seat(e["player"])
    changes = _seat_with(state, seat.name, {"vouchers": (*seat.vouchers, voucher)})
    changes["vouchers_left"] = _counted(state.vouchers_left, ((voucher, -1),))
    return changes


def _vouchers_returned(state: GameState, e: Event) -> Changes:
    vouchers = e["vouchers"]
    changes = _hand_without(state, e["player"], "vouchers", vouchers)
    changes["vouchers_left"] = _counted(state.vouchers_left, ((v, 1) for v in vouchers))
    return changes


def _roll_three_taken(state: GameState, e: Event) -> Changes:
    seat = state.seat(e["player"])
    changes = _seat_with(state, seat.name, {"roll_three": (*seat.roll_three, e["card"])})
    changes["roll_three_left"] = state.roll_three_left - 1
    return changes


def _roll_three_returned(state: GameState, e: Event) -> Changes:
    seat = state.seat(e["player"])
    changes = _seat_with(state, seat.name, {"roll_three": ()})
    changes["roll_three_left"] = state.roll_three_left + len(seat.roll_three)
    return changes


#: What a ``cards_given`` event hands over: Travel Vouchers, Roll Three cards, kept cards.
_HANDS = ("vouchers", "roll_three", "cards")


def _cards_given(state: GameState, e: Event) -> Changes:
    giver, taker = state.seat(e["player"]), state.seat(e["to"])
    hands = {
        giver.name: {k: _without(getattr(giver, k), e[k]) for k in _HANDS},
        taker.name: {k: (*getattr(taker, k), *e[k]) for k in _HANDS},
    }
    seats = tuple(copy_with(s, hands[s.name]) if s.name in hands else s for s in state.seats)
    return {"seats": seats}


def _dividend_cut(state: GameState, e: Event) -> Changes:
    cuts = dict(state.dividend_cuts)
    cuts[e["company"]] = e["payouts"]
    return {"dividend_cuts": MappingProxyType(cuts)}


def _reduced_dividends_paid(state: GameState, e: Event) -> Changes:
    return {"dividend_cuts": _counted(state.dividend_cuts, ((c, -1) for c in e["companies"]))}


def _claim(e: Event) -> RentClaim:
    return RentClaim(e["payer"], e["owner"], e["space"], e["amount"], e["until"])


#: How each fact folds into the state: the fields its event changes. A narrative event
#: (``rolled``, ``drew``, ``note``...) carries words, not state, and has none; ``seat`` and
#: ``bank``, the field patches of logs written before events were named after facts, fold as
#: they always did.
_FOLDS: Mapping[str, Callable[[GameState, Event], Changes]] = {
    "decision": _decision,
    "transfer": _transfer,
    "moved": _moved,
    "turn": _turn,
    "holding": _holding,
    "shares": _shares,
    "jailed": lambda s, e: _seat_with(s, e["player"], _JAILED),
    "released": lambda s, e: _seat_with(s, e["player"], _RELEASED),
    "jail_roll_failed": lambda s, e: _seat_with(s, e["player"], {"jail_turns": e["tries"]}),
    "direction_reversed": lambda s, e: _seat_with(s, e["player"], {"reverse_direction": True}),
    "direction_restored": lambda s, e: _seat_with(s, e["player"], {"reverse_direction": False}),
    "subway_ride_due": lambda s, e: _seat_with(s, e["player"], {"subway": True}),
    "subway_ride_over": lambda s, e: _seat_with(s, e["player"], {"subway": False}),
    "transit_token_placed": lambda s, e: _seat_with(s, e["player"], {"transit_token": True}),
    "transit_token_used": lambda s, e: _seat_with(s, e["player"], {"transit_token": False}),
    "rent_diverted": lambda s, e: _seat_with(s, e["player"], {"rent_to_pool": True}),
    "turn_lost": lambda s, e: _seat_with(s, e["player"], {"skip_turns": e["turns"]}),
    "turn_missed": lambda s, e: _seat_with(s, e["player"], {"skip_turns": e["left"]}),
    "went_bankrupt": lambda s, e: _seat_with(s, e["player"], {"bankrupt": True}),
    "card_kept": _card_kept,
    "card_returned": _card_returned,
    "voucher_taken": _voucher_taken,
    "vouchers_returned": _vouchers_returned,
    "voucher_used": lambda s, e: _hand_without(s, e["player"], "vouchers", (e["voucher"],)),
    "vouchers_expired": lambda s, e: _hand_without(s, e["player"], "vouchers", e["vouchers"]),
    "roll_three_taken": _roll_three_taken,
    "roll_three_returned": _roll_three_returned,
    "cards_given": _cards_given,
    "dividend_cut": _dividend_cut,
    "reduced_dividends_paid": _reduced_dividends_paid,
    "order_rolled": _order_rolled,
    "order_tied": lambda s, e: {"order_rolls": _EMPTY},
    "order_set": _order_set,
    "game_over": _over,
    "rent_claimable": lambda s, e: {"claims": (*s.claims, _claim(e))},
    "rent_claimed": lambda s, e: {"claims": tuple(c for c in s.claims if c != _claim(e))},
    "rent_lapsed": lambda s, e: {"claims": tuple(c for c in s.claims if c != _claim(e))},
    "seat": _seat,
    "bank": _bank,
}


def replay(events: Iterable[Event]) -> GameState:
    """Fold a whole game's events, from ``game_started``, into its state."""
    state: GameState | None = None
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events to replay: a game starts with 'game_started'")
    return state


def seat_fields() -> frozenset[str]:
    """The player's fields a ``game_started`` player entry (or an old log's ``seat`` event)
    sets beyond name, token and colour: not cash, which the ledger holds."""
    return frozenset(f.name for f in fields(Player)) - {"name", "token", "colour", "cash"}


def snapshot(state: GameState) -> dict[str, Any]:
    """The whole state as JSON data: equal snapshots mean equal states."""
    return {
        "seats": [
            {
                f.name: (
                    getattr(s, f.name).key
                    if f.name == "position"
                    else dict(getattr(s, f.name))
                    if f.name in ("shares", "mortgaged_shares")
                    else list(getattr(s, f.name))
                    if isinstance(getattr(s, f.name), tuple)
                    else getattr(s, f.name)
                )
                for f in fields(s)
                if f.name != "cash"  # the ledger's, below
            }
            for s in state.seats
        ],
        "decision": state.decision.to_json(options=False),
        "agenda": [t.to_json() for t in state.agenda],
        "turn": state.turn,
        "holdings": {
            n: {
                "owner": h.owner,
                "mortgaged": h.mortgaged,
                "level": h.level,
                "improved": h.improved,
            }
            for n, h in sorted(state.holdings.items())
        },
        "cash": dict(state.cash),
        "shares_left": dict(state.shares_left),
        "vouchers_left": dict(state.vouchers_left),
        "roll_three_left": state.roll_three_left,
        "cards_out": {k: v for k, v in state.cards_out.items() if v},
        "dividend_cuts": {k: v for k, v in state.dividend_cuts.items() if v},
        "doubles": state.doubles,
        "voucher_played": state.voucher_played,
        "rules": state.rules.to_json(),
        "order_rolls": dict(state.order_rolls),
        "winner": state.winner,
        # E2's claims only where there are some: a log written before them reads the same.
        **({"claims": [c.to_json() for c in state.claims]} if state.claims else {}),
    }


def invariant_problems(state: GameState) -> list[str]:
    """What is wrong with ``state`` (empty when nothing is): money conserved, buildings within
    the supply, each company's shares all held or left, owners in the game, no player below
    $0, no money in the Pool of an edition without one."""
    problems = []
    total = sum(state.cash.values())
    if total:
        problems.append(f"money not conserved: the accounts sum to ${total}, not $0")
    for what, left in state.supply().items():
        if left < 0:
            problems.append(f"{-left} {what} more on the board than the Bank's supply")
    shares = state.edition.numbers.shares_per_company
    for company, left in state.shares_left.items():
        held = sum(s.shares.get(company, 0) for s in state.seats)
        if left < 0 or held + left != shares:
            problems.append(f"{company}: {held} shares held and {left} left, not {shares} in all")
    active = {s.name for s in state.active}
    for name, h in state.holdings.items():
        if h.owner not in active:
            problems.append(f"{name} is owned by {h.owner!r}, who is not in the game")
    for account, balance in state.cash.items():
        if account != BANK and balance < 0:
            problems.append(f"{account} has ${balance}")
    if not state.edition.has_pool and state.cash.get(POOL):
        problems.append(f"{state.edition.name} has no Pool, but the Pool holds ${state.pool}")
    return problems
