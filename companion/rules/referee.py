"""The referee's answers in the two forms the table uses: JSON data and plain sentences.

>>> from companion.editions import edition
>>> from companion.rules.movement import Roll, resolve_roll
>>> from companion.rules.situation import Situation
>>> board = edition("ultimate").board
>>> r = resolve_roll(board, Situation.fresh(board.space("States Avenue")), Roll(2, 1, 2))
>>> to_json(r)["landing"]
{'name': 'Tennessee Avenue', 'track': 'middle', 'index': 18}
"""

from __future__ import annotations

import functools
from typing import Any

from companion.editions import DOLLARS, Edition, Money
from companion.rules.board import Space
from companion.rules.movement import Action, Resolution
from companion.rules.situation import BUILDING_LEVELS
from companion.rules.spacekinds import description_of


def space_json(space: Space) -> dict[str, Any]:
    return {"name": space.name, "track": space.track, "index": space.index}


def action_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": action.kind, "text": action.text}
    if action.space is not None:
        out["space"] = space_json(action.space)
    if action.amount is not None:
        out["amount"] = action.amount
    if action.payee is not None:
        out["payee"] = action.payee
    if action.choices:
        out["choices"] = [space_json(s) for s in action.choices]
    if action.times is not None:
        out["times"] = action.times
    return out


def to_json(r: Resolution) -> dict[str, Any]:
    """One JSON object for a resolution (the format is documented in ``docs/situation.md``)."""
    after = r.after
    return {
        "player": r.player,
        "start": space_json(r.start),
        "landing": space_json(r.landing),
        "stops": [
            {**space_json(stop.space), "actions": [action_json(a) for a in stop.actions]}
            for stop in r.stops
        ],
        "path": [space_json(s) for s in r.path],
        "steps": [
            {"kind": s.kind, **space_json(s.space), "text": s.text, "rule": s.rule} for s in r.steps
        ],
        "salaries": [
            {"corner": p.corner.name, "amount": p.amount, "landed": p.landed} for p in r.salaries
        ],
        "follow_up": [action_json(a) for a in r.follow_up],
        "summary": r.summary,
        "explanation": list(r.explanation),
        "in_jail": r.in_jail,
        "after": {
            "position": after.position.key,
            "in_jail": after.in_jail,
            "jail_turns": after.jail_turns,
            "reverse_direction": after.reverse_direction,
            "subway": after.subway,
            "transit_token": after.transit_token,
            "vouchers": len(after.vouchers),
        },
    }


def to_text(r: Resolution, money: Money = DOLLARS) -> str:
    """The answer as a player reads it: the sentence, the path, then each event; amounts
    in ``money`` (the edition's: E8)."""
    lines = [r.summary]
    if r.path:
        lines.append("Path: " + " > ".join(s.name for s in r.path))
    lines += [f"- {line}" for line in r.explanation[1:]]
    total = sum(p.amount for p in r.salaries)
    if total:
        lines.append(f"Salaries: {money.written(total, grouped=False)}")
    lines.append(f"Token ends on {r.landing.name} ({r.landing.key}).")
    return "\n".join(lines)


def describe_space(played: Edition, space: Space) -> str:
    """What a space of edition ``played`` is and what it costs, for ``companion referee space``."""
    board = played.board
    m = functools.partial(played.money.written, grouped=False)  # E8: £400 in London
    kind = space.kind.replace("_", " ")
    lines = [f"{space.name} ({space.key}): {kind}"]
    if space.kind == "street":
        labels = ("base", *BUILDING_LEVELS[1:])
        rents = ", ".join(
            f"{label} {m(amount)}" for label, amount in zip(labels, space.rent, strict=False)
        )
        group = board.groups[space.group or ""]
        lines.append(
            f"{space.group} group ({', '.join(group)}); price {m(space.price)}; "
            f"houses, hotels and skyscrapers {m(space.house_cost)} each; mortgage {m(space.mortgage)}"
        )
        lines.append(f"Rent: {rents}")
    elif space.kind in ("railroad", "cab_company"):
        rents = ", ".join(f"{n} owned {m(amount)}" for n, amount in enumerate(space.rent, 1))
        extra = "train depot" if space.kind == "railroad" else "cab stand"
        lines.append(
            f"Price {m(space.price)}; mortgage {m(space.mortgage)}; rent {rents}; a {extra} doubles it"
        )
        twin = board.twin(space)
        if twin is not None:
            lines.append(
                f"Transit station linked to {twin.key}: an even move passing it rides to the {twin.track} track"
            )
    elif space.kind == "utility":
        mult = ", ".join(f"{n}: {m}x" for n, m in enumerate(board.utility_multipliers, 1))
        lines.append(
            f"Price {m(space.price)}; mortgage {m(space.mortgage)}; rent by utilities owned ({mult}) the dice"
        )
    elif (describe := description_of(space.kind, played)) is not None:
        lines.append(describe(space, played))
    elif space.salary is not None:
        s = space.salary
        lines.append(
            f"Pays {m(s.pass_odd)}/{s.pass_even} passing (odd/even move), "
            f"{m(s.land_odd)}/{s.land_even} landing, {m(s.highest)} on a direct, voucher or bonus move"
        )
    return "\n".join(lines)
