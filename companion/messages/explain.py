"""The referee's explanation of a move in a language and an edition, worded from the
catalogues: what the app and ``companion referee`` both say.

``companion.rules.movement`` explains a move by a headline (``Resolution.code`` and ``params``)
and notes (``Resolution.notes``), one for each ride, direct move, salary and action and a few
more (why Mr. Monopoly goes where he goes, a card's "you stay"...): each a message code
(``Note.code``, one of ``movement.NOTE_CODES``) and its parameters (``Note.params``). Their
sentences are the catalogues' (``companion/locales/<lang>/LC_MESSAGES/messages.po``, context
``referee.<code>``, and the edition's own words: a Mega Edition player holds Bus Tickets), so
this module only says each one through :func:`~companion.messages.render`, one line per note,
in order. A note the catalogues cannot word (a code, a reason or a parameter they do not know)
is said as the engine wrote it, in English, rather than lost; :func:`unworded` lists those.

>>> from companion.editions import edition
>>> from companion.rules.movement import Roll, resolve_roll
>>> from companion.rules.situation import Situation
>>> mega = edition("mega")
>>> go = Situation.fresh(mega.board.space("GO"), edition=mega)
>>> explain(resolve_roll(mega.board, go, Roll(2, 3, "bus")), "en", edition=mega)[1]
'Bus: take a Bus Ticket, or move to Chance.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.messages.codes import NOTE_PREFIX
from companion.messages.rendering import render

if TYPE_CHECKING:
    from companion.editions import Edition
    from companion.rules.movement import Note, Resolution


def note_line(note: Note, lang: str, *, edition: Edition | None = None) -> str | None:
    """``note`` in ``lang``, on ``edition``'s board and in its words, or ``None`` when the
    catalogues have no words for it."""
    try:
        return render(NOTE_PREFIX + note.code, note.params, lang, edition=edition)
    except (LookupError, ValueError, TypeError):  # a MessageError is a LookupError
        return None


def headline(result: Resolution, lang: str, *, edition: Edition | None = None) -> str:
    """The move's headline in ``lang`` (``2+3 and the Bus: move 5 from GO to Income Tax.``),
    or the engine's English when the catalogues cannot word it."""
    if not result.code:
        return result.summary
    try:
        return render(result.code, result.params, lang, edition=edition)
    except (LookupError, ValueError, TypeError):
        return result.summary


def explain(result: Resolution, lang: str, *, edition: Edition | None = None) -> tuple[str, ...]:
    """The explanation of ``result`` in ``lang``: one line for each of its notes, in order; a
    note with no words is said in the engine's English."""
    return tuple(_or_english(note, lang, edition) for note in result.notes)


def _or_english(note: Note, lang: str, edition: Edition | None) -> str:
    line = note_line(note, lang, edition=edition)
    return note.text if line is None else line


def unworded(result: Resolution, *, edition: Edition | None = None) -> tuple[str, ...]:
    """The notes of ``result`` that :func:`explain` can only repeat in English (none, when
    every code and parameter of the move has its words)."""
    return tuple(
        note.text for note in result.notes if note_line(note, "en", edition=edition) is None
    )


__all__ = ["explain", "headline", "note_line", "unworded"]
