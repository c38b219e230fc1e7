"""A decision's options are exactly its legal answers: every option listed is accepted by the
engine, and a command no option describes is refused.

The states are the ones the recorded games pass through (``tests/golden_games.py``): every kind
of decision the engine poses, with its house rules. Free fields are filled from their ranges; the
commands not listed are listed ones changed in one way (another type, space, amount, card,
voucher, company, player, dice...).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.banker.engine import step
from companion.banker.options import anytime_options, command_of, options_for
from companion.banker.state import GameState, invariant_problems
from companion.banker.tx import COMMAND_HANDLERS
from companion.editions import edition
from companion.errors import CompanionError
from companion.game import Game
from companion.messages import CODES, languages, render
from companion.rules.cards import Unlisted, is_unlisted
from tests import golden_games

BOARD = edition("ultimate").board
DECK = edition("ultimate").deck
SPEED_FACES = [int(f) if f.isdigit() else f for f in edition("ultimate").dice.speed_faces]


def _states() -> tuple[list[GameState], dict[tuple[Any, ...], GameState]]:
    """Every 5th state of the recorded games, and for each kind of decision (by its kind,
    ``why``, deck, free share, the player in jail, and the house rule that changes dice) the
    first state and the one where the player has least cash."""
    sampled: list[GameState] = []
    first: dict[tuple[Any, ...], GameState] = {}
    for recorded in golden_games.load():
        game = Game.new(recorded["players"], rules=recorded["rules"])
        for i, step_ in enumerate(recorded["steps"]):
            state = game.state
            d = state.decision
            key = (
                d.kind,
                d.data.get("why"),
                d.data.get("deck"),
                bool(d.data.get("free")),
                state.seat(d.player).in_jail,
                state.rules.squeeze_play_speed_die,
            )
            first.setdefault(key, state)
            # And the one where the player has least money: what they cannot afford is left out.
            poorest = first.setdefault((*key, "poorest"), state)
            if state.cash[d.player] < poorest.cash[poorest.decision.player]:
                first[(*key, "poorest")] = state
            if i % 5 == 0:
                sampled.append(state)
            game.execute(dict(step_["command"]))
    return sampled, first


STATES, FIRSTS = _states()
EVERY = [*FIRSTS.values(), *STATES]


# -- Filling an option in, and telling whether a command is listed ---------------------------


def unlisted_ids(menu: Mapping[str, Any]) -> list[str]:
    """E3: one card of each effect (and each kind) the "another card" menu offers."""
    values = {"amount": 50, "space": "middle:11", "count": 3, "house": 25, "hotel": 100}
    ids = []
    for effect, needs in menu["effects"].items():
        for kind in menu["kinds"] if "kind" in needs else [None]:
            given = tuple(kind if n == "kind" else values[n] for n in needs)
            ids.append(Unlisted(menu["deck"], effect, given).id)
    return ids


def fill(option: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, spec in option.get("free", {}).items():
        if "one_of" in spec:
            values[name] = rng.choice(spec["one_of"])
        elif "unlisted" in spec:
            values[name] = rng.choice(unlisted_ids(spec["unlisted"]))
        elif "min" in spec:
            values[name] = rng.choice(
                [spec["min"], spec["max"], rng.randint(spec["min"], spec["max"])]
            )
        else:
            dice: list[Any] = [rng.randint(1, 6) for _ in range(spec["count"])]
            values[name] = dice + [rng.choice(SPEED_FACES)] * spec["speed"]
    return values


def everything(state: GameState) -> list[tuple[Mapping[str, Any], str]]:
    """Each option of the decision and every player's any-time options, with who gives it."""
    cached = _EVERYTHING.get(id(state))
    if cached is not None and cached[0] is state:
        return cached[1]
    d = state.decision
    listed = [(o, o.get("player", d.player)) for o in options_for(state, d)]
    for seat in state.active:
        listed += [(o, seat.name) for o in anytime_options(state, seat.name)]
    _EVERYTHING[id(state)] = (state, listed)
    return listed


_EVERYTHING: dict[int, tuple[GameState, list[tuple[Mapping[str, Any], str]]]] = {}


def _fits(value: Any, spec: Mapping[str, Any]) -> bool:
    if "one_of" in spec:
        return value in spec["one_of"]
    if "unlisted" in spec:
        deck = spec["unlisted"]["deck"]
        return is_unlisted(value) and value in DECK.cards and DECK.cards[value].deck == deck
    if "min" in spec:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return ok and spec["min"] <= value <= spec["max"]
    if not isinstance(value, list) or len(value) != spec["count"] + spec["speed"]:
        return False
    regular = value[: spec["count"]]
    return all(str(v) in "123456" and len(str(v)) == 1 for v in regular) and (
        not spec["speed"] or str(value[-1]) in edition("ultimate").dice.speed_faces
    )


def _same(name: str, value: Any, listed: Any, option: Mapping[str, Any]) -> bool:
    if listed is False and value is None:
        return True  # a flag left out is false (a Free Cab Fare without 'ride')
    if name == "space" and "property" in option and isinstance(value, str):
        # A property is named by any of its spaces (both tracks of a transit station).
        try:
            return BOARD.space(value).name == option["property"]
        except CompanionError:
            return False
    return bool(value == listed) and type(value) is type(listed)


def is_listed(state: GameState, command: Mapping[str, Any]) -> bool:
    """Whether an option describes ``command`` (fields the option does not name are not looked
    at: the engine does not read them either)."""
    for option, player in everything(state):
        if command.get("player") != player:
            continue
        if not all(_same(k, command.get(k), v, option) for k, v in option["command"].items()):
            continue
        if all(_fits(command.get(k), spec) for k, spec in option.get("free", {}).items()):
            return True
    return False


# -- Every option is accepted ---------------------------------------------------------------


def accepted(state: GameState, command: dict[str, Any]) -> None:
    try:
        _, after = step(state, command)
    except CompanionError as exc:
        d = state.decision
        pytest.fail(f"{d.kind} {dict(d.data)}: the option {command} was refused: {exc}")
    assert invariant_problems(after) == []


def test_every_kind_of_decision_is_met_and_has_options() -> None:
    kinds = {key[0] for key in FIRSTS}
    assert kinds >= {
        "deal", "order_roll", "roll", "subway", "choose_space", "bus_option", "end_turn",
        "buy_or_auction", "auction", "taxi", "draw", "gift", "dice", "stock", "rent",
        "raise_money", "card_option", "choose_player", "respond",
    }  # fmt: skip
    for key, state in FIRSTS.items():
        if key[0] != "game_over" and key[-1] != "poorest":
            assert options_for(state, state.decision), key


@pytest.mark.parametrize(
    "key", sorted(FIRSTS, key=repr), ids=lambda k: "-".join(map(str, (*k[:3], k[-1])))
)
def test_every_option_of_each_kind_of_decision_is_accepted(key: tuple[Any, ...]) -> None:
    """Each option at the edges of its free fields: every value of a short list, the smallest
    and largest amounts."""
    state = FIRSTS[key]
    rng = random.Random(1)
    for option, player in everything(state):
        free = option.get("free", {})
        fills = [fill(option, rng) for _ in range(3)]
        for name, spec in free.items():
            if "one_of" in spec and len(spec["one_of"]) <= 20:
                fills += [{**fills[0], name: v} for v in spec["one_of"]]
            if "min" in spec:
                fills += [{**fills[0], name: spec["min"]}, {**fills[0], name: spec["max"]}]
            if "unlisted" in spec:
                fills += [{**fills[0], name: v} for v in unlisted_ids(spec["unlisted"])]
        for values in fills:
            accepted(state, command_of(option, player, **values))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(EVERY) - 1), data=st.data())
def test_any_listed_option_filled_in_is_accepted(index: int, data: st.DataObject) -> None:
    state = EVERY[index]
    listed = everything(state)
    if not listed:
        return
    option, player = data.draw(st.sampled_from(listed))
    values = {}
    for name, spec in option.get("free", {}).items():
        if "one_of" in spec:
            values[name] = data.draw(st.sampled_from(spec["one_of"]))
        elif "unlisted" in spec:
            values[name] = data.draw(st.sampled_from(unlisted_ids(spec["unlisted"])))
        elif "min" in spec:
            values[name] = data.draw(st.integers(spec["min"], spec["max"]))
        else:
            dice = data.draw(
                st.lists(st.integers(1, 6), min_size=spec["count"], max_size=spec["count"])
            )
            values[name] = dice + (
                [data.draw(st.sampled_from(SPEED_FACES))] if spec["speed"] else []
            )
    accepted(state, command_of(option, player, **values))


# -- A command no option describes is refused -----------------------------------------------


def _template(state: GameState, kind: str) -> dict[str, Any]:
    """Fields that make a command of ``kind`` well formed, whatever the decision."""
    d = state.decision
    anyone = state.active[0].name
    voucher = next(iter(DECK.vouchers))
    return {
        "deal": {"voucher": voucher, "roll_three": "1-2-3"},
        "order_roll": {"dice": [3, 4]},
        "roll": {"dice": [3, 4, "mr"]},
        "dice": {"dice": [3, 4]},
        "choose": {"space": "outer:0"},
        "taxi": {"space": BOARD.space("Free Parking").key},
        "bus": {"option": "move"},
        "gift": {"option": "cash"},
        "option": {"option": 1},
        "bid": {"amount": d.data.get("high", 0) + 1},
        "draw": {"card": "chance-go-to-jail"},
        "stock": {"company": next(iter(edition("ultimate").deck.par_values)), "how": "buy"},
        "voucher": {"voucher": voucher, "space": "middle:1"},
        "target": {"target": anyone},
        "build": {"property": "Boardwalk"},
        "sell_building": {"property": "Boardwalk"},
        "mortgage": {"property": "Boardwalk"},
        "unmortgage": {"property": "Boardwalk"},
        "play_card": {"card": "chance-see-you-in-court", "target": anyone},
    }.get(kind, {})


def _other_values(state: GameState, name: str, value: Any, rng: random.Random) -> list[Any]:
    """Values for field ``name`` besides ``value``: near misses and others of its kind."""
    players = [s.name for s in state.seats] + ["Nobody"]
    properties = list(BOARD.properties)
    combos = [f"{a}-{b}-{c}" for a in range(1, 7) for b in range(a, 7) for c in range(b, 7)]
    pools: dict[str, list[Any]] = {
        "space": [s.key for s in rng.sample(BOARD.spaces, 12)],
        "amount": [value - 1, value + 1, 0, -5, 10**6] if isinstance(value, int) else [1],
        "voucher": list(DECK.vouchers),
        "card": rng.sample(list(DECK.cards), 10) + list(DECK.vouchers) + rng.sample(combos, 5),
        "company": list(edition("ultimate").deck.par_values),
        "how": ["buy", "auction", "free"],
        "option": [1, 2, 3, 0, "move", "voucher", "cash"],
        "target": players,
        "opponent": players,
        "property": rng.sample(properties, 8),
        "give": rng.sample(properties, 8),
        "roll_three": rng.sample(combos, 5),
        "ride": [True, False],
        "dice": [[3], [3, 4], [3, 4, 5], [3, 4, "mr"], [1, 2, 3, 4], [1, 2, 3, 4, 5]],
    }
    return [v for v in pools.get(name, []) if v != value]


def near_misses(state: GameState, rng: random.Random) -> list[dict[str, Any]]:
    """Listed commands changed in one way: another field value, another player, another type."""
    d = state.decision
    out: list[dict[str, Any]] = []
    listed = everything(state)
    for option, player in rng.sample(listed, min(8, len(listed))):
        command = command_of(option, player, **fill(option, rng))
        for name, value in command.items():
            if name in ("type", "player"):
                continue
            out += [{**command, name: other} for other in _other_values(state, name, value, rng)]
        out += [{**command, "player": s.name} for s in state.active if s.name != player]
    names = [s.name for s in state.active]
    for kind in COMMAND_HANDLERS:
        if kind == "trade":
            continue
        for player in {d.player, rng.choice(names)}:
            out.append({"type": kind, "player": player, **_template(state, kind)})
    for kind in ("build", "sell_building", "mortgage", "unmortgage"):
        for name in rng.sample(list(BOARD.properties), 6):
            out.append({"type": kind, "player": rng.choice(names), "property": name})
        company = rng.choice(list(edition("ultimate").deck.par_values))
        if kind in ("mortgage", "unmortgage"):
            out.append({"type": kind, "player": rng.choice(names), "company": company})
    return out


def _known_leniency(state: GameState, command: Mapping[str, Any]) -> bool:
    """The engine takes two dice for Squeeze Play with the speed die house rule (see
    test_squeeze_play_with_the_speed_die_wants_the_speed_die)."""
    d = state.decision
    return (
        d.kind == "dice"
        and d.data.get("why") == "squeeze_play"
        and state.rules.squeeze_play_speed_die
        and command.get("type") == "dice"
        and isinstance(command.get("dice"), list)
        and len(command["dice"]) == 2
    )


def refused(state: GameState, command: dict[str, Any]) -> None:
    try:
        step(state, command)
    except CompanionError:
        return
    d = state.decision
    pytest.fail(f"{d.kind} {dict(d.data)}: {command} is listed by no option, yet accepted")


@pytest.mark.parametrize(
    "key", sorted(FIRSTS, key=repr), ids=lambda k: "-".join(map(str, (*k[:3], k[-1])))
)
def test_commands_next_to_the_options_are_refused(key: tuple[Any, ...]) -> None:
    state = FIRSTS[key]
    for command in near_misses(state, random.Random(2)):
        if not is_listed(state, command) and not _known_leniency(state, command):
            refused(state, command)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(STATES) - 1), seed=st.integers(0, 2**16))
def test_commands_not_listed_are_refused_anywhere_in_a_game(index: int, seed: int) -> None:
    state = STATES[index]
    rng = random.Random(seed)
    commands = near_misses(state, rng)
    for command in rng.sample(commands, min(40, len(commands))):
        if not is_listed(state, command) and not _known_leniency(state, command):
            refused(state, command)


def test_squeeze_play_with_the_speed_die_wants_the_speed_die() -> None:
    state = next(
        s for k, s in FIRSTS.items() if k[1] == "squeeze_play" and s.rules.squeeze_play_speed_die
    )
    refused(state, {"type": "dice", "player": state.decision.player, "dice": [3, 4]})


def test_every_option_carries_its_words_and_they_read_in_every_language() -> None:
    """A front end words an option from its message (``code`` and ``params``), never from its
    command: each option of every decision met, and every any-time option, carries one."""
    for state in EVERY:
        for option, _ in everything(state):
            assert option["code"].startswith("option.") and option["code"] in CODES, option
            for lang in languages():
                assert render(option["code"], option["params"], lang, edition=state.edition)
