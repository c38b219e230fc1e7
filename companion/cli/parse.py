"""Every banker command, its fields with their types and limits, and the one parser of them.

A command reaches the engine as a JSON object (``{"type": "bid", "player": "Bob", "amount": 250}``).
People type it at the prompt as words, and the touchscreen builds it from taps; both go through
:func:`parse_line` or :func:`check` here first, so that the engine only ever sees fields of the
right type, within the game's limits, naming things that exist. A line that breaks a limit raises
:class:`CommandSyntaxError`: one line that names the field and the value (cut to a readable
length) and says what to type instead. Nothing has changed when it is raised.

The word syntax is ``TYPE [WORDS...] [key=value...] [as PLAYER]``. Words fill the fields by what
they look like (dice, an amount, one of a field's fixed choices, ``1-3-6`` for a Roll Three card),
and the remaining words name the one free-text field: a space, card, voucher, property, company or
player, by its printed name or a unique prefix, case-insensitive. ``key=value`` gives any field
explicitly; a JSON object is accepted too. ``decision=N`` names the id of the decision a command
answers. The commands come out typed (:mod:`companion.banker.commands`).

>>> from companion.banker.engine import new_game
>>> from companion.banker.state import replay
>>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
>>> parse_line("deal bus ticket 1-3-6", state)
Deal(player='Ann', voucher='voucher-bus-ticket', roll_three='1-3-6')
>>> parse_line("deal free cab fare 2 back 6-6-1 as bob", state)
Traceback (most recent call last):
...
companion.errors.IllegalCommandError: deal by Bob: the game waits for Ann (Ann: draw your starting Travel Voucher and Roll Three card, and tell me which.)

Why one file of about 950 lines: it is a table (each command's syntax, fields, help and example)
and the one reader of that table; the words a player types and the help that explains them stay
side by side.
"""

from __future__ import annotations

import difflib
import json
import re
import shlex
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from companion.banker.commands import Command, Dice, OrderRoll, Roll
from companion.banker.throws import command_for_throw
from companion.editions import Edition
from companion.errors import BadRollError, IllegalCommandError, shown
from companion.messages import render_decision
from companion.rules.board import Board
from companion.rules.cards import (
    UNLISTED_FORMS,
    CardDeck,
    UnlistedCardError,
    Voucher,
    is_unlisted,
    unlisted_from_words,
    unlisted_kinds,
)
from companion.rules.movement import Roll as DiceRoll

if TYPE_CHECKING:
    from companion.banker.state import GameState

#: The longest line the prompt reads; anything longer is refused before it is parsed.
MAX_LINE = 2000
#: The largest amount of money a command can name: far above any cash a game can hold.
MAX_AMOUNT = 1_000_000
#: The longest name, title or other text a field takes.
MAX_TEXT = 100
_SPEED_WORDS = {"mr": "mr", "mister": "mr", "m": "mr", "monopoly": "mr", "bus": "bus", "b": "bus"}


class CommandSyntaxError(IllegalCommandError):
    """A command that cannot be read: a field of the wrong type, out of range, or naming nothing."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a command: its JSON name, what it holds, and whether it may be left out."""

    name: str
    #: ``dice``, ``amount``, ``choice``, ``roll_three``, ``bool``, ``text``, or a named thing:
    #: ``space``, ``property``, ``card``, ``voucher``, ``player``, ``company``, ``asset`` (a
    #: property or a company), ``assets`` (one side of a trade).
    kind: str
    optional: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Spec:
    """A command type: its fields, one line of help, its syntax and an example."""

    type: str
    fields: tuple[Field, ...]
    help: str
    syntax: str
    example: str
    #: Who gives it when no ``as PLAYER`` is said: ``decision`` (the player the game waits for),
    #: ``owner`` (the owner of the property named), ``holder`` (of the card named), or
    #: ``named`` (never guessed: an auction bid or pass must say who).
    who: str = "decision"
    anytime: bool = False


def _fields(text: str) -> tuple[Field, ...]:
    """``"option:choice=move|voucher opponent:player?"``: name, kind, ``?`` if optional."""
    out = []
    for word in text.split():
        name, _, rest = word.partition(":")
        kind, _, choices = rest.partition("=")
        optional = kind.endswith("?")
        out.append(
            Field(name, kind.rstrip("?"), optional, tuple(choices.split("|")) if choices else ())
        )
    return tuple(out)


_READING = "reading:text?"
# One row a command: type, fields, syntax, example, help; then who gives it and whether it may
# be given at any time (see Spec).
# fmt: off
_TABLE: tuple[tuple[str, ...], ...] = (
    ("deal", "voucher:voucher roll_three:roll_three", "deal VOUCHER D-D-D", "deal bus ticket 1-3-6",
     "your starting Travel Voucher and Roll Three card, as drawn"),
    ("order_roll", f"dice:dice {_READING}", "order_roll D1 D2", "order_roll 5 3",
     "your roll of the two regular dice for the turn order"),
    ("roll", f"dice:dice {_READING}", "roll D1 D2 SPEED", "roll 3 4 mr",
     "your roll: two regular dice and the speed die (1, 2, 3, mr or bus); in jail two dice"),
    ("bail", "", "bail", "bail", "pay $50 to leave jail, then roll"),
    ("jail_card", "", "jail_card", "jail_card", "use a Get Out of Jail Free card, then roll"),
    ("choose", "space:space", "choose SPACE", "choose Boardwalk",
     "the space you choose (triples, the Subway, the Auction space, a card)"),
    ("bus", "option:choice=move|voucher", "bus move|voucher", "bus move",
     "the Bus: take a Travel Voucher, or make the move"),
    ("end_turn", "", "end_turn", "end_turn", "end your turn"),
    ("buy", "", "buy", "buy", "buy the property at its price"),
    ("auction", "", "auction", "auction", "let the Banker auction the property"),
    ("bid", "amount:amount", "bid AMOUNT as PLAYER", "bid 250 as Bob",
     "a bid in the auction: say who bids", "named"),
    ("pass", "", "pass as PLAYER", "pass as Cy", "leave the auction: say who passes", "named"),
    ("taxi", "space:space", "taxi SPACE", "taxi Free Parking",
     "take the taxi to Free Parking, a cab company or a transit station"),
    ("skip", "", "skip", "skip", "no taxi ride"),
    ("draw", "card:card", "draw TITLE | draw another EFFECT [TITLE]", "draw school fees",
     "the card you drew, by its printed title (or D-D-D for Roll Three); a card the companion "
     "does not list: draw another and its effect ('help draw')"),
    ("gift", "option:choice=cash|voucher", "gift cash|voucher", "gift cash",
     "Birthday Gift: the cash or a Travel Voucher"),
    ("last_lot", "option:choice=build|spread", "last_lot build|spread", "last_lot build",
     "the last lot of a group built on (Mega Edition): build it up, or spread the houses"),
    ("dice", f"dice:dice opponent:player? {_READING}", "dice D1 D2 [D3]", "dice 6 1 3",
     "the dice asked for (Squeeze Play, Roll Three, a utility, a card)"),
    ("stock", "company:company how:choice=buy|auction", "stock COMPANY buy|auction",
     "stock acme motors buy", "the share to buy at par, or to auction"),
    ("voucher", "voucher:voucher space:space? ride:bool?", "voucher TITLE [space=SPACE] [ride=yes]",
     "voucher bus ticket space=Boardwalk",
     "play a Travel Voucher you hold (space= for a Bus Ticket or Transit Token)"),
    ("pay", "", "pay", "pay", "pay what you owe"),
    ("bankrupt", "", "bankrupt", "bankrupt", "declare bankruptcy when selling and mortgaging cannot pay the debt: everything goes to the creditor"),
    ("option", "option:choice=1|2", "option 1|2", "option 1", "the option of a card that offers two"),
    ("target", "target:player", "target PLAYER", "target Bob", "the player a card is played against"),
    ("accept", "", "accept", "accept", "accept the card played against you"),
    ("refuse", "", "refuse", "refuse", "refuse it with Just Say NO!"),
    ("build", "property:property", "build PROPERTY", "build park place",
     "build one house (or hotel, skyscraper, depot, cab stand) on a property", "owner", "anytime"),
    ("sell_building", "property:property", "sell_building PROPERTY", "sell_building park place",
     "sell one building back to the Bank for half its cost", "owner", "anytime"),
    ("sell_down", "property:property", "sell_down PROPERTY", "sell_down park place",
     "the Bank is short of houses or hotels: sell the group's buildings down evenly until it can "
     "supply the rest", "owner", "anytime"),
    ("mortgage", "property:asset? company:company?", "mortgage PROPERTY|COMPANY", "mortgage baltic avenue",
     "mortgage a property or one share", "owner", "anytime"),
    ("unmortgage", "property:asset? company:company?", "unmortgage PROPERTY|COMPANY", "unmortgage baltic avenue",
     "lift a mortgage (its value plus 10%)", "owner", "anytime"),
    ("trade", "with:player give:assets? take:assets? lift:lots?",
     "trade PLAYER give ITEM, ITEM take ITEM [lift DEED, DEED] [as PLAYER]",
     "trade Bob give $200, Park Place take Boardwalk, 2 Acme Motors",
     "a trade both players agreed: what you give, what you take (and the mortgaged deeds their "
     "new owner lifts at once)", "decision", "anytime"),
    ("play_card", "card:card target:player? property:property? give:property? space:space? company:company?",
     "play_card TITLE [target=PLAYER] [property=PROPERTY]", "play_card see you in court target=Bob",
     "play a card you keep (target=, property=, give=, space=, company= as it needs)", "holder",
     "anytime"),
    ("end_game", "", "end_game", "end_game",
     "end the game now (time-limit house rule): the richest wins", "decision", "anytime"),
    ("claim", "payer:player space:space?", "claim PAYER [SPACE] [as OWNER]", "claim Ann",
     "claim the rent a player owes you before the second player after them rolls "
     "(house rule: rent must be claimed)", "claimant", "anytime"),
)
# fmt: on

SPECS: dict[str, Spec] = {
    row[0]: Spec(
        type=row[0],
        fields=_fields(row[1]),
        syntax=row[2],
        example=row[3],
        help=row[4],
        who=row[5] if len(row) > 5 else "decision",
        anytime=len(row) > 6,
    )
    for row in _TABLE
}

#: Other spellings people type for a command.
ALIASES = {"end": "end_turn", "sell": "sell_building", "lift": "unmortgage", "play": "play_card"}

_TRADE_KINDS = ("cash", "properties", "shares", "vouchers", "roll_three", "cards")


def spec_of(word: str) -> Spec:
    """The command a word names (``end-turn``, ``End_Turn`` and ``end`` are ``end_turn``)."""
    key = _fold_word(word)
    key = ALIASES.get(key, key)
    spec = SPECS.get(key)
    if key == "new_game":
        raise CommandSyntaxError(
            "new_game is how the log records the start of a game, not a command to give: start "
            "one with 'companion play --players A,B' (or --from a table situation)"
        )
    if spec is None:
        close = difflib.get_close_matches(key, [*SPECS, *ALIASES], n=3, cutoff=0.6)
        hint = f"; did you mean {_or(close)}?" if close else "; type 'help' for the commands"
        raise CommandSyntaxError(f"no command {shown(word)}{hint}")
    return spec


# -- Reading a line ----------------------------------------------------------------------------


def parse_line(line: str, state: GameState) -> Command:
    """A line typed at the prompt, as the checked command it gives in ``state``.

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    >>> parse_line('{"type": "deal", "voucher": "Transit Token", "roll_three": "6-1-3"}', state)
    Deal(player='Ann', voucher='voucher-transit-token', roll_three='1-3-6')
    """
    line = check_text(line)
    if line.startswith("{"):
        return check(_json_object(line), state)
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise CommandSyntaxError(f"cannot read {shown(line)}: {exc}; close the quotes") from None
    if not words:
        raise CommandSyntaxError("an empty command; type 'help' for the commands")
    spec = _as_asked(spec_of(words[0]), state)
    _expected(spec, state)
    rest = words[1:]
    player: str | None = None
    if len(rest) >= 2 and rest[-2].lower() == "as":
        player, rest = rest[-1], rest[:-2]
    if spec.type == "trade":
        return check(_trade_words(rest, player), state)
    if spec.type == "draw" and rest and rest[0].lower() == "another":
        card = _another_words(rest[1:], state)
        return check(
            {"type": "draw", **({"player": player} if player else {}), "card": card}, state
        )
    given: dict[str, Any] = {}
    free: list[str] = []
    for word in rest:
        key, eq, value = word.partition("=")
        if eq and key.lower() == "decision":
            if "decision" in given:
                raise CommandSyntaxError(f"{spec.type}: decision= is given twice")
            given["decision"] = value
        elif eq and key:
            field = _field(spec, key)
            if field.name in given:
                raise CommandSyntaxError(f"{spec.type}: {field.name}= is given twice")
            given[field.name] = _word_value(field, value, spec)
        else:
            free.append(word)
    _place(spec, free, given)
    return check({"type": spec.type, **({"player": player} if player else {}), **given}, state)


def parse_undo(line: str, state: GameState) -> tuple[str, int | None] | None:
    """The log's JSON for an undo, ``{"type": "undo", "player": "Ann", "undoes": 12}``, as (who
    takes back, the number of the command taken back, ``None`` when it does not say); ``None``
    for any other line. The prompt does the undo: it is not a command of the engine.

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> state = replay(new_game([{"name": "Ann"}, {"name": "Bob"}]))
    >>> parse_undo('{"type": "undo", "player": "", "undoes": 3}', state)
    ('', 3)
    >>> parse_undo("undo", state) is None
    True
    """
    line = check_text(line)
    if not line.startswith("{"):
        return None
    data = _json_object(line)
    if data.get("type") != "undo":
        return None
    unknown = sorted(str(k) for k in data if k not in ("type", "player", "undoes"))
    if unknown:
        raise CommandSyntaxError(
            f"undo has no field {shown(unknown[0])}; its fields: player, undoes"
        )
    spec = Spec("undo", (), "undo", "undo", "take back the last command")
    who = data.get("player", "")
    player = "" if who == "" else _player(who, state, spec, "player")
    undoes = data.get("undoes")
    if undoes is not None and (
        isinstance(undoes, bool) or not isinstance(undoes, int) or not 0 <= undoes < 10**9
    ):
        raise CommandSyntaxError(
            f"undo: undoes is the number of the command taken back, not {shown(undoes)}"
        )
    return player, undoes


def check_text(line: str) -> str:
    """A line within the limits of the prompt: short, printable text; returns it stripped."""
    if len(line) > MAX_LINE:
        raise CommandSyntaxError(
            f"a line of {len(line)} characters is too long (at most {MAX_LINE}); type a shorter command"
        )
    for ch in line:
        if "\ud800" <= ch <= "\udfff":
            raise CommandSyntaxError(
                "the line is not valid UTF-8 text; type it again (check the keyboard layout)"
            )
        if not ch.isprintable() and ch not in " \t":
            raise CommandSyntaxError(
                f"the line holds a control character ({ch!r}); type it again without it"
            )
    return line.strip()


def _json_object(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise CommandSyntaxError(f"cannot read the JSON {shown(line)}: {exc.msg}") from None
    except (RecursionError, ValueError):
        raise CommandSyntaxError(
            f"cannot read the JSON {shown(line)}: it nests too deep or holds too long a number"
        ) from None
    if not isinstance(data, dict):
        raise CommandSyntaxError(f"a command is a JSON object, not {shown(line)}")
    return data


def _field(spec: Spec, key: str) -> Field:
    for field in spec.fields:
        if field.name == key.lower():
            return field
    names = ", ".join(f"{f.name}=" for f in spec.fields) or "none"
    raise CommandSyntaxError(f"{spec.type} has no field {shown(key)}=; its fields: {names}")


def _word_value(field: Field, text: str, spec: Spec) -> Any:
    """A ``key=value`` word's value: lists for dice, JSON for a trade's side, else the text."""
    if field.kind == "dice":
        return text.replace(",", " ").split()
    if field.kind == "assets" and text.startswith("{"):
        return _json_object(text)
    if field.kind == "assets":
        return _assets_words(text, spec)
    return text


def _place(spec: Spec, words: Sequence[str], given: dict[str, Any]) -> None:
    """Fill the fields not given as ``key=value`` from the plain words, by what they look like."""
    open_ = [f for f in spec.fields if f.name not in given and f.name != "reading"]
    named = [f for f in open_ if f.kind not in _WORDLESS]
    dice = next((f for f in open_ if f.kind == "dice"), None)
    amount = next((f for f in open_ if f.kind == "amount"), None)
    combo = next((f for f in open_ if f.kind == "roll_three"), None)
    text: list[str] = []
    for word in words:
        low = word.lower()
        choice = next((f for f in open_ if f.kind == "choice" and low in f.choices), None)
        if choice is not None and choice.name not in given:
            given[choice.name] = low
        elif dice is not None and (_is_number(word) or low in _SPEED_WORDS or not named):
            given.setdefault(dice.name, []).append(word)
        elif amount is not None and amount.name not in given and _is_number(word):
            given[amount.name] = word
        elif combo is not None and combo.name not in given and re.fullmatch(r"\d-\d-\d", word):
            given[combo.name] = word
        else:
            text.append(word)
    if not text:
        return
    field = next((f for f in named if f.name not in given), None)
    if field is None:
        raise CommandSyntaxError(
            f"{spec.type}: {shown(' '.join(text))} is not understood here; type {spec.syntax!r}"
        )
    given[field.name] = " ".join(text)


_WORDLESS = ("dice", "amount", "choice", "bool", "roll_three", "assets", "lots")


def _is_number(word: str) -> bool:
    return bool(re.fullmatch(r"[0-9][0-9,]*", _without_currency(word)))  # E8: £400, 400€


def _without_currency(word: str) -> str:
    """``word`` without a currency symbol at either end (any, as Unicode classes them: ``Sc``)."""
    return word.strip("".join({c for c in word if unicodedata.category(c) == "Sc"}))


def _trade_words(words: Sequence[str], player: str | None) -> dict[str, Any]:
    """``trade Bob give $200, Park Place take Boardwalk``: who with, then what goes each way."""
    command: dict[str, Any] = {"type": "trade"}
    if player:
        command["player"] = player
    sides: dict[str, list[str]] = {"with": [], "give": [], "take": [], "lift": []}
    current = "with"
    for word in words:
        key, eq, value = word.partition("=")
        if eq and key.lower() == "decision":
            command["decision"] = value
        elif eq and key.lower() in sides:
            current = key.lower()
            sides[current].append(value)
        elif word.lower() in ("give", "take", "lift"):
            current = word.lower()
        else:
            sides[current].append(word)
    if sides["with"]:
        command["with"] = " ".join(sides["with"])
    for side in ("give", "take"):
        text = " ".join(sides[side]).strip()
        if text:
            command[side] = (
                _json_object(text) if text.startswith("{") else _assets_words(text, SPECS["trade"])
            )
    lift = " ".join(sides["lift"]).strip()
    if lift:
        command["lift"] = _assets_words(lift, SPECS["trade"])
    return command


def _assets_words(text: str, spec: Spec) -> list[str]:
    """One side of a trade in words: items separated by commas (resolved by :func:`check`)."""
    items = [part.strip() for part in text.split(",")]
    if any(not item for item in items):
        raise CommandSyntaxError(
            f"{spec.type}: {shown(text)} has an empty item; separate the items with commas"
        )
    return items


# -- Checking a command --------------------------------------------------------------------


def check(command: Mapping[str, Any], state: GameState) -> Command:
    """``command`` (a JSON object) with every field of the right type, in range, and naming
    what exists in ``state``, spelled as the engine wants it (ids, full names); the player
    filled in when the game itself says who it is.

    Raises :class:`CommandSyntaxError` naming the field otherwise; whether the command is
    allowed now is the engine's to say.
    """
    if not isinstance(command, Mapping):
        raise CommandSyntaxError(f"a command is a JSON object, not {shown(command)}")
    kind = command.get("type")
    if not isinstance(kind, str):
        raise CommandSyntaxError(f"a command needs a 'type' word, not {shown(kind)}")
    spec = spec_of(kind)
    _expected(spec, state)
    d = state.decision
    known = {"type", "player", "decision", *(f.name for f in spec.fields)}
    unknown = sorted(str(k) for k in command if k not in known)
    if unknown:
        names = ", ".join(f.name for f in spec.fields) or "none"
        raise CommandSyntaxError(
            f"{spec.type} has no field {shown(unknown[0])}; its fields: {names}"
        )
    out: dict[str, Any] = {"type": spec.type}
    who = command.get("player")
    if who is not None:
        out["player"] = _player(who, state, spec, "player")
    if command.get("decision") is not None:
        out["decision"] = _decision(command["decision"], spec)
    resolved: dict[str, Any] = {}
    for field in spec.fields:
        value = command.get(field.name)
        if value is None:
            if not field.optional:
                raise CommandSyntaxError(
                    f"{spec.type}: {field.name} is missing; type {spec.syntax!r}, e.g. {spec.example!r}"
                )
            continue
        resolved[field.name] = _resolve(field, value, spec, state, out.get("player"))
    if "player" not in out:
        out["player"] = _default_player(spec, state, resolved)
    if "dice" in resolved:
        _dice_count(spec, state, out["player"], resolved["dice"])
    if not spec.anytime and spec.who != "named" and out["player"] != d.player:
        raise IllegalCommandError(
            f"{spec.type} by {out['player']}: the game waits for {d.player} ({render_decision(d, edition=state.edition)})"
        )
    for field in spec.fields:
        if field.name in resolved:
            out[field.name] = _finish(field, resolved[field.name], spec, state, out["player"])
    if spec.type in ("mortgage", "unmortgage"):
        if out.get("property") in state.edition.deck.stock_names and "company" not in out:
            out["company"] = out.pop("property")
        if ("property" in out) == ("company" in out):
            raise CommandSyntaxError(
                f"{spec.type}: name one property or one company, e.g. {spec.example!r}"
            )
    typed = Command.from_json(out)
    if isinstance(typed, (Roll, OrderRoll)):
        return _typed_roll(typed)
    return typed


def _decision(value: Any, spec: Spec) -> int:
    """The id of the decision a command answers: a whole number."""
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 12:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CommandSyntaxError(
            f"{spec.type}: decision= is the number of the decision answered, not {shown(value)}"
        )
    return value


def _as_asked(spec: Spec, state: GameState) -> Spec:
    """``roll`` is what people say for any throw: the turn order's, or the dice a space asks for."""
    answers = state.decision.answers
    if spec.type == "roll" and "roll" not in answers:
        for kind in ("order_roll", "dice"):
            if kind in answers:
                return SPECS[kind]
    return spec


def _expected(spec: Spec, state: GameState) -> None:
    """Refuse a command the pending decision does not ask for, before reading its fields."""
    d = state.decision
    if state.over:
        raise IllegalCommandError(
            f"{spec.type}: the game is over, {state.winner} won; 'undo' takes back the last command"
        )
    if not spec.anytime and spec.type not in d.answers:
        waits = " or ".join(d.answers) or "nothing more"
        raise IllegalCommandError(
            f"{spec.type}: the game waits for {d.player} to {waits} ({render_decision(d, edition=state.edition)})"
        )


def _default_player(spec: Spec, state: GameState, fields: Mapping[str, Any]) -> str:
    """B13: who gives a command that does not say: only ever someone the game itself names."""
    d = state.decision
    if spec.who == "owner":
        holding = state.holdings.get(str(fields.get("property")))
        if holding is not None:
            return holding.owner
    if spec.who == "claimant":
        owners = {k.owner for k in state.claims if k.payer == fields.get("payer")}
        if len(owners) == 1:
            return owners.pop()
    if spec.who == "holder" and isinstance(fields.get("card"), tuple):
        holders = fields["card"][1]
        if len(holders) == 1:
            return str(holders[0])
    if spec.who == "named" or d.kind == "auction":
        # An auction waits for anyone still bidding: money is never credited by guess.
        still = ", ".join(d.data.get("bidders", ())) or "nobody"
        example = spec.example if spec.who == "named" else f"{spec.example} as Bob"
        raise CommandSyntaxError(f"{spec.type}: say who, e.g. {example!r} (still bidding: {still})")
    return d.player or state.turn


def _resolve(field: Field, value: Any, spec: Spec, state: GameState, player: str | None) -> Any:
    """A field's value checked for type and range; names found on the board or in the decks.

    Cards and vouchers that depend on who holds them are finished by :func:`_finish`.
    """
    kind = field.kind
    what = f"{spec.type}: {field.name}"
    if kind == "dice":
        return _dice(value, what, state.edition)
    if kind == "amount":
        return _amount(value, what)
    if kind == "bool":
        return _bool(value, what)
    if kind == "assets":
        if not isinstance(value, (Mapping, list)):
            raise CommandSyntaxError(f"{what} is a list of items, not {shown(value)}")
        return value
    if kind == "lots":
        if not isinstance(value, list):
            raise CommandSyntaxError(f"{what} is a list of properties, not {shown(value)}")
        return [_property(state.edition.board, _text(v, what), what) for v in value]
    if kind == "choice":
        # The log writes a card's option as a number ({"type": "option", "option": 2}).
        number = isinstance(value, int) and not isinstance(value, bool)
        text = str(value) if number else _text(value, what).lower()
        if text not in field.choices:
            raise CommandSyntaxError(f"{what} is {_or(field.choices)}, not {shown(value)}")
        return int(text) if text.isdigit() else text
    if kind == "card" and is_unlisted(value):
        return _another_id(str(value), state, what)
    text = _text(value, what)
    if kind == "roll_three":
        return _combo(text, what)
    if kind == "space":
        return space_ref(state.edition.board, text)
    if kind == "property":
        return _property(state.edition.board, text, what)
    if kind == "company":
        return _pick(text, {n: n for n in state.edition.deck.stock_names}, what, "company")
    if kind == "asset":
        names = {n: n for n in (*state.edition.board.properties, *state.edition.deck.stock_names)}
        return _pick(text, names, what, "property or company")
    if kind == "player":
        return _player(text, state, spec, field.name)
    if kind == "card":
        return _card(text, spec, state, player, what)
    return text  # a voucher (finished with its holder) or plain text


def _finish(field: Field, value: Any, spec: Spec, state: GameState, player: str) -> Any:
    """What needs the player: the vouchers they hold, a trade's items, a held card's id."""
    what = f"{spec.type}: {field.name}"
    if field.kind == "card" and isinstance(value, tuple):
        return value[0]
    if field.kind == "voucher":
        if spec.type == "deal":
            return _voucher(
                state.edition.deck, value, {v: 1 for v in state.edition.deck.vouchers}, what
            )
        held = state.seat(player).vouchers if _seated(state, player) else ()
        return _voucher(state.edition.deck, value, {v: 1 for v in held}, what, holder=player)
    if field.kind == "assets":
        return _assets(value, what, state, player if spec.type == "trade" else "")
    return value


# -- Field kinds -----------------------------------------------------------------------------


def _dice(value: Any, what: str, edition: Edition) -> list[int | str]:
    values = value if isinstance(value, list) else None
    if values is None or not 1 <= len(values) <= 4:
        example = "3 4 mr" if edition.dice.has_speed_die else "3 4"
        raise CommandSyntaxError(f"{what} is 2 to 4 dice, e.g. {example}, not {shown(value)}")
    dice: list[int | str] = []
    for i, v in enumerate(values):
        word = (
            str(v).strip().lower() if isinstance(v, (str, int)) and not isinstance(v, bool) else ""
        )
        if word in _SPEED_WORDS and i == len(values) - 1 and i >= 2:
            dice.append(_SPEED_WORDS[word])
        elif word in ("1", "2", "3", "4", "5", "6"):
            dice.append(int(word))
        else:
            speed = edition.dice.speed_words if edition.dice.has_speed_die else ""
            raise CommandSyntaxError(
                f"{what}: a die shows 1 to 6"
                + (f" (the speed die {speed})" if speed else "")
                + f", not {shown(v)}"
            )
    return dice


def _typed_roll(command: Roll | OrderRoll) -> Roll | OrderRoll:
    """A roll's dice as the engine takes them: one typed roll, made here once, when they are
    two regular dice and a speed die's face (the engine refuses a face the edition's die
    lacks); else the list, for the engine to refuse in its words."""
    dice = command.dice
    if not isinstance(dice, list) or len(dice) not in (2, 3):
        return command
    try:
        roll = DiceRoll(*dice)
    except BadRollError:
        return command
    return replace(command, dice=roll)


def _dice_count(spec: Spec, state: GameState, player: str, dice: list[int | str]) -> None:
    """A roll's dice as the rules ask for them: the speed die, except for the turn order, in
    jail and in an edition without one; the speed die last."""
    speed = [d for d in dice if isinstance(d, str)]
    edition_dice = state.edition.dice
    if spec.type == "order_roll" and (len(dice) != 2 or speed):
        raise CommandSyntaxError(
            "order_roll: the turn order uses the two regular dice: order_roll D1 D2"
        )
    if spec.type != "roll":
        return
    if _seated(state, player) and state.seat(player).in_jail:
        if len(dice) != 2 or speed:
            then = "all three" if edition_dice.has_speed_die else "roll"
            raise CommandSyntaxError(
                f"roll: {player} is in jail and rolls the two regular dice: roll D1 D2 "
                f"(or 'bail' or 'jail_card' first, then {then})"
            )
    elif not edition_dice.has_speed_die:
        if len(dice) != 2:
            raise CommandSyntaxError(
                f"roll: {state.edition.name} has no speed die: give the two regular dice: roll D1 D2"
            )
    elif len(dice) != 3:
        raise CommandSyntaxError(
            f"roll: give the two regular dice and the speed die ({edition_dice.speed_words}): "
            "roll D1 D2 SPEED"
        )


def _amount(value: Any, what: str) -> int:
    if isinstance(value, str) and _is_number(value.strip()):
        digits = _without_currency(value.strip()).replace(",", "")
        value = int(digits) if len(digits) <= 9 else MAX_AMOUNT + 1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT:
        raise CommandSyntaxError(
            f"{what} is a whole number of dollars from 0 to {MAX_AMOUNT:,}, not {shown(value)}"
        )
    return value


def _bool(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    word = value.lower() if isinstance(value, str) else None
    if word in ("yes", "true", "y", "1", "on"):
        return True
    if word in ("no", "false", "n", "0", "off"):
        return False
    raise CommandSyntaxError(f"{what} is yes or no, not {shown(value)}")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CommandSyntaxError(f"{what} is a name or a word, not {shown(value)}")
    if len(value) > MAX_TEXT:
        raise CommandSyntaxError(
            f"{what}: {len(value)} characters is too long for a name (at most {MAX_TEXT})"
        )
    return check_text(value)


def _combo(text: str, what: str) -> str:
    dice = re.split(r"[\s,-]+", text.strip())
    if len(dice) != 3 or not all(d in ("1", "2", "3", "4", "5", "6") for d in dice):
        raise CommandSyntaxError(
            f"{what} is a Roll Three card's three dice like 1-3-6, not {shown(text)}"
        )
    return "-".join(sorted(dice))


def space_ref(board: Board, text: str) -> str:
    """A space as a command names it: its name when only one space has it, else ``TRACK:INDEX``
    (a transit station's name, on two tracks, is kept as it is: the engine knows the track).

    >>> from companion.editions import edition
    >>> board = edition("ultimate").board
    >>> space_ref(board, "boardw"), space_ref(board, "outer:38"), space_ref(board, "short line")
    ('Boardwalk', 'West Temple', 'Short Line')
    """
    folded = _fold(text)
    for name, spaces in board.properties.items():
        if len(spaces) > 1 and _fold(name) == folded:
            return name
    space = board.space(text)
    same = [s for s in board if s.name == space.name]
    return space.name if len(same) == 1 else space.key


def _property(board: Board, text: str, what: str) -> str:
    ref = space_ref(board, text)
    name = ref if ref in board.properties else board.space(ref).name
    if name not in board.properties:
        raise CommandSyntaxError(f"{what}: {name} is not a property; name a deed")
    return name


def _player(value: Any, state: GameState, spec: Spec, field: str) -> str:
    what = f"{spec.type}: {field}"
    text = _text(value, what)
    names = {s.name: s.name for s in state.seats}
    return _pick(text, names, what, "player")


def _seated(state: GameState, name: str) -> bool:
    return any(s.name == name for s in state.seats)


def _card(
    text: str, spec: Spec, state: GameState, player: str | None, what: str
) -> tuple[str, tuple[str, ...]] | str:
    """``draw``: a card of the deck being drawn from; ``play_card``: a card someone holds.

    For ``play_card`` the answer is (id, who holds one), so that the holder can be the player.
    """
    deck = state.edition.deck
    if spec.type == "draw":
        which = state.decision.data.get("deck") if state.decision.kind == "draw" else None
        if which == "roll_three":
            return _combo(text, what)
        if which == "travel_voucher":
            return _voucher(deck, text, {v: 1 for v in deck.vouchers}, what)
        cards = {c.title: c.id for c in deck.cards.values() if which in (None, c.deck)}
        return _pick(text, _titles(cards), what, "card")
    holders = [s for s in state.active if player in (None, s.name)]
    held = {deck.cards[c].title: c for s in holders for c in s.cards}
    if not held:
        who = player or "nobody"
        raise CommandSyntaxError(f"{what}: {who} holds no card to play")
    card_id = _pick(text, _titles(held), what, "card held")
    return card_id, tuple(s.name for s in holders if card_id in s.cards)


def _another_words(words: Sequence[str], state: GameState) -> str:
    """E3: ``draw another EFFECT ... [TITLE]``, the id of the card it enters."""
    d = state.decision
    deck = d.data.get("deck") if d.kind == "draw" else None
    if deck not in ("chance", "community_chest"):
        raise CommandSyntaxError(
            "draw another: a card the companion does not list is entered at a Chance or "
            "Community Chest draw"
        )
    try:
        return unlisted_from_words(words, str(deck), state.edition.board).id
    except UnlistedCardError as exc:
        raise CommandSyntaxError(f"draw {exc}") from None


def _another_id(card_id: str, state: GameState, what: str) -> str:
    """An unlisted card's id (the log's JSON), checked on the game's board."""
    try:
        return state.edition.deck.card(card_id).id
    except UnlistedCardError as exc:
        raise CommandSyntaxError(f"{what}: {exc}") from None


def _voucher(
    deck: CardDeck, text: str, allowed: Mapping[str, int], what: str, *, holder: str | None = None
) -> str:
    if holder is not None and not allowed:
        raise CommandSyntaxError(f"{what}: {holder} holds no Travel Voucher")
    names = {name: v for v in allowed for name in voucher_names(deck.vouchers[v])}
    noun = "Travel Voucher" + (f" {holder} holds" if holder else "")
    return _pick(text, _titles(names), what, noun)


def voucher_names(voucher: Voucher) -> list[str]:
    """Every way to name a voucher: its title, and for a Free Cab Fare ``2 ahead``/``2 back``."""
    title = voucher.label
    if not voucher.title.startswith("Free Cab Fare"):
        return [title]
    n = abs(voucher.steps)
    way = "ahead" if voucher.steps > 0 else "back"
    return [title, f"Free Cab Fare {n} {way}"] + (
        [f"Free Cab Fare {n}"] if voucher.steps > 0 else []
    )


def _titles(names: Mapping[str, str]) -> dict[str, str]:
    """Every spelling that names an id: the names given (name -> id) and the ids themselves."""
    out: dict[str, str] = {}
    for name, card_id in names.items():
        out.setdefault(card_id, card_id)
        out.setdefault(name, card_id)
    return out


def _assets(value: Any, what: str, state: GameState, giver: str) -> dict[str, Any]:
    """One side of a trade: a JSON object as the engine takes it, or a list of items in words
    (``$200``, ``Park Place``, ``2 Acme Motors``, ``1-3-6``, a voucher or card title)."""
    if isinstance(value, Mapping):
        unknown = sorted(str(k) for k in value if k not in _TRADE_KINDS)
        if unknown:
            raise CommandSyntaxError(
                f"{what}: no kind of asset {shown(unknown[0])}; trade {', '.join(_TRADE_KINDS)}"
            )
        return _json_assets(state.edition, value, what)
    seat = state.seat(giver) if _seated(state, giver) else None
    side: dict[str, Any] = {}
    deck = state.edition.deck
    for item in value:
        text = _text(item, what)
        if _is_number(text):
            side["cash"] = side.get("cash", 0) + _amount(text, what)
            continue
        match = re.fullmatch(r"(\d{1,2})\s*(?:x\s*|shares? of\s+)?(.+)", text, re.IGNORECASE)
        if re.fullmatch(r"\d-\d-\d", text):
            side.setdefault("roll_three", []).append(_combo(text, what))
        elif match and not _is_number(match.group(2)):
            company = _pick(match.group(2), {n: n for n in deck.stock_names}, what, "company")
            shares = side.setdefault("shares", {})
            shares[company] = shares.get(company, 0) + int(match.group(1))
        else:
            side_kind, name = _held_item(state.edition, text, what, seat)
            side.setdefault(side_kind, []).append(name)
    return side


def _held_item(edition: Edition, text: str, what: str, seat: Any) -> tuple[str, str]:
    """A property, share, voucher or card named in a trade, looked up among what can be traded."""
    deck = edition.deck
    names: dict[str, str] = {}
    kinds: dict[str, str] = {}
    for name in edition.board.properties:
        names[name], kinds[name] = name, "properties"
    for company in deck.stock_names:
        names[company], kinds[company] = company, "shares"
    for v in seat.vouchers if seat else ():
        for title in voucher_names(deck.vouchers[v]):
            names[title], kinds[title] = v, "vouchers"
    for c in seat.cards if seat else ():
        names[deck.cards[c].title], kinds[deck.cards[c].title] = c, "cards"
    key = _pick(text, {k: k for k in names}, what, "property, share, voucher or card")
    if kinds[key] == "shares":
        raise CommandSyntaxError(f"{what}: say how many shares, e.g. '1 {key}'")
    return kinds[key], names[key]


def _json_assets(edition: Edition, value: Mapping[str, Any], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key == "cash":
            out[key] = _amount(item, f"{what}.cash")
        elif key == "shares":
            if not isinstance(item, Mapping):
                raise CommandSyntaxError(f"{what}.shares is {{company: number}}, not {shown(item)}")
            out[key] = {
                _pick(_text(c, what), {n: n for n in edition.deck.stock_names}, what, "company"): (
                    _count(n, f"{what}.shares")
                )
                for c, n in item.items()
            }
        else:
            if not isinstance(item, list) or len(item) > 50:
                raise CommandSyntaxError(f"{what}.{key} is a list of names, not {shown(item)}")
            out[key] = [
                _property(edition.board, _text(i, what), what)
                if key == "properties"
                else _text(i, what)
                for i in item
            ]
    return out


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise CommandSyntaxError(f"{what} is a number of shares from 1 to 5, not {shown(value)}")
    return value


def _pick(text: str, names: Mapping[str, str], what: str, noun: str) -> str:
    """The value of the one name ``text`` means: exact, else a unique prefix, case and
    punctuation ignored; otherwise an error suggesting the closest names."""
    folded = _fold(text)
    by_fold: dict[str, set[str]] = {}
    for name, value in names.items():
        by_fold.setdefault(_fold(name), set()).add(value)
    exact = by_fold.get(folded)
    if exact is not None and len(exact) == 1:
        return next(iter(exact))
    found = {v for k, vs in by_fold.items() if folded and k.startswith(folded) for v in vs}
    if len(found) == 1:
        return next(iter(found))
    display = [n for n in names if not _looks_like_id(n)] or list(names)
    if len(found) > 1:
        first: dict[str, str] = {}  # one name a match: the first given, a voucher's label
        for n in display:
            first.setdefault(names[n], n)
        options = sorted(first[v] for v in found if v in first)
        raise CommandSyntaxError(f"{what}: {shown(text)} could be {_or(options)}; say which")
    close = difflib.get_close_matches(folded, [_fold(n) for n in display], n=3, cutoff=0.5)
    pretty = [n for n in display if _fold(n) in close][:3]
    hint = f"; did you mean {_or(pretty)}?" if pretty else ""
    raise CommandSyntaxError(f"{what}: no {noun} {shown(text)}{hint}")


def _looks_like_id(name: str) -> bool:
    return bool(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", name))


def _fold(name: str) -> str:
    return re.sub(r"[^a-z0-9&+-]+", " ", name.lower().replace("'", "")).strip()


def _fold_word(word: str) -> str:
    return word.strip().lower().replace("-", "_")


def _or(items: Iterable[str]) -> str:
    quoted = [f"'{i}'" for i in items]
    if not quoted:
        return "nothing"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def format_line(command: Command | Mapping[str, Any]) -> str:
    """A checked command (typed, or its JSON) as a prompt line that :func:`parse_line` reads back
    to the same command.

    >>> from companion.banker.commands import Bid
    >>> format_line(Bid("Bob", 250, decision=12))
    'bid decision=12 amount=250 as Bob'
    >>> format_line({"type": "draw", "player": "Ann", "card": "chance-go-to-jail"})
    'draw card=chance-go-to-jail as Ann'
    """
    if isinstance(command, Command):
        command = command.to_json()
    spec = SPECS[command["type"]]
    words = [spec.type]
    for key, value in command.items():
        if key in ("type", "player"):
            continue
        if key == "dice":
            words += [str(v) for v in value]
        elif isinstance(value, bool):
            words.append(f"{key}={'yes' if value else 'no'}")
        elif isinstance(value, (Mapping, list)):
            words.append(f"{key}={shlex.quote(json.dumps(value))}")
        else:
            known = key == "decision" or any(f.name == key for f in spec.fields)
            name = key if known else "property"
            words.append(f"{name}={shlex.quote(str(value))}")
    if "player" in command:
        words += ["as", shlex.quote(str(command["player"]))]
    return " ".join(words)


# -- Help ------------------------------------------------------------------------------------


def answers_now(state: GameState) -> list[Spec]:
    """The commands that answer the pending decision, in the order the decision lists them."""
    return [of_edition(SPECS[a], state.edition) for a in state.decision.answers if a in SPECS]


def of_edition(spec: Spec, edition: Edition) -> Spec:
    """``spec`` as the edition's dice and numbers word it: a roll of two dice in an edition
    without a speed die, the speed die's own faces otherwise, and the edition's bail.

    >>> from companion.editions import edition
    >>> of_edition(SPECS["roll"], edition("classic")).syntax
    'roll D1 D2'
    """
    if spec.type == "roll":
        dice = edition.dice
        if not dice.has_speed_die:
            return replace(
                spec, syntax="roll D1 D2", example="roll 3 4", help="your roll: the two dice"
            )
        return replace(
            spec,
            help=f"your roll: two regular dice and the speed die ({dice.speed_words}); "
            "in jail two dice",
        )
    if spec.type == "bail":
        bail = edition.numbers.bail
        return replace(spec, help=f"pay {edition.money.written(bail)} to leave jail, then roll")
    if spec.type == "build":
        supply = edition.board.building_supply
        kinds = [w for p, w in _BUILDING_WORDS if supply.get(p)]
        return replace(spec, help=f"build one house (or {', '.join(kinds)}) on a property")
    if spec.type == "trade" and not edition.deck.stock_names:
        give = edition.money.written(200)
        return replace(spec, example=f"trade Bob give {give}, Park Place take Boardwalk")
    return spec


#: The buildings besides houses, as the build command's help names them.
_BUILDING_WORDS = (
    ("hotels", "hotel"),
    ("skyscrapers", "skyscraper"),
    ("train_depots", "depot"),
    ("cab_stands", "cab stand"),
)


def syntax_now(spec: Spec, state: GameState) -> str:
    """How to type ``spec`` now: a roll from jail, or in an edition without the speed die,
    takes the two regular dice only."""
    d = state.decision
    if spec.type == "roll" and d.player and state.seat(d.player).in_jail:
        return "roll D1 D2"
    return of_edition(spec, state.edition).syntax


#: Any-time commands of a house rule, listed only in a game that plays it.
_HOUSE_RULE_COMMANDS = {"claim": "rent_claimed_by_owner"}


def anytime(state: GameState) -> list[Spec]:
    """The any-time commands, as ``state``'s edition words them: those of a house rule only
    when its game plays it, ``play_card`` only when its deck has cards to play."""
    playable = any(c.play and c.play[0].get("play") for c in state.edition.deck.cards.values())
    return [
        of_edition(s, state.edition)
        for s in SPECS.values()
        if s.anytime
        and (s.type != "play_card" or playable)
        and (
            s.type not in _HOUSE_RULE_COMMANDS or getattr(state.rules, _HOUSE_RULE_COMMANDS[s.type])
        )
    ]


def help_line(spec: Spec) -> str:
    return f"{spec.syntax}: {spec.help} (e.g. '{spec.example}')"


def help_text(spec: Spec, edition: Edition) -> str:
    """``help COMMAND``: what it does, its syntax, its fields and an example."""
    spec = of_edition(spec, edition)
    lines = [
        f"{spec.type}: {spec.help}.",
        f"  type:     {spec.syntax}",
        f"  example:  {spec.example}",
    ]
    if spec.fields:
        fields = [
            f"{f.name}={_KIND_WORDS[f.kind]}" + (" (optional)" if f.optional else "")
            for f in spec.fields
        ]
        lines.append("  fields:   " + ", ".join(fields))
    if spec.type == "draw":
        kinds = ", ".join(unlisted_kinds(edition.board))
        lines.append("  another:  a card the companion does not list, by its effect:")
        lines += [f"            draw another {form} [TITLE]" for form in UNLISTED_FORMS]
        lines.append(f"            (KIND: {kinds}; TITLE in quotes, or title=...)")
        lines.append('            e.g. draw another collect 50 "Bank pays you dividend"')
    if any(f.kind == "voucher" for f in spec.fields):
        titles = ", ".join(v.label for v in edition.deck.vouchers.values())
        lines.append(f"  vouchers: {titles}")
    if spec.anytime:
        lines.append("  any time the rules allow it, not only when asked")
    return "\n".join(lines)


_KIND_WORDS = {
    "dice": "dice",
    "amount": "dollars",
    "choice": "a word",
    "roll_three": "D-D-D",
    "bool": "yes|no",
    "text": "text",
    "space": "a space",
    "property": "a property",
    "card": "a card title",
    "voucher": "a voucher title",
    "player": "a player",
    "company": "a company",
    "asset": "a property or company",
    "assets": "items, comma-separated",
    "lots": "properties, comma-separated",
}


def reading_command(
    state: GameState, dice: Sequence[int], speed: str | None
) -> OrderRoll | Roll | Dice:
    """The command a throw of the dice answers in ``state``: the turn-order roll, a roll, or the
    dice a space or card asked for (:func:`companion.banker.throws.command_for_throw` decides).
    Raises :class:`CommandSyntaxError` when no dice are wanted, or not these.

    >>> from companion.banker.engine import new_game
    >>> from companion.banker.state import replay
    >>> reading_command(replay(new_game([{"name": "A"}, {"name": "B"}])), [3, 4], "mr")
    Traceback (most recent call last):
    ...
    companion.cli.parse.CommandSyntaxError: no dice are wanted now (A: draw your starting Travel Voucher and Roll Three card, and tell me which.)
    """
    faces: list[int | str] = [*dice, *([speed] if speed else [])]
    try:
        command = command_for_throw(state.decision, faces, dice=state.edition.dice)
    except CommandSyntaxError:
        raise
    except IllegalCommandError as exc:
        raise CommandSyntaxError(str(exc)) from None
    # The prompt answers the decision in force.
    return command if command.decision is None else replace(command, decision=None)
