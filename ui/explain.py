"""The referee's explanation of a move in the table's language, worded from its messages.

``companion.rules.movement`` explains a move in notes (``Resolution.notes``), one for each ride,
direct move, salary and action and a few more (why Mr. Monopoly goes where he goes, a card's
"you stay"...): each a message code (``Note.code``, one of ``movement.NOTE_CODES``) and its
parameters (``Note.params``: spaces by key, tracks, amounts, counts, card and voucher ids, player
names, the reason of a ride or a direct move, flags choosing between words). This module says
each note from its code and parameters through the app's catalogs (:mod:`ui.i18n`) and the
words of the engine's catalogue (space names, card titles), one line per note, in order::

    explain(resolve_roll(board, situation, Roll(3, 4, "mr")), "fr")

Each code has its sentence in :data:`_SAY`: a msgid whose ``{fields}`` are filled from the
parameters of the same name (or the one it names), each worded by its kind (:func:`_word`),
or a choice of msgids by a flag. A note whose code (or reason) this module does not know is
shown as the engine wrote it, in English, rather than lost; :func:`unworded` lists those.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.messages import language as _catalogue
from ui.edition import table_edition
from ui.i18n import N_, money, number, translate

if TYPE_CHECKING:
    from companion.rules.movement import Note, Resolution


Params = Mapping[str, Any]
#: How a note is said: its parameters and the language give its line.
Say = Callable[[Params, str], str]


# -- Words the engine's catalogue already has ---------------------------------------------------


def _space(key: str, lang: str) -> str:
    """A space's name in ``lang`` (printed names stay as printed unless the catalogue says)."""
    name = table_edition().board.by_key(key).name
    return _catalogue(lang).words.get(f"space.{name}", name)


def _track(track: str, lang: str) -> str:
    return _catalogue(lang).words.get(f"track.{track}", track)


def _card(card_id: str, lang: str) -> str:
    return _catalogue(lang).words.get(f"card.{card_id}", table_edition().deck.cards[card_id].title)


def _card_effect(card_id: str, lang: str) -> str:
    return _catalogue(lang).words.get(
        f"card_effect.{card_id}", table_edition().deck.cards[card_id].effect
    )


def _voucher(voucher_id: str, lang: str) -> str:
    return _catalogue(lang).words.get(
        f"voucher.{voucher_id}", table_edition().deck.vouchers[voucher_id].label
    )


# -- Why a token rides or moves directly (``params["reason"]``) ---------------------------------

#: Each reason's words (``movement.REASONS``): one msgid, or two (with the ``count`` and
#: without: an Auction move has none), or how to say it (a voucher's is its name).
_REASONS: Mapping[str, str | tuple[str, str] | Say] = {
    "even_move": (N_("Even move ({count})"), N_("Even move")),
    "odd_move": (N_("Odd move ({count})"), N_("Odd move")),
    "even_move_back": N_("Even move back ({count})"),
    "odd_move_back": N_("Odd move back ({count})"),
    "even_regular_dice": N_("Even regular dice ({count})"),
    "odd_regular_dice": N_("Odd regular dice ({count})"),
    "chose_change_track": N_("You chose to change track"),
    "triples_route": N_("Triples route"),
    "subway_ride": N_("Subway ride"),
    "bonus_subway": N_("Your bonus move becomes the Subway ride"),
    "go_to_jail": N_("You landed on Go To Jail"),
    "third_doubles": N_("Third doubles this turn"),
    "card": N_("“{card}”"),
    "card_holds_stock": N_("“{card}” (you hold stock)"),
    "card_owns_no_property": N_("“{card}” (you own no property)"),
    "voucher": lambda params, lang: _voucher(params["voucher"], lang),
}


def _reason(params: Params, lang: str) -> str:
    said = _REASONS[params["reason"]]
    if callable(said):
        return said(params, lang)
    if isinstance(said, tuple):
        said = said[1] if params.get("count") is None else said[0]
    return _fill(said, {f: f for f in _FIELD.findall(said)}, params, lang)


#: How a bonus move goes, by its ``ride`` flag (M2).
_HOW: Mapping[bool, str] = {
    True: N_("riding transit stations"),
    False: N_("staying on this track"),
}


# -- Parameters in words ------------------------------------------------------------------------

_FIELD = re.compile(r"\{(\w+)\}")


def _word(name: str, params: Params, lang: str) -> Any:
    """The parameter ``name`` of a note in ``lang``, by its kind."""
    if name == "reason":
        return _reason(params, lang)
    if name == "how":
        # Not translate(_HOW[params["ride"]]): the extractor would take "ride" for a msgid.
        how = _HOW[params["ride"]]
        return translate(how, lang)
    value = params[name]
    if name in ("space", "to"):
        return _space(value, lang)
    if name == "track":
        return _track(value, lang)
    if name == "amount":
        return money(value, lang)
    if name in ("count", "times"):
        return number(value, lang)
    if name == "card":
        return _card(value, lang)
    return value


def _fill(msgid: str, fields: Mapping[str, str], params: Params, lang: str) -> str:
    """``msgid`` in ``lang``, each of its ``fields`` the parameter it names, in words."""
    return translate(msgid, lang, **{f: _word(p, params, lang) for f, p in fields.items()})


def _said(msgid: str, **named: str) -> Say:
    """A note said by ``msgid``: each ``{field}`` is the parameter of that name, or the one
    ``named`` gives it (``owner="payee"``), in words."""
    fields = {f: named.get(f, f) for f in _FIELD.findall(msgid)}
    return lambda params, lang: _fill(msgid, fields, params, lang)


def _by(key: Callable[[Params], Any], says: Mapping[Any, Say]) -> Say:
    """A note said one way or another, by ``key`` of its parameters (a flag, a count...)."""
    return lambda params, lang: says[key(params)](params, lang)


def _flag(name: str) -> Callable[[Params], Any]:
    return lambda params: params[name]


def _to_pool(params: Params) -> bool:
    return bool(params["payee"] == "Pool")


def _card_effect_said(params: Params, lang: str) -> str:
    return _card_effect(params["card"], lang)


# -- Every code's sentence ----------------------------------------------------------------------

#: What an action asks, when its code says it all.
_ACTION_WORDS: Mapping[str, str] = {
    "action.draw_chance": N_("Draw a Chance card and tell the companion which one."),
    "action.draw_community_chest": N_(
        "Draw a Community Chest card and tell the companion which one."
    ),
    "action.squeeze_play": N_(
        "Squeeze Play: roll the two regular dice to see what each other player pays you."
    ),
    "action.roll_three": N_("Roll Three: draw a Roll Three card, then roll three regular dice."),
    "action.stock_exchange": N_(
        "Stock Exchange: the Bank pays dividends to every shareholder; then buy one share at "
        "par or the Banker auctions it."
    ),
    "action.reverse_direction": N_(
        "Your next move goes backwards, and you may not use a Travel Voucher on it."
    ),
    "action.subway": N_("Subway: on your next move, ride directly to any space on any track."),
    "action.go_to_jail": N_("Go To Jail: go directly to jail."),
    "action.in_jail": N_("You are in jail; your turn is over."),
    "action.auction_any": N_("Auction: pick any unowned property for the Banker to auction."),
    "action.use_jail_card": N_(
        "You hand in a Get Out of Jail Free card before rolling all three dice."
    ),
    "action.voucher_expires": N_(
        "You missed the bus: one of your Travel Vouchers expires and goes back to the Bank."
    ),
    "action.no_travel_voucher": N_("No Travel Vouchers are left to draw."),
    "action.draw_travel_voucher": N_("Draw a Travel Voucher."),
    "action.draw_travel_voucher.station": N_(
        "You landed exactly on a transit station: draw a Travel Voucher."
    ),
    "action.draw_travel_voucher.bus": N_("Bus: you take a Travel Voucher."),
    "action.choose_any_space.triples": N_(
        "Triples: move ahead to any space on the board (no further roll)."
    ),
    "action.choose_any_space.bonus": N_(
        "Your bonus move becomes the Subway ride: choose any space on any track."
    ),
    "action.choose_any_space.doubles": N_(
        "Doubles: instead of rolling again, ride the Subway now to any space on any track."
    ),
    "action.end_turn": N_("Your move is over."),
    "action.end_turn.jail": N_("No doubles: you stay in jail; your turn is over."),
    "action.end_turn.triples": N_("Triples end your move: no further roll."),
    "action.continue_turn": N_("Carry on with your turn."),
    "action.continue_turn.taxi": N_("Continue your turn from here."),
    "action.transit_token": N_("On your next move you change track here, whatever you roll."),
    "action.expire_vouchers": N_(
        "Every other Travel Voucher held by any player expires and goes back to the Bank."
    ),
    # Notes of no item, with no parameters.
    "auction.stay": N_(
        "Auction: every property is owned and none you can reach charges you rent, so you stay."
    ),
    "transit_token.leave": N_("Transit Token: you change track as you leave the station."),
    "bus.missed_no_voucher": N_("You missed the bus, but you hold no Travel Voucher to lose."),
    "bus.no_vouchers": N_("Bus: no Travel Vouchers are left, so you make the move."),
    "bus.move": N_("Bus: move to the nearest Chance or Community Chest ahead."),
    "mr_monopoly.reverse": N_(
        "Mr. Monopoly after Reverse Direction: the bonus move goes backwards now."
    ),
}

_SAY: Mapping[str, Say] = {
    **{code: _said(msgid) for code, msgid in _ACTION_WORDS.items()},
    # Steps
    "step.ride": _said(
        N_("{reason}: ride the {station} transit station onto the {track} track."),
        station="space",
    ),
    "step.tunnel": _said(N_("Through the Holland Tunnel to the {track} track (no salary).")),
    "step.taxi": _said(N_("Taxi ride: go directly to {space} ({track} track); no rent there.")),
    "step.subway": _said(
        N_("{reason}: go directly to {space} ({track} track), no salary on the way.")
    ),
    "step.jail": _said(N_("{reason}: go directly to jail.")),
    "step.direct": _said(N_("{reason}: move directly to {space}.")),
    "step.direct_lane": _said(N_("{reason}: move directly to {space} on the {track} track.")),
    "step.triples_route": _said(N_("Triples route: move to {space}.")),
    "step.triples_direct": _said(
        N_("Triples: move directly to {space} (house rule: no salaries on the way).")
    ),
    # Salaries
    "salary.landing": _said(N_("Collect {amount} for landing on {space}.")),
    "salary.passing": _said(N_("Collect {amount} for passing {space}.")),
    # Actions
    "action.pay_tax": _by(
        _to_pool,
        {
            True: _said(N_("Pay {amount} for {space} into the Pool.")),
            False: _said(N_("Pay {amount} for {space} to the Bank.")),
        },
    ),
    "action.collect_tax_refund": _said(N_("Collect half the Pool, rounded up: {amount}.")),
    "action.birthday_gift": _said(
        N_("Take {amount} from the Bank or a Travel Voucher: your choice.")
    ),
    "action.birthday_gift.no_vouchers": _said(
        N_("Take {amount} from the Bank (no Travel Vouchers are left).")
    ),
    "action.buy_or_auction": _said(
        N_("{space} is for sale: buy it for {amount} or the Banker auctions it.")
    ),
    "action.no_rent": _by(
        _flag("taxi"),
        {
            True: _said(N_("No rent on {space}: you arrived by taxi.")),
            False: _said(N_("No rent on {space}: you arrived by Transit Token.")),
        },
    ),
    "action.own_property": _said(N_("You own {space}: nothing to pay.")),
    "action.mortgaged": _said(N_("{space} is mortgaged: no rent.")),
    "action.pay_rent": _by(
        _flag("double"),
        {
            False: _said(N_("Pay {owner} {amount} rent for {space}."), owner="payee"),
            True: _said(N_("Pay {owner} {amount} rent for {space} (double rent)."), owner="payee"),
        },
    ),
    "action.pay_rent.roll": _said(
        N_("Roll two dice and pay {owner} {times} times the total for {space}."), owner="payee"
    ),
    "action.taxi_ride": _by(
        _to_pool,
        {
            True: _said(
                N_(
                    "You may also pay {amount} into the Pool for a taxi ride to Free Parking, "
                    "another cab company or any transit station."
                )
            ),
            False: _said(
                N_(
                    "You may also pay {amount} to {player} for a taxi ride to Free Parking, "
                    "another cab company or any transit station."
                ),
                player="payee",
            ),
        },
    ),
    "action.pay_taxi_fare": _by(
        _to_pool,
        {
            True: _said(N_("Pay {amount} into the Pool for the ride.")),
            False: _said(N_("Pay {amount} to {player} for the ride."), player="payee"),
        },
    ),
    "action.holland_tunnel": _said(
        N_("Holland Tunnel: go directly to the other Holland Tunnel ({track} track).")
    ),
    "action.pay_bail": _by(
        _to_pool,
        {
            True: _said(N_("You pay {amount} bail into the Pool before rolling all three dice.")),
            False: _said(N_("You pay {amount} bail to the Bank before rolling.")),
        },
    ),
    "action.pay_bail.third": _by(
        _to_pool,
        {
            True: _said(N_("Third failed roll: pay {amount} bail into the Pool.")),
            False: _said(N_("Third failed roll: pay {amount} bail to the Bank.")),
        },
    ),
    "action.roll_again": _by(
        lambda params: params["doubles"] >= 2,
        {
            False: _said(N_("Doubles (first this turn): roll again.")),
            True: _said(N_("Doubles (second this turn): roll again.")),
        },
    ),
    "action.bus_option": _said(
        N_("Bus: take a Travel Voucher, or move to {space} ({track} track).")
    ),
    "action.if_unsold": _said(
        N_(
            "If nobody bids for {space}, it stays with the Bank (B2): no other unowned property "
            "can be reached before coming back round to it, so you stay on {space}."
        )
    ),
    "action.card_effect": _card_effect_said,
    "action.nothing": _said(
        N_("{space} has no owner: nothing happens, and it cannot be bought now.")
    ),
    "action.take_property": _said(N_("{space} becomes yours.")),
    "action.all_players_move": _said(N_("Every other player moves directly to {space} too.")),
    # Notes of no item
    "walk.back_past_corner": _said(N_("Moving backwards past {space} pays nothing (M8).")),
    "auction.move": _by(
        _flag("even"),
        {
            True: _said(
                N_(
                    "Auction with every property owned: you move ahead (even move rules) to the "
                    "highest rent you can reach."
                )
            ),
            False: _said(
                N_(
                    "Auction with every property owned: you move ahead (odd move rules) to the "
                    "highest rent you can reach."
                )
            ),
        },
    ),
    "mr_monopoly.stay": _by(
        _flag("goal"),
        {
            "unowned": _said(
                N_(
                    "Mr. Monopoly: no unowned property can be reached before coming back round, "
                    "so you stay where you are."
                )
            ),
            "rent": _said(
                N_(
                    "Mr. Monopoly: no property where you owe rent can be reached before coming "
                    "back round, so you stay where you are."
                )
            ),
        },
    ),
    "mr_monopoly.bonus": _by(
        lambda params: (params["backwards"], params["goal"]),
        {
            (False, "unowned"): _said(
                N_(
                    "Mr. Monopoly: bonus move to the next unowned property, {how} (the regular "
                    "dice make {n})."
                ),
                n="count",
            ),
            (True, "unowned"): _said(
                N_(
                    "Mr. Monopoly: bonus move to the previous unowned property, {how} (the "
                    "regular dice make {n})."
                ),
                n="count",
            ),
            (False, "rent"): _said(
                N_(
                    "Mr. Monopoly: bonus move to the next property where you owe rent, {how} (the "
                    "regular dice make {n})."
                ),
                n="count",
            ),
            (True, "rent"): _said(
                N_(
                    "Mr. Monopoly: bonus move to the previous property where you owe rent, {how} "
                    "(the regular dice make {n})."
                ),
                n="count",
            ),
        },
    ),
    "mr_monopoly.last_stay": _said(
        N_(
            "Mr. Monopoly: {space} is the last unowned property. If you buy it or it is sold at "
            "auction, no property is left unowned and no property where you owe rent can be "
            "reached before coming back round, so you stay on {space} (R16)."
        )
    ),
    "mr_monopoly.last_move": _by(
        _flag("backwards"),
        {
            False: _said(
                N_(
                    "Mr. Monopoly: {space} is the last unowned property. If you buy it or it is "
                    "sold at auction, no property is left unowned: Mr. Monopoly then moves you to "
                    "the next property where you owe rent, {dest}, {how} (the regular dice make "
                    "{n}; R16)."
                ),
                dest="to",
                n="count",
            ),
            True: _said(
                N_(
                    "Mr. Monopoly: {space} is the last unowned property. If you buy it or it is "
                    "sold at auction, no property is left unowned: Mr. Monopoly then moves you to "
                    "the previous property where you owe rent, {dest}, {how} (the regular dice "
                    "make {n}; R16)."
                ),
                dest="to",
                n="count",
            ),
        },
    ),
    "mr_monopoly.rent_if_won": _said(
        N_("If {owner} wins {space} at the auction, the rent on {dest} is {amount} instead."),
        owner="player",
        dest="to",
    ),
    "card.already_there": _said(N_("“{card}”: you are on {space} already, so you stay (R11).")),
    "card.none_left": _said(N_("“{card}”: no such space is left, so you stay where you are.")),
    "card.jail_if_stay": _by(
        _flag("condition"),
        {
            "holds_stock": _said(N_("“{card}”: you hold no stock, so you stay.")),
            "owns_no_property": _said(N_("“{card}”: you own property, so you stay.")),
        },
    ),
    "card.lap": _said(N_("“{card}”: a full lap of the {track} track brings you back to {space}.")),
    "card.lane_edge": _said(
        N_("“{card}”: you are on the {track} track already, so nothing happens.")
    ),
    "voucher.other_track": _by(
        _flag("ride"),
        {
            True: _said(
                N_(
                    "You could instead stay on track at the transit station and end on {space} "
                    "({track} track)."
                )
            ),
            False: _said(
                N_(
                    "You could instead change track at the transit station and end on {space} "
                    "({track} track)."
                )
            ),
        },
    ),
}


# -- The explanation ----------------------------------------------------------------------------


def note_line(note: Note, lang: str) -> str | None:
    """``note`` in ``lang``, or ``None`` when its code (or a parameter) has no words here."""
    say = _SAY.get(note.code)
    if say is None:
        return None
    try:
        return say(note.params, lang)
    except (LookupError, ValueError, TypeError):
        return None


def explain(result: Resolution, lang: str) -> tuple[str, ...]:
    """The explanation of ``result`` in ``lang``: one line for each of its notes, in order; a
    note with no words here is shown in the engine's English."""
    return tuple(_or_english(note, lang) for note in result.notes)


def _or_english(note: Note, lang: str) -> str:
    line = note_line(note, lang)
    return note.text if line is None else line


def unworded(result: Resolution) -> tuple[str, ...]:
    """The notes of ``result`` that :func:`explain` can only repeat in English (none, when
    every code and parameter of the move has its words)."""
    return tuple(note.text for note in result.notes if note_line(note, "en") is None)


__all__ = ["explain", "note_line", "unworded"]
