"""``companion/editions/ultimate/cards.json``: well-formed, self-consistent, and true to the reference.

The structural tests need only the repository. The cross-checks against
``../shared/reference/cards.yaml`` use the ``shared_reference`` fixture and skip without it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
CARDS_PATH = REPO_ROOT / "companion" / "editions" / "ultimate" / "cards.json"
BOARD_PATH = REPO_ROOT / "companion" / "editions" / "ultimate" / "board.json"

CARDS: dict[str, Any] = json.loads(CARDS_PATH.read_text("utf-8"))
BOARD: dict[str, Any] = json.loads(BOARD_PATH.read_text("utf-8"))

DECKS = {"chance": "chance", "community_chest": "cc"}
CARD_KEYS = {"play", "id", "title", "count", "keep", "tradable", "effect", "move"}
VOUCHER_KINDS = {"free_cab_fare", "bus_ticket", "transit_token"}
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
COMBO_RE = re.compile(r"^[1-6]-[1-6]-[1-6]$")
#: Dollar amounts, multipliers, fractions and percentages in an effect text.
AMOUNT_RE = re.compile(r"\$\d+(?:,\d{3})*|\b\d+x\b|\b\d+/\d+\b|\b\d+%")

#: Every allowed move form: kind -> (required keys, optional keys), "kind" itself not listed.
MOVE_FORMS: dict[str, tuple[set[str], set[str]]] = {
    "advance": ({"to"}, set()),
    "advance_nearest": ({"kinds"}, {"unowned_only"}),
    "advance_pay_corner": (set(), set()),
    "steps": ({"count"}, set()),
    "direct": ({"to"}, set()),
    "direct_nearest": ({"kinds"}, set()),
    "jail": (set(), set()),
    "jail_if": ({"condition"}, set()),
    "lap": (set(), set()),
    "lane": ({"lane"}, set()),
    "choose": ({"among", "how"}, {"takes"}),
    "all_players_direct": ({"to"}, set()),
    "roll_back": (set(), set()),
    "either": ({"options"}, set()),
}
NEAREST_KINDS = [["railroad"], ["utility"], ["railroad", "cab_company"], ["cab_company"]]
CHOICE_SETS = {"any_space", "unowned_outer_property", "transportation", "cab_company"}

#: The movement of every card that moves the drawer, as the rulings and the brief encode it.
EXPECTED_MOVES: dict[str, dict[str, Any]] = {
    "chance-advance-to-the-pay-corner": {"kind": "advance_pay_corner"},
    "chance-advance-to-the-nearest-railroad": {"kind": "advance_nearest", "kinds": ["railroad"]},
    "chance-advance-to-illinois-avenue": {"kind": "advance", "to": "Illinois Avenue"},
    "chance-advance-to-saint-charles-place": {"kind": "advance", "to": "St. Charles Place"},
    "chance-advance-to-the-nearest-utility": {"kind": "advance_nearest", "kinds": ["utility"]},
    "chance-go-back-three-3-spaces": {"kind": "steps", "count": -3},
    "chance-go-to-jail": {"kind": "jail"},
    "chance-advance-to-the-stock-exchange": {"kind": "advance", "to": "Stock Exchange"},
    "chance-caught-insider-trading": {"kind": "jail_if", "condition": "holds_stock"},
    "chance-occupy-wall-street": {"kind": "advance", "to": "Wall Street"},
    "chance-advance-to-boardwalk": {"kind": "advance", "to": "Boardwalk"},
    "chance-ride-on-the-reading": {"kind": "advance", "to": "Reading Railroad"},
    "chance-buyers-market": {"kind": "choose", "among": "unowned_outer_property", "how": "advance"},
    "chance-excellent-accounting": {"kind": "advance", "to": "Tax Refund"},
    "chance-forward-thinker": {"kind": "steps", "count": 3},
    "chance-hey-taxi-whistle": {"kind": "advance", "to": "Black & White Cab Company"},
    "chance-get-rollin": {"kind": "advance", "to": "Roll Three"},
    "chance-ride-the-subway": {"kind": "direct", "to": "Subway"},
    "chance-advance-to-boylston-street": {"kind": "advance", "to": "Boylston Street"},
    "chance-advance-to-lombard-street": {"kind": "advance", "to": "Lombard Street"},
    "chance-advance-to-squeeze-play": {"kind": "advance", "to": "Squeeze Play"},
    "chance-pay-back": {"kind": "jail"},
    "chance-assets-seized": {"kind": "jail_if", "condition": "owns_no_property"},
    "chance-taxi-wars-are-not-fare": {
        "kind": "choose",
        "among": "cab_company",
        "how": "advance",
        "takes": True,
    },
    "chance-get-taken-for-a-ride": {"kind": "direct_nearest", "kinds": ["cab_company"]},
    "chance-win-the-marathon": {"kind": "lap"},
    "chance-mardi-gras": {"kind": "all_players_direct", "to": "Canal Street"},
    "chance-gps-is-not-working": {"kind": "choose", "among": "any_space", "how": "direct"},
    "chance-garbage-day": {"kind": "advance", "to": "Trash Collector"},
    "chance-advance-to-tax-refund": {"kind": "advance", "to": "Tax Refund"},
    "chance-changing-lanes-below": {"kind": "lane", "lane": "below"},
    "chance-changing-lanes-above": {"kind": "lane", "lane": "above"},
    "cc-happy-birthday": {"kind": "advance", "to": "Birthday Gift"},
    "cc-april-15-taxes-due": {
        "kind": "either",
        "options": [{"kind": "direct", "to": "Income Tax"}, {"kind": "jail"}],
    },
    "cc-a-moving-experience": {"kind": "choose", "among": "transportation", "how": "advance"},
    "cc-changing-lanes-below": {"kind": "lane", "lane": "below"},
    "cc-changing-lanes-above": {"kind": "lane", "lane": "above"},
    "cc-discount-travel": {
        "kind": "advance_nearest",
        "kinds": ["railroad", "cab_company"],
        "unowned_only": True,
    },
    "cc-vehicle-impounded": {"kind": "direct", "to": "In Jail / Just Visiting"},
    "cc-be-kind-rewind": {"kind": "roll_back"},
    "cc-advance-to-this-tracks-pay-corner": {"kind": "advance_pay_corner"},
    "cc-go-to-jail": {"kind": "jail"},
    "cc-advance-to-the-stock-exchange": {"kind": "advance", "to": "Stock Exchange"},
    "cc-advance-to-bonus": {"kind": "advance", "to": "Bonus"},
    "cc-shopping-spree": {"kind": "direct", "to": "Rodeo Drive"},
}


def slug(title: str) -> str:
    """The id stem of a card title: ascii, lowercase, hyphenated, "Ave." spelled out, apostrophes dropped."""
    text = (
        unicodedata.normalize("NFKD", title.replace("Ave.", "Avenue"))
        .encode("ascii", "ignore")
        .decode()
    )
    text = re.sub(r"['\u2019]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def all_cards() -> list[tuple[str, dict[str, Any]]]:
    return [(deck, card) for deck in DECKS for card in CARDS[deck]]


def all_moves(move: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A card's move and, for ``either``, its options."""
    if move is None:
        return []
    return [move, *move.get("options", [])]


def space_counts() -> Counter[str]:
    return Counter(space["name"] for space in BOARD["spaces"])


def station_names() -> Counter[str]:
    return Counter(station["name"] for station in BOARD["transit_stations"])


# -- Shape -----------------------------------------------------------------------------------


def test_top_level_keys() -> None:
    assert set(CARDS) == {
        "about",
        "chance",
        "community_chest",
        "travel_vouchers",
        "roll_three",
        "stocks",
    }
    assert isinstance(CARDS["about"], str) and CARDS["about"].strip()


def test_each_card_and_voucher_is_on_one_line() -> None:
    """Readability: every card and voucher object is written on a line of its own."""
    lines = CARDS_PATH.read_text("utf-8").splitlines()
    objects = [item for deck in (*DECKS, "travel_vouchers") for item in CARDS[deck]]
    for item in objects:
        found = [line for line in lines if f'"id": "{item["id"]}"' in line]
        assert len(found) == 1, f"{item['id']}: expected on exactly one line, found on {len(found)}"
        assert json.loads(found[0].strip().rstrip(",")) == item, (
            f"{item['id']}: its line is not the whole object"
        )


@pytest.mark.parametrize(
    ("deck", "total"), [("chance", 72), ("community_chest", 72), ("travel_vouchers", 36)]
)
def test_deck_totals(deck: str, total: int) -> None:
    counts = {item["id"]: item["count"] for item in CARDS[deck]}
    assert sum(counts.values()) == total, (
        f"{deck}: copies add up to {sum(counts.values())}, not {total}: {counts}"
    )


@pytest.mark.parametrize("deck", DECKS)
def test_card_fields(deck: str) -> None:
    bad = {}
    for card in CARDS[deck]:
        problems = []
        if set(card) != CARD_KEYS:
            problems.append(f"keys {sorted(set(card) ^ CARD_KEYS)} wrong")
        if not (
            isinstance(card.get("count"), int)
            and not isinstance(card["count"], bool)
            and card["count"] >= 1
        ):
            problems.append(f"count {card.get('count')!r}")
        for flag in ("keep", "tradable"):
            if not isinstance(card.get(flag), bool):
                problems.append(f"{flag} {card.get(flag)!r}")
        for text in ("title", "effect"):
            if not (isinstance(card.get(text), str) and card[text].strip()):
                problems.append(f"{text} {card.get(text)!r}")
        if card.get("tradable") and not card.get("keep"):
            problems.append("tradable but not kept")
        if problems:
            bad[card.get("id")] = problems
    assert bad == {}


@pytest.mark.parametrize("deck", DECKS)
def test_one_entry_per_title(deck: str) -> None:
    titles = Counter(card["title"] for card in CARDS[deck])
    assert {t: n for t, n in titles.items() if n > 1} == {}, f"{deck}: titles listed more than once"


# -- Ids -------------------------------------------------------------------------------------


def test_ids_unique_across_the_file() -> None:
    ids = Counter(item["id"] for deck in (*DECKS, "travel_vouchers") for item in CARDS[deck])
    assert {i: n for i, n in ids.items() if n > 1} == {}


def test_ids_well_formed() -> None:
    malformed = [
        item["id"]
        for deck in (*DECKS, "travel_vouchers")
        for item in CARDS[deck]
        if not (isinstance(item["id"], str) and item["id"].isascii() and ID_RE.match(item["id"]))
    ]
    assert malformed == []


def test_card_ids_derive_from_deck_and_title() -> None:
    """Ids are stable: deck prefix plus the slug of the title."""
    wrong = {
        card["id"]: f"{prefix}-{slug(card['title'])}"
        for deck, prefix in DECKS.items()
        for card in CARDS[deck]
        if card["id"] != f"{prefix}-{slug(card['title'])}"
    }
    assert wrong == {}, "ids that do not follow deck + slug(title) (id: expected)"


def test_voucher_ids_prefixed() -> None:
    assert [v["id"] for v in CARDS["travel_vouchers"] if not v["id"].startswith("voucher-")] == []


def test_ids_used_by_the_golden_moves_exist() -> None:
    golden = REPO_ROOT / "tests" / "data" / "golden_moves.json"
    if not golden.is_file():
        pytest.skip("no golden movement table")
    known = {item["id"] for deck in (*DECKS, "travel_vouchers") for item in CARDS[deck]}
    used = set(re.findall(r'"((?:chance|cc|voucher)-[a-z0-9-]+)"', golden.read_text("utf-8")))
    assert used - known == set()


# -- Moves -----------------------------------------------------------------------------------


def move_problems(move: Any, *, nested: bool = False) -> list[str]:
    """What is wrong with one move object (empty when it is one of the allowed forms)."""
    if not isinstance(move, dict) or move.get("kind") not in MOVE_FORMS:
        return [f"unknown move {move!r}"]
    kind = move["kind"]
    required, optional = MOVE_FORMS[kind]
    keys = set(move) - {"kind"}
    problems = []
    if not required <= keys <= required | optional:
        problems.append(
            f"{kind}: keys {sorted(keys)}, want {sorted(required)} (+ optional {sorted(optional)})"
        )
        return problems
    if "to" in move and not (isinstance(move["to"], str) and move["to"]):
        problems.append(f"{kind}: 'to' {move['to']!r}")
    if kind in ("advance_nearest", "direct_nearest") and move["kinds"] not in NEAREST_KINDS:
        problems.append(f"{kind}: kinds {move['kinds']!r}")
    if "unowned_only" in move and move["unowned_only"] is not True:
        problems.append(
            f"{kind}: unowned_only {move['unowned_only']!r} (omit it rather than false)"
        )
    if kind == "steps" and not (
        isinstance(move["count"], int) and move["count"] in (-3, -2, -1, 1, 2, 3)
    ):
        problems.append(f"steps: count {move['count']!r}")
    if kind == "jail_if" and move["condition"] not in ("holds_stock", "owns_no_property"):
        problems.append(f"jail_if: condition {move['condition']!r}")
    if kind == "lane" and move["lane"] not in ("above", "below"):
        problems.append(f"lane: {move['lane']!r}")
    if kind == "choose" and (
        move["among"] not in CHOICE_SETS or move["how"] not in ("advance", "direct")
    ):
        problems.append(f"choose: among {move['among']!r} how {move['how']!r}")
    if kind == "either":
        if nested:
            problems.append("either inside either")
        elif not (isinstance(move["options"], list) and len(move["options"]) == 2):
            problems.append(f"either: options {move['options']!r}")
        else:
            for option in move["options"]:
                problems += move_problems(option, nested=True)
    return problems


def test_every_move_is_an_allowed_form() -> None:
    bad = {
        card["id"]: move_problems(card["move"])
        for _, card in all_cards()
        if card["move"] is not None
    }
    assert {i: p for i, p in bad.items() if p} == {}


def test_move_targets_are_board_spaces() -> None:
    """Every ``to`` names exactly one space of board.json, or exactly one transit station (two spaces,
    one property). Direct moves need a single space; Chance and Community Chest are never targets."""
    spaces, stations = space_counts(), station_names()
    bad = {}
    for _, card in all_cards():
        for move in all_moves(card["move"]):
            name = move.get("to")
            if name is None:
                continue
            one_space = spaces[name] == 1
            one_station = stations[name] == 1 and move["kind"] == "advance"
            if not (one_space or one_station):
                bad[card["id"]] = (
                    f"{name!r}: {spaces[name]} spaces, {stations[name]} transit stations ({move['kind']})"
                )
    assert bad == {}


def test_nearest_kinds_exist_on_the_board() -> None:
    kinds = {space["kind"] for space in BOARD["spaces"]}
    used = {
        k
        for _, card in all_cards()
        for move in all_moves(card["move"])
        for k in move.get("kinds", [])
    }
    assert used - kinds == set()


def test_moves_as_encoded() -> None:
    """The cards that move the drawer, and how, exactly as the project encodes them."""
    actual = {card["id"]: card["move"] for _, card in all_cards() if card["move"] is not None}
    assert sorted(set(actual) - set(EXPECTED_MOVES)) == [], (
        "cards with a move that the table does not expect"
    )
    assert sorted(set(EXPECTED_MOVES) - set(actual)) == [], (
        "cards expected to move that have no move"
    )
    assert actual == EXPECTED_MOVES


# -- Vouchers, Roll Three, stocks (self-consistency) -------------------------------------------


def test_voucher_fields() -> None:
    bad = {}
    for v in CARDS["travel_vouchers"]:
        problems = []
        base = {"id", "title", "kind", "count", "effect"}
        extra = {
            "free_cab_fare": {"steps"},
            "bus_ticket": {"expires_others"},
            "transit_token": set(),
        }.get(v.get("kind"))
        if extra is None:
            problems.append(f"kind {v.get('kind')!r}")
        elif set(v) != base | extra:
            problems.append(f"keys {sorted(set(v))}, want {sorted(base | extra)}")
        if not (isinstance(v.get("count"), int) and v["count"] >= 1):
            problems.append(f"count {v.get('count')!r}")
        if not (isinstance(v.get("effect"), str) and v["effect"].strip()):
            problems.append("no effect")
        if "expires_others" in v and not isinstance(v["expires_others"], bool):
            problems.append(f"expires_others {v['expires_others']!r}")
        if problems:
            bad[v.get("id")] = problems
    assert bad == {}


def test_free_cab_fare_variants() -> None:
    steps = sorted(v["steps"] for v in CARDS["travel_vouchers"] if v["kind"] == "free_cab_fare")
    assert steps == [-3, -2, -1, 1, 2, 3]
    ids = {v["id"]: v["steps"] for v in CARDS["travel_vouchers"] if v["kind"] == "free_cab_fare"}
    assert ids == {
        f"voucher-free-cab-fare-{'ahead' if s > 0 else 'back'}-{abs(s)}": s for s in steps
    }


def test_exactly_the_expiring_bus_ticket_expires_others() -> None:
    expiring = {
        v["id"]: v["expires_others"] for v in CARDS["travel_vouchers"] if v["kind"] == "bus_ticket"
    }
    assert sorted(expiring.values()) == [False, True], (
        f"want one plain and one expiring Bus Ticket: {expiring}"
    )
    [expiring_title] = [v["title"] for v in CARDS["travel_vouchers"] if v.get("expires_others")]
    assert "EXPIRE" in expiring_title


def test_roll_three_payout() -> None:
    assert CARDS["roll_three"]["payout"] == {
        "one": 50,
        "two": 200,
        "three": 1000,
        "own_card_roller": 1500,
    }


def test_roll_three_deck() -> None:
    deck = CARDS["roll_three"]["deck"]
    assert len(deck) == 36
    assert [c for c in deck if not COMBO_RE.match(c)] == [], "combos are written like 1-2-3"
    assert [c for c in deck if c.split("-") != sorted(c.split("-"))] == [], (
        "combos read lowest to highest"
    )
    counts = Counter(deck)
    assert len(counts) == 18
    assert {c: n for c, n in counts.items() if n != 2} == {}, "each combination is printed twice"


def test_stocks_self_consistent() -> None:
    stocks = CARDS["stocks"]
    assert len({s["name"] for s in stocks}) == 6
    assert [s for s in stocks if set(s) != {"name", "par", "dividends"}] == []
    wrong = {
        s["name"]: s["dividends"]
        for s in stocks
        if s["par"] % 10 or s["dividends"] != [s["par"] // 10 * n * n for n in range(1, 6)]
    }
    assert wrong == {}, "dividends must be par/10 x shares^2 for 1..5 shares"


# -- Against the reference (../shared/reference/cards.yaml) -----------------------------------


@pytest.fixture(scope="module")
def reference(shared_reference: Path) -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((shared_reference / "cards.yaml").read_text("utf-8"))


@pytest.mark.parametrize("deck", DECKS)
def test_titles_and_counts_match_reference(reference: dict[str, Any], deck: str) -> None:
    ref = reference[deck]
    expected = Counter()
    for card in ref["cards"]:
        expected[card["title"]] += card["count"]
    actual = {card["title"]: card["count"] for card in CARDS[deck]}
    assert actual == dict(expected)
    assert sum(actual.values()) == ref["total"]


@pytest.mark.parametrize("deck", DECKS)
def test_keep_and_tradable_match_reference(reference: dict[str, Any], deck: str) -> None:
    expected = {
        c["title"]: (str(c["timing"]).startswith("keep"), bool(c.get("tradable", False)))
        for c in reference[deck]["cards"]
    }
    actual = {c["title"]: (c["keep"], c["tradable"]) for c in CARDS[deck]}
    assert actual == expected, "(keep, tradable) by title"


@pytest.mark.parametrize("deck", DECKS)
def test_effects_keep_every_amount(reference: dict[str, Any], deck: str) -> None:
    """Every dollar amount and multiplier of the reference effect is in the paraphrase."""
    ours = {c["title"]: c["effect"] for c in CARDS[deck]}
    missing = {}
    for card in reference[deck]["cards"]:
        amounts = Counter(AMOUNT_RE.findall(card["effect"]))
        have = Counter(AMOUNT_RE.findall(ours.get(card["title"], "")))
        if amounts - have:
            missing[card["title"]] = sorted((amounts - have).elements())
    assert missing == {}


def test_vouchers_match_reference(reference: dict[str, Any]) -> None:
    ref = reference["travel_vouchers"]
    expected: Counter[str] = Counter()
    expected_steps: Counter[int] = Counter()
    for kind in ref["kinds"]:
        if "variants" in kind:
            for variant in kind["variants"]:
                expected[kind["title"]] += variant["count"]
                expected_steps[variant["move"]] += variant["count"]
        else:
            expected[kind["title"]] += kind["count"]
    actual: Counter[str] = Counter()
    actual_steps: Counter[int] = Counter()
    for v in CARDS["travel_vouchers"]:
        actual[v["title"]] += v["count"]
        if "steps" in v:
            actual_steps[v["steps"]] += v["count"]
    assert dict(actual) == dict(expected), "voucher copies by title"
    assert dict(actual_steps) == dict(expected_steps), "Free Cab Fare copies by steps"
    assert sum(actual.values()) == ref["total"]


def test_roll_three_matches_reference(reference: dict[str, Any]) -> None:
    ref = reference["roll_three"]
    payout = ref["payout"]
    assert CARDS["roll_three"]["payout"] == {
        "one": payout["one_match"],
        "two": payout["two_matches"],
        "three": payout["three_matches"],
        "own_card_roller": payout["three_matches_own_card_by_roller"],
    }
    combos = ["-".join(str(c)) for c in ref["combos_in_chadws_set"]]
    assert Counter(CARDS["roll_three"]["deck"]) == Counter({c: 2 for c in combos})
    missing = {"-".join(str(c)) for c in ref["missing_combos"]}
    assert missing & set(CARDS["roll_three"]["deck"]) == set()


def test_stocks_match_reference(reference: dict[str, Any]) -> None:
    expected = [
        {"name": c["name"], "par": c["par"], "dividends": c["dividends_by_shares"]}
        for c in reference["stocks"]["companies"]
    ]
    assert CARDS["stocks"] == expected
