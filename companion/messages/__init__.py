"""Message codes and their sentences, one catalogue per language (``en`` now).

The banker stores what it says as a code and its parameters (``{"code": "note.bid", "params":
{"player": "Ann", "amount": 40}}``), never as English; front ends word them in the table's
language. ``codes.CODES`` lists every code with the kinds of its parameters; ``en.py`` words
each one; a new language is one more module like it (``fr.py``).

>>> render("note.bid", {"player": "Ann", "amount": 40}, lang="en")
'Ann bids $40.'
"""

from companion.messages.codes import CODES, STEP_KINDS
from companion.messages.rendering import (
    Message,
    MessageError,
    Params,
    language,
    languages,
    message,
    render,
    render_decision,
    render_event,
    render_message,
    render_transfers,
)

__all__ = [
    "CODES",
    "STEP_KINDS",
    "Message",
    "MessageError",
    "Params",
    "language",
    "languages",
    "message",
    "render",
    "render_decision",
    "render_event",
    "render_message",
    "render_transfers",
]
