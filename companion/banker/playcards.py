"""A kept card played with the ``play_card`` command: the mechanism. Each play (Foreclosed,
Swap, Steal, Free House...) is a card operation of ``companion/editions/cards/`` that registers
its handler and its moment here with :func:`card_play`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.banker import commands, tasks
from companion.banker.keptcards import USES
from companion.banker.ledger import BANK
from companion.banker.state import GameState
from companion.banker.tx import Tx, command, return_card, set_holding, task
from companion.errors import IllegalCommandError
from companion.messages import message
from companion.rules.cards import Card
from companion.rules.situation import Holding

#: A kept card's play: ``(tx, holder, card, the play_card command)``.
PlayHandler = Callable[[Tx, str, Card, commands.PlayCard], None]
#: Whether ``player`` may play a card now, in ``state``.
Moment = Callable[[GameState, str], bool]


def on_own_turn(state: GameState, player: str) -> bool:
    """B8: most kept cards are played on the holder's own turn, before rolling or at its end."""
    d = state.decision
    return state.turn == player and d.player == player and d.kind in ("roll", "end_turn")


@dataclass(frozen=True, slots=True)
class CardPlay:
    """A kept card's play: its handler, its ``moment`` and the words that say it
    (``{title!r}``: the card's title)."""

    handler: PlayHandler
    moment: Moment
    when: str
    #: The decision kind this play answers besides its own moment's (``rent``: Reverse Rent
    #: and The Rent Is Too Darn High are offered among the rent's options), if any.
    answers: str | None = None

    @property
    def on_own_turn(self) -> bool:
        """Played on the holder's turn: the decision is asked again once the card has acted."""
        return self.moment is on_own_turn


#: The kept cards' plays, by ``play`` (``companion/editions/cards/``).
PLAYS: dict[str, CardPlay] = {}


def card_play(
    how: str,
    *,
    moment: Moment = on_own_turn,
    when: str = "{title!r} is played on your own turn, before or after your roll",
    answers: str | None = None,
) -> Callable[[PlayHandler], PlayHandler]:
    """Register the decorated function as the play of kept cards ``{"play": how}``, allowed at
    ``moment`` (``when`` says it), offered among the options of the decisions of kind
    ``answers`` if given. A play on the holder's own turn returns the card and asks the
    decision again after; a play at another moment does all that itself."""

    def register(handler: PlayHandler) -> PlayHandler:
        assert how not in PLAYS, f"two plays for {how!r}"
        PLAYS[how] = CardPlay(handler, moment, when, answers)
        return handler

    return register


def answering(kind: str) -> tuple[str, ...]:
    """The plays offered among the options of a decision of ``kind``, in the order they were
    registered (the first the holder holds is the one its question names)."""
    return tuple(how for how, play in PLAYS.items() if play.answers == kind)


@command("play_card")
def play(tx: Tx, c: commands.PlayCard) -> None:
    """The ``play_card`` command: a kept card played by its holder. B8: each card has its
    moment: when another player is about to buy (Deal Buster), when landing on an unowned
    property (Bargain Business), when owing rent (Reverse Rent, The Rent Is Too Darn High),
    else on the holder's own turn, before rolling or at the end of the turn."""
    player = c.player
    card = tx.deck.card(str(c.card or ""))
    if card.id not in tx.state.seat(player).cards:
        raise IllegalCommandError(f"play_card: {player} holds no {card.title!r}")
    spec = card.play[0]
    how = spec.get("play")
    d = tx.state.decision
    if how is None:
        use = USES.get(str(spec.get("use")))
        if use is not None and use.refusal is not None:
            raise IllegalCommandError(f"play_card: {use.refusal.format(title=card.title)}")
        raise IllegalCommandError(
            f"play_card: {card.title!r} acts by itself when it applies ({card.effect})"
        )
    kind = PLAYS.get(how)
    if kind is None:  # the edition's card operations were not loaded (cards.load_for)
        raise IllegalCommandError(f"play_card: {card.title!r} is not played in this game")
    if not kind.moment(tx.state, player):
        raise IllegalCommandError(f"play_card: {kind.when.format(title=card.title)}")
    if not kind.on_own_turn:
        kind.handler(tx, player, card, c)
        return
    mark = len(tx.agenda)
    kind.handler(tx, player, card, c)
    return_card(tx, player, card.id)
    tx.resume_after_new(mark, d)
    tx.moved_on = True


@task("buy_instead")
def buy_instead(tx: Tx, task: tasks.BuyInstead) -> None:
    """Task: a card buys the property from the Bank (Deal Buster, Bargain Business)."""
    if task.property in tx.state.holdings:
        return
    why = message(
        "reason.buy_with_card", space=tx.board.property_key(task.property), card=task.card
    )
    if tx.cash(task.player) < task.price:  # spent while the lander was asked
        tx.note(
            "note.card_cannot_buy", player=task.player, space=tx.board.property_key(task.property)
        )
        return
    tx.transfer(task.player, BANK, task.price, why)
    set_holding(tx, task.property, Holding(task.player))


def other_player(tx: Tx, player: str, c: commands.PlayCard) -> str:
    """The ``target`` of a card played against another player (Swap, Steal...)."""
    rivals = [s.name for s in tx.state.active if s.name != player]
    who = c.target
    if who not in rivals:
        raise IllegalCommandError(
            f"play_card: 'target' is another player ({', '.join(rivals)}), not {who!r}"
        )
    return str(who)
