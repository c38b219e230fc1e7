"""The table's heap keeping (``ui.screens.table.Heap``): the collector's full passes kept off a
turn's frames, and the garbage still collected."""

from __future__ import annotations

import gc
import weakref

import pytest

pytest.importorskip("kivy")

from ui.screens.table import Heap  # noqa: E402


class Node:
    """A cycle: garbage only the cycle collector frees."""

    def __init__(self) -> None:
        self.me = self


def test_a_settled_decision_collects_what_was_made_since_and_freezes_the_rest():
    heap = Heap()
    try:
        gone = Node()
        dead = weakref.ref(gone)
        del gone
        kept = Node()
        frozen = gc.get_freeze_count()
        heap.settled()
        assert dead() is None  # the garbage made since the last decision is collected
        assert gc.get_freeze_count() > frozen  # and what is left is set aside
        assert gc.is_tracked(kept) and gc.get_count()[2] == 0
        # A cycle that becomes garbage once frozen waits for the quiet sweep.
        alive = weakref.ref(kept)
        del kept
        gc.collect()
        assert alive() is not None
        heap.sweep()
        assert alive() is None and heap.sweeps == 1 and heap.settled_count == 1
    finally:
        gc.unfreeze()
