"""What the screens show, as frozen values: pure functions of a game state and the language.

Every text here is already translated (``ui.i18n`` for the app's own words, the engine's
``companion.messages`` for its sentences) and every amount formatted, so a kv rule only binds
to a field. Nothing here imports Kivy, and nothing here changes a game: the controller
(:mod:`ui.controller`) calls these after each change and hands the result to the screens.

The screens never import ``companion``; this module is the one place that reads the engine's
state for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from companion.messages import (
    MessageError,
    card_words,
    language,
    render,
    render_decision,
    render_event,
    render_transfers,
)
from companion.messages.explain import explain, headline
from companion.rules import cards
from companion.rules.board import Board
from ui.edition import table_edition
from ui.i18n import LANGUAGES, N_, money, number, rewordable, translate, worded

if TYPE_CHECKING:
    from companion.banker.commands import Command
    from companion.banker.state import GameState
    from companion.editions import Edition, Numbers
    from companion.log.gamelog import LoggedCommand
    from companion.rules.table import Holding

Rgba = tuple[float, float, float, float]

#: A street's building levels (``companion.rules.table.BUILDING_LEVELS``), as the table says them.
LEVEL_WORDS = (
    N_("base rent"),
    N_("1 house"),
    N_("2 houses"),
    N_("3 houses"),
    N_("4 houses"),
    N_("hotel"),
    N_("skyscraper"),
)


#: The words of the buttons that open the vouchers held (with the places they reach, without,
#: and in a decision's dialog) and of the player sheet's list of them, by the kind every voucher of the edition's deck shares: the
#: Mega Edition's are all Bus Tickets (E5); a deck of several kinds (Ultimate's) has Travel
#: Vouchers.
VOUCHER_BUTTONS = {
    "bus_ticket": (
        N_("Use a Bus Ticket ({count} places)"),
        N_("Use a Bus Ticket"),
        N_("Use a Bus Ticket…"),
        N_("Bus Tickets"),
    ),
}
TRAVEL_VOUCHER_BUTTONS = (
    N_("Play a Travel Voucher ({count} places)"),
    N_("Play a Travel Voucher"),
    N_("Play a Travel Voucher…"),
    N_("Travel Vouchers"),
)


def voucher_buttons(played: Edition) -> tuple[str, str, str, str]:
    """The untranslated words of the vouchers' buttons in ``played`` (see
    :data:`VOUCHER_BUTTONS`)."""
    kinds = {v.kind for v in played.deck.vouchers.values()}
    only = kinds.pop() if len(kinds) == 1 else ""
    return VOUCHER_BUTTONS.get(only, TRAVEL_VOUCHER_BUTTONS)


#: The engine's default player colours (``companion.banker.engine.COLOURS``) and a few more.
NAMED_COLOURS: dict[str, str] = {
    "red": "#d32f2f",
    "blue": "#1976d2",
    "green": "#388e3c",
    "yellow": "#fbc02d",
    "orange": "#f57c00",
    "purple": "#7b1fa2",
    "white": "#f5f5f5",
    "black": "#212121",
    "pink": "#ec407a",
    "cyan": "#00acc1",
    "brown": "#6d4c41",
    "grey": "#9e9e9e",
    "gray": "#9e9e9e",
    "teal": "#00897b",
    "navy": "#1a237e",
    "lime": "#afb42b",
}


def rgba(colour: str | None, alpha: float = 1.0) -> Rgba:
    """A colour name (``red``) or ``#rrggbb`` as Kivy's RGBA floats; grey when unknown.

    >>> rgba("#ff0000")
    (1.0, 0.0, 0.0, 1.0)
    """
    text = NAMED_COLOURS.get(str(colour or "").strip().lower(), str(colour or ""))
    if len(text) == 7 and text.startswith("#"):
        try:
            r, g, b = (int(text[i : i + 2], 16) / 255 for i in (1, 3, 5))
        except ValueError:
            pass
        else:
            return (round(r, 4), round(g, 4), round(b, 4), alpha)
    return (0.62, 0.62, 0.62, alpha)


# -- The values ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerChip:
    name: str
    colour: Rgba
    token: str  # worded in the view's language ("Chien")
    cash: int
    cash_text: str
    is_turn: bool
    is_acting: bool
    bankrupt: bool
    where: str


@dataclass(frozen=True)
class Choice:
    """One answer to the decision: a big button. ``command`` is ready to send but for the
    ``free`` fields (a bid's amount, a card's pick, the dice), which a dialog fills in."""

    label: str
    command: Mapping[str, Any]
    free: Mapping[str, Any] | None
    facts: Mapping[str, Any]
    key: str
    #: Who gives it (an auction's bidder; otherwise the decision's player).
    player: str = ""

    @property
    def is_voucher(self) -> bool:
        """A Travel Voucher played to one of its destinations: one answer among dozens
        (every space ahead to the end of the side), picked from a list on the screen."""
        return self.command.get("type") == "voucher"

    @property
    def is_entry(self) -> bool:
        """One entry of a list the decision offers (a card to draw, a Travel Voucher's
        destination, a space, a taxi ride, a company's share, a player to target, a lot to
        sell or mortgage), picked on the screen: never a physical button's, which would pick
        whatever entry happens to come first."""
        return self.command.get("type") in LIST_ANSWERS


#: The physical buttons that answer a decision's choices (positions 1, 2, 3).
BUTTONS = 3
#: The command types of a list's entries (:attr:`Choice.is_entry`): the cards of a draw, a
#: Travel Voucher's destinations, the spaces or lots chosen, the taxi rides, the Stock
#: Exchange's shares, the players to target, and the sales and mortgages that raise a debt.
LIST_ANSWERS = frozenset(
    {
        "draw",
        "voucher",
        "choose",
        "taxi",
        "stock",
        "target",
        "build",
        "sell_building",
        "sell_down",
        "mortgage",
        "unmortgage",
    }
)
#: Answers no physical button gives: an irreversible one is a tap on the screen.
UNNUMBERED = frozenset({"bankrupt"})


@dataclass(frozen=True)
class DecisionView:
    id: int
    kind: str
    player: str
    prompt: str
    choices: tuple[Choice, ...]
    #: (count of regular dice, whether the speed die counts) when the decision wants dice.
    dice: tuple[int, bool] | None
    data: Mapping[str, Any]
    #: The indexes of the choices that the physical buttons 1, 2, 3 answer, in order: the
    #: decision's main actions (roll, pay bail, use a jail card, end the turn, buy...), never
    #: an entry of a list (a card drawn, a Travel Voucher's destination, a space), which is
    #: picked on the screen, nor bankruptcy.
    numbered: tuple[int, ...]

    def number_of(self, index: int) -> int:
        """The physical button (1-3) that answers the choice at ``index``, or 0 for none."""
        return self.numbered.index(index) + 1 if index in self.numbered else 0


def numbered_choices(choices: Sequence[Choice]) -> tuple[int, ...]:
    """The choices the physical buttons answer: the first :data:`BUTTONS` that are neither an
    entry of a list (:attr:`Choice.is_entry`) nor bankruptcy. A draw, a Subway ride or a
    taxi's destinations number none: they are picked on the screen.

    >>> roll = Choice("Roll the dice", {"type": "roll"}, None, {}, "roll")
    >>> bus = Choice("Bus Ticket to GO", {"type": "voucher", "space": "GO"}, None, {}, "voucher")
    >>> numbered_choices((roll, bus, bus, bus))
    (0,)
    >>> card = Choice("Travel Voucher: Bus Ticket", {"type": "draw", "card": "b"}, None, {}, "draw")
    >>> numbered_choices((card, card))
    ()
    """
    return tuple(
        i
        for i, choice in enumerate(choices)
        if not choice.is_entry and choice.command.get("type") not in UNNUMBERED
    )[:BUTTONS]


if TYPE_CHECKING:  # here, not with the imports above, which another change is moving
    from companion.rules.movement import Roll


@dataclass(frozen=True)
class Proposal:
    """A dice reading waiting for the table's confirmation (or correction)."""

    key: str
    faces: tuple[int | str, ...]
    faces_text: str
    label: str
    decision_id: int
    #: Seconds after which it is applied by itself unless corrected or cancelled (0: never).
    auto_confirm: int = 0
    #: That, in words ("Confirmed by itself in 5 s unless corrected"; "" when never).
    auto_text: str = ""
    #: The command the throw answers the decision with, made once from the reading
    #: (``command_for_throw``, holding the reading's typed roll) and applied as it is by
    #: Confirm; ``None`` for a proposal only shown (Confirm refuses it).
    command: Command | None = None
    #: The reader's typed roll, all its dice (the speed die too where the decision does not
    #: count it); ``None`` when the throw had no such roll (three regular dice).
    roll: Roll | None = None
    #: The decision the throw was read for, by its kind, player and question (in jail or
    #: not): the proposal follows only that decision posed again (an any-time command poses
    #: it under a new id).
    asked: tuple[str, str, str] = ("", "", "")


@dataclass(frozen=True)
class Flash:
    """One transfer of the last command, with both balances before and after."""

    text: str
    payer: str
    payer_before: str
    payer_after: str
    payee: str
    payee_before: str
    payee_after: str
    amount: int


@dataclass(frozen=True)
class MoveView:
    player: str
    path: tuple[str, ...]
    kinds: tuple[str, ...]
    sentence: str


@dataclass(frozen=True)
class TableView:
    lang: str
    players: tuple[PlayerChip, ...]
    pool_text: str
    bank_text: str
    status: str
    decision: DecisionView | None
    proposal: Proposal | None
    flashes: tuple[Flash, ...]
    move: MoveView | None
    notice: str
    over: bool
    winner: str | None
    can_undo: bool
    undo_text: str
    place: str
    #: Whether a game is loaded at all (the setup screen shows before one is).
    has_game: bool = True
    #: The dice module's state in words ("" when no module is wired).
    dice_status: str = ""
    #: Whether the last command in force is one Undo cannot take back but Correct can (a
    #: throw, a card drawn): the rail's Undo then offers the correction.
    can_correct: bool = False
    #: What the table must know of the dice module while it is away, with what to do ("Dice
    #: module unplugged: enter the dice on the screen"); "" while it reads the dice or none is
    #: wired. The table screen keeps it in view until the module is back.
    dice_banner: str = ""
    #: The short mark of a press or tap that came before the decision was shown and settled
    #: ("Too soon"), "" otherwise (``TableController``'s input gate).
    too_soon: str = ""
    #: The decision follows another without its player asking (a bonus move's purchase, a
    #: card's draw list): the table announces it (its panel flashes) before a press counts.
    announce: bool = False


@dataclass(frozen=True)
class SpaceView:
    key: str
    name: str
    track: str
    index: int
    colour: Rgba
    owner: str | None
    owner_colour: Rgba | None
    buildings: int | str
    mortgaged: bool
    price: int
    rent_text: str
    kind: str = ""
    #: The deed's lines (price, rents by level, mortgage), for the tap-a-space card.
    deed: tuple[str, ...] = ()
    #: A property at a glance, under its name when the map is tapped and beside a Free Cab
    #: Fare's destination: "Bob · Rent $25", or "For sale: $400" ("" for other spaces).
    glance: str = ""


@dataclass(frozen=True)
class BoardView:
    spaces: tuple[SpaceView, ...]
    tokens: Mapping[str, str]
    token_colours: Mapping[str, Rgba]
    path: tuple[str, ...]


@dataclass(frozen=True)
class Slot:
    """The place of one any-time action on a player's sheet (build, sell, mortgage, lift, on a
    lot or a company's shares): there whether the action can be done now (``choice``) or not
    (``None``: shown disabled), always with the same words, so that what a finger taps twice
    at one spot is the same action, never its reverse."""

    kind: str
    label: str
    choice: Choice | None = None


@dataclass(frozen=True)
class PropertyRow:
    name: str
    key: str
    colour: Rgba
    buildings: str
    mortgaged: bool
    #: The lot's actions in their fixed places, in pairs (build and sell, mortgage and lift).
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class PlayerSheet:
    name: str
    colour: Rgba
    token: str  # worded in the view's language
    cash: int
    cash_text: str
    net_worth_text: str
    where: str
    properties: tuple[PropertyRow, ...]
    shares: tuple[str, ...]
    vouchers: tuple[str, ...]
    roll_three: tuple[str, ...]
    jail_cards: tuple[str, ...]
    cards: tuple[str, ...]
    #: The any-time actions not tied to one property or share (kept cards, end the game).
    actions: tuple[Choice, ...]
    bankrupt: bool
    in_jail: bool
    #: Each company's shares held: mortgage and lift, in their fixed places.
    share_slots: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class HistoryRow:
    seq: int
    player: str
    text: str
    delta_text: str
    corrected: bool
    correction_of: int | None
    kind: str
    #: For a row an undo took back: the undo's number ("corrected by #n").
    corrected_by: int | None = None
    delta: int = 0
    colour: Rgba = (0.62, 0.62, 0.62, 1.0)


@dataclass(frozen=True)
class PlayerChange:
    """One player's cash and place before and after a correction."""

    name: str
    colour: Rgba
    cash_before: str
    cash_after: str
    where_before: str
    where_after: str
    changed: bool


@dataclass(frozen=True)
class CorrectionView:
    """A correction worked out and waiting for the table's yes: what command #``seq`` said
    and what it says instead, each player's money and place before and after, and how many
    later answers were played again or no longer apply."""

    seq: int
    was: str
    now: str
    changes: tuple[PlayerChange, ...]
    replayed: int
    dropped: int


@dataclass(frozen=True)
class RefereeView:
    sentence: str
    path: tuple[str, ...]
    explanation: tuple[str, ...]
    kinds: tuple[str, ...] = ()
    landing: str = ""
    error: str = ""


@dataclass(frozen=True)
class SetupChoices:
    """What a seat may pick at setup, from the engine's own lists, titles translated."""

    #: The engine's token and colour values: what ``start_game`` sends.
    tokens: tuple[str, ...]
    colours: tuple[tuple[str, Rgba], ...]
    #: The starting Travel Vouchers: (id, title shown), in the deck's order.
    vouchers: tuple[tuple[str, str], ...]
    #: The Roll Three cards the deck holds ("1-3-6").
    roll_three: tuple[str, ...]
    #: The house rules: (key, default, title, one line on what it changes).
    house_rules: tuple[tuple[str, bool, str, str], ...]
    min_players: int = 2
    max_players: int = 12
    #: Each token and colour: (the engine's value, its name shown), in the engine's order.
    token_labels: tuple[tuple[str, str], ...] = ()
    colour_labels: tuple[tuple[str, str], ...] = ()
    #: Whether the seats pick their starting Roll Three card and Travel Voucher (an edition
    #: that deals them: ``Edition.deals_starting_cards``).
    deals: bool = True


@dataclass(frozen=True)
class RegionChoice:
    """One regional board of an edition (ruling E8), as the set-up shows it: its name
    ("Paris"), its money's symbol, its dearest lot as the board prints it ("Rue de la Paix —
    400 €") and the board, drawn as the picture."""

    region: str
    name: str
    symbol: str
    sample: str
    board: Board


@dataclass(frozen=True)
class EditionChoice:
    """One edition a new game may be of, as the set-up shows it: its name, one line on its game
    (spaces, dice, starting cash) and its board, drawn as the picture."""

    id: str
    name: str
    summary: str
    board: Board
    #: Its regional boards, its own first; empty for an edition of one board.
    regions: tuple[RegionChoice, ...] = ()


@dataclass(frozen=True)
class Opening:
    """What the first screen says before anything is played: a fault of the game log in the
    table's words with what to do (``fault``: ``locked``, ``readonly``, ``full``, ``damaged``,
    ``unreadable``, or ``""``), and the game to resume, if any ("Resume: Ann, Bob, Cy, Dee (turn 41)")."""

    fault: str = ""
    message: str = ""
    resume_id: int | None = None
    resume_text: str = ""

    @property
    def can_play(self) -> bool:
        """Whether a game can be started or resumed on this game log now."""
        return not self.fault


@dataclass(frozen=True)
class DoctorLine:
    """One check of the installation as Settings shows it (``companion doctor``'s, in the
    table's language): ``status`` is ``ok``, ``fail`` or ``skip`` (does not apply); ``fix`` what
    to do, for a failed check only."""

    name: str
    status: str
    detail: str
    fix: str = ""


@dataclass(frozen=True)
class TradeItem:
    """One asset a player may put into a trade: ``kind`` is the trade command's key
    (``properties``, ``shares``, ``vouchers``, ``roll_three``, ``cards``), ``value`` what the
    command carries (the English property name, the company, the id, "1-3-6"), ``label`` what
    the button says. A mortgaged deed also carries what its new owner pays the Bank (002,
    *Mortgages*): ``lift`` to lift the mortgage at once (its value and the interest, the trade
    command's ``lift``), or ``interest`` now if it stays mortgaged; both 0 for anything else."""

    kind: str
    value: str
    label: str
    lift: int = 0
    interest: int = 0


# -- Words --------------------------------------------------------------------------------------


@rewordable
def space_name(ref: str, lang: str) -> str:
    """A space (``outer:9``) or property name in ``lang``; the reference itself if unknown."""
    board = table_edition().board
    try:
        name = ref if ref in board.properties else board.by_key(ref).name
    except Exception:  # noqa: BLE001 - a name the board does not know is shown as given
        return str(ref)
    return language(lang).words.get(f"space.{name}", name)


@rewordable
def card_title(card_id: str, lang: str) -> str:
    words, deck = language(lang, table_edition()).words, table_edition().deck
    if card_id in deck.cards:  # E8: on the table's board, in its money
        return card_words(card_id, lang, edition=table_edition())
    if card_id in deck.vouchers:
        return words.get(f"voucher.{card_id}", deck.vouchers[card_id].label)
    return str(card_id)


#: E3: the largest sum and the longest title a card entered from the "another card" menu takes.
UNLISTED_MOST, UNLISTED_TITLE = cards.UNLISTED_MOST, cards.UNLISTED_TITLE


def unlisted_id(menu: Mapping[str, Any], effect: str, values: Mapping[str, Any], title: str) -> str:
    """E3: the id of the card entered from the draw option's ``menu`` (``free.card.unlisted``)
    with ``effect``, its ``values`` by name and a title ("" for none), as the engine reads it."""
    needs = menu["effects"][effect]
    title = " ".join(title.split())[:UNLISTED_TITLE]
    return cards.Unlisted(menu["deck"], effect, tuple(values[n] for n in needs), title).id


def unlisted_said(card_id: str, lang: str) -> str:
    """A card entered from the "another card" menu as the history will say it: its title and
    its effect, or its effect alone."""
    unlisted = cards.unlisted(card_id, table_edition().board)
    if not unlisted.title:
        return card_title(card_id, lang)
    return render("move.card", {"card": card_id}, lang, edition=table_edition())


def unlisted_problem(card_id: str) -> str | None:
    """What is wrong with a card entered from the "another card" menu (E3) on the table's
    board (a count of spaces back beyond a lap), in the engine's words; None if nothing."""
    try:
        table_edition().deck.card(card_id)
    except cards.UnlistedCardError as exc:
        return str(exc)
    return None


def card_titles(card: Any) -> str:
    """A card's titles in every language of the app, for a search: the physical cards at a
    French table may be printed in French or in English."""
    return " ".join(dict.fromkeys(card_title(str(card), lang) for lang in LANGUAGES))


def space_names(key: Any) -> str:
    """A space's names in every language of the app, for a search."""
    return " ".join(dict.fromkeys(space_name(str(key), lang) for lang in LANGUAGES))


@rewordable
def kind_name(kind: str, lang: str) -> str:
    """A kind of space as the catalogue words it (``kind.<kind>``: "railroad", « gare »)."""
    return language(lang, table_edition()).words.get(f"kind.{kind}", kind.replace("_", " "))


@rewordable
def company_name(name: str, lang: str) -> str:
    return language(lang).words.get(f"company.{name}", name)


@rewordable
def account_name(name: str, lang: str) -> str:
    word = language(lang).words.get(f"account.{name}")
    if word is None:
        return name
    return word[:1].upper() + word[1:]


def faces_text(faces: Sequence[int | str], lang: str) -> str:
    """``3+4 and Mr. Monopoly``, ``6+6``, or ``1 3 6`` (three regular dice)."""
    regular = [f for f in faces if isinstance(f, int) and not isinstance(f, bool)]
    rest = [f for f in faces if not (isinstance(f, int) and not isinstance(f, bool))]
    if len(regular) == 2:
        return language(lang).roll(regular[0], regular[1], rest[0] if rest else None)
    return " ".join(str(f) for f in faces)


def _speed(face: Any) -> Any:
    """The speed die as the referee's ``Roll`` takes it: 1, 2, 3 as numbers, "mr", "bus"."""
    if isinstance(face, str):
        face = face.strip().lower()
        return int(face) if face.isdigit() else face
    return face


def sentence(code: str, params: Mapping[str, Any], lang: str) -> str:
    """An engine message in ``lang``, its spaces and amounts those of the board at the table
    (a Classic move names Classic's streets, in its money); its code in brackets if it cannot
    be worded."""
    try:
        return render(code, params, lang, edition=table_edition())
    except Exception:  # noqa: BLE001 - a message must never break a screen
        return f"({code})"


# -- Choices ------------------------------------------------------------------------------------


def option_words(option: Mapping[str, Any], lang: str) -> str:
    """The button's words for an option (of the decision, or an any-time action on a player's
    sheet): the message its maker gave it (``companion.banker.options``: its ``code`` and
    ``params``) in ``lang``, said again at a switch of language; an option without one (none
    the banker makes) shows its command's type."""
    code, params = option.get("code"), option.get("params") or {}
    kind = str(option["command"]["type"])
    if not isinstance(code, str):
        return kind

    def say(lang: str) -> str:
        played = table_edition()
        # The same options are worded at every redraw: each wording is kept in the board's
        # memo, by language, code and parameters (their values are text and numbers).
        memo = played.board.memo("ui.option_words")
        key: Any = (lang, code, *params.items())
        try:
            said: str | None = memo.get(key)
        except TypeError:  # a parameter that is a list: worded each time
            key, said = None, None
        if said is None:
            try:
                said = render(code, params, lang, edition=played)
            except MessageError:  # a newer banker's code: its command rather than no button
                return kind
            if key is not None:
                memo[key] = said
        return said

    return worded(say, lang)


def lot_action_text(
    command: Mapping[str, Any], events: Iterable[Mapping[str, Any]], lang: str
) -> str:
    """An any-time action on a lot or a share as done (``command`` and its ``events``), in the
    words of its button on the sheet, with the amount its transfers moved ("" for any other
    command): what Undo names, so that it says which lot and how much.

    >>> lot_action_text({"type": "build", "property": "Oriental Avenue"},
    ...     [{"type": "transfer", "from": "Ann", "to": "Bank", "amount": 50}], "en")
    'Build on Oriental Avenue ($50)'
    """
    from companion.banker.options import LOT_ACTIONS, lot_option

    if command.get("type") not in LOT_ACTIONS:
        return ""
    amount = sum(int(e["amount"]) for e in events if e.get("type") == "transfer")
    return option_words(lot_option(command, amount), lang)


#: An option's keys that are not facts to show: what it does, its free fields, who answers,
#: its words.
_NOT_FACTS = frozenset({"command", "free", "player", "code", "params"})


def make_choice(option: Mapping[str, Any], player: str, label: str) -> Choice:
    command = dict(option["command"])
    facts = {k: v for k, v in option.items() if k not in _NOT_FACTS}
    free = option.get("free") or None
    key = str(command["type"])
    for part in ("option", "how", "company", "space", "card", "voucher", "target", "property"):
        if part in command:
            key += f":{command[part]}"
    return Choice(label, command, free, facts, key, str(option.get("player", player)))


def decision_view(state: GameState, lang: str) -> DecisionView | None:
    from companion.banker.throws import wanted_dice

    d = state.decision
    if state.over:
        return None
    choices = tuple(
        make_choice(o, d.player, _with_landing(state, o, option_words(o, lang), lang))
        for o in d.options
    )
    wanted = wanted_dice(d)
    dice = None if wanted is None else (int(wanted["count"]), bool(wanted["speed"]))
    return DecisionView(
        d.id,
        d.kind,
        d.player,
        render_decision(d, lang, edition=state.edition),
        choices,
        dice,
        dict(d.data),
        numbered_choices(choices),
    )


def _with_landing(state: GameState, option: Mapping[str, Any], label: str, lang: str) -> str:
    """A Free Cab Fare's choice (stay on the track or change) with the space it lands on, as
    the referee works it out, and that space's owner and rent; other choices as they are."""
    command = option["command"]
    if command["type"] != "voucher" or "space" in command:
        return label
    from companion.rules.movement import resolve_voucher

    try:
        landing = resolve_voucher(
            state.edition.board,
            state.situation(),
            state.edition.deck.vouchers[command["voucher"]],
            player=state.decision.player,
            ride=bool(command.get("ride")),
            quiet=True,
        ).landing
    except Exception:  # noqa: BLE001 - the referee's preview is a courtesy
        return label
    return translate(
        "{choice}, to {space}", lang, choice=label, space=_glanced(state, landing.key, lang)
    )


def _glanced(state: GameState, key: str, lang: str) -> str:
    """A space's name with its owner and rent now, or its price (``Boardwalk (Ann · Rent $50)``)."""
    space = space_view(state, key, lang)
    return f"{space.name} ({space.glance})" if space.glance else space.name


# -- The table ----------------------------------------------------------------------------------


def player_chips(state: GameState, lang: str) -> tuple[PlayerChip, ...]:
    acting = {state.decision.player}
    if state.decision.kind == "auction":
        acting |= set(state.decision.data.get("bidders", ()))
    return tuple(
        PlayerChip(
            name=s.name,
            colour=rgba(s.colour),
            token=token_name(s.token or "", lang),  # the banker's players have one
            cash=state.cash.get(s.name, 0),
            cash_text=money(state.cash.get(s.name, 0), lang),
            is_turn=s.name == state.turn,
            is_acting=s.name in acting and not state.over,
            bankrupt=s.bankrupt,
            where=space_name(s.position.key, lang),
        )
        for s in state.seats
    )


def bank_text(state: GameState, lang: str) -> str:
    """The Bank's buildings left: houses and hotels, and skyscrapers in an edition whose Bank
    has some (Classic's has none)."""
    left = state.supply()
    if not state.edition.board.building_supply.get("skyscrapers"):
        return translate(
            "Bank: {houses} houses, {hotels} hotels",
            lang,
            houses=left.get("houses", 0),
            hotels=left.get("hotels", 0),
        )
    return translate(
        "Bank: {houses} houses, {hotels} hotels, {skyscrapers} skyscrapers",
        lang,
        houses=left.get("houses", 0),
        hotels=left.get("hotels", 0),
        skyscrapers=left.get("skyscrapers", 0),
    )


def status_text(state: GameState, lang: str) -> str:
    if state.over:
        return sentence("ask.game_over", {"player": state.winner or state.decision.player}, lang)
    if state.turn:
        return sentence("event.turn", {"player": state.turn}, lang)
    if state.decision.kind == "deal":
        return translate("Setting up: the starting cards", lang)
    return translate("Rolling for the turn order", lang)


def table_view(
    state: GameState,
    lang: str,
    *,
    proposal: Proposal | None = None,
    flashes: Sequence[Flash] = (),
    move: MoveView | None = None,
    notice: str = "",
    place: str = "table",
    can_undo: bool = False,
    undo_text: str = "",
    dice_status: str = "",
    can_correct: bool = False,
    dice_banner: str = "",
    too_soon: str = "",
    announce: bool = False,
) -> TableView:
    """The table screen: every player's cash, the Pool (in an edition with one), the Bank,
    the decision as buttons."""
    pool = translate("Pool {amount}", lang, amount=money(state.pool, lang))
    return TableView(
        lang=lang,
        players=player_chips(state, lang),
        pool_text=pool if state.edition.has_pool else "",
        bank_text=bank_text(state, lang),
        status=status_text(state, lang),
        decision=decision_view(state, lang),
        proposal=proposal,
        flashes=tuple(flashes),
        move=move,
        notice=notice,
        over=state.over,
        winner=state.winner,
        can_undo=can_undo,
        undo_text=undo_text,
        place=place,
        dice_status=dice_status,
        can_correct=can_correct,
        dice_banner=dice_banner,
        too_soon=too_soon,
        announce=announce,
    )


def empty_table_view(lang: str, *, notice: str = "", place: str = "setup") -> TableView:
    """The view before any game is loaded (the setup screen shows)."""
    return TableView(
        lang=lang,
        players=(),
        pool_text="",
        bank_text="",
        status=translate("No game yet: set up the table", lang),
        decision=None,
        proposal=None,
        flashes=(),
        move=None,
        notice=notice,
        over=False,
        winner=None,
        can_undo=False,
        undo_text="",
        place=place,
        has_game=False,
    )


def flashes_for(
    before: Mapping[str, int], events: Iterable[Mapping[str, Any]], lang: str
) -> tuple[Flash, ...]:
    """Each transfer among ``events``, with the payer's and payee's balances before and after
    it (``before``: the balances before the first event). The Bank's balance is left blank:
    it has no meaning at the table. Its ``text`` is its sentence; the same payment made by
    several players is one sentence, at the first of them ("" at the others)."""
    from companion.banker.ledger import BANK, POOL

    cash = dict(before)
    out = []
    transfers = [e for e in events if e.get("type") == "transfer"]
    for event, sentence in zip(
        transfers, render_transfers(transfers, lang, edition=table_edition()), strict=True
    ):
        payer, payee, amount = str(event["from"]), str(event["to"]), int(event["amount"])
        p0, q0 = cash.get(payer, 0), cash.get(payee, 0)
        cash[payer], cash[payee] = p0 - amount, q0 + amount

        def shown(account: str, value: int) -> str:
            return "" if account == BANK else money(value, lang)

        out.append(
            Flash(
                text=sentence or "",
                payer=account_name(payer, lang) if payer in (BANK, POOL) else payer,
                payer_before=shown(payer, p0),
                payer_after=shown(payer, cash[payer]),
                payee=account_name(payee, lang) if payee in (BANK, POOL) else payee,
                payee_before=shown(payee, q0),
                payee_after=shown(payee, cash[payee]),
                amount=amount,
            )
        )
    return tuple(out)


def move_for(events: Iterable[Mapping[str, Any]], lang: str) -> MoveView | None:
    """The last command's token moves (one player's, joined: a roll then its bonus move)."""
    moves = [e for e in events if e.get("type") == "moved"]
    if not moves:
        return None
    player = moves[-1]["player"]
    mine = [e for e in moves if e["player"] == player]
    path: list[str] = []
    kinds: list[str] = []
    for e in mine:
        path += [str(k) for k in e.get("path", ())]
        kinds += [str(k) for k in e.get("kinds", ())]
    played = table_edition()
    words = " ".join(w for w in (render_event(e, lang, edition=played) for e in mine) if w)
    return MoveView(player, tuple(path), tuple(kinds), words)


def order_found(events: Iterable[Mapping[str, Any]], lang: str) -> str:
    """The turn order in words once the order roll has found it (``Bob rolled highest and
    starts; the order of play: Bob, Cy and Ann.``), else ``""``; said again in the new
    language at a switch."""
    found = [e for e in events if e.get("type") == "order_set"]
    if not found:
        return ""
    played = table_edition()
    return worded(lambda lang: render_event(found[-1], lang, edition=played) or "", lang)


def proposal_label(state: GameState, faces: Sequence[int | str], lang: str) -> str:
    """What applying a throw does, in one sentence: the referee's answer for a turn's roll
    (``3+4 and Mr. Monopoly: move 7 from GO...``), else ``Apply 3+4``."""
    d = state.decision
    text = faces_text(faces, lang)
    if d.kind == "roll":
        try:
            from companion.rules.movement import Roll, resolve_roll

            regular = [f for f in faces if isinstance(f, int)]
            rest = [f for f in faces if not isinstance(f, int)]
            speed = rest[0] if rest and not state.seat(d.player).in_jail else None
            roll = Roll.from_json([regular[0], regular[1], _speed(speed)])
            result = resolve_roll(state.edition.board, state.situation(), roll, player=d.player)
            if result.code:
                return headline(result, lang, edition=state.edition)
        except Exception:  # noqa: BLE001 - the referee's preview is a courtesy
            pass
    return translate("Apply {faces}", lang, faces=text)


# -- The board ----------------------------------------------------------------------------------


def _buildings_text(level: int, improved: bool, kind: str) -> int | str:
    if kind == "street":
        if level == 5:
            return "H"
        if level == 6:
            return "S"
        return level
    return "D" if improved and kind == "railroad" else "C" if improved else 0


def rent_now(state: GameState, name: str, lang: str) -> str:
    """The rent the owner of ``name`` would charge now, in words ("" when unowned)."""
    h = state.holdings.get(name)
    space = state.edition.board.properties[name][0]
    if h is None:
        return ""
    if h.mortgaged:
        return translate("Mortgaged: no rent", lang)
    if space.kind == "street":
        return translate("Rent {amount}", lang, amount=money(space.rent[h.level], lang))
    if space.kind in ("railroad", "cab_company"):
        owned = sum(
            1
            for n in state.edition.board.properties_of_kind(space.kind)
            if state.owner(n) == h.owner and not state.holdings[n].mortgaged
        )
        amount = space.rent[max(0, min(owned, len(space.rent)) - 1)] * (2 if h.improved else 1)
        return translate("Rent {amount}", lang, amount=money(amount, lang))
    if space.kind == "utility":
        owned = sum(
            1
            for n in state.edition.board.properties_of_kind("utility")
            if state.owner(n) == h.owner
        )
        times = state.edition.board.utility_multipliers[
            max(0, min(owned, len(state.edition.board.utility_multipliers)) - 1)
        ]
        return translate("Rent {times} times the dice", lang, times=times)
    return ""


def deed_lines(name: str, lang: str) -> tuple[str, ...]:
    """The printed deed (price, rents, building cost, mortgage): the same for every state,
    so worded once per property and language (a board view shows 84 deeds) on the board of
    the edition at the table (its memo: another edition's, or another regional board's, in
    its own money, is worded apart)."""
    memo = table_edition().board.memo("ui.deed_lines")
    found = memo.get((name, lang))
    if found is None:
        found = memo[name, lang] = _deed_lines(name, lang)
    return found


def _deed_lines(name: str, lang: str) -> tuple[str, ...]:
    space = table_edition().board.properties[name][0]
    lines = [translate("Price {amount}", lang, amount=money(space.price, lang))]
    if space.kind == "street":
        labels = LEVEL_WORDS
        lines += [
            translate(
                "{level}: {amount}", lang, level=translate(label, lang), amount=money(amount, lang)
            )
            for label, amount in zip(labels, space.rent, strict=False)
        ]
        lines.append(
            translate("Buildings {amount} each", lang, amount=money(space.house_cost, lang))
        )
    elif space.kind in ("railroad", "cab_company"):
        lines += [
            translate("{count} owned: {amount}", lang, count=n, amount=money(amount, lang))
            for n, amount in enumerate(space.rent, 1)
        ]
    elif space.kind == "utility":
        lines += [
            translate("{count} owned: {times} times the dice", lang, count=n, times=m)
            for n, m in enumerate(table_edition().board.utility_multipliers, 1)
        ]
    lines.append(translate("Mortgage {amount}", lang, amount=money(space.mortgage, lang)))
    return tuple(lines)


def space_view(state: GameState | None, key: str, lang: str) -> SpaceView:
    bare = _bare_space(table_edition().board if state is None else state.edition.board, key, lang)
    if state is None:
        return bare
    space = state.edition.board.by_key(key)
    if not space.is_property:
        return bare
    h = state.holdings.get(space.name)
    if h is None:
        return bare
    return _owned_space(state, bare, h, lang, _seat_colours(state), _rent_counts(state))


def _seat_colours(state: GameState) -> dict[str, str | None]:
    """Each seat's colour as it was chosen (what an owned space's colour is made from)."""
    return {s.name: s.colour for s in state.seats}


def _rent_counts(state: GameState) -> dict[tuple[str, str], int]:
    """What :func:`rent_now` counts of an owner's other lots, by owner and kind: railroads and
    cab companies not mortgaged, utilities mortgaged or not; one pass over the holdings."""
    properties = state.edition.board.properties
    counts: dict[tuple[str, str], int] = {}
    for name, h in state.holdings.items():
        kind = properties[name][0].kind
        if kind == "utility" or (kind in ("railroad", "cab_company") and not h.mortgaged):
            counts[h.owner, kind] = counts.get((h.owner, kind), 0) + 1
    return counts


def _owned_space(
    state: GameState,
    bare: SpaceView,
    h: Holding,
    lang: str,
    colours: Mapping[str, str | None],
    counts: Mapping[tuple[str, str], int],
) -> SpaceView:
    """An owned space as ``bare`` with its holding ``h``: kept in the board's memo by what it
    is made from (the holding, the owner's colour, the count of the owner's lots its rent
    reads), so that a board view made after each command words again, rent included, only
    the spaces whose facts changed."""
    colour = colours.get(h.owner)
    shown = (bare.key, lang, h, colour, counts.get((h.owner, bare.kind), 0))
    memo = state.edition.board.memo("ui.owned_spaces")
    found: SpaceView | None = memo.get(shown)
    if found is None:
        space = state.edition.board.by_key(bare.key)
        rent = rent_now(state, space.name, lang)
        found = memo[shown] = replace(
            bare,
            owner=h.owner,
            owner_colour=rgba(colour),
            buildings=_buildings_text(h.level, h.improved, space.kind),
            mortgaged=h.mortgaged,
            rent_text=rent,
            glance=f"{h.owner} \u00b7 {rent}",
        )
    return found


def _bare_space(board: Board, key: str, lang: str) -> SpaceView:
    """A space as printed, with no owner: what depends on the board and the language only,
    worded once (a board view has 120 spaces; only the owned ones change with the game) and
    kept in the board's memo."""
    memo = board.memo("ui.bare_spaces")
    view: SpaceView | None = memo.get((key, lang))
    if view is None:
        view = memo[key, lang] = _word_bare_space(board, key, lang)
    return view


def _word_bare_space(board: Board, key: str, lang: str) -> SpaceView:
    space = board.by_key(key)
    colour = (
        rgba(board.group_colours.get(space.group or "")) if space.group else (0.93, 0.93, 0.9, 1.0)
    )
    return SpaceView(
        key=space.key,
        name=space_name(space.key, lang),
        track=space.track,
        index=space.index,
        colour=colour,
        owner=None,
        owner_colour=None,
        buildings=0,
        mortgaged=False,
        price=space.price,
        rent_text="",
        kind=space.kind,
        deed=deed_lines(space.name, lang) if space.is_property else (),
        glance=(
            translate("For sale: {amount}", lang, amount=money(space.price, lang))
            if space.is_property
            else ""
        ),
    )


def _bare_board(board: Board, lang: str) -> tuple[SpaceView, ...]:
    """Every space of ``board`` as printed, in its order, worded once per language."""
    memo = board.memo("ui.bare_boards")
    found: tuple[SpaceView, ...] | None = memo.get(lang)
    if found is None:
        found = memo[lang] = tuple(_bare_space(board, s.key, lang) for s in board.spaces)
    return found


def _board_order(board: Board) -> dict[str, int]:
    """Each space's place in ``board.spaces``, by key."""
    memo = board.memo("ui.board_order")
    if not memo:
        memo.update((s.key, i) for i, s in enumerate(board.spaces))
    return memo


def board_view(state: GameState | None, lang: str, *, path: Sequence[str] = ()) -> BoardView:
    """The map's view: the board as printed with the owned spaces put in (only those are
    looked at: the others are the board's printed views, shared by every view)."""
    board = table_edition().board if state is None else state.edition.board
    spaces = _bare_board(board, lang)
    if state is not None and state.holdings:
        at = _board_order(board)
        changed = list(spaces)
        colours, counts = _seat_colours(state), _rent_counts(state)
        for name, h in state.holdings.items():
            for space in board.properties[name]:
                i = at[space.key]
                changed[i] = _owned_space(state, spaces[i], h, lang, colours, counts)
        spaces = tuple(changed)
    seats = () if state is None else [s for s in state.seats if not s.bankrupt]
    return BoardView(
        spaces=spaces,
        tokens={s.name: s.position.key for s in seats},
        token_colours={s.name: rgba(s.colour) for s in seats},
        path=tuple(path),
    )


# -- Player sheets ------------------------------------------------------------------------------


def _level_words(level: int, improved: bool, kind: str, lang: str) -> str:
    if kind == "street":
        return translate(LEVEL_WORDS[level], lang) if level else ""
    if improved:
        return (
            translate("train depot", lang) if kind == "railroad" else translate("cab stand", lang)
        )
    return ""


#: A lot's action slots, by the kind of lot: build and sell, then mortgage and lift (a utility
#: has no buildings). Selling the group down (the Bank short of buildings) is a sale: it takes
#: the sell slot when no single building can be sold there.
_LOT_SLOTS: Mapping[str, tuple[str, ...]] = {
    "street": ("build", "sell_building", "mortgage", "unmortgage"),
    "railroad": ("build", "sell_building", "mortgage", "unmortgage"),
    "cab_company": ("build", "sell_building", "mortgage", "unmortgage"),
}
_MORTGAGE_SLOTS = ("mortgage", "unmortgage")


def _slot(
    kind: str, target: Mapping[str, str], value: int, choice: Choice | None, lang: str
) -> Slot:
    """A slot for ``kind`` on ``target`` (``{"property": name}`` or ``{"company": name}``),
    worded as the engine's option would be: ``value`` is the building's cost or the mortgage's
    value, from which the option's amount follows."""
    from companion.banker.options import lot_option

    if choice is not None:
        return Slot(kind, choice.label, choice)
    amount = {
        "build": value,
        "sell_building": value // 2,
        "mortgage": value,
        "unmortgage": table_edition().numbers.lift_cost(value),
    }[kind]
    return Slot(kind, option_words(lot_option({"type": kind, **target}, amount), lang))


def lot_slots(name: str, offered: Mapping[str, Choice], lang: str) -> tuple[Slot, ...]:
    """The fixed slots of lot ``name`` on its owner's sheet; ``offered`` holds the choices the
    engine offers on it now, by command type.

    >>> [s.label for s in lot_slots("Water Works", {}, "en")]
    ['Mortgage Water Works (+$75)', 'Lift the mortgage on Water Works ($83)']
    """
    kinds = _LOT_SLOTS.get(table_edition().board.properties[name][0].kind, _MORTGAGE_SLOTS)
    target = {"property": name}
    slots = []
    down = offered.get("sell_down")
    for kind in kinds:
        choice = offered.get(kind)
        if kind == "sell_building" and choice is None and down is not None:
            choice, down = down, None
        value = (
            table_edition().board.mortgage_value(name)
            if kind in _MORTGAGE_SLOTS
            else table_edition().board.building_cost(name)
        )
        slots.append(_slot(kind, target, value, choice, lang))
    if down is not None:  # both sales at once: the group's sale after the fixed slots
        slots.append(Slot("sell_down", down.label, down))
    return tuple(slots)


def share_slots(
    seat: Any, offered: Mapping[tuple[str, str], Choice], lang: str
) -> tuple[Slot, ...]:
    """Mortgage and lift for each company whose shares ``seat`` holds, in fixed slots;
    ``offered`` holds the engine's choices now by (command type, company)."""
    return tuple(
        _slot(kind, {"company": company}, par // 2, offered.get((kind, company)), lang)
        for company, par in table_edition().deck.par_values.items()
        if seat.shares.get(company)
        for kind in _MORTGAGE_SLOTS
    )


def player_sheet(state: GameState, player: str, lang: str) -> PlayerSheet:
    """One player's holdings and the any-time actions open to them now, each lot's and each
    share's in fixed slots (:class:`Slot`)."""
    from companion.banker.assets import net_worth
    from companion.banker.keptcards import kept_for
    from companion.banker.options import anytime_options

    seat = state.seat(player)
    options = anytime_options(state, player)
    by_property: dict[str, dict[str, Choice]] = {}
    by_company: dict[tuple[str, str], Choice] = {}
    other: list[Choice] = []
    for o in options:
        c = make_choice(o, player, option_words(o, lang))
        command = o["command"]
        kind = str(command["type"])
        if kind in ("play_card", "end_game", "claim"):
            other.append(c)
        elif "property" in command:
            by_property.setdefault(str(command["property"]), {})[kind] = c
        else:
            by_company[(kind, str(command["company"]))] = c
    rows = []
    for name, h in state.holdings.items():
        if h.owner != player:
            continue
        space = state.edition.board.properties[name][0]
        rows.append(
            PropertyRow(
                name=space_name(name, lang),
                key=space.key,
                colour=rgba(state.edition.board.group_colours.get(space.group or "")),
                buildings=_level_words(h.level, h.improved, space.kind, lang),
                mortgaged=h.mortgaged,
                slots=lot_slots(name, by_property.get(name, {}), lang),
            )
        )
    rows.sort(key=lambda r: (r.key.split(":")[0], int(r.key.split(":")[1])))
    shares = tuple(
        translate(
            "{company}: {count} ({mortgaged} mortgaged)",
            lang,
            company=company_name(c, lang),
            count=n,
            mortgaged=seat.mortgaged_shares.get(c, 0),
        )
        if seat.mortgaged_shares.get(c)
        else translate("{company}: {count}", lang, company=company_name(c, lang), count=n)
        for c, n in seat.shares.items()
        if n
    )
    frees = set(kept_for(state, player, "jail"))  # Get Out of Jail Free, by what it does
    jail = tuple(card_title(c, lang) for c in seat.cards if c in frees)
    cards = tuple(card_title(c, lang) for c in seat.cards if c not in frees)
    try:
        worth = net_worth(state, player)
    except Exception:  # noqa: BLE001 - a bankrupt seat holds nothing
        worth = state.cash.get(player, 0)
    return PlayerSheet(
        name=player,
        colour=rgba(seat.colour),
        token=token_name(seat.token or "", lang),  # the banker's players have one
        cash=state.cash.get(player, 0),
        cash_text=money(state.cash.get(player, 0), lang),
        net_worth_text=translate("Net worth {amount}", lang, amount=money(worth, lang)),
        where=space_name(seat.position.key, lang),
        properties=tuple(rows),
        shares=shares,
        vouchers=tuple(card_title(v, lang) for v in seat.vouchers),
        roll_three=tuple(seat.roll_three),
        jail_cards=jail,
        cards=cards,
        actions=tuple(other),
        bankrupt=seat.bankrupt,
        in_jail=seat.in_jail,
        share_slots=share_slots(seat, by_company, lang),
    )


# -- Corrections --------------------------------------------------------------------------------


def command_sentences(events: Iterable[Mapping[str, Any]], lang: str) -> list[str]:
    """The sentences of a command's ``events`` worth telling, in ``lang`` (the decision it
    poses, the turn and the Bank's events left out)."""
    played = table_edition()
    return [
        w
        for w in (
            render_event(e, lang, edition=played)
            for e in events
            if e.get("type") not in ("decision", "turn", "bank")
        )
        if w
    ]


def command_words(events: Iterable[Mapping[str, Any]], lang: str, *, first: bool = False) -> str:
    """What a command did, in the engine's sentences (the decision it poses left out); only
    its first sentence when ``first``."""
    said = command_sentences(events, lang)
    return " ".join(said[:1] if first else said)


def correction_view(
    seq: int,
    was: Iterable[Mapping[str, Any]],
    now: Iterable[Mapping[str, Any]],
    before: GameState,
    after: GameState,
    *,
    replayed: int,
    dropped: int,
    lang: str,
) -> CorrectionView:
    """A correction of command #``seq`` (its events ``was``, its replacement's ``now``) that
    takes the game from ``before`` to ``after``."""
    changes = []
    for seat in before.seats:
        then = after.seat(seat.name)
        cash = (before.cash.get(seat.name, 0), after.cash.get(seat.name, 0))
        where = (seat.position.key, then.position.key)
        changes.append(
            PlayerChange(
                name=seat.name,
                colour=rgba(seat.colour),
                cash_before=money(cash[0], lang),
                cash_after=money(cash[1], lang),
                where_before=space_name(where[0], lang),
                where_after=space_name(where[1], lang),
                changed=cash[0] != cash[1] or where[0] != where[1],
            )
        )
    return CorrectionView(
        seq=seq,
        was=command_words(was, lang),
        now=command_words(now, lang),
        changes=tuple(changes),
        replayed=replayed,
        dropped=dropped,
    )


# -- History ------------------------------------------------------------------------------------


def _signed(amount: int, lang: str) -> str:
    if amount > 0:
        return "+" + money(amount, lang)
    if amount < 0:
        return "\u2212" + money(-amount, lang)
    return ""


def history_rows(
    commands: Iterable[LoggedCommand],
    lang: str,
    *,
    player: str | None = None,
    colours: Mapping[str, str] | None = None,
) -> list[HistoryRow]:
    """Every event of the log in words, oldest first, with money deltas; an undo is a
    correction row (``correction_of``) and the rows it took back stay, struck
    (``corrected``, ``corrected_by``). ``player`` keeps the rows that concern that player,
    with the deltas seen from that player's side."""
    from companion.banker.ledger import BANK, POOL

    commands = list(commands)
    corrected_by: dict[int, int] = {}
    done: list[int] = []
    for logged in commands:
        if logged.command.get("type") == "undo":
            if done:
                corrected_by[done.pop()] = logged.seq
        else:
            done.append(logged.seq)
    colours, played = colours or {}, table_edition()
    rows: list[HistoryRow] = []
    for logged in commands:
        by = corrected_by.get(logged.seq)
        for event in logged.events:
            kind = str(event.get("type"))
            if kind == "decision" or kind == "bank":
                continue
            text = render_event(event, lang, edition=played)
            if not text:
                continue
            who = _event_player(event, logged.player)
            delta = 0
            if kind == "transfer":
                payer, payee, amount = event["from"], event["to"], int(event["amount"])
                if player is not None:
                    delta = -amount if payer == player else amount if payee == player else 0
                elif payer not in (BANK, POOL):
                    delta = -amount
                else:
                    delta = amount
            if player is not None and not _concerns(event, logged, player):
                continue
            rows.append(
                HistoryRow(
                    seq=logged.seq,
                    player=who,
                    text=text,
                    delta_text=_signed(delta, lang),
                    corrected=by is not None,
                    correction_of=None,
                    kind="correction" if kind == "undone" else kind,
                    corrected_by=by,
                    delta=delta,
                    colour=rgba(colours.get(who)),
                )
            )
            if kind == "undone":
                rows[-1] = _with(rows[-1], correction_of=int(event.get("command", 0)))
    return rows


def _with(row: HistoryRow, **changes: Any) -> HistoryRow:
    from dataclasses import replace

    return replace(row, **changes)


def _event_player(event: Mapping[str, Any], default: str) -> str:
    from companion.banker.ledger import BANK, POOL

    if event.get("type") == "transfer":
        payer = str(event["from"])
        return payer if payer not in (BANK, POOL) else str(event["to"])
    return str(event.get("player") or event.get("winner") or default or "")


def _concerns(event: Mapping[str, Any], logged: LoggedCommand, player: str) -> bool:
    if event.get("type") == "transfer":
        return player in (event.get("from"), event.get("to"))
    if event.get("player") == player or event.get("winner") == player:
        return True
    if event.get("type") == "holding":
        h = event.get("holding") or {}
        return h.get("owner") == player
    return logged.player == player and "player" not in event


def net_worth_series(
    start_events: Sequence[Mapping[str, Any]], commands: Iterable[Sequence[Mapping[str, Any]]]
) -> dict[str, list[int]]:
    """Each player's net worth (cash, property at price or mortgage value, buildings at cost,
    shares at par: the banker's own ``net_worth``) at the start and after each command in force;
    ``commands`` is each command's events, in order."""
    from companion.banker.assets import net_worth
    from companion.banker.state import evolve, replay

    state = replay([dict(e) for e in start_events])
    names = [s.name for s in state.seats]
    series: dict[str, list[int]] = {n: [] for n in names}

    def sample(s: GameState) -> None:
        for n in names:
            series[n].append(0 if s.seat(n).bankrupt else net_worth(s, n))

    sample(state)
    for events in commands:
        for event in events:
            state = evolve(state, dict(event))
        sample(state)
    return series


# -- The referee --------------------------------------------------------------------------------


def referee_view(
    space: str,
    faces: Sequence[int | str],
    card: str | None,
    voucher: str | None,
    lang: str,
    *,
    state: GameState | None = None,
    player: str | None = None,
) -> RefereeView:
    """The referee's explained path from ``space`` for a roll (or a card, or a voucher),
    on the table as it stands (``state``) or on an empty board; nothing changes."""
    from companion.rules.movement import Roll, resolve_card, resolve_roll, resolve_voucher
    from companion.rules.situation import Situation

    played = table_edition() if state is None else state.edition
    try:
        start = played.board.space(space)
        if state is not None and player:
            from dataclasses import replace

            base = state.situation()
            # The question is "what if": the player stands on ``start`` and, when a voucher is
            # asked about, holds one (the cards in hand are not the question).
            players = tuple(
                replace(p, position=start, vouchers=p.vouchers or ((voucher,) if voucher else ()))
                if p.name == player
                else p
                for p in base.players
            )
            situation = replace(base, players=players, to_move=player)
        else:
            situation = Situation.fresh(start, edition=played)
        if card:
            roll = (
                Roll.from_json([*faces[:2], *(_speed(f) for f in faces[2:3])])
                if len(faces) >= 2
                else None
            )
            result = resolve_card(
                played.board,
                situation,
                played.deck.card(card),
                player=player,
                roll=roll,
            )
        elif voucher:
            result = resolve_voucher(
                played.board, situation, played.deck.voucher(voucher), player=player
            )
        else:
            regular = [f for f in faces if isinstance(f, int) and not isinstance(f, bool)]
            rest = [f for f in faces if f not in regular]
            if len(regular) != 2:
                raise ValueError(
                    translate("Give two regular dice and the speed die, e.g. 3 4 mr", lang)
                )
            roll = Roll.from_json([regular[0], regular[1], _speed(rest[0]) if rest else None])
            result = resolve_roll(played.board, situation, roll, player=player)
    except Exception as exc:  # noqa: BLE001 - the referee answers in one line, never raises
        return RefereeView("", (), (), error=str(exc).splitlines()[0] if str(exc) else repr(exc))
    steps = tuple(s for s in result.steps)
    return RefereeView(
        sentence=headline(result, lang, edition=played),
        path=tuple(s.space.key for s in steps),
        explanation=explain(result, lang, edition=played),
        kinds=tuple(s.kind for s in steps),
        landing=space_name(result.landing.key, lang),
    )


# -- Setup, trades and the referee's lists ------------------------------------------------------

#: Each house rule (``companion.rules.table.Options``) named and explained in one sentence a
#: family reads; the ruling each applies is named in ``docs/rulings.md``, not on the screen.
HOUSE_RULES: Mapping[str, tuple[str, str]] = {
    "triples_pay_salaries": (
        N_("Triples pay salaries"),
        N_("Triples: the player collects the salary of each pay corner passed on the way."),
    ),
    "squeeze_play_speed_die": (
        N_("Squeeze Play with the speed die"),
        N_(
            "Squeeze Play counts the speed die too; Mr. Monopoly or the Bus also takes a "
            "Travel Voucher from each player."
        ),
    ),
    "birthday_from_players": (
        N_("Birthday Gift from the players"),
        N_("Birthday Gift: each other player gives {amount}, instead of the Bank."),
    ),
    "time_limit": (
        N_("Time limit"),
        N_("The table may end the game at any time: the richest player wins."),
    ),
    "roll_three_action_cards": (
        N_("Printed Roll Three cards"),
        N_(
            "Play with the 36 printed Roll Three cards (18 combinations, each twice) instead of "
            "the 20 the rules list."
        ),
    ),
    "voluntary_bankruptcy": (
        N_("Voluntary bankruptcy"),
        N_(
            "A player short of cash may choose to go bankrupt, even if selling and mortgaging "
            "would pay."
        ),
    ),
    "mortgage_blocks_building": (
        N_("No building on a mortgaged group"),
        N_("While any lot of a colour group is mortgaged, nobody builds on that group."),
    ),
    "build_on_own_turn": (
        N_("Build on your own turn"),
        N_("Houses and hotels are bought only during the buyer's own turn."),
    ),
    "older_tax_amounts": (
        N_("Older tax amounts"),
        N_("Taxes as the older sets print them (a lower Luxury Tax)."),
    ),
    "rent_claimed_by_owner": (
        N_("Rent must be claimed"),
        N_(
            "The owner must claim the rent (on their sheet) before the second player after "
            "the payer rolls; after that it is lost."
        ),
    ),
}


#: The engine's tokens (``companion.banker.engine.TOKENS``) as the setup screen names them.
TOKEN_NAMES: Mapping[str, str] = {
    "car": N_("Car"),
    "hat": N_("Hat"),
    "dog": N_("Dog"),
    "ship": N_("Ship"),
    "boot": N_("Boot"),
    "iron": N_("Iron"),
    "thimble": N_("Thimble"),
    "wheelbarrow": N_("Wheelbarrow"),
    "horse": N_("Horse"),
    "cannon": N_("Cannon"),
    "cat": N_("Cat"),
    "duck": N_("Duck"),
}

#: The players' colours (the engine's ``COLOURS`` and the other :data:`NAMED_COLOURS`) named.
COLOUR_NAMES: Mapping[str, str] = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "orange": N_("Orange"),
    "purple": N_("Purple"),
    "white": N_("White"),
    "black": N_("Black"),
    "pink": N_("Pink"),
    "cyan": N_("Cyan"),
    "brown": N_("Brown"),
    "grey": N_("Grey"),
    "gray": N_("Grey"),
    "teal": N_("Teal"),
    "navy": N_("Navy"),
    "lime": N_("Lime"),
}


def token_name(token: str, lang: str) -> str:
    """A token as the table calls it in ``lang``; one the app does not know, as it is."""
    msgid = TOKEN_NAMES.get(str(token).strip().lower())
    return translate(msgid, lang) if msgid else str(token)


def colour_name(colour: str, lang: str) -> str:
    """A player's colour named in ``lang``; a ``#rrggbb`` or unknown one, as it is."""
    msgid = COLOUR_NAMES.get(str(colour).strip().lower())
    return translate(msgid, lang) if msgid else str(colour)


#: The edition's number (a field of ``Edition.numbers``) a house rule's line names: the
#: Birthday Gift (``companion/editions/rules/birthday_gift.py``).
_RULE_AMOUNTS: Mapping[str, str] = {"birthday_from_players": "birthday_gift"}


def _rule_line(key: str, lang: str, numbers: Numbers) -> str:
    if key not in HOUSE_RULES:
        return ""
    fields = {}
    if key in _RULE_AMOUNTS:
        fields["amount"] = money(getattr(numbers, _RULE_AMOUNTS[key]), lang)
    return translate(HOUSE_RULES[key][1], lang, **fields)


def setup_choices(
    lang: str,
    *,
    tokens: Sequence[str],
    colours: Sequence[str],
    vouchers: Sequence[str],
    roll_three: Sequence[str],
    edition: Edition,
) -> SetupChoices:
    """The setup screen's lists (the engine's, given by the controller), titles in ``lang``;
    the seats and the amounts the house rules name are ``edition``'s."""
    rules = tuple(
        (
            key,
            bool(default),
            translate(HOUSE_RULES[key][0], lang) if key in HOUSE_RULES else key,
            _rule_line(key, lang, edition.numbers),
        )
        for key, default in edition.house_rules.items()
    )
    return SetupChoices(
        tokens=tuple(tokens),
        colours=tuple((c, rgba(c)) for c in colours),
        vouchers=tuple((v, card_title(v, lang)) for v in vouchers),
        roll_three=tuple(roll_three),
        house_rules=rules,
        min_players=edition.min_players,
        max_players=edition.max_players,
        token_labels=tuple((t, token_name(t, lang)) for t in tokens),
        colour_labels=tuple((c, colour_name(c, lang)) for c in colours),
        deals=edition.deals_starting_cards,
    )


def edition_choice(played: Edition, lang: str) -> EditionChoice:
    """How the set-up shows ``played``: its name and a line on its game, in ``lang``
    ("40 spaces, two dice, $1,500 each")."""
    dice = played.dice
    rolled = (
        translate("{count} dice and the speed die", lang, count=number(dice.count, lang))
        if dice.has_speed_die
        else translate("{count} dice", lang, count=number(dice.count, lang))
    )
    summary = translate(
        "{spaces} spaces, {dice}, {cash} each",
        lang,
        spaces=number(len(played.board.spaces), lang),
        dice=rolled,
        cash=money(played.numbers.starting_cash, lang),
    )
    return EditionChoice(
        id=played.id,
        name=played.name,
        summary=summary,
        board=played.board,
        regions=tuple(region_choice(played.on_board(r), lang) for r in played.regions),
    )


def region_choice(played: Edition, lang: str) -> RegionChoice:
    """How the set-up shows ``played``'s regional board: its name, its money's symbol, and its
    dearest lot as that board prints it, in ``lang``'s way of writing amounts."""
    dearest = max(played.board.spaces, key=lambda s: (s.price, -s.index))
    return RegionChoice(
        region=played.region or played.regions[0],
        name=played.board_name or played.name,
        symbol=played.money.symbol,
        sample=f"{dearest.name} \u2014 {money(dearest.price, lang, written=played.money)}",
        board=played.board,
    )


def turn_number(events: Iterable[Mapping[str, Any]]) -> int:
    """The turn the game is in, counted from the events in force: each player's turn is one
    (a roll again after doubles, or a Travel Voucher played, is the same turn); 0 before the
    first turn.

    >>> turn_number([{"type": "turn", "doubles": 0}, {"type": "turn", "doubles": 1}])
    1
    """
    return sum(
        1
        for e in events
        if e.get("type") == "turn" and not e.get("doubles") and not e.get("voucher")
    )


def resume_text(players: Sequence[str], turn: int, lang: str) -> str:
    """The first screen's Resume button: "Resume: Ann, Bob, Cy, Dee (turn 41)"."""
    names = ", ".join(players)
    if not turn:
        return translate("Resume: {players}", lang, players=names)
    return translate("Resume: {players} (turn {turn})", lang, players=names, turn=turn)


def tradables(state: GameState, player: str, lang: str) -> tuple[TradeItem, ...]:
    """What ``player`` may put into a trade: deeds (a mortgaged one with what lifting its
    mortgage at once, or keeping it, costs its new owner), shares (one item per share held),
    Travel Vouchers, Roll Three cards and the kept cards that may be traded."""
    seat, numbers = state.seat(player), state.edition.numbers
    items: list[TradeItem] = []
    for name, h in state.holdings.items():
        if h.owner != player:
            continue
        label = space_name(name, lang)
        if not h.mortgaged:
            items.append(TradeItem("properties", name, label))
            continue
        label = translate("{property} (mortgaged)", lang, property=label)
        value = state.edition.board.mortgage_value(name)
        lift, interest = numbers.lift_cost(value), numbers.mortgage_interest(value)
        items.append(TradeItem("properties", name, label, lift=lift, interest=interest))
    for company, count in seat.shares.items():
        label = translate("a share of {company}", lang, company=company_name(company, lang))
        items += [TradeItem("shares", company, label)] * count
    items += [TradeItem("vouchers", v, card_title(v, lang)) for v in seat.vouchers]
    items += [
        TradeItem("roll_three", r, translate("Roll Three card {dice}", lang, dice=r))
        for r in seat.roll_three
    ]
    items += [
        TradeItem("cards", c, card_title(c, lang))
        for c in seat.cards
        if state.edition.deck.cards[c].tradable
    ]
    return tuple(items)


#: A card whose move the drawer chooses (a space, one of two moves) needs that choice, which
#: the referee's question does not carry: such cards are not offered to the referee.
_CHOSEN_MOVES = ("choose", "either")
_DECK_NAMES = {"chance": N_("Chance: {title}"), "community_chest": N_("Community Chest: {title}")}


def referee_cards(lang: str) -> tuple[tuple[str, str], ...]:
    """(id, title shown) of each Chance and Community Chest card the referee can resolve,
    Chance first; a title found twice in a deck (the same card printed twice) is listed once."""
    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for card_id, card in table_edition().deck.cards.items():
        if (card.move or {}).get("kind") in _CHOSEN_MOVES or (card.deck, card.title) in seen:
            continue
        seen.add((card.deck, card.title))
        title = translate(_DECK_NAMES[card.deck], lang, title=card_title(card_id, lang))
        out.append((card_id, title))
    return tuple(sorted(out, key=lambda c: table_edition().deck.cards[c[0]].deck != "chance"))


def referee_vouchers(lang: str) -> tuple[tuple[str, str], ...]:
    """(id, title shown) of each Travel Voucher the referee can resolve: the Free Cab Fares
    (a Bus Ticket or a Transit Token goes where its player chooses, which the question does
    not say)."""
    return tuple(
        (vid, card_title(vid, lang))
        for vid, voucher in table_edition().deck.vouchers.items()
        if voucher.kind == "free_cab_fare"
    )


__all__ = [
    "BUTTONS",
    "BoardView",
    "Choice",
    "CorrectionView",
    "DecisionView",
    "Flash",
    "HistoryRow",
    "MoveView",
    "PlayerChange",
    "PlayerChip",
    "PlayerSheet",
    "PropertyRow",
    "Proposal",
    "RefereeView",
    "SetupChoices",
    "Slot",
    "SpaceView",
    "TableView",
    "TradeItem",
    "board_view",
    "colour_name",
    "command_sentences",
    "command_words",
    "correction_view",
    "decision_view",
    "empty_table_view",
    "flashes_for",
    "history_rows",
    "lot_action_text",
    "lot_slots",
    "move_for",
    "net_worth_series",
    "numbered_choices",
    "player_sheet",
    "proposal_label",
    "referee_cards",
    "referee_view",
    "referee_vouchers",
    "setup_choices",
    "share_slots",
    "space_view",
    "table_view",
    "token_name",
    "tradables",
]
