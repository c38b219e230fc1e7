"""Every option's button, and every slot of a player's sheet, reads as it did before options carried their words (issue 24): the
words recorded by ``tests/ui/option_labels.py``, in English and French, byte for byte."""

from __future__ import annotations

from tests.ui import option_labels


def test_every_option_met_reads_as_recorded_in_every_language() -> None:
    recorded, now = option_labels.load(), option_labels.labels()
    for where in ("choice", "anytime", "sheets"):
        assert sorted(now[where]) == sorted(recorded[where]), f"the {where} options met changed"
        differences = {
            key: {"recorded": words, "now": now[where][key]}
            for key, words in recorded[where].items()
            if now[where][key] != words
        }
        assert not differences, f"{len(differences)} {where} labels differ: {differences}"
