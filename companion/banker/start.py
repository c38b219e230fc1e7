"""A game started mid-way from the table as it stands, and the table of a game as a situation.

A family that moves a game from paper, or starts using the companion in the middle of one,
describes the table (``docs/situation.md``): :func:`start_from_situation` turns it into the
events that start a banker game there. One ``game_started`` event carries the whole table (the
seats with what each player holds, the property, the Bank's shares, vouchers and Roll Three
cards, whose turn, the pending decision and agenda), then the Bank pays each player's cash and
the Pool in transfers, so that the ledger still sums to zero. :func:`table_situation` is the
way back: the situation of any state, which starts a game that goes on exactly as it did.

>>> from companion.banker.state import replay
>>> events = start_from_situation({"players": [
...     {"name": "Ann", "position": "GO", "cash": 1500, "vouchers": []},
...     {"name": "Bob", "position": "Boardwalk", "cash": 2000, "vouchers": []}]})
>>> state = replay(events)
>>> state.cash["Bob"], state.decision.kind, state.decision.player
(2000, 'roll', 'Ann')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, fields, replace
from types import MappingProxyType
from typing import Any

from companion.banker.engine import COLOURS, TOKENS, pose, step
from companion.banker.ledger import BANK, POOL
from companion.banker.options import (
    DECISION_KINDS,
    UNFIT,
    command_of,
    decision_problem,
    options_for,
    unfit,
)
from companion.banker.state import (
    Decision,
    Event,
    GameState,
    evolve,
    invariant_problems,
    replay,
    seat_fields,
)
from companion.banker.tasks import TASKS, task_from_json
from companion.banker.turns import ask_roll
from companion.banker.tx import COMMAND_HANDLERS, Tx
from companion.editions.cards import load_for as load_cards
from companion.editions.rules import load_for as load_rules
from companion.errors import BadSituationError, CompanionError
from companion.messages import Message, message
from companion.rules.cards import Unlisted
from companion.rules.situation import Options, Player, Situation

#: Decisions posed before the turn order is known: nobody's turn has begun.
_BEFORE_THE_FIRST_TURN = ("deal", "order_roll")
#: The fields a ``game_started`` event gives each player beyond name, token and colour.
_SEAT_FIELDS = tuple(f.name for f in fields(Player) if f.name in seat_fields())


def start_from_situation(
    situation: Situation | Mapping[str, Any], rules: Mapping[str, Any] | None = None
) -> list[Event]:
    """The events that start a game from ``situation`` (a :class:`Situation` or its JSON).

    ``rules`` are house rules played over the situation's ``options``. Without ``pending`` the
    game waits for the player to move to roll (or to ride the Subway); with it, for that exact
    decision, and the agenda goes on as it was. A situation the banker cannot start from raises
    :class:`BadSituationError` naming the field.
    """
    if rules:
        # Played over the situation's options, and checked as they are (the Roll Three deck
        # decides which hands can be held).
        data = situation.to_json() if isinstance(situation, Situation) else situation
        if isinstance(data, Mapping) and isinstance(data.get("options", {}), Mapping):
            situation = {**data, "options": {**data.get("options", {}), **rules}}
    s = situation if isinstance(situation, Situation) else Situation.parse(situation)
    _check_players(s)
    start: Event = {
        "type": "game_started",
        "edition": s.edition.stamp,
        "players": [_seat_json(i, p) for i, p in enumerate(s.players)],
        "rules": s.options.to_json(),
        "holdings": {name: asdict(h) for name, h in s.holdings.items()},
        "shares_left": s.shares_left(),
        "vouchers_left": _vouchers_left(s),
        "roll_three_left": s.roll_three_left(),
        "cards_out": s.cards_out(),
        "dividend_cuts": dict(s.dividend_cuts),
        "turn": s.to_move,
        "doubles": s.doubles_this_turn,
        "voucher_played": s.voucher_played_this_turn,
    }
    if s.pending is not None:
        # Its rules and cards pose decisions (the Birthday Gift's, Just Say NO!'s) the check
        # must know.
        load_rules(s.edition)
        load_cards(s.edition)
        _pending(start, s.pending)
    else:
        start["decision"] = _turn_decision(start, s.to_move).to_json()
    events: list[Event] = [start]
    for p in s.players:
        if p.cash:
            events.append(_transfer(p.name, p.cash, message("reason.table_cash")))
    if s.pool:
        events.append(_transfer(POOL, s.pool, message("reason.table_pool")))
    state = replay(events)
    if s.pending is None:  # the turn's roll, posed as the engine poses it: numbered, with options
        events.append(pose(state, state.decision)[1])
        state = evolve(state, events[-1])
    problems = invariant_problems(state)
    if problems:  # every check above should have caught it first
        raise BadSituationError(f"situation: {problems[0]}")
    if s.pending is not None:
        _check_answers(state)
    return events


def _check_answers(state: GameState) -> None:
    """The pending decision's answers worked out as every front end will, and each tried as the
    engine decides it, before anything is logged: a decision whose data does not fit its kind
    would fail at every resume (an auction without its high bid) or at its first answer."""
    d = state.decision
    problem = decision_problem(state)
    if problem is not None:
        raise _fail(f"pending.decision.{problem[0]}", problem[1])
    options = options_for(state, d)
    if not options and d.kind != "game_over":
        raise _fail("pending.decision", f"nobody can answer this {d.kind!r} decision at this table")
    for option in options:
        command = command_of(option, d.player, **_first_values(option))
        try:
            step(state, command)
        except CompanionError:
            continue  # refused as a command may be (these dice, say): the decision fits
        except UNFIT as exc:
            field, why = unfit(exc, d, f"answering it with {command['type']!r}")
            raise _fail(f"pending.decision.{field}", why) from None


def _first_values(option: Mapping[str, Any]) -> dict[str, Any]:
    """The first value each free field of ``option`` allows (``companion.banker.options``)."""
    values: dict[str, Any] = {}
    for name, spec in option.get("free", {}).items():
        if "one_of" in spec:
            values[name] = spec["one_of"][0]
        elif "min" in spec:
            values[name] = spec["min"]
        elif "unlisted" in spec:  # E3: a card kept until needed does the least
            values[name] = Unlisted(spec["unlisted"]["deck"], "keep_jail").id
        else:
            values[name] = [1] * (spec["count"] + bool(spec["speed"]))
    return values


def table_situation(state: GameState) -> Situation:
    """The whole table of ``state`` as a situation, the pending decision and agenda included:
    :func:`start_from_situation` of it starts a game equal to ``state``."""
    players = tuple(replace(s, cash=state.cash[s.name]) for s in state.seats)
    pending: dict[str, Any] = {
        "decision": state.decision.to_json(options=False),
        "agenda": [t.to_json() for t in state.agenda],
    }
    if state.order_rolls:
        pending["order_rolls"] = dict(state.order_rolls)
    in_game = [s.name for s in state.active]
    return Situation(
        players=players,
        to_move=state.turn if state.turn in in_game else in_game[0],
        holdings=state.holdings,
        doubles_this_turn=state.doubles,
        voucher_played_this_turn=state.voucher_played,
        vouchers_left=sum(state.vouchers_left.values()),
        pool=state.pool,
        options=Options(**state.rules.to_json()),
        vouchers_left_by_id=MappingProxyType(dict(state.vouchers_left)),
        dividend_cuts=MappingProxyType({k: v for k, v in state.dividend_cuts.items() if v}),
        pending=MappingProxyType(json.loads(json.dumps(pending))),
        edition=state.edition,
    )


def _fail(where: str, message: str) -> BadSituationError:
    return BadSituationError(f"situation: {where}: {message}")


def _check_players(s: Situation) -> None:
    """What the banker needs beyond what the referee does: 2 to 12 players with names it can
    keep, everyone's cash, and the vouchers by id."""
    low, high = s.edition.min_players, s.edition.max_players
    if not low <= len(s.players) <= high:
        raise _fail("players", f"a game has {low} to {high} players, not {len(s.players)}")
    for i, p in enumerate(s.players):
        where = f"players[{i}]"
        if not p.name.isprintable() or len(p.name) > 24:
            raise _fail(f"{where}.name", f"a name is 1 to 24 printable characters, not {p.name!r}")
        if p.name.casefold() in (BANK.casefold(), POOL.casefold()):
            raise _fail(f"{where}.name", f"{p.name!r} is the name of an account of the game")
        if p.cash is None and not p.bankrupt:
            raise _fail(f"{where}.cash", "missing: a game started from the table needs it")
        if not p.vouchers_named:
            raise _fail(
                f"{where}.vouchers",
                f"{len(p.vouchers)}, a count: the banker needs the vouchers by id, "
                'e.g. ["voucher-bus-ticket"]',
            )


def _seat_json(i: int, p: Player) -> dict[str, Any]:
    seat: dict[str, Any] = {
        "name": p.name,
        "token": p.token or TOKENS[i],
        "colour": p.colour or COLOURS[i],
    }
    for key in _SEAT_FIELDS:
        value = getattr(p, key)
        if key == "position":
            value = value.key
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Mapping):
            value = {k: n for k, n in value.items() if n}
        seat[key] = value
    return seat


def _vouchers_left(s: Situation) -> dict[str, int]:
    if s.vouchers_left_by_id is not None:  # checked by the reader: none held and left twice
        return dict(s.vouchers_left_by_id)
    held: dict[str, int] = {}
    for p in s.players:
        for v in p.vouchers:
            held[v] = held.get(v, 0) + 1
    left = {v.id: v.count - held.get(v.id, 0) for v in s.edition.deck.vouchers.values()}
    if s.vouchers_left != sum(left.values()):
        # Some are out of play (used or expired): which ones, the count does not say.
        raise _fail(
            "vouchers_left",
            f"{s.vouchers_left}, but the game's {sum(v.count for v in s.edition.deck.vouchers.values())} "
            f"less the {sum(held.values())} held leave {sum(left.values())}; with vouchers out of "
            "play (used or expired), give vouchers_left by id",
        )
    return left


def _pending(start: Event, pending: Mapping[str, Any]) -> None:
    """Put the pending decision and agenda in the start event, checked against the banker's
    commands and tasks."""
    raw = dict(pending["decision"])
    for key, kind, what in _DECISION_FIELDS:
        if key in raw and not isinstance(raw[key], kind) or isinstance(raw.get(key), bool):
            raise _fail(f"pending.decision.{key}", f"{_shown(raw[key])} is not {what}")
    try:
        decision = Decision.from_json(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise _fail("pending.decision", f"not a decision the banker can pose: {exc}") from None
    if decision.kind not in DECISION_KINDS:
        raise _fail(
            "pending.decision.kind",
            f"{_shown(decision.kind)} is no decision of the banker's; it poses "
            f"{', '.join(sorted(DECISION_KINDS))}",
        )
    for i, answer in enumerate(decision.answers):
        if answer not in COMMAND_HANDLERS:
            raise _fail(f"pending.decision.answers[{i}]", f"no command {answer!r}")
    agenda = [dict(task) for task in pending.get("agenda", ())]
    for i, task in enumerate(agenda):
        if task["do"] not in TASKS:
            raise _fail(f"pending.agenda[{i}].do", f"no task {task['do']!r} in the banker")
        try:
            task_from_json(task)
        except (KeyError, TypeError, ValueError, CompanionError) as exc:
            raise _fail(f"pending.agenda[{i}]", f"not a {task['do']!r} task: {exc}") from None
    start["decision"] = raw
    start["agenda"] = agenda
    if decision.kind in _BEFORE_THE_FIRST_TURN:
        start["turn"] = ""
    if pending.get("order_rolls"):
        start["order_rolls"] = dict(pending["order_rolls"])
    if decision.kind == "game_over":
        start["winner"] = decision.player


#: The decision's fields beyond those the situation's reader checks: (key, type, words).
_DECISION_FIELDS = (
    ("id", int, "a whole number"),
    ("text", str, "text"),
    ("code", str, "text"),
    ("params", dict, "an object"),
    ("options", list, "a list"),
)


def _shown(value: Any) -> str:
    return json.dumps(value)[:40]


def _turn_decision(start: Event, player: str) -> Decision:
    """The decision that begins ``player``'s turn, as the banker's turn flow poses it."""
    provisional = {**start, "decision": {"kind": "start", "player": player, "answers": []}}
    tx = Tx(replay([provisional]))
    ask_roll(tx, player)
    assert tx.decision is not None
    return tx.decision


def _transfer(to: str, amount: int, reason: Message) -> Event:
    return {"type": "transfer", "from": BANK, "to": to, "amount": amount, "reason": reason}
