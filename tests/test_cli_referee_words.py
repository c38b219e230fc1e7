"""``companion referee`` says what the app says: the catalogues' words of each move
(``companion.messages.explain``), in the edition's words and money, on the chosen board, in
English or French (``--lang``)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli.main import run
from companion.editions import edition
from companion.messages.explain import explain
from companion.rules.movement import Roll, resolve_roll
from companion.rules.situation import Situation


def referee(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    status = run(["referee", *args], out, err)
    assert (status, err.getvalue()) == (0, "")
    return out.getvalue()


def jailed(tmp_path: Path, jail: str) -> str:
    """A table situation file: Ann in jail (``jail``, the jail's key), Bob on GO."""
    path = tmp_path / "jail.json"
    ann = {"name": "Ann", "position": jail, "in_jail": True}
    path.write_text(json.dumps({"players": [ann, {"name": "Bob", "position": "board:0"}]}))
    return str(path)


# -- The Mega Edition: Bus Tickets, a one-track board ------------------------------------------


def test_mega_bus_offers_a_bus_ticket_in_english() -> None:
    said = referee("--edition", "mega", "move", "--from", "GO", "--roll", "2", "3", "bus")
    assert said.splitlines() == [
        "2+3 and the Bus: move 5 from GO to Income Tax.",
        "Path: Mediterranean Avenue > Community Chest > Baltic Avenue > Arctic Avenue > Income Tax",
        "- Pay $200 for Income Tax to the Bank.",
        "- Bus: take a Bus Ticket, or move to Chance.",
        "- Your move is over.",
        "Token ends on Income Tax (board:5).",
    ]
    assert "Travel Voucher" not in said and "track" not in said


def test_mega_bus_offers_a_bus_ticket_in_french() -> None:
    said = referee(
        "--edition", "mega", "--lang", "fr", "move", "--from", "GO", "--roll", "2", "3", "bus"
    )
    assert "- Bus\u00a0: prenez un ticket de bus, ou allez jusqu'à Chance." in said.splitlines()
    assert "Parcours\u00a0: Mediterranean Avenue > Community Chest" in said
    assert said.splitlines()[-1] == "Le pion s'arrête sur Income Tax (board:5)."
    assert "bon de voyage" not in said and "piste" not in said


@pytest.mark.parametrize(
    ("lang", "gift"),
    [
        ("en", "- Take $100 from the Bank or a Bus Ticket: your choice."),
        ("fr", "- Prenez 100\u00a0$ à la Banque ou un ticket de bus, au choix."),
    ],
)
def test_mega_birthday_gift_offers_a_bus_ticket(lang: str, gift: str) -> None:
    # 1+3 and 1 from North Carolina Avenue (board:42) is 5: the Birthday Gift (board:47).
    args = ("move", "--from", "North Carolina Avenue", "--roll", "1", "3", "1")
    said = referee("--edition", "mega", "--lang", lang, *args)
    assert gift in said.splitlines()
    assert "Travel Voucher" not in said and "bon de voyage" not in said


def test_mega_json_adds_the_said_lines_and_keeps_the_engines() -> None:
    args = ("move", "--from", "GO", "--roll", "2", "3", "bus", "--json")
    answer: dict[str, Any] = json.loads(referee("--edition", "mega", "--lang", "fr", *args))
    mega = edition("mega")
    go = Situation.fresh(mega.board.space("GO"), edition=mega)
    result = resolve_roll(mega.board, go, Roll(2, 3, "bus"))
    assert answer["explanation"] == list(result.explanation)  # the engine's English, as before
    assert answer["lang"] == "fr"
    assert answer["said"][0] == "2+3 et le Bus\u00a0: avancez de 5 cases, de GO à Income Tax."
    notes = [line.removeprefix("- ") for line in answer["said"] if line.startswith("- ")]
    assert notes == list(explain(result, "fr", edition=mega))


@pytest.mark.parametrize(
    ("lang", "bonus"),
    [
        ("en", "- Mr. Monopoly: bonus move to the next unowned property (the white dice make 3)."),
        (
            "fr",
            "- M. Monopoly\u00a0: déplacement bonus jusqu'à la prochaine propriété libre (les dés"
            " blancs font 3).",
        ),
    ],
)
def test_mega_mr_monopoly_names_no_track(lang: str, bonus: str) -> None:
    args = ("move", "--from", "Michigan Avenue", "--roll", "1", "2", "mr")
    said = referee("--edition", "mega", "--lang", lang, *args)
    assert bonus in said.splitlines()
    assert "track" not in said and "piste" not in said


def test_mega_auction_with_everything_owned_names_no_parity(tmp_path: Path) -> None:
    mega = edition("mega")
    owned = {s.name: {"owner": "Bob"} for s in mega.board if s.price}
    path = tmp_path / "owned.json"
    ann, bob = {"name": "Ann", "position": "Gas Company"}, {"name": "Bob", "position": "GO"}
    path.write_text(json.dumps({"edition": "mega", "players": [ann, bob], "properties": owned}))
    said = referee("--edition", "mega", "move", "--state", str(path), "--roll", "2", "1", "1")
    assert said.splitlines()[2:4] == [
        "- Auction with every property owned: you move ahead to the highest rent you can reach.",
        "- Pay Bob $200 rent for Pennsylvania Railroad.",
    ]


# -- Classic: two dice, the regional boards --------------------------------------------------


@pytest.mark.parametrize("region", ["us", "uk", "fr"])
def test_classic_jail_roll_names_no_speed_die(tmp_path: Path, region: str) -> None:
    state = jailed(tmp_path, "board:10")
    args = ("--edition", "classic", "--board", region)
    stay = referee(*args, "move", "--state", state, "--roll", "3", "4")
    bail = referee(*args, "move", "--state", state, "--roll", "3", "4", "--bail")
    card = referee(*args, "move", "--state", state, "--roll", "3", "4", "--jail-card")
    money = {"us": "$50", "uk": "£50", "fr": "50\u00a0€"}[region]
    assert stay.splitlines()[:2] == [
        "3+4: no doubles on attempt 1 of 3, so you stay in jail.",
        "- No doubles: you stay in jail; your turn is over.",
    ]
    assert f"- You pay {money} bail to the Bank before rolling." in bail.splitlines()
    assert "- You hand in a Get Out of Jail Free card before rolling." in card.splitlines()
    for said in (stay, bail, card):
        assert "speed" not in said and "three dice" not in said and "Pool" not in said


def test_classic_jail_roll_in_french_names_no_speed_die(tmp_path: Path) -> None:
    state = jailed(tmp_path, "board:10")
    args = ("move", "--state", state, "--roll", "3", "4", "--bail")
    said = referee("--edition", "classic", "--board", "fr", "--lang", "fr", *args)
    assert "- Vous payez 50\u00a0€ de caution à la Banque avant de lancer les dés." in said
    assert "trois dés" not in said and "dé de vitesse" not in said


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "1+1: move 2 from Park Lane to Mayfair.",
                "Path: Super Tax > Mayfair",
                "- Mayfair is for sale: buy it for £400 or the Banker auctions it.",
                "- Doubles (first this turn): roll again.",
                "Token ends on Mayfair (board:39).",
            ],
        ),
        (
            "fr",
            [
                "1+1\u00a0: avancez de 2 cases, de Park Lane à Mayfair.",
                "Parcours\u00a0: Super Tax > Mayfair",
                "- Mayfair est à vendre\u00a0: achetez-la pour 400\u00a0£, sinon le banquier la"
                " met aux enchères.",
                "- Double (le premier de ce tour)\u00a0: relancez.",
                "Le pion s'arrête sur Mayfair (board:39).",
            ],
        ),
    ],
)
def test_a_london_move_says_mayfair_in_pounds(lang: str, lines: list[str]) -> None:
    args = ("move", "--from", "Park Lane", "--roll", "1", "1")
    assert referee("--edition", "classic", "--board", "uk", "--lang", lang, *args).splitlines() == (
        lines
    )


def test_a_paris_move_passing_go_adds_up_the_salary_in_euros() -> None:
    args = ("move", "--from", "Rue de la Paix", "--roll", "1", "2")
    said = referee("--edition", "classic", "--board", "fr", "--lang", "fr", *args).splitlines()
    assert said[-2:] == [
        "Salaires\u00a0: 200\u00a0€",
        "Le pion s'arrête sur Caisse de communauté (board:2).",
    ]


def test_the_prompt_keeps_the_language_chosen() -> None:
    out, err = io.StringIO(), io.StringIO()
    lines = iter(["move --from 'Park Lane' --roll 1 1", "quit"])
    args = ["referee", "--edition", "classic", "--board", "uk", "--lang", "fr"]
    assert run(args, out, err, prompt=lambda: next(lines)) == 0
    assert "Le pion s'arrête sur Mayfair (board:39)." in out.getvalue().splitlines()


def test_an_unknown_language_is_refused_in_one_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = run(
        ["referee", "--lang", "de", "move", "--from", "GO", "--roll", "1", "2", "3"], out, err
    )
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and "'de'" in err.getvalue()


# -- What a space is, on the edition's board ------------------------------------------------


def test_a_london_space_names_only_classic_buildings_and_salaries() -> None:
    args = ("--edition", "classic", "--board", "uk", "space")
    assert referee(*args, "GO").splitlines() == [
        "GO (board:0): pay corner",
        "Pays £200 when passed or landed on",
    ]
    assert referee(*args, "Mayfair").splitlines()[1] == (
        "dark blue group (Park Lane, Mayfair); price £400; houses and hotels £200 each; "
        "mortgage £200"
    )
    assert referee(*args, "King's Cross Station").splitlines()[1] == (
        "Price £200; mortgage £100; rent 1 owned £25, 2 owned £50, 3 owned £100, 4 owned £200"
    )


def test_a_mega_space_names_its_skyscrapers_and_depots() -> None:
    assert "houses, hotels and skyscrapers $200 each" in referee(
        "--edition", "mega", "space", "Boardwalk"
    )
    assert referee("--edition", "mega", "space", "Reading Railroad").endswith(
        "; a train depot doubles it\n"
    )


def test_cards_are_listed_in_the_language_and_on_the_board_asked() -> None:
    paris = referee("--edition", "classic", "--board", "fr", "--lang", "fr", "cards").splitlines()
    assert paris[0].split(maxsplit=1) == [
        "chance-advance-to-boardwalk",
        "Avancez jusqu'à la case Rue de la Paix",
    ]
    mega = referee("--edition", "mega", "--lang", "fr", "cards").splitlines()
    assert mega[-2].split(maxsplit=1) == ["bus-ticket", "Ticket de bus"]


def test_a_bus_ticket_too_far_is_refused_naming_the_side_of_the_board() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["--edition", "mega", "voucher", "--from", "GO", "--voucher", "bus-ticket"]
    assert run(["referee", *args, "--to", "Marvin Gardens"], out, err) == 2
    assert "on this side of the board, up to In Jail / Just Visiting:" in err.getvalue()
    assert "track" not in err.getvalue() and out.getvalue() == ""


def test_the_paris_board_is_listed_in_french() -> None:
    paris = referee("--edition", "classic", "--board", "fr", "--lang", "fr", "board").splitlines()
    assert paris[:2] == [
        "board:0    Départ (coin payant)",
        "board:1    Boulevard de Belleville (terrain)",
    ]
    assert paris[5] == "board:5    Gare Montparnasse (gare)"
    mega = referee("--edition", "mega", "board").splitlines()
    assert mega[32] == "board:32   Bus Ticket (bus ticket)"


def test_the_prompts_example_is_a_question_of_the_edition_played() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["referee", "--edition", "classic", "--board", "uk"]
    assert run(args, out, err, prompt=lambda: "quit") == 0
    example = out.getvalue().splitlines()[0]
    assert 'move --from "Old Kent Road" --roll 1 2 ' in example
    said = referee(*args[1:], "move", "--from", "Old Kent Road", "--roll", "1", "2")
    assert said.splitlines()[-2:] == ["- Your move is over.", "Token ends on Income Tax (board:4)."]


def test_a_mega_card_back_past_go_cites_no_ruling_of_ultimate() -> None:
    args = ("card", "--from", "board:2", "--card", "another back 3")
    assert "- Moving backwards past GO pays nothing." in referee("--edition", "mega", *args)
    said = referee("--edition", "mega", "--lang", "fr", *args)
    assert "- Passer sur GO à reculons ne rapporte rien." in said.splitlines()


@pytest.mark.parametrize(
    ("region", "lang", "line"),
    [
        ("uk", "en", "- Moving backwards past GO pays nothing."),
        ("fr", "fr", "- Passer sur Départ à reculons ne rapporte rien."),
    ],
)
def test_a_classic_card_back_past_go_cites_no_ruling_of_ultimate(
    region: str, lang: str, line: str
) -> None:
    args = ("card", "--from", "board:2", "--card", "another back 3")
    said = referee("--edition", "classic", "--board", region, "--lang", lang, *args)
    assert line in said.splitlines()


@pytest.mark.parametrize(
    ("edition_args", "lang", "headline"),
    [
        (
            ("--edition", "classic", "--board", "uk"),
            "en",
            "Go to Jail. Go directly to Jail, do not pass GO, do not collect £200.",
        ),
        (
            ("--edition", "classic", "--board", "fr"),
            "fr",
            "Allez en prison. Rendez-vous directement en prison, ne passez pas par la case Départ,"
            " ne touchez pas 200\u00a0€.",
        ),
        (
            ("--edition", "mega"),
            "en",
            "Go to Jail. Go directly to Jail, do not pass GO, do not collect $200.",
        ),
    ],
)
def test_a_classic_cards_headline_says_its_title_once(
    edition_args: tuple[str, ...], lang: str, headline: str
) -> None:
    """A Classic card's printed text begins with its title: the headline is the text."""
    args = ("card", "--from", "board:36", "--card", "chance-go-to-jail")
    assert referee(*edition_args, "--lang", lang, *args).splitlines()[0] == headline
