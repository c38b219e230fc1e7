"""One command being decided (:class:`Tx`), and the primitives every part of the banker shares:
payments owed, holdings, cards and vouchers returned to the deck, Roll Three cards, dice, shares
and dividends; and the one registry of command and task handlers.

Each part of the banker registers its handlers with :func:`command` and :func:`task`;
:mod:`companion.banker.engine` dispatches through :data:`COMMAND_HANDLERS` and
:data:`TASK_HANDLERS`. Nothing here imports another part of the banker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from companion.banker import commands, tasks
from companion.banker.ledger import BANK, POOL
from companion.banker.state import (
    Decision,
    Event,
    GameState,
    fold_decision,
    fold_in_place,
    working_copy,
)
from companion.errors import BadRollError, IllegalCommandError, shown
from companion.messages import Message, message
from companion.rules.cards import CardDeck
from companion.rules.movement import Roll
from companion.rules.situation import Holding


class Tx:
    """One command being decided: the state as events are emitted, the agenda, the decision.

    ``state`` is the command's working copy (:func:`~companion.banker.state.working_copy`):
    each event emitted is folded into it in place, and it becomes the new state when the
    command ends (:meth:`finish`). The state the command started from is never changed."""

    __slots__ = (
        "state",
        "events",
        "agenda",
        "decision",
        "asked",
        "board",
        "deck",
        "moved_on",
        "_cash",
    )

    def __init__(self, state: GameState) -> None:
        self.state = working_copy(state)
        #: The working copy's own balances, once a transfer has copied them.
        self._cash: dict[str, int] | None = None
        self.events: list[Event] = []
        self.agenda: list[tasks.Task] = list(state.agenda)
        self.decision: Decision | None = None
        #: The last decision :meth:`ask` built: this command's alone until it is posed.
        self.asked: Decision | None = None
        self.board = state.edition.board
        self.deck = state.edition.deck
        #: An any-time command (``play_card``) answered the decision or added to the agenda.
        self.moved_on = False

    def emit(self, type_: str, **data: Any) -> None:
        event = {"type": type_, **data}
        self.events.append(event)
        self._cash = fold_in_place(self.state, event, self._cash)

    def finish(self, decision: Decision) -> GameState:
        """The command's end: its decision and agenda set, the working copy is the new state
        (as :func:`~companion.banker.state.evolve` would fold the ``decision`` event, without
        parsing back the decision just built). Nothing changes it after."""
        state = self.state
        fold_decision(state, decision, tuple(self.agenda))
        self._cash = None
        return state

    def ask(
        self,
        kind: str,
        player: str,
        answers: Sequence[str],
        code: str,
        params: Mapping[str, Any] | None = None,
        **data: Any,
    ) -> None:
        """Pose a decision: ``player`` answers ``kind`` with one of the command types
        ``answers``; ``code`` and ``params`` are its sentence (:mod:`companion.messages`; the
        decision's player is a parameter already), ``data`` the facts its answers need."""
        says = message(code, **(params or {}))
        self.decision = self.asked = Decision(
            kind, player, "", tuple(answers), data, code=code, params=says["params"]
        )

    def first(self, *tasks: tasks.Task) -> None:
        """Do these before the rest of the agenda."""
        self.agenda[0:0] = tasks

    def later(self, *tasks: tasks.Task) -> None:
        self.agenda.extend(tasks)

    def resume_after_new(self, mark: int, decision: Decision) -> None:
        """Ask ``decision`` again once the tasks added since the agenda was ``mark`` long are done."""
        self.agenda.insert(len(self.agenda) - mark, tasks.Resume(decision.to_json(options=False)))

    # Money

    def transfer(self, source: str, target: str, amount: int, reason: Message) -> None:
        """``source`` pays ``target`` (nothing when ``amount`` is not positive); ``reason`` is a
        message (``message("reason.rent", space=key)``)."""
        if amount > 0:
            self.emit("transfer", **{"from": source, "to": target, "amount": amount}, reason=reason)

    def cash(self, name: str) -> int:
        return self.state.cash[name]

    def money(self, amount: int) -> str:
        """An amount in a refusal's English, in the edition's money (E8: ``£400``)."""
        return self.state.edition.money.written(amount, grouped=False)

    def shares(
        self, changes: Mapping[str, tuple[Mapping[str, int], Mapping[str, int]]], **why: Any
    ) -> None:
        """Set players' (shares, mortgaged shares) and the Bank's shares left, in one event;
        ``why``: the event's ``code`` and ``params``, when the table hears of it."""
        left = dict(self.state.shares_left)
        holders = {}
        for name, (shares, mortgaged) in changes.items():
            seat = self.state.seat(name)
            for company in set(shares) | set(seat.shares):
                left[company] -= shares.get(company, 0) - seat.shares.get(company, 0)
            holders[name] = {"shares": dict(shares), "mortgaged_shares": dict(mortgaged)}
        self.emit("shares", holders=holders, left=left, **why)

    def note(self, code: str, **params: Any) -> None:
        """Tell the table something: a ``note`` event of message ``code`` with ``params``."""
        self.emit("note", **message(code, **params))


def roll_three_card(value: Any) -> str:
    parts = value.replace(" ", "").split("-") if isinstance(value, str) else []
    if len(parts) != 3:
        raise IllegalCommandError(
            f"a Roll Three card shows three dice like '1-3-6', not {shown(value)}"
        )
    return "-".join(map(str, sorted(die(v, "Roll Three card") for v in parts)))


_FACES = {str(n): n for n in range(1, 7)}


def die(value: Any, what: str) -> int:
    """A regular die: a whole number 1 to 6, or its digit as text; anything else is refused."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        return value
    n = _FACES.get(value.strip()) if isinstance(value, str) else None
    if n is None:
        raise BadRollError(f"{what}: a die shows 1 to 6, not {shown(value)}")
    return n


#: The rules' deck: any three dice values may be on a card, each combination once.
_ANY_THREE_DICE = {f"{a}-{b}-{c}": 1 for a in range(1, 7) for b in range(a, 7) for c in range(b, 7)}


def roll_three_cards_left(state: GameState) -> list[str]:
    """D4: the Roll Three cards that can still be drawn, a combination once per copy left.

    The rules' 20-card deck has each card once (the rules name no combinations, so any three
    dice values may be on one); the printed action-card set (option ``roll_three_action_cards``)
    has 18 combinations twice.

    >>> from companion.banker.engine import new_game
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
    deck = state.edition.roll_three_deck(state.rules.roll_three_action_cards)[1] or _ANY_THREE_DICE
    return [card for card, n in deck.items() for _ in range(n - held.get(card, 0))]


_COPIES = {1: "one", 2: "two"}


def take_roll_three(tx: Tx, player: str, value: Any, kind: str) -> str:
    """D4: ``player`` takes the Roll Three card ``value`` from the deck, if it is there."""
    card = roll_three_card(value)
    if tx.state.roll_three_left < 1:
        raise IllegalCommandError(f"{kind}: no Roll Three cards are left")
    if card not in roll_three_cards_left(tx.state):
        copies = tx.state.edition.roll_three_copies(card, tx.state.rules.roll_three_action_cards)
        if not copies:
            printed = tx.state.edition.roll_three_deck(True)[1] or {}
            missing = [
                c for c in _ANY_THREE_DICE if len(set(c.split("-"))) == 3 and c not in printed
            ]
            raise IllegalCommandError(
                f"{kind}: the printed action cards have no Roll Three {card} ({len(printed)} "
                f"combinations of three different numbers, not {' or '.join(missing)}); "
                "check the card"
            )
        holders = [s.name for s in tx.state.seats for c in s.roll_three if c == card]
        raise IllegalCommandError(
            f"{kind} by {player}: {player}'s Roll Three card {card} is already held by "
            f"{' and '.join(holders)}: the deck has {_COPIES[copies]} {card}; check the card"
        )
    tx.emit("roll_three_taken", player=player, card=card)
    return card


def take_voucher(tx: Tx, player: str, voucher_id: Any) -> str:
    voucher = tx.deck.voucher(str(voucher_id))
    if tx.state.vouchers_left.get(voucher.id, 0) < 1:
        raise IllegalCommandError(
            f"draw: every copy of {voucher.id!r} is in a player's hand or out of play (used "
            "or expired); check the card"
        )
    tx.emit("voucher_taken", player=player, voucher=voucher.id)
    tx.emit("drew", player=player, card=voucher.id, code="event.drew.voucher")
    if voucher.expires_others_when_drawn:
        _expire_others(tx, player, voucher.id)
    return voucher.id


def _expire_others(tx: Tx, player: str, drawn: str) -> None:
    """E5 (``002``: "When an 'All Tickets Expire' card is drawn, all other Tickets in the
    hands of the players are lost to the bank"): every voucher held but the one ``player``
    just drew is out of play."""
    for seat in tx.state.active:
        held = list(seat.vouchers)
        if seat.name == player:
            held.remove(drawn)
        if held:
            tx.emit("vouchers_expired", player=seat.name, vouchers=held)
            tx.note("note.vouchers_expired", player=seat.name, count=len(held))


def return_vouchers(tx: Tx, player: str, ids: Sequence[str]) -> None:
    """Vouchers put back on the Bank's deck (Losers Weepers, a bankruptcy to the Bank): they
    can be drawn again. B10: a voucher used or expired is out of play instead (``voucher_used``,
    ``vouchers_expired``: UM *Using Travel Vouchers*: "All used or expired TRAVEL VOUCHERS are
    'out of play'")."""
    if ids:
        tx.emit("vouchers_returned", player=player, vouchers=list(ids))


def dice_of(
    c: commands.OrderRoll | commands.Roll | commands.Dice, count: int | tuple[int, ...]
) -> list[int]:
    dice = c.dice
    if type(dice) is Roll:
        dice = dice.to_dice()
    counts = (count,) if isinstance(count, int) else count
    if not isinstance(dice, list) or len(dice) not in counts:
        want = " or ".join(map(str, counts))
        raise BadRollError(f"{c.type}: give {want} regular dice, not {shown(dice)}")
    return [die(v, str(c.type)) for v in dice]


def roll_of(tx: Tx, c: commands.Roll | commands.Dice) -> Roll:
    """The roll ``c`` gives, its speed die one of the game's edition's faces: the command's
    typed roll itself when it holds one (made once where the throw came in), else its list
    read."""
    dice = c.dice
    if type(dice) is Roll:
        # Roll.parse's check and words; a face of a die the edition lacks is the resolver's.
        speed, edition_dice = dice.speed, tx.state.edition.dice
        if (
            speed is not None
            and edition_dice.has_speed_die
            and str(speed) not in edition_dice.speed_faces
        ):
            raise BadRollError(
                f"the speed die shows {edition_dice.speed_words}, not {str(speed)!r}"
            )
        return dice
    if not isinstance(dice, list):
        raise BadRollError(f"roll: give the dice as a list like [3, 4, 'mr'], not {shown(dice)}")
    # Read as parse reads it (each value as text); a read roll depends on nothing else but the
    # edition's speed faces, so a roll read once is the same frozen value when these dice come
    # again.
    texts = tuple([str(v) for v in dice])
    edition_dice = tx.state.edition.dice
    key = (texts, edition_dice.has_speed_die and edition_dice.speed_faces)
    roll = _READ_ROLLS.get(key)
    if roll is None:
        roll = Roll.parse(texts, edition_dice)
        if len(_READ_ROLLS) < _MAX_READ_ROLLS:
            _READ_ROLLS[key] = roll
    return roll


#: The rolls :func:`roll_of` has read from a list, by its values' texts and the edition's speed
#: faces (a seeded game's few hundred rolls show a few dozen different dice); bounded, as a
#: command's texts are the table's input.
_READ_ROLLS: dict[tuple[tuple[str, ...], Any], Roll] = {}
_MAX_READ_ROLLS = 1024


def return_card(tx: Tx, player: str, card: str) -> None:
    tx.emit("card_returned", player=player, card=card)


def in_mr_monopoly_move(state: GameState) -> bool:
    """The turn's Mr. Monopoly move is still to come: only its player may act meanwhile."""
    return any(isinstance(t, tasks.Bonus) and t.roll.speed == "mr" for t in state.agenda)


#: The any-time commands that raise a payment owed from the Bank (P13).
RAISES = ("sell_building", "sell_down", "mortgage")


def held_back(state: GameState, player: str, kind: str) -> bool:
    """Whether ``player`` must wait with the any-time command ``kind`` for the turn's Mr.
    Monopoly move (UM: "An opponent can't build or trade until your MR. MONOPOLY move is
    completed"). A player the game waits on to pay a debt may still sell and mortgage for it."""
    if player == state.turn or not in_mr_monopoly_move(state):
        return False
    d = state.decision
    return not (d.kind == "raise_money" and d.player == player and kind in RAISES)


def gone(tx: Tx, name: str) -> bool:
    return name not in (BANK, POOL) and tx.state.seat(name).bankrupt


#: What a rule has the banker do when a player comes to hold a property (bought, won at
#: auction, traded, taken over in a bankruptcy): the rule's name (its module in
#: ``companion/editions/rules/``) -> its hook ``(tx, player, property)``, called in the games
#: whose edition plays by that rule (the Mega Edition's last lot, ``rules/last_lot.py``).
ACQUIRED: dict[str, Callable[[Tx, str, str], None]] = {}


def set_holding(tx: Tx, name: str, holding: Holding | None, *, said: Message | None = None) -> None:
    """A ``holding`` event; ``said`` words it (its code and params) where the change alone
    does not tell the table why."""
    before = tx.state.owner(name)
    data = None
    if holding is not None:
        data = {
            "owner": holding.owner,
            "mortgaged": holding.mortgaged,
            "level": holding.level,
            "improved": holding.improved,
        }
    words: dict[str, Any] = dict(said) if said is not None else {}
    tx.emit("holding", property=name, holding=data, **words)
    if ACQUIRED and holding is not None and holding.owner != before:
        for rule in tx.state.edition.rules:
            hook = ACQUIRED.get(rule)
            if hook is not None:
                hook(tx, holding.owner, name)


def dividend(deck: CardDeck, company: str, shares: int) -> int:
    """P6: the dividend on ``shares`` shares of ``company``, from the edition's share deeds
    (``cards.json``'s ``stocks``: par / 10 x shares squared).

    >>> from companion.editions import edition
    >>> dividend(edition("ultimate").deck, "Motion Pictures", 3)
    90
    """
    return deck.dividends[company][shares - 1]


def pay_dividends(
    tx: Tx, companies: Sequence[str], why: Message, *, factor: Mapping[str, int] | None = None
) -> None:
    """Pay every holder of unmortgaged shares of ``companies`` its dividend, ``why`` (the
    Stock Exchange, a card) in each transfer's reason."""
    cuts = tx.state.dividend_cuts
    for company in companies:
        for seat in tx.state.active:
            n = seat.shares.get(company, 0) - seat.mortgaged_shares.get(company, 0)
            if n <= 0:
                continue
            amount = dividend(tx.deck, company, n) * (factor or {}).get(seat.name, 1)
            if cuts.get(company):
                amount = (amount + 1) // 2
            tx.transfer(
                BANK, seat.name, amount, message("reason.dividend", why=why, company=company)
            )
    reduced = [c for c in companies if cuts.get(c)]
    if reduced:
        tx.emit("reduced_dividends_paid", companies=reduced)


def give_share(tx: Tx, player: str, company: str) -> None:
    seat = tx.state.seat(player)
    shares = dict(seat.shares)
    shares[company] = shares.get(company, 0) + 1
    tx.shares(
        {player: (shares, seat.mortgaged_shares)},
        **message("event.shares.gets", player=player, company=company),
    )


def others(state: GameState, player: str) -> list[str]:
    """The other players still in the game, in turn order."""
    return [s.name for s in state.active if s.name != player]


#: A command's or a task's handler: it acts on the transaction.
Handler = Callable[[Tx, Any], None]
_K = TypeVar("_K")
_F = TypeVar("_F", bound=Callable[..., Any])
#: The one registry: command type -> its handler, task name (``do``) -> its handler.
COMMAND_HANDLERS: dict[str, Handler] = {}
TASK_HANDLERS: dict[str, Handler] = {}


def command(*types: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of these command types."""
    return registrar(COMMAND_HANDLERS, types)


def task(*names: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of these agenda tasks."""
    return registrar(TASK_HANDLERS, names)


#: The answers of a decision shared by several rules (``choose`` a space, roll ``dice``,
#: ``draw`` a card), by (command type, what the decision asks for: its ``why``, or the ``deck``
#: of a draw): a rule's own handler.
ANSWERS: dict[tuple[str, object], Handler] = {}


def answer(type_: str, why: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of command ``type_`` when the decision
    it answers asks it for ``why`` (``@answer("dice", "squeeze_play")``, ``@answer("draw",
    "roll_three")``)."""

    return registrar(ANSWERS, [(type_, why)])


def registrar(registry: dict[_K, _F], names: Sequence[_K]) -> Callable[[_F], _F]:
    """A decorator that registers its function in ``registry`` under each of ``names``, once
    (a second handler for a name is a mistake of the code, refused when it is imported)."""

    def register(handler: _F) -> _F:
        for name in names:
            assert name not in registry, f"two handlers for {name!r}"
            registry[name] = handler
        return handler

    return register
