"""Message codes and their sentences, one gettext catalogue per language.

The banker stores what it says as a code and its parameters (``{"code": "note.bid", "params":
{"player": "Ann", "amount": 40}}``), never as English; front ends word them in the table's
language. ``codes.CODES`` lists every code with the kinds of its parameters; the catalogue
``companion/locales/en/LC_MESSAGES/messages.po`` words each one (``msgctxt`` the code,
``msgid`` the English); a new language is one more catalogue (``fr``), read by :mod:`.po`
and rendered by :mod:`.rendering`; ``python -m companion.messages check`` checks them.

>>> render("note.bid", {"player": "Ann", "amount": 40}, lang="en")
'Ann bids $40.'
"""

from companion.messages.codes import CODES, STEP_KINDS
from companion.messages.rendering import (
    Message,
    MessageError,
    Params,
    card_words,
    language,
    languages,
    message,
    render,
    render_decision,
    render_event,
    render_message,
    render_transfers,
    unshowable,
)

__all__ = [
    "CODES",
    "STEP_KINDS",
    "Message",
    "MessageError",
    "Params",
    "card_words",
    "language",
    "languages",
    "message",
    "render",
    "render_decision",
    "render_event",
    "render_message",
    "render_transfers",
    "unshowable",
]
