"""Every note of the referee reads as it did when its words were ``ui/explain.py``'s own table
(issue 24): the lines recorded by ``tests/ui/explanations.py``, in English and French, byte for
byte."""

from __future__ import annotations

from tests.ui import explanations


def test_every_recorded_note_reads_as_it_did() -> None:
    recorded = explanations.load()
    now = explanations.lines()
    assert len(recorded) > 1500
    assert sorted(set(now) ^ set(recorded)) == []
    changed = {k: (recorded[k], now[k]) for k in recorded if now[k] != recorded[k]}
    assert changed == {}


def test_the_recording_covers_both_editions_and_every_reason() -> None:
    recorded = explanations.load()
    assert {key.split('"')[1] for key in recorded} == {"ultimate", "tiny"}
    assert all(set(lines) == {"en", "fr"} for lines in recorded.values())
    assert all(lines["en"] != lines["fr"] for lines in recorded.values())
