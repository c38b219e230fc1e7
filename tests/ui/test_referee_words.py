"""The app's Ask the referee and ``companion referee`` say one move in the same words: the
headline and the notes of ``companion.messages.explain``, on the table's board and in its money.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from companion.cli.main import run
from companion.editions import edition
from tests.ui.conftest import at_the_table
from ui import viewmodels as vm


@pytest.fixture
def london() -> Iterator[None]:
    with at_the_table(edition("classic", "uk")):
        yield


@pytest.mark.usefixtures("london")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_app_and_the_command_line_say_a_london_move_alike(lang: str) -> None:
    view = vm.referee_view("Park Lane", (1, 1), None, None, lang)
    out, err = io.StringIO(), io.StringIO()
    args = ["--edition", "classic", "--board", "uk", "--lang", lang]
    assert run(["referee", *args, "move", "--from", "Park Lane", "--roll", "1", "1"], out, err) == 0
    said = out.getvalue().splitlines()
    assert view.sentence == said[0]
    assert "Mayfair" in view.sentence and "board:" not in view.sentence
    assert [f"- {line}" for line in view.explanation] == said[2:-1]
