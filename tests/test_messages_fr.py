"""The French catalogue: every code and every word the sentences use is French (nothing falls
back to English), every code renders, amounts are written as in France, and a few sentences are
exactly what a French table reads."""

from __future__ import annotations

from typing import Any

import pytest

from companion.editions import edition, known_editions
from companion.messages import CODES, fr, language, po, render, render_decision, render_event
from companion.messages.catalogues import english_of
from companion.messages.codes import kinds_of, referee_codes
from companion.messages.rendering import FIELD, card_word, catalogue_path, wordings
from companion.rules.movement import CHOICE_SETS
from tests.test_messages import SAMPLES, _params, _replayed_events

#: The French catalogue's own codes and words, without English behind them.
FR_MESSAGES, FR_WORDS = wordings(po.read(catalogue_path("fr")), fr.typeset)
EN_MESSAGES, EN_WORDS = wordings(po.read(catalogue_path("en")))

NNBSP, NBSP = "\u202f", "\u00a0"

#: Codes whose French is their English: a name printed on the board or a card, nothing more.
NAMES_ONLY = {
    "reason.tax",
    "reason.card",
    "reason.birthday_gift",
    "reason.squeeze_play",
    "reason.roll_three",
    # A button that names a thing: the property chosen, the player targeted, a card's option.
    "option.property",
    "option.target",
    "option.card_option",
}


def _words_used() -> set[str]:
    """Every word key the rendering looks up for some value the engine can store."""
    from companion.banker.commands import COMMANDS

    deck = edition("ultimate").deck
    return {
        "join.nobody",
        "join.and",
        "roll.speed",
        *(f"level.{n}" for n in range(1, 7)),
        *(f"command.{command}" for command in COMMANDS),
        "account.Bank",
        "account.Pool",
        *(f"deck.{d}" for d in ("chance", "community_chest", "travel_voucher", "roll_three")),
        *(f"speed.{face}" for face in edition("ultimate").dice.speed_faces if not face.isdigit()),
        *(f"among.{among}" for among in CHOICE_SETS),
        *(f"pile.{pile}" for pile in edition("ultimate").board.building_supply),
        *(f"track.{track}" for track in ("outer", "middle", "inner")),
        # Each kind of space of every board (the referee's board list, the another-card menu).
        *(f"kind.{space.kind}" for known in known_editions() for space in edition(known).board),
        "route.ride",
        "route.stay",
        *(f"group.{group}" for group in edition("ultimate").board.groups),
        *(f"company.{company}" for company in deck.stock_names),
        *(f"card.{card}" for card in deck.cards),
        *(f"card_effect.{card}" for card in deck.cards),
        *(f"voucher.{voucher}" for voucher in deck.vouchers),
        # The decks the catalogues word under a name of their own (Classic's: E8).
        *(
            card_word(worded.catalogue, card, variant)
            for worded in (edition(known).deck for known in known_editions())
            if worded.catalogue
            for card in worded.cards
            for variant in ("", "effect")
        ),
    }


def test_every_code_has_french_words_and_every_french_entry_a_code() -> None:
    assert set(FR_MESSAGES) == set(CODES) | set(referee_codes())


def test_every_word_the_sentences_use_is_french_and_none_is_left_over() -> None:
    used = _words_used()
    assert sorted(used - set(FR_WORDS)) == []
    assert sorted(set(FR_WORDS) - used) == []
    assert set(EN_WORDS) <= set(FR_WORDS)


def _english(key: str) -> str:
    """What English shows for a word key: its word, or the value itself (a card's title...)."""
    deck = edition("ultimate").deck
    group, value = key.split(".", 1)
    if group in ("card", "card_effect") and "." in value:
        return str(english_of(key, edition()))
    if group == "card":
        return deck.cards[value].title
    if group == "card_effect":
        return deck.cards[value].effect
    if group == "voucher":
        return deck.vouchers[value].label
    return EN_WORDS.get(key, value)


def test_the_french_words_are_not_the_english_ones() -> None:
    """Only proper names and words both languages share are the same."""
    same = sorted(key for key in _words_used() if FR_WORDS[key] == _english(key))
    companies = [f"company.{c}" for c in edition("ultimate").deck.stock_names]
    assert same == sorted(
        [*companies, "deck.chance", "kind.chance", "deck.roll_three", "group.orange"]
    )


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_renders_in_french_with_its_declared_parameters(code: str) -> None:
    for optional in (True, False):
        params = _params(code, optional=optional)
        text = render(code, params, "fr")
        assert text and text == text.strip()
        assert not {"{", "}"} & set(text) and "None" not in text, text
        assert " :" not in text and " ;" not in text and " !" not in text, text  # typeset
        if code not in NAMES_ONLY:
            assert text != render(code, params, "en"), code


@pytest.mark.parametrize("code", sorted(FR_MESSAGES))
def test_a_french_template_names_exactly_the_parameters_of_its_english(code: str) -> None:
    for french, english in zip(FR_MESSAGES[code], EN_MESSAGES[code], strict=True):
        assert (french.conditions, french.count) == (english.conditions, english.count)
        for form in french.forms:
            fields = {m.group(2) for m in FIELD.finditer(form)}
            english_fields = {m.group(2) for f in english.forms for m in FIELD.finditer(f)}
            assert fields <= english_fields | {english.count} <= set(kinds_of(code) or ()) | {None}


def test_every_card_of_both_decks_is_worded_in_french() -> None:
    for card in edition("ultimate").deck.cards:
        text = render("event.drew.card", {"player": "Ann", "card": card}, "fr")
        assert text.startswith("Ann a pioché «" + NBSP), text


@pytest.mark.parametrize(
    "amount", [0, 5, 15, 999, 1000, 1500, 3200, 10000, 123456, 1234567, -50, -1500, -1000000]
)
def test_french_amounts_are_babel_s(amount: int) -> None:
    babel_numbers = pytest.importorskip("babel.numbers")
    expected = babel_numbers.format_decimal(amount, locale="fr_FR")
    assert fr.number(amount) == expected
    assert fr.money(amount) == expected + NBSP + "$"
    assert language("fr").money(amount) == fr.money(amount)


SENTENCES: list[tuple[str, dict[str, Any], str]] = [
    ("event.turn", {"player": "Ann"}, "Au tour d'Ann."),
    ("event.turn", {"player": "Bob"}, "Au tour de Bob."),
    (
        "event.rolled",
        {"player": "Ann", "dice": [3, 4, "mr"]},
        "Ann a obtenu 3+4 et M. Monopoly.",
    ),
    ("note.bid", {"player": "Bob", "amount": 1500}, f"Bob offre 1{NNBSP}500{NBSP}$."),
    (
        "event.transfer",
        {
            "from": "Ann",
            "to": "Pool",
            "amount": 15,
            "reason": {"code": "reason.card", "params": {"card": "chance-traffic-ticket"}},
        },
        f"Ann paie 15{NBSP}$ au Pool (Amende pour excès de vitesse{NNBSP}!).",
    ),
    (
        "event.transfer",
        {
            "from": "Bank",
            "to": "Ann",
            "amount": 200,
            "reason": {"code": "reason.salary.passing", "params": {"space": "middle:0"}},
        },
        f"La Banque paie 200{NBSP}$ à Ann (passage sur GO).",
    ),
    (
        "move.roll",
        {
            "roll": [1, 2, "mr"],
            "count": 3,
            "from": "middle:2",
            "to": "middle:5",
            "end": "outer:7",
            "last": "middle:39",
        },
        f"1+2 et M. Monopoly{NBSP}: avancez de 3 cases, de Community Chest à Reading Railroad"
        f"{NNBSP}; si Boardwalk est achetée ou vendue aux enchères, vous vous arrêtez sur "
        "Reading Railroad (piste extérieure).",
    ),
    (
        "ask.buy_or_auction",
        {"player": "Ann", "space": "middle:39", "price": 400},
        f"Ann{NBSP}: achetez Boardwalk pour 400{NBSP}$, sinon le banquier la met aux enchères.",
    ),
    (
        "ask.auction.property",
        {"space": "middle:39", "high": 0, "waiting": ["Ann"]},
        f"Enchères pour Boardwalk{NBSP}: aucune offre. Chacun peut surenchérir{NNBSP}; Ann peut "
        "encore enchérir ou passer.",
    ),
    (
        "ask.roll.in_jail",
        {"player": "Ann", "bail": 50},
        f"Ann est en prison{NBSP}: lancez les deux dés blancs pour faire un double, ou payez "
        f"50{NBSP}$ de caution.",
    ),
    (
        "ask.draw.card",
        {"player": "Ann", "deck": "community_chest"},
        f"Ann{NBSP}: piochez une carte Caisse de communauté et dites-moi laquelle.",
    ),
    (
        "note.storm_hit",
        {"card": "chance-hurricane-makes-landfall", "group": "dark blue", "owner": "Ann"},
        f"«{NBSP}L'ouragan touche terre{NNBSP}!{NBSP}»{NBSP}: un bâtiment de moins sur chaque "
        "propriété du groupe bleu foncé d'Ann.",
    ),
    (
        "note.bankrupt",
        {"player": "Cy", "to": "Pool"},
        f"Cy fait faillite{NNBSP}; ses biens vont au Pool.",
    ),
    (
        "event.drew.voucher",
        {"player": "Ann", "card": "voucher-free-cab-fare-back-2"},
        "Ann pioche Taxi gratuit -2.",
    ),
    (
        "event.seat.skip_turns",
        {"player": "Ann", "turns": 1},
        "Ann passe son prochain tour.",
    ),
    (
        "event.game_started",
        {"players": ["Ann", "Bob", "Cy"]},
        f"Nouvelle partie{NBSP}: Ann, Bob et Cy.",
    ),
    (  # one pair of brackets, short enough for the flash and a history line at 800x480
        "event.transfer",
        {
            "from": "Bank",
            "to": "Ann",
            "amount": 750,
            "reason": {"code": "reason.sell_down", "params": {"group": "orange"}},
        },
        f"La Banque paie 750{NBSP}$ à Ann (revente du groupe orange).",
    ),
]


@pytest.mark.parametrize(("code", "params", "expected"), SENTENCES)
def test_french_sentences(code: str, params: dict[str, Any], expected: str) -> None:
    assert render(code, params, "fr") == expected


def test_every_event_and_decision_of_the_recorded_games_reads_in_french() -> None:
    seen = 0
    for where, event in _replayed_events():
        text = render_event(event, "fr")
        if event.get("type") == "decision":
            d = event["decision"]
            said = render_decision(d, "fr")
            assert said and said != f"({d['code']})" and said != render_decision(d, "en"), where
        if "code" in event:
            assert text and not text.startswith("("), (where, event)
            assert text != render_event(event, "en"), (where, text)
            seen += 1
    assert seen > 100


def test_the_samples_cover_every_kind() -> None:
    """The renders above give every kind of parameter a value (tests.test_messages.SAMPLES)."""
    assert {kind.rstrip("?") for kinds in CODES.values() for kind in kinds.values()} <= set(SAMPLES)


def test_an_undone_command_is_named_in_words_in_both_languages() -> None:
    """History's line of an undone command named the command by its type ("draw", "end_game"),
    English words in a French history (after every correction from History, for instance)."""
    from companion.banker.commands import COMMANDS

    commands = {f"command.{c}" for c in COMMANDS}
    assert commands <= set(EN_WORDS) and commands <= set(FR_WORDS)
    undone = {"type": "undone", "command": 79, "of": {"type": "draw", "player": "Cy"}}
    assert render_event(undone, "en") == "Undone: command #79 (the card drawn, by Cy)."
    assert render_event(undone, "fr") == "Annulé\u00a0: commande n° 79 (la carte tirée, par Cy)."
