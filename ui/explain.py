"""The referee's explanation of a move in the table's language, worded from its structure.

``companion.rules.movement`` explains a move in English notes (``Resolution.explanation[1:]``),
made from the same facts it records as structure: the steps (``Step.kind``, ``Step.space``), the
salaries (``SalaryPaid``), the stops and follow-ups (``Action.kind``, ``space``, ``amount``,
``payee``, ``times``). This module says each note again from that structure, through the app's
catalogs (:mod:`ui.i18n`), one line per note, in the notes' order::

    explain(resolve_roll(board, situation, Roll(3, 4, "mr")), "fr")

The notes give only the order: a note is matched to the step, salary or action that made it
(the same text object), and that item is worded. A few notes have no structure behind them
(why Mr. Monopoly goes where he goes, a card's "you stay", the count of doubles): those are
read from the note itself by the patterns of :data:`_NOTES`, and a note no pattern knows is
shown as the engine wrote it (in English) rather than lost.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.messages import language as _catalogue
from companion.rules.board import ultimate_board
from companion.rules.cards import card_deck
from companion.rules.movement import Action, SalaryPaid, Step
from ui.i18n import N_, money, number, translate

if TYPE_CHECKING:
    from companion.rules.board import Space
    from companion.rules.movement import Resolution

_BOARD = ultimate_board()
_DECK = card_deck()


# -- Words the engine's catalogue already has ---------------------------------------------------


def _space(space: Space | str, lang: str) -> str:
    """A space's name in ``lang`` (printed names stay as printed unless the catalogue says)."""
    name = space if isinstance(space, str) else space.name
    return _catalogue(lang).words.get(f"space.{name}", name)


def _track(track: str, lang: str) -> str:
    return _catalogue(lang).words.get(f"track.{track}", track)


def _card(card_id: str, lang: str) -> str:
    return _catalogue(lang).words.get(f"card.{card_id}", _DECK.cards[card_id].title)


def _card_effect(card_id: str, lang: str) -> str:
    return _catalogue(lang).words.get(f"card_effect.{card_id}", _DECK.cards[card_id].effect)


def _voucher(voucher_id: str, lang: str) -> str:
    return _catalogue(lang).words.get(f"voucher.{voucher_id}", _DECK.vouchers[voucher_id].label)


def _named(name: str) -> Space | None:
    """The space a note names (by name or key), if the board has one."""
    try:
        return _BOARD.space(name)
    except Exception:  # noqa: BLE001 - a name the board does not know is said as written
        return None


def _amount(text: str) -> int:
    return int(text.replace(",", ""))


# -- One line per Action.kind -------------------------------------------------------------------

#: What an action asks, when its kind says it all.
_ACTION_WORDS: Mapping[str, str] = {
    "draw_chance": N_("Draw a Chance card and tell the companion which one."),
    "draw_community_chest": N_("Draw a Community Chest card and tell the companion which one."),
    "squeeze_play": N_(
        "Squeeze Play: roll the two regular dice to see what each other player pays you."
    ),
    "roll_three": N_("Roll Three: draw a Roll Three card, then roll three regular dice."),
    "stock_exchange": N_(
        "Stock Exchange: the Bank pays dividends to every shareholder; then buy one share at "
        "par or the Banker auctions it."
    ),
    "reverse_direction": N_(
        "Your next move goes backwards, and you may not use a Travel Voucher on it."
    ),
    "subway": N_("Subway: on your next move, ride directly to any space on any track."),
    "go_to_jail": N_("Go To Jail: go directly to jail."),
    "in_jail": N_("You are in jail; your turn is over."),
    "auction_any": N_("Auction: pick any unowned property for the Banker to auction."),
    "use_jail_card": N_("You hand in a Get Out of Jail Free card before rolling all three dice."),
    "voucher_expires": N_(
        "You missed the bus: one of your Travel Vouchers expires and goes back to the Bank."
    ),
    "no_travel_voucher": N_("No Travel Vouchers are left to draw."),
    "roll_again_first": N_("Doubles (first this turn): roll again."),
    "roll_again_second": N_("Doubles (second this turn): roll again."),
    "continue_turn": N_("Carry on with your turn."),
    "transit_token": N_("On your next move you change track here, whatever you roll."),
    "expire_vouchers": N_(
        "Every other Travel Voucher held by any player expires and goes back to the Bank."
    ),
}


def _in_stop(result: Resolution, action: Action) -> bool:
    return any(a is action for stop in result.stops for a in stop.actions)


def _roll(result: Resolution) -> list[Any]:
    return list(result.params.get("roll") or [])


def _action_line(result: Resolution, a: Action, lang: str) -> str | None:
    """The action in words, or ``None`` for a kind this module does not know."""
    kind, code = a.kind, result.code
    space = _space(a.space, lang) if a.space is not None else ""
    amount = money(a.amount, lang) if a.amount is not None else ""

    if kind == "roll_again":
        # The count of doubles is the table's, not the move's: the note says which.
        kind = "roll_again_second" if "second" in a.text else "roll_again_first"
    if kind in _ACTION_WORDS:
        return translate(_ACTION_WORDS[kind], lang)
    if kind == "pay_tax":
        return translate(
            "Pay {amount} for {space} into the Pool.", lang, amount=amount, space=space
        )
    if kind == "collect_tax_refund":
        return translate("Collect half the Pool, rounded up: {amount}.", lang, amount=amount)
    if kind == "birthday_gift":
        # Whether vouchers are left is the Bank's count, not in the move: the note says it.
        if "no Travel Vouchers" in a.text:
            return translate(
                "Take {amount} from the Bank (no Travel Vouchers are left).", lang, amount=amount
            )
        return translate(
            "Take {amount} from the Bank or a Travel Voucher: your choice.", lang, amount=amount
        )
    if kind == "buy_or_auction":
        return translate(
            "{space} is for sale: buy it for {amount} or the Banker auctions it.",
            lang,
            space=space,
            amount=amount,
        )
    if kind == "no_rent":
        if code == "move.taxi":
            return translate("No rent on {space}: you arrived by taxi.", lang, space=space)
        return translate("No rent on {space}: you arrived by Transit Token.", lang, space=space)
    if kind == "own_property":
        return translate("You own {space}: nothing to pay.", lang, space=space)
    if kind == "mortgaged":
        return translate("{space} is mortgaged: no rent.", lang, space=space)
    if kind == "pay_rent":
        owner = a.payee or ""
        if a.times is not None:
            return translate(
                "Roll two dice and pay {owner} {times} times the total for {space}.",
                lang,
                owner=owner,
                times=number(a.times, lang),
                space=space,
            )
        # A card's doubled rent is the card's factor, not kept apart from the amount.
        if "(double rent)" in a.text:
            return translate(
                "Pay {owner} {amount} rent for {space} (double rent).",
                lang,
                owner=owner,
                amount=amount,
                space=space,
            )
        return translate(
            "Pay {owner} {amount} rent for {space}.", lang, owner=owner, amount=amount, space=space
        )
    if kind == "taxi_ride":
        if a.payee == "Pool":
            return translate(
                "You may also pay {amount} into the Pool for a taxi ride to Free Parking, "
                "another cab company or any transit station.",
                lang,
                amount=amount,
            )
        return translate(
            "You may also pay {amount} to {player} for a taxi ride to Free Parking, another "
            "cab company or any transit station.",
            lang,
            amount=amount,
            player=a.payee,
        )
    if kind == "pay_taxi_fare":
        if a.payee == "Pool":
            return translate("Pay {amount} into the Pool for the ride.", lang, amount=amount)
        return translate(
            "Pay {amount} to {player} for the ride.", lang, amount=amount, player=a.payee
        )
    if kind == "draw_travel_voucher":
        if not _in_stop(result, a):
            return translate("Bus: you take a Travel Voucher.", lang)
        if a.space is not None and a.space.kind == "bus_ticket":
            return translate("Draw a Travel Voucher.", lang)
        return translate("You landed exactly on a transit station: draw a Travel Voucher.", lang)
    if kind == "holland_tunnel":
        exit_ = _BOARD.tunnel_exit(a.space) if a.space is not None else None
        track = _track(exit_.track, lang) if exit_ is not None else ""
        return translate(
            "Holland Tunnel: go directly to the other Holland Tunnel ({track} track).",
            lang,
            track=track,
        )
    if kind == "pay_bail":
        if code == "move.jail_third":
            return translate(
                "Third failed roll: pay {amount} bail into the Pool.", lang, amount=amount
            )
        return translate(
            "You pay {amount} bail into the Pool before rolling all three dice.",
            lang,
            amount=amount,
        )
    if kind == "choose_any_space":
        roll = _roll(result)
        if code == "move.triples_choose":
            return translate(
                "Triples: move ahead to any space on the board (no further roll).", lang
            )
        if len(roll) > 2 and roll[2] in ("mr", "bus"):
            return translate(
                "Your bonus move becomes the Subway ride: choose any space on any track.", lang
            )
        return translate(
            "Doubles: instead of rolling again, ride the Subway now to any space on any track.",
            lang,
        )
    if kind == "end_turn":
        if code == "move.jail_stay":
            return translate("No doubles: you stay in jail; your turn is over.", lang)
        if code == "move.triples":
            return translate("Triples end your move: no further roll.", lang)
        if code == "move.taxi":
            return translate("Continue your turn from here.", lang)
        return translate("Your move is over.", lang)
    if kind == "bus_option":
        track = _track(a.space.track, lang) if a.space is not None else ""
        return translate(
            "Bus: take a Travel Voucher, or move to {space} ({track} track).",
            lang,
            space=space,
            track=track,
        )
    if kind == "if_unsold":
        return translate(
            "If nobody bids for {space}, it stays with the Bank (B2): no other unowned property "
            "can be reached before coming back round to it, so you stay on {space}.",
            lang,
            space=space,
        )
    if kind == "card_effect":
        card = result.params.get("card")
        return _card_effect(card, lang) if card in _DECK.cards else None
    if kind == "nothing":
        return translate(
            "{space} has no owner: nothing happens, and it cannot be bought now.", lang, space=space
        )
    if kind == "take_property":
        return translate("{space} becomes yours.", lang, space=space)
    if kind == "all_players_move":
        return translate("Every other player moves directly to {space} too.", lang, space=space)
    return None


# -- Steps and salaries -------------------------------------------------------------------------


def _salary_note(s: SalaryPaid) -> str:
    """The note ``movement`` writes for a salary (``_Turn.earn``), to find it among the notes."""
    how = "landing on" if s.landed else "passing"
    return f"Collect ${s.amount} for {how} {s.corner.name}."


def _salary_line(s: SalaryPaid, lang: str) -> str:
    fields = {"amount": money(s.amount, lang), "space": _space(s.corner, lang)}
    if s.landed:
        return translate("Collect {amount} for landing on {space}.", lang, **fields)
    return translate("Collect {amount} for passing {space}.", lang, **fields)


#: The reason a walk gives for riding a transit station (``Even move (8)``...).
_PARITY = re.compile(r"(Even|Odd) (move back|move|regular dice)(?: \((\d+)\))?\Z")
_PARITY_WORDS: Mapping[tuple[str, str, bool], str] = {
    ("Even", "move", True): N_("Even move ({count})"),
    ("Odd", "move", True): N_("Odd move ({count})"),
    ("Even", "move", False): N_("Even move"),
    ("Odd", "move", False): N_("Odd move"),
    ("Even", "move back", True): N_("Even move back ({count})"),
    ("Odd", "move back", True): N_("Odd move back ({count})"),
    ("Even", "regular dice", True): N_("Even regular dice ({count})"),
    ("Odd", "regular dice", True): N_("Odd regular dice ({count})"),
}
_REASONS: Mapping[str, str] = {
    "You chose to change track": N_("You chose to change track"),
    "Triples route": N_("Triples route"),
    "Subway ride": N_("Subway ride"),
    "Your bonus move becomes the Subway ride": N_("Your bonus move becomes the Subway ride"),
    "You landed on Go To Jail": N_("You landed on Go To Jail"),
    "Third doubles this turn": N_("Third doubles this turn"),
}


def _reason(why: str, result: Resolution, lang: str) -> str | None:
    """A walk's or jump's reason in ``lang``: a parity, a card's or voucher's title..."""
    if why in _REASONS:
        return translate(_REASONS[why], lang)
    m = _PARITY.match(why)
    if m:
        msgid = _PARITY_WORDS[(m.group(1), m.group(2), m.group(3) is not None)]
        count = number(int(m.group(3)), lang) if m.group(3) else ""
        return translate(msgid, lang, count=count)
    card = result.params.get("card")
    if card in _DECK.cards:
        title = _DECK.cards[card].title
        if why == title:
            return translate("“{card}”", lang, card=_card(card, lang))
        # jail_if: "Title (you hold stock)"
        for english, msgid in _JAIL_IF_REASONS.items():
            if why == f"{title} ({english})":
                return translate(msgid, lang, card=_card(card, lang))
    voucher = result.params.get("voucher")
    if voucher in _DECK.vouchers and why == _DECK.vouchers[voucher].title:
        return _voucher(voucher, lang)
    return None


_JAIL_IF_REASONS: Mapping[str, str] = {
    "you hold stock": N_("“{card}” (you hold stock)"),
    "you own no property": N_("“{card}” (you own no property)"),
}


def _step_line(result: Resolution, step: Step, lang: str) -> str | None:
    """A ride, tunnel, Subway, taxi, direct move or jail in words (walks make no note)."""
    to, track = _space(step.space, lang), _track(step.space.track, lang)
    why, _sep, _rest = step.text.partition(": ")
    reason = _reason(why, result, lang)
    if step.kind == "ride":
        if reason is None:
            return None
        return translate(
            "{reason}: ride the {station} transit station onto the {track} track.",
            lang,
            reason=reason,
            station=to,
            track=track,
        )
    if step.kind == "tunnel":
        return translate(
            "Through the Holland Tunnel to the {track} track (no salary).", lang, track=track
        )
    if step.kind == "taxi":
        return translate(
            "Taxi ride: go directly to {space} ({track} track); no rent there.",
            lang,
            space=to,
            track=track,
        )
    if step.kind == "subway":
        if reason is None:
            return None
        return translate(
            "{reason}: go directly to {space} ({track} track), no salary on the way.",
            lang,
            reason=reason,
            space=to,
            track=track,
        )
    if step.kind == "jail":
        if reason is None:
            return None
        return translate("{reason}: go directly to jail.", lang, reason=reason)
    if step.kind == "direct":
        if step.rule == "M6":
            if "house rule" in step.text:
                return translate(
                    "Triples: move directly to {space} (house rule: no salaries on the way).",
                    lang,
                    space=to,
                )
            return translate("Triples route: move to {space}.", lang, space=to)
        if reason is None:
            return None
        if step.text.endswith(f" on the {step.space.track} track."):
            return translate(
                "{reason}: move directly to {space} on the {track} track.",
                lang,
                reason=reason,
                space=to,
                track=track,
            )
        return translate("{reason}: move directly to {space}.", lang, reason=reason, space=to)
    return None


# -- Notes with no structure behind them --------------------------------------------------------

Fields = Callable[[re.Match[str], "Resolution", str], Mapping[str, Any]]


def _no_fields(m: re.Match[str], result: Resolution, lang: str) -> Mapping[str, Any]:
    return {}


def _card_field(m: re.Match[str], result: Resolution, lang: str) -> Mapping[str, Any]:
    card = result.params.get("card")
    title = _card(card, lang) if card in _DECK.cards else m.group("title")
    return {"card": title}


def _spaces_of(*groups: str) -> Fields:
    def fields(m: re.Match[str], result: Resolution, lang: str) -> Mapping[str, Any]:
        out: dict[str, Any] = {}
        for group in groups:
            space = _named(m.group(group))
            out[group] = _space(space, lang) if space else m.group(group)
        if "title" in m.re.groupindex:
            out.update(_card_field(m, result, lang))
        return out

    return fields


def _with(**extra: Callable[[re.Match[str], str], Any]) -> Callable[[Fields], Fields]:
    def wrap(base: Fields) -> Fields:
        def fields(m: re.Match[str], result: Resolution, lang: str) -> Mapping[str, Any]:
            return {**base(m, result, lang), **{k: f(m, lang) for k, f in extra.items()}}

        return fields

    return wrap


_HOW = {
    "riding transit stations": N_("riding transit stations"),
    "staying on this track": N_("staying on this track"),
}


def _how(m: re.Match[str], lang: str) -> str:
    return translate(_HOW[m.group("how")], lang)


def _dice(m: re.Match[str], lang: str) -> str:
    return number(int(m.group("n")), lang)


def _track_of(group: str) -> Callable[[re.Match[str], str], str]:
    return lambda m, lang: _track(m.group(group), lang)


_TITLE = r"(?P<title>.+)"
_S = r"(?P<space>.+)"

#: (pattern of the English note, the msgid said instead, how to get its fields); the msgid may
#: depend on the note's words (``next``/``previous``), so a pattern names it by its groups.
_NOTES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str], Fields], ...] = (
    (
        re.compile(rf"Moving backwards past {_S} pays nothing \(M8\)\."),
        N_("Moving backwards past {space} pays nothing (M8)."),
        _spaces_of("space"),
    ),
    (
        re.compile(
            r"Auction: every property is owned and none you can reach charges you rent, "
            r"so you stay\."
        ),
        N_(
            "Auction: every property is owned and none you can reach charges you rent, so you stay."
        ),
        _no_fields,
    ),
    (
        re.compile(
            r"Auction with every property owned: you move ahead \((?P<p>even|odd) move rules\) "
            r"to the highest rent you can reach\."
        ),
        lambda m: {
            "even": N_(
                "Auction with every property owned: you move ahead (even move rules) to the "
                "highest rent you can reach."
            ),
            "odd": N_(
                "Auction with every property owned: you move ahead (odd move rules) to the "
                "highest rent you can reach."
            ),
        }[m.group("p")],
        _no_fields,
    ),
    (
        re.compile(r"Transit Token: you change track as you leave the station\."),
        N_("Transit Token: you change track as you leave the station."),
        _no_fields,
    ),
    (
        re.compile(r"You missed the bus, but you hold no Travel Voucher to lose\."),
        N_("You missed the bus, but you hold no Travel Voucher to lose."),
        _no_fields,
    ),
    (
        re.compile(
            r"Mr\. Monopoly: no (?P<goal>unowned property|property where you owe rent) can be "
            r"reached before coming back round, so you stay where you are\."
        ),
        lambda m: {
            "unowned property": N_(
                "Mr. Monopoly: no unowned property can be reached before coming back round, "
                "so you stay where you are."
            ),
            "property where you owe rent": N_(
                "Mr. Monopoly: no property where you owe rent can be reached before coming "
                "back round, so you stay where you are."
            ),
        }[m.group("goal")],
        _no_fields,
    ),
    (
        re.compile(r"Mr\. Monopoly after Reverse Direction: the bonus move goes backwards now\."),
        N_("Mr. Monopoly after Reverse Direction: the bonus move goes backwards now."),
        _no_fields,
    ),
    (
        re.compile(
            r"Mr\. Monopoly: bonus move to the (?P<where>next|previous) "
            r"(?P<goal>unowned property|property where you owe rent), (?P<how>riding transit "
            r"stations|staying on this track) \(the regular dice make (?P<n>\d+)\)\."
        ),
        lambda m: {
            ("next", "unowned property"): N_(
                "Mr. Monopoly: bonus move to the next unowned property, {how} (the regular "
                "dice make {n})."
            ),
            ("previous", "unowned property"): N_(
                "Mr. Monopoly: bonus move to the previous unowned property, {how} (the "
                "regular dice make {n})."
            ),
            ("next", "property where you owe rent"): N_(
                "Mr. Monopoly: bonus move to the next property where you owe rent, {how} (the "
                "regular dice make {n})."
            ),
            ("previous", "property where you owe rent"): N_(
                "Mr. Monopoly: bonus move to the previous property where you owe rent, {how} "
                "(the regular dice make {n})."
            ),
        }[(m.group("where"), m.group("goal"))],
        _with(how=_how, n=_dice)(_no_fields),
    ),
    (
        re.compile(
            rf"Mr\. Monopoly: {_S} is the last unowned property\. If you buy it or it is sold "
            r"at auction, no property is left unowned and no property where you owe rent can "
            r"be reached before coming back round, so you stay on .+ \(R16\)\."
        ),
        N_(
            "Mr. Monopoly: {space} is the last unowned property. If you buy it or it is sold at "
            "auction, no property is left unowned and no property where you owe rent can be "
            "reached before coming back round, so you stay on {space} (R16)."
        ),
        _spaces_of("space"),
    ),
    (
        re.compile(
            rf"Mr\. Monopoly: {_S} is the last unowned property\. If you buy it or it is sold "
            r"at auction, no property is left unowned: Mr\. Monopoly then moves you to the "
            r"(?P<where>next|previous) property where you owe rent, (?P<dest>.+), "
            r"(?P<how>riding transit stations|staying on this track) \(the regular dice make "
            r"(?P<n>\d+); R16\)\."
        ),
        lambda m: {
            "next": N_(
                "Mr. Monopoly: {space} is the last unowned property. If you buy it or it is "
                "sold at auction, no property is left unowned: Mr. Monopoly then moves you to "
                "the next property where you owe rent, {dest}, {how} (the regular dice make "
                "{n}; R16)."
            ),
            "previous": N_(
                "Mr. Monopoly: {space} is the last unowned property. If you buy it or it is "
                "sold at auction, no property is left unowned: Mr. Monopoly then moves you to "
                "the previous property where you owe rent, {dest}, {how} (the regular dice "
                "make {n}; R16)."
            ),
        }[m.group("where")],
        _with(how=_how, n=_dice)(_spaces_of("space", "dest")),
    ),
    (
        re.compile(
            rf"If (?P<owner>.+) wins {_S} at the auction, the rent on (?P<dest>.+) is "
            r"\$(?P<amount>[\d,]+) instead\."
        ),
        N_("If {owner} wins {space} at the auction, the rent on {dest} is {amount} instead."),
        _with(
            owner=lambda m, lang: m.group("owner"),
            amount=lambda m, lang: money(_amount(m.group("amount")), lang),
        )(_spaces_of("space", "dest")),
    ),
    (
        re.compile(r"Bus: no Travel Vouchers are left, so you make the move\."),
        N_("Bus: no Travel Vouchers are left, so you make the move."),
        _no_fields,
    ),
    (
        re.compile(r"Bus: move to the nearest Chance or Community Chest ahead\."),
        N_("Bus: move to the nearest Chance or Community Chest ahead."),
        _no_fields,
    ),
    (
        re.compile(rf"{_TITLE}: you are on {_S} already, so you stay \(R11\)\."),
        N_("“{card}”: you are on {space} already, so you stay (R11)."),
        _spaces_of("space"),
    ),
    (
        re.compile(rf"{_TITLE}: no such space is left, so you stay where you are\."),
        N_("“{card}”: no such space is left, so you stay where you are."),
        _card_field,
    ),
    (
        re.compile(rf"{_TITLE}: you hold no stock, so you stay\."),
        N_("“{card}”: you hold no stock, so you stay."),
        _card_field,
    ),
    (
        re.compile(rf"{_TITLE}: you own property, so you stay\."),
        N_("“{card}”: you own property, so you stay."),
        _card_field,
    ),
    (
        re.compile(rf"{_TITLE}: a full lap of the (?P<track>\w+) track brings you back to {_S}\."),
        N_("“{card}”: a full lap of the {track} track brings you back to {space}."),
        _with(track=_track_of("track"))(_spaces_of("space")),
    ),
    (
        re.compile(
            rf"{_TITLE}: you are on the (?P<edge>inner|outer) track already, so nothing happens\."
        ),
        N_("“{card}”: you are on the {track} track already, so nothing happens."),
        _with(track=_track_of("edge"))(_card_field),
    ),
    (
        re.compile(
            r"You could instead (?P<what>stay on|change) track at the transit station and end "
            r"on .+ \((?P<key>\w+:\d+)\)\."
        ),
        lambda m: {
            "stay on": N_(
                "You could instead stay on track at the transit station and end on {space} "
                "({track} track)."
            ),
            "change": N_(
                "You could instead change track at the transit station and end on {space} "
                "({track} track)."
            ),
        }[m.group("what")],
        _with(
            space=lambda m, lang: _space(_BOARD.by_key(m.group("key")), lang),
            track=lambda m, lang: _track(_BOARD.by_key(m.group("key")).track, lang),
        )(_no_fields),
    ),
)


def _free_note(note: str, result: Resolution, lang: str) -> str | None:
    for pattern, msgid, fields in _NOTES:
        m = pattern.fullmatch(note)
        if m is None:
            continue
        try:
            said = msgid if isinstance(msgid, str) else msgid(m)
            return translate(said, lang, **fields(m, result, lang))
        except (KeyError, LookupError, ValueError):
            return None
    return None


# -- The explanation ----------------------------------------------------------------------------


def explain(result: Resolution, lang: str) -> tuple[str, ...]:
    """The explanation of ``result`` in ``lang``: one line for each of its English notes
    (``result.explanation[1:]``), in their order, worded from the structure behind each."""
    return tuple(line for line, _worded in _explained(result, lang))


def unworded(result: Resolution) -> tuple[str, ...]:
    """The notes of ``result`` that :func:`explain` can only repeat in English (none, when
    every step, action and note of the move has its words)."""
    return tuple(
        note
        for note, (_line, worded) in zip(
            result.explanation[1:], _explained(result, "en"), strict=True
        )
        if not worded
    )


def _item_line(result: Resolution, item: Step | SalaryPaid | Action, lang: str) -> str | None:
    if isinstance(item, SalaryPaid):
        return _salary_line(item, lang)
    if isinstance(item, Step):
        return _step_line(result, item, lang)
    return _action_line(result, item, lang)


def _explained(result: Resolution, lang: str) -> list[tuple[str, bool]]:
    """Each note's line, and whether it was worded (else it is the note as the engine wrote it)."""
    # Each structured item under the note it made, to be worded when that note comes.
    items: dict[str, deque[Step | SalaryPaid | Action]] = defaultdict(deque)
    for step in result.steps:
        if step.kind not in ("walk", "back"):
            items[step.text].append(step)
    for salary in result.salaries:
        items[_salary_note(salary)].append(salary)
    for action in result.follow_up:
        items[action.text].append(action)
    lines = []
    for note in result.explanation[1:]:
        said: str | None = None
        if items.get(note):
            said = _item_line(result, items[note].popleft(), lang)
        if said is None:
            said = _free_note(note, result, lang)
        # Last resort: the engine's own English words, rather than losing the fact.
        lines.append((note, False) if said is None else (said, True))
    return lines


__all__ = ["explain", "unworded"]
