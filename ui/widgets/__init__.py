"""Small widgets shared by the screens and the dialogs.

``from ui.widgets import BigButton, CashChip, PlayerStrip, StatusLine, DiceView, FlashBanner,
NavBar, ChoiceList, SearchList, NumberPad, LazySpinner`` (importing the package loads their kv
rules once).
The physical buttons' cap colours are :data:`BUTTON_CAPS` (position 1, 2, 3): a decision's
button for position k wears that colour on its edge with the number k.
"""

from __future__ import annotations

from ui.widgets.basic import (
    BUTTON_CAPS,
    BigButton,
    CashChip,
    ChoiceList,
    DiceView,
    FlashBanner,
    LazySpinner,
    NavBar,
    NumberPad,
    PlayerStrip,
    SearchList,
    StatusLine,
)

__all__ = [
    "BUTTON_CAPS",
    "BigButton",
    "CashChip",
    "ChoiceList",
    "DiceView",
    "FlashBanner",
    "LazySpinner",
    "NavBar",
    "NumberPad",
    "PlayerStrip",
    "SearchList",
    "StatusLine",
]
