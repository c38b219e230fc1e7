"""A game started from the table as it stands (``companion.banker.start``, ``play --from``).

The recorded games (``tests/golden_games.py``) are the oracle: the table exported at a command
(``history --format situation``) starts a game whose state equals the original's, and which
makes the same moves, transfers and decisions as the recording for the commands that follow.
A table that cannot happen is refused, naming the field that breaks it.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.banker.ledger import POOL
from companion.banker.start import start_from_situation, table_situation
from companion.banker.state import GameState, replay, snapshot
from companion.cli.main import run
from companion.editions import edition
from companion.errors import BadSituationError
from companion.game import Game
from companion.log.gamelog import GameLog
from tests import golden_games
from tests.test_situation import refusal
from tests.test_situation_fuzz import json_values, read_or_refused, replaced

GAMES = golden_games.load()
EVERY = 97


def exported(state: GameState) -> dict[str, Any]:
    """The situation of ``state`` as a file holds it (through JSON text)."""
    return json.loads(json.dumps(table_situation(state).to_json()))


def same(state: GameState) -> dict[str, Any]:
    return json.loads(json.dumps(snapshot(state)))


def play_on(game: Game, steps: list[dict[str, Any]], first: int) -> None:
    """Give ``game`` the recorded commands of ``steps``; each must make the recorded events and
    leave the recorded table."""
    for i, step in enumerate(steps, start=first):
        assert golden_games.step_difference(game, step) is None, f"step {i}"


# -- The recorded games, started again from their table --------------------------------------


@pytest.mark.parametrize("recorded", GAMES, ids=lambda g: f"seed{g['seed']}")
def test_a_game_started_from_its_table_goes_on_as_recorded(recorded: dict[str, Any]) -> None:
    # Every EVERY commands the table is exported and a new game started from it, which plays
    # the next EVERY commands: the whole recording is played through the restarts.
    steps = recorded["steps"]
    game = Game.new(recorded["players"], rules=recorded["rules"])
    play_on(game, steps[:EVERY], 0)
    for at in range(EVERY, len(steps), EVERY):
        started = Game.from_situation(exported(game.state))
        assert same(started.state) == same(game.state), f"at step {at}"
        play_on(started, steps[at : at + EVERY], at)
        game = started


def test_a_game_started_mid_way_plays_the_whole_rest_as_recorded() -> None:
    recorded = min(
        (g for g in GAMES if g["steps"][-1]["events"][-1]["decision"]["kind"] == "game_over"),
        key=lambda g: len(g["steps"]),
    )
    steps = recorded["steps"]
    game = Game.new(recorded["players"], rules=recorded["rules"])
    play_on(game, steps[:300], 0)
    started = Game.from_situation(exported(game.state))
    play_on(started, steps[300:], 300)
    # The recording ends the game: the started one is over too, with the recorded winner.
    (over,) = (e for e in steps[-1]["events"] if e["type"] == "game_over")
    assert started.state.over and started.state.winner == over["winner"]


@pytest.mark.parametrize("at", range(12))
def test_the_table_before_the_first_turn_starts_again_too(at: int) -> None:
    # Dealing and the turn-order rolls: nobody's turn has begun yet.
    recorded = GAMES[2]
    game = Game.new(recorded["players"], rules=recorded["rules"])
    play_on(game, recorded["steps"][:at], 0)
    started = Game.from_situation(exported(game.state))
    assert same(started.state) == same(game.state)
    play_on(started, recorded["steps"][at : at + 30], at)


def test_a_finished_game_starts_over_and_stays_over() -> None:
    recorded = next(
        g for g in GAMES if g["steps"][-1]["events"][-1]["decision"]["kind"] == "game_over"
    )
    game = Game.new(recorded["players"], rules=recorded["rules"])
    play_on(game, recorded["steps"], 0)
    started = Game.from_situation(exported(game.state))
    # Whose turn it was is moot once the game is over (and was a bankrupt player's).
    assert {**same(started.state), "turn": ""} == {**same(game.state), "turn": ""}
    assert started.state.over and started.state.winner == game.state.winner


def test_the_start_is_one_game_started_event_then_the_banks_transfers() -> None:
    recorded = GAMES[0]
    game = Game.new(recorded["players"], rules=recorded["rules"])
    play_on(game, recorded["steps"][:200], 0)
    events = start_from_situation(exported(game.state))
    assert events[0]["type"] == "game_started"
    assert {e["type"] for e in events[1:]} == {"transfer"}
    assert all(e["from"] == "Bank" for e in events[1:])
    assert replay(events).cash == game.state.cash


def test_a_table_with_vouchers_out_of_play_starts_with_the_deck_it_names() -> None:
    """Used and expired Travel Vouchers are out of play (UM): a table whose deck and hands make
    fewer than the game's 36 starts, and only the vouchers left on the deck can be drawn."""
    left = {"voucher-bus-ticket": 11, "voucher-transit-token": 3}
    game = Game.from_situation(
        table(ann(vouchers=["voucher-bus-ticket"]), bob(), vouchers_left=left)
    )
    assert {k: n for k, n in game.state.vouchers_left.items() if n} == left
    assert same(Game.from_situation(exported(game.state)).state) == same(game.state)


# -- The documented example ------------------------------------------------------------------


def documented(repo_root: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The complete example of docs/situation.md's '--from' section, and its pending."""
    doc = (repo_root / "docs" / "situation.md").read_text("utf-8")
    section = doc[doc.index("# A game started from the table") :]
    blocks = re.findall(r"```json\n(.*?)```", section, re.DOTALL)
    return json.loads(blocks[0]), json.loads(blocks[1])


def test_the_documented_example_starts_a_game(repo_root: Path) -> None:
    example, _ = documented(repo_root)

    state = replay(start_from_situation(example))

    assert dict(state.cash) == {"Bank": -4575, "Pool": 325, "Ann": 1850, "Bob": 2400, "Cy": 0}
    assert [s.name for s in state.active] == ["Ann", "Bob"]
    assert state.seat("Cy").bankrupt
    ann, bob = state.seat("Ann"), state.seat("Bob")
    assert ann.position.name == "States Avenue" and ann.cards == ("chance-get-out-of-jail-free",)
    assert dict(ann.mortgaged_shares) == {"Motion Pictures": 1}
    assert bob.in_jail and bob.jail_turns == 1 and bob.rent_to_pool
    assert state.holdings["Park Place"].level == 5 and state.holdings["Reading Railroad"].improved
    assert state.supply() == example["building_stock"]
    assert (state.roll_three_left, state.shares_left["Motion Pictures"]) == (18, 3)
    assert dict(state.dividend_cuts) == {"General Radio": 1}
    assert state.rules.birthday_from_players
    assert (state.turn, state.decision.kind, state.decision.player) == ("Ann", "roll", "Ann")
    assert state.decision.answers == ("roll", "voucher")


def test_the_documented_example_plays_on(repo_root: Path) -> None:
    example, _ = documented(repo_root)
    game = Game.from_situation(example)

    game.execute({"type": "roll", "player": "Ann", "dice": [1, 2, 1]})

    assert game.state.seat("Ann").position.name == "Madison Avenue"
    assert (game.state.decision.kind, game.state.decision.player) == ("buy_or_auction", "Ann")


def test_the_documented_pending_decision_is_the_one_posed(repo_root: Path) -> None:
    example, pending = documented(repo_root)
    game = Game.from_situation({**example, "pending": pending})
    assert game.state.decision.kind == "buy_or_auction" and game.state.decision.id == 57

    game.execute({"type": "buy", "player": "Ann"})

    assert game.state.holdings["States Avenue"].owner == "Ann"
    assert game.state.cash["Ann"] == 1850 - 140
    # The agenda goes on: no doubles, and Ann may still play her voucher; then Bob, in jail.
    assert game.state.decision.answers == ("end_turn", "voucher")
    game.execute({"type": "end_turn", "player": "Ann"})
    assert (game.state.turn, game.state.decision.kind) == ("Bob", "roll")
    assert game.state.decision.answers == ("roll", "bail")


def test_the_exported_table_reads_back_the_same(repo_root: Path) -> None:
    example, pending = documented(repo_root)
    state = replay(start_from_situation({**example, "pending": pending}))

    again = replay(start_from_situation(exported(state)))

    assert same(again) == same(state)


# -- Refusals --------------------------------------------------------------------------------

STREETS = [
    n for n, spaces in edition("ultimate").board.properties.items() if spaces[0].kind == "street"
]


def table(*players: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """Ann and Bob with cash and no vouchers unless players are given, plus top-level fields."""
    return {"players": list(players) or [ann(), bob()], **fields}


def ann(**fields: Any) -> dict[str, Any]:
    return {"name": "Ann", "position": "GO", "cash": 1500, "vouchers": [], **fields}


def bob(**fields: Any) -> dict[str, Any]:
    return {"name": "Bob", "position": "GO", "cash": 1500, "vouchers": [], **fields}


def every_street(buildings: str) -> dict[str, Any]:
    return {n: {"owner": "Ann", "buildings": buildings} for n in STREETS}


JAIL_CARD = "chance-get-out-of-jail-free"
DECISION = {"kind": "roll", "player": "Ann", "answers": ["roll"]}

REFUSALS = [
    # (id, situation, field path, words the message holds)
    ("a 32nd hotel", table(properties=every_street("hotel")), "properties.", "31 (D3)"),
    ("a 17th skyscraper", table(properties=every_street("skyscraper")), "properties.", "16 (D3)"),
    ("an 82nd house", table(properties=every_street("4 houses")), "properties.", "81 (D3)"),
    (
        "the building stock wrong",
        table(building_stock={"hotels": 30}),
        "building_stock.hotels",
        "leaves 31",
    ),
    (
        "a one-copy card held twice",
        table(ann(cards=[JAIL_CARD]), bob(cards=[JAIL_CARD])),
        "players[1].cards[0]",
        "held by Ann already, and the game has 1",
    ),
    (
        "a one-copy card twice in one hand",
        table(ann(cards=[JAIL_CARD, JAIL_CARD]), bob()),
        "players[0].cards[1]",
        "held by Ann already",
    ),
    (
        "a card played when drawn",
        table(ann(cards=["chance-advance-to-illinois-avenue"]), bob()),
        "players[0].cards[0]",
        "not kept",
    ),
    ("an unknown card", table(ann(cards=["joker"]), bob()), "players[0].cards[0]", '"joker"'),
    (
        "a fourth Transit Token",
        table(ann(vouchers=["voucher-transit-token"] * 3), bob(vouchers=["voucher-transit-token"])),
        "players[1].vouchers[0]",
        "the game has 3",
    ),
    (
        "a Roll Three card twice",
        table(ann(roll_three=["1-3-6"]), bob(roll_three=["6-3-1"])),
        "players[1].roll_three[0]",
        "Roll Three 1-3-6 is held by Ann already",
    ),
    (
        "a Roll Three card not printed",
        table(ann(roll_three=["2-3-5"]), bob(), options={"roll_three_action_cards": True}),
        "players[0].roll_three[0]",
        "no Roll Three 2-3-5",
    ),
    (
        "a 21st Roll Three card",
        table(
            ann(roll_three=[f"{a}-{b}-6" for a in range(1, 6) for b in range(a, 6)][:11]),
            bob(roll_three=[f"{a}-{b}-5" for a in range(1, 5) for b in range(a, 5)]),
        ),
        "players[1].roll_three[9]",
        "the deck has 20",
    ),
    (
        "a Roll Three card of four dice",
        table(ann(roll_three=["1-2-3-4"]), bob()),
        "players[0].roll_three[0]",
        "three dice",
    ),  # fmt: skip
    (
        "a sixth share",
        table(ann(shares={"Acme Motors": 3}), bob(shares={"Acme Motors": 3})),
        "players",
        "'Acme Motors'",
    ),
    (
        "the Bank's shares wrong",
        table(ann(shares={"Acme Motors": 3}), bob(), shares_left={"Acme Motors": 3}),
        "shares_left.Acme Motors",
        "3 in the Bank and 3 held make 6",
    ),
    (
        "more shares mortgaged than held",
        table(ann(shares={"Acme Motors": 1}, mortgaged_shares={"Acme Motors": 2}), bob()),
        "players[0].mortgaged_shares.Acme Motors",
        "2 mortgaged",
    ),
    ("cash negative", table(ann(), bob(cash=-5)), "players[1].cash", "-5"),
    ("cash a fraction", table(ann(), bob(cash=12.5)), "players[1].cash", "12.5"),
    (
        "cash missing",
        table(ann(), {"name": "Bob", "position": "GO", "vouchers": []}),
        "players[1].cash",
        "missing",
    ),  # fmt: skip
    (
        "money that does not add up",
        table(pool=100, cash_total=3000),
        "cash_total",
        "$3,000, but the players' $3,000 and the Pool's $100 make $3,100",
    ),
    ("pool negative", table(pool=-5), "pool", "-5"),
    (
        "vouchers as a count",
        table(ann(vouchers=2), bob()),
        "players[0].vouchers",
        "by id",
    ),
    (
        "vouchers left by id wrong",
        table(
            ann(vouchers=["voucher-bus-ticket"]), bob(), vouchers_left={"voucher-bus-ticket": 12}
        ),
        "vouchers_left.voucher-bus-ticket",
        "12 left and 1 held, and the game has 12",
    ),
    (
        "vouchers out of play as a count",
        table(vouchers_left=30),
        "vouchers_left",
        "leave 36; with vouchers out of play (used or expired), give vouchers_left by id",
    ),
    (
        "the Roll Three deck wrong",
        table(ann(roll_three=["1-1-1"]), bob(), roll_three_left=20),
        "roll_three_left",
        "leaves 19",
    ),
    (
        "a bankrupt player with cash",
        table(ann(), bob(cash=10, bankrupt=True)),
        "players[1].cash",
        "bankrupt",
    ),
    (
        "a bankrupt player owning property",
        table(ann(), bob(cash=0, bankrupt=True), properties={"Boardwalk": {"owner": "Bob"}}),
        "properties.Boardwalk.owner",
        "bankrupt",
    ),
    (
        "a bankrupt player to move",
        table(ann(), bob(cash=0, bankrupt=True), to_move="Bob"),
        "to_move",
        "bankrupt",
    ),
    (
        "everyone bankrupt",
        table(ann(cash=0, bankrupt=True), bob(cash=0, bankrupt=True)),
        "players",
        "every player is bankrupt",
    ),
    (
        "rent to the Pool out of jail",
        table(ann(rent_to_pool=True), bob()),
        "players[0].rent_to_pool",
        "in jail",
    ),  # fmt: skip
    ("skip turns negative", table(ann(skip_turns=-1), bob()), "players[0].skip_turns", "-1"),
    ("one player", table(ann()), "players", "2 to 12 players, not 1"),
    ("a player named Bank", table(ann(name="Bank"), bob()), "players[0].name", "an account"),
    ("a name too long", table(ann(name="A" * 25), bob()), "players[0].name", "1 to 24"),
    (
        "a house rule unknown",
        table(options={"free_parking_jackpot": True}),
        "options",
        "'free_parking_jackpot'",
    ),  # fmt: skip
    ("dividend cut of no company", table(dividend_cuts={"Acme": 1}), "dividend_cuts", "'Acme'"),
    ("pending not an object", table(pending=[]), "pending", "[]"),
    ("pending without a decision", table(pending={}), "pending.decision", "null"),
    (
        "pending for a player not in the game",
        table(pending={"decision": {**DECISION, "player": "Zed"}}),
        "pending.decision.player",
        '"Zed"',
    ),
    (
        "pending answered by no command",
        table(pending={"decision": {**DECISION, "answers": ["fly"]}}),
        "pending.decision.answers[0]",
        "'fly'",
    ),
    (
        "pending a decision numbered in words",
        table(pending={"decision": {**DECISION, "id": "7"}}),
        "pending.decision.id",
        '"7" is not a whole number',
    ),
    (
        "pending a decision numbered true",
        table(pending={"decision": {**DECISION, "id": True}}),
        "pending.decision.id",
        "true is not a whole number",
    ),
    (
        "pending a task short of its fields",
        table(pending={"decision": DECISION, "agenda": [{"do": "doubles"}]}),
        "pending.agenda[0]",
        "not a 'doubles' task",
    ),
    (
        "pending with a task nobody knows",
        table(pending={"decision": DECISION, "agenda": [{"do": "dance"}]}),
        "pending.agenda[0].do",
        "'dance'",
    ),
    (
        "pending a task without do",
        table(pending={"decision": DECISION, "agenda": [{"roll": [1, 2, 3]}]}),
        "pending.agenda[0].do",
        "null",
    ),
    (
        "pending a turn-order roll of 13",
        table(pending={"decision": DECISION, "order_rolls": {"Ann": 13}}),
        "pending.order_rolls.Ann",
        "13",
    ),
]


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [pytest.param(data, path, words, id=name) for name, data, path, words in REFUSALS],
)
def test_a_table_that_cannot_be_started_is_refused_naming_the_field(
    data: Any, path: str, words: str
) -> None:
    message = refusal(start_from_situation, data)

    assert message.startswith(f"situation: {path}"), message
    assert words in message, message


def test_house_rules_given_with_the_situation_are_played() -> None:
    state = replay(start_from_situation(table(), rules={"time_limit": True}))
    assert state.rules.time_limit and state.rules.triples_pay_salaries


def test_house_rules_given_check_the_hands_against_their_deck() -> None:
    with pytest.raises(BadSituationError, match=r"^situation: players\[0\]\.roll_three\[0\]"):
        start_from_situation(
            table(ann(roll_three=["2-3-5"]), bob()), rules={"roll_three_action_cards": True}
        )


def test_a_refused_situation_logs_no_game(tmp_path: Path) -> None:
    with GameLog(tmp_path / "g.db") as log:
        with pytest.raises(BadSituationError):
            Game.from_situation(table(ann(cash=-1), bob()), log=log)
        assert log.games() == []
        game = Game.from_situation(table(), log=log)
        assert [g["id"] for g in log.games()] == [game.game_id]
        assert Game.resume(log).state.cash["Ann"] == 1500


# -- The command line ------------------------------------------------------------------------


def cli(*argv: str, lines: tuple[str, ...] = ()) -> tuple[int, str, str]:
    """Run a command line; ``play`` reads ``lines`` at its prompt, then the end of input."""
    out, err = io.StringIO(), io.StringIO()
    script = iter(lines)

    def prompt(_text: str) -> str:
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    with mock.patch("companion.cli.play._terminal_prompt", lambda: prompt):
        status = run(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game log holding one simulated game (only read by the tests)."""
    db = tmp_path_factory.mktemp("played") / "g.db"
    status, _, err = cli(
        "simulate", "--games", "1", "--seed", "2", "--players", "3", "--db", str(db)
    )
    assert status == 0, err
    return db


def test_history_writes_the_table_at_a_command_and_play_starts_from_it(
    played: Path, tmp_path: Path
) -> None:
    status, out, err = cli("history", "--db", str(played), "--format", "situation", "--at", "40")
    assert status == 0, err
    situation = json.loads(out)
    with GameLog(played, readonly=True) as log:
        logged = log.commands(1)
    original = Game(logged[0].events)
    for c in logged[1:41]:
        original.execute(c.command)
    assert situation == exported(original.state)
    path = tmp_path / "at40.json"
    path.write_text(out, "utf-8")
    new = tmp_path / "new.db"

    status, text, err = cli("play", "--db", str(new), "--from", str(path), lines=("show",))

    assert status == 0, err
    assert "Game 1 in" in text
    decision = situation["pending"]["decision"]
    with GameLog(new, readonly=True) as log:
        state = Game.resume(log).state
    assert same(state) == same(original.state)
    assert (state.decision.kind, state.decision.player) == (decision["kind"], decision["player"])


def test_history_situation_now_is_the_last_state(played: Path) -> None:
    status, out, _ = cli("history", "--db", str(played), "--format", "situation")
    assert status == 0
    with GameLog(played, readonly=True) as log:
        state = Game.resume(log).state
    assert json.loads(out) == exported(state)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--format", "situation", "--at", "99999"), "--at 99999: game 1 has commands #0 to #"),
        (("--format", "situation", "--at", "-1"), "--at -1: game 1 has commands #0 to #"),
        (("--at", "3"), "--at goes with --format situation"),
    ],
)
def test_history_at_a_command_that_is_not_there(
    played: Path, args: tuple[str, ...], message: str
) -> None:
    status, out, err = cli("history", "--db", str(played), *args)
    assert status == 2 and out == ""
    assert err.startswith(f"companion: error: {message}") and err.count("\n") == 1


def test_history_situation_leaves_out_undone_commands(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    with GameLog(db) as log:
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log)
        deal = {"type": "deal", "player": "Ann", "voucher": "voucher-bus-ticket"}
        game.execute({**deal, "roll_three": "1-2-3"})
        game.undo()
        game.execute({**deal, "roll_three": "4-5-6"})
    _, out, _ = cli("history", "--db", str(db), "--format", "situation")
    assert json.loads(out)["players"][0]["roll_three"] == ["4-5-6"]
    _, out, _ = cli("history", "--db", str(db), "--format", "situation", "--at", "2")
    assert json.loads(out)["players"][0]["roll_three"] == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"players": [{"name": "Ann", "position": "GO"}]}', "situation: players: a game has 2"),
        ("{not json", "is not valid JSON"),
        (
            json.dumps(table(ann(cards=[JAIL_CARD]), bob(cards=[JAIL_CARD]))),
            "situation: players[1].cards[0]: 'chance-get-out-of-jail-free' is held by Ann",
        ),
    ],
)
def test_play_from_a_bad_file_changes_nothing(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(content, "utf-8")
    db = tmp_path / "g.db"

    status, out, err = cli("play", "--db", str(db), "--from", str(path))

    assert status == 2 and out == ""
    assert err.startswith("companion: error: ") and message in err and err.count("\n") == 1
    assert not db.exists()


def test_play_from_a_missing_file(tmp_path: Path) -> None:
    status, _, err = cli("play", "--db", str(tmp_path / "g.db"), "--from", str(tmp_path / "no"))
    assert status == 2 and "cannot read situation file" in err


def test_play_from_asks_before_starting_beside_a_game_in_progress(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(table()), "utf-8")
    db = tmp_path / "g.db"
    assert cli("play", "--db", str(db), "--players", "Cy,Di")[0] == 0

    status, text, _ = cli("play", "--db", str(db), "--from", str(path), lines=("n",))
    assert status == 1 and "No new game started." in text

    status, text, _ = cli("play", "--db", str(db), "--from", str(path), "--new")
    assert status == 0 and "Game 2 in" in text


def test_play_from_with_players_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(table()), "utf-8")
    status, _, err = cli(
        "play", "--db", str(tmp_path / "g.db"), "--from", str(path), "--players", "A,B"
    )
    assert status == 2 and "--from starts a game from a situation" in err


# -- Bankruptcy from the table (P13) ---------------------------------------------------------


def _broke_at_go(tmp_path: Path, properties: dict[str, Any], **fields: Any) -> Path:
    """Ann, with $100, to roll onto Income Tax ($200 to the Pool), Bob and Cy beside her."""
    cy = {"name": "Cy", "position": "GO", "cash": 1500, "vouchers": []}
    path = tmp_path / "broke.json"
    situation = table(ann(cash=100), bob(), cy, properties=properties, **fields)
    path.write_text(json.dumps(situation), "utf-8")
    return path


def _state_of(db: Path) -> GameState:
    with GameLog(db, readonly=True) as log:
        return Game.resume(log).state


def test_play_from_a_table_bankruptcy_to_the_bank_auctions_two_deeds(tmp_path: Path) -> None:
    """002: "the Bank immediately sells by auction all properties so taken": Boardwalk and Park
    Place, mortgaged, one after the other; Bob buys one, nobody bids for the other."""
    mortgaged = {"owner": "Ann", "mortgaged": True}
    path = _broke_at_go(tmp_path, {"Boardwalk": mortgaged, "Park Place": mortgaged})
    db = tmp_path / "g.db"
    lines = ("roll 1 2 1", "bankrupt", "bid 250 as Bob", "pass as Cy", "pass as Bob", "pass as Cy")

    status, text, err = cli("play", "--db", str(db), "--from", str(path), lines=lines)

    assert status == 0 and err == ""
    assert "The Bank auctions the properties it took from Ann, one after another." in text
    assert "Auction of Boardwalk: no bid yet" in text and "Auction of Park Place" in text
    assert "Bob wins the auction of Boardwalk for $250." in text
    assert "Nobody bid: Park Place stays with the Bank." in text
    state = _state_of(db)
    assert state.holdings["Boardwalk"].owner == "Bob" and not state.holdings["Boardwalk"].mortgaged
    assert "Park Place" not in state.holdings and state.seat("Ann").bankrupt
    assert (state.decision.kind, state.decision.player) == ("roll", "Bob")


def test_play_from_a_table_refuses_bankruptcy_while_a_mortgage_covers_the_debt(
    tmp_path: Path,
) -> None:
    """P13 (002: "owe more than you can pay"): Ann is refused bankruptcy and nothing changes;
    she mortgages Boardwalk and pays."""
    path = _broke_at_go(tmp_path, {"Boardwalk": {"owner": "Ann"}})
    db = tmp_path / "g.db"
    lines = ("roll 1 2 1", "bankrupt", "mortgage boardwalk", "pay")

    status, text, err = cli("play", "--db", str(db), "--from", str(path), lines=lines)

    assert status == 0
    assert "is $100 short: sell buildings, mortgage or trade, then pay (selling and" in text
    assert (
        "bankrupt by Ann: Ann has $100 and the Bank would pay $200 for buildings and mortgages, "
        "enough for the $200 owed: sell or mortgage, then pay"
    ) in err
    state = _state_of(db)
    assert not state.seat("Ann").bankrupt and state.cash["Ann"] == 100
    assert state.holdings["Boardwalk"].mortgaged and state.cash[POOL] == 200
    with GameLog(db, readonly=True) as log:
        assert [c.command["type"] for c in log.commands(1)][1:] == ["roll", "mortgage", "pay"]


def test_play_from_a_table_with_voluntary_bankruptcy(tmp_path: Path) -> None:
    """P13 option: the same table with ``voluntary_bankruptcy`` lets Ann go bankrupt."""
    path = _broke_at_go(
        tmp_path, {"Boardwalk": {"owner": "Ann"}}, options={"voluntary_bankruptcy": True}
    )
    db = tmp_path / "g.db"
    lines = ("roll 1 2 1", "bankrupt", "bid 300 as Cy", "pass as Bob")

    status, text, err = cli("play", "--db", str(db), "--from", str(path), lines=lines)

    assert status == 0 and err == ""
    state = _state_of(db)
    assert state.rules.voluntary_bankruptcy and state.seat("Ann").bankrupt
    assert state.holdings["Boardwalk"].owner == "Cy" and state.cash["Cy"] == 1200


# -- Any table at all ------------------------------------------------------------------------

PLACES = [
    ("players", 0, "cash"),
    ("players", 0, "vouchers"),
    ("players", 0, "cards"),
    ("players", 0, "roll_three"),
    ("players", 1, "name"),
    ("players", 1, "bankrupt"),
    ("players", 2),
    ("players", 2, "cash"),
    ("to_move",),
    ("vouchers_left",),
    ("pool",),
    ("cash_total",),
    ("options",),
    ("pending",),
    ("pending", "decision"),
    ("pending", "decision", "id"),
    ("pending", "decision", "kind"),
    ("pending", "decision", "player"),
    ("pending", "decision", "answers"),
    ("pending", "decision", "data"),
    ("pending", "decision", "options"),
    ("pending", "decision", "params"),
    ("pending", "agenda"),
    ("pending", "agenda", 0),
    ("pending", "agenda", 0, "do"),
    ("pending", "order_rolls"),
]


@pytest.fixture(scope="module")
def documented_table(repo_root: Path) -> dict[str, Any]:
    """The documented example with its pending decision (read once: the test copies it)."""
    example, pending = documented(repo_root)
    return {**example, "pending": pending}


@settings(max_examples=300, deadline=None)
@given(place=st.sampled_from(PLACES), value=json_values)
def test_any_table_starts_a_game_or_is_refused(
    documented_table: dict[str, Any], place: tuple, value: object
) -> None:
    read_or_refused(
        lambda data: replay(start_from_situation(data)), replaced(documented_table, place, value)
    )


def test_a_table_waiting_on_a_rules_decision_starts_in_a_fresh_process(tmp_path: Path) -> None:
    """A table whose pending decision a rule module poses (the Birthday Gift's, D2) starts the
    game in a process that has loaded no rule yet: the check of the decision's kind loads the
    edition's rules first, rather than refusing a kind it has not registered."""
    import subprocess
    import sys

    code = (
        "import json\n"
        "from companion.banker.start import start_from_situation\n"
        "table = {'players': [{'name': 'Ann', 'position': 'Birthday Gift', 'cash': 1500,"
        " 'vouchers': []}, {'name': 'Bob', 'position': 'GO', 'cash': 1500, 'vouchers': []}],"
        " 'pending': {'decision': {'kind': 'gift', 'player': 'Ann', 'answers': ['gift'],"
        " 'data': {}, 'code': 'ask.gift', 'params': {}}}}\n"
        "events = start_from_situation(table)\n"
        "print(json.dumps(events[0]['decision']['kind']))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == '"gift"'


def test_a_table_waiting_on_a_cards_decision_starts_in_a_fresh_process() -> None:
    """A table whose pending decision a card operation poses (April 15, Taxes Due's choice of
    two moves) starts the game in a process that has loaded no card operation yet: the check
    of the decision's kind loads the operations the edition's cards name first."""
    import subprocess
    import sys

    code = (
        "import json\n"
        "from companion.banker.start import start_from_situation\n"
        "table = {'players': [{'name': 'Ann', 'position': 'middle:22', 'cash': 1500,"
        " 'vouchers': []}, {'name': 'Bob', 'position': 'GO', 'cash': 1500, 'vouchers': []}],"
        " 'pending': {'decision': {'kind': 'card_option', 'player': 'Ann', 'answers':"
        " ['option'], 'data': {'card': 'cc-april-15-taxes-due'}, 'code': 'ask.card_option',"
        " 'params': {'card': 'cc-april-15-taxes-due'}}}}\n"
        "events = start_from_situation(table)\n"
        "print(json.dumps(events[0]['decision']['kind']))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == '"card_option"'
