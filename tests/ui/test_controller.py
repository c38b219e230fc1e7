"""The table's controller, headless: whole games through its verbs with a real SQLite log, one
transfer for a doubled answer, stale ids and bad input refused in one line with nothing changed,
undo that stops at the dice, corrections, resume, setup and export."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.banker.engine import new_game
from companion.banker.state import snapshot
from companion.game import Game
from companion.log.gamelog import GameLog, LogMovedOnError
from companion.simulator.players import RandomPlayer
from tests.broken_games import AUCTION, log_broken_game, pending
from ui.controller import RANDOM_COMMANDS, TableController, one_line
from ui.setup_store import SetupStore

PLAYERS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


class Ticks:
    """A scripted monotonic clock (seconds): the inputs' times and the input gate's."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def step(c: TableController, player: RandomPlayer) -> bool:
    """One command of the random player, given through the verb a screen or a button uses:
    a choice by position, a choice with its free fields (a dialog), the dice by touch, or an
    any-time command (a player sheet)."""
    assert c.game is not None and c.view.decision is not None
    command = player.choose(c.game.state)
    d = c.view.decision
    for i, choice in enumerate(d.choices):
        if not choice.free and {**choice.command, "player": choice.player} == command:
            return c.answer(d.id, i)
    for i, choice in enumerate(d.choices):
        if not choice.free or choice.player != command["player"]:
            continue
        fields = set(choice.command) | set(choice.free) | {"player"}
        same = all(command.get(k) == v for k, v in choice.command.items())
        if same and set(command) == fields:
            if set(choice.free) == {"dice"}:
                return c.enter_roll(d.id, command["dice"])
            return c.answer(d.id, i, **{k: command[k] for k in choice.free})
    return c.anytime(d.id, command)


def play_until(
    c: TableController, rng: random.Random, done: Callable[[TableController], bool], cap: int
) -> int:
    player = RandomPlayer(rng)
    for n in range(cap):
        if done(c) or c.view.over:
            return n
        assert step(c, player), c.view.notice
    return cap


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Callable[..., TableController]]:
    made: list[TableController] = []

    def build(name: str = "games.db", **options: Any) -> TableController:
        store = options.pop("store", None) or SetupStore(tmp_path / "setup.json")
        c = TableController(db_path=tmp_path / name, store=store, **options)
        made.append(c)
        return c

    yield build
    for c in made:
        c.close()


def started(make: Callable[..., TableController], players: list[dict[str, Any]] = PLAYERS):
    c = make()
    assert c.start_game(players, {}), c.view.notice
    return c


def transfers(c: TableController) -> int:
    assert c.game is not None
    return sum(1 for e in c.game.all_events() if e["type"] == "transfer")


def logged(c: TableController) -> int:
    assert c.game is not None and c.game.game_id is not None
    return len(c.log.commands(c.game.game_id))


# -- Whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "count"), [(1, 2), (2, 3)])
def test_random_players_play_whole_games_through_the_controller(make, seed, count):
    c = started(make, [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")[:count]])
    views = []
    c.subscribe(views.append)
    n = play_until(c, random.Random(seed), lambda c: False, cap=2500)
    assert c.view.over, f"no winner after {n} commands"
    assert c.view.winner is not None and c.view.decision is None
    assert [p.name for p in c.view.players if not p.bankrupt] == [c.view.winner]
    assert len(views) > n  # every change reached the listener
    # The log holds the game: resumed from the file alone, it is the same state.
    with GameLog(c.db_path, readonly=True) as log:  # a reader beside the app
        again = Game.resume(log, c.game.game_id)
    assert snapshot(again.state) == snapshot(c.game.state)
    history = c.history()
    assert history[-1].kind == "game_over" and c.view.winner in history[-1].text
    series = c.net_worth()
    assert sorted(series) == sorted(p.name for p in c.view.players)
    assert all(len(v) == len(c.game.done) + 1 for v in series.values())
    assert series[c.view.winner][-1] > 0


def test_a_game_in_progress_resumes_with_its_undo_and_history(make):
    c = started(make)
    play_until(c, random.Random(3), lambda c: False, cap=120)
    before = snapshot(c.game.state)
    c.close()  # the app is closed and started again: one writer of the log at a time
    again = make()
    assert again.resume(c.game.game_id), again.view.notice
    assert snapshot(again.game.state) == before
    assert again.view.place == "table"
    assert again.can_undo() == c.can_undo() and again.undo_text() == c.undo_text()
    assert again.net_worth() == c.net_worth()


def test_a_game_that_cannot_be_resumed_is_named_and_not_offered(make, tmp_path):
    """Issue 21: a game an older companion logged with a broken pending decision (an auction
    without its high bid) crashed every start of the app, which offered it first."""
    with GameLog(tmp_path / "games.db") as log:
        playable = Game.new(PLAYERS, log=log).game_id
    broken = log_broken_game(tmp_path / "games.db")
    c = make()

    games = c.saved_games()

    assert [g["id"] for g in games] == [broken, playable]
    assert games[0]["problem"] == CANNOT_RESUME
    assert games[1]["problem"] is None
    assert not c.resume(broken)
    assert c.game is None and "cannot be resumed" in c.view.notice and "\n" not in c.view.notice
    assert c.resume(), c.view.notice  # the game offered: the newest that can be resumed
    assert c.game.game_id == playable and c.view.place == "table"


#: What the app says of a game an older companion logged broken: no file path, no command to
#: type, no engine field name (``companion log check`` says those).
CANNOT_RESUME = (
    "This game cannot be resumed: it was saved by an older version of the companion, with a "
    "fault in the question it was waiting on. Start a new game."
)


def test_a_game_that_cannot_be_resumed_is_named_in_the_table_s_language(make, tmp_path):
    log_broken_game(tmp_path / "games.db")
    c = make(lang="fr")

    (game,) = c.saved_games()

    assert game["problem"] == (
        "Cette partie ne peut pas être reprise\u00a0: une ancienne version du compagnon l'a "
        "enregistrée avec une erreur dans la question en attente. Commencez une nouvelle partie."
    )


@pytest.mark.parametrize(
    ("lang", "notice"),
    [
        (
            "en",
            "This game was saved for Ultimate Monopoly by a newer companion: update this one to "
            "play it. Nothing was changed.",
        ),
        (
            "fr",
            "Cette partie a été enregistrée pour Ultimate Monopoly par un compagnon plus "
            "récent\u00a0: mettez celui-ci à jour pour la jouer. Rien n'a changé.",
        ),
    ],
)
def test_a_game_of_a_newer_edition_is_listed_by_its_edition_and_refused_on_screen(
    make, tmp_path, lang, notice
):
    """Issue 24: a game recorded with a newer data version of its edition (or an edition this
    companion does not have) is listed with its edition and why it cannot be played; Resume
    refuses it in the table's words, the game log as it was."""
    db = tmp_path / "games.db"
    events = new_game(PLAYERS)
    events[0]["edition"] = {"id": "ultimate", "version": 2}
    with GameLog(db) as log:
        playable = Game.new(PLAYERS, log=log).game_id
        newer = Game.started(events, log=log).game_id
    before = db.read_bytes()
    c = make(lang=lang)

    games = c.saved_games()

    assert [(g["id"], g["edition"], g["problem"]) for g in games] == [
        (newer, "Ultimate Monopoly", notice),
        (playable, "Ultimate Monopoly", None),
    ]
    assert not c.resume(newer)
    assert c.game is None and c.view.notice == notice
    c.close()
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    ("holder", "lang", "notice"),
    [
        (
            "'companion play'",
            "en",
            "'companion play' has this game open: close it there first, then try again. "
            "Nothing was changed.",
        ),
        (
            "'companion play'",
            "fr",
            "'companion play' a cette partie ouverte\u00a0: fermez-la d'abord là-bas, puis "
            "réessayez. Rien n'a changé.",
        ),
        (
            "the companion app",
            "en",
            "Another companion app has this game open: close it there first, then try again. "
            "Nothing was changed.",
        ),
        (
            "the companion app",
            "fr",
            "Une autre application du compagnon a cette partie ouverte\u00a0: fermez-la d'abord "
            "là-bas, puis réessayez. Rien n'a changé.",
        ),
        (
            "a companion",  # GameLog's holder when none is named
            "fr",
            "Un autre programme du compagnon a cette partie ouverte\u00a0: fermez-la d'abord "
            "là-bas, puis réessayez. Rien n'a changé.",
        ),
    ],
)
def test_a_game_open_in_another_program_is_refused_in_the_table_s_words(
    make, tmp_path, holder, lang, notice
):
    """Issue 21's lock seen from the app: the notice names who holds the game, in the table's
    language, without the file's path or the process number, and the app changes nothing."""
    with GameLog(tmp_path / "games.db") as log:
        game_id = Game.new(PLAYERS, log=log).game_id
    c = make(lang=lang)
    with GameLog(tmp_path / "games.db", holder=holder):
        assert not c.resume(game_id)
        assert not c.start_game(PLAYERS, {})
    assert c.game is None and c.view.notice == notice
    with GameLog(tmp_path / "games.db", readonly=True) as log:
        assert [g["id"] for g in log.games()] == [game_id]


def test_the_game_moved_on_in_another_window_is_said_in_the_table_s_words(make) -> None:
    make(lang="fr")  # the language the app words its notices in

    assert one_line(LogMovedOnError("the game moved on in another window: game 1 in 'x'")) == (
        "Rien d'enregistré\u00a0: la partie a avancé ailleurs. Relancez l'application pour la voir."
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (json.dumps(pending(AUCTION, high=None)), "situation: pending.decision.data.high: missing"),
        (
            '{"players": [{"name": "Ann", "position": "GO", "cash": 1, "vouchers": []},'
            ' {"name": "Bob", "position": "GO", "cash": 1, "vouchers": []}],'
            ' "properties": {"Boardwalk": {"owner": "Ann"}, "Boardwalk": {"owner": "Bob"}}}',
            "situation: properties: 'Boardwalk' is given twice",
        ),
    ],
)
def test_a_situation_that_cannot_be_answered_is_refused_and_logs_nothing(make, text, words):
    c = make()

    assert not c.start_from_situation(text)

    assert c.game is None and c.view.notice.startswith(words) and "\n" not in c.view.notice
    assert c.saved_games() == []


def test_no_game_is_offered_when_none_can_be_resumed(make, tmp_path):
    log_broken_game(tmp_path / "games.db")
    c = make()

    assert not c.resume()
    assert c.game is None and c.view.notice == "No saved game to resume: start a new one"


# -- One answer, one transfer ---------------------------------------------------------------------


def buying(make: Callable[..., TableController]) -> tuple[TableController, int]:
    c = started(make)
    play_until(
        c,
        random.Random(2),
        lambda c: (
            c.view.decision is not None and any(ch.key == "buy" for ch in c.view.decision.choices)
        ),
        cap=400,
    )
    d = c.view.decision
    assert d is not None and d.kind == "buy_or_auction"
    return c, next(i for i, ch in enumerate(d.choices) if ch.key == "buy")


def test_a_double_tap_on_buy_moves_the_money_once(make):
    c, buy = buying(make)
    d = c.view.decision
    label = d.choices[buy].label
    price = d.choices[buy].facts["price"]
    assert label == f"Buy for ${price:,}"
    cash, count, rows = c.game.state.cash[d.player], transfers(c), logged(c)
    assert c.answer(d.id, buy) is True
    assert c.answer(d.id, buy) is False  # the second tap names a decision no longer in force
    assert transfers(c) == count + 1
    assert c.game.state.cash[d.player] == cash - price
    assert logged(c) == rows + 1
    assert f"#{d.id}" in c.view.notice and "\n" not in c.view.notice
    # The flash of the one transfer shows both balances, before and after.
    (flash,) = [f for f in c.view.flashes if f.amount == price] or [None]
    assert flash is None or flash.payer_before == f"${cash:,}"


def test_the_engine_also_refuses_a_stale_id_sent_as_a_command(make):
    c, buy = buying(make)
    d = c.view.decision
    assert c.answer_command(d.id, {"type": "buy"})
    state, count = c.game.state, transfers(c)
    assert not c.answer_command(d.id, {"type": "buy"})
    assert c.game.state is state and transfers(c) == count


# -- Refusals: one line, nothing changed -----------------------------------------------------------


def test_bad_input_gives_a_one_line_notice_and_changes_nothing(make, tmp_path):
    c = started(make)
    play_until(c, random.Random(4), lambda c: c.view.decision.kind == "roll", cap=200)
    d = c.view.decision
    bad: list[Callable[[], Any]] = [
        lambda: c.answer(d.id - 1, 0),  # stale
        lambda: c.answer(d.id, 99),
        lambda: c.answer(d.id, "first"),  # type: ignore[arg-type]
        lambda: c.answer(d.id, 0),  # the roll needs its dice
        lambda: c.answer(True, 0),  # type: ignore[arg-type]
        lambda: c.answer_command(d.id, {"type": "nonsense"}),
        lambda: c.answer_command(d.id, {"type": "buy"}),
        lambda: c.answer_command(d.id, "roll"),  # type: ignore[arg-type]
        lambda: c.enter_roll(d.id, (7, 1, "mr")),
        lambda: c.enter_roll(d.id, (3,)),
        lambda: c.enter_roll(d.id, ("a", "b", "c")),
        lambda: c.enter_roll(d.id, (3, 4, "seven")),
        lambda: c.anytime(d.id, {"type": "build", "property": "Boardwalk"}),  # no player
        lambda: c.anytime(d.id, {"type": "build", "player": "Ann", "property": "Nowhere"}),
        lambda: c.confirm_roll(d.id),  # nothing proposed
        lambda: c.press(9),
        lambda: c.press(1),  # the roll: throw the dice first
        lambda: c.press(1, decision_id=d.id - 1),
        lambda: c.action("dance"),
        lambda: c.reread(),
        lambda: c.set_language("xx"),
        lambda: c.correct({"type": "nonsense"}),
        lambda: c.correct_roll((9, 9)),
        lambda: c.start_game([{"name": "Solo"}], {}),
        lambda: c.start_game([{"name": "Ann"}, {"name": "ann"}], {}),
        lambda: c.start_game(PLAYERS, {"no_such_rule": True}),
        lambda: c.start_from_situation("{not json"),
        lambda: c.start_from_situation('{"players": []}'),
        lambda: c.resume(999),
        lambda: c.export("pdf", tmp_path / "out.pdf"),
        lambda: c.go("nowhere"),
    ]
    state, games, rows = c.game.state, len(c.saved_games()), logged(c)
    for i, call in enumerate(bad):
        c._notice = ""
        result = call()
        assert result in (False, None), (i, c.view.notice)
        assert c.view.notice and "\n" not in c.view.notice, call
        assert c.game.state is state, call
        assert len(c.saved_games()) == games and logged(c) == rows, call
    assert not (tmp_path / "out.pdf").exists()


def test_no_game_yet_every_verb_says_so(make):
    c = make()
    assert not c.view.has_game and c.view.place == "setup"
    for call in (
        lambda: c.answer(1, 0),
        lambda: c.press(1),
        lambda: c.undo(),
        lambda: c.go("table"),
    ):
        assert call() in (False, None)
        assert "No game yet" in c.view.notice
    assert c.history() == [] and c.net_worth() == {}


# -- Undo and corrections --------------------------------------------------------------------------


def test_undo_takes_back_a_purchase_but_never_the_dice(make):
    c, buy = buying(make)
    d = c.view.decision
    cash = c.game.state.cash[d.player]
    assert c.answer(d.id, buy)
    assert c.can_undo() and c.view.can_undo
    text = c.undo_text()
    # The purchase's words name the buyer: the name is not said twice.
    assert text.startswith(f"Undo: {d.player} pays the Bank "), text
    # Whatever came after the purchase goes first; then the purchase itself.
    while c.game.done[-1]["type"] != "buy":
        assert c.undo(), c.view.notice
    assert c.undo()
    assert c.game.state.cash[d.player] == cash
    assert c.view.decision.kind == "buy_or_auction"
    # The throw (or the card) before it stays: undo never goes past what the table saw.
    assert c.game.done[-1]["type"] in RANDOM_COMMANDS
    state = c.game.state
    assert not c.undo() and c.game.state is state
    assert "correct the roll" in c.view.notice and not c.view.can_undo
    # The history keeps the purchase, struck, and the correction that took it back.
    rows = c.history()
    undo_row = [r for r in rows if r.kind == "correction"][-1]
    struck = [r for r in rows if r.corrected_by == undo_row.seq]
    assert struck and all(r.corrected for r in struck)
    assert struck[0].seq == undo_row.correction_of


def test_a_misread_roll_is_corrected_in_place(make):
    c = started(make)
    play_until(c, random.Random(6), lambda c: c.view.decision.kind == "roll", cap=200)
    d = c.view.decision
    player = d.player
    start = c.game.state.seat(player).position.key
    assert c.enter_roll(d.id, (1, 2, "1"))
    assert c.game.done[-1]["dice"] == [1, 2, 1]
    assert c.correct_roll((2, 3, "2")), c.view.notice
    assert c.game.done[-1]["type"] == "roll" and c.game.done[-1]["dice"] == [2, 3, 2]
    # The misread roll stays in the history, struck, corrected by the undo row after it.
    rows = c.history()
    (undo_row,) = [r for r in rows if r.kind == "correction"]
    struck = [r for r in rows if r.corrected]
    assert struck and {r.corrected_by for r in struck} == {undo_row.seq}
    assert any(r.kind == "rolled" and "1+2" in r.text for r in struck)
    assert any(r.kind == "rolled" and "2+3" in r.text and not r.corrected for r in rows)
    assert c.game.state.seat(player).position.key != start


def test_a_refused_correction_changes_nothing_in_the_log_or_on_the_table(make):
    # Issue 21: a correction carrying a dice reading applied already (the first order roll's)
    # was checked by the engine only: the undo was logged, then the replacement refused.
    c = started(make, PLAYERS[:2])
    play_until(c, random.Random(3), lambda c: c.view.decision.kind == "order_roll", cap=20)
    d = c.view.decision
    assert c.answer_command(d.id, {"type": "order_roll", "dice": [6, 6], "reading": "k1"})
    assert c.answer_command(c.view.decision.id, {"type": "order_roll", "dice": [1, 2]})
    before = (logged(c), snapshot(c.game.state), c.game.done, c.undo_text())
    assert not c.correct({"type": "order_roll", "dice": [2, 3], "reading": "k1"})
    assert "reading 'k1' has been applied already" in c.view.notice
    assert (logged(c), snapshot(c.game.state), c.game.done, c.undo_text()) == before
    assert c.correct({"type": "order_roll", "dice": [2, 3]}), c.view.notice
    assert logged(c) == before[0] + 2 and c.game.done[-1]["dice"] == [2, 3]


# -- Setup --------------------------------------------------------------------------------------


def test_a_roll_three_card_the_deck_cannot_have_dealt_is_said_for_either_deck(make):
    """D4 and P12: a player holds only a card still in the deck; the rules' deck has one of each
    card, the printed action cards two of each of their 18 combinations and none of the others."""
    c = make()
    twice = [("Ann", "1-2-3"), ("Bob", "1-2-3")]

    assert c.roll_three_problem(twice) == (
        "Bob's Roll Three card 1-2-3 is already held by Ann: the deck has one 1-2-3."
    )
    assert c.roll_three_problem(twice, action_cards=True) == ""
    assert c.roll_three_problem([*twice, ("Cy", "1-2-3")], action_cards=True) == (
        "Cy's Roll Three card 1-2-3 is already held by Ann, Bob: the deck has two 1-2-3."
    )
    assert c.roll_three_problem([("Ann", "2-3-5")], action_cards=True) == (
        "The printed action cards have no Roll Three card 2-3-5."
    )
    assert c.roll_three_problem([("Ann", "2-3-5")]) == ""


def test_setup_deals_the_cards_given_and_remembers_the_table(make, tmp_path):
    fresh = Game.new(PLAYERS)
    (option,) = fresh.state.decision.options
    vouchers = option["free"]["voucher"]["one_of"]
    cards = option["free"]["roll_three"]["one_of"]
    players = [
        {"name": p["name"], "token": "dog", "colour": "#112233", "voucher": vouchers[i],
         "roll_three": cards[i]}
        for i, p in enumerate(PLAYERS)
    ]  # fmt: skip
    c = make()
    assert c.start_game(players, {"time_limit": True}), c.view.notice
    assert c.view.decision.kind == "order_roll" and c.view.place == "table"
    assert [s.roll_three for s in c.game.state.seats] == [(cards[0],), (cards[1],), (cards[2],)]
    assert c.game.state.rules.time_limit
    store = SetupStore(tmp_path / "setup.json")
    assert [p["name"] for p in store.players] == ["Ann", "Bob", "Cy"]
    assert store.rules == {"time_limit": True} and store.last_game == c.game.game_id
    assert "voucher" not in store.players[0]
    assert [g["id"] for g in c.saved_games()] == [c.game.game_id]


def test_setup_refuses_half_a_deal_and_leaves_no_game(make):
    c = make()
    assert not c.start_game([{"name": "Ann", "voucher": "x"}, {"name": "Bob"}], {})
    assert c.game is None and c.saved_games() == []
    assert "\n" not in c.view.notice


def test_start_from_a_situation(make):
    situation = {
        "players": [
            {"name": "Ann", "position": "Boardwalk", "cash": 500, "vouchers": []},
            {"name": "Bob", "position": "GO", "cash": 900, "vouchers": []},
        ],
        "to_move": "Bob",
    }
    c = make()
    assert c.start_from_situation(json.dumps(situation)), c.view.notice
    assert c.game.state.cash["Ann"] == 500 and c.view.decision.player == "Bob"
    assert [chip.cash_text for chip in c.view.players] == ["$500", "$900"]


def test_the_setup_store_writes_atomically_and_survives_a_damaged_file(tmp_path):
    path = tmp_path / "companion" / "setup.json"
    store = SetupStore(path)
    store.save(players=[{"name": "Ann", "voucher": "v"}], lang="fr")
    assert json.loads(path.read_text())["players"] == [{"name": "Ann"}]
    assert [p.name for p in path.parent.iterdir()] == ["setup.json"]  # no temporary left
    path.write_text("{half a file")
    again = SetupStore(path)
    assert again.lang == "en" and again.problem
    assert (path.parent / "setup.json.bad").exists()
    path.write_text(json.dumps({"lang": 3, "players": [{"name": "Bo"}]}))
    assert SetupStore(path).lang == "en" and SetupStore(path).players == [{"name": "Bo"}]


def test_the_store_lives_in_the_xdg_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert SetupStore().path == tmp_path / "companion" / "setup.json"


# -- The other screens --------------------------------------------------------------------------


def test_export_in_the_history_formats(make, tmp_path):
    c = started(make)
    play_until(c, random.Random(8), lambda c: False, cap=60)
    for fmt in ("text", "jsonl", "csv"):
        path = c.export(fmt, tmp_path / f"game.{fmt}")
        assert path is not None and path.stat().st_size > 0
    assert (tmp_path / "game.text").read_text().startswith(f"Game {c.game.game_id}")
    first = json.loads((tmp_path / "game.jsonl").read_text().splitlines()[0])
    assert first["game"] == c.game.game_id
    assert (tmp_path / "game.csv").read_text().startswith("game,command_seq")


def test_history_filters_by_player(make):
    c = started(make)
    play_until(c, random.Random(9), lambda c: False, cap=150)
    rows = c.history("Bob")
    assert rows and len(rows) < len(c.history())
    for r in rows:
        if r.kind == "transfer":
            assert "Bob" in r.text and r.delta_text[:1] in ("+", "\u2212")


def test_the_referee_answers_without_changing_the_game(make):
    c = started(make)
    play_until(c, random.Random(10), lambda c: c.view.decision.kind == "roll", cap=200)
    state = c.game.state
    view = c.ask_referee("States Avenue", (2, 1, "2"))
    assert view.path[-1] == "middle:18" and view.landing == "Tennessee Avenue"
    assert view.sentence and c.game.state is state
    bad = c.ask_referee("Nowhere Street", (2, 1, "2"))
    assert bad.error and c.view.notice == bad.error and c.game.state is state


def test_language_switch_rewords_the_view(make):
    c = started(make)
    assert c.view.decision.prompt.startswith("Ann: draw your starting")
    if "fr" not in __import__("companion.messages", fromlist=["languages"]).languages():
        pytest.skip("no French catalogue of the engine yet")
    assert c.set_language("fr")
    assert c.view.lang == "fr" and c.view.decision.prompt != "" and c.store.lang == "fr"
    assert c.set_language("en")


# -- What the screens pick from ---------------------------------------------------------------


def test_setup_choices_are_the_engines_and_start_a_dealt_game(make):
    from companion.banker.engine import COLOURS, TOKENS

    c = make()
    choices = c.setup_choices()
    assert choices.tokens == TOKENS and [n for n, _rgba in choices.colours] == list(COLOURS)
    assert all(len(rgba) == 4 and all(0 <= x <= 1 for x in rgba) for _n, rgba in choices.colours)
    assert choices.colours[0][1] != choices.colours[1][1]
    assert (choices.min_players, choices.max_players) == (2, 12)
    assert "1-3-6" in choices.roll_three
    assert len(c.setup_choices(action_cards=True).roll_three) == 18
    ids = [v for v, _title in choices.vouchers]
    assert "voucher-bus-ticket" in ids and all(title for _v, title in choices.vouchers)
    rules = {key: (default, title, line) for key, default, title, line in choices.house_rules}
    assert rules["triples_pay_salaries"][0] is True and rules["time_limit"][0] is False
    assert all(title and line for _d, title, line in rules.values())
    players = [
        {"name": n, "voucher": ids[i], "roll_three": choices.roll_three[i]}
        for i, n in enumerate(("Ann", "Bob"))
    ]
    assert c.start_game(players, {}), c.view.notice
    assert [s.vouchers for s in c.game.state.seats] == [(ids[0],), (ids[1],)]
    assert c.set_language("fr")
    french = c.setup_choices()
    assert french.tokens == choices.tokens
    assert french.house_rules[0][2] == "Les triples paient les salaires"


def test_a_house_rule_s_amount_is_money_in_the_table_s_language(make):
    from ui.i18n import money

    c = make()
    rules = {key: line for key, _d, _t, line in c.setup_choices().house_rules}
    assert rules["birthday_from_players"].startswith("Birthday Gift: each other player gives $100")
    assert c.set_language("fr")
    rules = {key: line for key, _d, _t, line in c.setup_choices().house_rules}
    assert f"donne {money(100, 'fr')}, au lieu" in rules["birthday_from_players"]


def test_setup_choices_word_every_token_and_colour_beside_the_engines_value(make):
    """The setup screen showed the engine's values ("car", "red") raw: each comes with its
    label in the table's language, and the value (what start_game sends) is unchanged."""
    from companion.banker.engine import COLOURS, TOKENS

    c = make()
    english = c.setup_choices()
    assert [v for v, _label in english.token_labels] == list(TOKENS)
    assert [v for v, _label in english.colour_labels] == list(COLOURS)
    assert dict(english.token_labels)["car"] == "Car"
    assert dict(english.colour_labels)["red"] == "Red"
    assert c.set_language("fr")
    french = c.setup_choices()
    tokens, colours = dict(french.token_labels), dict(french.colour_labels)
    assert (tokens["car"], tokens["hat"], tokens["thimble"]) == (
        "Voiture",
        "Chapeau",
        "Dé à coudre",
    )
    assert (colours["red"], colours["blue"], colours["grey"]) == ("Rouge", "Bleu", "Gris")
    # Every one is worded, and no two seats' choices read the same.
    pairs = ((tokens, dict(english.token_labels)), (colours, dict(english.colour_labels)))
    for words, english_words in pairs:
        assert len(set(words.values())) == len(words)
        assert all(words[v] != english_words[v] for v in words if v not in ("orange", "cyan"))
    assert french.tokens == TOKENS and [n for n, _rgba in french.colours] == list(COLOURS)


TRADE_TABLE = {
    "players": [
        {
            "name": "Ann",
            "position": "GO",
            "cash": 1000,
            "vouchers": ["voucher-bus-ticket"],
            "roll_three": ["1-3-6"],
            "cards": ["chance-get-out-of-jail-free"],
            "shares": {"Motion Pictures": 2},
        },
        {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
    ],
    "to_move": "Ann",
    "properties": {"Baltic Avenue": {"owner": "Ann", "mortgaged": True}},
}


def test_tradables_carry_what_the_trade_command_needs(make):
    c = make()
    assert c.start_from_situation(json.dumps(TRADE_TABLE)), c.view.notice
    items = c.tradables("Ann")
    kinds = [(i.kind, i.value) for i in items]
    assert kinds.count(("shares", "Motion Pictures")) == 2
    assert ("properties", "Baltic Avenue") in kinds and ("roll_three", "1-3-6") in kinds
    assert ("vouchers", "voucher-bus-ticket") in kinds
    assert ("cards", "chance-get-out-of-jail-free") in kinds
    baltic = next(i for i in items if i.value == "Baltic Avenue")
    assert "mortgaged" in baltic.label
    assert c.tradables("Bob") == () and c.tradables("Nobody") == () and "Nobody" in c.view.notice
    # Every item, given as the trade dialog gives it, is a trade the engine accepts.
    give = {
        "properties": ["Baltic Avenue"],
        "shares": {"Motion Pictures": 2},
        "vouchers": ["voucher-bus-ticket"],
        "roll_three": ["1-3-6"],
        "cards": ["chance-get-out-of-jail-free"],
    }
    command = {"type": "trade", "player": "Ann", "with": "Bob", "give": give}
    assert c.anytime(c.decision_id, command), c.view.notice
    assert c.game.state.holdings["Baltic Avenue"].owner == "Bob"
    assert c.tradables("Ann") == ()


def test_the_referee_lists_only_what_it_can_answer(make):
    c = make()
    cards, vouchers = c.referee_cards(), c.referee_vouchers()
    assert len(cards) > 100 and len({t for _i, t in cards}) == len(cards)
    assert "chance-gps-is-not-working" not in dict(cards)  # the drawer chooses the space
    assert {v for v, _t in vouchers} == {
        f"voucher-free-cab-fare-{way}-{n}" for way in ("back", "ahead") for n in (1, 2, 3)
    }
    # Bob holds no voucher: the referee answers "what if" all the same.
    assert c.start_from_situation(json.dumps({**TRADE_TABLE, "to_move": "Bob"})), c.view.notice
    state = c.game.state
    for card_id, _title in cards:
        assert not c.ask_referee("outer:9", (3, 4, "1"), card=card_id).error, card_id
    for voucher_id, _title in vouchers:
        assert not c.ask_referee("middle:5", voucher=voucher_id).error, voucher_id
    assert c.game.state is state


# -- Auto-confirm of a dice reading -----------------------------------------------------------


class FakeClock:
    """The app's ``Clock.schedule_once`` stand-in: calls wait until the test runs them."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, delay: float, fn: Callable[[], None]) -> None:
        self.calls.append((delay, fn))

    def run(self) -> None:
        calls, self.calls = self.calls, []
        for _delay, fn in calls:
            fn()


def reading(throw: int, dice: tuple[int, ...] = (3, 4), speed: str | None = "1") -> Any:
    from hardware.readings import DiceReading

    return DiceReading(module="m", boot="b", throw=throw, read=1, dice=dice, speed=speed)


def rolling(make, clock: FakeClock, seconds: int, tmp_path: Path) -> TableController:
    store = SetupStore(tmp_path / "setup.json")
    store.save(auto_confirm=seconds)
    c = make(store=store, schedule=clock)
    choices = c.setup_choices()
    players = [
        {"name": n, "voucher": choices.vouchers[0][0], "roll_three": choices.roll_three[i]}
        for i, n in enumerate(("Ann", "Bob"))
    ]
    assert c.start_game(players, {}), c.view.notice
    assert c.view.decision.dice is not None, c.view.decision.kind
    return c


def test_a_reading_is_made_a_command_once_and_confirm_applies_that_command(make, tmp_path):
    """The throw read becomes the decision's command when it is read (the speed die left
    out where it does not count, the reading's key and the decision's id in it); Confirm
    records that very command."""
    c = rolling(make, FakeClock(), 0, tmp_path)
    decision = c.decision_id
    c.on_reading(reading(1, (3, 4), "mr"))
    command = c.view.proposal.command
    assert command.player == c.view.decision.player
    assert (command.reading, command.decision) == ("b:1", decision)
    assert command.to_json()["dice"][:2] == [3, 4]
    assert c.confirm_roll(decision), c.view.notice
    logged = command.to_json()
    assert {k: c.game.done[-1][k] for k in logged} == logged
    assert c.game.has_reading("b:1") and c.view.proposal is None


def test_the_engine_rolls_the_reader_s_very_roll_and_parses_no_text(make, tmp_path, monkeypatch):
    """One typed roll from the reader to the engine: the reading's ``roll``, made with the
    reading, is the object the proposal's command carries and the turn's roll moves with; no
    text is parsed on the way (the parser is made to fail)."""
    from companion.banker import turns
    from companion.rules.movement import Roll

    c = rolling(make, FakeClock(), 0, tmp_path)
    for throw, dice in ((1, (3, 4)), (2, (1, 2))):  # the turn order: the first starts
        c.on_reading(reading(throw, dice))
        assert c.confirm_roll(c.decision_id), c.view.notice
    assert c.game.state.decision.kind == "roll", c.game.state.decision
    read = reading(3, (5, 6), "mr")
    assert read.roll == Roll(5, 6, "mr")

    def no_parse(*args: Any, **kwargs: Any) -> Roll:
        raise AssertionError("the throw was parsed again from text")

    rolled: list[Roll] = []
    played = turns._roll
    monkeypatch.setattr(Roll, "parse", no_parse)
    monkeypatch.setattr(
        turns, "_roll", lambda tx, player, r: (rolled.append(r), played(tx, player, r))[1]
    )
    c.on_reading(read)
    assert c.view.proposal.command.dice is read.roll
    # The proposal following the decision posed again under a new id keeps that roll.
    c._proposal = dataclasses.replace(c._proposal, decision_id=-1)
    c._refresh_proposal()
    assert c._proposal.decision_id == c.decision_id and c._proposal.command.dice is read.roll
    assert c.confirm_roll(c.decision_id), c.view.notice
    assert len(rolled) == 1 and rolled[0] is read.roll
    assert c.game.done[-1]["dice"] == [5, 6, "mr"]


def test_a_throw_read_in_jail_is_not_the_roll_after_bail(make):
    """002, "Jail": bail is paid "before you roll the dice". A throw read in jail (3+4, no
    doubles; the speed die does not count there) is dropped when bail is paid instead of
    confirming it: the roll after bail is thrown anew, with the speed die."""
    table = {
        "players": [
            {"name": "Ann", "position": "middle:10", "in_jail": True, "cash": 1000, "vouchers": []},
            {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
        ],
        "to_move": "Ann",
    }
    c = make()
    assert c.start_from_situation(json.dumps(table)), c.view.notice
    c.on_reading(reading(1, (3, 4), "mr"))
    jailed = c.view.proposal
    assert jailed.faces == (3, 4) and jailed.command.dice.speed is None
    assert c.press(2), c.view.notice  # bail
    assert c.game.done[-1]["type"] == "bail"
    assert c.view.proposal is None and not c.game.has_reading("b:1")

    again = reading(2, (5, 6), "mr")
    c.on_reading(again)
    p = c.view.proposal
    assert p.command.dice is again.roll and p.faces_text == "5+6 and Mr. Monopoly"
    assert c.confirm_roll(c.decision_id), c.view.notice
    assert c.game.done[-1]["dice"] == [5, 6, "mr"] and c.game.has_reading("b:2")


def test_a_proposal_without_a_command_is_not_confirmed(make, tmp_path):
    """A proposal made only to be shown (no command) confirms nothing: one line, no change."""
    c = rolling(make, FakeClock(), 0, tmp_path)
    c.on_reading(reading(1, (3, 4)))
    c._proposal = dataclasses.replace(c._proposal, command=None)
    state, done = c.game.state, len(c.game.done)
    assert not c.confirm_roll(c.decision_id)
    assert c.view.notice == "No dice reading to confirm: throw the dice or enter them"
    assert c.game.state is state and len(c.game.done) == done


def test_a_reading_is_confirmed_by_itself_after_the_setting(make, tmp_path):
    clock = FakeClock()
    c = rolling(make, clock, 5, tmp_path)
    before = c.decision_id
    c.on_reading(reading(1))
    assert c.view.proposal.auto_confirm == 5 and "5" in c.view.proposal.auto_text
    assert c.view.notice == c.view.proposal.auto_text
    assert [d for d, _fn in clock.calls] == [5]
    clock.run()
    assert c.view.proposal is None and c.decision_id != before
    assert c.game.has_reading("b:1")


def test_a_reread_a_hold_or_a_cancel_stops_the_timer(make, tmp_path):
    clock = FakeClock()
    c = rolling(make, clock, 3, tmp_path)
    before = c.decision_id
    c.on_reading(reading(1, (3, 4)))
    c.on_reading(reading(1, (5, 6)))  # a re-read of the same throw: the first timer is void
    first, second = (fn for _d, fn in clock.calls)
    clock.calls.clear()
    first()
    assert c.decision_id == before and c.view.proposal.faces[:2] == (5, 6)
    assert c.hold_proposal() and c.view.proposal.auto_confirm == 0
    second()
    assert c.decision_id == before and c.view.proposal is not None  # held: a touch decides
    c.on_reading(reading(2))
    assert c.cancel_proposal()
    clock.run()
    assert c.decision_id == before and c.view.proposal is None


def test_no_auto_confirm_when_off_or_nothing_runs_the_timer(make, tmp_path):
    clock = FakeClock()
    c = rolling(make, clock, 0, tmp_path)
    c.on_reading(reading(1))
    assert c.view.proposal.auto_confirm == 0 and clock.calls == []
    store = SetupStore(tmp_path / "other.json")
    store.save(auto_confirm=5)
    assert make("other.db", store=store).auto_confirm_seconds() == 0  # no post, no schedule


def test_the_settings_screen_keys_survive_a_restart(tmp_path):
    path = tmp_path / "setup.json"
    SetupStore(path).save(animation=False, export_dir="/tmp/exports", auto_confirm=3)
    again = SetupStore(path)
    assert again.get("animation") is False and again.get("export_dir") == "/tmp/exports"
    assert again.get("auto_confirm") == 3
    path.write_text(json.dumps({"animation": "no", "export_dir": 7}))
    damaged = SetupStore(path)
    assert damaged.get("animation") is True and damaged.get("export_dir") == ""


def test_undo_of_an_answer_with_nothing_to_show_names_it_in_words(make):
    c, buy = buying(make)
    d = c.view.decision
    auction = next(i for i, ch in enumerate(d.choices) if ch.key == "auction")
    assert c.answer(d.id, auction)
    assert c.game.done[-1]["type"] == "auction"
    assert c.undo_text() == f"Undo {d.player}: the auction"
    c.set_language("fr")
    words = c.undo_text().replace("\u202f", " ").replace("\u00a0", " ")
    assert words == f"Annuler {d.player} : la mise aux enchères"


# -- The physical buttons ----------------------------------------------------------------------------

#: Ann holds three Travel Vouchers (a Bus Ticket alone goes to any of ten spaces): dozens of
#: answers besides the roll. She owns the spaces a 3+5 (+1) takes her to, so the turn then
#: waits for its end with the vouchers still offered.
VOUCHER_TABLE = {
    "players": [
        {
            "name": "Ann",
            "position": "GO",
            "cash": 1000,
            "vouchers": [
                "voucher-bus-ticket",
                "voucher-transit-token",
                "voucher-free-cab-fare-ahead-2",
            ],
        },
        {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
    ],
    "to_move": "Ann",
    "properties": {"Vermont Avenue": {"owner": "Ann"}, "Connecticut Avenue": {"owner": "Ann"}},
}


def test_the_buttons_never_play_a_travel_voucher(make):
    c = make()
    assert c.start_from_situation(json.dumps(VOUCHER_TABLE)), c.view.notice
    d = c.view.decision
    assert d.kind == "roll" and sum(ch.is_voucher for ch in d.choices) >= 10
    assert [d.choices[i].key for i in d.numbered] == ["roll"]
    state, rows = c.game.state, logged(c)
    for position in (2, 3):
        assert not c.press(position)
        assert c.view.notice == f"Button {position} has nothing to do now"
        assert c.game.state is state and logged(c) == rows
    assert c.enter_roll(d.id, [3, 5, 1]), c.view.notice
    d = c.view.decision
    assert d.kind == "end_turn" and any(ch.is_voucher for ch in d.choices)
    assert [d.choices[i].key for i in d.numbered] == ["end_turn"]
    state, rows = c.game.state, logged(c)
    for position in (2, 3):
        assert not c.press(position)
        assert c.game.state is state and logged(c) == rows
    assert c.press(1)  # ends the turn
    assert c.game.done[-1]["type"] == "end_turn" and c.view.decision.player == "Bob"


def test_in_jail_the_buttons_roll_pay_bail_and_use_the_card(make):
    table = {
        "players": [
            {
                "name": "Ann",
                "position": "middle:10",
                "in_jail": True,
                "cash": 1000,
                "cards": ["chance-get-out-of-jail-free"],
                "vouchers": ["voucher-bus-ticket"],
            },
            {"name": "Bob", "position": "GO", "cash": 1000, "vouchers": []},
        ],
        "to_move": "Ann",
    }
    c = make()
    assert c.start_from_situation(json.dumps(table)), c.view.notice
    d = c.view.decision
    assert [d.choices[i].key for i in d.numbered] == ["roll", "bail", "jail_card"]
    assert [d.number_of(i) for i in range(len(d.choices))] == [1, 2, 3]
    assert c.press(3)
    assert c.game.done[-1]["type"] == "jail_card"


def test_a_debt_a_mortgage_covers_is_raised_from_the_decision_s_choices(make):
    """P13: short of the Income Tax, Ann's choices are Boardwalk's mortgage, then the payment;
    a bankruptcy is refused with one line and changes nothing."""
    situation = {
        "players": [
            {"name": n, "position": "GO", "cash": 100 if n == "Ann" else 1500, "vouchers": []}
            for n in ("Ann", "Bob", "Cy")
        ],
        "properties": {"Boardwalk": {"owner": "Ann"}},
    }
    c = make()
    assert c.start_from_situation(json.dumps(situation)), c.view.notice
    assert c.answer_command(c.view.decision.id, {"type": "roll", "dice": [1, 2, 1]})
    d = c.view.decision
    assert d.kind == "raise_money" and [x.label for x in d.choices] == [
        "Mortgage Boardwalk (+$200)"
    ]
    before = snapshot(c.game.state)
    assert not c.answer_command(d.id, {"type": "bankrupt"})
    assert c.view.notice.startswith("bankrupt by Ann: Ann has $100 and the Bank would pay $200")
    assert snapshot(c.game.state) == before
    assert c.answer(d.id, 0), c.view.notice
    d = c.view.decision
    assert [x.label for x in d.choices] == ["Pay $200 to The Pool"]
    assert c.answer(d.id, 0), c.view.notice
    assert c.game.state.cash["Ann"] == 100 and c.game.state.holdings["Boardwalk"].mortgaged


# -- The input gate (issue 22: one answer per intention) ------------------------------------------

#: Ann at GO holding a Bus Ticket (so her turn waits for its end), Bob and Cy; Ann to move.
GATE_TABLE = {
    "players": [
        {"name": "Ann", "position": "GO", "cash": 1500, "vouchers": ["voucher-bus-ticket"]},
        {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": []},
        {"name": "Cy", "position": "GO", "cash": 1500, "vouchers": []},
    ],
    "to_move": "Ann",
}


def gated(make, table: dict[str, Any] = GATE_TABLE, **options: Any) -> TableController:
    """A table on a scripted clock, Ann at Esplanade Avenue's purchase (2+3 and 1 from GO)."""
    c = make(clock=Ticks(), **options)
    assert c.start_from_situation(json.dumps(table)), c.view.notice
    assert c.enter_roll(c.view.decision.id, [2, 3, "1"]), c.view.notice
    assert c.view.decision.kind == "buy_or_auction"
    return c


def test_a_press_counts_only_once_its_decision_has_settled(make):
    """Button 1 at the purchase 200 ms after it appeared is too soon; at 500 ms it buys; 40 ms
    later (a bouncy press) and 200 ms after the end of the turn appeared, nothing; 500 ms after
    that, the turn ends."""
    c = gated(make)
    clock, buy = c.clock, c.view.decision
    state, rows = c.game.state, logged(c)

    clock.now += 0.2
    assert not c.press(1, at=clock.now)
    assert c.view.too_soon == "Too soon" and c.view.notice == ""
    assert c.game.state is state and logged(c) == rows

    clock.now += 0.3
    assert c.press(1, at=clock.now)
    assert c.game.done[-1]["type"] == "buy" and c.view.too_soon == ""
    end = c.view.decision
    assert end.kind == "end_turn" and end.id != buy.id
    state, rows = c.game.state, logged(c)
    for wait in (0.04, 0.16):
        clock.now += wait
        assert not c.press(1, at=clock.now)
        assert c.view.too_soon == "Too soon"
        assert c.game.state is state and logged(c) == rows
    clock.now += 0.5
    assert c.press(1, at=clock.now)
    assert c.game.done[-1]["type"] == "end_turn"


def test_a_tap_or_key_stamped_before_the_answer_never_answers_the_next_decision(make):
    """A second tap that went down on the purchase (or a key read before it) is a repeat of
    that answer: too soon, whatever decision it names."""
    c = gated(make)
    clock, buy = c.clock, c.view.decision
    clock.now += 1.0
    assert c.answer(buy.id, 0, at=clock.now)
    state = c.game.state
    assert not c.answer(buy.id, 0, at=clock.now + 0.1)
    assert not c.answer(c.view.decision.id, 0, at=clock.now + 0.1)
    assert c.view.too_soon == "Too soon" and c.game.state is state
    # An answer without a time (a test, the demo's direct answer) is not gated.
    assert c.answer(c.view.decision.id, 0)


@pytest.mark.parametrize(
    ("setting", "soon", "counts"),
    [(1000, 0.9, 1.0), (0, None, 0.0), ("fast", 0.3, 0.4), (-5, 0.3, 0.4), (99_999, 0.3, 0.4)],
)
def test_the_settle_time_is_a_setting(make, tmp_path, setting, soon, counts):
    """``settle_ms`` in the setup store (Settings); a value that is not a whole number of
    milliseconds from 0 to 2000 is the default, 400."""
    store = SetupStore(tmp_path / "settle.json")
    store.save(settle_ms=setting)
    c = gated(make, store=store)
    start, rows = c.clock.now, logged(c)
    if soon is not None:
        assert not c.press(1, at=start + soon) and logged(c) == rows
    assert c.press(1, at=start + counts) and logged(c) == rows + 1


def test_with_a_display_a_decision_counts_from_when_it_is_drawn(make):
    """Once the app follows the display, a decision published but not yet drawn takes no
    press, however late; a view no longer in force said shown is ignored."""
    c = gated(make)
    c.follow_display()
    clock, view = c.clock, c.view
    clock.now += 5.0
    assert not c.press(1, at=clock.now) and c.view.too_soon == "Too soon"
    assert not c.is_shown(view)
    c.shown(view)  # drawn now
    assert c.is_shown(c.view)
    assert not c.press(1, at=clock.now + 0.3)
    assert c.press(1, at=clock.now + 0.4)
    c.shown(view)  # the purchase's view, drawn late: not the end of the turn
    assert not c.is_shown(c.view)
    assert not c.press(1, at=clock.now + 5.0)
    assert c.game.done[-1]["type"] == "buy"


def test_the_too_soon_mark_goes_after_a_while(make):
    timers = FakeClock()
    c = gated(make, schedule=timers)
    assert not c.press(1, at=c.clock.now)
    assert c.view.too_soon == "Too soon" and [d for d, _fn in timers.calls] == [1.2]
    timers.run()
    assert c.view.too_soon == ""


def test_a_decision_nobody_asked_for_is_announced(make):
    """The issue's turn: 2+3 and Mr. Monopoly onto Reading Railroad; buying it draws a Travel
    Voucher (a list the buttons do not number), then the bonus move ends on Oriental Avenue:
    both follow the purchase without Ann asking, and are announced; her throw's question, the
    end of her turn and the next player's roll are not."""
    c = make(clock=Ticks())
    table = {**GATE_TABLE, "players": [{**p, "vouchers": []} for p in GATE_TABLE["players"]]}
    assert c.start_from_situation(json.dumps(table)), c.view.notice
    assert c.enter_roll(c.view.decision.id, [2, 3, "mr"])
    seen = [(c.view.decision.kind, c.view.announce)]
    assert c.answer(c.view.decision.id, 0)  # buys Reading Railroad
    d = c.view.decision
    seen.append((d.kind, c.view.announce))
    assert d.numbered == () and all(ch.is_entry for ch in d.choices)
    assert not c.press(1) and c.view.notice == "Button 1: pick from the list on the screen"
    assert c.answer(d.id, 0)  # the voucher drawn: the bonus move follows
    seen.append((c.view.decision.kind, c.view.announce))
    assert c.view.move is not None and c.view.move.path == ("middle:6",)
    assert c.answer(c.view.decision.id, 0)  # buys Oriental Avenue
    seen.append((c.view.decision.kind, c.view.announce))
    assert seen == [
        ("buy_or_auction", False),
        ("draw", True),
        ("buy_or_auction", True),
        ("end_turn", False),
    ]


def test_the_buttons_never_pick_from_a_list(make):
    """Chance's draw list (3+4 and 1 from GO): button 1 picks no card, nothing changes."""
    c = make()
    assert c.start_from_situation(json.dumps(GATE_TABLE)), c.view.notice
    assert c.enter_roll(c.view.decision.id, [3, 4, "1"])
    d = c.view.decision
    assert d.kind == "draw" and len(d.choices) > 3 and d.numbered == ()
    assert [d.number_of(i) for i in range(len(d.choices))] == [0] * len(d.choices)
    state, rows = c.game.state, logged(c)
    for position in (1, 2, 3):
        assert not c.press(position)
        assert c.view.notice == f"Button {position}: pick from the list on the screen"
        assert c.game.state is state and logged(c) == rows


def test_the_dice_module_s_state_and_faults_are_said_in_the_table_s_words(tmp_path: Path) -> None:
    """The table's line said the reader's raw state and the module's fault code inside French
    ("Module de dés disconnected", "Module de dés : die-leaning")."""
    from hardware.protocol import TRAY_FAULTS
    from hardware.readings import STATES, ReaderStatus
    from ui.controller import DICE_STATE_WORDS, TRAY_FAULT_WORDS

    assert set(TRAY_FAULT_WORDS) == set(TRAY_FAULTS)
    assert set(DICE_STATE_WORDS) | {"connected"} == set(STATES)
    c = TableController(db_path=tmp_path / "g.db", store=SetupStore(tmp_path / "s.json"), lang="fr")
    assert c.start_game([{"name": "Ann"}, {"name": "Bob"}], {}), c.view.notice
    c.on_dice_status(ReaderStatus(state="connecting", url="x"))
    assert c.view.dice_status.startswith("Module de dés en cours de connexion")
    c.on_dice_status(ReaderStatus(state="connected", url="x", fault="die-leaning"))
    assert "un dé est appuyé contre le bord" in c.view.dice_status
    assert "die-leaning" not in c.view.dice_status
