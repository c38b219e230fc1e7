"""Rent due: the kept cards that answer it (Reverse Rent, The Rent Is Too Darn High), those
that change it by themselves at the ``rent_due`` moment (Comped Room, half railroad rent, rent
received bonus: card operations of ``companion/editions/cards/``), a jailed landlord's Pay
Back, and rent its owner must claim (E2, house rule ``rent_claimed_by_owner``: the ``claim``
command, until the second player after the payer rolls)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from companion.banker import commands, tasks
from companion.banker.keptcards import held, rent_changed
from companion.banker.options import Option, decision_options
from companion.banker.playcards import answering
from companion.banker.state import Decision, GameState, RentClaim
from companion.banker.tx import Tx, command, task
from companion.errors import CompanionError, IllegalCommandError
from companion.messages import message

#: The message codes of the decision posed here, of its options and of a claim's events.
CODES = (
    "ask.rent",
    "option.pay",
    "option.play_card",
    "event.rent_claimable",
    "event.rent_claimed",
    "event.rent_lapsed",
)


@task("no_rent")
def _task_no_rent(tx: Tx, task: tasks.NoRent) -> None:
    tx.note("note.comped_room", player=task.player, space=task.space)


@task("rent")
def rent(tx: Tx, task: tasks.Rent) -> None:
    """Task: rent due, after the kept cards that change it."""
    player, owner, space = task.player, task.owner, tx.board.space(task.space)
    amount = task.amount
    if not task.asked and (card := _rent_card(tx.state, player)):
        tx.first(replace(task, asked=True))
        tx.ask(
            "rent",
            player,
            ("pay", "play_card"),
            "ask.rent",
            {"amount": amount, "owner": owner, "space": space.key, "card": card},
            amount=amount,
            owner=owner,
        )
        return
    # The cards that act by themselves against the other player, who may refuse them with
    # Just Say NO! (B16): then the rent is worked out again (``asked``), without the card.
    if rent_changed(tx, replace(task, asked=True)):
        return
    landlord = tx.state.seat(owner)
    jailed_to_pool = landlord.rent_to_pool and landlord.in_jail
    payee = tx.state.edition.fees_account if jailed_to_pool else owner
    if payee == owner and tx.state.rules.rent_claimed_by_owner:
        claim = RentClaim(player, owner, space.key, amount, _second_after(tx.state, player))
        tx.emit("rent_claimable", **claim.to_json(), code="event.rent_claimable")
        return
    tx.first(tasks.Pay(player, payee, amount, message("reason.rent", space=space.key)))


def _second_after(state: GameState, player: str) -> str:
    """002: "before the second player following rolls the dice": the second player still in
    the game after ``player`` in turn order (``player`` again at a table of two)."""
    names = [s.name for s in state.active]
    return names[(names.index(player) + 2) % len(names)]


@command("claim")
def claim(tx: Tx, c: commands.Claim) -> None:
    """E2: the owner claims rent owed to them; the payer pays it now (or raises the money)."""
    gone = c.payer not in {s.name for s in tx.state.active}
    owed = [k for k in tx.state.claims if (k.owner, k.payer) == (c.player, c.payer) and not gone]
    if c.space is not None:
        try:
            key = tx.board.space(c.space).key
        except CompanionError as exc:
            raise IllegalCommandError(f"claim: {exc}") from None
        owed = [k for k in owed if k.space == key]
    if not owed:
        open_claims = [k for k in tx.state.claims if k.owner == c.player]
        have = (
            "; ".join(f"{k.payer} for {tx.board.by_key(k.space).name}" for k in open_claims)
            or "none"
        )
        raise IllegalCommandError(
            f"claim by {c.player}: {_shown_payer(c)} owes {c.player} no rent to claim now "
            f"(rent {c.player} may claim: {have})"
        )
    k = owed[0]
    tx.emit("rent_claimed", **k.to_json(), code="event.rent_claimed")
    tx.first(tasks.Pay(k.payer, k.owner, k.amount, message("reason.rent", space=k.space)))


def _shown_payer(c: commands.Claim) -> str:
    return c.payer if c.space is None else f"{c.payer} ({c.space})"


def lapse_claims(tx: Tx, roller: str) -> None:
    """002: rent not claimed before the second player after the payer rolls is lost; so is
    rent between players no longer both in the game."""
    active = {s.name for s in tx.state.active}
    for k in tx.state.claims:
        if k.until == roller or not {k.payer, k.owner, k.until} <= active:
            tx.emit("rent_lapsed", **k.to_json(), code="event.rent_lapsed")


def _rent_card(state: GameState, player: str) -> str | None:
    """A kept card ``player`` holds that a rent due may be answered with (B8: Reverse Rent,
    The Rent Is Too Darn High), the first of the plays answering rent; ``None`` if none."""
    for how in answering("rent"):
        card = held(state, player, "play", how)
        if card is not None:
            return card
    return None


@decision_options("rent")
def _rent_options(state: GameState, d: Decision) -> Iterator[Option]:
    """Rent due by a player who holds Reverse Rent or The Rent Is Too Darn High."""
    amount, owner = d.data["amount"], d.data["owner"]
    yield {
        "command": {"type": "pay"},
        "amount": amount,
        "owner": owner,
        "code": "option.pay",
        "params": {"amount": amount, "payee": owner},
    }
    plays = answering("rent")
    for card_id in dict.fromkeys(state.seat(d.player).cards):
        if state.edition.deck.cards[card_id].play[0].get("play") in plays:
            yield {
                "command": {"type": "play_card", "card": card_id},
                "code": "option.play_card",
                "params": {"card": card_id},
            }
