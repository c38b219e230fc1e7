"""The app's controller plays the tiny test edition (one 12-space ring, two dice, no speed die,
no Pool): whole seeded games through the verbs the screens and buttons use, the dice entered
as the touch screen enters them, with views drawn from the tiny edition throughout."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.banker.ledger import POOL
from companion.banker.state import snapshot
from companion.editions import Edition
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.rules.movement import Roll, resolve_roll
from companion.rules.situation import Situation
from tests.ui.test_controller import play_until
from ui import viewmodels as vm
from ui.edition import table_edition
from ui.explain import explain


def test_the_app_starts_a_tiny_game_and_rolls_two_dice(make_controller, tiny: Edition) -> None:
    c = make_controller()
    assert c.start_game([{"name": "Ann"}, {"name": "Bob"}], {}, edition=tiny), c.view.notice
    assert c.game is not None and c.game.state.edition is tiny and table_edition() is tiny
    d = c.view.decision
    assert d is not None and d.kind == "order_roll"  # nothing to deal in this edition
    assert c.enter_roll(d.id, [6, 6]) and c.enter_roll(c.view.decision.id, [1, 2])
    d = c.view.decision
    assert (d.kind, d.player, d.dice) == ("roll", "Ann", (2, False))  # the dialog's dice
    assert c.enter_roll(d.id, [5, 6]), c.view.notice
    state = c.game.state
    assert state.seat("Ann").position == tiny.board.space("Income Tax")
    assert (state.cash["Ann"], state.cash[POOL]) == (tiny.numbers.starting_cash - 50, 0)
    assert c.view.pool_text == ""
    # A speed die read by a module made for Ultimate counts for nothing: Bob moves 1+2.
    assert c.enter_roll(c.view.decision.id, [1, 2, "mr"]), c.view.notice
    assert c.game.state.seat("Bob").position == tiny.board.jail
    rolled = [e["dice"] for e in c.game.all_events() if e["type"] == "rolled"]
    assert rolled == [[5, 6, None], [1, 2, None]]
    board = vm.board_view(c.game.state, "en")
    assert [s.name for s in board.spaces][:3] == ["GO", "Old Lane", "Community Chest"]


@pytest.mark.parametrize(("seed", "count"), [(2, 2), (9, 3)])
def test_seeded_tiny_games_play_through_the_app_s_controller(
    make_controller, tiny, seed, count
) -> None:
    c = make_controller()
    names = [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")[:count]]
    assert c.start_game(names, {}, edition=tiny), c.view.notice
    views: list[vm.TableView] = []
    c.subscribe(views.append)
    n = play_until(c, random.Random(seed), lambda c: False, cap=600)
    assert c.view.over, f"no winner after {n} commands"
    assert c.game is not None and len(views) > n
    assert [p.name for p in c.view.players if not p.bankrupt] == [c.view.winner]
    events = c.game.all_events()
    assert not [e for e in events if e["type"] == "transfer" and POOL in (e["from"], e["to"])]
    assert all(e["dice"][2] is None for e in events if e["type"] == "rolled")
    assert {s.position.track for s in c.game.state.seats} == {"ring"}
    with GameLog(c.db_path, readonly=True) as log:
        again = Game.resume(log, c.game.game_id)
    assert again.state.edition is tiny and snapshot(again.state) == snapshot(c.game.state)
    assert all(row.text for row in c.history())


def test_the_app_explains_a_tiny_move_with_fees_to_the_bank(make_controller, tiny: Edition) -> None:
    """The referee's notes say where a fee goes: to the Bank in an edition without a Pool."""
    c = make_controller()
    assert c.start_game([{"name": "Ann"}, {"name": "Bob"}], {}, edition=tiny), c.view.notice
    lands_on_tax = Situation.fresh(tiny.board.space("Mill Road"), name="Ann", edition=tiny)
    jailed = replace(
        lands_on_tax,
        players=(
            replace(lands_on_tax.players[0], in_jail=True, jail_turns=2, position=tiny.board.jail),
        ),
    )
    said = {
        lang: [
            explain(resolve_roll(tiny.board, lands_on_tax, Roll(3, 4), player="Ann"), lang)[0],
            explain(resolve_roll(tiny.board, jailed, Roll(1, 2), player="Ann"), lang)[0],
            explain(
                resolve_roll(tiny.board, jailed, Roll(1, 2), player="Ann", leave_jail="bail"), lang
            )[0],
        ]
        for lang in ("en", "fr")
    }
    assert said == {
        "en": [
            "Pay $50 for Income Tax to the Bank.",
            "Third failed roll: pay $50 bail to the Bank.",
            "You pay $50 bail to the Bank before rolling.",
        ],
        "fr": [
            "Payez 50\u00a0$ à la Banque pour Income Tax.",
            "Troisième essai manqué\u00a0: payez 50\u00a0$ de caution à la Banque.",
            "Vous payez 50\u00a0$ de caution à la Banque avant de lancer les dés.",
        ],
    }
