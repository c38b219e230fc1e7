"""The banker's words read from gettext catalogues say every sentence exactly as the Python
catalogues did: every code, rendered with thousands of sample parameters in English and French,
against the sentences recorded from the old renderer (``tests/message_samples.py``)."""

from __future__ import annotations

from companion.messages import CODES, render
from tests import message_samples


def test_every_code_says_in_every_language_what_the_python_catalogues_said() -> None:
    table = message_samples.load()
    differ = [
        (code, params, lang, said[lang], render(code, params, lang))
        for code, params, said in table
        for lang in message_samples.LANGUAGES
        if render(code, params, lang) != said[lang]
    ]
    assert differ[:5] == []
    assert set(CODES) <= {code for code, _, _ in table}
    assert len(table) > 4000
