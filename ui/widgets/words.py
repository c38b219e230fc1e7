"""The translation layer as the widgets and dialogs use it: ``ui.i18n`` once it is there.

Kept in one place so that the shells of the app do not each carry a fallback: before
``ui.i18n`` existed the app still had to start, in English.
"""

from __future__ import annotations

from typing import Any

try:
    from ui.i18n import _, money
except ImportError:  # pragma: no cover - only before ui/i18n.py lands

    def _(msgid: str, **fields: Any) -> str:
        return msgid.format(**fields) if fields else msgid

    def money(amount: int, lang: str | None = None) -> str:
        return f"${amount:,}" if amount >= 0 else f"-${-amount:,}"


__all__ = ["_", "money"]
