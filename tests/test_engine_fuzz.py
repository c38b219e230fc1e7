"""Bad input never crashes the table: any command, however wrong, is refused with a one-line
message naming it, and nothing changes; or it is accepted and every invariant still holds."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import _COMMANDS, apply
from companion.errors import CompanionError
from companion.game import Game
from companion.game_state import GameState, invariant_problems, snapshot
from companion.simulate import RandomPlayer


def _states() -> list[GameState]:
    """States from a few random games: one for each kind of decision met, and some more."""
    seen: dict[str, GameState] = {}
    rng = random.Random(5)
    for _ in range(6):
        game = Game.new([{"name": n} for n in ("Ann", "Bob", "Cy")])
        player = RandomPlayer(rng)
        for _ in range(3000):
            if game.state.over:
                break
            seen.setdefault(game.state.decision.kind, game.state)
            if rng.random() < 0.01:
                seen[f"any{len(seen)}"] = game.state
            for command in player.commands(game.state):
                try:
                    game.execute(command)
                except CompanionError:
                    continue
                break
    return list(seen.values())


STATES = _states()

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10**6),
    st.text(max_size=12),
    st.sampled_from(["GO", "Boardwalk", "middle:5", "chance-go-to-jail", "voucher-bus-ticket", "1-3-6", "mr", "Ann", "Bob", "Pool", "Motion Pictures", "buy", "move", "cash"]),
    st.lists(st.one_of(st.integers(-1, 7), st.sampled_from(["mr", "bus", "x"])), max_size=5),
    st.dictionaries(st.sampled_from(["cash", "properties", "shares", "vouchers", "nope"]), st.one_of(st.integers(-5, 5000), st.lists(st.text(max_size=8), max_size=2), st.dictionaries(st.text(max_size=5), st.integers(-2, 9), max_size=2)), max_size=3),
)  # fmt: skip
fields = st.dictionaries(
    st.sampled_from(["dice", "space", "amount", "card", "option", "company", "how", "voucher", "ride", "property", "with", "give", "take", "target", "opponent", "roll_three"]),
    values,
    max_size=4,
)  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(STATES) - 1),
    kind=st.one_of(st.sampled_from(sorted(_COMMANDS)), st.text(max_size=6)),
    player=st.one_of(st.sampled_from(["Ann", "Bob", "Cy"]), values),
    extra=fields,
)
def test_any_command_is_refused_cleanly_or_keeps_the_invariants(index, kind, player, extra) -> None:
    state = STATES[index]
    before = snapshot(state)
    command = {"type": kind, "player": player, **extra}
    try:
        after = apply(state, command)
    except CompanionError as exc:
        assert "\n" not in str(exc)
        assert snapshot(state) == before
        return
    assert invariant_problems(after) == []
    assert snapshot(state) == before


def test_a_command_that_is_not_an_object_is_refused() -> None:
    for junk in (None, [], "roll", 3):
        try:
            apply(STATES[0], junk)  # type: ignore[arg-type]
        except CompanionError as exc:
            assert "JSON object" in str(exc)
        else:
            raise AssertionError(junk)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), index=st.integers(0, len(STATES) - 1), extra=fields)
def test_answers_with_wrong_fields_are_refused_cleanly(data, index, extra) -> None:
    state = STATES[index]
    d = state.decision
    kind = data.draw(
        st.sampled_from(
            [*d.answers, "build", "mortgage", "trade", "play_card", "sell_building", "unmortgage"]
        )
    )
    before = snapshot(state)
    try:
        after = apply(state, {"type": kind, "player": d.player, **extra})
    except CompanionError as exc:
        assert "\n" not in str(exc)
        assert snapshot(state) == before
        return
    assert invariant_problems(after) == []
