"""Issue 22, items 6 and 7, in the real app off-screen (``tests/ui/words_script.py``, one
subprocess): a live language switch leaves no visible text in the other language on any main
place, dialogs included, both ways; money that moved without a decision (a Squeeze Play, a
passing bonus, a bonus move's rent) has its sentence on the table screen; after Undo the banner
begins "Undone:"; the balances' before -> after are readable with six players at 800x480."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import run_app_script

pytest.importorskip("kivy")

from companion.messages import CODES, po  # noqa: E402
from companion.messages.fr import typeset  # noqa: E402
from companion.messages.rendering import CONTEXT, catalogue_path  # noqa: E402
from ui import i18n  # noqa: E402


def _seat(name: str, position: str, cash: int = 1500) -> dict:
    return {"name": name, "position": position, "cash": cash, "vouchers": [], "roll_three": []}


def _situation(*seats: dict, properties: dict | None = None) -> dict:
    return {"version": 1, "players": list(seats), "to_move": seats[0]["name"],
            "properties": properties or {}}  # fmt: skip


SIX = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")
#: Each case: a situation, the commands played on it through the controller, then the table
#: screen is read (animations on, after the flash's lit time).
MONEY_CASES = [
    {
        # Miami Avenue + 5 lands on Squeeze Play; 3+4 makes each other player pay $50 (P5).
        "name": "squeeze_play",
        "situation": _situation(
            _seat("Ann", "inner:19"), _seat("Bob", "middle:0"), _seat("Cy", "middle:0")
        ),  # fmt: skip
        "commands": [{"type": "roll", "dice": [1, 3, "1"]}, {"type": "dice", "dice": [3, 4]}],
    },
    {
        "name": "squeeze_play_fr",
        "lang": "fr",
        "situation": _situation(
            _seat("Ann", "inner:19"), _seat("Bob", "middle:0"), _seat("Cy", "middle:0")
        ),  # fmt: skip
        "commands": [{"type": "roll", "dice": [1, 3, "1"]}, {"type": "dice", "dice": [3, 4]}],
    },
    {
        # Community Chest (inner) + 4 passes Bonus on the way to Newbury Street.
        "name": "passing_bonus",
        "situation": _situation(_seat("Ann", "inner:4"), _seat("Bob", "middle:0")),
        "commands": [{"type": "roll", "dice": [1, 2, "1"]}],
    },
    {
        # 1+1 and Mr. Monopoly from Mediterranean Avenue: Baltic Avenue (Bob's: rent), then the
        # bonus move goes on to the next property nobody owns.
        "name": "bonus_move_rent",
        "situation": _situation(
            _seat("Ann", "middle:1"),
            _seat("Bob", "middle:0"),
            _seat("Cy", "middle:0"),
            properties={
                "Baltic Avenue": {"owner": "Bob"},
                "Oriental Avenue": {"owner": "Bob"},
                "Vermont Avenue": {"owner": "Cy"},
                "Connecticut Avenue": {"owner": "Cy"},
                "Reading Railroad": {"owner": "Bob"},
            },
        ),  # fmt: skip
        "commands": [{"type": "roll", "dice": [1, 1, "mr"]}],
    },
    {
        # Newbury Street bought, then the purchase undone.
        "name": "undo",
        "situation": _situation(_seat("Ann", "inner:4"), _seat("Bob", "middle:0")),
        "commands": [{"type": "roll", "dice": [1, 2, "1"]}, {"type": "buy"}, {"type": "undo"}],
    },
    {
        "name": "undo_fr",
        "lang": "fr",
        "situation": _situation(_seat("Ann", "inner:4"), _seat("Bob", "middle:0")),
        "commands": [{"type": "roll", "dice": [1, 2, "1"]}, {"type": "buy"}, {"type": "undo"}],
    },
    {
        # Six players, Ann pays Bob the rent of Boardwalk with a hotel (Pennsylvania Avenue
        # + 5): the chips' before -> after at 800x480, with five-digit balances.
        "name": "six_players",
        "situation": _situation(
            _seat("Ann", "middle:34", 12345),
            *(_seat(n, "middle:0", 11500) for n in SIX[1:]),
            properties={
                "Boardwalk": {"owner": "Bob", "buildings": "hotel"},
                "Park Place": {"owner": "Bob"},
            },
        ),  # fmt: skip
        "commands": [{"type": "roll", "dice": [1, 3, "1"]}],
    },
]


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("words")
    out, cases = folder / "result.json", folder / "cases.json"
    cases.write_text(json.dumps(MONEY_CASES))
    return run_app_script(
        "tests.ui.words_script", folder / "g.db", out, cases, out=out, timeout=300
    )


# -- The catalogs: which visible text belongs to which language ---------------------------------

_FIELD = re.compile(r"\{[^{}]*\}")


def _pattern(template: str) -> re.Pattern[str] | None:
    """``template`` as a regular expression of a whole text, each field any words; None for a
    template whose own words are too few to tell a language by (``{player}: {what}``)."""
    literal = _FIELD.sub("", template)
    if sum(c.isalpha() for c in literal) < 4:
        return None
    parts = _FIELD.split(template)
    return re.compile("(?:.+?)".join(re.escape(p) for p in parts), re.DOTALL)


def _pairs() -> Iterator[tuple[str, str]]:
    """(English, French) of every sentence the app words: its catalog and the banker's (both
    plural forms)."""
    for message in i18n.read_catalog("fr"):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, french in zip(ids, strings, strict=False):
            if french:
                yield english, i18n.french_spacing(french)
    for entry in po.read(catalogue_path("fr")).entries:
        match = CONTEXT.match(entry.context or "")
        if match and match.group(1) in CODES:
            english = (entry.id, entry.plural or entry.id)
            for source, french in zip(english, entry.strings, strict=False):
                yield source, typeset(french)


def _catalog_patterns() -> dict[str, list[re.Pattern[str]]]:
    patterns: dict[str, list[re.Pattern[str]]] = {"en": [], "fr": []}
    for english, french in _pairs():
        if english == french:
            continue  # the same in both ("Bus", "Total"): fine in either
        for lang, text in (("en", english), ("fr", french)):
            pattern = _pattern(text)
            if pattern is not None:
                patterns[lang].append(pattern)
    return patterns


PATTERNS = _catalog_patterns()


def _segments(text: str) -> list[str]:
    """A text and its lines (a label may hold several sentences, one a line)."""
    lines = [s.strip() for s in re.split(r"\n|   ", text) if s.strip()]
    return [text.strip(), *lines]


def left_over(texts: list[str], lang: str) -> list[str]:
    """The texts in sight that are in the other language than ``lang``: a text (or one of its
    lines) that the other language's catalog words and ``lang``'s does not."""
    other = "fr" if lang == "en" else "en"
    wrong = []
    for text in texts:
        for segment in _segments(text):
            if any(p.fullmatch(segment) for p in PATTERNS[other]) and not any(
                p.fullmatch(segment) for p in PATTERNS[lang]
            ):
                wrong.append(segment)
                break
    return wrong


def test_the_checker_tells_the_languages_apart() -> None:
    assert left_over(["Buy for $430", "Back to the table", "Ann", "$1,500"], "en") == []
    assert left_over(["Back to the table"], "fr") == ["Back to the table"]
    french = i18n.translate("Back to the table", "fr")
    assert left_over([french], "en") == [french] and left_over([french], "fr") == []


PLACES = ("setup", "table-notice", "table-refusal", "table-dialog", "board", "players",
          "history", "referee", "settings")  # fmt: skip


@pytest.mark.parametrize("place", PLACES)
def test_a_language_switch_leaves_no_word_of_the_other_language(seen: dict, place: str) -> None:
    texts = seen["switch"][place]
    assert left_over(texts["en"], "en") == [], "before the switch"
    assert len(texts["to-fr"]) > 3, texts["to-fr"]
    assert left_over(texts["to-fr"], "fr") == [], "after the switch to French"
    assert left_over(texts["to-en"], "en") == [], "after the switch back to English"


def test_the_engines_refusal_follows_the_switch(seen: dict) -> None:
    """The engine refused a build on a property nobody owns. Its words are English only: at
    the French table they are framed in French (nothing changed), and back in English they
    are the engine's own again."""
    refusal = "cannot build on 'Boardwalk': Ann does not own 'Boardwalk'"
    said = {
        k: [t for t in v if "Boardwalk" in t] for k, v in seen["switch"]["table-refusal"].items()
    }
    framed = i18n.translate(
        "Refused, nothing changed (the banker's words): {why}", "fr", why=refusal
    )
    assert said == {"en": [refusal], "to-fr": [framed], "to-en": [refusal]}


def _money(seen: dict, case: str) -> dict:
    return seen["money"][case]


@pytest.mark.parametrize(
    ("case", "sentences"),
    [
        ("squeeze_play", ["Bob and Cy each pay Ann $50 (Squeeze Play)."]),
        ("passing_bonus", ["The Bank pays Ann $250 (passing Bonus)."]),
        ("bonus_move_rent", ["Ann pays Bob $4 (rent for Baltic Avenue)."]),
    ],
)
def test_money_moved_without_a_decision_has_its_sentence_on_the_table(
    seen: dict, case: str, sentences: list[str]
) -> None:
    shown = "\n".join(_money(seen, case)["texts"])
    for sentence in sentences:
        assert sentence in shown, (sentence, _money(seen, case)["texts"])


def test_the_sentences_of_money_are_in_the_table_s_language(seen: dict) -> None:
    shown = "\n".join(_money(seen, "squeeze_play_fr")["texts"])
    assert "Bob et Cy paient chacun 50\u00a0$ à Ann (Squeeze Play)." in shown, shown


def test_after_undo_the_banner_says_undone(seen: dict) -> None:
    banner = _money(seen, "undo")["banner"]
    assert banner.startswith("Undone: "), banner
    assert "Newbury Street" in banner, banner
    french = _money(seen, "undo_fr")["banner"]
    assert french.startswith(i18n.translate("Undone: {what}", "fr", what="")), french


def test_six_players_before_and_after_is_readable(seen: dict) -> None:
    """The body text of the table is 15 sp: the balances' flash is never smaller."""
    case = _money(seen, "six_players")
    assert case["chips"] == list(SIX), case
    assert sorted(case["flashed"]) == ["Ann", "Bob"], case
    assert min(case["flash_fonts"]) >= 15, case["flash_fonts"]


# -- Without a window: the controller and the widgets' words --------------------------------------


@pytest.fixture
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_controller_words_its_notice_and_flashes_again_at_a_switch(
    tmp_path: Path, english: None
) -> None:
    from ui.controller import TableController
    from ui.setup_store import SetupStore

    c = TableController(db_path=tmp_path / "g.db", store=SetupStore(tmp_path / "s.json"))
    try:
        case = next(k for k in MONEY_CASES if k["name"] == "passing_bonus")
        assert c.start_from_situation(case["situation"])
        assert c.answer_command(c.state.decision.id, case["commands"][0])
        assert [f.text for f in c.view.flashes] == ["The Bank pays Ann $250 (passing Bonus)."]
        assert not c.press(3)
        assert c.view.notice == "Button 3 has nothing to do now"
        c.set_language("fr")
        assert c.view.notice == i18n.translate("Button {number} has nothing to do now", "fr",
                                               number=3)  # fmt: skip
        assert [f.text for f in c.view.flashes] == [
            "La Banque paie 250\u00a0$ à Ann (passage sur Bonus)."
        ]
        c.set_language("en")
        assert c.view.notice == "Button 3 has nothing to do now"
        # Undo: the banner's words say what was taken back, and follow a switch too.
        assert c.answer(c.state.decision.id, 0)  # buy Newbury Street
        assert c.undo()
        assert c.view.notice.startswith("Undone: Ann pays the Bank $380 (buying Newbury Street).")
        c.set_language("fr")
        assert c.view.notice.startswith("Annulé\u00a0: Ann paie 380\u00a0$ à la Banque")
    finally:
        c.close()


def test_a_widget_s_words_set_in_python_are_said_again(english: None) -> None:
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button

    from ui.kvi18n import reword_tree

    box = BoxLayout()
    worded = Button(text=i18n._("Back to the table"))
    named = Button(text="Ann")
    box.add_widget(worded)
    box.add_widget(named)
    assert reword_tree([box], "fr") == 1
    assert (worded.text, named.text) == (i18n.translate("Back to the table", "fr"), "Ann")
    assert reword_tree([box], "en") == 1 and worded.text == "Back to the table"
