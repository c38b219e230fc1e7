"""Message codes and their English: every code is worded, every code the banker uses exists,
and events and decisions written before codes show the words they stored."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import companion
import companion.messages
from companion.banker.state import Decision
from companion.errors import CompanionError
from companion.messages import (
    CODES,
    STEP_KINDS,
    MessageError,
    language,
    message,
    po,
    render,
    render_decision,
    render_event,
    rendering,
)
from companion.messages.codes import KINDS, kinds_of, referee_codes
from companion.rules.cards import UNLISTED_EFFECTS
from tests import golden_games

#: A value of each kind, as the banker stores it.
SAMPLES: dict[str, Any] = {
    "text": "Bus Ticket",
    "int": 3,
    "money": 1500,
    "player": "Ann",
    "account": "Pool",
    "players": ["Ann", "Bob", "Cy"],
    "space": "middle:39",
    "track": "outer",
    "group": "dark blue",
    "card": "chance-get-out-of-jail-free",
    "voucher": "voucher-free-cab-fare-back-2",
    "deck": "community_chest",
    "company": "Motion Pictures",
    "combo": [6, 1, 3],
    "roll": [3, 4, "mr"],
    "among": "any_space",
    "pile": "houses",
    "message": {"code": "reason.rent", "params": {"space": "middle:39"}},
    "decision": {"kind": "roll", "player": "Ann", "code": "ask.roll", "params": {}},
    "flag": True,
    "level": 2,
    "command": "bid",
    "why": "even_move",
    "route": True,
}

BANKER = Path(__file__).parents[1] / "companion" / "banker"
CODE_LITERAL = re.compile(
    r"""["']((?:event|move|ask|note|reason|action|option|unlisted|answer)(?:\.[a-z0-9_]+)+)["']"""
)


def _params(code: str, *, optional: bool) -> dict[str, Any]:
    return {
        name: SAMPLES[kind.rstrip("?")]
        for name, kind in CODES[code].items()
        if optional or not kind.endswith("?")
    }


def test_every_code_has_english_words_and_every_english_entry_a_code() -> None:
    """The banker's codes and the referee's notes and reasons (``referee.*``)."""
    assert set(language("en").messages) == set(CODES) | set(referee_codes())


def test_every_kind_of_parameter_is_known() -> None:
    used = {kind.rstrip("?") for kinds in CODES.values() for kind in kinds.values()}
    assert used <= KINDS
    assert KINDS <= set(SAMPLES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_renders_with_its_declared_parameters(code: str) -> None:
    for optional in (True, False):
        text = render(code, _params(code, optional=optional))
        assert text and text == text.strip()
        assert not {"{", "}"} & set(text) and "None" not in text, text


def _named(case: rendering.Wording, declared: set[str]) -> tuple[set[str], set[str]]:
    """The parameters a case of a code shows, and those its conditions and count look at (the
    right of ``name=other`` is another parameter, or a value: ``payee=Pool``)."""
    shown = {m.group(2) for form in case.forms for m in rendering.FIELD.finditer(form)}
    looked_at = {c.partition("=")[0] for c in case.conditions}
    looked_at |= {c.partition("=")[2] for c in case.conditions} & declared
    return shown, looked_at | {case.count} - {None}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_code_s_cases_name_exactly_the_parameters_declared(lang: str) -> None:
    """Each case shows only declared parameters; together they look at every required one."""
    messages, _ = rendering.wordings(po.read(rendering.catalogue_path(lang)))
    for code, cases in messages.items():
        kinds = kinds_of(code)
        assert kinds is not None, code
        required = {n for n, kind in kinds.items() if not kind.endswith("?")}
        named = [_named(case, set(kinds)) for case in cases]
        assert set().union(*(s | c for s, c in named)) <= set(kinds), code
        assert required <= set().union(*(s | c for s, c in named)), code


def test_every_code_the_banker_says_has_english_words() -> None:
    used = {
        (path.name, code)
        for path in sorted(BANKER.glob("*.py"))
        for code in CODE_LITERAL.findall(path.read_text("utf-8"))
    }
    assert [(name, code) for name, code in sorted(used) if code not in CODES] == []
    assert len({code for _, code in used}) > 100  # the scan does find the banker's codes


def test_every_code_is_said_somewhere() -> None:
    """No code is left over: the banker, the movement resolvers, the referee's command line or
    the renderer say each one."""
    root = Path(companion.__file__).parent
    said = {
        code
        for path in sorted(root.rglob("*.py"))
        if path.parent.name != "messages"
        for code in CODE_LITERAL.findall(path.read_text("utf-8"))
    }
    # Worded from an event's fields by the renderer itself.
    said |= set(CODE_LITERAL.findall((root / "messages" / "rendering.py").read_text("utf-8")))
    # An unlisted card's effect is said as unlisted.<effect> (E3).
    said |= {f"unlisted.{effect}" for effect in UNLISTED_EFFECTS}
    assert sorted(set(CODES) - said) == []


# -- What the banker stores ---------------------------------------------------------------------


def _stored_words(value: Any, where: str) -> Iterator[str]:
    """Each English sentence stored in ``value`` (an event, a decision, a task...), and each
    message in it that does not render: where it is and what is wrong."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from _stored_words(item, f"{where}[{i}]")
        return
    if not isinstance(value, dict):
        return
    if "text" in value:
        yield f"{where}: text {value['text']!r}"
    if isinstance(value.get("reason"), str):
        yield f"{where}: reason {value['reason']!r}"
    if isinstance(value.get("title"), str) and value.get("type") == "drew":
        yield f"{where}: title {value['title']!r}"
    if isinstance(value.get("code"), str):
        fields = {k: v for k, v in value.items() if k not in ("type", "code", "params")}
        try:
            render(value["code"], {**fields, **(value.get("params") or {})})
        except MessageError as exc:
            yield f"{where}: {exc}"
    for key, item in value.items():
        if key != "options":  # a decision's answers: companion.banker.options
            yield from _stored_words(item, f"{where}.{key}")


def _replayed_events() -> Iterator[tuple[str, dict[str, Any]]]:
    from companion.game import Game

    for recorded in golden_games.load():
        game = Game.new(recorded["players"], rules=recorded["rules"])
        for event in game.all_events():
            yield f"seed {recorded['seed']} start", event
        for i, step in enumerate(recorded["steps"]):
            for event in game.execute(dict(step["command"])):
                yield f"seed {recorded['seed']} step {i}", event


def test_no_english_is_stored_while_the_recorded_games_replay_and_everything_renders() -> None:
    problems: list[str] = []
    coded: set[str] = set()
    for where, event in _replayed_events():
        problems += _stored_words(event, f"{where} {event['type']}")
        if "code" in event:
            coded.add(event["type"])
        if event["type"] == "decision":
            d = event["decision"]
            assert d.get("code") and render_decision(d) != f"({d['code']})", where
        elif event["type"] == "moved":
            assert len(event["kinds"]) == len(event["path"]), where
            assert set(event["kinds"]) <= set(STEP_KINDS), where
        elif event["type"] in ("note", "turn", "rolled", "drew", "order_set", "game_over"):
            assert event["type"] == "turn" or "code" in event, (where, event)
        if "code" not in event:
            render_event(event)  # worded from its fields, or bookkeeping: never refused
        if len(problems) > 20:
            break
    assert problems == []
    assert {"note", "turn", "rolled", "drew", "moved", "order_set", "game_over"} <= coded


def test_a_move_s_code_words_the_referee_s_headline() -> None:
    from tests.test_golden_moves import CASES, resolve

    for case in CASES:
        try:
            r = resolve(case)
        except CompanionError:
            continue
        assert r.code, case["name"]
        assert render(r.code, r.params) == r.summary, case["name"]


# -- Today's sentences -------------------------------------------------------------------------

SENTENCES = [
    ("event.turn", {"player": "Ann"}, "Ann's turn."),
    ("event.rolled", {"player": "Ann", "dice": [3, 4, "bus"]}, "Ann rolled 3+4 and the Bus."),
    ("event.rolled", {"player": "Ann", "dice": [2, 2, None]}, "Ann rolled 2+2."),
    ("event.rolled", {"player": "Ann", "dice": [1, 2, 3]}, "Ann rolled 1+2 and 3."),
    (
        "event.order_set",
        {"player": "Bob", "order": ["Bob", "Cy", "Ann"]},
        "Bob rolled highest and starts; the order of play: Bob, Cy and Ann.",
    ),
    (
        "event.drew.card",
        {"player": "Ann", "card": "chance-go-back-three-3-spaces"},
        "Ann drew Go Back Three (3) Spaces: Move back 3 spaces.",
    ),
    (
        "event.drew.voucher",
        {"player": "Ann", "card": "voucher-free-cab-fare-back-2"},
        "Ann draws Free Cab Fare -2.",
    ),
    ("event.drew.roll_three", {"player": "Ann", "card": "1-3-6"}, "Ann draws Roll Three 1-3-6."),
    (
        "move.roll",
        {"roll": [3, 4, 2], "count": 9, "from": "middle:0", "to": "middle:9"},
        "3+4 and 2: move 9 from GO to Connecticut Avenue.",
    ),
    (
        "move.roll_back",
        {"roll": [1, 2, "mr"], "count": 3, "from": "middle:9", "to": "middle:6"},
        "1+2 and Mr. Monopoly: move back 3 from Connecticut Avenue to Oriental Avenue.",
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
        "1+2 and Mr. Monopoly: move 3 from Community Chest to Reading Railroad; if Boardwalk is "
        "bought or sold at auction, you end on Reading Railroad (outer track).",
    ),
    (
        "move.jail_third",
        {"roll": [1, 2, None], "bail": 50, "count": 3, "to": "middle:13"},
        "1+2: third failed roll, pay $50 bail and move 3 to States Avenue.",
    ),
    ("move.direct", {"player": "Bob", "to": "middle:39"}, "Bob moves directly to Boardwalk."),
    (
        "move.voucher",
        {"voucher": "voucher-free-cab-fare-ahead-1", "to": "middle:1"},
        "Free Cab Fare +1: move to Mediterranean Avenue.",
    ),
    (
        "ask.roll.in_jail_card",
        {"player": "Ann", "bail": 50},
        "Ann is in jail: roll the two regular dice for doubles, pay $50 bail, or use a card.",
    ),
    (
        "ask.raise_money",
        {
            "player": "Ann",
            "creditor": "Pool",
            "amount": 1450,
            "reason": "Luxury Tax",
            "short": 450,
        },
        "Ann owes the Pool $1,450 (Luxury Tax) and is $450 short: sell buildings, mortgage or "
        "trade, then pay; or go bankrupt.",
    ),
    (
        "ask.auction.share",
        {"company": "Motion Pictures", "high": 120, "leader": "Bob", "waiting": ["Ann", "Cy"]},
        "Auction of one share of Motion Pictures: $120 by Bob. Anyone may bid higher; Ann and Cy "
        "may still bid or pass.",
    ),
    (
        "ask.draw.card",
        {"player": "Ann", "deck": "community_chest"},
        "Ann: draw a Community Chest card and tell me which.",
    ),
    (
        "ask.choose.card",
        {"player": "Bob", "card": "chance-get-out-of-jail-free", "among": "unowned_outer_property"},
        "Bob: Get Out of Jail Free!: choose the space (unowned outer property).",
    ),
    (
        "ask.rent",
        {
            "player": "Ann",
            "amount": 50,
            "owner": "Bob",
            "space": "Boardwalk",
            "card": "chance-get-out-of-jail-free",
        },
        "Ann: pay $50 rent to Bob for Boardwalk, or play Get Out of Jail Free!.",
    ),
    (
        "note.order_tie",
        {"players": ["Ann", "Bob"], "total": 8},
        "Ann and Bob tie with 8: they roll again.",
    ),
    ("note.roll_three", {"player": "Ann", "dice": [6, 1, 3]}, "Roll Three: Ann rolled 1-3-6."),
    (
        "note.bankrupt",
        {"player": "Ann", "to": "Bank"},
        "Ann is bankrupt; their assets go to the Bank.",
    ),
    (
        "reason.dividend",
        {"why": {"code": "reason.stock_exchange", "params": {}}, "company": "Motion Pictures"},
        "Stock Exchange: Motion Pictures dividend",
    ),
    (
        "reason.dividend",
        {
            "why": {"code": "reason.card", "params": {"card": "chance-get-out-of-jail-free"}},
            "company": "Motion Pictures",
        },
        "Get Out of Jail Free!: Motion Pictures dividend",
    ),
    ("reason.salary.passing", {"space": "middle:0"}, "passing GO"),
    ("reason.tax", {"space": "Luxury Tax"}, "Luxury Tax"),
    (  # one pair of brackets, short enough for the flash and a history line at 800x480
        "event.transfer",
        {
            "from": "Bank",
            "to": "Ann",
            "amount": 750,
            "reason": {"code": "reason.sell_down", "params": {"group": "orange"}},
        },
        "The Bank pays Ann $750 (the orange group sold down).",
    ),
]


@pytest.mark.parametrize(("code", "params", "sentence"), SENTENCES)
def test_a_code_words_the_sentence_of_today(code: str, params: dict, sentence: str) -> None:
    assert render(code, params) == sentence


def test_a_message_is_json_with_a_known_code() -> None:
    assert message("reason.buy", space="middle:39") == {
        "code": "reason.buy",
        "params": {"space": "middle:39"},
    }
    with pytest.raises(MessageError):
        message("reason.nothing")


def test_an_unknown_code_a_missing_parameter_or_language_is_refused() -> None:
    with pytest.raises(MessageError, match="no message 'note.nothing'"):
        render("note.nothing", {})
    with pytest.raises(MessageError, match="needs 'amount'"):
        render("note.bid", {"player": "Ann"})
    with pytest.raises(MessageError, match="no language 'xx'"):
        render("note.pass", {"player": "Ann"}, lang="xx")


def test_a_value_a_kind_cannot_show_is_shown_as_it_is() -> None:
    assert render("reason.rent", {"space": "nowhere:99"}) == "rent for nowhere:99"
    assert render("reason.card", {"card": "no-such-card"}) == "no-such-card"
    assert render("event.seat.skip_turns", {"player": "Ann", "turns": "x"}) == (
        "Ann misses the next x turns."
    )


# -- Events -------------------------------------------------------------------------------------


def test_an_event_written_before_codes_shows_its_stored_text() -> None:
    old = {"type": "moved", "player": "Ann", "to": "middle:9", "path": ["middle:9"], "text": "3+4."}
    assert render_event(old) == "3+4."
    assert render_event({"type": "note", "text": "Doubles: Ann rolls again."}) == (
        "Doubles: Ann rolls again."
    )
    assert render_event({"type": "turn", "player": "Ann", "doubles": 0, "text": "Ann's turn."}) == (
        "Ann's turn."
    )


def test_an_event_with_a_code_is_worded_from_its_params_and_fields() -> None:
    note = {"type": "note", "code": "note.bid", "params": {"player": "Ann", "amount": 40}}
    assert render_event(note) == "Ann bids $40."
    turn = {"type": "turn", "player": "Ann", "doubles": 0, "voucher": False, "code": "event.turn"}
    assert render_event(turn) == "Ann's turn."
    moved = {
        "type": "moved",
        "player": "Ann",
        "to": "middle:10",
        "path": ["middle:30", "middle:10"],
        "kinds": ["walk", "jail"],
        "code": "move.roll",
        "params": {"roll": [3, 4, 2], "count": 9, "from": "middle:21", "to": "middle:30"},
    }
    assert render_event(moved) == "3+4 and 2: move 9 from Kentucky Avenue to Go To Jail."


def test_a_code_this_version_does_not_know_shows_the_stored_text_or_the_code() -> None:
    assert render_event({"type": "note", "code": "note.future", "text": "Later."}) == "Later."
    assert render_event({"type": "note", "code": "note.future"}) == "(note.future)"


def test_a_storm_note_without_its_group_still_reads_in_every_language() -> None:
    """A storm note stored with ``group`` None (a railroad or cab company has no colour group)
    showed as ``(note.storm_hit)``: it reads without the group."""
    old = {
        "type": "note",
        "code": "note.storm_hit",
        "params": {"card": "cc-tornado-hits", "group": None, "owner": "Ann"},
    }
    assert render_event(old) == "Tornado Hits!: one building comes off Ann's property."
    assert render_event(old, "fr") == (
        "«\u00a0La tornade frappe\u202f!\u00a0»\u00a0: un bâtiment de moins sur une propriété "
        "d'Ann."
    )


def test_bookkeeping_events_and_turns_without_words_are_not_shown() -> None:
    assert render_event({"type": "bank", "set": {"roll_three_left": 3}}) is None
    assert render_event({"type": "turn", "player": "Ann", "doubles": 1, "voucher": False}) is None
    assert render_event({"type": "shares", "holders": {}, "left": {}}) is None
    assert render_event({"type": "seat", "player": "Ann", "set": {"cards": []}}) is None


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (
            {
                "type": "transfer",
                "from": "Bank",
                "to": "Ann",
                "amount": 3200,
                "reason": "starting cash",
            },
            "The Bank pays Ann $3,200 (starting cash).",
        ),
        (
            {
                "type": "transfer",
                "from": "Ann",
                "to": "Pool",
                "amount": 75,
                "reason": {"code": "reason.tax", "params": {"space": "Luxury Tax"}},
            },
            "Ann pays the Pool $75 (Luxury Tax).",
        ),
        (
            {"type": "holding", "property": "Boardwalk", "holding": None},
            "Boardwalk goes back to the Bank.",
        ),
        (
            {
                "type": "holding",
                "property": "Boardwalk",
                "holding": {"owner": "Ann", "level": 5, "improved": False, "mortgaged": False},
            },
            "Boardwalk belongs to Ann, with a hotel.",
        ),
        (
            {
                "type": "holding",
                "property": "Reading Railroad",
                "holding": {"owner": "Ann", "level": 0, "improved": True, "mortgaged": True},
            },
            "Reading Railroad belongs to Ann, improved, mortgaged.",
        ),
        (
            {"type": "seat", "player": "Ann", "set": {"in_jail": True, "jail_turns": 0}},
            "Ann goes to jail.",
        ),
        (
            {"type": "seat", "player": "Ann", "set": {"in_jail": False, "jail_turns": 0}},
            "Ann is out of jail.",
        ),
        (
            {"type": "seat", "player": "Ann", "set": {"jail_turns": 2}},
            "Ann stays in jail: no doubles (try 2 of 3).",
        ),
        (
            {"type": "seat", "player": "Ann", "set": {"bankrupt": True, "subway": True}},
            "Ann is bankrupt and leaves the game. Ann rides the Subway instead of the next roll.",
        ),
        ({"type": "seat", "player": "Ann", "set": {"skip_turns": 1}}, "Ann misses the next turn."),
        (
            {"type": "seat", "player": "Ann", "set": {"skip_turns": 2}},
            "Ann misses the next 2 turns.",
        ),
        (
            {"type": "seat", "player": "Ann", "set": {"reverse_direction": True}},
            "Ann moves backwards on the next move (Reverse Direction).",
        ),
        (
            {"type": "moved", "player": "Ann", "to": "middle:39", "path": []},
            "Ann moves to Boardwalk.",
        ),
        (
            {"type": "drew", "player": "Ann", "card": "x", "title": "Bus Ticket"},
            "Ann draws Bus Ticket.",
        ),
        (
            {"type": "order_rolled", "player": "Ann", "dice": [3, 4]},
            "Ann rolls 7 for the turn order.",
        ),
        (
            {"type": "undone", "command": 5, "of": {"type": "end_game", "player": "Ann"}},
            "Undone: command #5 (the end of the game, by Ann).",
        ),
        (
            {"type": "undone", "command": 2, "of": {"type": "deal"}},
            "Undone: command #2 (the deal, by the table).",
        ),
        (
            {
                "type": "decision",
                "decision": {"kind": "x", "player": "Ann", "text": "Game over: Ann wins."},
            },
            "Now: Game over: Ann wins.",
        ),
        (
            {
                "type": "decision",
                "decision": {"kind": "x", "player": "Ann", "code": "ask.game_over", "params": {}},
            },
            "Now: Game over: Ann wins.",
        ),
        (
            {"type": "game_started", "players": [{"name": "P1"}, {"name": "P2"}], "decision": {}},
            "A new game: P1 and P2.",
        ),
    ],
)
def test_events_without_words_are_worded_from_their_fields(event: dict, sentence: str) -> None:
    assert render_event(event) == sentence


# -- Decisions ----------------------------------------------------------------------------------


def test_a_decision_is_worded_from_its_code_or_shows_its_stored_text() -> None:
    old = Decision("roll", "Ann", "Ann: roll the dice.", ("roll",))
    assert render_decision(old) == "Ann: roll the dice."
    assert render_decision(old.to_json()) == "Ann: roll the dice."
    coded = {
        "kind": "buy_or_auction",
        "player": "Ann",
        "code": "ask.buy_or_auction",
        "params": {"space": "middle:39", "price": 400},
        "answers": ["buy", "auction"],
    }
    assert render_decision(coded) == "Ann: buy Boardwalk for $400, or the Banker auctions it."
    decision = SimpleNamespace(player="Bob", text="", code="ask.roll", params={})
    assert render_decision(decision) == "Bob: roll the dice."
    assert render_decision({"player": "Bob", "code": "ask.future", "params": {}}) == "(ask.future)"


# -- Languages ----------------------------------------------------------------------------------


def test_a_new_language_is_one_catalogue_and_falls_back_to_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for lang in ("en", "fr"):
        (tmp_path / lang).symlink_to(rendering.catalogue_path(lang).parents[1])
    (tmp_path / "xx" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "xx" / "LC_MESSAGES" / "messages.po").write_text(
        'msgctxt "note.pass"\nmsgid "{player} passes."\nmsgstr "{player} passe."\n\n'
        'msgctxt "event.transfer"\nmsgid "{from:start} pays {to} {amount} ({reason})."\n'
        'msgstr "{from:start} paie {amount} à {to}."\n\n'
        'msgctxt "account.Pool"\nmsgid "the Pool"\nmsgstr "la Cagnotte"\n',
        "utf-8",
    )
    monkeypatch.setattr(rendering, "LOCALES", tmp_path)
    rendering.reload()
    try:
        assert companion.messages.languages() == ("en", "fr", "xx")
        assert render("note.pass", {"player": "Ann"}, lang="xx") == "Ann passe."
        # Money is not words: a language without a module of its own writes it as English does.
        assert render("note.bid", {"player": "Ann", "amount": 40}, lang="xx") == "Ann bids $40."
        transfer = {"type": "transfer", "from": "Pool", "to": "Ann", "amount": 5, "reason": "x"}
        assert render_event(transfer, "xx") == "La Cagnotte paie $5 à Ann."
    finally:
        rendering.reload()
