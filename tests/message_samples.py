"""Every message code with many sample parameters, and the sentences they rendered in each
language when the banker's words moved from Python dicts to gettext catalogues (issue 24).

``python -m tests.message_samples record`` renders every case with the renderer of the day and
stores ``tests/data/messages_rendered.json.gz``; it was run once, at the commit that added it,
with the Python catalogues (``companion/messages/en.py`` and ``fr.py`` holding ``MESSAGES``)
that the ``.po`` catalogues replace. ``tests/test_messages_catalogue.py`` holds every later
renderer to those sentences, byte for byte. Do not record it again to make a test pass: a
difference is a sentence the table would read differently.

The cases vary each parameter over the values of its kind (every card, voucher, group, deck,
account, a vowel name and a consonant one for French elision, counts 0 to 3 for plurals...),
every subset of the optional parameters, and every combination for the codes whose wording
depends on their values (a holding's buildings and flags, a move's end, an auction's leader).
"""

from __future__ import annotations

import gzip
import itertools
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from companion.editions import edition
from companion.messages import CODES, languages, render
from companion.rules.movement import CHOICE_SETS

RENDERED = Path(__file__).parent / "data" / "messages_rendered.json.gz"
LANGUAGES = ("en", "fr")

_REASONS = [
    {"code": "reason.rent", "params": {"space": "middle:39"}},
    {"code": "reason.card", "params": {"card": "chance-traffic-ticket"}},
    {"code": "reason.salary.passing", "params": {"space": "middle:0"}},
    {
        "code": "reason.dividend",
        "params": {
            "why": {"code": "reason.stock_exchange", "params": {}},
            "company": "Acme Motors",
        },
    },
    {"code": "reason.bankruptcy", "params": {"player": "Ann"}},
    "rent for Boardwalk",
]
_DECISIONS = [
    {"kind": "roll", "player": "Ann", "code": "ask.roll", "params": {}},
    {"kind": "roll", "player": "Bob", "text": "Bob: roll the dice.", "answers": ["roll"]},
    {
        "kind": "buy_or_auction",
        "player": "Ann",
        "code": "ask.buy_or_auction",
        "params": {"space": "middle:39", "price": 400},
    },
]


def said_in(module: Any, kinds: tuple[str, ...]) -> set[str]:
    """The message codes of ``kinds`` (``ask``, ``option``...) that ``module``'s source names."""
    source = Path(str(module.__file__)).read_text("utf-8")
    return set(re.findall(rf'"((?:{"|".join(kinds)})\.[a-z_.]+)"', source))


def assert_worded(codes: Iterable[str]) -> None:
    """Each of ``codes`` is declared (``codes.CODES``) and said in every language, given a
    sample of each parameter."""
    for code in codes:
        assert code in CODES, code
        for lang in languages():
            assert render(code, {p: _sample(k) for p, k in CODES[code].items()}, lang), code


def _sample(kind: str) -> object:
    return {"player": "Ann", "money": 100, "int": 3}.get(kind.rstrip("?"), "x")


def values() -> dict[str, list[Any]]:
    """The values of each kind, the first the one every other parameter keeps while one varies."""
    board, deck = edition("ultimate").board, edition("ultimate").deck
    return {
        "text": ["Bus Ticket", "build", "roll"],
        "int": [3, 0, 1, 2, 12],
        "money": [1500, 0, 40, 1000, 1234567, -50],
        "player": ["Ann", "Bob", "Eve Ölund"],
        "account": ["Pool", "Bank", "Ann", "Bob"],
        "players": [["Ann", "Bob", "Cy"], [], ["Ann"], ["Bob"], ["Ann", "Bob"]],
        "space": [
            "middle:39",
            "Boardwalk",
            "outer:5",
            "middle:5",
            "inner:9",
            "middle:0",
            "nowhere:99",
        ],
        "track": ["outer", "middle", "inner"],
        "group": sorted(board.groups),
        "card": sorted(deck.cards),
        "voucher": sorted(deck.vouchers),
        "deck": ["chance", "community_chest", "travel_voucher", "roll_three"],
        "company": sorted(deck.stock_names),
        "combo": [[6, 1, 3], [2, 2, 5], "1-2-3"],
        "roll": [[3, 4, "mr"], [3, 4, "bus"], [2, 2, 1], [5, 6, None], [5, 6]],
        "among": sorted(CHOICE_SETS),
        "pile": sorted(edition("ultimate").board.building_supply),
        "message": _REASONS,
        "decision": _DECISIONS,
        "flag": [True, False],
        "level": [3, 0, 1, 2, 4, 5, 6],
        "command": ["build", "roll", "gift", "something_new"],
    }


#: Codes worded from their values (a Python function before the catalogues): every combination.
_COMBINED: Mapping[str, Mapping[str, list[Any]]] = {
    "event.holding": {
        "level": [0, 1, 2, 3, 4, 5, 6],
        "improved": [False, True],
        "mortgaged": [False, True],
        "owner": ["Ann", "Bank"],
    },
    "event.seat.skip_turns": {"turns": [1, 2, 3], "player": ["Ann", "Bob"]},
    "event.undone": {
        "type": ["build", "roll", "gift", "something_new"],
        "player": ["Ann", None],
        "command": [7],
    },
    "ask.respond": {"action": [None, {"code": "action.jail", "params": {"player": "Ann"}}]},
    "note.storm_hit": {"group": [None, "dark blue"], "owner": ["Ann", "Bob"]},
    **{
        code: {"leader": [None, "Ann"], "waiting": [[], ["Bob"], ["Bob", "Cy"]]}
        for code in ("ask.auction.property", "ask.auction.share", "ask.auction.building")
    },
    **{
        code: {
            "count": [1, 2, 9],
            "from": ["middle:21", "outer:5"],
            "end": [None, "middle:5", "inner:9", "middle:15"],
            "last": [None, "middle:39"],
            "to": ["middle:5", "inner:9"],
        }
        for code in ("move.roll", "move.roll_back")
    },
}


def cases() -> Iterator[tuple[str, dict[str, Any]]]:
    """(code, params) of every sample, in a fixed order."""
    kinds = values()
    for code in sorted(CODES):
        declared = CODES[code]
        base = {name: kinds[kind.rstrip("?")][0] for name, kind in declared.items()}
        optional = [name for name, kind in declared.items() if kind.endswith("?")]
        seen: list[dict[str, Any]] = []

        def add(params: dict[str, Any], seen: list[dict[str, Any]] = seen) -> None:
            if params not in seen:
                seen.append(params)

        for size in range(len(optional) + 1):
            for left_out in itertools.combinations(optional, size):
                add({k: v for k, v in base.items() if k not in left_out})
        for name, kind in declared.items():
            for value in kinds[kind.rstrip("?")][1:]:
                add({**base, name: value})
        combined = _COMBINED.get(code, {})
        names = list(combined)
        for chosen in itertools.product(*(combined[n] for n in names)):
            params = {**base, **dict(zip(names, chosen, strict=True))}
            add({k: v for k, v in params.items() if v is not None})
        yield from ((code, params) for params in seen)


def rendered(say: Callable[[str, Mapping[str, Any], str], str]) -> list[list[Any]]:
    """``[code, params, {lang: sentence}]`` of every case, each worded by ``say``; a case that
    ``say`` cannot word is left out (a building level of 12: no value the banker stores)."""
    table = []
    for code, params in cases():
        try:
            table.append([code, params, {lang: say(code, params, lang) for lang in LANGUAGES}])
        except IndexError:
            continue
    return table


def load() -> list[list[Any]]:
    with gzip.open(RENDERED, "rt", encoding="utf-8") as f:
        return json.load(f)


def record() -> int:
    table = rendered(render)
    text = json.dumps(table, ensure_ascii=False, indent=0, sort_keys=True)
    with RENDERED.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(text.encode("utf-8"))
    print(f"{len(table)} cases, {RENDERED}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["record"]:
        print("usage: python -m tests.message_samples record", file=sys.stderr)
        sys.exit(2)
    sys.exit(record())
