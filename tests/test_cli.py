"""``companion referee``, run as a real child process, the way the table uses it.

Good questions answer on stdout with status 0. Bad input answers with status 2, nothing on
stdout and exactly one line on stderr that starts ``companion: error:`` and quotes the input.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.editions import edition

Run = Callable[..., subprocess.CompletedProcess[str]]

MADISON_AVENUE = {"name": "Madison Avenue", "track": "inner", "index": 11}
JAIL = {"name": "In Jail / Just Visiting", "track": "middle", "index": 10}
STATES_AVENUE_ROLL = ["--roll", "1", "2", "1"]

ANN_AND_BOB = {"players": [{"name": "Ann", "position": "GO"}, {"name": "Bob", "position": "GO"}]}
ANN_IN_JAIL = {
    "players": [
        {"name": "Ann", "position": "middle:10", "in_jail": True},
        {"name": "Bob", "position": "GO"},
    ]
}
#: Marks a ``--state`` file that is never written.
NO_FILE = object()


@pytest.fixture
def referee(repo_root: Path) -> Run:
    """Run ``python -m companion referee ARGS...`` from the repository, with ``stdin`` as input."""

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "companion", "referee", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=repo_root,
        )

    return run


@pytest.fixture
def state_file(tmp_path: Path) -> Callable[[Any], Path]:
    """Write a ``--state`` file: a dict as JSON, text or bytes as they are (NO_FILE: none)."""

    def write(content: Any) -> Path:
        path = tmp_path / "situation.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, "utf-8")
        elif content is not NO_FILE:
            path.write_text(json.dumps(content), "utf-8")
        return path

    return write


def answer_json(referee: Run, *args: str) -> dict[str, Any]:
    result = referee(*args, "--json")

    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    return json.loads(result.stdout)


def kinds(actions: list[dict[str, Any]]) -> list[str]:
    return [a["kind"] for a in actions]


def error_line(result: subprocess.CompletedProcess[str]) -> str:
    """The one line of a rejected command, after checking the shape of the rejection."""
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("companion: error: ")
    return result.stderr.rstrip("\n")


# -- move -----------------------------------------------------------------------------------


@pytest.mark.parametrize("start", ["States Avenue", "middle:13", "states avenue"])
def test_move_as_json(referee: Run, start: str) -> None:
    """M2, the rules' own example: an even 4 from States Avenue rides the Pennsylvania Railroad."""
    answer = answer_json(referee, "move", "--from", start, *STATES_AVENUE_ROLL)

    assert {"landing", "stops", "path", "salaries", "follow_up", "explanation"} <= set(answer)
    assert answer["landing"] == MADISON_AVENUE
    assert [s["name"] for s in answer["path"]] == [
        "Virginia Avenue",
        "Pennsylvania Railroad",
        "Fifth Avenue",
        "Madison Avenue",
    ]
    assert answer["path"][-1] == MADISON_AVENUE
    assert {k: answer["stops"][-1][k] for k in ("name", "track", "index")} == MADISON_AVENUE
    assert answer["salaries"] == []
    assert kinds(answer["follow_up"]) == ["buy_or_auction", "end_turn"]
    assert any(
        "Pennsylvania Railroad" in line and "inner track" in line for line in answer["explanation"]
    )


def test_move_as_text(referee: Run) -> None:
    result = referee("move", "--from", "States Avenue", *STATES_AVENUE_ROLL)

    assert (result.returncode, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert "Madison Avenue" in lines[0]
    assert "Path: Virginia Avenue > Pennsylvania Railroad > Fifth Avenue > Madison Avenue" in lines
    assert lines[-1] == "Token ends on Madison Avenue (inner:11)."


def test_move_past_go_pays_the_salary(referee: Run) -> None:
    """M8: passing GO pays $200."""
    answer = answer_json(referee, "move", "--from", "Park Place", "--roll", "1", "3", "2")

    assert answer["salaries"] == [{"corner": "GO", "amount": 200, "landed": False}]
    assert answer["landing"] == {"name": "Baltic Avenue", "track": "middle", "index": 3}


def test_move_with_a_state_file_owes_doubled_rent(referee: Run, state_file: Any) -> None:
    """P2: Bob owns 2 of the 3 gray lots, a majority, so Madison Avenue's $60 doubles."""
    path = state_file(
        {
            **ANN_AND_BOB,
            "properties": {"Madison Avenue": {"owner": "Bob"}, "Wall Street": {"owner": "Bob"}},
        }
    )

    answer = answer_json(
        referee, "move", "--state", str(path), *STATES_AVENUE_ROLL, "--from", "States Avenue"
    )

    assert answer["player"] == "Ann"
    first = answer["follow_up"][0]
    assert {k: first.get(k) for k in ("kind", "amount", "payee", "space")} == {
        "kind": "pay_rent",
        "amount": 120,
        "payee": "Bob",
        "space": MADISON_AVENUE,
    }
    assert kinds(answer["follow_up"]) == ["pay_rent", "end_turn"]


def test_move_in_jail_without_doubles_stays(referee: Run, state_file: Any) -> None:
    """M12: in jail, two regular dice; no doubles on the first try keeps you there."""
    answer = answer_json(
        referee, "move", "--state", str(state_file(ANN_IN_JAIL)), "--roll", "3", "4"
    )

    assert answer["landing"] == JAIL
    assert answer["path"] == []
    assert answer["in_jail"] is True
    assert answer["after"]["in_jail"] is True
    assert answer["after"]["jail_turns"] == 1
    assert kinds(answer["follow_up"]) == ["end_turn"]


# -- Bad input ------------------------------------------------------------------------------

#: A move answered from the ``--state`` file; ``{state}`` becomes the file's path.
STATE_ROLL = ["move", "--state", "{state}", "--roll", "1", "2", "1"]

BAD_INPUT = [
    # (id, arguments, --state file content or None, what the one error line must contain)
    (
        "unknown space",
        ["move", "--from", "Boardwlk", "--roll", "1", "2", "1"],
        None,
        ["'Boardwlk'", "'Boardwalk'"],
    ),
    (
        "ambiguous space",
        ["move", "--from", "Chance", "--roll", "1", "2", "1"],
        None,
        ["'Chance'", "'middle:7'", "'outer:54'"],
    ),
    (
        "index off the track",
        ["move", "--from", "outer:56", "--roll", "1", "2", "1"],
        None,
        ["'outer:56'"],
    ),
    ("a die of 7", ["move", "--from", "GO", "--roll", "7", "2", "1"], None, ["'7'"]),
    (
        "a die of superscript 2",
        ["move", "--from", "GO", "--roll", "\u00b2", "2", "1"],
        None,
        ["'\u00b2'"],
    ),
    ("speed face x", ["move", "--from", "GO", "--roll", "1", "2", "x"], None, ["'x'"]),
    ("one die", ["move", "--from", "GO", "--roll", "1"], None, ["'1'"]),
    ("four dice", ["move", "--from", "GO", "--roll", "1", "2", "3", "4"], None, ["'1 2 3 4'"]),
    ("no roll", ["move", "--from", "GO"], None, ["--roll"]),
    ("no speed die", ["move", "--from", "GO", "--roll", "1", "2"], None, ["speed die"]),
    ("no start", ["move", "--roll", "1", "2", "1"], None, ["--from"]),
    ("state not JSON", STATE_ROLL, "{not json", ["'{state}'", "JSON"]),
    ("state not UTF-8", STATE_ROLL, b"\xff\xfe{}", ["'{state}'"]),
    (
        "state nested too deep",
        STATE_ROLL,
        "[" * 100_000 + "]" * 100_000,
        ["'{state}'", "recursion"],
    ),
    (
        "state with a 5,000-digit number",
        STATE_ROLL,
        '{"pool": ' + "9" * 5000 + "}",
        ["'{state}'", "digits"],
    ),
    ("state missing", STATE_ROLL, NO_FILE, ["'{state}'"]),
    ("state not an object", STATE_ROLL, [], ["top level", "[]"]),
    (
        "unknown player field",
        STATE_ROLL,
        {"players": [{"name": "Ann", "position": "GO", "money": 5}]},
        ["players[0]", "'money'"],
    ),
    (
        "bad position",
        STATE_ROLL,
        {"players": [{"name": "Ann", "position": "Nowhere"}]},
        ["players[0].position", "'Nowhere'"],
    ),
    (
        "owner not a player",
        STATE_ROLL,
        {**ANN_AND_BOB, "properties": {"Boardwalk": {"owner": "Zed"}}},
        ["properties.Boardwalk.owner", "'Zed'"],
    ),
    (
        "buildings not a level",
        STATE_ROLL,
        {**ANN_AND_BOB, "properties": {"Boardwalk": {"owner": "Bob", "buildings": "5 houses"}}},
        ["properties.Boardwalk.buildings", "'5 houses'"],
    ),
    ("negative pool", STATE_ROLL, {**ANN_AND_BOB, "pool": -5}, ["pool", "-5"]),
    (
        "unknown player",
        ["move", "--state", "{state}", "--player", "Zed", "--roll", "1", "2", "1"],
        ANN_AND_BOB,
        ["'Zed'"],
    ),
    (
        "in jail, moved elsewhere",
        ["move", "--state", "{state}", "--from", "GO", "--roll", "3", "4"],
        ANN_IN_JAIL,
        ["'GO'", "jail"],
    ),
    (
        "in jail with the speed die",
        ["move", "--state", "{state}", "--roll", "3", "4", "mr"],
        ANN_IN_JAIL,
        ["two regular dice"],
    ),
    (
        "triples to an unknown space",
        ["move", "--from", "GO", "--roll", "1", "1", "1", "--to", "Nowhere"],
        None,
        ["'Nowhere'"],
    ),
    ("subway not landed on", ["subway", "--from", "GO", "--to", "Boardwalk"], None, ["Subway"]),
    ("taxi off a cab company", ["taxi", "--from", "GO", "--to", "Free Parking"], None, ["'GO'"]),
    ("unknown card", ["card", "--from", "GO", "--card", "no-such-card"], None, ["'no-such-card'"]),
    (
        "voucher past this side",
        ["voucher", "--voucher", "voucher-bus-ticket", "--from", "outer:24", "--to", "outer:30"],
        None,
        ["'Bus Ticket'", "outer:30"],
    ),
    ("unknown space to describe", ["space", "Boardwlk"], None, ["'Boardwlk'"]),
]


@pytest.mark.parametrize(
    ("args", "state", "fragments"),
    [pytest.param(args, state, fragments, id=name) for name, args, state, fragments in BAD_INPUT],
)
def test_bad_input_is_one_error_line(
    referee: Run, state_file: Any, args: list[str], state: Any, fragments: list[str]
) -> None:
    path = str(state_file(state)) if state is not None else ""

    line = error_line(referee(*(a.replace("{state}", path) for a in args)))

    for fragment in fragments:
        assert fragment.replace("{state}", path) in line, line


# -- The interactive prompt -----------------------------------------------------------------


def test_prompt_answers_and_goes_on_after_an_error(referee: Run) -> None:
    result = referee(
        stdin="".join(
            f"{line}\n"
            for line in (
                "move --from GO --roll 1 2 1",
                "space Boardwalk",
                "move --from Nowhere --roll 1 1 1",
                "quit",
            )
        )
    )

    assert result.returncode == 0
    # An even 4 from GO stays on the middle track: no transit station is passed.
    assert "1+2 and 1: move 4 from GO to Income Tax." in result.stdout
    assert "Token ends on Income Tax (middle:4)." in result.stdout
    assert "Rent: base $50, 1 house $200" in result.stdout
    errors = result.stderr.splitlines()
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith("companion: error: ")
    assert "'Nowhere'" in errors[0]
    # A prompt for each of the four lines: the error did not end the session.
    assert result.stdout.count("referee> ") == 4


def test_prompt_answers_after_an_error(referee: Run) -> None:
    result = referee(stdin="move --from Nowhere --roll 1 1 1\nspace GO\n")

    assert result.returncode == 0
    assert "GO (middle:0): pay corner" in result.stdout
    assert len(result.stderr.splitlines()) == 1


def test_prompt_ends_at_end_of_input(referee: Run) -> None:
    result = referee(stdin="")

    assert (result.returncode, result.stderr) == (0, "")


# -- Reference questions --------------------------------------------------------------------


def test_board_lists_every_space_once(referee: Run) -> None:
    result = referee("board")

    assert (result.returncode, result.stderr) == (0, "")
    keys = [line.split()[0] for line in result.stdout.splitlines()]
    assert len(keys) == 120
    assert len(set(keys)) == 120
    assert Counter(k.split(":")[0] for k in keys) == {"inner": 24, "middle": 40, "outer": 56}


def test_space_describes_pay_day(referee: Run) -> None:
    """M8: Pay Day pays $300 for an odd move, $400 for an even or direct one."""
    result = referee("space", "Pay Day")

    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[0] == "Pay Day (outer:28): pay corner"
    assert "400" in result.stdout


def test_cards_lists_every_id(referee: Run) -> None:
    result = referee("cards")

    assert (result.returncode, result.stderr) == (0, "")
    ids = [line.split()[0] for line in result.stdout.splitlines()]
    assert len(set(ids)) == len(ids)
    prefixes = {i.split("-")[0] for i in ids}
    assert prefixes == {"chance", "cc", "voucher"}
    assert "voucher-bus-ticket" in ids


def test_mr_monopoly_onto_the_last_unowned_property(referee: Run, state_file: Any) -> None:
    """R16: obey the space first (buy or auction Boardwalk), then the bonus move: once it is
    sold nothing is unowned, so Mr. Monopoly goes on to the first rent owed; if nobody bids,
    Boardwalk stays unowned and the bonus move, back round to it, stays."""
    owned = {n: {"owner": "Ann"} for n in edition("ultimate").board.properties if n != "Boardwalk"}
    path = state_file({**ANN_AND_BOB, "properties": {**owned, "Park Place": {"owner": "Bob"}}})

    answer = answer_json(
        referee,
        "move",
        "--state",
        str(path),
        "--from",
        "Pennsylvania Avenue",
        "--roll",
        "2",
        "3",
        "mr",
    )

    assert answer["summary"] == (
        "2+3 and Mr. Monopoly: move 5 from Pennsylvania Avenue to Boardwalk; "
        "if Boardwalk is bought or sold at auction, you end on Park Place."
    )
    assert answer["landing"] == {"name": "Park Place", "track": "middle", "index": 37}
    assert kinds(answer["follow_up"]) == ["buy_or_auction", "if_unsold", "pay_rent", "end_turn"]
    unsold, rent = answer["follow_up"][1:3]
    assert unsold["space"]["name"] == "Boardwalk"
    assert "If nobody bids for Boardwalk, it stays with the Bank" in unsold["text"]
    assert (rent["amount"], rent["payee"]) == (35, "Bob")
    assert (
        "If Bob wins Boardwalk at the auction, the rent on Park Place is $105 instead."
        in (answer["explanation"])
    )
