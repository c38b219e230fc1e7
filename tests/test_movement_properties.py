"""Properties every resolution keeps, over random table situations and rolls."""

from __future__ import annotations

import copy
from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.editions import edition
from companion.errors import CompanionError, IllegalMoveError
from companion.rules import movement
from companion.rules.board import Space
from companion.rules.movement import (
    Resolution,
    Roll,
    resolve_bonus,
    resolve_card,
    resolve_roll,
    resolve_voucher,
)
from companion.rules.situation import BUILDING_LEVELS, Situation

BOARD = edition("ultimate").board
PROPERTIES = sorted(BOARD.properties)
PLAYERS = ("Ann", "Bob", "Cy")
SALARIES = {200, 250, 300, 400}

dice = st.integers(min_value=1, max_value=6)
speed = st.sampled_from([1, 2, 3, "mr", "bus"])
spaces = st.sampled_from(BOARD.spaces)


@st.composite
def holdings(draw: st.DrawFn) -> dict:
    """Ownership the rules allow: buildings only on a group one player owns outright, with no
    lot mortgaged (P2), and no more than the Bank's supply (D3); railroads, cab companies and
    utilities owned or mortgaged at random."""
    owned: dict = {}
    used = dict.fromkeys(edition("ultimate").board.building_supply, 0)
    for members in BOARD.groups.values():
        sole = draw(st.sampled_from((None, *PLAYERS)))
        if sole is not None and draw(st.booleans()):
            level = draw(st.sampled_from(BUILDING_LEVELS))
            i = BUILDING_LEVELS.index(level)
            pile = "houses" if i < 5 else "hotels" if i == 5 else "skyscrapers"
            pieces = len(members) * (i if i < 5 else 1)
            if used[pile] + pieces > edition("ultimate").board.building_supply[pile]:
                level, pieces = "none", 0
            used[pile] += pieces
            owned.update({name: {"owner": sole, "buildings": level} for name in members})
            continue
        for name in members:
            owner = draw(st.sampled_from((None, *PLAYERS)))
            if owner is not None:
                owned[name] = {"owner": owner, "mortgaged": draw(st.booleans())}
    for kind, improvement in (
        ("railroad", "depot"),
        ("cab_company", "cab_stand"),
        ("utility", None),
    ):
        for name in BOARD.properties_of_kind(kind):
            owner = draw(st.sampled_from((None, *PLAYERS)))
            if owner is None:
                continue
            mortgaged = draw(st.booleans())
            owned[name] = {"owner": owner, "mortgaged": mortgaged}
            if improvement and not mortgaged:
                owned[name][improvement] = draw(st.booleans())
    return owned


@st.composite
def situations(draw: st.DrawFn) -> dict:
    """A table situation in its JSON form, with Ann to move."""
    in_jail = draw(st.booleans()) and draw(st.booleans())
    position = BOARD.jail if in_jail else draw(spaces)
    ann = {
        "name": "Ann",
        "position": position.key,
        "in_jail": in_jail,
        "jail_turns": draw(st.integers(0, 2)) if in_jail else 0,
        "reverse_direction": draw(st.booleans()),
        "transit_token": BOARD.is_station(position) and draw(st.booleans()),
        "vouchers": draw(st.integers(0, 3)),
    }
    others = [{"name": n, "position": draw(spaces).key} for n in PLAYERS[1:]]
    return {
        "players": [ann, *others],
        "to_move": "Ann",
        "properties": draw(holdings()),
        "doubles_this_turn": draw(st.integers(0, 2)),
        "vouchers_left": draw(st.integers(0, 30)),
        "pool": draw(st.integers(0, 5000)),
        "options": {"triples_pay_salaries": draw(st.booleans())},
    }


def is_connected(start: Space, r: Resolution) -> bool:
    """Each step follows from where the token was: a neighbour on the track, the linked space of
    the transit station it stands on, the other Holland Tunnel, or a direct move."""
    pos = start
    for step in r.steps:
        if step.kind == "walk":
            ok = step.space == BOARD.step(pos, 1)
        elif step.kind == "back":
            ok = step.space == BOARD.step(pos, -1)
        elif step.kind == "ride":
            ok = BOARD.twin(pos) == step.space
        elif step.kind == "tunnel":
            ok = BOARD.tunnel_exit(pos) == step.space
        else:
            ok = step.kind in ("direct", "subway", "taxi", "jail")
        if not ok:
            return False
        pos = step.space
    return pos == r.landing


def roll_for(data: dict, d1: int, d2: int, s: object) -> Roll:
    in_jail = data["players"][0]["in_jail"]
    return Roll(d1, d2, None if in_jail else s)  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None)
@given(situations(), dice, dice, speed, spaces, st.sampled_from([None, "move", "voucher"]))
def test_every_path_is_connected_and_salaries_only_at_pay_corners(data, d1, d2, s, to, bus) -> None:
    situation = Situation.parse(data)
    before = copy.deepcopy(data)
    roll = roll_for(data, d1, d2, s)
    try:
        r = resolve_roll(BOARD, situation, roll, to=to, bus=bus if s == "bus" else None)
    except IllegalMoveError:
        try:  # the destination answered no choice: ask again without it
            r = resolve_roll(BOARD, situation, roll)
        except IllegalMoveError:  # a pending Subway ride replaces the roll
            assert situation.player().subway
            return
    assert is_connected(situation.player().position, r)
    entered = set(r.path)
    for paid in r.salaries:
        assert paid.corner.is_pay_corner
        assert paid.corner in entered
        assert paid.amount in SALARIES
    if r.stops:
        assert r.stops[-1].space == r.landing or r.in_jail
    assert r.in_jail == (r.landing == BOARD.jail and r.after.in_jail)
    # Nothing the referee was given has changed.
    assert data == before
    assert Situation.parse(before) == situation


@settings(max_examples=300, deadline=None)
@given(situations(), dice, dice, st.sampled_from([1, 2, 3]))
def test_a_plain_roll_moves_exactly_the_pips(data, d1, d2, s) -> None:
    data["players"][0].update(
        in_jail=False, jail_turns=0, reverse_direction=False, transit_token=False
    )
    data["doubles_this_turn"] = 0
    if d1 == d2 == s:
        return
    situation = Situation.parse(data)
    r = resolve_roll(BOARD, situation, Roll(d1, d2, s))
    moves = [step for step in r.steps if step.kind == "walk"]
    assert len(moves) >= d1 + d2 + s
    assert r.stops[0].space == moves[d1 + d2 + s - 1].space
    # Between the start and the first stop no space is entered twice.
    first = moves[: d1 + d2 + s]
    assert len({m.space.key for m in first}) == len(first)


@settings(max_examples=200, deadline=None)
@given(spaces, dice, dice, st.sampled_from([1, 2, 3]))
def test_an_odd_move_never_changes_track_and_an_even_one_rides_every_station_passed(
    start, d1, d2, s
) -> None:
    if d1 == d2 == s:
        return
    count = d1 + d2 + s
    r = resolve_roll(BOARD, Situation.fresh(start), Roll(d1, d2, s))
    rides = [step for step in r.steps if step.kind == "ride"]
    first = r.steps[: len(rides) + count] if rides else r.steps[:count]
    if count % 2:
        assert not [x for x in first if x.kind == "ride"]
        assert all(x.space.track == start.track for x in first)
    else:
        # Every station the token left on the way was ridden first.
        pos, rode = start, False
        for step in first:
            if step.kind == "walk" and BOARD.is_station(pos) and not rode:
                raise AssertionError(f"left {pos!r} on an even move without riding")
            pos, rode = step.space, step.kind == "ride"


CARDS = sorted(edition("ultimate").deck.cards)
VOUCHERS = sorted(edition("ultimate").deck.vouchers)


@settings(max_examples=500, deadline=None)
@given(
    situations(),
    st.sampled_from(CARDS),
    st.none() | spaces,
    st.none() | st.tuples(dice, dice),
    st.sampled_from([None, 1, 2]),
)
def test_every_card_answers_with_a_connected_path_or_refuses(
    data, card_id, to, roll, option
) -> None:
    data["players"][0].update(in_jail=False, jail_turns=0)
    situation = Situation.parse(data)
    card = edition("ultimate").deck.card(card_id)
    try:
        r = resolve_card(
            BOARD, situation, card, to=to, roll=Roll(*roll) if roll else None, option=option
        )
    except CompanionError:
        return
    assert is_connected(situation.player().position, r)
    assert all(paid.corner.is_pay_corner and paid.amount in SALARIES for paid in r.salaries)
    assert r.follow_up and r.explanation
    # The engine resolves cards quietly: the same card, without the English or a note.
    with _no_notes():
        quiet = resolve_card(
            BOARD,
            situation,
            card,
            to=to,
            roll=Roll(*roll) if roll else None,
            option=option,
            quiet=True,
        )
    assert quiet == _without_texts(r)


@settings(max_examples=300, deadline=None)
@given(situations(), st.sampled_from(VOUCHERS), st.none() | spaces, st.booleans())
def test_every_voucher_answers_with_a_connected_path_or_refuses(data, voucher_id, to, ride) -> None:
    data["players"][0].update(in_jail=False, jail_turns=0)
    situation = Situation.parse(data)
    try:
        r = resolve_voucher(
            BOARD, situation, edition("ultimate").deck.voucher(voucher_id), to=to, ride=ride
        )
    except CompanionError:
        return
    assert is_connected(situation.player().position, r)
    assert len(r.after.vouchers) == len(situation.player().vouchers) - 1
    # Travel Voucher movement pays the highest salary of every corner it passes or lands on.
    assert all(paid.amount == paid.corner.salary.highest for paid in r.salaries)
    with _no_notes():
        quiet = resolve_voucher(
            BOARD,
            situation,
            edition("ultimate").deck.voucher(voucher_id),
            to=to,
            ride=ride,
            quiet=True,
        )
    assert quiet == _without_texts(r)  # as the engine plays a voucher: no English, no note


def _without_texts(r: Resolution) -> Resolution:
    """``r`` as a quiet resolution gives it: every text empty, no headline, no notes."""
    from dataclasses import replace

    def plain(a):  # type: ignore[no-untyped-def]
        return replace(a, text="")

    return replace(
        r,
        steps=tuple(replace(s, text="") for s in r.steps),
        stops=tuple(replace(s, actions=tuple(map(plain, s.actions))) for s in r.stops),
        follow_up=tuple(map(plain, r.follow_up)),
        summary="",
        notes=(),
    )


def _no_notes() -> Any:
    """While active, making a movement note fails: a quiet resolution makes none at all
    (the builder makes every note with ``movement._note``)."""
    return mock.patch.object(movement, "_note", side_effect=AssertionError("a quiet note"))


@settings(max_examples=400, deadline=None)
@given(
    situations(),
    dice,
    dice,
    speed,
    spaces,
    st.sampled_from([None, "move", "voucher"]),
    st.booleans(),
)
def test_a_quiet_roll_is_the_same_roll_without_its_texts(data, d1, d2, s, to, bus, first) -> None:
    """The engine resolves rolls and bonus moves quietly: the same steps, stops, salaries,
    follow-ups, landing, player after and message code, only without the English and without
    making a single note."""
    situation = Situation.parse(data)
    roll = roll_for(data, d1, d2, s)
    kwargs = {"to": to, "bus": bus if s == "bus" else None, "first_move_only": first}
    try:
        loud = resolve_roll(BOARD, situation, roll, **kwargs)
    except CompanionError as exc:
        try:
            with _no_notes():
                resolve_roll(BOARD, situation, roll, quiet=True, **kwargs)
        except CompanionError as quiet_exc:
            assert str(quiet_exc) == str(exc)
            return
        raise AssertionError("the quiet roll was accepted, the loud one refused") from exc
    with _no_notes():
        quiet = resolve_roll(BOARD, situation, roll, quiet=True, **kwargs)
    assert quiet == _without_texts(loud)
    if s in ("mr", "bus") and not situation.player().in_jail:
        try:
            loud = resolve_bonus(BOARD, situation, roll, bus=kwargs["bus"])
        except CompanionError:
            return
        with _no_notes():
            quiet = resolve_bonus(BOARD, situation, roll, bus=kwargs["bus"], quiet=True)
        assert quiet == _without_texts(loud)
