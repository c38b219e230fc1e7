"""The companion's errors: one root, narrow subclasses that also inherit the matching builtin.

Messages quote the bad input and say what is allowed, so the table can show them as they are.
"""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class UnknownSpaceError(CompanionError, LookupError):
    """A space name or ``TRACK:INDEX`` that names no space, or more than one."""

    def __init__(self, message: str, *, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions


class BadRollError(CompanionError, ValueError):
    """Dice values that no die can show."""


class BadSituationError(CompanionError, ValueError):
    """A table situation (JSON) that is malformed or contradicts the board."""


class UnresumableGameError(CompanionError, ValueError):
    """A logged game the banker cannot go on with: its pending decision does not fit its kind
    (logged by an older companion). The log is intact and its history can still be read."""


class UnplayableEditionError(CompanionError, ValueError):
    """A logged game of an edition this companion cannot play: an edition it does not know, or
    a newer data version of one it knows (``companion.editions.stamp_problem``). Nothing is
    replayed and the log is left as it is; its history can still be read. ``edition`` names
    the edition as the game recorded it (``companion.editions.stamp_name``)."""

    def __init__(self, message: str, *, edition: str) -> None:
        super().__init__(message)
        self.edition = edition


class IllegalMoveError(CompanionError, ValueError):
    """A move the rules do not allow in this situation."""


class IllegalCommandError(CompanionError, ValueError):
    """A command the game's rules or its pending decision do not allow now; nothing changed."""


def shown(value: Any) -> str:
    """``repr(value)`` for an error message: one short line, whatever the value.

    >>> shown("Boardwalk"), shown(10**5000), shown("x" * 100)[-5:]
    ("'Boardwalk'", 'a number of about 5001 digits', 'xx...')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        # Python refuses str() on ints of more than 4,300 digits: count them from the bits.
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return "a value too large to show"
    return text if len(text) <= 60 else text[:57] + "..."
