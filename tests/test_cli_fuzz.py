"""Whatever is typed at the referee, it answers or refuses in one line; it never crashes."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli.main import run

WORDS = [
    "move",
    "card",
    "voucher",
    "subway",
    "taxi",
    "space",
    "board",
    "cards",
    "referee",
    "--from",
    "--roll",
    "--to",
    "--bus",
    "--bail",
    "--state",
    "--player",
    "--json",
    "--card",
    "--voucher",
    "--ride",
    "--option",
    "1",
    "2",
    "3",
    "6",
    "7",
    "0",
    "-1",
    "mr",
    "bus",
    "x",
    "²",
    "",
    "GO",
    "Boardwalk",
    "chance",
    "outer:7",
    "middle:15",
    "inner:24",
    "Subway",
    "Pay Day",
    "Reading Railroad",
    "outer:22",
    "move",
    "voucher-bus-ticket",
    "cc-be-kind-rewind",
    "chance-gps-is-not-working",
    "/nonexistent.json",
    "Ann",
    "move",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=9))
def test_any_command_line_answers_or_refuses_in_one_line(words: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    if "referee" not in words[:1]:
        words = ["referee", *words]
    if words == ["referee"]:  # the interactive prompt, tested elsewhere
        return
    status = run(words, out, err, prompt=lambda: "quit")
    assert status in (0, 2)
    if status == 2:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("companion: error: "), err.getvalue()
        assert out.getvalue() == ""
    else:
        assert out.getvalue()
