"""The set-up's edition and regional board, off-screen and by touch: the picker lists the
editions the companion ships, each with a picture of its board; Classic and its Paris board
tapped start a game of Classic on the Paris board, in euros and with Classic's house rules; a
double tap on Start starts one game; the saved games name each game's edition and board; the
next set-up opens on the edition and board last played.

One Kivy Window per process: the screen runs in one subprocess (``_SCRIPT``) that prints a JSON
report; each test asserts on its part.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("kivy")

from companion.editions import edition, known_editions  # noqa: E402
from tests.ui.conftest import at_the_table  # noqa: E402
from tests.ui.report import run_report  # noqa: E402
from ui import viewmodels as vm  # noqa: E402

_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from tests.ui.offscreen import frames, show, tap as touch  # the environment before Kivy
    from kivy.core.window import Window

    from companion.game import Game
    from companion.log.gamelog import GameLog
    from ui.controller import TableController
    from ui.screens.setup import SetupScreen
    from ui.setup_store import SetupStore

    tmp = Path(sys.argv[1])
    out = {}
    Window.size = (800, 480)


    def tap(widget):
        touch(widget)
        frames(4)

    def inside(widget):
        x, y = widget.to_window(widget.x, widget.y)
        return 0 <= x and 0 <= y and x + widget.width <= 800 and y + widget.height <= 480

    store = SetupStore(tmp / "setup.json")
    c = TableController(db_path=tmp / "games.db", store=store, lang="fr")
    from ui.screens.referee import RefereeScreen
    r = RefereeScreen(controller=c)
    show(r)
    s = SetupScreen(controller=c)
    show(s)
    out["pane"] = s.pane
    cards = list(reversed(s.ids.editions.children))
    out["editions"] = [card.choice.id for card in cards]
    out["edition_names"] = [card.choice.name for card in cards]
    out["pictures"] = [
        [w.board is card.choice.board and w.frame is not None and w.frame.side > 40
         for w in card.walk(restrict=True) if type(w).__name__ == "BoardPicture"]
        for card in cards
    ]
    out["cards_big"] = all(card.width >= 48 and card.height >= 48 and inside(card) for card in cards)

    classic = next(card for card in cards if card.choice.id == "classic")
    tap(classic)
    out["chosen"] = s.edition_id
    boards = list(reversed(s.ids.regions.children))
    out["boards"] = [(b.choice.region, b.choice.name, b.choice.symbol) for b in boards]
    out["boards_big"] = all(b.height >= 48 and inside(b) for b in boards)
    out["board_pictures"] = [
        [w.centre_text for w in b.walk(restrict=True) if type(w).__name__ == "BoardPicture"]
        for b in boards
    ]
    paris = next(b for b in boards if b.choice.region == "fr")
    tap(paris)
    out["region"] = s.region
    out["selected"] = [b.choice.region for b in boards if b.selected]
    out["rules"] = sorted(s.rules)
    tap(s.ids.start)  # "Next: the players"
    out["after_next"] = s.pane
    seats = s.seats()
    out["seat_pickers"] = [
        [w.opacity for w in (row.ids.roll_three, row.ids.voucher)] for row in seats
    ]
    seats[0].name_text, seats[1].name_text = "Ann", "Bob"
    frames()
    # A double tap: two touches on Start before the table has been drawn.
    touch(s.ids.start)
    touch(s.ids.start)
    frames(6)
    with GameLog(tmp / "games.db", readonly=True) as log:
        games = log.games()
        out["games"] = len(games)
        game = Game.resume(log, games[0]["id"])
    out["started"] = [game.state.edition.id, game.state.edition.region]
    out["stamp"] = next(e for e in game.all_events() if e["type"] == "game_started")["edition"]
    out["place"] = c.view.place
    out["chips"] = [p.cash_text for p in c.view.players]

    # The referee's dice at a Classic table: two rows, no speed die (the screen was made
    # before the game, with Ultimate's three rows).
    show(r)
    r.on_pre_enter()
    frames()
    out["referee_rows"] = [
        [len(r.ids[row].children), r.ids[row].height > 0, r.ids[row].opacity]
        for row in ("d1", "d2", "speed")
    ]
    # The two dice touched, as a table does: the referee answers.
    r.choose_space(c.start_space)
    tap(next(b for b in r.ids.d1.children if b.face == 4))
    tap(next(b for b in r.ids.d2.children if b.face == 3))
    out["referee_asked"] = [r.sentence.split(",")[0], bool(r.answer and r.answer.path)]
    c.close()  # the app closed: its game log is free for the next one
    # The next set-up: the saved games name the edition and its board; Classic and Paris
    # are chosen again.
    c2 = TableController(db_path=tmp / "games.db", store=SetupStore(tmp / "setup.json"), lang="en")
    s2 = SetupScreen(controller=c2)
    show(s2)
    out["again"] = [s2.pane, s2.edition_id, s2.region]
    s2.pane = "saved"  # the home pane's "Saved games"
    out["saved"] = [row.title for row in s2.ids.saved.children]
    s2.pane = "home"
    tap(s2.ids.act)  # "New game", under the game to resume
    out["new_game"] = s2.pane
    ultimate = next(card for card in s2.ids.editions.children if card.choice.id == "ultimate")
    tap(ultimate)
    out["ultimate"] = [s2.edition_id, s2.region, len(s2.ids.regions.children), s2.regions == []]
    out["ultimate_rules"] = sorted(s2.rules)
    out["ultimate_pickers"] = [row.ids.roll_three.opacity for row in s2.seats()]
    c2.close()

    # A remembered edition or board this companion does not have: the first offered, no crash.
    odd = SetupStore(tmp / "odd.json")
    odd.save(edition="junior", region="de")
    c3 = TableController(db_path=tmp / "odd.db", store=SetupStore(tmp / "odd.json"), lang="en")
    s3 = SetupScreen(controller=c3)
    out["odd"] = [s3.edition_id, s3.region, s3.message]
    odd.save(edition="classic", region="de")
    s4 = SetupScreen(controller=c3)
    out["odd_board"] = [s4.edition_id, s4.region]
    print("REPORT " + json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("setup")
    return run_report(_SCRIPT, str(folder), kivy_home=tmp_path_factory.mktemp("kivy-home"))


def test_the_picker_lists_the_shipped_editions_each_with_its_board(report) -> None:
    assert report["pane"] == "edition"  # a new game chooses the edition first
    assert report["editions"] == list(known_editions())
    assert report["edition_names"] == [edition(e).name for e in known_editions()]
    assert report["pictures"] == [[True]] * len(known_editions())
    assert report["cards_big"]


def test_classic_offers_its_three_boards_each_with_its_money(report) -> None:
    assert report["chosen"] == "classic"
    assert report["boards"] == [
        ["us", "Atlantic City", "$"],
        ["uk", "London", "£"],
        ["fr", "Paris", "€"],
    ]
    assert report["board_pictures"] == [["$"], ["£"], ["€"]]
    assert report["boards_big"]


def test_classic_and_paris_tapped_start_a_game_of_classic_on_the_paris_board(report) -> None:
    assert report["region"] == "fr" and report["selected"] == ["fr"]
    assert report["rules"] == sorted(edition("classic").house_rules)
    assert report["after_next"] == "players"
    # Classic deals no Roll Three card nor Travel Voucher: the seats do not ask for them.
    assert report["seat_pickers"] == [[0, 0], [0, 0]]
    assert report["started"] == ["classic", "fr"]
    assert report["stamp"] == edition("classic", "fr").stamp
    assert report["place"] == "table"
    assert report["chips"] == ["1\u202f500\u00a0€", "1\u202f500\u00a0€"]


def test_the_referee_of_a_classic_table_asks_for_two_dice(report) -> None:
    assert report["referee_rows"] == [[6, True, 1], [6, True, 1], [0, False, 0]]
    assert report["referee_asked"] == ["4+3\u00a0: avancez de 7 cases", True]


def test_a_double_tap_on_start_starts_one_game(report) -> None:
    assert report["games"] == 1


def test_the_saved_games_name_the_edition_and_its_board(report) -> None:
    assert report["saved"] == ["Game 1, Classic Monopoly (Paris): Ann, Bob"]
    # The game is offered to resume first; a new game starts at the edition last played.
    assert report["again"] == ["home", "classic", "fr"]
    assert report["new_game"] == "edition"


def test_ultimate_offers_no_boards_and_its_own_house_rules_and_cards(report) -> None:
    assert report["ultimate"] == ["ultimate", "", 0, True]
    assert report["ultimate_rules"] == sorted(edition("ultimate").house_rules)
    assert report["ultimate_pickers"] == [1, 1]


def test_a_regional_board_is_shown_with_its_dearest_lot_as_printed() -> None:
    paris, london = edition("classic", "fr"), edition("classic", "uk")
    assert vm.region_choice(paris, "fr").sample == "Rue de la Paix \u2014 400\u00a0€"
    assert vm.region_choice(london, "en").sample == "Mayfair \u2014 £400"
    choice = vm.edition_choice(edition("classic"), "en")
    assert choice.summary == "40 spaces, 2 dice, $1,500 each"
    assert [r.region for r in choice.regions] == ["us", "uk", "fr"]
    assert vm.edition_choice(edition("ultimate"), "en").regions == ()


def test_the_bank_of_an_edition_without_skyscrapers_counts_houses_and_hotels() -> None:
    from companion.game import Game

    classic = Game.new([{"name": "Ann"}, {"name": "Bob"}], edition=edition("classic", "fr"))
    assert vm.bank_text(classic.state, "en") == "Bank: 32 houses, 12 hotels"
    assert vm.bank_text(classic.state, "fr") == "Banque\u00a0: 32 maisons, 12 hôtels"
    ultimate = Game.new([{"name": "Ann"}, {"name": "Bob"}])
    assert vm.bank_text(ultimate.state, "en").endswith(" skyscrapers")


def test_the_referee_s_sentence_names_the_streets_of_the_board_at_the_table() -> None:
    with at_the_table(edition("classic", "uk")):
        london = vm.referee_view("Pall Mall", [4, 3], None, None, "en")
    with at_the_table(edition("classic", "fr")):
        paris = vm.referee_view("Rue Lecourbe", [4, 3], None, None, "fr")
    assert london.sentence == "4+3: move 7 from Pall Mall to Marlborough Street."
    assert (
        paris.sentence == "4+3\u00a0: avancez de 7 cases, de Rue Lecourbe à Prison / Simple visite."
    )


def test_a_remembered_edition_or_board_the_companion_lacks_falls_back(report) -> None:
    first = known_editions()[0]
    board = edition(first).regions[0] if edition(first).regions else ""
    assert report["odd"] == [first, board, ""]
    assert report["odd_board"] == ["classic", "us"]
