"""Hurricane and Tornado (``storm``, ``whose``: ``others`` or ``own``): the drawer chooses a
property with buildings (another player's, who may refuse with Just Say NO!, or their own); a
building comes off each built lot of its group, or its depot or cab stand (B5)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion.banker import commands, tasks
from companion.banker.cardplay import card_step, of_card, one_down
from companion.banker.keptcards import against, effect_words
from companion.banker.options import Option, decision_options, property_choice
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, set_holding, task
from companion.errors import IllegalCommandError
from companion.messages import Message, message
from companion.rules.board import Board
from companion.rules.cards import Card
from companion.rules.situation import Holding

CODES = (
    "ask.choose.storm_own",
    "ask.choose.storm_other",
    "note.storm_none_own",
    "note.storm_none_other",
    "note.storm_hit",
    "event.holding.storm_depot",
    "event.holding.storm_cab_stand",
    "action.storm",
    "action.storm_lot",
)


@card_step("storm")
def _storm(tx: Tx, player: str, card: Card, spec: Mapping[str, Any]) -> None:
    own = spec["whose"] == "own"
    built = [
        n
        for n, h in tx.state.holdings.items()
        if (h.level or h.improved) and (h.owner == player) == own
    ]
    if not built:
        tx.note("note.storm_none_own" if own else "note.storm_none_other", card=card.id)
        return
    tx.ask(
        "choose_space",
        player,
        ("choose",),
        "ask.choose.storm_own" if own else "ask.choose.storm_other",
        of_card(card),
        why="storm",
        card=card.id,
    )


def _own(state: GameState, card_id: str) -> bool:
    """Whether the storm of ``card_id`` hits its drawer's own property (Tornado)."""
    return bool(state.edition.deck.card(card_id).play[0]["whose"] == "own")


@answer("choose", "storm")
def _choose(tx: Tx, c: commands.Choose) -> None:
    player, space = c.player, tx.board.space(str(c.space or ""))
    card = tx.deck.card(tx.state.decision.data["card"])
    own = _own(tx.state, card.id)
    h = tx.state.holdings.get(space.name)
    if h is None or (h.owner == player) != own:
        whose = "your own" if own else "another player's"
        raise IllegalCommandError(
            f"choose: {card.title!r} hits {whose} property, not {space.name!r}"
        )
    hits = storm_hits(tx.state, space.name)
    if not hits:
        if space.kind in ("railroad", "cab_company"):
            raise IllegalCommandError(
                f"choose: {h.owner} has no depot or cab stand on a {space.kind.replace('_', ' ')}"
            )
        raise IllegalCommandError(f"choose: {space.group} has no buildings of {h.owner}")
    storm = tasks.Storm(card.id, space.name)
    if own:
        _task_storm(tx, storm)
    else:  # the Hurricane is aimed at another player: Just Say NO! may stop it
        against(tx, h.owner, storm, card.id)


@decision_options("choose_space", "storm")
def _options(state: GameState, d: Decision) -> Iterator[Option]:
    """Hurricane (another player's group) or Tornado (your own): a group with buildings."""
    own = _own(state, d.data["card"])
    for name, h in state.holdings.items():
        if (h.owner == d.player) == own and storm_hits(state, name):
            yield property_choice(state.edition.board, name, owner=h.owner)


@task("storm")
def _task_storm(tx: Tx, task: tasks.Storm) -> None:
    """Task: a Hurricane or Tornado takes one building off each built lot it hits."""
    owner = tx.state.owner(task.property)
    hits = storm_hits(tx.state, task.property)
    if owner is None or not hits:  # sold or given up while the owner was asked
        return
    space = tx.board.properties[task.property][0]
    if space.kind in ("railroad", "cab_company"):
        # No colour group to name: the holding event that takes the depot or stand off says
        # why, in words of its own (a note would be one more event than the game has had).
        code = (
            "event.holding.storm_depot"
            if space.kind == "railroad"
            else "event.holding.storm_cab_stand"
        )
        said = message(code, card=task.card, owner=owner)
        set_holding(tx, hits[0], Holding(owner, mortgaged=False), said=said)
        return
    for name in hits:
        set_holding(tx, name, Holding(owner, level=one_down(tx, tx.state.holdings[name].level)))
    tx.note("note.storm_hit", card=task.card, group=space.group, owner=owner)


def storm_hits(state: GameState, name: str) -> list[str]:
    """B5: the owner's lots a Hurricane or Tornado on property ``name`` takes a building from: the
    group's built lots, or for a railroad or cab company, the owner's depots or stands of that
    kind (the storm takes the first)."""
    owner = state.owner(name)
    kind = state.edition.board.properties[name][0].kind
    if kind in ("railroad", "cab_company"):
        lots, built = state.edition.board.properties_of_kind(kind), "improved"
    else:
        lots, built = state.edition.board.group_of(name), "level"
    return [
        n for n in lots if (h := state.holdings.get(n)) and h.owner == owner and getattr(h, built)
    ]


@effect_words("storm")
def _words(board: Board, task: tasks.Storm) -> Message:
    """Said to the owner, who may refuse it."""
    group = board.properties[task.property][0].group
    if group:
        return message("action.storm", group=group)
    return message("action.storm_lot", space=board.property_key(task.property))
