"""The ``play`` prompt against generated lines: every line is refused in one line with nothing
changed, or accepted with every invariant holding and the log replaying to the same state."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import prompt_fuzz


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_generated_lines_never_crash_or_change_state_silently(seed: int, players: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        counts = prompt_fuzz.run(Path(tmp) / "g.db", seed, 60, players=players)
    assert counts["lines"] == 60
    assert counts["refused"] > 0 and counts["accepted"] > 0


def test_the_lines_the_issue_found_are_refused_in_one_line(tmp_path: Path) -> None:
    import random

    harness = prompt_fuzz.Harness(tmp_path / "g.db", 2, random.Random(0))
    try:
        for text in (
            "deal bus ticket 1-3-6",
            "deal transit token 2-4-6",
            "order_roll 6 6",
            "order_roll 1 2",
        ):
            harness.send(text)
        assert harness.counts == {"lines": 4, "refused": 0, "accepted": 4}
        for text in (
            "roll 3 4 mr reading=" + "x" * 200,
            '{"type": "roll", "dice": [3, 4, "mr"], "reading": [1]}',
            "bid amount=" + "[" * 100000 + "1",
            "roll " + "9" * 5000 + " 1 mr",
            '{"type": "roll", "dice": [1e400, 2, "mr"]}',
            "roll 1e400 2 mr",
            'correct {"type": "order_roll", "dice": [3, 4], "reading": [1]}',
            "correct roll 99999999999999999999 1 2",
            "bid 100",
        ):
            harness.send(text)
        assert harness.counts["refused"] == 9
    finally:
        harness.close()
