"""Damaged copies of a real game log (a seeded slice of ``tests/campaigns/damage_logs.py``):
each reading command refuses in one line or gives what the intact log gives, never a traceback
and never a different history with exit status 0; a salvaged log resumes."""

from __future__ import annotations

from pathlib import Path

from tests import log_damage


def test_damaged_logs_are_refused_or_read_unchanged_never_silently_wrong(tmp_path: Path) -> None:
    reference = log_damage.make_log(tmp_path, seed=7, turns=25)
    expected = log_damage.readings(reference)
    assert all(status == 0 for status, _, _ in expected.values())
    pages = reference.stat().st_size // log_damage.PAGE
    work = tmp_path / "work"
    work.mkdir()
    tally = log_damage.Tally()
    # The -wal file lost, a cut at every page boundary, then 40 copies with flipped bytes.
    for damage in log_damage.damages(reference, seed=1, count=1 + pages + 40):
        log_damage.judge(damage, work, expected, tally)
    assert tally.failures == []
    assert tally.copies == 1 + pages + 40
    # The damage is found, not only survived: every cut is refused.
    assert tally.refused >= pages
    assert tally.salvaged > 0
