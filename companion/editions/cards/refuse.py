"""Just Say NO! (``use: refuse``, B16): a card played against its holder asks them first
(``keptcards.against``: the ``respond`` decision); they accept the effect, or refuse it by
handing the card in, and what the effect replaced happens instead (the rent as due, the
lander's purchase). B15: a card traded away while the decision waited refuses nothing."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.keptcards import held
from companion.banker.options import Option, decision_options
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, command, return_card
from companion.errors import IllegalCommandError

CODES = ("note.says_no", "option.accept", "option.refuse")


@command("accept", "refuse")
def _respond(tx: Tx, c: commands.Accept | commands.Refuse) -> None:
    d = tx.state.decision
    if c.type == "accept":
        tx.first(tasks.task_from_json(d.data["task"]))
        return
    card = held(tx.state, c.player, "refuse")
    if card is None:  # B15: traded away while the decision waited; the effect may be accepted
        raise IllegalCommandError(
            f"refuse by {c.player}: {c.player} holds no Just Say NO! card now"
        )
    return_card(tx, c.player, card)
    tx.note("note.says_no", player=c.player)
    tx.first(*(tasks.task_from_json(t) for t in d.data.get("instead", ())))


@decision_options("respond")
def _options(state: GameState, d: Decision) -> Iterator[Option]:
    """A card played against the player: accept it, or cancel it with a Just Say NO! held."""
    yield {
        "command": {"type": "accept"},
        "effect": dict(d.data["task"]),
        "code": "option.accept",
        "params": {},
    }
    card = held(state, d.player, "refuse")
    if card is not None:
        # What refusing leaves to happen (the rent as due, the lander's purchase), if anything.
        instead = {"instead": list(d.data["instead"])} if d.data.get("instead") else {}
        yield {
            "command": {"type": "refuse"},
            "card": card,
            "effect": dict(d.data["task"]),
            **instead,
            "code": "option.refuse",
            "params": {"card": card},
        }
