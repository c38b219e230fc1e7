"""The ``companion`` commands of the hardware package (dice emulator and monitor)."""

from __future__ import annotations

import argparse
from typing import Any


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the hardware commands to the ``companion`` command line."""
