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

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

# The parts of the banker register their command and task handlers and their decisions'
# options when imported (``companion/banker/__init__.py`` imports this module).
from companion.banker import (  # noqa: F401
    assets,
    auctions,
    cardplay,
    debts,
    keptcards,
    playcards,
    rentdue,
    spaces,
    stocks,
    vouchers,
)
from companion.banker.commands import ANYTIME, Command, command_class
from companion.banker.ledger import BANK, POOL
from companion.banker.options import Option, decision_options, options_for
from companion.banker.state import Decision, Event, GameState, replay
from companion.banker.tasks import Task
from companion.banker.turns import first_decision, next_turn
from companion.banker.tx import (
    COMMAND_HANDLERS,
    TASK_HANDLERS,
    Tx,
    held_back,
)
from companion.editions import Edition, of_game
from companion.errors import BadRollError, CompanionError, IllegalCommandError, shown
from companion.frozen import copy_with
from companion.messages import message, render_decision

TOKENS = (
    "car", "hat", "dog", "ship", "boot", "iron", "thimble", "wheelbarrow",
    "horse", "cannon", "cat", "duck",
)  # fmt: skip
COLOURS = (
    "red", "blue", "green", "yellow", "orange", "purple", "white", "black",
    "pink", "cyan", "brown", "grey",
)  # fmt: skip
#: The message codes of the decision posed here (the end of the game has no options).
CODES = ("ask.game_over",)


def new_game(
    players: Sequence[Mapping[str, Any]],
    *,
    rules: Mapping[str, Any] | None = None,
    edition: Edition | None = None,
) -> list[Event]:
    """The events that start a game of ``edition`` (Ultimate if none): the players (Ultimate: 2
    to 12; name, token, colour), the house rules, the starting cash (P10). Next, each player is
    dealt a Travel Voucher and a Roll Three card (in an edition that has them), then everyone
    rolls for the turn order."""
    played = edition or of_game(None)
    if not played.min_players <= len(players) <= played.max_players:
        raise IllegalCommandError(
            f"a game of {played.name} has {played.min_players} to {played.max_players} "
            f"players, not {len(players)}"
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
        parsed = played.options(rules or {})
    except ValueError as exc:
        raise IllegalCommandError(str(exc)) from None
    deck = played.deck
    start = {
        "type": "game_started",
        "edition": played.stamp,
        "players": seats,
        "rules": parsed.to_json(),
        "shares_left": {name: played.numbers.shares_per_company for name in deck.stock_names},
        "vouchers_left": {v.id: v.count for v in deck.vouchers.values()},
        "roll_three_left": played.roll_three_deck(parsed.roll_three_action_cards)[0],
        "decision": first_decision(played, [s["name"] for s in seats]).to_json(),
    }
    events: list[Event] = [start]
    for s in seats:
        events.append(
            {
                "type": "transfer",
                "from": BANK,
                "to": s["name"],
                "amount": played.numbers.starting_cash,
                "reason": message("reason.starting_cash"),
            }
        )
    state = replay(events)
    events.append(pose(state, state.decision)[1])
    return events


def decide(state: GameState, command: Command | Mapping[str, Any]) -> list[Event]:
    """The events of ``command``; raises :class:`IllegalCommandError` and changes nothing if
    the command is not allowed now."""
    return step(state, command)[0]


def step(state: GameState, command: Command | Mapping[str, Any]) -> tuple[list[Event], GameState]:
    """:func:`decide`, and the state its events lead to (folded on the way, once)."""
    events, after, _ = step_command(state, command)
    return events, after


def step_command(
    state: GameState, command: Command | Mapping[str, Any], *, options: bool = True
) -> tuple[list[Event], GameState, Command]:
    """:func:`step`, and the command as typed once (its JSON is what the log holds).

    ``options=False``: the state's decision is posed without its options (``()``), for a
    caller that works them out only when they are read (:func:`with_options`, as
    ``Game.state`` does): replaying commands needs none of them."""
    try:
        return _step(state, command, options)
    except CompanionError as exc:
        refusal = _refusal(exc)
        if refusal is exc:
            raise
        raise refusal from exc


def apply(state: GameState, command: Command | Mapping[str, Any]) -> GameState:
    """The state after ``command``."""
    return step(state, command)[1]


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


def _step(
    state: GameState, command: Command | Mapping[str, Any], options: bool = True
) -> tuple[list[Event], GameState, Command]:
    if isinstance(command, Command):
        cls: type[Command] = type(command)
        player: Any = command.player
    else:
        cls = command_class(command)
        player = command.get("player")
    kind = cls.type
    for seat in state.active:
        if seat.name == player:
            break
    else:
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
                f"{kind} by {player}: the game waits for {d.player} to {_answers(d)} "
                f"({render_decision(d, edition=state.edition)})"
            )
        if player != d.player and kind not in ("bid", "pass"):
            raise IllegalCommandError(
                f"{kind} by {player}: it is {d.player}'s decision now ({render_decision(d, edition=state.edition)})"
            )
    elif held_back(state, player, kind):
        raise IllegalCommandError(
            f"{kind} by {player}: wait until {state.turn}'s Mr. Monopoly move is over"
        )
    c = command if isinstance(command, Command) else cls.from_checked_json(command)
    # B14: a command naming a decision no longer in force (a double tap, a stale screen, a
    # bounced button) is refused and changes nothing.
    if c.decision is not None and c.decision != d.id:
        raise IllegalCommandError(
            f"{kind} by {player}: this answers decision {c.decision}, and the game has moved on "
            f"to decision {d.id}; nothing was changed"
        )
    tx = Tx(state)
    mark = len(tx.agenda)
    COMMAND_HANDLERS[kind](tx, c)
    if kind in ANYTIME and not tx.moved_on:
        if len(tx.agenda) > mark:
            # An any-time command that left something to do (interest on a mortgaged property
            # received): do it, then ask the same decision again.
            tx.resume_after_new(mark, state.decision)
        else:
            tx.decision = state.decision  # B14: asked again, under a new id
    _advance(tx, options)
    return tx.events, tx.state, c


def _answers(d: Decision) -> str:
    return " or ".join(d.answers)


def _advance(tx: Tx, options: bool = True) -> None:
    """Work through the agenda until the game needs somebody's decision; record it."""
    while tx.decision is None:
        if len(tx.state.active) < 2:
            _game_over(tx)
            break
        if not tx.agenda:
            next_turn(tx)
            continue
        task = tx.agenda.pop(0)
        TASK_HANDLERS[task.do](tx, task)
    assert tx.decision is not None
    fresh = tx.decision is tx.asked
    tx.decision, event = pose(tx.state, tx.decision, tx.agenda, options=options, fresh=fresh)
    tx.events.append(event)
    tx.finish(tx.decision)


def pose(
    state: GameState,
    decision: Decision,
    agenda: Sequence[Task] = (),
    *,
    options: bool = True,
    fresh: bool = False,
) -> tuple[Decision, Event]:
    """``decision`` posed in ``state``: numbered after the decision in force, with its options
    (``options=False``: without, for :func:`with_options` to work out when they are read);
    and the ``decision`` event that records it with the ``agenda`` left to do after it.

    The options are not stored in the event: they follow from the state and the decision
    (:func:`with_options` works them out again for a state folded from the log), and stored
    they would make the log several times longer to read back.

    ``fresh``: ``decision`` was built for this pose alone (``Tx.ask``) and nobody holds it
    yet, so it is numbered and given its options in place rather than copied."""
    number = state.decision.id + 1
    found = options_for(state, decision) if options else ()
    if fresh:
        posed = decision
        object.__setattr__(posed, "id", number)
        object.__setattr__(posed, "options", found)
    else:
        posed = copy_with(decision, {"id": number, "options": found})
    event = {
        "type": "decision",
        "decision": posed.to_json(options=False),
        "agenda": [t.to_json() for t in agenda],
    }
    return posed, event


def with_options(state: GameState) -> GameState:
    """``state`` with its decision's options, as :func:`pose` gave them when it was posed."""
    d = state.decision
    return copy_with(state, {"decision": copy_with(d, {"options": options_for(state, d)})})


def fill_options(state: GameState) -> GameState:
    """:func:`with_options` without a copy: the options of ``state``'s decision, posed without
    them, worked out and set in ``state``'s decision itself. Only for a state nobody has read
    yet (as ``Game.state`` holds the state a command led to), whose decision :func:`pose` made
    for it alone: the options follow from the state, as its situation does, so no reader of
    the state could see it change."""
    d = state.decision
    object.__setattr__(d, "options", options_for(state, d))
    return state


def _game_over(tx: Tx) -> None:
    winner = tx.state.active[0].name if tx.state.active else ""
    tx.emit("game_over", winner=winner, code="event.game_over.last_player")
    tx.agenda.clear()
    tx.ask("game_over", winner, (), "ask.game_over")


@decision_options("game_over")
def _game_over_options(state: GameState, d: Decision) -> Iterator[Option]:
    """The game is over: nothing to answer (``assets.end_game`` poses it too, at the time
    limit)."""
    yield from ()
