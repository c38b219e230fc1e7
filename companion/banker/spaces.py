"""What the spaces of several rules share once a token lands: utilities' dice, taxi rides,
the ``draw`` command (Chance and Community Chest here; a rule's own deck, the Travel Vouchers'
too, is its ``@answer("draw", deck)``) and the ``dice`` command (each rule that asks for dice
answers it: ``@answer("dice", why)``), with the options of the decisions they answer. A space
kind's own handling is its rule module's (``companion/editions/rules/``)."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import cardplay, commands, tasks
from companion.banker.moves import apply_move
from companion.banker.options import Option, decision_options, dice_option
from companion.banker.state import Decision, GameState
from companion.banker.tx import (
    ANSWERS,
    Tx,
    command,
    dice_of,
    task,
)
from companion.editions import Edition
from companion.errors import IllegalCommandError
from companion.rules.cards import UNLISTED_EFFECTS, UnlistedCardError, unlisted_kinds
from companion.rules.movement import resolve_taxi, taxi_destinations, taxi_fare

#: The message codes of the decisions posed here and of their options.
CODES = (
    "ask.dice.utility",
    "ask.taxi",
    "ask.draw.card",
    "option.taxi",
    "option.no_taxi",
    "option.draw.card",
    "option.draw.another",
    "event.drew.card",
    "event.drew.another",
)


@task("utility_roll")
def _task_utility_roll(tx: Tx, task: tasks.UtilityRoll) -> None:
    player = task.player
    tx.ask(
        "dice",
        player,
        ("dice",),
        "ask.dice.utility",
        {"times": task.times},
        why="utility",
        space=task.space,
        times=task.times,
    )


@decision_options("dice", "utility")
def _utility_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield dice_option("utility", state.edition.dice.count)


@task("all_move")
def _task_all_move(tx: Tx, task: tasks.AllMove) -> None:
    """B11: Mardi Gras moves every other player directly to Canal Street without obeying the
    space (only the drawer's landing counts); players in jail stay there."""
    for seat in tx.state.active:
        if seat.name != task.player and not seat.in_jail:
            tx.emit(
                "moved",
                player=seat.name,
                to=task.space,
                path=[task.space],
                kinds=["direct"],
                code="move.direct",
            )


@task("taxi_offer")
def _task_taxi_offer(tx: Tx, task: tasks.TaxiOffer) -> None:
    player = task.player
    if tx.state.seat(player).position.key != task.space:
        return
    tx.ask("taxi", player, ("taxi", "skip"), "ask.taxi")


@decision_options("taxi")
def _taxi_options(state: GameState, d: Decision) -> Iterator[Option]:
    """P8: the taxi ride's destinations with their fares, or no ride."""
    cab = state.seat(d.player).position
    holding = state.holdings.get(cab.name)
    if cab.kind == "cab_company" and holding is not None:
        fare, payee = taxi_fare(state.edition, holding.owner, d.player)
        for space in taxi_destinations(state.edition.board, cab):
            yield {
                "command": {"type": "taxi", "space": space.key},
                "fare": fare,
                "payee": payee,
                "code": "option.taxi",
                "params": {"space": space.key, "amount": fare},
            }
    yield {"command": {"type": "skip"}, "code": "option.no_taxi", "params": {}}


@command("taxi")
def _cmd_taxi(tx: Tx, c: commands.Taxi) -> None:
    to = tx.board.space(str(c.space or ""))
    apply_move(tx, resolve_taxi(tx.board, tx.state.situation(), to, player=c.player, quiet=True))


@command("skip")
def _cmd_skip(tx: Tx, c: commands.Skip) -> None:
    """Decline an offer (a taxi ride, a card's option): the turn carries on."""


@task("draw_card")
def _task_draw_card(tx: Tx, task: tasks.DrawCard) -> None:
    player, deck = task.player, task.deck
    tx.ask("draw", player, ("draw",), "ask.draw.card", {"deck": deck}, deck=deck)


@decision_options("draw")
def _draw_options(state: GameState, d: Decision) -> Iterator[Option]:
    """The cards still in the deck being drawn from (a rule's own deck has its own options),
    then E3's "another card": one the companion does not list, whose ``card`` is the id of
    ``companion.rules.cards.Unlisted`` made from the menu's answers (its effects and the
    values each needs, the kinds of space a card may send to the nearest of)."""
    deck = d.data["deck"]
    cards, effects, kinds = _deck_menu(state.edition, deck)
    out = state.cards_out
    for card_id, count in cards:
        if out.get(card_id, 0) < count:
            yield {
                "command": {"type": "draw", "card": card_id},
                "code": "option.draw.card",
                "params": {"card": card_id},
            }
    menu = {"deck": deck, "effects": {e: list(n) for e, n in effects}, "kinds": list(kinds)}
    yield {
        "command": {"type": "draw"},
        "free": {"card": {"unlisted": menu}},
        "code": "option.draw.another",
        "params": {},
    }


def _deck_menu(
    edition: Edition, deck: str
) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]:
    """What the draw options of ``deck`` in ``edition`` are made of, worked out once per
    edition and deck (not at every draw): its cards (id, copies) in the deck's order, the
    effects of the "another card" menu (with "nearest" only on a board with properties of
    such kinds) and those kinds."""
    memo = edition.board.memo("draw_menu")
    key = (edition.deck, deck)
    made = memo.get(key)
    if made is None:
        kinds = unlisted_kinds(edition.board)
        made = memo[key] = (
            tuple((c.id, c.count) for c in edition.deck.cards.values() if c.deck == deck),
            tuple((e, n) for e, n in UNLISTED_EFFECTS.items() if kinds or "kind" not in n),
            kinds,
        )
    return made


@command("draw")
def _cmd_draw(tx: Tx, c: commands.Draw) -> None:
    d = tx.state.decision
    deck = d.data["deck"]
    player = c.player
    rule = ANSWERS.get(("draw", deck))
    if rule is not None:
        rule(tx, c)
    else:
        try:
            card = tx.deck.card(str(c.card or ""))
        except UnlistedCardError as exc:
            raise IllegalCommandError(f"draw: {exc}") from None
        if card.deck != deck:
            raise IllegalCommandError(
                f"draw: {card.id!r} is a {card.deck.replace('_', ' ')} card, and {player} draws from {deck.replace('_', ' ')}"
            )
        # B6: a card whose every copy is kept in a hand is not in the deck.
        if tx.state.cards_out.get(card.id, 0) >= card.count:
            raise IllegalCommandError(
                f"draw: every copy of {card.id!r} is in a player's hand; check the card"
            )
        # E3: a card without a title of its own is said by its effect only.
        untitled = card.unlisted is not None and not card.unlisted.title
        code = "event.drew.another" if untitled else "event.drew.card"
        tx.emit("drew", player=player, card=card.id, code=code)
        cardplay.drawn(tx, player, card)


@command("dice")
def _cmd_dice(tx: Tx, c: commands.Dice) -> None:
    d = tx.state.decision
    why = d.data["why"]
    rule = ANSWERS.get(("dice", why))
    if rule is not None:
        rule(tx, c)
    elif why == "utility":
        total = sum(dice_of(c, tx.state.edition.dice.count))
        space = tx.board.space(d.data["space"])
        owner = tx.state.holdings[space.name].owner
        tx.first(tasks.Rent(c.player, space.key, d.data["times"] * total, owner))
    else:
        raise IllegalCommandError(f"dice: nothing waits for dice ({why})")
