"""Fixtures for the hardware tests: a fake dice module on a pseudo-terminal pair, reader
harnesses stopped after each test, and gpiozero's mock pin factory, reset after every test."""

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


@pytest.fixture
def pin_factory() -> Iterator[Any]:
    """gpiozero's mock pin factory (the root conftest selects it), reset after the test."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    if not isinstance(Device.pin_factory, MockFactory):
        Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
