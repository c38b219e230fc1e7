"""The referee's explanation of a move in the table's language, worded from the companion's
catalogues.

``companion.rules.movement`` explains a move in notes (``Resolution.notes``), one for each ride,
direct move, salary and action and a few more (why Mr. Monopoly goes where he goes, a card's
"you stay"...): each a message code (``Note.code``, one of ``movement.NOTE_CODES``) and its
parameters (``Note.params``). Their sentences are the banker's catalogues'
(``companion/locales/<lang>/LC_MESSAGES/messages.po``, context ``referee.<code>``), so this
module only says each note through :func:`companion.messages.render` in the table's language
and edition, one line per note, in order::

    explain(resolve_roll(board, situation, Roll(3, 4, "mr")), "fr")

A note the catalogues cannot word (a code, a reason or a parameter they do not know) is shown
as the engine wrote it, in English, rather than lost; :func:`unworded` lists those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.messages import render
from companion.messages.codes import NOTE_PREFIX
from ui.edition import table_edition

if TYPE_CHECKING:
    from companion.rules.movement import Note, Resolution


def note_line(note: Note, lang: str) -> str | None:
    """``note`` in ``lang``, or ``None`` when the catalogues have no words for it."""
    try:
        return render(NOTE_PREFIX + note.code, note.params, lang, edition=table_edition())
    except (LookupError, ValueError, TypeError):  # a MessageError is a LookupError
        return None


def explain(result: Resolution, lang: str) -> tuple[str, ...]:
    """The explanation of ``result`` in ``lang``: one line for each of its notes, in order; a
    note with no words is shown in the engine's English."""
    return tuple(_or_english(note, lang) for note in result.notes)


def _or_english(note: Note, lang: str) -> str:
    line = note_line(note, lang)
    return note.text if line is None else line


def unworded(result: Resolution) -> tuple[str, ...]:
    """The notes of ``result`` that :func:`explain` can only repeat in English (none, when
    every code and parameter of the move has its words)."""
    return tuple(note.text for note in result.notes if note_line(note, "en") is None)


__all__ = ["explain", "note_line", "unworded"]
