"""The banker's prompt as a person uses it: the command syntax, names, help, show, announcements,
undo after the end, and the prompt's own keys (Ctrl-C, Ctrl-D)."""

from __future__ import annotations

import argparse
import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.banker.commands import Draw, OrderRoll
from companion.banker.engine import apply, new_game
from companion.banker.state import replay, snapshot
from companion.cli.parse import CommandSyntaxError, format_line, parse_line, space_ref
from companion.cli.play import _play
from companion.cli.prompt import PromptSession, show
from companion.editions import edition
from companion.errors import IllegalCommandError
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.log.history import text_lines
from companion.rules.movement import Roll as DiceRoll
from companion.simulator.simulate import RandomPlayer
from tests.banker import arrange

OPENING = ["deal bus ticket 4-5-6", "deal transit token 1-2-4", "order_roll 6 6", "order_roll 1 2"]


class Table:
    """A prompt session on a game in a real log; ``say`` returns (output, error) of one line."""

    def __init__(self, path: Path, names: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> None:
        self.log = GameLog(path)
        self.game = Game.new([{"name": n} for n in names], log=self.log)
        self.out, self.err = io.StringIO(), io.StringIO()
        self.session = PromptSession(self.game, self.out, self.err)

    def say(self, line: str) -> tuple[str, str]:
        for stream in (self.out, self.err):
            stream.seek(0)
            stream.truncate()
        self.session.handle(line)
        return self.out.getvalue(), self.err.getvalue()

    def ok(self, line: str) -> str:
        out, err = self.say(line)
        assert err == "", err
        return out

    def refused(self, line: str) -> str:
        before = snapshot(self.game.state)
        out, err = self.say(line)
        assert out == "" and err.count("\n") == 1 and err.startswith("companion: error: "), err
        assert snapshot(self.game.state) == before
        return err


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path / "g.db")
    t.ok("deal bus ticket 4-5-6")
    t.ok("deal transit token 1-2-4")
    t.ok("deal free cab fare 2 back 2-4-5")
    t.ok("order_roll 6 6")
    t.ok("order_roll 1 2")
    t.ok("order_roll 2 2")
    yield t
    t.log.close()


def test_a_bid_must_say_who_bids(table: Table) -> None:
    # The case: an auction opened on Ann's turn, Cy in jail; 'bid 100' was Cy's.
    table.ok("roll 1 2 2")  # Reading Railroad
    table.ok("auction")
    assert table.game.state.decision.kind == "auction"
    err = table.refused("bid 100")
    assert "bid: say who, e.g. 'bid 250 as Bob' (still bidding: Ann, Bob, Cy)" in err
    table.refused("pass")
    assert "trade: say who" in table.refused("trade bob give $10")  # nobody's decision now
    assert "Cy bids $100." in table.ok("bid 100 as cy")  # names in any case
    assert "Bob bids $150." in table.ok("bid $150 as b")  # or a unique prefix
    table.ok("pass as Ann")
    table.ok("pass as Cy")
    assert table.game.state.holdings["Reading Railroad"].owner == "Bob"


def test_cards_are_named_by_their_printed_titles(table: Table) -> None:
    table.ok("roll 2 4 1")  # 7: Chance
    assert table.game.state.decision.data["deck"] == "chance"
    assert "'Go To Jail!'" in table.refused("draw go to jale")
    assert "did you mean 'School Fees'?" in table.refused("draw school fes")
    out = table.ok("draw SCHOOL FEES")  # every word, any case
    assert "Ann drew School Fees" in out and "Ann pays the Pool $150 (School Fees)" in out


def test_draw_takes_every_word_of_the_title() -> None:
    state = arrange(
        replay(new_game([{"name": "Ann"}, {"name": "Bob"}])),
        {
            "type": "decision",
            "decision": {
                "kind": "draw",
                "player": "Ann",
                "text": "Ann: draw a Community Chest card and tell me which.",
                "answers": ["draw"],
                "data": {"deck": "community_chest"},
            },
            "agenda": [],
        },
    )
    assert parse_line("draw doctors fee", state) == Draw("Ann", "cc-doctors-fee")
    assert parse_line("draw doctor", state) == Draw("Ann", "cc-doctors-fee")  # a unique prefix
    with pytest.raises(CommandSyntaxError, match="no card 'school fees'; did you mean"):
        parse_line("draw school fees", state)  # a Chance card


def test_errors_speak_the_prompt_syntax(table: Table) -> None:
    assert "'voucher' is text" not in table.refused("voucher")
    err = table.refused("roll 3 4")
    assert "--roll" not in err and "roll D1 D2 SPEED" in err
    assert "no command 'rol'; did you mean 'roll'" in table.refused("rol 3 4 mr")
    err = table.refused("buy now")
    assert "buy: the game waits for Ann to roll or voucher" in err


def test_help_lists_what_answers_the_decision_and_each_command(table: Table) -> None:
    out = table.ok("help")
    assert "Now: Ann: roll the dice." in out
    assert "roll D1 D2 SPEED: your roll" in out and "(e.g. 'roll 3 4 mr')" in out
    for word in ("show", "undo", "correct", "quit", "history", "build PROPERTY", "trade PLAYER"):
        assert word in out
    assert table.ok("?") == out
    out = table.ok("help bid")
    assert "type:     bid AMOUNT as PLAYER" in out and "example:  bid 250 as Bob" in out
    assert "did you mean 'trade'" in table.refused("help trad")


def test_help_deal_lists_every_voucher_title(table: Table) -> None:
    out = table.ok("help deal")
    assert (
        "  vouchers: Free Cab Fare -1, Free Cab Fare -2, Free Cab Fare -3, Free Cab Fare +1, "
        "Free Cab Fare +2, Free Cab Fare +3, Bus Ticket, Bus Ticket (the others expire), "
        "Transit Token\n"
    ) in out
    assert "vouchers:" in table.ok("help voucher") and "vouchers:" not in table.ok("help draw")


def test_an_ambiguous_name_lists_all_its_matches_once_each(tmp_path: Path) -> None:
    err = Table(tmp_path / "game.db").refused("deal free 1-2-3")
    assert err == (
        "companion: error: deal: voucher: 'free' could be 'Free Cab Fare +1', "
        "'Free Cab Fare +2', 'Free Cab Fare +3', 'Free Cab Fare -1', 'Free Cab Fare -2' or "
        "'Free Cab Fare -3'; say which\n"
    )


def test_show_holds_everything_and_the_bank_has_no_balance(table: Table) -> None:
    table.ok("roll 1 2 2")
    table.ok("buy")
    table.ok("mortgage reading")
    out = table.ok("show")
    assert "Bank's stock: 81 houses" in out and "-$" not in out and "Bank $" not in out
    assert "deeds: Reading Railroad (MORTGAGED)" in out
    assert "Travel Vouchers: Bus Ticket" in out and "Free Cab Fare -2" in out
    assert "Roll Three cards: 4-5-6" in out
    assert "Ann (car, red): $3,100, on Reading Railroad; to play" in out
    assert show(table.game.state, "bo").startswith("Bob (hat, blue)")


def test_jail_and_a_failed_jail_roll_are_announced(table: Table) -> None:
    table.ok("roll 1 1 2")
    table.ok("roll 2 2 1")
    assert table.game.state.decision.data["property"] == "Connecticut Avenue"
    table.ok("auction")
    for name in ("Ann", "Bob", "Cy"):
        table.ok(f"pass as {name}")
    out = table.ok("roll 3 3 1")
    assert "third doubles this turn, so you go straight to jail" in out
    assert "Ann goes to jail." in out
    assert table.game.state.seat("Ann").in_jail
    table.ok("roll 1 2 1")  # Bob
    table.ok("end_turn")
    table.ok("roll 1 2 1")  # Cy
    assert "[roll D1 D2 | bail]" in table.ok("end_turn")
    out = table.ok("roll 1 2")
    assert "Ann stays in jail: no doubles (try 1 of 3)." in out
    assert "in jail (1 of 3 tries used)" in table.ok("show ann")


def test_a_move_is_explained_with_its_path(table: Table) -> None:
    out = table.ok("roll 1 2 1")
    assert "1+2 and 1: move 4 from GO to Income Tax." in out
    assert "Path: Mediterranean Avenue > Community Chest > Baltic Avenue > Income Tax" in out
    assert "Ann pays the Pool $200 (Income Tax). [Ann $3,000, Pool $200]" in out


def test_undo_after_the_game_is_over_and_the_log_shows_both(tmp_path: Path) -> None:
    t = Table(tmp_path / "g.db", ("Ann", "Bob"))
    log, game = t.log, t.game
    for line in OPENING:
        t.ok(line)
    # Ann gives away all but $10, then lands on Income Tax and cannot pay.
    t.ok("trade bob give $3190")
    t.ok("roll 1 2 1")
    assert game.state.decision.kind == "raise_money"
    out = t.ok("bankrupt")
    assert game.state.over and "Game over: Bob wins." in out
    err = t.refused("roll 1 2 1")
    assert "the game is over, Bob won; 'undo' takes back the last command" in err
    out = t.ok("undo")
    assert "Undone: bankrupt by Ann." in out and not game.state.over
    assert game.state.decision.kind == "raise_money"
    log.close()
    with GameLog(tmp_path / "g.db") as again:
        resumed = Game.resume(again)
        assert snapshot(resumed.state) == snapshot(game.state)
        words = "\n".join(text_lines(1, again.commands(1)))
        games = again.games()
    assert "Bob wins" in words and "Undone: command #" in words
    assert games[0]["status"] == "playing"


def answers(lines: list[str]):  # type: ignore[no-untyped-def]
    """A prompt that types ``lines`` ("^C" is Ctrl-C), then Ctrl-D."""
    pending = list(lines)

    def ask(_prompt: str) -> str:
        if not pending:
            raise EOFError
        line = pending.pop(0)
        if line == "^C":
            raise KeyboardInterrupt
        return line

    return ask


def test_ctrl_c_cancels_the_line_and_ctrl_d_leaves(tmp_path: Path) -> None:
    ask = answers(["deal bus", "^C", "deal bus ticket 4-5-6"])
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(
        db=str(tmp_path / "g.db"), players="Ann,Bob", game=None, new=False, dice=None
    )
    assert _play(args, out, err, prompt=ask) == 0
    text = out.getvalue()
    assert "^C (line cancelled; 'quit' or Ctrl-D leaves)" in text
    assert "Ann draws Bus Ticket." in text and "Traceback" not in err.getvalue()


def test_invalid_utf8_control_characters_and_long_lines_are_refused(table: Table) -> None:
    assert "not valid UTF-8" in table.refused(b"roll 3 4 \xff".decode("utf-8", "surrogateescape"))
    assert "control character" in table.refused("roll 3 4 mr\x1b[A")
    assert "too long" in table.refused("roll " + "1 " * 2000)


def test_a_correction_checked_first_changes_nothing_when_wrong(table: Table) -> None:
    table.ok("roll 1 2 1")
    before = len(table.game.done)
    table.refused("correct roll 1 2 9")
    table.refused("correct roll 99999999999999999999 1 2")
    assert len(table.game.done) == before
    out = table.ok("correct roll 1 2 2")
    assert "Corrected: roll 1 2 1 is replaced by roll 1 2 2." in out
    assert table.game.state.seat("Ann").position.name == "Reading Railroad"


def test_a_refused_correction_leaves_the_log_and_the_game_as_they_were(tmp_path: Path) -> None:
    # Issue 21: the correction carries a dice reading an earlier command applied already.
    t = Table(tmp_path / "g.db", ("Ann", "Bob"))
    for line in OPENING[:2]:
        t.ok(line)
    t.ok("order_roll 6 6 reading=k1")
    t.ok("order_roll 1 2")
    game_id = t.game.game_id

    def written() -> tuple[int, str]:
        row = t.log.conn.execute(
            "SELECT (SELECT COUNT(*) FROM commands WHERE game_id = ?), head FROM games "
            "WHERE id = ?",
            (game_id, game_id),
        ).fetchone()
        return row[0], row[1]

    before = (written(), t.game.done)
    err = t.refused("correct order_roll 2 3 reading=k1")
    assert "reading 'k1' has been applied already" in err
    assert (written(), t.game.done) == before
    assert snapshot(Game.resume(t.log, game_id).state) == snapshot(t.game.state)
    assert "Corrected: order_roll 1 2 is replaced by" in t.ok("correct order_roll 2 3")
    assert written()[0] == before[0][0] + 2
    t.log.close()


@pytest.mark.parametrize("seed", range(6))
def test_every_command_the_random_player_gives_reads_back_from_its_line(seed: int) -> None:
    rng = random.Random(seed)
    player = RandomPlayer(rng)
    state = replay(new_game([{"name": n} for n in ("Ann", "Bob", "Cy")]))
    for _ in range(150):
        if state.over:
            break
        command = player.choose(state)
        expected = {
            k: space_ref(edition("ultimate").board, v) if k == "space" else v
            for k, v in command.items()
        }
        assert parse_line(format_line(command), state).to_json() == expected
        state = apply(state, command)


def test_parse_line_refuses_by_field_and_value() -> None:
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    with pytest.raises(
        CommandSyntaxError,
        match=r"deal: roll_three is a Roll Three card's three dice like 1-3-6, not '1-3-9'",
    ):
        parse_line("deal bus ticket roll_three=1-3-9", state)
    with pytest.raises(IllegalCommandError, match="deal by Bob: the game waits for Ann"):
        parse_line("deal bus ticket 1-3-6 as bob", state)
    with pytest.raises(CommandSyntaxError, match="no player 'Zed'"):
        parse_line("deal bus ticket 1-3-6 as Zed", state)
    assert parse_line("deal transit token 6-1-3", state).to_json()["roll_three"] == "1-3-6"


def test_the_command_table_covers_every_engine_command_and_field() -> None:
    from companion.banker.commands import COMMANDS
    from companion.cli.parse import SPECS

    assert set(SPECS) == set(COMMANDS)
    for kind, cls in COMMANDS.items():
        assert {f.key for f in cls.json_fields} <= {f.name for f in SPECS[kind].fields}, kind


def test_roll_is_understood_for_any_throw_the_game_asks_for() -> None:
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    state = apply(state, parse_line("deal bus ticket 1-3-6", state))
    state = apply(state, parse_line("deal transit token 2-4-6", state))
    # The typed words become one typed roll, the log's list only in its JSON.
    command = parse_line("roll 6 5", state)
    assert command == OrderRoll("Ann", DiceRoll(6, 5))
    assert command.to_json() == {"type": "order_roll", "player": "Ann", "dice": [6, 5]}


def test_a_whole_game_is_played_to_its_end_at_the_prompt(tmp_path: Path) -> None:
    """Every decision of a whole game answered by typed lines, as the random player chooses."""
    t = Table(tmp_path / "g.db", ("Ann", "Bob"))
    player = RandomPlayer(random.Random(23))
    lines = 0
    while not t.game.state.over:
        state = t.game.state
        command = player.choose(state)
        named = command["type"] in ("bid", "pass") or command["player"] != state.decision.player
        t.ok(format_line(command if named else {k: v for k, v in command.items() if k != "player"}))
        lines += 1
        assert lines < 2000
    assert "Game over:" in t.out.getvalue() and "is bankrupt and leaves the game." in t.ok(
        "history 1000"
    )
    loser = next(s.name for s in t.game.state.seats if s.bankrupt)
    assert f"{loser}: bankrupt, out of the game." in t.ok("show")
    t.log.close()
    with GameLog(tmp_path / "g.db") as log:
        assert snapshot(Game.resume(log).state) == snapshot(t.game.state)
        assert log.games()[0]["status"] == "over"


def test_a_bug_at_the_prompt_is_one_line_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = PromptSession.handle

    def flaky(self: PromptSession, line: str) -> None:
        if line == "boom":
            raise RuntimeError("a bug")
        real(self, line)

    monkeypatch.setattr(PromptSession, "handle", flaky)
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(
        db=str(tmp_path / "g.db"), players="Ann,Bob", game=None, new=False, dice=None
    )
    assert _play(args, out, err, prompt=answers(["boom", "deal bus ticket 4-5-6"])) == 0
    assert err.getvalue().startswith("companion: internal error (RuntimeError: a bug)")
    assert err.getvalue().count("\n") == 1 and "Ann draws Bus Ticket." in out.getvalue()


def test_a_full_disk_refuses_the_command_and_the_game_goes_on(table: Table) -> None:
    db = table.log.db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # no page may be added: SQLite's SQLITE_FULL
    err = ""
    for _ in range(300):  # until the pages there are have no room left
        line = "roll 1 2 1" if table.game.state.decision.kind == "roll" else "undo"
        before = snapshot(table.game.state)
        out, err = table.say(line)
        if err:
            break
    assert err.count("\n") == 1 and "full" in err and "nothing was recorded" in err, err
    assert snapshot(table.game.state) == before  # the game open, the decision unchanged
    db.execute(f"PRAGMA max_page_count = {pages * 100}")  # space freed
    assert table.ok(line)
