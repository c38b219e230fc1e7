"""The sheet screens off-screen (setup, player sheets, trade, history, chart, settings), each
built on a real TableController and a real game log, asserting on what they show and on the
engine's state after their actions.

A Kivy Window is one per process, so the screens run in one subprocess (``_script``) that
prints a JSON report; each test asserts on its part of it. The subprocess is started once per
session.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("kivy")

REPO = Path(__file__).resolve().parents[2]

SITUATION = {
    "version": 1,
    "players": [
        {
            "name": "Ann",
            "token": "car",
            "colour": "red",
            "position": "States Avenue",
            "cash": 1850,
            "vouchers": ["voucher-bus-ticket"],
            "roll_three": ["1-3-6"],
            "cards": ["chance-get-out-of-jail-free"],
            "shares": {"Motion Pictures": 2},
        },
        {
            "name": "Bob",
            "token": "hat",
            "colour": "blue",
            "position": "middle:10",
            "cash": 2400,
            "vouchers": [],
            "roll_three": ["2-4-5"],
        },
    ],
    "to_move": "Ann",
    "properties": {
        "Baltic Avenue": {"owner": "Ann", "mortgaged": True},
        "Mediterranean Avenue": {"owner": "Ann"},
        "Oriental Avenue": {"owner": "Ann"},
        "Vermont Avenue": {"owner": "Ann"},
        "Connecticut Avenue": {"owner": "Ann"},
        "Boardwalk": {"owner": "Bob"},
    },
}

_SCRIPT = textwrap.dedent(
    """
    import json, sys, tempfile
    from pathlib import Path
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from ui.controller import TableController
    from ui.setup_store import SetupStore

    out = {}
    tmp = Path(sys.argv[1])
    situation = Path(sys.argv[2]).read_text()

    def frames(n=4):
        for _ in range(n):
            EventLoop.idle()

    def show(widget):
        for c in list(Window.children):
            Window.remove_widget(c)
        Window.add_widget(widget)
        widget.size = Window.size
        frames()

    def fits(label):
        # [shortened?, the whole text laid out at the label's width needs no more than its height]
        from kivy.uix.label import Label
        whole = Label(text=label.text, font_size=label.font_size, font_name=label.font_name,
                      text_size=(label.text_size[0] or label.width, None))
        whole.texture_update()
        return [label.shorten, whole.texture_size[1] <= label.height]

    def label_of(widget, text):
        from kivy.uix.label import Label
        return next(w for w in widget.walk() if isinstance(w, Label) and w.text == text)

    def tap(widget):
        x, y = widget.to_window(widget.center_x, widget.center_y)
        t = UnitTestTouch(x, y)
        t.touch_down(); t.touch_up()
        frames(4)

    Window.size = (800, 480)
    frames()

    # -- setup: a new game from the form ---------------------------------------------------
    store = SetupStore(tmp / "setup.json")
    c = TableController(db_path=tmp / "games.db", store=store, lang="en")
    from ui.screens.setup import SetupScreen
    s = SetupScreen(controller=c)
    show(s)
    seats = s.seats()
    out["setup_seats"] = len(seats)
    out["setup_tokens"] = [r.token for r in seats]

    def seat_spinners(row):
        # The token and colour spinners, in the row's order.
        return [w for w in reversed(row.children) if w.__class__.__name__ == "SeatSpinner"][:2]

    out["setup_shown_en"] = [w.text for w in seat_spinners(seats[0])]
    s.choose_language("fr")
    frames()
    seats = s.seats()
    token_spinner, colour_spinner = seat_spinners(seats[0])
    out["setup_shown_fr"] = [token_spinner.text, colour_spinner.text]
    out["setup_lists_fr"] = [list(token_spinner.values), list(colour_spinner.values)]
    out["setup_values_fr"] = [seats[0].token, seats[0].colour]
    token_spinner.text = "Chien"  # what a pick in the French list does
    colour_spinner.text = "Vert"
    frames()
    out["setup_picked_fr"] = [seats[0].token, seats[0].colour]
    s.choose_language("en")
    frames()
    seats = s.seats()
    out["setup_shown_back"] = [w.text for w in seat_spinners(seats[0])]
    out["setup_rules_before"] = len(s.ids.rules.children)  # made when first shown
    s.pane = "rules"
    out["setup_rules"] = sorted(r.key for r in s.ids.rules.children)
    s.pane = "edition"
    out["setup_problem_empty"] = s.problems()[:1]
    out["setup_start_refused"] = s.start()
    out["setup_message"] = s.message
    for row, name, r3 in zip(seats, ["Ann", "Bob"], ["1-3-6", "2-4-5"]):
        row.name_text = name
        row.roll_three = r3
        row.voucher = row.vouchers[0]
    # D4: the rules' deck has one 1-3-6; Bob picking it too is said in the table's words.
    seats[1].roll_three = "1-3-6"
    out["setup_clash_en"] = [p for p in s.problems() if "1-3-6" in p]
    out["setup_clash_refused"] = s.start()
    s.choose_language("fr")
    frames()
    out["setup_clash_fr"] = [p for p in s.problems() if "1-3-6" in p]
    s.choose_language("en")
    frames()
    seats = s.seats()
    seats[1].roll_three = "2-4-5"
    # Smallest seats: every touch target of a seat row is at least 48 dp high.
    from kivy.metrics import dp
    out["seat_targets_ok"] = all(w.height >= dp(48) for w in seats[0].children if w.__class__.__name__ != "Label")
    out["setup_started"] = s.start()
    st = c.state
    out["setup_game"] = {
        "players": [x.name for x in st.seats],
        "roll_three": {x.name: list(x.roll_three) for x in st.seats},
        "vouchers": {x.name: list(x.vouchers) for x in st.seats},
        "tokens": {x.name: [x.token, x.colour] for x in st.seats},
    }
    out["store_players"] = [p["name"] for p in SetupStore(tmp / "setup.json").players]
    s2 = SetupScreen(controller=c)
    out["setup_remembered"] = [r.name_text for r in s2.seats()]
    s2.pane = "saved"
    out["saved_games"] = len(s2.ids.saved.children)

    # -- saved games, one that cannot be resumed (issue 21) --------------------------------
    from companion.game import Game
    from companion.log.gamelog import GameLog
    from tests.broken_games import log_broken_game
    with GameLog(tmp / "broken.db") as log:
        Game.new([{"name": "Cy"}, {"name": "Di"}], log=log)
    log_broken_game(tmp / "broken.db")
    c3 = TableController(db_path=tmp / "broken.db", store=SetupStore(tmp / "s3.json"), lang="en")
    s3 = SetupScreen(controller=c3)
    show(s3)
    s3.pane = "saved"
    frames()
    out["saved_rows"] = [
        [r.game_id, r.resumable, r.detail,
         [w.disabled for w in r.children if w.__class__.__name__ == "Button"]]
        for r in reversed(s3.ids.saved.children)
    ]
    # The game open in another program (issue 21's lock): the notice is read in full.
    s3.choose_language("fr")
    frames()
    with GameLog(tmp / "broken.db", holder="'companion play'"):
        out["locked_resumed"] = s3.resume(1)
    frames()
    out["locked_message"] = s3.message
    out["locked_fits"] = fits(label_of(s3, s3.message))
    # The house rule added by P13, explained in full in French at 800x480.
    s3.pane = "rules"
    frames()
    row = next(r for r in s3.ids.rules.children if r.key == "voluntary_bankruptcy")
    out["rule_fr"] = [row.explanation, fits(label_of(row, row.explanation))]
    s3.choose_language("en")
    c3.close()

    # -- a group sold down in a shortage (B4), on the French sheet at 800x480 --------------
    from tests.test_building_supply import ORANGE, short_of_houses
    c4 = TableController(db_path=tmp / "short.db", store=SetupStore(tmp / "s4.json"), lang="fr")
    short = {"players": [{"name": n, "position": "GO", "cash": 1500, "vouchers": []}
                         for n in ("Ann", "Bob")], "properties": short_of_houses(0)}
    c4.start_from_situation(json.dumps(short))
    from ui.screens.players import PlayersScreen
    p4 = PlayersScreen(controller=c4)
    show(p4)
    p4.select("Ann")
    frames()
    down = next(w for w in p4.ids.body.walk(restrict=True)
                if getattr(w, "choice", None) is not None
                and w.choice.command.get("type") == "sell_down")
    out["sell_down_fr"] = [down.text, fits(down.children[0]), down.height >= down.children[0].texture_size[1]]
    c4.close()
    # Sold down to one house a lot (3 in the Bank): the history's Undo says what it takes back
    # inside its button, in French.
    c5 = TableController(db_path=tmp / "short3.db", store=SetupStore(tmp / "s5.json"), lang="fr")
    c5.start_from_situation(json.dumps(dict(short, properties=short_of_houses(3))))
    c5.anytime(c5.state.decision.id, {"type": "sell_down", "player": "Ann", "property": ORANGE[0]})
    from ui.screens.history import HistoryScreen
    h5 = HistoryScreen(controller=c5)
    show(h5)
    out["sold_down_undo"] = [h5.undo_text, fits(label_of(h5, h5.undo_text))]
    # Any longer undo (a trade of many deeds): the first lines whole, never cut in half.
    h5.undo_text = " ".join([h5.undo_text] * 2)
    frames()
    undo = label_of(h5, h5.undo_text)
    from kivy.uix.label import Label
    most = Label(text="\\n".join(["Undo"] * undo.max_lines), font_size=undo.font_size,
                 font_name=undo.font_name)
    most.texture_update()
    out["long_undo"] = [undo.max_lines, fits(undo), most.texture_size[1] <= undo.text_size[1]]
    # The table's notice line (one line, cut in its middle when too long): the game moved on
    # in another window is said whole, in French, at 800x480.
    from companion.log.gamelog import LogMovedOnError
    from ui.controller import one_line
    from ui.screens.table import TableScreen
    ts = TableScreen(controller=c5)
    show(ts)
    ts.notice = one_line(LogMovedOnError("the game moved on in another window"))
    frames()
    line = label_of(ts, ts.notice)
    whole = Label(text=line.text, font_size=line.font_size, font_name=line.font_name)
    whole.texture_update()
    out["moved_on_fr"] = [line.text, whole.texture_size[0] <= line.text_size[0]]
    c5.close()
    c.set_language("en")

    # -- a game from the table as it stands ------------------------------------------------
    s2.load_situation(str(tmp / "missing.json"))
    out["situation_missing"] = s2.message
    (tmp / "sit.json").write_text(situation)
    # By touch: the path typed in, then the Load button tapped.
    from kivy.uix.button import Button
    show(s2)
    s2.pane = "situation"
    frames()
    load = next(w for w in s2.walk() if isinstance(w, Button) and w.text == "Load the table and play")
    out["situation_button"] = [load.disabled]
    s2.ids.situation_path.text = str(tmp / "sit.json")
    frames()
    out["situation_button"].append(load.disabled)
    tap(load)
    out["situation_loaded"] = c.state.cash["Ann"] == 1850 and c.view.place == "table"
    if not out["situation_loaded"]:  # the sheets below are the situation's, whatever happened
        s2.load_situation(str(tmp / "sit.json"))

    # -- the player sheet: cash, deeds; build from the sheet, double tap -------------------
    p = PlayersScreen(controller=c)
    show(p)
    out["sheet_player"] = p.player
    out["sheet_cash"] = p.cash_text
    texts = [w.text for w in p.ids.body.children if hasattr(w, "text")]
    out["sheet_lines"] = texts
    build = next(w for w in p.ids.body.walk(restrict=True)
                 if getattr(w, "choice", None) is not None and w.choice.command.get("type") == "build")
    before = c.state.cash["Ann"]
    out["build_label"] = build.text
    button = build.children[0]
    # A patient player: the tap goes down once the decision has been shown for the settle
    # time (the controller's input gate; a tap before that is "too soon" and does nothing).
    for _ in range(400):
        if c.ready():
            break
        frames(1)
    tap(button)
    # The first tap rebuilt the sheet; a second tap on the same (stale) button acts on the old id.
    p.act(build)
    out["build_cash_change"] = before - c.state.cash["Ann"]
    out["build_level"] = c.state.holdings["Connecticut Avenue"].level + c.state.holdings["Oriental Avenue"].level + c.state.holdings["Vermont Avenue"].level
    out["cash_after_build"] = p.cash_text

    # -- the trade: both agree, a double tap on confirm trades once -------------------------
    from ui.dialogs.trade import TradeDialog
    d = TradeDialog(controller=c, first="Ann", second="Bob")
    d.open(); frames(8)
    left, right = d.ids.left, d.ids.right
    out["trade_items_ann"] = [t.text for t in left.items()]
    baltic = next(t for t in left.items() if t.value == "Baltic Avenue")
    baltic.state = "down"
    right.step(100); right.step(100)
    d.agree(left)
    out["trade_ready_after_one"] = d.ready
    d.agree(right)
    out["trade_ready_after_two"] = d.ready
    right.step(10)  # a change withdraws both agreements
    out["trade_ready_after_change"] = d.ready
    right.step(-10)
    d.agree(left); d.agree(right)
    n = len(c.game.done)
    bob_before, ann_before = c.state.cash["Bob"], c.state.cash["Ann"]
    out["trade_first"] = d.confirm()
    out["trade_second"] = d.confirm()
    out["trade_commands"] = [x["type"] for x in c.game.done[n:]]
    out["trade_owner"] = c.state.holdings["Baltic Avenue"].owner
    out["trade_bob_paid"] = bob_before - c.state.cash["Bob"]
    out["trade_ann_got"] = c.state.cash["Ann"] - ann_before
    frames(8)

    # -- history: rows, filter, undo shows a correction ----------------------------------------
    from ui.screens.history import HistoryScreen
    h = HistoryScreen(controller=c)
    show(h)
    out["history_rows"] = len(h.rows)
    out["history_last"] = h.rows[-1]["plain"] if h.rows else ""
    out["history_deltas"] = [r["delta_text"] for r in h.rows if r["delta_text"]][:4]
    h.filter("Bob")
    out["history_bob_rows"] = len(h.rows)
    h.filter("Everyone")
    out["undo_text"] = h.undo_text
    confirm = h.ask_undo()
    out["undo_second_dialog"] = h.ask_undo() is None
    confirm.yes(); confirm.yes()
    frames(4)
    out["after_undo_owner"] = c.state.holdings["Baltic Avenue"].owner
    out["after_undo_notice"] = c.view.notice
    h.reload()
    struck = [r for r in h.rows if r["corrected"]]
    out["struck_rows"] = len(struck)
    out["struck_note"] = struck[0]["note"] if struck else ""
    out["struck_markup"] = struck[0]["text"][:3] if struck else ""
    out["correction_rows"] = sum(1 for r in h.rows if r["correction"])
    h.toggle_chart(); frames(4)
    out["chart_lines"] = sorted(h.ids.chart.lines)

    # -- settings: live language, auto-confirm kept ---------------------------------------------
    from ui.screens.settings import SettingsScreen
    se = SettingsScreen(controller=c)
    show(se)
    se.set_auto_confirm(5)
    se.set_language("fr")
    frames(4)
    out["lang_after"] = c.lang
    out["auto_confirm_kept"] = SetupStore(tmp / "setup.json").get("auto_confirm")
    se.set_animation(False)
    se.set_export_dir(str(tmp / "exports"))
    kept = SetupStore(tmp / "setup.json")
    out["settings_kept"] = [kept.get("animation"), kept.get("export_dir")]
    written = [se.export("csv"), h.export("text")]
    out["exported"] = [str(w.parent) if w else None for w in written]
    out["sheet_cash_fr"] = c.player_sheet("Ann").cash_text
    print("REPORT" + json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("sheets")
    script = tmp / "script.py"
    script.write_text(_SCRIPT)
    sit = tmp / "situation.json"
    sit.write_text(json.dumps(SITUATION))
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp / "xdg")}
    done = subprocess.run(
        [sys.executable, str(script), str(tmp), str(sit)],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
        cwd=REPO,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("REPORT")), None)
    assert line is not None, done.stdout[-3000:] + done.stderr[-6000:]
    return json.loads(line[len("REPORT") :])


def test_setup_form_starts_a_dealt_game_and_remembers_the_table(report: dict) -> None:
    assert report["setup_seats"] == 2
    assert report["setup_tokens"] == ["car", "hat"]
    # The house rules' rows are made when their pane is first shown (issue 26: the first
    # frame draws only the pane it shows).
    assert report["setup_rules_before"] == 0
    assert report["setup_rules"] == sorted(
        [
            "triples_pay_salaries",
            "squeeze_play_speed_die",
            "birthday_from_players",
            "time_limit",
            "roll_three_action_cards",
            "voluntary_bankruptcy",
        ]
    )
    assert report["setup_start_refused"] is False
    assert report["setup_message"] == "Player 1 has no name."
    assert report["seat_targets_ok"] is True
    assert report["setup_started"] is True
    game = report["setup_game"]
    assert game["players"] == ["Ann", "Bob"]
    assert game["roll_three"] == {"Ann": ["1-3-6"], "Bob": ["2-4-5"]}
    assert all(len(v) == 1 for v in game["vouchers"].values())
    assert report["store_players"] == ["Ann", "Bob"]
    assert report["setup_remembered"] == ["Ann", "Bob"]
    assert report["saved_games"] == 1


def test_setup_says_a_roll_three_card_is_held_already_in_the_table_s_language(
    report: dict,
) -> None:
    """P12/D4: a player may hold only a card still in the deck; the setup screen says which
    seat's card the deck has given already, in words, before the engine is asked."""
    assert report["setup_clash_en"] == [
        "Bob's Roll Three card 1-3-6 is already held by Ann: the deck has one 1-3-6."
    ]
    assert report["setup_clash_refused"] is False
    assert [" ".join(t.split()) for t in report["setup_clash_fr"]] == [
        "La carte Roll Three 1-3-6 de Bob est déjà chez Ann : le paquet n'a qu'une 1-3-6."
    ]


def test_a_saved_game_that_cannot_be_resumed_says_why_and_offers_no_resume(report: dict) -> None:
    (broken, resumable) = report["saved_rows"]
    game_id, can_resume, detail, buttons = broken
    assert (game_id, can_resume, buttons) == (2, False, [True])
    assert detail.startswith("This game cannot be resumed: it was saved by an older version")
    game_id, can_resume, detail, buttons = resumable
    assert (game_id, can_resume, buttons) == (1, True, [False])
    assert detail.startswith("last played ")


def test_a_game_open_in_another_program_is_said_in_full_at_800x480(report: dict) -> None:
    """The setup screen's message line was one line cut at the right: the lock's notice (and a
    Roll Three card held twice) lost its end, what to do. Up to three lines now."""
    assert report["locked_resumed"] is False
    assert report["locked_message"].startswith("'companion play' a cette partie ouverte")
    assert report["locked_fits"] == [False, True]


def test_the_voluntary_bankruptcy_rule_is_explained_in_full_in_french(report: dict) -> None:
    explanation, shown = report["rule_fr"]
    assert explanation.endswith("suffiraient à payer.")
    assert shown == [False, True]


def test_selling_a_group_down_is_read_in_full_on_the_french_sheet(report: dict) -> None:
    text, shown, tall_enough = report["sell_down_fr"]
    assert " ".join(text.split()) == (
        "Vendre les bâtiments du groupe de St. James Place, la Banque étant à court (+750 $)"
    )
    assert shown == [False, True] and tall_enough


def test_the_history_s_undo_of_a_group_sold_down_stays_inside_its_button(report: dict) -> None:
    """Selling a group down paid a reason in brackets within brackets ("(vente des bâtiments du
    groupe orange (la Banque en manque))"): the Undo button said it on four lines, over its
    own edges. The reason is short now, and what is too long shows two whole lines. Undo says
    a lot's action in the words of its button on the sheet (issue 22: the lot, the amount)."""
    text, shown = report["sold_down_undo"]
    assert " ".join(text.split()) == (
        "Annuler Ann : Vendre les bâtiments du groupe de St. James Place, la Banque étant à "
        "court (+600 $)"
    )
    assert shown == [False, True]
    max_lines, (_shortened, whole_fits), whole_lines_fit = report["long_undo"]
    assert not whole_fits and max_lines and whole_lines_fit


def test_the_game_moved_on_elsewhere_is_said_whole_on_the_table_s_notice_line(report) -> None:
    text, on_one_line = report["moved_on_fr"]
    assert text.startswith("Rien d'enregistré")
    assert on_one_line


def test_setup_names_tokens_and_colours_in_the_table_s_language_and_sends_the_values(
    report: dict,
) -> None:
    """The seat's spinners showed the engine's values raw ("car", "red") in every language."""
    assert report["setup_shown_en"] == ["Car", "Red"]
    assert report["setup_shown_fr"] == ["Voiture", "Rouge"]
    tokens, colours = report["setup_lists_fr"]
    assert tokens[:3] == ["Voiture", "Chapeau", "Chien"] and len(tokens) == 12
    assert colours[:3] == ["Rouge", "Bleu", "Vert"] and len(colours) == 12
    assert report["setup_values_fr"] == ["car", "red"]
    # A French name picked: the seat keeps the engine's value, and the game starts with it.
    assert report["setup_picked_fr"] == ["dog", "green"]
    assert report["setup_shown_back"] == ["Dog", "Green"]
    assert report["setup_game"]["tokens"] == {"Ann": ["dog", "green"], "Bob": ["hat", "blue"]}


def test_setup_starts_from_a_situation_file(report: dict) -> None:
    assert "missing.json" in report["situation_missing"]
    # The Load button stayed disabled whatever path was typed: the pane could not be used.
    assert report["situation_button"] == [True, False]
    assert report["situation_loaded"] is True


def test_player_sheet_shows_holdings_and_builds_once(report: dict) -> None:
    assert report["sheet_player"] == "Ann"
    assert report["sheet_cash"] == "$1,850"
    lines = report["sheet_lines"]
    assert any("Baltic Avenue" in t for t in lines)
    assert any(t.startswith("Travel Vouchers (1)") for t in lines)
    assert report["build_label"].startswith("Build on")
    # One house bought, however many taps on the button.
    assert report["build_level"] == 1
    assert report["build_cash_change"] == 50
    assert report["cash_after_build"] == "$1,800"


def test_trade_needs_both_and_a_double_confirm_trades_once(report: dict) -> None:
    assert any("Baltic Avenue" in t for t in report["trade_items_ann"])
    assert report["trade_ready_after_one"] is False
    assert report["trade_ready_after_two"] is True
    assert report["trade_ready_after_change"] is False
    assert report["trade_first"] is True
    assert report["trade_second"] is False
    # One trade; receiving a mortgaged lot charges its 10% (a payment, not a second trade).
    assert report["trade_commands"] == ["trade"]
    assert report["trade_owner"] == "Bob"
    assert report["trade_bob_paid"] >= 200
    assert report["trade_ann_got"] == 200


def test_history_lists_filters_and_undo_leaves_a_struck_correction(report: dict) -> None:
    assert report["history_rows"] > 3
    assert report["history_bob_rows"] < report["history_rows"]
    assert report["history_deltas"]
    # A trade: its first words do not name Ann, so the label does.
    assert report["undo_text"].startswith("Undo Ann: Baltic Avenue belongs to Bob"), report[
        "undo_text"
    ]
    assert report["undo_second_dialog"] is True
    assert report["after_undo_owner"] == "Ann", report["after_undo_notice"] + report["undo_text"]
    assert report["struck_rows"] >= 1
    assert report["struck_note"].startswith("corrected by #")
    assert report["struck_markup"] == "[s]"
    assert report["correction_rows"] == 1
    assert report["chart_lines"] == ["Ann", "Bob"]


def test_settings_switch_language_live_and_keep_auto_confirm(report: dict) -> None:
    assert report["lang_after"] == "fr"
    assert report["auto_confirm_kept"] == 5
    assert report["sheet_cash_fr"].endswith("$")


def test_settings_keep_animation_and_the_export_folder_both_screens_use(report: dict) -> None:
    animation, folder = report["settings_kept"]
    assert animation is False and folder.endswith("exports")
    assert report["exported"] == [folder, folder]
