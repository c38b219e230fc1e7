"""The companion's errors: one root, narrow subclasses that also inherit the matching builtin.

Messages quote the bad input and say what is allowed, so the table can show them as they are.
"""

from __future__ import annotations


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


class IllegalMoveError(CompanionError, ValueError):
    """A move the rules do not allow in this situation."""


class IllegalCommandError(CompanionError, ValueError):
    """A command the game's rules or its pending decision do not allow now; nothing changed."""
