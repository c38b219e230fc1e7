"""A card's movement (``{"do": "move"}``, and a kept card played to move: ``{"play": "move"}``):
where the card's ``move`` sends the token (``companion.rules.movement.resolve_card``), with the
card's choice of two moves (``card_option``), of a space (GPS Is Not Working, A Moving
Experience, Taxi Wars) or its roll back. The family holds ``discount`` too, a step that does
nothing by itself: the move buys at the card's price (:func:`move_by_card`). B9, B11."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from companion.banker import commands, tasks
from companion.banker.cardplay import card_step, of_card
from companion.banker.keptcards import against, effect_words
from companion.banker.ledger import BANK, POOL
from companion.banker.moves import apply_move
from companion.banker.options import Option, decision_options, dice_option, play_options, said
from companion.banker.playcards import card_play
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, command, dice_of, set_holding, task
from companion.errors import IllegalCommandError
from companion.messages import Message, message
from companion.rules.board import Board, Space
from companion.rules.cards import Card
from companion.rules.movement import CHOICE_SETS, Roll, resolve_card
from companion.rules.situation import Holding

CODES = (
    "ask.card_option",
    "ask.choose.card",
    "ask.dice.card",
    "note.takes_property",
    "reason.buy",
    "reason.excellent_accounting",
    "option.card_option",
    "option.choose_space",
    "option.play_card",
    "action.hand_over",
)


def move_by_card(tx: Tx, player: str, card: Card, **answers: Any) -> None:
    """``player``'s token moved as ``card`` says (``answers``: the space chosen, the option
    taken, the dice rolled), at the price the card's ``discount`` step sets, and with Excellent
    Accounting's Pool collected after a Tax Refund."""
    res = resolve_card(tx.board, tx.state.situation(), card, player=player, quiet=True, **answers)
    before = len(tx.agenda)
    apply_move(tx, res)
    price = next((s["price"] for s in card.play if "price" in s), None)
    if price == "half":
        added = len(tx.agenda) - before
        for i, t in enumerate(tx.agenda[:added]):
            if isinstance(t, tasks.Offer):
                full = tx.board.space(t.space).price
                tx.agenda[i] = replace(t, price=full // 2)
    if any(s.get("tax_refund") == "all" for s in card.play):
        tx.agenda.insert(len(tx.agenda) - before, tasks.CardPool(player))


@card_step("move")
def _move(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    move = card.move or {}
    kind = move.get("kind")
    if kind == "either":
        tx.ask("card_option", player, ("option",), "ask.card_option", of_card(card), card=card.id)
    elif kind == "choose":
        chooser = player
        if move["among"] == "any_space" and move["how"] == "direct":
            chooser = _left_of(tx, player)
        tx.ask(
            "choose_space",
            chooser,
            ("choose",),
            "ask.choose.card",
            {**of_card(card), "among": move["among"]},
            why="card",
            card=card.id,
            mover=player,
        )
    elif kind == "roll_back":
        tx.ask("dice", player, ("dice",), "ask.dice.card", of_card(card), why="card", card=card.id)
    else:
        move_by_card(tx, player, card)


@card_step("discount")
def _discount(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    """Applied to the offer by the move step."""


def _left_of(tx: Tx, player: str) -> str:
    """B9: "the player on your left" (GPS Is Not Working) is the next player in turn order."""
    names = [s.name for s in tx.state.active]
    return names[(names.index(player) + 1) % len(names)]


@answer("choose", "card")
def _choose(tx: Tx, c: commands.Choose) -> None:
    """The answer to a card's choice of space."""
    d = tx.state.decision
    space = tx.board.space(str(c.space or ""))
    card = tx.deck.card(d.data["card"])
    mover = d.data.get("mover", c.player)
    move = card.move or {}
    if move.get("kind") != "choose":
        raise IllegalCommandError(f"choose: {card.title!r} asks for no space now")
    if move.get("takes"):
        held = tx.state.holdings.get(space.name)
        if held is not None and held.owner != mover:
            # Checked now: the owner may be asked first (Just Say NO! cancels the card).
            resolve_card(tx.board, tx.state.situation(), card, player=mover, to=space)
            against(tx, held.owner, tasks.TakeAndMove(mover, card.id, space.key), card.id)
            return
        _take_cab(tx, mover, space)
    move_by_card(tx, mover, card, to=space)


@decision_options("choose_space", "card")
def _card_space(state: GameState, d: Decision) -> Iterator[Option]:
    """A card's choice of space (GPS Is Not Working, A Moving Experience, Taxi Wars)."""
    card = state.edition.deck.card(d.data["card"])
    move = card.move or {}
    if move.get("kind") != "choose":
        return
    mover = d.data.get("mover", d.player)
    spaces = _choices(state, move["among"])
    if move.get("takes"):
        # Taxi Wars: an owned cab company is taken; an unowned one is bought, and only while
        # no cab company has an owner.
        cabs_owned = any(
            state.holdings.get(n) for n in state.edition.board.properties_of_kind("cab_company")
        )
        spaces = [
            s
            for s in spaces
            if s.name in state.holdings or not cabs_owned and state.cash[mover] >= s.price
        ]
    if spaces:
        yield {
            "command": {"type": "choose"},
            "free": {"space": {"one_of": [s.key for s in spaces]}},
            "card": card.id,
            "code": "option.choose_space",
            "params": {},
        }


def _choices(state: GameState, among: str) -> list[Space]:
    """The spaces a card lets its player choose (``companion.rules.movement.CHOICE_SETS``)."""
    allowed, situation = CHOICE_SETS[among], state.situation()
    return [s for s in state.edition.board.spaces if allowed(state.edition.board, situation, s)]


@command("option")
def _option(tx: Tx, c: commands.Option) -> None:
    card = tx.deck.card(tx.state.decision.data["card"])
    value = c.option
    if value not in (1, 2):
        raise IllegalCommandError(f"option: {card.title!r} offers option 1 or 2, not {value!r}")
    move_by_card(tx, c.player, card, option=value)


@decision_options("card_option")
def _card_option(state: GameState, d: Decision) -> Iterator[Option]:
    card = state.edition.deck.card(d.data["card"])
    for i, move in enumerate((card.move or {}).get("options", ()), 1):
        yield {
            "command": {"type": "option", "option": i},
            "move": dict(move),
            "code": "option.card_option",
            "params": {"number": i},
        }


@answer("dice", "card")
def _dice(tx: Tx, c: commands.Dice) -> None:
    card = tx.deck.card(tx.state.decision.data["card"])
    move_by_card(tx, c.player, card, roll=Roll(*dice_of(c, 2)))


@decision_options("dice", "card")
def _dice_options(state: GameState, d: Decision) -> Iterator[Option]:
    yield dice_option("card", 2)


@task("take_and_move")
def _task_take_and_move(tx: Tx, task: tasks.TakeAndMove) -> None:
    """Task: Taxi Wars takes a player's cab company, then moves its drawer there."""
    space = tx.board.space(task.space)
    held = tx.state.holdings.get(space.name)
    if held is not None and held.owner != task.player:
        set_holding(
            tx, space.name, Holding(task.player, mortgaged=held.mortgaged, improved=held.improved)
        )
        tx.note("note.takes_property", player=task.player, space=space.key, owner=held.owner)
    move_by_card(tx, task.player, tx.deck.card(task.card), to=space)


def _take_cab(tx: Tx, player: str, space: Space) -> None:
    held = tx.state.holdings.get(space.name)
    if held is None:
        if any(tx.state.holdings.get(n) for n in tx.board.properties_of_kind("cab_company")):
            raise IllegalCommandError(
                f"choose: Taxi Wars takes a Cab Company from a player; {space.name!r} has no owner"
            )
        if tx.cash(player) < space.price:
            raise IllegalCommandError(
                f"choose: {space.name} costs {tx.money(space.price)} and {player} has {tx.money(tx.cash(player))}"
            )
        tx.transfer(player, BANK, space.price, message("reason.buy", space=space.key))
        set_holding(tx, space.name, Holding(player))


@task("card_pool")
def _card_pool(tx: Tx, task: tasks.CardPool) -> None:
    """Task: Excellent Accounting collects what is left of the Pool after Tax Refund."""
    why = message("reason.excellent_accounting")
    tx.transfer(POOL, task.player, tx.state.pool, why)


@card_play("move")
def _play(tx: Tx, player: str, card: Card, c: commands.PlayCard) -> None:
    to = tx.board.space(str(c.space)) if c.space else None
    if (card.move or {}).get("kind") == "choose" and to is None:
        raise IllegalCommandError(f"play_card: {card.title!r} needs a 'space'")
    move_by_card(tx, player, card, **({"to": to} if to else {}))


@play_options("move")
def _play_options(state: GameState, player: str, card: str, command: Option) -> Iterator[Option]:
    move = state.edition.deck.cards[card].move or {}
    words = said("option.play_card", card=card)
    if move.get("kind") != "choose":
        yield {"command": command, **words}
        return
    spaces = [s.key for s in _choices(state, move["among"])]
    if spaces:
        yield {"command": command, "free": {"space": {"one_of": spaces}}, **words}


@effect_words("take_and_move")
def _words(board: Board, task: tasks.TakeAndMove) -> Message:
    return message("action.hand_over", space=task.space, to=task.player)
