"""``Game.plan_correction`` / ``Game.apply_correction``: any command in force replaced, the
later commands played again after it, recorded in one transaction (issue 22, item 3)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.banker.state import snapshot
from companion.errors import IllegalCommandError
from companion.game import Game
from companion.log.gamelog import GameLog, in_force
from companion.simulator.players import RandomPlayer

WRONG, RIGHT = "cc-insurance-premiums-due", "cc-you-inherit-100"


def at_a_draw(log: GameLog, seed: int = 11) -> tuple[Game, RandomPlayer]:
    """A game whose decision is a Community Chest draw offering both cards."""
    game = Game.new([{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], log=log)
    player = RandomPlayer(random.Random(seed))
    for _ in range(3000):
        d = game.state.decision
        if d.kind == "draw" and {WRONG, RIGHT} <= {o["command"].get("card") for o in d.options}:
            return game, player
        game.execute(player.choose(game.state))
    raise AssertionError("no Community Chest draw offering both cards")


def draw(game: Game, card: str) -> int:
    d = game.state.decision
    game.execute({"type": "draw", "player": d.player, "card": card, "decision": d.id})
    assert game.last_seq is not None
    return game.last_seq


def test_a_card_replaced_plays_the_later_commands_again_as_if_drawn_right(tmp_path: Path) -> None:
    with GameLog(tmp_path / "a.db") as log:
        game, player = at_a_draw(log)
        seq = draw(game, WRONG)
        for _ in range(3):
            game.execute(player.choose(game.state))
        recorded = [dict(c) for c in game.done]
        decision = game.state_before(seq).decision
        plan = game.plan_correction(
            seq, {"type": "draw", "player": decision.player, "card": RIGHT, "decision": decision.id}
        )
        assert (len(plan.replayed), plan.dropped) == (4, ())
        assert snapshot(game.state) == snapshot(plan.before)  # nothing changed yet
        rows = len(log.commands(game.game_id))
        game.apply_correction(plan)
        assert len(log.commands(game.game_id)) == rows + 4 + 4
        # The same commands with the right card, on a second log.
        recorded[-4]["card"] = RIGHT
        with GameLog(tmp_path / "b.db") as other:
            right = Game.started(game.start_events, log=other)
            for command in recorded:
                if "decision" in command:
                    command["decision"] = right.state.decision.id
                right.execute(command)
        assert snapshot(game.state) == snapshot(right.state)
        assert game.done == right.done
        # The log holds the undos and the replacement: it resumes to the corrected game.
        assert [c.command["type"] for c in in_force(log.commands(game.game_id)[1:])][-4:] == [
            c["type"] for c in right.done[-4:]
        ]
    with GameLog(tmp_path / "a.db") as log:
        assert snapshot(Game.resume(log).state) == snapshot(right.state)


def test_a_correction_worked_out_before_the_game_moved_on_changes_nothing(tmp_path: Path) -> None:
    with GameLog(tmp_path / "a.db") as log:
        game, player = at_a_draw(log)
        seq = draw(game, WRONG)
        plan = game.plan_correction(
            seq, {"type": "draw", "player": game.done[-1]["player"], "card": RIGHT}
        )
        game.execute(player.choose(game.state))
        before = (snapshot(game.state), game.done, len(log.commands(game.game_id)))
        with pytest.raises(IllegalCommandError, match="moved on"):
            game.apply_correction(plan)
        assert (snapshot(game.state), game.done, len(log.commands(game.game_id))) == before


@pytest.mark.parametrize(
    "command, words",
    [
        ({"type": "undo"}, "an undo replaces nothing"),
        ({"type": "draw", "card": "no-such-card"}, "no-such-card"),
        ({"type": "buy"}, "buy"),
    ],
)
def test_a_refused_correction_changes_nothing(tmp_path: Path, command: dict, words: str) -> None:
    with GameLog(tmp_path / "a.db") as log:
        game, _player = at_a_draw(log)
        seq = draw(game, WRONG)
        before = (snapshot(game.state), game.done, len(log.commands(game.game_id)))
        with pytest.raises(IllegalCommandError, match=words):
            game.plan_correction(seq, {"player": game.done[-1]["player"], **command})
        with pytest.raises(IllegalCommandError, match="not a command in force"):
            game.plan_correction(seq + 1, {"type": "draw", "card": RIGHT})
        assert (snapshot(game.state), game.done, len(log.commands(game.game_id))) == before
