"""Every message code and the kinds of its parameters: the part of a message no language owns.

A message is a code and its parameters, JSON primitives: ``{"code": "reason.rent", "params":
{"space": "middle:39"}}``. Each language's catalogue (``companion/locales/<lang>/LC_MESSAGES/
messages.po``) words every code; the kind of a parameter says how it is shown (``companion.messages.rendering``):

``text``      shown as it is                  ``int``      a number: ``3``
``money``     dollars: ``$1,500``            ``player``   a player's name
``account``   a player, the Bank or the Pool  ``players``  names: ``Ann, Bob and Cy``
``space``     a space key (``outer:24``) or a property's name, shown as its printed name
``track``     ``outer``, ``middle``, ``inner``  ``group``    a colour group: ``dark blue``
``pile``      one building of a pile of the Bank's: ``houses`` is ``a house``
``card``      a Chance or Community Chest card id, shown as its title (``{card:effect}``: its text)
``voucher``   a Travel Voucher id, shown as its label  ``deck``  ``chance``, ``travel_voucher``...
``company``   a Stock Exchange company         ``combo``    Roll Three dice: ``1-3-6``
``roll``      ``[d1, d2, speed]``: ``3+4 and Mr. Monopoly``   ``among``  a card's choice of spaces
``level``     a holding's buildings, 1 to 6: ``2 houses``, ``a hotel``, ``a skyscraper``
``command``   a command's type, shown as a noun: ``bid`` is ``the bid``
``message``   a nested message (a transfer's reason); old logs hold its English text instead
``decision``  a decision (its JSON), shown as its sentence
``flag``      true or false, for a catalogue's own choice of words
``why``       why a token rides or moves directly (``companion.rules.movement.REASONS``), shown as
              the code ``referee.why.<reason>`` said with the message's own parameters
``route``     whether a bonus move rides transit stations (M2): ``riding transit stations``

A kind ending in ``?`` marks a parameter that may be left out.

Where each code comes from (the English sentence of each code is its ``msgid`` in the English
catalogue, ``companion/locales/en/LC_MESSAGES/messages.po``, worded as the banker worded it
before codes):

- ``event.*`` with a type's name (``event.transfer``, ``event.holding``, ``event.moved``,
  ``event.drew``, ``event.order_rolled``, ``event.undone``, ``event.decision``,
  ``event.game_started``; ``event.seat.*`` for the facts about a player, ``jailed``,
  ``released``, ``jail_roll_failed``, ``went_bankrupt``, ``direction_reversed``,
  ``subway_ride_due``, ``turn_lost``, ``turn_missed``, and the ``seat`` patches of older logs):
  not stored; :func:`companion.messages.render_event` words an event without a code (or stored
  text) from its fields with them.
- Every other code is stored by the banker: an event's ``code`` (worded from its fields and its
  ``params``), a ``note``, a decision's ``code``, a transfer's ``reason``. The comment on each
  names the function of ``companion.banker`` that says it (``turns._start_turn``...), or the
  space rule of ``companion.editions.rules`` (``rules/tax``); moves name
  the resolver of ``companion.rules.movement`` whose headline they word.

The referee's notes (:class:`companion.rules.movement.Note`) are codes too, not listed in
:data:`CODES`: ``referee.<note code>`` for each of the resolver's notes and the space rules'
(``companion.rules.movement.NOTE_CODES``, which each rule's ``@landing(notes=...)`` fills), and
``referee.why.<reason>`` for each reason of a ride or a direct move. A note declares the names of
its parameters; their kinds follow from the names (:data:`NOTE_KINDS`), so a new space rule's
note takes its catalogue lines and nothing here (:func:`kinds_of`).

An option (``option.*``, :mod:`companion.banker.options`) carries its words as its ``code``
and ``params``: a front end renders them on the option's button.

An effect played against a player (``action.*``, :func:`companion.banker.keptcards.action_of`)
is said inside the decision that lets them refuse it with Just Say NO! (``ask.respond``'s
``action``).

A card the companion does not list (E3, ``companion.rules.cards.Unlisted``) is named by its
title, or without one by its effect: ``unlisted.*``, one code per effect, said by the renderer
for a ``card`` parameter (``rendering._card``).

Moves (``move.*``) are :attr:`companion.rules.movement.Resolution.code` and ``params``, the
headline its :attr:`~companion.rules.movement.Resolution.summary` gives in English; the ``moved``
event also keeps each step's kind beside its space: ``kinds`` (one of :data:`STEP_KINDS` for
each key of ``path``).
"""

from __future__ import annotations

from collections.abc import Mapping

#: The kind of each step of a move: entered the next space ahead (``walk``) or behind
#: (``back``, Reverse Direction and cards that move back), rode a transit station to the linked
#: track (``ride``: the same station, another track), went through the Holland Tunnel, rode the
#: Subway, took a taxi, moved directly (a card, triples by the house rule), or went to jail.
STEP_KINDS = ("walk", "back", "ride", "tunnel", "subway", "taxi", "direct", "jail")

KINDS = frozenset(
    {
        "text",
        "int",
        "money",
        "player",
        "account",
        "players",
        "space",
        "track",
        "group",
        "card",
        "voucher",
        "deck",
        "company",
        "combo",
        "roll",
        "among",
        "pile",
        "message",
        "decision",
        "flag",
        "level",
        "command",
        "why",
        "route",
    }
)

_P = {"player": "player"}
_PC = {"player": "player", "card": "card"}

CODES: Mapping[str, Mapping[str, str]] = {
    # -- Events, worded from their fields (history) -------------------------------------------
    "event.transfer": {"from": "account", "to": "account", "amount": "money", "reason": "message"},
    # The same payment by several players at once (a Squeeze Play, a Birthday Gift), said once
    # on the table: rendering.render_transfers.
    "event.transfers.each": {
        "from": "players",
        "to": "account",
        "amount": "money",
        "reason": "message",
    },
    "event.holding": {
        "property": "space",
        "owner": "player",
        "level": "level",
        "improved": "flag",
        "mortgaged": "flag",
    },
    "event.holding.back": {"property": "space"},
    # A Hurricane or Tornado on a railroad or cab company (no colour group): the holding event
    # that takes the owner's depot or stand off carries the code, ``card`` and ``owner``.
    "event.holding.storm_depot": {"property": "space", "card": "card", "owner": "player"},
    "event.holding.storm_cab_stand": {"property": "space", "card": "card", "owner": "player"},
    "event.seat.jailed": _P,
    "event.seat.freed": _P,
    "event.seat.jail_try": {"player": "player", "tries": "int"},
    "event.seat.bankrupt": _P,
    "event.seat.reverse": _P,
    "event.seat.subway": _P,
    "event.seat.skip_turns": {"player": "player", "turns": "int"},
    "event.moved": {"player": "player", "to": "space"},
    "event.drew": {"player": "player", "title": "text"},
    "event.order_rolled": {"player": "player", "total": "int"},
    "event.undone": {"command": "int", "type": "command", "player": "player?"},
    "event.decision": {"decision": "decision"},
    "event.game_started": {"players": "players"},
    # -- Events that carry a code ---------------------------------------------------------------
    "event.turn": _P,  # turns._start_turn: "{player}'s turn."
    "event.rolled": {"player": "player", "dice": "roll"},  # turns._roll
    "event.order_set": {"player": "player", "order": "players"},  # turns._cmd_order_roll
    "event.game_over.last_player": {"winner": "player"},  # engine._game_over
    "event.game_over.time_up": {"winner": "player"},  # assets.end_game
    # rentdue: rent its owner must claim (E2, house rule rent_claimed_by_owner)
    "event.rent_claimable": {
        "payer": "player",
        "owner": "player",
        "space": "space",
        "amount": "money",
        "until": "player",
    },
    "event.rent_claimed": {
        "payer": "player",
        "owner": "player",
        "space": "space",
        "amount": "money",
    },
    "event.rent_lapsed": {
        "payer": "player",
        "owner": "player",
        "space": "space",
        "amount": "money",
    },
    "event.drew.card": _PC,  # spaces._cmd_draw: "{player} drew {title}: {effect}"
    "event.drew.another": _PC,  # spaces._cmd_draw: E3, an unlisted card without a title
    "event.drew.voucher": {
        "player": "player",
        "card": "voucher",
    },  # tx.take_voucher
    "event.drew.roll_three": {
        "player": "player",
        "card": "combo",
    },  # rules/roll_three
    "event.shares.gets": {"player": "player", "company": "company"},  # tx.give_share
    "event.shares.crash": {},  # cards/stock_crash
    # -- Moves: the moved event's headline (Resolution.summary) --------------------------------
    # resolve_roll: "{roll}: move {count} from {from} to {to}[; [if {last} is bought or sold at
    # auction, ]you end on {end}]."
    "move.roll": {
        "roll": "roll",
        "count": "int",
        "from": "space",
        "to": "space",
        "end": "space?",
        "last": "space?",
    },
    "move.roll_back": {
        "roll": "roll",
        "count": "int",
        "from": "space",
        "to": "space",
        "end": "space?",
        "last": "space?",
    },
    "move.third_doubles": {"roll": "roll"},  # resolve_roll, third doubles
    "move.jail_stay": {"roll": "roll", "attempt": "int"},  # _jail_roll
    "move.jail_doubles": {"roll": "roll", "count": "int", "to": "space"},  # _jail_roll
    "move.jail_third": {"roll": "roll", "bail": "money", "count": "int", "to": "space"},
    "move.triples_choose": {"roll": "roll"},  # _triples without a space
    "move.triples": {"roll": "roll", "to": "space"},  # _triples
    "move.bonus": {"roll": "roll", "from": "space", "to": "space"},  # resolve_bonus
    "move.subway": {"to": "space"},  # resolve_subway
    "move.taxi": {"from": "space", "to": "space"},  # resolve_taxi
    "move.card": {"card": "card"},  # resolve_card: "{title}: {effect}"
    "move.card_still": {"card": "card"},  # resolve_card, a card that does not move
    "move.another": {"card": "card"},  # resolve_card: E3, an unlisted card without a title
    "move.voucher": {"voucher": "voucher", "to": "space"},  # resolve_voucher
    "move.direct": {"player": "player", "to": "space"},  # spaces._task_all_move
    "move.to_jail": _P,  # cards/jail_other
    # -- Decisions ------------------------------------------------------------------------------
    "ask.deal": _P,  # turns.deal_decision
    "ask.order_roll": _P,  # turns.ask_order_roll
    "ask.subway": _P,  # turns.ask_roll, on the Subway
    "ask.roll": _P,  # turns.ask_roll
    "ask.roll.in_jail": {"player": "player", "bail": "money"},  # turns.ask_roll, no jail card held
    "ask.roll.in_jail_card": {"player": "player", "bail": "money"},  # turns.ask_roll, a card held
    "ask.choose.triples": _P,  # turns._task_choose_triples
    "ask.choose.bonus_subway": _P,  # turns._task_bonus
    "ask.bus": {"player": "player", "space": "space"},  # turns._task_bonus
    "ask.end_turn": _P,  # turns._ask_end_turn
    "ask.raise_money": {  # debts._task_pay
        "player": "player",
        "creditor": "account",
        "amount": "money",
        "reason": "message",
        "short": "money",
    },
    "ask.raise_money.sell": {  # debts._task_pay: selling and mortgaging cover it (P13)
        "player": "player",
        "creditor": "account",
        "amount": "money",
        "reason": "message",
        "short": "money",
    },
    "ask.dice.utility": {"player": "player", "times": "int"},  # spaces._task_utility_roll
    "ask.buy_or_auction": {
        "player": "player",
        "space": "space",
        "price": "money",
    },  # auctions._task_offer
    "ask.auction.property": {  # auctions._ask_auction
        "space": "space",
        "high": "money",
        "leader": "player?",
        "waiting": "players",
    },
    "ask.auction.share": {  # auctions._ask_auction
        "company": "company",
        "high": "money",
        "leader": "player?",
        "waiting": "players",
    },
    "ask.auction.building": {  # auctions._ask_auction
        "pile": "pile",
        "high": "money",
        "leader": "player?",
        "waiting": "players",
    },
    "ask.building_shortage": {  # auctions._task_shortage
        "player": "player",
        "space": "space",
        "pile": "pile",
        "left": "int",
        "price": "money",
    },
    "ask.choose.place_building": {
        "player": "player",
        "pile": "pile",
    },  # auctions._task_place_building
    "ask.taxi": _P,  # spaces._task_taxi_offer
    "ask.draw.voucher": _P,  # vouchers._task_draw_voucher
    "ask.draw.card": {"player": "player", "deck": "deck"},  # spaces._task_draw_card
    "ask.draw.roll_three": _P,  # rules/roll_three
    "ask.gift": {"player": "player", "amount": "money"},  # rules/birthday_gift
    "ask.last_lot": {"player": "player", "space": "space", "level": "level"},  # rules/last_lot
    "ask.dice.squeeze_play": _P,  # rules/squeeze_play
    "ask.dice.squeeze_play_speed": _P,  # rules/squeeze_play, house rule P5
    "ask.dice.roll_three": _P,  # rules/roll_three
    "ask.stock": _P,  # rules/stock_exchange
    "ask.choose.auction_any": _P,  # rules/auction
    "ask.game_over": _P,  # engine._game_over, assets.end_game
    "ask.card_option": _PC,  # cards/move, either
    "ask.choose.card": {"player": "player", "card": "card", "among": "among"},  # cards/move
    "ask.dice.card": _PC,  # cards/move, roll_back
    "ask.stock.free": _PC,  # cards/free_share
    "ask.target.voucher": _PC,  # cards/take_voucher
    "ask.choose.storm_own": _PC,  # cards/storm
    "ask.choose.storm_other": _PC,  # cards/storm
    "ask.choose.seize": _PC,  # cards/seize
    "ask.choose.condemn": _PC,  # cards/condemn
    # ``action`` (what it does, an ``action.*`` message) is left out by logs written before it.
    "ask.respond": {"player": "player", "card": "card", "action": "message?"},  # keptcards
    # -- What an effect against a player does (the respond decision's ``action``) -------------
    "action.pay": {"player": "account", "to": "account", "amount": "money"},  # keptcards.action_of
    "action.hand_over": {"space": "space", "to": "player"},  # keptcards.action_of
    "action.swap": {"player": "player", "mine": "space", "theirs": "space"},  # cards/swap
    "action.jail": _P,  # cards/jail_other
    "action.no_rent": {"player": "player", "space": "space"},  # keptcards.action_of
    "action.voucher": {"player": "player", "to": "player"},  # keptcards.action_of
    "action.storm": {"group": "group"},  # cards/storm: said to the owner
    "action.storm_lot": {"space": "space"},  # cards/storm: said to the owner
    "action.buy_instead": {"player": "player", "space": "space", "amount": "money"},  # deal_buster
    "ask.rent": {  # rentdue.rent
        "player": "player",
        "amount": "money",
        "owner": "player",
        "space": "space",
        "card": "card",
    },
    "ask.dice.game_night": _P,  # cards/game_night
    # -- Options: the words of a decision's answer or an any-time action on its button -------
    # Each is given with its option (its "code" and "params" keys), by the options of the
    # decision kind named: the module of companion.banker that poses it (its CODES), a
    # function of companion.banker.options, or the rule of companion.editions.rules.
    "option.deal": {},  # turns
    "option.roll": {},  # turns, dice_option, _dice
    "option.bail": {"amount": "money"},  # turns
    "option.jail_card": {"card": "card"},  # turns
    "option.voucher.to": {"voucher": "voucher", "space": "space"},  # vouchers
    "option.voucher.ride": {"voucher": "voucher"},  # vouchers, a Free Cab Fare
    "option.voucher.stay": {"voucher": "voucher"},  # vouchers, a Free Cab Fare
    "option.end_turn": {},  # turns
    "option.choose_space": {},  # turns.any_space (triples, the Subway), _card_space
    "option.property": {"property": "space"},  # property_choice
    "option.property.price": {"property": "space", "amount": "money"},  # property_choice
    "option.property.refund": {"property": "space", "amount": "money"},  # property_choice
    "option.move": {"space": "space"},  # turns (the Bus)
    "option.take_voucher": {},  # turns (the Bus), rules/birthday_gift
    "option.buy": {"amount": "money"},  # auctions
    "option.auction": {},  # auctions
    "option.auction.pile": {"count": "int"},  # auctions
    "option.auction.last": {},  # auctions: the pile's last building (P11)
    "option.bid": _P,  # auctions
    "option.pass": _P,  # auctions
    "option.taxi": {"space": "space", "amount": "money"},  # spaces
    "option.no_taxi": {},  # spaces
    "option.draw.card": {"card": "card"},  # spaces
    "option.draw.voucher": {"voucher": "voucher"},  # vouchers
    "option.draw.roll_three": {},  # rules/roll_three
    "option.draw.another": {},  # spaces: E3, a card the companion does not list
    "option.gift": {"amount": "money"},  # rules/birthday_gift: the cash
    "option.last_lot.build": {"space": "space", "level": "level", "amount": "money"},  # last_lot
    "option.last_lot.spread": {"space": "space"},  # rules/last_lot
    "option.stock.buy": {"company": "company", "amount": "money"},  # stocks
    "option.stock.auction": {"company": "company"},  # stocks
    "option.pay": {"amount": "money", "payee": "account"},  # rentdue, debts
    "option.bankrupt": {},  # debts
    "option.card_option": {"number": "int"},  # _card_option
    "option.target": _P,  # _choose_player
    "option.accept": {},  # _respond
    "option.refuse": {"card": "card"},  # _respond
    "option.play_card": {"card": "card"},  # rentdue, _plays
    "option.play_card.property": {"card": "card", "property": "space"},  # _plays
    "option.play_card.lot": {"card": "card", "property": "space", "owner": "player"},  # _plays
    "option.play_card.share": {"card": "card", "company": "company"},  # _plays
    "option.build": {"property": "space", "amount": "money"},  # lot_option
    "option.sell_building": {"property": "space", "amount": "money"},  # lot_option
    "option.sell_down": {"property": "space", "amount": "money"},  # lot_option
    "option.mortgage": {"property": "space", "amount": "money"},  # lot_option
    "option.mortgage.share": {"company": "company", "amount": "money"},  # lot_option
    "option.unmortgage": {"property": "space", "amount": "money"},  # lot_option
    "option.unmortgage.share": {"company": "company", "amount": "money"},  # lot_option
    "option.end_game": {},  # anytime_options, by the time_limit house rule
    # anytime_options, by the rent_claimed_by_owner house rule (E2)
    "option.claim": {"payer": "player", "amount": "money", "space": "space"},
    # -- Notes ----------------------------------------------------------------------------------
    "note.order_tie": {"players": "players", "total": "int"},  # turns._cmd_order_roll
    "note.loses_turn": _P,  # turns.next_turn
    "note.doubles_again": _P,  # turns._task_doubles
    "note.bid": {"player": "player", "amount": "money"},  # auctions._cmd_bid
    "note.pass": _P,  # auctions._cmd_pass
    "note.auction_unsold.property": {"space": "space"},  # auctions._auction_next
    "note.auction_unsold.share": {"company": "company"},  # auctions._auction_next
    "note.auction_won.property": {"player": "player", "space": "space", "amount": "money"},
    "note.auction_won.share": {"player": "player", "company": "company", "amount": "money"},
    "note.auction_unsold.building": {"pile": "pile"},  # auctions._auction_next
    "note.auction_won.building": {"player": "player", "pile": "pile", "amount": "money"},
    "note.no_vouchers_left": {},  # vouchers._task_draw_voucher
    "note.vouchers_expired": {"player": "player", "count": "int"},  # tx.take_voucher (E5)
    "note.last_lot.spread": {"player": "player", "group": "group"},  # rules/last_lot
    "note.squeeze_play": {
        "player": "player",
        "total": "int",
        "amount": "money",
    },  # rules/squeeze_play
    "note.roll_three": {"player": "player", "dice": "combo"},  # rules/roll_three
    "note.game_night_tie": {"player": "player", "rival": "player", "total": "int"},  # game_night
    "note.takes_property": {
        "player": "player",
        "space": "space",
        "owner": "player",
    },  # cards/move (Taxi Wars)
    "note.card_nothing_to_pay": {"card": "card", "player": "player", "company": "company"},
    "note.lawyer": _PC,  # cards/lawyer: the card it cancels
    "note.card_no_voucher_holder": {"card": "card"},  # cards/take_voucher
    "note.storm_none_own": {"card": "card"},  # cards/storm
    "note.storm_none_other": {"card": "card"},  # cards/storm
    # ``group`` is left out by no version today; a log that holds a storm without one still reads.
    "note.storm_hit": {
        "card": "card",
        "group": "group?",
        "owner": "player",
    },  # cards/storm
    "note.says_no": _P,  # cards/refuse
    "note.card_cannot_buy": {"player": "player", "space": "space"},  # playcards.buy_instead
    "note.comped_room": {"player": "player", "space": "space"},  # rentdue.rent
    "note.bankrupt": {"player": "player", "to": "account"},  # assets.bankrupt
    "note.bankrupt_auctions": _P,  # assets.bankrupt: the Bank auctions what it took (P13)
    # -- Transfer reasons (nested in a transfer, a payment task and ask.raise_money) ------------
    "reason.starting_cash": {},  # engine.new_game
    "reason.table_cash": {},  # start.start_from_situation: a player's cash at the table
    "reason.table_pool": {},  # start.start_from_situation: the Pool at the table
    "reason.bail": {},  # turns._cmd_bail, moves._FOLLOW_UPS (pay_bail)
    "reason.salary.passing": {"space": "space"},  # moves.apply_move
    "reason.salary.landing": {"space": "space"},  # moves.apply_move
    "reason.tax": {"space": "space"},  # rules/tax: the tax space's name
    "reason.taxi_fare": {},  # moves._FOLLOW_UPS (pay_taxi_fare)
    "reason.tax_refund": {},  # rules/tax_refund
    "reason.buy": {"space": "space"},  # auctions._cmd_buy, cards/move (Taxi Wars)
    "reason.buy_with_card": {"space": "space", "card": "card"},  # playcards.buy_instead
    "reason.auction": {"space": "space"},  # auctions._auction_next
    "reason.auction_share": {"company": "company"},  # auctions._auction_next
    "reason.auction_building": {"pile": "pile"},  # auctions._auction_next
    "reason.birthday_gift": {},  # rules/birthday_gift
    "reason.squeeze_play": {},  # rules/squeeze_play
    "reason.roll_three": {},  # rules/roll_three
    "reason.stock_exchange": {},  # rules/stock_exchange (inside reason.dividend)
    "reason.dividend": {"why": "message", "company": "company"},  # tx.pay_dividends
    "reason.buy_share": {"company": "company"},  # stocks._cmd_stock
    "reason.rent": {"space": "space"},  # rentdue.rent
    "reason.card": {"card": "card"},  # a card's title: cardplay.card_reason
    "reason.game_night": {},  # cards/game_night
    "reason.excellent_accounting": {},  # cards/move
    "reason.house_condemned": {},  # cards/condemn
    "reason.share_good_fortune": {},  # cards/roll_three_share
    "reason.card_claim": {"card": "card", "space": "space"},  # cards/foreclose
    "reason.build": {"space": "space"},  # assets.build
    "reason.sell_building": {"space": "space"},  # assets.sell_building
    "reason.sell_down": {"group": "group"},  # assets.sell_down
    "reason.mortgage": {"space": "space"},  # assets.mortgage
    "reason.mortgage_share": {"company": "company"},  # assets.mortgage
    "reason.unmortgage": {"space": "space"},  # assets.unmortgage
    "reason.unmortgage_share": {"company": "company"},  # assets.unmortgage
    "reason.trade": {},  # assets.trade
    "reason.mortgage_interest": {"space": "space"},  # assets._move_assets
    "reason.bankruptcy": _P,  # assets.bankrupt
    "reason.buildings_sold_back": {"space": "space"},  # assets.bankrupt
    # -- E3: a card the companion does not list, named by its effect (rendering._card) ------
    "unlisted.collect": {"amount": "money"},
    "unlisted.pay": {"amount": "money", "payee": "account"},
    "unlisted.collect_each": {"amount": "money"},
    "unlisted.pay_each": {"amount": "money"},
    "unlisted.advance": {"space": "space"},
    "unlisted.nearest": {"kind": "text"},  # a kind without its own words below
    "unlisted.nearest.railroad": {},
    "unlisted.nearest.utility": {},
    "unlisted.nearest.cab_company": {},
    "unlisted.back": {"count": "int"},
    "unlisted.jail": {},
    "unlisted.keep_jail": {},
    "unlisted.repairs": {"house": "money", "hotel": "money"},
}


# -- The referee's notes ------------------------------------------------------------------------

#: The prefix of a referee's note's code: ``referee.step.ride`` says the note ``step.ride``.
NOTE_PREFIX = "referee."
#: The prefix of a reason's code (a ride's, a direct move's): ``referee.why.even_move``.
REASON_PREFIX = NOTE_PREFIX + "why."

#: The kind of each parameter a note may have, by its name; a name not here is ``text``.
NOTE_KINDS: Mapping[str, str] = {
    "space": "space",
    "to": "space",
    "track": "track",
    "amount": "money",
    "payee": "account",
    "player": "player",
    "count": "int",
    "times": "int",
    "doubles": "int",
    "card": "card",
    "voucher": "voucher",
    "reason": "why",
    "ride": "route",
    "even": "flag",
    "backwards": "flag",
    "double": "flag",
    "taxi": "flag",
    "speed": "flag",
    "goal": "text",
    "condition": "text",
}

#: What a reason names besides itself: a count of spaces, a card or a voucher.
_REASON_KINDS: Mapping[str, str] = {"count": "int?", "card": "card?", "voucher": "voucher?"}


def kinds_of(code: str) -> Mapping[str, str] | None:
    """The kinds of ``code``'s parameters (a ``?`` marks an optional one), or ``None`` for no
    code: the banker's from :data:`CODES`, a note's from the names its note declares (each may
    be left out: a sentence that shows a missing one is not said), a reason's.

    >>> kinds_of("reason.rent")
    {'space': 'space'}
    >>> dict(kinds_of("referee.salary.passing"))
    {'amount': 'money?', 'space': 'space?'}
    >>> kinds_of("referee.step.teleport") is None
    True
    """
    found = CODES.get(code)
    if found is not None or not code.startswith(NOTE_PREFIX):
        return found
    # The resolver sits above the words: its notes are read when a note is first said.
    from companion.rules.movement import NOTE_CODES, REASONS

    if code.startswith(REASON_PREFIX):
        return _REASON_KINDS if code.removeprefix(REASON_PREFIX) in REASONS else None
    names = NOTE_CODES.get(code.removeprefix(NOTE_PREFIX))
    if names is None:
        return None
    return {name: NOTE_KINDS.get(name, "text") + "?" for name in sorted(names)}


def referee_codes() -> tuple[str, ...]:
    """Every code of the referee's notes and reasons, the space rules' of every edition the
    companion ships included."""
    from companion.rules.movement import NOTE_CODES, REASONS

    notes = (NOTE_PREFIX + code for code in NOTE_CODES)
    return (*notes, *(REASON_PREFIX + reason for reason in REASONS))


def is_code(key: str) -> bool:
    """Whether a catalogue's ``key`` (its context less its case) is a code, or a word: a note's
    codes are known by their prefix, for a rule's notes may be loaded after the catalogue."""
    return key in CODES or key.startswith(NOTE_PREFIX)
