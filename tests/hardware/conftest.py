"""Fixtures for the hardware tests: a fake dice module on a pseudo-terminal pair, reader
harnesses stopped after each test (gpiozero's mock pin factory, ``pin_factory``, is the root
conftest's, shared with the app's tests)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from dice_fakes import TIMEOUT, FakeModule, Harness


@pytest.fixture
def module(tmp_path: Path) -> Iterator[FakeModule]:
    fake = FakeModule(tmp_path / "dice").plug_in()
    yield fake
    fake.unplug()


@pytest.fixture
def harness() -> Iterator[Callable[..., Harness]]:
    """Makes reader harnesses; every reader is stopped at the end of the test."""
    made: list[Harness] = []

    def make(url: str, **options: Any) -> Harness:
        h = Harness(url, **options)
        made.append(h)
        h.reader.start()
        return h

    yield make
    for h in made:
        assert h.reader.stop(timeout=TIMEOUT), "the reader thread did not stop"
