"""Auction (M10, R12): the lander picks any unowned property for the Banker to auction; with
every property owned, they move ahead to the highest rent they can reach, by the transit rule
of the move that brought them (the closer one on a tie), or stay if none charges them rent."""

from __future__ import annotations

from collections.abc import Iterator

from companion.banker import commands, tasks
from companion.banker.moves import follow_up
from companion.banker.options import Option, decision_options, property_choice
from companion.banker.state import Decision, GameState
from companion.banker.tx import Tx, answer, task
from companion.errors import IllegalCommandError
from companion.rules.movement import ACTION_PARAMS, Action, Landing
from companion.rules.spacekinds import landing

KIND = "auction"
HOUSE_RULE = None
CODES = ("ask.choose.auction_any",)


@landing(
    KIND,
    notes={
        "action.auction_any": ACTION_PARAMS,
        "auction.stay": frozenset(),
        "auction.move": frozenset({"even"}),
    },
)
def _land(at: Landing) -> None:
    holdings = at.situation.holdings
    if any(name not in holdings for name in at.board.properties):
        at.action("auction_any", "Auction: pick any unowned property for the Banker to auction.")
    else:
        at.then(_highest_rent)


def _highest_rent(at: Landing) -> None:
    """M10: every property is owned; move ahead to the highest rent you can reach."""
    even = at.parity_even
    best: tuple[int, int] | None = None
    for n, space in at.ahead(even=even):
        rent = at.rent_at(space)
        if rent is not None and (best is None or rent > best[0]):
            best = (rent, n)
    if best is None:
        if not at.quiet:
            at.note(
                "auction.stay",
                "Auction: every property is owned and none you can reach charges you rent, "
                "so you stay.",
            )
        return
    if not at.quiet:
        at.note(
            "auction.move",
            f"Auction with every property owned: you move ahead ({'even' if even else 'odd'} "
            "move rules) to the highest rent you can reach.",
            even=even,
        )
    at.move_ahead(best[1], even=even, rule="M10")


@follow_up("auction_any")
def _auction_due(player: str, a: Action) -> tasks.Task:
    return tasks.AuctionAny(player)


@task("auction_any")
def _task_auction_any(tx: Tx, task: tasks.AuctionAny) -> None:
    player = task.player
    tx.ask("choose_space", player, ("choose",), "ask.choose.auction_any", why="auction_any")


@answer("choose", "auction_any")
def _choose(tx: Tx, c: commands.Choose) -> None:
    space = tx.board.space(str(c.space or ""))
    if not space.is_property or space.name in tx.state.holdings:
        raise IllegalCommandError(
            f"choose: the Auction space auctions an unowned property, and {space.name!r} is not one"
        )
    tx.first(tasks.Auction("property", space.name))


@decision_options("choose_space", "auction_any")
def _choices(state: GameState, d: Decision) -> Iterator[Option]:
    board = state.edition.board
    for name, spaces in board.properties.items():
        if name not in state.holdings:
            yield property_choice(board, name, price=spaces[0].price)
