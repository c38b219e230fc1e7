"""The edition the table plays, as the app's words and drawings need it.

The game carries its edition (``GameState.edition``) and every view-model that is given a
state reads it there. A few words and drawings are asked for by a name alone (a space's name in
the table's language, a card's title, the board's shapes): they read the edition of the game
at the table, which the controller sets whenever it opens or starts a game, as ``ui.i18n``
holds the table's language. Before any game it is Ultimate's (``companion.editions.DEFAULT``).
"""

from __future__ import annotations

from companion.editions import Edition, edition

_AT_TABLE: list[Edition] = []


def table_edition() -> Edition:
    """The edition of the game at the table (Ultimate before any game)."""
    return _AT_TABLE[0] if _AT_TABLE else edition()


def set_table_edition(played: Edition) -> None:
    """The controller's: the game at the table is now one of ``played``."""
    _AT_TABLE[:] = [played]
