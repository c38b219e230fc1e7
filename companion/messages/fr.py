"""French: what is not words (its words are ``companion/locales/fr/LC_MESSAGES/messages.po``).

The catalogue says every message the banker says in the words of Ultimate Monopoly's French
rules.

The terms are those of the French translation of the rules (bon de voyage, station de
transit, compagnie de taxi, coin payant, dé de vitesse, M. Monopoly, Bourse, métro, gratte-ciel,
caution, le Pool); the spaces keep the names printed on the board, which is American, and the
companies theirs. Amounts are written as in France, ``1 500 $``: a narrow no-break space
(U+202F) between thousands, as Babel's ``fr_FR`` does, and a no-break space before the sign.
French typography is applied to every sentence (:func:`typeset`): the space before
``: ; ! ? » $`` never breaks, so the catalogue is written with ordinary spaces.

A card's title is quoted in a sentence (« Allez en prison ! »), bare where it stands alone.
Templates are written with ``{de name}`` and ``{à name}`` where French contracts or elides
(``du Pool``, ``au Pool``, ``d'Ann``, ``de la Banque``: :data:`CONTRACTIONS`), besides the
``{name}`` and ``{name:variant}`` fields of the English catalogue.

>>> from companion.messages import render
>>> render("event.turn", {"player": "Ann"}, "fr")
"Au tour d'Ann."
>>> render("note.bid", {"player": "Bob", "amount": 1500}, "fr") == "Bob offre 1\\u202f500\\u00a0$."
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from companion.editions import DOLLARS, Money

NARROW_NBSP = "\u202f"
NBSP = "\u00a0"


def number(n: int) -> str:
    """An integer as French writes it: groups of three digits split by a narrow no-break space
    (the output of Babel's ``format_decimal(n, locale="fr_FR")``, which this module may not
    import: ``companion`` uses only the standard library).

    >>> number(1234567) == "1\\u202f234\\u202f567", number(999), number(-1000) == "-1\\u202f000"
    (True, '999', True)
    """
    digits = str(abs(int(n)))
    groups = [digits[max(i - 3, 0) : i] for i in range(len(digits), 0, -3)]
    return ("-" if n < 0 else "") + NARROW_NBSP.join(reversed(groups))


def money(amount: int, written: Money = DOLLARS) -> str:
    """An amount the French way, in the edition's money (E8): the number, a no-break space,
    then the symbol, whatever side the edition's own language writes it on.

    >>> money(1500) == "1\\u202f500\\u00a0$", money(-50) == "-50\\u00a0$"
    (True, True)
    >>> money(400, Money("€", symbol_first=False)) == "400\\u00a0€", money(400, Money("£")) == "400\\u00a0£"
    (True, True)
    """
    return f"{number(amount)}{NBSP}{written.symbol}"


#: Each breaking space and the one it becomes: plain replacements, for every French sentence
#: of the banker and the referee goes through them (a regular expression each took three times
#: as long).
_SPACES = (
    (" :", NBSP + ":"),
    (" »", NBSP + "»"),
    (" ;", NARROW_NBSP + ";"),
    (" !", NARROW_NBSP + "!"),
    (" ?", NARROW_NBSP + "?"),
    ("« ", "«" + NBSP),
    (" $", NBSP + "$"),
)


def typeset(text: str) -> str:
    """French typography: the space before ``: ; ! ? » $`` and after ``«`` does not break.

    >>> typeset("Prêt ? Oui : « Go ! »") == "Prêt\\u202f? Oui\\u00a0: «\\u00a0Go\\u202f!\\u00a0»"
    True
    """
    for space, unbreakable in _SPACES:
        text = text.replace(space, unbreakable)
    return text


_VOWEL = re.compile(r"[AEIOUYÀÂÉÈÊËÎÏÔŒÙÛÜaeiouyàâéèêëîïôœùûü]")


def de(shown: str) -> str:
    """``de`` before a name, elided or contracted: ``d'Ann``, ``du Pool``, ``de la Banque``.

    >>> de("Ann"), de("Bob"), de("le Pool"), de("la Banque"), de("les joueurs")
    ("d'Ann", 'de Bob', 'du Pool', 'de la Banque', 'des joueurs')
    """
    if shown.startswith("le "):
        return "du " + shown[3:]
    if shown.startswith("les "):
        return "des " + shown[4:]
    return ("d'" if _VOWEL.match(shown) else "de ") + shown


def a(shown: str) -> str:
    """``à`` before a name, contracted: ``à Ann``, ``au Pool``, ``à la Banque``.

    >>> a("Ann"), a("le Pool"), a("la Banque")
    ('à Ann', 'au Pool', 'à la Banque')
    """
    if shown.startswith("le "):
        return "au " + shown[3:]
    if shown.startswith("les "):
        return "aux " + shown[4:]
    return "à " + shown


#: The contractions a template may ask for: ``{de name}``, ``{à name}``.
CONTRACTIONS: Mapping[str, Callable[[str], str]] = {"de": de, "à": a}
