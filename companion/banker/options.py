"""The legal answers of a decision, as data: what a front end offers, never re-deriving a rule.

:func:`options_for` lists the answers of the decision the game waits for; :func:`anytime_options`
the commands a player may give whenever the rules allow them (build, sell a building, mortgage,
lift a mortgage, play a kept card, end the game). Each option is a JSON object::

    {"command": {"type": "taxi", "space": "outer:9"}, "fare": 50, "payee": "Bob",
     "code": "option.taxi", "params": {"space": "outer:9", "amount": 50}}
    {"command": {"type": "bid"}, "player": "Cy", "free": {"amount": {"min": 11, "max": 640}},
     "code": "option.bid", "params": {"player": "Cy"}}

``command`` is the command without ``player`` (the decision's player, or the option's
``player`` when another may answer: an auction) and without ``decision``. ``free`` describes the
fields the answerer fills in: ``{"one_of": [...]}`` (any one of these values),
``{"min": A, "max": B}`` (a whole number), ``{"count": N, "speed": BOOL}`` (N regular dice, then
the speed die when ``speed``). The other keys are facts to show (``price``, ``fare``, ``to``,
``title``...). ``code`` and ``params`` are its words, a message (:func:`said`) that a front
end shows on its button in the table's language (``option.buy``: "Buy for $400").
:func:`command_of` fills an option in. The checks mirror the engine's: every
option is accepted by :func:`companion.banker.engine.step`, and a command no option describes is
refused (``tests/test_options.py``).

Each decision kind lists its own options where it is posed and answered (``turns``,
``auctions``, ``spaces``... or a rule's module), registered with :func:`decision_options`;
this module is the registry, :func:`options_for` the one way to ask it, and the any-time
options.

>>> from companion.banker.engine import new_game
>>> from companion.banker.state import replay
>>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
>>> (option,) = options_for(state, state.decision)
>>> option["command"], sorted(option["free"])
({'type': 'deal'}, ['roll_three', 'voucher'])
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any, TypeVar, cast

from companion.banker.assets import (
    not_my_turn,
    sell_down_levels,
    sell_down_problem,
    sell_down_refund,
    selling_buildings,
)
from companion.banker.commands import ANYTIME
from companion.banker.playcards import PLAYS
from companion.banker.state import Decision, GameState
from companion.banker.tx import held_back, registrar
from companion.errors import CompanionError, shown
from companion.messages import languages, render_decision, unshowable
from companion.rules.board import Board
from companion.rules.situation import Holding

Option = dict[str, Any]
_T = TypeVar("_T")


def options_for(
    state: GameState, decision: Decision, kinds: Collection[str] | None = None
) -> tuple[Option, ...]:
    """The legal answers of ``decision`` in ``state``, each a JSON object (see the module).

    Any-time commands are not among them (:func:`anytime_options`), except a kept card that
    answers the decision itself (Reverse Rent when rent is due) and the sales and mortgages
    that raise a payment owed (P13).

    ``kinds`` (command types) keeps only the options of those types, in the same order as in
    the whole list; a decision kind registered ``by_kinds`` works out no other (a debtor who
    can pay does not pay for the bankruptcy check).

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    >>> options_for(state, state.decision, ["roll"])
    ()
    """
    build = options_builder(decision.kind, decision.data)
    if build is None or not any(s.name == decision.player for s in state.active):
        return ()
    if kinds is None:
        return tuple(build(state, decision))
    wanted = frozenset(kinds)
    if build in _BY_KINDS:
        options = _BY_KINDS[build](state, decision, wanted)
    else:
        options = build(state, decision)
    return tuple(o for o in options if o["command"]["type"] in wanted)


def command_of(option: Mapping[str, Any], player: str, **free: Any) -> dict[str, Any]:
    """The command an option stands for, given by ``player`` (or the option's own ``player``),
    with its free fields filled in.

    >>> command_of({"command": {"type": "bid"}, "player": "Cy"}, "Ann", amount=20)
    {'type': 'bid', 'amount': 20, 'player': 'Cy'}
    """
    missing = set(option.get("free", {})) - set(free)
    if missing:
        raise ValueError(f"fill in the free fields {sorted(missing)} of {dict(option)}")
    return {**option["command"], **free, "player": option.get("player", player)}


def said(code: str, **params: Any) -> dict[str, Any]:
    """An option's words: the message ``code`` (``companion.messages.codes``, ``option.*``)
    and its ``params``, as keys of the option; a front end renders them on its button. (The
    builders called for every decision write the two keys out, a little cheaper.)

    >>> {"command": {"type": "buy"}, "price": 400, **said("option.buy", amount=400)}
    {'command': {'type': 'buy'}, 'price': 400, 'code': 'option.buy', 'params': {'amount': 400}}
    """
    return {"code": code, "params": params}


# -- Decisions ------------------------------------------------------------------------------


Builder = Callable[[GameState, Decision], Iterator[Option]]

#: The options of each decision kind, registered where its commands are
#: (:func:`decision_options`): the banker's parts (``turns``, ``auctions``, ``spaces``...)
#: as ``companion.banker`` is imported, a rule's as the edition's rules are loaded.
_KINDS: dict[str, Builder] = {}
#: The options of a decision kind several rules share (``choose_space``, ``dice``, ``draw``),
#: by what the decision asks for (its ``why``, a draw's ``deck``): a rule's own.
_BY_WHY: dict[tuple[str, object], Builder] = {}
#: The field of a shared kind's data that says what the decision asks for (``why`` if none).
WHY_FIELDS: Mapping[str, str] = {"draw": "deck"}
#: The decisions the banker poses (the end of the game among them: nothing to answer), the
#: rules' own included: every kind with options registered, whole or for one ``why``.
DECISION_KINDS: set[str] = set()
#: The kinds some of whose decisions have options of their own, by what they ask for.
_SHARED: set[str] = set()
#: A builder that can work out only the options of some command types
#: (``(state, decision, types)``), by the builder of the whole list it stands for.
KindsBuilder = Callable[[GameState, Decision, Collection[str]], Iterator[Option]]
_BY_KINDS: dict[Builder, KindsBuilder] = {}


def decision_options(kind: str, why: str | None = None) -> Callable[[Builder], Builder]:
    """Register the decorated function as the options of the decisions of ``kind`` (for a
    kind several rules share, those that ask for ``why``: a ``why``, or a draw's deck; the
    kind's own, if any, lists the options of the others). One builder per kind and ``why``.

    >>> @decision_options("roll")
    ... def roll_again(state, d):
    ...     yield {"command": {"type": "roll"}}
    Traceback (most recent call last):
    ...
    AssertionError: two option builders for 'roll'
    """

    def register(build: Builder) -> Builder:
        registry: dict[Any, Builder] = _KINDS if why is None else _BY_WHY
        key = kind if why is None else (kind, why)
        assert key not in registry, f"two option builders for {key!r}"
        registry[key] = build
        DECISION_KINDS.add(kind)
        if why is not None:
            _SHARED.add(kind)
        return build

    return register


def by_kinds(build: KindsBuilder) -> Builder:
    """The options of a decision kind as a :func:`decision_options` builder, from a builder
    that also works out only the options of some command types (``(state, decision, types)``;
    :func:`options_for` with ``kinds``). Put it under ``@decision_options(...)``.

    >>> @by_kinds
    ... def options(state, d, types):
    ...     yield from ({"command": {"type": t}} for t in ("pay", "bankrupt") if t in types)
    >>> [o["command"]["type"] for o in options(None, None)]
    ['pay', 'bankrupt']
    """

    def whole(state: GameState, decision: Decision) -> Iterator[Option]:
        return build(state, decision, _EVERY_KIND)

    _BY_KINDS[whole] = build
    whole.__doc__ = build.__doc__
    whole.__module__ = build.__module__
    whole.__qualname__ = build.__qualname__
    return whole


class _Every:
    """Every command type (a :func:`by_kinds` builder asked for the whole list)."""

    def __contains__(self, kind: object) -> bool:
        return True


_EVERY_KIND: Collection[str] = cast(Collection[str], _Every())


def options_builder(kind: str, data: Mapping[str, Any]) -> Builder | None:
    """The options of a decision of ``kind`` with ``data``: the rule's own for what it asks
    for (a shared kind's ``why`` or deck), else the kind's; ``None`` for a kind nobody poses.

    >>> options_builder("roll", {}).__module__
    'companion.banker.turns'
    >>> options_builder("dice", {"why": "utility"}).__module__
    'companion.banker.spaces'
    """
    if kind in _SHARED:
        build = _BY_WHY.get((kind, data.get(WHY_FIELDS.get(kind, "why"))))
        if build is not None:
            return build
    return _KINDS.get(kind)


def property_choice(board: Board, name: str, **facts: Any) -> Option:
    """Choosing the property ``name`` (its space), with facts to show: its ``price`` or the
    ``refund`` it brings are said beside its name."""
    if "price" in facts:
        words = said("option.property.price", property=name, amount=facts["price"])
    elif "refund" in facts:
        words = said("option.property.refund", property=name, amount=facts["refund"])
    else:
        words = said("option.property", property=name)
    return {
        "command": {"type": "choose", "space": board.properties[name][0].key},
        "property": name,
        **facts,
        **words,
    }


def dice_option(why: str, count: int, *, speed: bool = False) -> Option:
    """Rolling ``count`` regular dice (and the speed die, ``speed``) for a ``dice`` decision."""
    return {
        "command": {"type": "dice"},
        "free": {"dice": {"count": count, "speed": speed}},
        "why": why,
        "code": "option.roll",
        "params": {},
    }


#: What working with a decision whose data does not fit its kind raises.
UNFIT = (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, CompanionError)


def decision_problem(state: GameState) -> tuple[str, str] | None:
    """Why the front ends cannot show ``state``'s decision, or ``None``: the field of the
    decision at fault (``data.high``) and what is wrong with it.

    A decision the engine posed always fits its kind; one written by hand in a table situation,
    or logged by an older companion, may not (an auction without its high bid). This works out
    the decision's options and every player's any-time options, and words its sentence in every
    language, as a front end does at once.

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> decision_problem(replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))) is None
    True
    """
    d = state.decision
    try:
        options = options_for(state, d)
        for seat in state.active:
            anytime_options(state, seat.name)
    except UNFIT as exc:
        return unfit(exc, d)
    for option in options:
        # A debt's options hold the sales and mortgages that raise the money (P13), commands
        # given at any time rather than answers.
        if option["command"]["type"] not in (*d.answers, *ANYTIME):
            return (
                "answers",
                f"{shown(list(d.answers))} leave out {option['command']['type']!r}, "
                f"which answers a decision of kind {d.kind!r}",
            )
    if d.code and (problem := unshowable(d.code, d.params or {}, edition=state.edition)):
        return "params", f"its sentence cannot be worded ({problem})"
    for lang in languages():
        try:
            render_decision(d, lang)
        except UNFIT as exc:
            return "params", f"its sentence cannot be worded in {lang!r} ({_why(exc)})"
    return None


def unfit(exc: BaseException, d: Decision, doing: str = "") -> tuple[str, str]:
    """The field of ``d`` to blame for ``exc``, raised while ``doing`` something with it (the
    options when empty), and why: a key its kind needs is missing, or its data does not fit.

    >>> unfit(KeyError("high"), Decision("auction", "Ann", "", ("bid",), {}), "answering it")
    ('data.high', "missing: a decision of kind 'auction' needs it (answering it)")
    """
    key = exc.args[0] if isinstance(exc, KeyError) and exc.args else None
    if isinstance(key, str) and key not in d.data:
        because = f" ({doing})" if doing else ""
        return f"data.{key}", f"missing: a decision of kind {d.kind!r} needs it{because}"
    return (
        "data",
        f"does not fit a decision of kind {d.kind!r} ({doing + ': ' if doing else ''}{_why(exc)})",
    )


def _why(exc: BaseException) -> str:
    text = f"unknown {shown(exc.args[0])}" if isinstance(exc, KeyError) and exc.args else str(exc)
    return text.splitlines()[0][:80] if text else type(exc).__name__


# -- Any time -------------------------------------------------------------------------------


ANYTIME_KINDS = tuple(kind for kind in ANYTIME if kind != "trade")


def anytime_options(
    state: GameState, player: str, kinds: Collection[str] | None = None
) -> tuple[Option, ...]:
    """What ``player`` may do now besides answering the decision: build, sell a building,
    mortgage or lift a mortgage (a property or a share), play a kept card, end the game (time
    limit). A trade is agreed at the table and has no list of options.

    ``kinds`` (command types of :data:`ANYTIME_KINDS`) keeps only the options of those types,
    in the same order as in the whole list, and works out no other: a caller that only builds
    does not pay for the kept cards' options.

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> anytime_options(replay(new_game([{"name": "Ann"}, {"name": "Bob"}])), "Ann")
    ()
    >>> anytime_options(replay(new_game([{"name": "Ann"}, {"name": "Bob"}])), "Ann", ["build"])
    ()
    """
    if state.over or not any(s.name == player for s in state.active):
        return ()
    if held_back(state, player, "build"):
        # Only a debtor's sales and mortgages are not held back by a Mr. Monopoly move.
        kinds = [k for k in kinds or ANYTIME_KINDS if not held_back(state, player, k)]
        if not kinds:
            return ()
    if kinds is None:
        options = [
            *_claims(state, player),
            *_buildings(state, player),
            *_mortgages(state, player),
            *_plays(state, player),
        ]
        if state.rules.time_limit:
            options.append(
                {"command": {"type": "end_game"}, "code": "option.end_game", "params": {}}
            )
        return tuple(options)
    wanted = frozenset(kinds)
    unknown = wanted.difference(ANYTIME_KINDS)
    if unknown:
        raise ValueError(f"no any-time options of the kinds {sorted(unknown)}")
    options = []
    if "claim" in wanted:
        options.extend(_claims(state, player))
    sales = "sell_building" in wanted or "sell_down" in wanted
    if "build" in wanted or sales:
        options.extend(_buildings(state, player, "build" in wanted, sales))
    if "mortgage" in wanted or "unmortgage" in wanted:
        options.extend(_mortgages(state, player, "mortgage" in wanted, "unmortgage" in wanted))
    if "play_card" in wanted:
        options.extend(_plays(state, player))
    if "end_game" in wanted and state.rules.time_limit:
        options.append({"command": {"type": "end_game"}, "code": "option.end_game", "params": {}})
    return tuple(o for o in options if o["command"]["type"] in wanted)


def _claims(state: GameState, player: str) -> Iterator[Option]:
    """E2 (house rule ``rent_claimed_by_owner``): the rent owed to ``player`` they may claim
    now (``companion.banker.rentdue``), in the order it fell due."""
    for k in state.claims:
        if k.owner == player:
            yield {
                "command": {"type": "claim", "payer": k.payer, "space": k.space},
                "amount": k.amount,
                "code": "option.claim",
                "params": {"payer": k.payer, "amount": k.amount, "space": k.space},
            }


def _buildings(
    state: GameState, player: str, builds: bool = True, sales: bool = True
) -> Iterator[Option]:
    """The builds and sales of :func:`anytime_options`: what ``assets.build_problem`` and
    ``assets.sell_problem`` allow, property by property in the order of the holdings (only
    the builds, or only the sales, when the other kind is not asked for); and, on the first
    lot of a group whose top building the Bank cannot replace, the group sold down
    (``assets.sell_down_problem``) with what the Bank pays and the levels it leaves."""
    cash = state.cash[player]
    builds = builds and not selling_buildings(state) and not not_my_turn(state, player)
    supply = state.supply()
    # Groups already looked at (and None: no group); all of them when no shortage can block.
    down: set[str | None] = {None}
    short = sales and (supply["houses"] < 4 or not supply["hotels"])
    for lot in _lots(state, player):
        name, cost, buildable, sellable = lot[:4]
        if builds and buildable and cash >= cost:
            yield lot_option({"type": "build", "property": name}, cost)
        if sales and sellable:
            yield lot_option({"type": "sell_building", "property": name}, cost // 2)
        if not short:
            continue
        group = state.edition.board.properties[name][0].group
        if group not in down and state.holdings[name].level:
            down.add(group)
            if sell_down_problem(state, name) is None:
                levels = sell_down_levels(state, name)
                yield lot_option(
                    {"type": "sell_down", "property": name},
                    sell_down_refund(state, levels),
                    levels=levels,
                )


#: An any-time action on one lot or share: its message code on a property, on a company's
#: shares, and the option's fact that is its amount.
LOT_ACTIONS: Mapping[str, tuple[str, str, str]] = {
    "build": ("option.build", "", "cost"),
    "sell_building": ("option.sell_building", "", "refund"),
    "sell_down": ("option.sell_down", "", "refund"),
    "mortgage": ("option.mortgage", "option.mortgage.share", "value"),
    "unmortgage": ("option.unmortgage", "option.unmortgage.share", "cost"),
}


def lot_option(command: Mapping[str, Any], amount: int, **facts: Any) -> Option:
    """The option of an any-time action on one lot or share (``command``, of a type of
    :data:`LOT_ACTIONS`) moving ``amount`` (its cost, refund or value), with its words.

    >>> lot_option({"type": "mortgage", "company": "Acme Motors"}, 50)["params"]
    {'company': 'Acme Motors', 'amount': 50}
    """
    code, share_code, fact = LOT_ACTIONS[command["type"]]
    if "company" in command:
        code, params = share_code, {"company": command["company"], "amount": amount}
    else:
        params = {"property": command.get("property", ""), "amount": amount}
    return {"command": command, fact: amount, **facts, "code": code, "params": params}


#: One property of a player as the any-time options see it: name, building cost, whether a
#: building may be added (cash aside) or sold, mortgage value, mortgaged, may be mortgaged.
Lot = tuple[str, int, bool, bool, int, bool, bool]


def _lots(state: GameState, player: str) -> tuple[Lot, ...]:
    """``player``'s properties with what the rules allow on each apart from cash: they follow
    from the holdings alone (the supply too), so they are worked out once for each
    ``holdings`` and player, and what a colour group decides once per group."""
    return of_holdings(state, ("lots", player), lambda: _work_out_lots(state, player))


def of_holdings(state: GameState, key: tuple[str, str], work: Callable[[], _T]) -> _T:
    """What ``work`` gives for ``state``'s holdings, worked out once per ``holdings`` mapping
    and ``key`` and kept with them (:meth:`GameState.held`: most events leave the holdings as
    they were, so it lasts many commands): ``work`` must depend on the holdings alone (the
    building supply is theirs)."""
    held = state.held()
    value = held.get(key)
    if value is None:
        value = held[key] = work()
    return cast(_T, value)


def _work_out_lots(state: GameState, player: str) -> tuple[Lot, ...]:
    holdings = state.holdings
    supply = state.supply()
    board = state.edition.board
    # What a street's lot may do depends on the supply only through these.
    flags = (
        supply["houses"] > 0,
        supply["houses"] >= 4,
        supply["hotels"] > 0,
        supply["skyscrapers"] > 0,
    )
    groups: dict[str, Mapping[str, Lot]] = {}
    # A group's lots as its holdings stand, kept with them (GameState.by_group: a holding
    # event forgets only its own group's), so that after a change only that group's are
    # looked up again; the board's memo holds them by the group's holdings as values.
    kept = state.by_group()
    memo = board.memo("group_lots")
    facts = _lot_facts(board)
    out = []
    for name in state.holdings_of(player):
        group, kind, cost, value = facts[name]
        if group:
            lots = groups.get(group)
            if lots is None:
                key = (group, "lots", player, flags)
                lots = kept.get(key)
                if lots is None:
                    lots = kept[key] = _group_lots(
                        board,
                        memo,
                        holdings,
                        player,
                        group,
                        flags,
                        state.rules.mortgage_blocks_building,
                    )
                groups[group] = lots
            out.append(lots[name])
            continue
        # A railroad, cab company or utility: no colour group.
        h = holdings[name]
        buildable = sellable = False
        if kind in ("railroad", "cab_company"):
            what = "train_depots" if kind == "railroad" else "cab_stands"
            buildable = not h.mortgaged and not h.improved and bool(supply[what])
            sellable = h.improved
        out.append(
            (name, cost, buildable, sellable, value, h.mortgaged, not (h.level or h.improved))
        )
    return tuple(out)


def _lot_facts(board: Board) -> Mapping[str, tuple[str, str, int, int]]:
    """Each property's colour group (``""``: none), kind, building cost and mortgage value,
    by name: made once per board (the lots are worked out after most holdings changes)."""
    memo = board.memo("lot_facts")
    facts = memo.get("")
    if facts is None:
        facts = memo[""] = {
            name: (
                spaces[0].group or "",
                spaces[0].kind,
                board.building_cost(name),
                board.mortgage_value(name),
            )
            for name, spaces in board.properties.items()
        }
    return cast(Mapping[str, tuple[str, str, int, int]], facts)


def _group_lots(
    board: Board,
    memo: dict[Any, Any],
    holdings: Mapping[str, Holding],
    player: str,
    group: str,
    flags: tuple[bool, bool, bool, bool],
    mortgage_blocks: bool,
) -> Mapping[str, Lot]:
    """``player``'s lots of colour ``group``, by name: they follow from the group's holdings
    (immutable, and shared by the holdings mappings that leave the group alone) and the
    supply's ``flags``, so they are worked out once per group as it stands, not again for
    every lot after each build elsewhere: in ``memo``, the board's, keyed by the group's
    holdings as values (equal holdings give equal lots, in any game of the board), each a
    tuple of its fields, which hashes without a call to ``Holding.__hash__``."""
    members = tuple(map(holdings.get, board.groups[group]))
    key = (
        player,
        group,
        flags,
        mortgage_blocks,
        *[h and (h.owner, h.mortgaged, h.level, h.improved) for h in members],
    )
    lots: Mapping[str, Lot] | None = memo.get(key)
    if lots is None:
        lots = memo[key] = _work_out_group(board, members, player, group, flags, mortgage_blocks)
    return lots


def _work_out_group(
    board: Board,
    members: tuple[Holding | None, ...],
    player: str,
    group: str,
    flags: tuple[bool, bool, bool, bool],
    mortgage_blocks: bool,
) -> Mapping[str, Lot]:
    houses, four_houses, hotels, skyscrapers = flags
    pile = {4: hotels, 5: skyscrapers}
    group_buildable, low, high, whole, bare = _group_facts(board, members, player, mortgage_blocks)
    lots = {}
    for name, h in zip(board.groups[group], members, strict=True):
        if h is None or h.owner != player:
            continue
        level = h.level
        buildable = (
            group_buildable
            and not h.mortgaged
            and level < 6
            and level <= low
            and not (level == 5 and (not whole or low < 5))
            and pile.get(level, houses)
        )
        sellable = (
            level > 0
            and level >= high
            and not (level == 6 and not hotels)
            and not (level == 5 and not four_houses)
        )
        lots[name] = (
            name,
            board.building_cost(name),
            buildable,
            sellable,
            board.mortgage_value(name),
            h.mortgaged,
            bare,
        )
    return lots


def _group_facts(
    board: Board, members: tuple[Holding | None, ...], player: str, mortgage_blocks: bool
) -> tuple[bool, int, int, bool, bool]:
    """For ``player``'s lots of a colour group (``members``: the group's holdings, ``None``
    where the Bank holds the lot): whether P2 lets them build (a monopoly or a majority, no lot
    of the group mortgaged unless the house rule ``mortgage_blocks_building`` is off), their lowest and highest building level, whether they hold the
    whole group, and whether no building stands anywhere in it (P9: a lot may be mortgaged)."""
    levels = []
    mortgaged = False
    bare = True
    for h in members:
        if h is None:
            continue
        mortgaged = mortgaged or h.mortgaged
        bare = bare and not (h.level or h.improved)
        if h.owner == player:
            levels.append(h.level)
    ownership = board.group_ownership(len(levels), len(members))
    whole = ownership == "monopoly"
    return (
        bool(ownership) and not (mortgaged and mortgage_blocks),
        min(levels),
        max(levels),
        whole,
        bare,
    )


def _mortgages(
    state: GameState, player: str, mortgages: bool = True, lifts: bool = True
) -> Iterator[Option]:
    """The mortgages and lifted mortgages of :func:`anytime_options`, properties first in the
    order of the holdings, then shares (only one kind when the other is not asked for)."""
    cash = state.cash[player]
    for name, _, _, _, value, mortgaged, bare in _lots(state, player):
        if mortgaged:
            if lifts and cash >= state.edition.numbers.lift_cost(value):
                yield lot_option(
                    {"type": "unmortgage", "property": name}, state.edition.numbers.lift_cost(value)
                )
        elif mortgages and bare:
            yield lot_option({"type": "mortgage", "property": name}, value)
    seat = state.seat(player)
    for company, par in state.edition.deck.par_values.items():
        pledged = seat.mortgaged_shares.get(company, 0)
        if mortgages and seat.shares.get(company, 0) > pledged:
            yield lot_option({"type": "mortgage", "company": company}, par // 2)
        if lifts and pledged and cash >= state.edition.numbers.lift_cost(par // 2):
            yield lot_option(
                {"type": "unmortgage", "company": company},
                state.edition.numbers.lift_cost(par // 2),
            )


def _plays(state: GameState, player: str) -> Iterator[Option]:
    """The kept cards ``player`` may play now (their play's moment has come), with what each
    needs named (:func:`play_options`)."""
    for card_id in dict.fromkeys(state.seat(player).cards):
        how = state.edition.deck.cards[card_id].play[0].get("play")
        build = _PLAY_OPTIONS.get(how)
        if build is not None and PLAYS[str(how)].moment(state, player):
            yield from build(state, player, card_id, {"type": "play_card", "card": card_id})


#: A kept card's play options: ``(state, holder, card id, the play_card command so far)``.
PlayBuilder = Callable[[GameState, str, str, Option], Iterator[Option]]
#: The options of each kept card's play (``companion/editions/cards/``), by ``play``.
_PLAY_OPTIONS: dict[object, PlayBuilder] = {}


def play_options(how: str) -> Callable[[PlayBuilder], PlayBuilder]:
    """Register the decorated function as the options of playing a kept card ``{"play": how}``
    (listed among the any-time options when its moment has come)."""
    return registrar(_PLAY_OPTIONS, [how])
