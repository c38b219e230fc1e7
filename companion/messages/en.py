"""English: what is not words (its words are ``companion/locales/en/LC_MESSAGES/messages.po``).

The English catalogue is the source of every other: each ``msgid`` is the English sentence of
a code, worded as the banker worded it before codes, and English leaves every ``msgstr`` empty.

>>> from companion.messages import render
>>> render("event.rolled", {"player": "Ann", "dice": [3, 4, "mr"]})
'Ann rolled 3+4 and Mr. Monopoly.'
>>> render("ask.auction.property", {"space": "middle:39", "high": 0, "waiting": ["Ann", "Bob"]})
'Auction of Boardwalk: no bid yet. Anyone may bid higher; Ann and Bob may still bid or pass.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.editions import DOLLARS, Money

#: English contracts nothing: no ``{de name}`` in its templates.
CONTRACTIONS: Mapping[str, Callable[[str], str]] = {}


def money(amount: int, written: Money = DOLLARS) -> str:
    """An amount with a thousands separator, in the edition's money (E8): its symbol before
    or after the number, as its data says.

    >>> money(1500), money(-50), money(400, Money("£"))
    ('$1,500', '-$50', '£400')
    >>> money(400, Money("€", symbol_first=False)) == "400\u00a0€"
    True
    """
    return written.written(amount)


def typeset(text: str) -> str:
    """English typography: a sentence as its template and parameters make it."""
    return text
