"""English: every message the banker says, worded as it said it before codes (``codes.CODES``).

Each entry maps a code to today's sentence; a ``{name}`` is a parameter, shown by its kind
(``{card:effect}`` is a card's text, ``{from:start}`` an account that starts the sentence).

>>> from companion.messages import render
>>> render("event.rolled", {"player": "Ann", "dice": [3, 4, "mr"]})
'Ann rolled 3+4 and Mr. Monopoly.'
>>> render("ask.auction.property", {"space": "middle:39", "high": 0, "waiting": ["Ann", "Bob"]})
'Auction of Boardwalk: no bid yet. Anyone may bid higher; Ann and Bob may still bid or pass.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.messages.rendering import Params, Template

#: Each command type as a noun, for the line of an undone command ("the card drawn").
COMMAND_NOUNS = {
    "deal": "the deal",
    "order_roll": "the turn-order roll",
    "roll": "the roll",
    "dice": "the dice",
    "bail": "paying bail",
    "jail_card": "the Get Out of Jail Free card",
    "choose": "the space chosen",
    "bus": "the Bus Ticket's choice",
    "end_turn": "the end of the turn",
    "buy": "the purchase",
    "auction": "the auction",
    "bid": "the bid",
    "pass": "the pass",
    "taxi": "the taxi ride",
    "skip": "the choice passed",
    "draw": "the card drawn",
    "gift": "the Birthday Gift",
    "stock": "the Stock Exchange choice",
    "voucher": "the Travel Voucher",
    "pay": "the payment",
    "bankrupt": "the bankruptcy",
    "build": "the building",
    "sell_building": "the building sold",
    "sell_down": "the buildings sold down",
    "mortgage": "the mortgage",
    "unmortgage": "the mortgage lifted",
    "trade": "the trade",
    "play_card": "the card played",
    "option": "the card's option",
    "target": "the player aimed at",
    "accept": "the card accepted",
    "refuse": "the card refused",
    "end_game": "the end of the game",
}


def money(amount: int) -> str:
    """Dollars with a thousands separator.

    >>> money(1500), money(-50)
    ('$1,500', '-$50')
    """
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def join(names: Sequence[str]) -> str:
    """Names as a list in a sentence.

    >>> join(["Ann"]), join(["Ann", "Bob"]), join(["Ann", "Bob", "Cy"])
    ('Ann', 'Ann and Bob', 'Ann, Bob and Cy')
    """
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def roll(d1: int, d2: int, speed: Any) -> str:
    """Two regular dice and the speed die (``None`` when it was not rolled).

    >>> roll(3, 4, "bus"), roll(2, 2, 1), roll(5, 6, None)
    ('3+4 and the Bus', '2+2 and 1', '5+6')
    """
    if speed is None:
        return f"{d1}+{d2}"
    return f"{d1}+{d2} and {WORDS.get(f'speed.{speed}', str(speed))}"


WORDS: Mapping[str, str] = {
    "account.Bank": "the Bank",
    "account.Pool": "the Pool",
    "deck.chance": "Chance",
    "deck.community_chest": "Community Chest",
    "deck.travel_voucher": "Travel Voucher",
    "deck.roll_three": "Roll Three",
    "speed.mr": "Mr. Monopoly",
    "speed.bus": "the Bus",
    "among.any_space": "any space",
    "among.unowned_outer_property": "unowned outer property",
    "among.transportation": "transportation",
    "among.cab_company": "cab company",
    "pile.houses": "a house",
    "pile.hotels": "a hotel",
    "pile.skyscrapers": "a skyscraper",
    "pile.train_depots": "a train depot",
    "pile.cab_stands": "a cab stand",
}

_LEVELS = ("no building", "1 house", "2 houses", "3 houses", "4 houses", "a hotel", "a skyscraper")


def _holding(p: Params) -> str:
    extra = []
    if p.raw("level"):
        extra.append(f"with {_LEVELS[p.raw('level')]}")
    if p.raw("improved"):
        extra.append("improved")
    if p.raw("mortgaged"):
        extra.append("mortgaged")
    return (
        f"{p['property']} belongs to {p['owner']}"
        + (f", {', '.join(extra)}" if extra else "")
        + "."
    )


def _turns(n: int) -> str:
    return "turn" if n == 1 else f"{n} turns"


def _move(verb: str) -> Template:
    def words(p: Params) -> str:
        text = f"{p['roll']}: {verb} {p['count']} from {p['from']} to {p['to']}"
        if p.has("end"):
            when = f"if {p['last']} is bought or sold at auction, " if p.has("last") else ""
            track = f" ({p.shown('end', 'track')} track)" if p["end"] == p["to"] else ""
            text += f"; {when}you end on {p['end']}{track}"
        return text + "."

    return words


def _auction(what: Callable[[Params], str]) -> Template:
    def words(p: Params) -> str:
        standing = f"{p['high']} by {p['leader']}" if p.has("leader") else "no bid yet"
        return (
            f"Auction of {what(p)}: {standing}. "
            f"Anyone may bid higher; {p['waiting']} may still bid or pass."
        )

    return words


MESSAGES: Mapping[str, Template] = {
    # Events worded from their fields
    "event.transfer": "{from:start} pays {to} {amount} ({reason}).",
    "event.transfers.each": "{from} each pay {to} {amount} ({reason}).",
    "event.holding": _holding,
    "event.holding.back": "{property} goes back to the Bank.",
    "event.holding.storm_depot": "{card}: {owner} loses the train depot on {property}.",
    "event.holding.storm_cab_stand": "{card}: {owner} loses the cab stand on {property}.",
    "event.seat.jailed": "{player} goes to jail.",
    "event.seat.freed": "{player} is out of jail.",
    "event.seat.jail_try": "{player} stays in jail: no doubles (try {tries} of 3).",
    "event.seat.bankrupt": "{player} is bankrupt and leaves the game.",
    "event.seat.reverse": "{player} moves backwards on the next move (Reverse Direction).",
    "event.seat.subway": "{player} rides the Subway instead of the next roll.",
    "event.seat.skip_turns": lambda p: f"{p['player']} misses the next {_turns(p.raw('turns'))}.",
    "event.moved": "{player} moves to {to}.",
    "event.drew": "{player} draws {title}.",
    "event.order_rolled": "{player} rolls {total} for the turn order.",
    "event.undone": lambda p: (
        f"Undone: command #{p['command']} ({COMMAND_NOUNS.get(p.raw('type'), p['type'])}, by "
        f"{p['player'] if p.has('player') else 'the table'})."
    ),
    "event.decision": "Now: {decision}",
    "event.game_started": "A new game: {players}.",
    # Events
    "event.turn": "{player}'s turn.",
    "event.rolled": "{player} rolled {dice}.",
    "event.order_set": "{player} rolled highest and starts; the order of play: {order}.",
    "event.game_over.last_player": "{winner} wins: every other player is bankrupt.",
    "event.game_over.time_up": "Time is up: {winner} is the richest and wins.",
    "event.drew.card": "{player} drew {card}: {card:effect}",
    "event.drew.voucher": "{player} draws {card}.",
    "event.drew.roll_three": "{player} draws Roll Three {card}.",
    "event.shares.gets": "{player} gets a share of {company}.",
    "event.shares.crash": "Stock market crash: half of every holding goes back to the Bank.",
    # Moves
    "move.roll": _move("move"),
    "move.roll_back": _move("move back"),
    "move.third_doubles": "{roll}: third doubles this turn, so you go straight to jail without moving.",
    "move.jail_stay": "{roll}: no doubles on attempt {attempt} of 3, so you stay in jail.",
    "move.jail_doubles": "{roll}: doubles free you from jail; move {count} (no further roll) to {to}.",
    "move.jail_third": "{roll}: third failed roll, pay {bail} bail and move {count} to {to}.",
    "move.triples_choose": "{roll}: triples! Choose any space to move to; you do not roll again.",
    "move.triples": "{roll}: triples! Move ahead to {to}; you do not roll again.",
    "move.bonus": "{roll}: bonus move from {from} to {to}.",
    "move.subway": "Subway: ride directly to {to}.",
    "move.taxi": "Taxi ride from {from} to {to}.",
    "move.card": "{card}: {card:effect}",
    "move.card_still": "{card}: the card does not move you.",
    "move.voucher": "{voucher}: move to {to}.",
    "move.direct": "{player} moves directly to {to}.",
    "move.to_jail": "{player} goes directly to jail.",
    # Decisions
    "ask.deal": "{player}: draw your starting Travel Voucher and Roll Three card, and tell me which.",
    "ask.order_roll": "{player}: roll the two regular dice for the turn order (highest starts).",
    "ask.subway": "{player}: ride the Subway to any space on any track.",
    "ask.roll": "{player}: roll the dice.",
    "ask.roll.in_jail": "{player} is in jail: roll the two regular dice for doubles, or pay {bail} bail.",
    "ask.roll.in_jail_card": "{player} is in jail: roll the two regular dice for doubles, pay {bail} bail, or use a card.",
    "ask.choose.triples": "{player}: triples! Choose any space to move ahead to.",
    "ask.choose.bonus_subway": "{player}: your bonus move becomes the Subway ride: choose any space.",
    "ask.bus": "{player}: Bus! Take a Travel Voucher, or move to {space}.",
    "ask.end_turn": "{player}: play a Travel Voucher, or end your turn.",
    "ask.raise_money": "{player} owes {creditor} {amount} ({reason}) and is {short} short: sell buildings, mortgage or trade, then pay; or go bankrupt.",
    "ask.raise_money.sell": "{player} owes {creditor} {amount} ({reason}) and is {short} short: sell buildings, mortgage or trade, then pay (selling and mortgaging can cover it, so no bankruptcy).",
    "ask.dice.utility": "{player}: roll two dice and pay {times} times the total.",
    "ask.buy_or_auction": "{player}: buy {space} for {price}, or the Banker auctions it.",
    "ask.auction.property": _auction(lambda p: p["space"]),
    "ask.auction.share": _auction(lambda p: f"one share of {p['company']}"),
    "ask.auction.building": _auction(lambda p: f"{p['pile']} (the Bank is short)"),
    "ask.building_shortage": "{player}: the Bank has {left} left of what goes on {space} ({pile}). If nobody else wants to build, buy it for {price}; if another player does, the Banker auctions them one at a time.",
    "ask.choose.place_building": "{player}: choose the lot for {pile} won at auction.",
    "ask.taxi": "{player}: take a taxi ride (to Free Parking, another cab company or a transit station), or carry on.",
    "ask.draw.voucher": "{player}: draw a Travel Voucher and tell me which.",
    "ask.draw.card": "{player}: draw a {deck} card and tell me which.",
    "ask.draw.roll_three": "{player}: draw a Roll Three card and tell me its numbers.",
    "ask.gift": "{player}: Birthday Gift: take {amount} from the Bank or a Travel Voucher.",
    "ask.dice.squeeze_play": "{player}: Squeeze Play! Roll the two regular dice.",
    "ask.dice.squeeze_play_speed": "{player}: Squeeze Play! Roll the two regular dice and the speed die.",
    "ask.dice.roll_three": "{player}: roll three regular dice for Roll Three.",
    "ask.stock": "{player}: buy one share of any company at par, or choose one for the Banker to auction.",
    "ask.choose.auction_any": "{player}: pick any unowned property for the Banker to auction.",
    "ask.game_over": "Game over: {player} wins.",
    "ask.card_option": "{player}: {card}: {card:effect} Answer option 1 or 2.",
    "ask.choose.card": "{player}: {card}: choose the space ({among}).",
    "ask.dice.card": "{player}: {card}: roll two dice.",
    "ask.stock.free": "{player}: {card}: take one unsold share of any company.",
    "ask.target.voucher": "{player}: {card}: take a Travel Voucher from whom?",
    "ask.choose.storm_own": "{player}: {card}: choose one of your groups with buildings (any property of it).",
    "ask.choose.storm_other": "{player}: {card}: choose any other player's group with buildings (any property of it).",
    "ask.choose.seize": "{player}: {card}: surrender an undeveloped unmortgaged property or one building.",
    "ask.choose.condemn": "{player}: {card}: choose a property to sell one house from.",
    "ask.respond": lambda p: (
        f"{p['player']}: {p['card']} is played against you: {p['action']}. "
        "Accept, or refuse with Just Say NO!"
        if p.has("action")
        else f"{p['player']}: {p['card']} is played against you. Accept, or refuse with Just Say NO!"
    ),
    "action.pay": "{player} pays {amount} to {to}",
    "action.hand_over": "{space} goes to {to}",
    "action.swap": "{player} swaps {mine} for {theirs}",
    "action.jail": "{player} goes to jail",
    "action.no_rent": "{player} pays you no rent for {space}",
    "action.voucher": "a Travel Voucher of {player} goes to {to}",
    "action.storm": "one building comes off each of your {group} lots",
    "action.storm_lot": "you lose your train depot or cab stand on {space}",
    "action.buy_instead": "{player} buys {space} for {amount} instead of you",
    "ask.rent": "{player}: pay {amount} rent to {owner} for {space}, or play {card}.",
    "ask.dice.game_night": "{player}: Game Night: pick an opponent; both roll two dice (yours first).",
    # Notes
    "note.order_tie": "{players} tie with {total}: they roll again.",
    "note.loses_turn": "{player} loses this turn (Vehicle Impounded).",
    "note.doubles_again": "Doubles: {player} rolls again.",
    "note.bid": "{player} bids {amount}.",
    "note.pass": "{player} passes.",
    "note.auction_unsold.property": "Nobody bid: {space} stays with the Bank.",
    "note.auction_unsold.share": "Nobody bid: the share of {company} stays with the Bank.",
    "note.auction_won.property": "{player} wins the auction of {space} for {amount}.",
    "note.auction_won.share": "{player} wins the auction of a share of {company} for {amount}.",
    "note.auction_unsold.building": "Nobody bid: the Bank keeps {pile} and the rest of its pile.",
    "note.auction_won.building": "{player} wins the auction of {pile} for {amount}.",
    "note.no_vouchers_left": "No Travel Vouchers are left to draw.",
    "note.squeeze_play": "Squeeze Play: {player} rolled {total}; every other player pays {amount}.",
    "note.roll_three": "Roll Three: {player} rolled {dice}.",
    "note.game_night_tie": "Game Night: {player} and {rival} both rolled {total}; nobody wins.",
    "note.takes_property": "{player} takes {space} from {owner}.",
    "note.card_nothing_to_pay": "{card}: {player} owns no railroad or {company} stock: nothing to pay.",
    "note.lawyer": "{player}'s Lawyer on Retainer cancels {card}.",
    "note.card_no_voucher_holder": "{card}: nobody else holds a Travel Voucher.",
    "note.storm_none_own": "{card}: none of your properties has buildings; nothing happens.",
    "note.storm_none_other": "{card}: no other player's property has buildings; nothing happens.",
    "note.storm_hit": lambda p: (
        f"{p['card']}: one building comes off every {p['group']} lot of {p['owner']}."
        if p.has("group")
        else f"{p['card']}: one building comes off {p['owner']}'s property."
    ),
    "note.says_no": "{player} says NO!",
    "note.card_cannot_buy": "{player} no longer has the price of {space}: the card buys nothing.",
    "note.comped_room": "Comped Room: {player} pays no rent on {space}.",
    "note.bankrupt": "{player} is bankrupt; their assets go to {to}.",
    "note.bankrupt_auctions": "The Bank auctions the properties it took from {player}, one after another.",
    # Transfer reasons
    "reason.starting_cash": "starting cash",
    "reason.table_cash": "cash at the table",
    "reason.table_pool": "the Pool at the table",
    "reason.bail": "jail bail",
    "reason.salary.passing": "passing {space}",
    "reason.salary.landing": "landing on {space}",
    "reason.tax": "{space}",
    "reason.taxi_fare": "taxi fare",
    "reason.tax_refund": "Tax Refund: half the Pool",
    "reason.buy": "buying {space}",
    "reason.buy_with_card": "buying {space} ({card})",
    "reason.auction": "auction of {space}",
    "reason.auction_share": "auction of a share of {company}",
    "reason.auction_building": "auction of {pile}",
    "reason.birthday_gift": "Birthday Gift",
    "reason.squeeze_play": "Squeeze Play",
    "reason.roll_three": "Roll Three",
    "reason.stock_exchange": "Stock Exchange",
    "reason.dividend": "{why}: {company} dividend",
    "reason.buy_share": "buying a share of {company}",
    "reason.rent": "rent for {space}",
    "reason.card": "{card}",
    "reason.game_night": "Game Night",
    "reason.excellent_accounting": "Excellent Accounting: all of the Pool",
    "reason.house_condemned": "House Condemned",
    "reason.share_good_fortune": "Share in Their Good Fortune",
    "reason.card_claim": "{card}: {space}",
    "reason.build": "building on {space}",
    "reason.sell_building": "selling a building on {space}",
    "reason.sell_down": "the {group} group sold down",
    "reason.mortgage": "mortgaging {space}",
    "reason.mortgage_share": "mortgaging a share of {company}",
    "reason.unmortgage": "lifting the mortgage on {space}",
    "reason.unmortgage_share": "lifting the mortgage on a share of {company}",
    "reason.trade": "trade",
    "reason.mortgage_interest": "interest on mortgaged {space}",
    "reason.bankruptcy": "bankruptcy of {player}",
    "reason.buildings_sold_back": "buildings on {space} sold back",
}
