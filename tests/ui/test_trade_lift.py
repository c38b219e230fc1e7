"""The trade dialog's mortgage choice (002, *Mortgages*: "If you are the new owner, you may lift
the mortgage at once if you wish by paying off the mortgage plus 10% interest to the Bank"):
each mortgaged deed a side gives shows its new owner's choice, lift it now (value + 10%, the
trade's ``lift``) or keep it mortgaged (10% now), in every edition whose banker accepts it.

The dialog is driven in this process on a real controller and game log; the whole app by touch
at 800x480, with its screenshots, runs in one subprocess (``tests/ui/trade_lift_script.py``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.banker.state import BANK
from companion.editions import Edition, edition
from tests.conftest import run_app_script
from ui.controller import TableController
from ui.edition import table_edition

pytest.importorskip("kivy")

NBSP, NNBSP = "\u00a0", "\u202f"

#: Each edition's dearest deed and its group's other one for Bob, a cheap one for Ann (by key).
DEEDS = {
    "classic": ("board:39", "board:37", "board:3"),
    "mega": ("board:51", "board:49", "board:3"),
    "ultimate": ("middle:39", "middle:37", "middle:3"),
}


def table(played: Edition) -> dict[str, Any]:
    """Ann and Bob at the start, 1,500 each; Bob holds four deeds, then two mortgaged ones (more
    than his list shows at 800x480), Ann one mortgaged deed; named as the board prints them."""
    board = played.board
    dear, other, cheap = (board.by_key(k).name for k in DEEDS[played.id])
    more = [n for n in board.properties if n not in (dear, other, cheap)][:4]
    situation: dict[str, Any] = {
        "version": 1,
        "edition": played.id,
        "players": [
            {"name": "Ann", "position": board.start.key, "cash": 1500},
            {"name": "Bob", "position": board.start.key, "cash": 1500},
        ],
        "to_move": "Ann",
        "properties": {
            **{name: {"owner": "Bob"} for name in more},
            dear: {"owner": "Bob", "mortgaged": True},
            other: {"owner": "Bob", "mortgaged": True},
            cheap: {"owner": "Ann", "mortgaged": True},
        },
    }
    if played.region:
        situation["board"] = played.region
    if played.numbers.travel_vouchers_in_game:
        for seat in situation["players"]:
            seat["vouchers"] = []
    return situation


@pytest.fixture
def make(make_controller: Callable[..., TableController]) -> Callable[..., TableController]:
    """A controller on a new log, at the table of ``played`` (``table``), in ``lang``."""
    logs = itertools.count()

    def build(played: Edition, lang: str = "en") -> TableController:
        c = make_controller(f"games{next(logs)}.db", lang=lang)
        assert c.start_from_situation(json.dumps(table(played))), c.view.notice
        return c

    return build


def _dialog(c: TableController) -> Any:
    from ui.dialogs.trade import TradeDialog

    return TradeDialog(controller=c, first="Ann", second="Bob")


def _deed(side: Any, key: str) -> Any:
    """The side's button of the deed at ``key``, put into the trade."""
    from kivy.clock import Clock

    name = table_edition().board.by_key(key).name
    item = next(t for t in side.items() if t.value == name)
    item.state = "down"
    Clock.tick()
    return item


def _agree_and_confirm_twice(c: TableController, dialog: Any) -> tuple[bool, bool, list[dict]]:
    dialog.agree(dialog.ids.left)
    dialog.agree(dialog.ids.right)
    assert dialog.ready, dialog.message
    before = len(c.game.done)
    first, second = dialog.confirm(), dialog.confirm()
    return first, second, [dict(x) for x in c.game.done[before:]]


@pytest.mark.parametrize("edition_id", ["classic", "mega", "ultimate"])
def test_the_dialog_lifts_a_received_mortgage_for_its_value_and_ten_percent(
    make, edition_id: str
) -> None:
    """The prompt's ``trade Bob give $150 take Boardwalk lift Boardwalk``, by touch: Ann pays
    Bob $150 and the Bank $200 + $20; Boardwalk is hers, no longer mortgaged."""
    played = edition(edition_id)
    c = make(played)
    bank = c.state.cash[BANK]
    dialog = _dialog(c)
    deed = _deed(dialog.ids.right, DEEDS[edition_id][0])
    lift, keep = reversed(deed.choice.children)
    assert (lift.text, keep.text) == (
        "Lift the mortgage now\nAnn pays $220 (value + 10%)",
        "\u2713 Keep it mortgaged\nAnn pays $20 now (10%)",
    )
    assert lift.height >= 48 and keep.height >= 48
    lift.dispatch("on_release")
    assert lift.text.startswith("\u2713 Lift") and not keep.text.startswith("\u2713")
    dialog.ids.left.step(100)
    for _ in range(5):
        dialog.ids.left.step(10)
    assert dialog.summary == "Ann gives $150; Bob gives Boardwalk (mortgage lifted now)."
    first, second, done = _agree_and_confirm_twice(c, dialog)
    assert (first, second) == (True, False)  # a double tap makes one trade
    assert done == [
        {
            "type": "trade",
            "player": "Ann",
            "decision": done[0]["decision"],
            "with": "Bob",
            "give": {"cash": 150},
            "take": {"properties": ["Boardwalk"]},
            "lift": ["Boardwalk"],
        }
    ]
    state = c.state
    assert (state.holdings["Boardwalk"].owner, state.holdings["Boardwalk"].mortgaged) == (
        "Ann",
        False,
    )
    assert state.cash["Ann"] == 1500 - 150 - 220 and state.cash["Bob"] == 1500 + 150
    assert state.cash[BANK] == bank + 220
    # The ledger: $150 to Bob for the trade, $220 to the Bank to lift the mortgage, nothing else.
    assert [(r.text, r.delta_text) for r in c.history("Ann")][1:] == [
        ("Ann pays Bob $150 (trade).", "\u2212$150"),
        ("Boardwalk belongs to Ann, mortgaged.", ""),
        ("Ann pays the Bank $220 (lifting the mortgage on Boardwalk).", "\u2212$220"),
        ("Boardwalk belongs to Ann.", ""),
    ]


@pytest.mark.parametrize("edition_id", ["classic", "mega", "ultimate"])
def test_without_the_toggle_the_new_owner_pays_ten_percent_and_it_stays_mortgaged(
    make, edition_id: str
) -> None:
    played = edition(edition_id)
    c = make(played)
    bank = c.state.cash[BANK]
    dialog = _dialog(c)
    _deed(dialog.ids.right, DEEDS[edition_id][0])
    dialog.ids.left.step(100)
    dialog.ids.left.step(100)
    first, second, done = _agree_and_confirm_twice(c, dialog)
    assert (first, second) == (True, False)
    assert len(done) == 1 and "lift" not in done[0]
    state = c.state
    assert (state.holdings["Boardwalk"].owner, state.holdings["Boardwalk"].mortgaged) == (
        "Ann",
        True,
    )
    assert state.cash["Ann"] == 1500 - 200 - 20 and state.cash[BANK] == bank + 20
    assert [(r.text, r.delta_text) for r in c.history("Ann")][1:] == [
        ("Ann pays Bob $200 (trade).", "\u2212$200"),
        ("Boardwalk belongs to Ann, mortgaged.", ""),
        ("Ann pays the Bank $20 (interest on mortgaged Boardwalk).", "\u2212$20"),
    ]


def test_a_choice_changed_or_a_deed_taken_back_withdraws_the_agreements_and_the_lift(make):
    c = make(edition("classic"))
    dialog = _dialog(c)
    left, right = dialog.ids.left, dialog.ids.right
    mine = _deed(left, "board:3")  # Ann's Baltic Avenue: Bob is its new owner
    lift, keep = reversed(mine.choice.children)
    assert lift.text == "Lift the mortgage now\nBob pays $33 (value + 10%)"
    lift.dispatch("on_release")
    dialog.agree(left)
    dialog.agree(right)
    assert dialog.ready and dialog.command()["lift"] == ["Baltic Avenue"]
    keep.dispatch("on_release")  # a change: both agree again
    assert not dialog.ready and not left.agreed and not right.agreed
    assert "lift" not in dialog.command()
    lift.dispatch("on_release")
    choice = mine.choice
    mine.state = "normal"  # the deed out of the trade: its choice goes with it
    assert mine.choice is None and choice.parent is None
    assert dialog.command() == {"type": "trade", "player": "Ann", "with": "Bob"}
    mine.state = "down"  # back in: kept mortgaged, as the banker has it without lift
    assert mine.choice.lifted is False


def test_a_lift_the_new_owner_could_not_pay_is_refused_in_the_dialog(make) -> None:
    """The banker would refuse it ("lifting Boardwalk at once costs $220 and Ann would have
    $150"): the dialog says so in the table's words before anyone agrees, nothing changes."""
    c = make(edition("classic"))
    dialog = _dialog(c)
    deed = _deed(dialog.ids.right, "board:39")
    next(reversed(deed.choice.children)).dispatch("on_release")
    for _ in range(13):
        dialog.ids.left.step(100)
    dialog.ids.left.step(-10)
    dialog.ids.left.step(-10)  # $1,280: Ann would keep $220, enough
    dialog.ids.left.step(10)  # $1,290: $210 left
    before, done = c.state, len(c.game.done)
    dialog.agree(dialog.ids.left)
    assert dialog.message == (
        "Lifting now costs Ann $220 and they would have $210 after the trade: keep a deed "
        "mortgaged or change the cash."
    )
    assert not dialog.ids.left.agreed and not dialog.ready and not dialog.confirm()
    assert c.state is before and len(c.game.done) == done
    dialog.ids.left.step(-10)  # $1,280: now she can
    dialog.agree(dialog.ids.left)
    dialog.agree(dialog.ids.right)
    assert dialog.ready and dialog.confirm()
    assert c.state.cash["Ann"] == 0 and not c.state.holdings["Boardwalk"].mortgaged


def test_in_french_on_the_paris_board_the_choice_is_in_euros(make) -> None:
    from ui.i18n import set_language

    set_language("fr")
    try:
        c = make(edition("classic", "fr"), "fr")
        dialog = _dialog(c)
        deed = _deed(dialog.ids.right, "board:39")
        assert deed.text == "Rue de la Paix (hypothéquée)"
        lift, keep = reversed(deed.choice.children)
        assert (lift.text, keep.text) == (
            f"Lever l'hypothèque maintenant\nAnn paie 220{NBSP}€ (valeur + 10{NNBSP}%)",
            f"\u2713 Garder l'hypothèque\nAnn paie 20{NBSP}€ maintenant (10{NNBSP}%)",
        )
        lift.dispatch("on_release")
        assert dialog.summary == (
            f"Ann donne rien{NNBSP}; Bob donne Rue de la Paix (hypothèque levée)."
        )
    finally:
        set_language("en")


@pytest.fixture(scope="module")
def by_touch(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("trade-lift")
    out = folder / "result.json"
    return run_app_script(
        "tests.ui.trade_lift_script", out, folder / "shots", "800x480", "fr", "classic", "fr",
        out=out,
    )  # fmt: skip


def test_by_touch_at_800x480_the_choices_are_large_in_view_and_a_double_tap_trades_once(
    by_touch: dict,
) -> None:
    """The app at 800x480 in French on the Paris board: Bob's Rue de la Paix, last of his list,
    scrolled to and tapped; its choice shows below it in the list's view; Ann's Rue Lecourbe
    lifted by Bob; two taps on "Faire l'échange"."""
    for place in (*by_touch["choice_places"], *by_touch["ann_choice_places"]):
        assert place["height"] >= 48 and place["inside_window"] and place["inside_list"], place
        assert place["fits"], place
    assert by_touch["choice_after_tap"][1].startswith("\u2713 Garder l'hypothèque")
    assert by_touch["ann_choice"][0] == (
        f"\u2713 Lever l'hypothèque maintenant\nBob paie 33{NBSP}€ (valeur + 10{NNBSP}%)"
    )
    assert by_touch["confirm_height"] >= 48
    (trade,) = by_touch["commands"]  # two taps, one trade
    assert trade["lift"] == ["Rue Lecourbe"] and trade["give"]["cash"] == 300
    # Ann: $300 to Bob and $20, the interest on Rue de la Paix kept mortgaged; Bob: $33 to
    # lift Rue Lecourbe's mortgage now.
    assert by_touch["paid"] == {"Ann": 320, "Bob": -300 + 33, "Bank": -53, "Pool": 0}
    assert by_touch["holdings"]["Rue de la Paix"] == ["Ann", True]
    assert by_touch["holdings"]["Rue Lecourbe"] == ["Bob", False]


def test_on_the_london_board_the_ledger_says_pounds_and_mayfair(make) -> None:
    c = make(edition("classic", "uk"))
    dialog = _dialog(c)
    deed = _deed(dialog.ids.right, "board:39")
    lift = next(reversed(deed.choice.children))
    assert lift.text == "Lift the mortgage now\nAnn pays £220 (value + 10%)"
    lift.dispatch("on_release")
    first, _second, _done = _agree_and_confirm_twice(c, dialog)
    assert first
    assert [r.text for r in c.history("Ann")][1:] == [
        "Mayfair belongs to Ann, mortgaged.",
        "Ann pays the Bank £220 (lifting the mortgage on Mayfair).",
        "Mayfair belongs to Ann.",
    ]
