"""View-models: pure functions of a real game's state and the language, no window."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from companion.banker.assets import net_worth
from companion.banker.engine import new_game
from companion.banker.options import anytime_options
from companion.banker.options import said as words_of
from companion.banker.state import replay
from companion.game import Game
from companion.log.gamelog import GameLog, in_force
from companion.simulator.players import RandomPlayer
from tests.banker import own, roll, set_cash, table
from ui import viewmodels as vm
from ui.i18n import money, reword


def played(seed: int, commands: int) -> Game:
    game = Game.new([{"name": "Ann", "colour": "#ff0000"}, {"name": "Bob"}, {"name": "Cy"}])
    player = RandomPlayer(random.Random(seed))
    for _ in range(commands):
        if game.state.over:
            break
        game.execute(player.choose(game.state))
    return game


def test_importing_the_controller_side_pulls_in_no_kivy():
    code = (
        "import sys, ui.controller, ui.viewmodels, ui.devices, ui.setup_store; "
        "print([m for m in sys.modules if m.split('.')[0] in ('kivy', 'serial', 'gpiozero')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_table_of_a_new_game():
    state = Game.new([{"name": "Ann", "colour": "#ff0000"}, {"name": "Bob"}]).state
    view = vm.table_view(state, "en")
    assert [(p.name, p.cash_text, p.is_acting) for p in view.players] == [
        ("Ann", "$3,200", True),
        ("Bob", "$3,200", False),
    ]
    assert view.players[0].colour == (1.0, 0.0, 0.0, 1.0) and view.players[0].where == "GO"
    assert view.pool_text == "Pool $0"
    assert view.bank_text == "Bank: 81 houses, 31 hotels, 16 skyscrapers"
    (choice,) = view.decision.choices
    assert choice.label == "Enter the starting cards" and sorted(choice.free) == [
        "roll_three",
        "voucher",
    ]
    assert view.decision.prompt.startswith("Ann: draw your starting Travel Voucher")
    assert view.decision.dice is None and not view.over


def test_labels_repeat_the_amount():
    """An option is worded from the message its maker gave it (``companion.banker.options.said``), not from its command."""
    taxi = {
        "command": {"type": "taxi", "space": "middle:39"},
        "fare": 50,
        "payee": "Bob",
        **words_of("option.taxi", space="middle:39", amount=50),
    }
    assert vm.option_words(taxi, "en") == "Ride to Boardwalk ($50)"
    assert plain(vm.option_words(taxi, "fr")) == "Taxi vers Boardwalk (50 $)"
    rent = {"command": {"type": "pay"}, **words_of("option.pay", amount=200, payee="Ann")}
    assert vm.option_words(rent, "en") == "Pay $200 to Ann"
    debt = {"command": {"type": "pay"}, **words_of("option.pay", amount=1500, payee="Pool")}
    assert vm.option_words(debt, "en") == "Pay $1,500 to The Pool"
    buy = {
        "command": {"type": "buy"},
        "property": "Boardwalk",
        **words_of("option.buy", amount=400),
    }
    assert vm.option_words(buy, "en") == "Buy for $400"
    # The words are the message's: the command's type and facts do not change them.
    bail = {"command": {"type": "bail"}, **words_of("option.auction")}
    assert vm.option_words(bail, "en") == "Auction"
    bid = {
        "command": {"type": "bid"},
        "player": "Cy",
        "free": {"amount": {"min": 1, "max": 9}},
        **words_of("option.bid", player="Cy"),
    }
    choice = vm.make_choice(bid, "Ann", vm.option_words(bid, "en"))
    assert (choice.label, choice.player, choice.key) == ("Cy: bid", "Cy", "bid")
    assert choice.facts == {}
    # A label follows the table's language when it changes.
    assert reword(vm.option_words(buy, "en"), "fr") == "Acheter pour 400\u00a0$"


def test_an_option_without_words_or_with_unknown_ones_shows_its_command():
    assert vm.option_words({"command": {"type": "roll"}}, "en") == "roll"
    newer = {"command": {"type": "roll"}, **words_of("option.from_a_newer_banker")}
    assert vm.option_words(newer, "fr") == "roll"


def test_a_debt_the_bank_would_cover_offers_the_mortgage_not_bankruptcy():
    """P13: Ann, $100 short of the Income Tax, is offered Boardwalk's mortgage, labelled with
    what it raises, and no bankruptcy; with the house rule, bankruptcy too."""
    for rules, labels in (
        (None, ["Mortgage Boardwalk (+$200)"]),
        ({"voluntary_bankruptcy": True}, ["Mortgage Boardwalk (+$200)", "Go bankrupt"]),
    ):
        state = set_cash(own(table("Ann", "Bob", rules=rules), "Ann", "Boardwalk"), "Ann", 100)
        state = roll(state, 1, 2, 1)  # Income Tax, $200
        assert [c.label for c in vm.decision_view(state, "en").choices] == labels
    (choice, _) = vm.decision_view(state, "fr").choices
    assert choice.label == f"Hypothéquer Boardwalk (+{money(200, 'fr')})"
    assert choice.command == {"type": "mortgage", "property": "Boardwalk"}


def test_every_option_of_real_games_has_a_label():
    for seed in (1, 2):
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}])
        player = RandomPlayer(random.Random(seed))
        for _ in range(400):
            if game.state.over:
                break
            view = vm.decision_view(game.state, "en")
            for choice in view.choices:
                assert choice.label and choice.label != choice.command["type"], choice
            game.execute(player.choose(game.state))


def test_flashes_show_both_balances_before_and_after():
    events = [
        {"type": "transfer", "from": "Ann", "to": "Bob", "amount": 200,
         "reason": {"code": "reason.rent", "params": {"space": "middle:39"}}},
        {"type": "transfer", "from": "Bank", "to": "Ann", "amount": 50, "reason": "salary"},
    ]  # fmt: skip
    rent, salary = vm.flashes_for({"Ann": 1000, "Bob": 300, "Bank": -5000}, events, "en")
    assert rent.text == "Ann pays Bob $200 (rent for Boardwalk)."
    assert (rent.payer_before, rent.payer_after, rent.payee_before, rent.payee_after) == (
        "$1,000",
        "$800",
        "$300",
        "$500",
    )
    assert (salary.payer, salary.payer_before, salary.payee_before, salary.payee_after) == (
        "The Bank",
        "",
        "$800",
        "$850",
    )


def test_board_and_sheets_of_a_game_under_way():
    game = played(4, 400)
    state = game.state
    board = vm.board_view(state, "en")
    assert len(board.spaces) == 120
    assert board.tokens == {s.name: s.position.key for s in state.seats if not s.bankrupt}
    owned = [s for s in board.spaces if s.owner]
    assert owned and all(s.rent_text for s in owned)
    for name in (s.name for s in state.seats):
        sheet = vm.player_sheet(state, name, "en")
        mine = {n for n, h in state.holdings.items() if h.owner == name}
        assert {r.key for r in sheet.properties} == {
            state.edition.board.properties[n][0].key for n in mine
        }
        assert sheet.cash_text == f"${state.cash[name]:,}"
    go = vm.space_view(None, "middle:0", "en")
    assert go.name == "GO" and go.owner is None and go.deed == ()
    boardwalk = vm.space_view(None, "middle:39", "en")
    assert boardwalk.deed[0] == "Price $400" and boardwalk.colour != (0.62, 0.62, 0.62, 1.0)


def fresh_space_views(state, lang):
    """Every space's view worked out afresh: the owned spaces' memo emptied for the reference
    (and put back after, so that the next board view may still share the last one's views)."""
    memo = state.edition.board.memo("ui.owned_spaces")
    kept = dict(memo)
    memo.clear()
    try:
        return tuple(vm.space_view(state, s.key, lang) for s in state.edition.board.spaces)
    finally:
        memo.clear()
        memo.update(kept)


def test_the_board_view_words_again_only_the_spaces_whose_facts_changed():
    """Each board view is every space's own view (owner, buildings, mortgage, rent in words,
    in both languages) as worked out afresh, so no view kept from an earlier state is stale,
    and a space whose facts did not change is the very view of the last board, so the map
    compares it at no cost."""
    game = Game.new([{"name": "Ann", "colour": "#ff0000"}, {"name": "Bob"}, {"name": "Cy"}])
    player = RandomPlayer(random.Random(4))
    last = vm.board_view(game.state, "en")
    for _ in range(400):
        if game.state.over:
            break
        game.execute(player.choose(game.state))
        state = game.state
        board = vm.board_view(state, "en")
        assert board.spaces == fresh_space_views(state, "en")
        same = [(a, b) for a, b in zip(board.spaces, last.spaces, strict=True) if a == b]
        assert all(a is b for a, b in same)
        last = board
    assert [s for s in last.spaces if s.owner]
    french = vm.board_view(game.state, "fr")
    assert french.spaces == fresh_space_views(game.state, "fr")
    assert french.spaces != last.spaces


def test_net_worth_series_follows_the_game(tmp_path):
    log = GameLog(tmp_path / "games.db")
    game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log)
    player = RandomPlayer(random.Random(5))
    for _ in range(300):
        game.execute(player.choose(game.state))
    commands = in_force(log.commands(game.game_id)[1:])
    series = vm.net_worth_series(game.start_events, [c.events for c in commands])
    assert [v[0] for v in series.values()] == [3200, 3200]
    assert all(len(v) == len(commands) + 1 for v in series.values())
    assert {n: v[-1] for n, v in series.items()} == {
        n: net_worth(game.state, n) for n in ("Ann", "Bob")
    }
    assert len({tuple(v) for v in series.values()}) == 2  # the players' fortunes differ


def test_the_referee_view_is_the_explained_path():
    view = vm.referee_view("States Avenue", (2, 1, "2"), None, None, "en")
    assert view.landing == "Tennessee Avenue" and view.path[-1] == "middle:18"
    assert view.kinds and set(view.kinds) <= {"walk", "ride", "back", "tunnel", "direct", "jail"}
    assert view.sentence.startswith("2+1 and 2")
    assert vm.referee_view("States Avenue", (2,), None, None, "en").error


def test_the_state_is_never_changed_by_a_view():
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    before = (state.decision, dict(state.cash))
    vm.table_view(state, "en")
    vm.board_view(state, "en")
    vm.player_sheet(state, "Ann", "en")
    assert (state.decision, dict(state.cash)) == before


def test_chips_and_sheets_name_the_token_in_the_table_language():
    from companion.game import Game
    from ui.viewmodels import player_chips, player_sheet

    game = Game.new([{"name": "Ann", "token": "dog"}, {"name": "Bob", "token": "car"}])
    state = game.state
    assert [c.token for c in player_chips(state, "fr")] == ["Chien", "Voiture"]
    assert [c.token for c in player_chips(state, "en")] == ["Dog", "Car"]
    assert player_sheet(state, "Ann", "fr").token == "Chien"


def plain(text: str) -> str:
    """French text with its no-break spaces as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def test_the_building_supply_s_options_have_labels_in_both_languages():
    from tests.banker import do
    from tests.test_building_supply import ORANGE, bank_houses, last_three_houses

    state = do(last_three_houses(), "build", "Ann", property="St. James Place")
    view = vm.decision_view(state, "fr")
    assert [plain(c.label) for c in view.choices] == [
        "Acheter pour 100 $",
        "Enchères pour les 3 qui restent, l'un après l'autre",
    ]
    assert plain(view.prompt).startswith("Ann : il ne reste à la Banque que 3")
    short = own(bank_houses(table(), "Bob", 0), "Ann", *ORANGE, level=5)
    (down,) = [o for o in anytime_options(short, "Ann") if o["command"]["type"] == "sell_down"]
    assert vm.option_words(down, "en") == (
        "Sell St. James Place's group down, the Bank being short (+$750)"
    )
    assert plain(vm.option_words(down, "fr")) == (
        "Vendre les bâtiments du groupe de St. James Place, la Banque étant à court (+750 $)"
    )


def test_the_last_building_of_a_shortage_is_auctioned_in_the_singular():
    """P11 with one house left in the Bank, wanted by Ann (orange) and Bob (dark blue): the
    auction's label said "Auction the 1 left, one at a time" ("Enchères pour les 1 qui
    restent")."""
    from tests.banker import do
    from tests.test_building_supply import ORANGE, bank_houses

    state = own(bank_houses(table(), "Bob", 1), "Ann", *ORANGE)
    state = own(state, "Bob", "Park Place", "Boardwalk")
    state = do(state, "build", "Ann", property="St. James Place")
    assert state.decision.kind == "building_shortage"
    assert [c.label for c in vm.decision_view(state, "en").choices] == [
        "Buy for $100",
        "Auction the last building",
    ]
    assert [plain(c.label) for c in vm.decision_view(state, "fr").choices] == [
        "Acheter pour 100 $",
        "Enchères pour le dernier bâtiment",
    ]


@pytest.mark.parametrize(
    ("commands", "numbered"),
    [
        # The main actions take the buttons, in order, three at most.
        ([{"type": "roll"}, {"type": "bail"}, {"type": "jail_card"}], (0, 1, 2)),
        ([{"type": "buy"}, {"type": "auction"}], (0, 1)),
        ([{"type": "option", "option": 1}, {"type": "option", "option": 2}], (0, 1)),
        # A list's entries are picked on the screen: a card, a space, a ride, a share, a target.
        ([{"type": "draw", "card": "a"}, {"type": "draw", "card": "b"}], ()),
        ([{"type": "choose", "space": "GO"}, {"type": "choose", "space": "outer:1"}], ()),
        ([{"type": "taxi", "space": "outer:9"}, {"type": "skip"}], (1,)),
        ([{"type": "stock", "company": "x", "how": "buy"}], ()),
        ([{"type": "target", "target": "Bob"}, {"type": "target", "target": "Cy"}], ()),
        ([{"type": "end_turn"}, {"type": "voucher", "voucher": "v", "space": "GO"}], (0,)),
        # Raising a debt: the sales and mortgages are a list; bankruptcy is never a button.
        (
            [{"type": "mortgage", "property": "Boardwalk"}, {"type": "pay"}, {"type": "bankrupt"}],
            (1,),
        ),
    ],
)
def test_the_buttons_number_a_decision_s_main_actions_only(commands, numbered):
    choices = [vm.Choice(str(c), c, None, {}, c["type"]) for c in commands]
    assert vm.numbered_choices(choices) == numbered


def test_the_history_reads_a_fact_as_it_read_the_patch_an_old_log_holds() -> None:
    """Events are named after facts (``jail_roll_failed``, ``card_kept``); an old log holds
    the field patches (``seat``, ``bank``) instead: the history says the same of both, and
    leaves the bookkeeping out."""
    from companion.log.gamelog import LoggedCommand

    roll_ = {"type": "roll", "player": "Bob", "dice": [2, 5]}
    old = LoggedCommand(
        7,
        "t",
        "Bob",
        roll_,
        (
            {"type": "seat", "player": "Bob", "set": {"jail_turns": 2}},
            {"type": "bank", "set": {"cards_out": {"cc-just-say-no": 1}}},
            {"type": "seat", "player": "Bob", "set": {"cards": ["cc-just-say-no"]}},
        ),
    )
    new = LoggedCommand(
        7,
        "t",
        "Bob",
        roll_,
        (
            {"type": "jail_roll_failed", "player": "Bob", "tries": 2},
            {"type": "card_kept", "player": "Bob", "card": "cc-just-say-no"},
        ),
    )
    for lang, said in (
        ("en", "Bob stays in jail: no doubles (try 2 of 3)."),
        ("fr", "Bob reste en prison\u00a0: pas de double (essai 2 sur 3)."),
    ):
        for logged in (old, new):
            assert [r.text for r in vm.history_rows([logged], lang)] == [said]
            assert [r.text for r in vm.history_rows([logged], lang, player="Bob")] == [said]
            assert vm.history_rows([logged], lang, player="Ann") == []


def test_a_sheet_knows_a_get_out_of_jail_free_card_by_what_it_does(tmp_path, monkeypatch):
    """The card that frees its holder is the one whose data says so (``use: jail``), whatever
    its id: here the tiny edition's, renamed "chance-freedom-pass"."""
    from companion.banker.state import evolve
    from tests.edition_data import TEST_EDITIONS, copied, registered
    from ui import edition as table

    def renamed(cards):
        (card,) = [c for c in cards["chance"] if c["id"] == "chance-get-out-of-jail-free"]
        card["id"] = "chance-freedom-pass"

    folder = copied(
        TEST_EDITIONS / "tiny",
        tmp_path / "tiny_pass",
        edition=lambda data: data.update(id="tiny_pass"),
        cards=renamed,
    )
    played = registered(folder, monkeypatch)
    monkeypatch.setattr(table, "_AT_TABLE", [played])
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}], edition=played))
    state = evolve(state, {"type": "card_kept", "player": "Ann", "card": "chance-freedom-pass"})
    sheet = vm.player_sheet(state, "Ann", "en")
    assert sheet.jail_cards == ("Get Out of Jail Free!",)
    assert sheet.cards == ()
