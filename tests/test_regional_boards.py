"""Regional boards (ruling E8): an edition played on a regional board is its own value, with
that board's names and money (Classic's London, £, and Paris, €); the game records it, and the
engine, the prompt, the referee, the table situation, the history and the saved games use its
names and its money, in either language."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.banker.engine import new_game, step
from companion.banker.state import GameState, replay
from companion.cli.main import run
from companion.editions import (
    Edition,
    EditionDataError,
    UnknownRegionError,
    edition,
    load_edition,
    of_game,
    stamp_name,
    stamp_problem,
)
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.messages import render, render_decision, render_event
from companion.rules.situation import BadSituationError, Situation
from tests.banker import at_the_prompt, do, rejected
from tests.edition_data import TEST_EDITIONS, copied, registered

NBSP = "\u00a0"


def ordered(played: Edition) -> GameState:
    """A game of Ann and Bob on ``played``'s board, at Ann's first roll."""
    state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}], edition=played))
    state = do(state, "order_roll", "Ann", dice=[6, 6])
    state = do(state, "order_roll", "Bob", dice=[1, 2])
    assert (state.decision.kind, state.decision.player) == ("roll", "Ann")
    return state


# -- The mechanism, on a copy of the tiny edition -------------------------------------------------

#: The tiny ring's names on a "harbour" board, in pounds.
HARBOUR = {
    "about": "A regional board of the tiny edition, for the tests.",
    "name": "Harbour Town",
    "money": {"symbol": "£", "symbol_first": True},
    "chance": "Luck",
    "community_chest": "Chest",
    "names": {
        "ring:0": "Start",
        "ring:1": "Net Lane",
        "ring:3": "Lock-up",
        "ring:4": "Sail Road",
        "ring:5": "Ferry Line",
        "ring:6": "Quayside Park",
        "ring:7": "Anchor Street",
        "ring:9": "Off to the Lock-up",
        "ring:10": "Lighthouse Street",
        "ring:11": "Harbour Dues",
    },
}


def _regional_tiny(folder: Path, region: dict[str, Any] | None = None) -> Path:
    def regions(data: dict[str, Any]) -> None:
        data.update(id="tinyr", name="Tiny Regional", board_name="Mill Town")
        data["regions"] = ["mill", "harbour"]

    copied(TEST_EDITIONS / "tiny", folder, edition=regions)
    (folder / "regions").mkdir()
    (folder / "regions" / "harbour.json").write_text(json.dumps(region or HARBOUR), "utf-8")
    return folder


@pytest.fixture
def tinyr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Edition:
    return registered(_regional_tiny(tmp_path / "tinyr"), monkeypatch)


def test_a_regional_board_is_the_edition_with_its_names_and_money(tinyr: Edition) -> None:
    harbour = edition("tinyr", "harbour")
    assert harbour is edition("tinyr", "harbour") is tinyr.on_board("harbour")
    assert edition("tinyr", "mill") is edition("tinyr") is tinyr  # its own board
    assert (tinyr.region, tinyr.regions, tinyr.title) == (
        None,
        ("mill", "harbour"),
        "Tiny Regional (Mill Town)",
    )
    assert (harbour.region, harbour.regions, harbour.title) == (
        "harbour",
        ("mill", "harbour"),
        "Tiny Regional (Harbour Town)",
    )
    assert [s.name for s in harbour.board.spaces][:4] == ["Start", "Net Lane", "Chest", "Lock-up"]
    assert harbour.board.space("Lighthouse") is harbour.board.by_key("ring:10")
    assert harbour.board.groups["teal"] == ("Anchor Street", "Lighthouse Street")
    assert harbour.board.properties["Ferry Line"][0].price == 100  # the values stay
    # A card sends the token to the space it names on the edition's own board, renamed.
    assert harbour.deck.card("chance-advance-to-quay-street").move == {
        "kind": "advance",
        "to": "Lighthouse Street",
    }
    assert harbour.numbers == tinyr.numbers and harbour.rules == tinyr.rules
    assert render("note.bid", {"player": "Ann", "amount": 1500}, edition=harbour) == (
        "Ann bids £1,500."
    )
    assert render("note.bid", {"player": "Ann", "amount": 1500}, "fr", edition=harbour) == (
        f"Ann offre 1\u202f500{NBSP}£."
    )


def test_an_unknown_board_is_refused_in_one_line_naming_the_boards(tinyr: Edition) -> None:
    with pytest.raises(UnknownRegionError) as raised:
        edition("tinyr", "paris")
    assert str(raised.value) == "no board 'paris' for Tiny Regional: its boards are mill, harbour"
    with pytest.raises(UnknownRegionError) as raised:
        edition("ultimate", "uk")
    assert str(raised.value) == "no board 'uk' for Ultimate Monopoly: it has no regional boards"
    assert edition("ultimate").regions == () and edition("ultimate").region is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: r["names"].pop("ring:10"), "field names has no name for ring:10"),
        (lambda r: r["names"].update({"ring:12": "Nowhere"}), "field names.ring:12 names no space"),
        (
            lambda r: r["names"].update({"ring:2": "Chest"}),
            "field names.ring:2 is a community_chest space: field 'community_chest' names them all",
        ),
        (
            lambda r: r["names"].update({"ring:10": "Net Lane"}),
            "field names.ring:10 names 'Net Lane', as ring:1 is named",
        ),
        (lambda r: r.pop("money"), "field 'money' is missing"),
        (lambda r: r["money"].update(side="left"), "field money.side is not one of"),
        (lambda r: r.pop("chance"), "field 'chance' is missing"),
    ],
)
def test_a_broken_regional_board_names_its_file_and_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: Any, problem: str
) -> None:
    region = json.loads(json.dumps(HARBOUR))
    change(region)
    tinyr = registered(_regional_tiny(tmp_path / "tinyr", region), monkeypatch)
    with pytest.raises(EditionDataError) as raised:
        tinyr.on_board("harbour")
    assert str(raised.value).startswith(f"{tmp_path / 'tinyr' / 'regions' / 'harbour.json'}: ")
    assert problem in str(raised.value)


def test_an_edition_naming_a_board_without_its_file_is_refused(tmp_path: Path) -> None:
    folder = _regional_tiny(tmp_path / "tinyr")
    (folder / "regions" / "harbour.json").unlink()
    with pytest.raises(EditionDataError) as raised:
        load_edition(folder)
    assert str(raised.value).startswith(f"{folder / 'edition.json'}: field 'regions' names")


def test_the_game_records_its_board_and_plays_it_again(tinyr: Edition, tmp_path: Path) -> None:
    harbour = edition("tinyr", "harbour")
    start = new_game([{"name": "Ann"}, {"name": "Bob"}], edition=harbour)[0]
    assert start["edition"] == {"id": "tinyr", "version": 1, "region": "harbour"}
    assert of_game(start["edition"]) is harbour and replay([start]).edition is harbour
    assert stamp_name(start["edition"]) == "Tiny Regional (Harbour Town)"
    assert stamp_problem({"id": "tinyr", "version": 1, "region": "moon"}) == (
        "no board 'moon' for Tiny Regional: its boards are mill, harbour: update the companion"
    )
    # The edition's own board is recorded as before regions: no "region".
    assert new_game([{"name": "Ann"}, {"name": "Bob"}], edition=tinyr)[0]["edition"] == {
        "id": "tinyr",
        "version": 1,
    }
    with GameLog(tmp_path / "g.db") as log:
        game = Game.new([{"name": "Ann"}, {"name": "Bob"}], log=log, edition=harbour)
        game_id = game.game_id
    with GameLog(tmp_path / "g.db") as log:
        assert Game.resume(log, game_id).state.edition is harbour


# -- Classic's London and Paris boards -----------------------------------------------------------


def test_classic_offers_the_us_london_and_paris_boards() -> None:
    classic = edition("classic")
    assert classic.regions == ("us", "uk", "fr")
    assert edition("classic", "us") is classic and classic.region is None
    assert [edition("classic", r).title for r in classic.regions] == [
        "Classic Monopoly (Atlantic City)",
        "Classic Monopoly (London)",
        "Classic Monopoly (Paris)",
    ]
    assert stamp_name(classic.stamp) == "Classic Monopoly (Atlantic City)"
    assert edition("ultimate").title == stamp_name(None) == "Ultimate Monopoly"
    london, paris = edition("classic", "uk"), edition("classic", "fr")
    assert london.on_board("fr") is paris and paris.on_board(None) is paris
    assert paris.on_board("us") is classic and london.on_board("uk") is london
    assert [london.board.by_key(k).name for k in ("board:0", "board:5", "board:39")] == [
        "GO",
        "King's Cross Station",
        "Mayfair",
    ]
    assert [paris.board.by_key(k).name for k in ("board:0", "board:2", "board:39")] == [
        "Départ",
        "Caisse de communauté",
        "Rue de la Paix",
    ]
    assert (london.money.symbol, london.money.symbol_first) == ("£", True)
    assert (paris.money.symbol, paris.money.symbol_first) == ("€", False)
    for played in (london, paris):  # E8: the US values at the US positions
        assert [(s.kind, s.price, s.rent) for s in played.board.spaces] == [
            (s.kind, s.price, s.rent) for s in classic.board.spaces
        ]
    assert paris.board.space("avenue des champs elysees").key == "board:37"  # no accents needed


def test_a_card_title_reads_right_on_every_board_and_in_both_languages() -> None:
    def drew(played: Edition, card: str, lang: str) -> str:
        return render("event.drew.card", {"player": "Ann", "card": card}, lang, edition=played)

    london, paris = edition("classic", "uk"), edition("classic", "fr")
    walk, stock = "chance-advance-to-boardwalk", "cc-from-sale-of-stock-you-get-50"
    # A Classic card's effect begins with its title (E3's decks): the sentence says it once.
    assert drew(edition("classic"), walk, "en") == "Ann drew a card: Advance to Boardwalk."
    assert drew(london, walk, "en") == "Ann drew a card: Advance to Mayfair."
    assert drew(london, stock, "en") == "Ann drew a card: From sale of stock you get £50."
    assert drew(paris, walk, "fr") == (
        f"Ann a pioché une carte{NBSP}: Avancez jusqu'à la case Rue de la Paix."
    )
    assert drew(paris, stock, "fr").endswith(f"La vente de vos actions vous rapporte 50{NBSP}€.")
    assert drew(london, stock, "fr").endswith(f"La vente de vos actions vous rapporte 50{NBSP}£.")
    assert drew(paris, walk, "en") == "Ann drew a card: Advance to Rue de la Paix."
    go = "chance-advance-to-illinois-avenue"
    assert (
        london.deck.card(go).effect == "Advance to Trafalgar Square. If you pass GO, collect £200."
    )
    assert paris.deck.card(go).effect == (
        f"Advance to Avenue Henri-Martin. If you pass Départ, collect 200{NBSP}€."
    )


def test_a_london_game_moves_to_mayfair_and_pays_pounds() -> None:
    london = edition("classic", "uk")
    state = do(ordered(london), "roll", dice=[3, 4])
    assert state.seat("Ann").position.name == "Chance"
    state = do(state, "draw", card="chance-advance-to-boardwalk")
    assert state.seat("Ann").position.name == "Mayfair"
    assert render_decision(state.decision, edition=london) == (
        "Ann: buy Mayfair for £400, or the Banker auctions it."
    )
    auction = do(state, "auction")
    assert rejected(auction, "bid", "Bob", amount=5000) == (
        "bid by Bob: Bob has £1500 and cannot bid £5000"
    )
    events, bought = step(state, {"type": "buy", "player": "Ann"})
    assert bought.holdings["Mayfair"].owner == "Ann"
    assert bought.cash["Ann"] == 1500 - 400
    said = [render_event(e, edition=london) for e in events if e["type"] == "transfer"]
    assert said == ["Ann pays the Bank £400 (buying Mayfair)."]
    assert render_event(events[0], "fr", edition=london) == (
        f"Ann paie 400{NBSP}£ à la Banque (achat de Mayfair)."
    )


def _play_classic(db: Path, lines: list[str], **args: Any) -> tuple[int, str, str]:
    return at_the_prompt(db, lines, edition="classic", **args)


def test_a_london_game_at_the_prompt_names_mayfair_and_pays_pounds(tmp_path: Path) -> None:
    moves = ["order_roll 6 6", "order_roll 1 2", "roll 3 4", "draw advance to mayfair", "buy"]
    status, text, err = _play_classic(tmp_path / "g.db", [*moves, "show Ann"], board="uk")
    assert (status, err) == (0, "")
    assert f"Game 1 in {tmp_path / 'g.db'}: Ann, Bob; Classic Monopoly (London)." in text
    assert "Ann: buy Mayfair for £400, or the Banker auctions it." in text
    assert "  Ann pays the Bank £400 (buying Mayfair). [Ann £1,100]" in text
    assert "Ann (car, red): £1,100, on Mayfair" in text
    assert "$" not in text and "Boardwalk" not in text

    # Resumed, the game keeps its board, whatever --board says now.
    status, text, err = _play_classic(
        tmp_path / "g.db", ["show Ann"], players=None, new=False, board="fr"
    )
    assert (status, err) == (0, "")
    assert "Ann (car, red): £1,100, on Mayfair" in text

    out, err_io = io.StringIO(), io.StringIO()
    assert run(["games", "--db", str(tmp_path / "g.db")], out, err_io) == 0
    assert "Classic Monopoly (London)" in out.getvalue()

    # The table as it stands names its board, and a game started from it plays on it.
    out, err_io = io.StringIO(), io.StringIO()
    argv = ["history", "--db", str(tmp_path / "g.db"), "--format", "situation"]
    assert run(argv, out, err_io) == 0, err_io.getvalue()
    table = json.loads(out.getvalue())
    assert (table["edition"], table["board"]) == ("classic", "uk")
    assert table["properties"] == {"Mayfair": {"owner": "Ann"}}
    (tmp_path / "table.json").write_text(out.getvalue(), "utf-8")
    status, text, err = _play_classic(
        tmp_path / "new.db", ["show Ann"], players=None, situation=str(tmp_path / "table.json")
    )
    assert (status, err) == (0, "")
    assert "; Classic Monopoly (London). Type 'help'" in text
    assert "Ann (car, red): £1,100, on Mayfair" in text


def test_a_paris_game_history_in_french_names_rue_de_la_paix_in_euros(tmp_path: Path) -> None:
    moves = ["order_roll 6 6", "order_roll 1 2", "roll 3 4", "draw advance to rue de", "buy"]
    status, text, err = _play_classic(tmp_path / "g.db", moves, board="fr")
    assert (status, err) == (0, "")
    assert f"Ann pays the Bank 400{NBSP}€ (buying Rue de la Paix)." in text
    out, err_io = io.StringIO(), io.StringIO()
    argv = ["history", "--db", str(tmp_path / "g.db"), "--lang", "fr"]
    assert run(argv, out, err_io) == 0, err_io.getvalue()
    history = out.getvalue()
    assert history.startswith("Game 1: Classic Monopoly (Paris)\n")
    assert f"Ann paie 400{NBSP}€ à la Banque (achat de Rue de la Paix)." in history
    assert "Avancez jusqu'à la case Rue de la Paix" in history
    assert "$" not in history and "Boardwalk" not in history


def test_the_command_line_refuses_an_unknown_board_in_one_line(tmp_path: Path) -> None:
    for argv in (
        ["play", "--db", str(tmp_path / "g.db"), "--players", "Ann,Bob", "--edition", "classic",
         "--board", "de"],
        ["simulate", "--games", "1", "--edition", "classic", "--board", "de"],
        ["referee", "--edition", "classic", "--board", "de", "board"],
    ):  # fmt: skip
        out, err = io.StringIO(), io.StringIO()
        assert run(argv, out, err) == 2
        assert err.getvalue() == (
            "companion: error: no board 'de' for Classic Monopoly: its boards are us, uk, fr\n"
        )
    assert not (tmp_path / "g.db").exists()
    out, err = io.StringIO(), io.StringIO()
    assert run(["referee", "--board", "uk", "board"], out, err) == 2
    assert err.getvalue() == (
        "companion: error: no board 'uk' for Ultimate Monopoly: it has no regional boards\n"
    )


def test_simulate_plays_a_regional_board(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "--edition", "classic", "--board", "fr", "--games", "1", "--json"]
    assert run([*argv, "--check", "--db", str(tmp_path / "s.db")], out, err) == 0
    assert json.loads(out.getvalue())["invariant_violations"] == 0
    with GameLog(tmp_path / "s.db", readonly=True) as log:
        assert log.games()[0]["edition"] == {"id": "classic", "version": 1, "region": "fr"}


# -- The table situation and the referee ---------------------------------------------------------

PARIS_TABLE = {
    "edition": "classic",
    "board": "fr",
    "players": [
        {"name": "Ann", "position": "Avenue des Champs-Élysées"},
        {"name": "Bob", "position": "Départ"},
    ],
    "to_move": "Ann",
    "properties": {"Rue de la Paix": {"owner": "Bob"}},
}


def test_a_situation_names_its_board_and_writes_it_back() -> None:
    situation = Situation.parse(PARIS_TABLE)
    assert situation.edition is edition("classic", "fr")
    assert situation.owner("Rue de la Paix") == "Bob"
    written = situation.to_json()
    assert (written["edition"], written["board"]) == ("classic", "fr")
    assert Situation.parse(written).to_json() == written
    assert "board" not in Situation.parse({**PARIS_TABLE, "board": "us", "properties": {},
        "players": [{"name": "Ann", "position": "Boardwalk", "vouchers": 0}]}).to_json()  # fmt: skip
    with pytest.raises(BadSituationError) as raised:
        Situation.parse({**PARIS_TABLE, "board": "de"})
    assert str(raised.value) == (
        "situation: board: no board 'de' for Classic Monopoly: its boards are us, uk, fr"
    )


def test_the_documented_paris_situation_is_read(repo_root: Path) -> None:
    doc = (repo_root / "docs" / "situation.md").read_text("utf-8")
    blocks = re.findall(r"```json\n(.*?)```", doc, re.DOTALL)
    (paris,) = [b for b in blocks if '"board": "fr"' in b]
    situation = Situation.parse(json.loads(paris))
    assert situation.edition is edition("classic", "fr")
    assert [(p.name, p.position.key) for p in situation.players] == [
        ("Ann", "board:37"),
        ("Bob", "board:0"),
    ]
    assert situation.owner("Rue de la Paix") == "Bob"


def test_the_referee_reads_a_paris_situation(tmp_path: Path) -> None:
    path = tmp_path / "paris.json"
    path.write_text(json.dumps(PARIS_TABLE, ensure_ascii=False), "utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run(["referee", "move", "--state", str(path), "--roll", "1", "1"], out, err) == 0, (
        err.getvalue()
    )
    assert out.getvalue().splitlines()[:3] == [
        "1+1: move 2 from Avenue des Champs-Élysées to Rue de la Paix.",
        "Path: Taxe de luxe > Rue de la Paix",
        f"- Pay Bob 50{NBSP}€ rent for Rue de la Paix.",
    ]
    out, err = io.StringIO(), io.StringIO()
    argv = ["referee", "move", "--state", str(path), "--from", "boulevard de belleville"]
    assert run([*argv, "--roll", "1", "2"], out, err) == 0, err.getvalue()
    assert out.getvalue().splitlines()[0] == (
        "1+2: move 3 from Boulevard de Belleville to Impôts sur le revenu."
    )
    assert f"- Pay 200{NBSP}€ for Impôts sur le revenu to the Bank." in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert (
        run(["referee", "--edition", "classic", "--board", "uk", "space", "mayfair"], out, err) == 0
    )
    assert "price £400" in out.getvalue()


def test_the_referee_prompt_keeps_its_board() -> None:
    lines = iter(["space mayfair", "move --from park --roll 1 1"])

    def prompt() -> str:
        line = next(lines, None)
        if line is None:
            raise EOFError
        return line

    out, err = io.StringIO(), io.StringIO()
    assert run(["referee", "--edition", "classic", "--board", "uk"], out, err, prompt=prompt) == 0
    assert err.getvalue() == ""
    assert "Mayfair (board:39): street" in out.getvalue()
    assert "1+1: move 2 from Park Lane to Mayfair." in out.getvalue()
    assert "buy it for £400" in out.getvalue()


def test_a_situation_naming_no_edition_is_of_the_edition_and_board_chosen(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    players = [{"name": n, "position": "GO", "cash": 1500} for n in ("Ann", "Bob")]
    path.write_text(json.dumps({"players": players}), "utf-8")
    status, text, err = _play_classic(
        tmp_path / "g.db", ["show Ann"], players=None, situation=str(path), board="uk"
    )
    assert (status, err) == (0, "")
    assert "; Classic Monopoly (London). Type 'help'" in text
    assert "Ann (car, red): £1,500, on GO" in text


def test_the_prompt_helps_in_the_boards_money_and_reads_any_currency_symbol() -> None:
    # E8: a London game's help names pounds, a Paris game's euros after the amount.
    from companion.cli.parse import SPECS, _amount, of_edition

    london, paris = edition("classic", "uk"), edition("classic", "fr")
    assert of_edition(SPECS["bail"], london).help == "pay £50 to leave jail, then roll"
    assert of_edition(SPECS["trade"], paris).example.startswith("trade Bob give 200\u00a0€,")
    # Any currency symbol is read, not only the shipped editions' (here yen and rupees).
    assert [_amount(a, "amount") for a in ("¥1,500", "400€", "₹75", "$5")] == [1500, 400, 75, 5]
