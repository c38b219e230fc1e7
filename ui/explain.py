"""The referee's explanation of a move in the table's language and the edition of the game at
the table: :mod:`companion.messages.explain`'s, which ``companion referee`` says too::

    explain(resolve_roll(board, situation, Roll(3, 4, "mr")), "fr")

A note the catalogues cannot word is shown as the engine wrote it, in English, rather than
lost; :func:`unworded` lists those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.messages import explain as words
from ui.edition import table_edition

if TYPE_CHECKING:
    from companion.rules.movement import Note, Resolution


def note_line(note: Note, lang: str) -> str | None:
    """``note`` in ``lang``, or ``None`` when the catalogues have no words for it."""
    return words.note_line(note, lang, edition=table_edition())


def explain(result: Resolution, lang: str) -> tuple[str, ...]:
    """The explanation of ``result`` in ``lang``: one line for each of its notes, in order; a
    note with no words is shown in the engine's English."""
    return words.explain(result, lang, edition=table_edition())


def unworded(result: Resolution) -> tuple[str, ...]:
    """The notes of ``result`` that :func:`explain` can only repeat in English (none, when
    every code and parameter of the move has its words)."""
    return words.unworded(result, edition=table_edition())


__all__ = ["explain", "note_line", "unworded"]
