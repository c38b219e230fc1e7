"""Which command a throw of the dice answers: the domain decides, not the front end.

A throw read by the dice module (or typed in as faces) answers the decision that asks for dice:
the roll of a turn (in jail: the two regular dice only), the turn-order roll, or the dice a space
or card asks for (a utility, Squeeze Play, Roll Three, Be Kind Rewind). The decision's options say
how many dice it wants and whether the speed die counts (``companion.banker.options``).

>>> from companion.banker.state import Decision
>>> roll = Decision("roll", "Ann", "Ann: roll the dice.", ("roll",))
>>> options = ({"command": {"type": "roll"}, "free": {"dice": {"count": 2, "speed": True}}},)
>>> from companion.editions import edition
>>> command = command_for_throw(roll, (3, 4, "mr"), "b1:7", options=options, dice=edition().dice)
>>> command
Roll(player='Ann', dice=Roll(d1=3, d2=4, speed='mr'), reading='b1:7')
>>> command.to_json()
{'type': 'roll', 'player': 'Ann', 'dice': [3, 4, 'mr'], 'reading': 'b1:7'}

Two dice become one typed :class:`~companion.rules.movement.Roll`, made once where the throw
comes in (the dice reader's :attr:`~hardware.readings.DiceReading.roll`, the prompt's words, the
dice dialog's faces): given such a roll, the command carries that very object to the engine,
which reads no text again; the log's list is written from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.banker import commands
from companion.banker.state import Decision
from companion.editions import Dice
from companion.errors import IllegalCommandError, shown
from companion.messages import render_decision
from companion.rules.movement import Roll

#: The command types a throw of the dice can be.
DICE_COMMANDS = ("roll", "order_roll", "dice")


def command_for_throw(
    decision: Decision,
    faces: Roll | Sequence[int | str],
    reading_key: str | None = None,
    *,
    options: Sequence[Mapping[str, Any]] | None = None,
    dice: Dice,
) -> commands.OrderRoll | commands.Roll | commands.Dice:
    """The command that a throw showing ``faces`` gives in answer to ``decision``: its ``dice``
    a typed :class:`~companion.rules.movement.Roll` when two regular dice are wanted (``faces``
    itself when it is such a roll with the dice wanted), else the list of the dice.

    ``faces`` is a typed roll, or the regular dice (whole numbers 1 to 6: two, or three for Roll Three), then
    the speed die's face as text (one of the game's edition's ``dice.speed_faces``: ``"1"``,
    ``"mr"`` ...) when it was read: ``(3, 4, "mr")``, ``(6, 6)``, ``(1, 3, 6)``. Faces beyond what the decision wants are
    left out (the speed die in jail, a third die for the turn order). ``reading_key`` (the dice
    module's key of the throw) goes into the command as ``reading``, so that the throw is applied
    once; the decision's ``id`` (when numbered, above 0) as ``decision``, so that a throw
    never answers a later decision. ``options`` defaults to the decision's own.

    Raises :class:`IllegalCommandError` (one line) when the decision wants no dice, or when the
    faces are not the dice it wants.
    """
    option = _dice_option(decision, options)
    if option is None:
        raise IllegalCommandError(f"no dice are wanted now ({_waiting(decision)})")
    if set(option["free"]) != {"dice"}:
        raise IllegalCommandError(
            f"{_waiting(decision)} wants more than one throw (Game Night: both players' dice "
            "and the opponent): type them in"
        )
    wanted = option["free"]["dice"]
    count, speed = wanted["count"], wanted["speed"]
    thrown: Roll | list[int | str]
    if type(faces) is Roll and count == 2:
        thrown = _roll(faces, speed=speed, edition_dice=dice)
    else:
        read = _faces_of(faces) if isinstance(faces, Roll) else faces
        listed = _dice(read, count, speed=speed, edition_dice=dice)
        thrown = listed if count != 2 else Roll(*listed)  # type: ignore[arg-type]
    cls = commands.COMMANDS[option["command"]["type"]]
    return cls(  # type: ignore[call-arg,return-value]
        option.get("player", decision.player),
        dice=thrown,
        reading=reading_key,
        decision=decision.id or None,
    )


def is_stray_speed_die(speed: str | None, dice: Dice) -> bool:
    """Whether a throw read with the speed die showing ``speed`` has a die the edition's set
    does not (a module set up for another game, a stray die in the tray): the table takes it
    out of the tray and throws again; nothing is proposed.

    >>> from companion.editions import edition
    >>> is_stray_speed_die("mr", edition("classic").dice), is_stray_speed_die("mr", edition().dice)
    (True, False)
    >>> is_stray_speed_die(None, edition("classic").dice)
    False
    """
    return speed is not None and not dice.has_speed_die


def wanted_dice(
    decision: Decision, *, options: Sequence[Mapping[str, Any]] | None = None
) -> Mapping[str, Any] | None:
    """The dice a throw must show to answer ``decision``: ``{"count": N, "speed": BOOL}`` (N
    regular dice, and the speed die when ``speed``), or ``None`` when it wants no dice.

    >>> wanted_dice(Decision("buy_or_auction", "Ann", "", ("buy", "auction")))
    """
    option = _dice_option(decision, options)
    return None if option is None else option["free"]["dice"]


def _dice_option(
    decision: Decision, options: Sequence[Mapping[str, Any]] | None
) -> Mapping[str, Any] | None:
    return next(
        (
            o
            for o in (decision.options if options is None else options)
            if o["command"]["type"] in DICE_COMMANDS and "dice" in o.get("free", {})
        ),
        None,
    )


def _dice(
    faces: Sequence[int | str], count: int, *, speed: bool, edition_dice: Dice
) -> list[int | str]:
    regular: list[int] = []
    rest: list[int | str] = []
    for face in faces:
        if isinstance(face, int) and not isinstance(face, bool) and not rest:
            if not 1 <= face <= 6:
                raise IllegalCommandError(f"a regular die shows 1 to 6, not {shown(face)}")
            regular.append(face)
        else:
            rest.append(face)
    if len(regular) < count:
        what = (
            "Roll Three needs three regular dice"
            if count == 3
            else f"{count} regular dice are wanted"
        )
        raise IllegalCommandError(f"{what}, and {len(regular)} were read: {_faces(faces)}")
    dice: list[int | str] = list(regular[:count])
    if speed:
        read = str(rest[0]).strip().lower() if rest else None
        if read is None:
            raise IllegalCommandError(
                f"the speed die was not read ({_faces(faces)}); give the roll with it"
            )
        if read not in edition_dice.speed_faces:
            raise IllegalCommandError(
                f"the speed die shows {edition_dice.speed_words}, not {shown(rest[0])}"
            )
        dice.append(int(read) if read.isdigit() else read)
    return dice


def _roll(roll: Roll, *, speed: bool, edition_dice: Dice) -> Roll:
    """``roll`` as the two dice wanted: itself, or without its speed die where it does not
    count; refused as :func:`_dice` refuses the same faces."""
    if not speed:
        return roll if roll.speed is None else Roll(roll.d1, roll.d2)
    if roll.speed is None:
        raise IllegalCommandError(
            f"the speed die was not read ({_faces(_faces_of(roll))}); give the roll with it"
        )
    if str(roll.speed) not in edition_dice.speed_faces:
        raise IllegalCommandError(
            f"the speed die shows {edition_dice.speed_words}, not {shown(str(roll.speed))}"
        )
    return roll


def _faces_of(roll: Roll) -> tuple[int | str, ...]:
    """A roll's faces as read: the speed die's as text."""
    if roll.speed is None:
        return (roll.d1, roll.d2)
    return (roll.d1, roll.d2, str(roll.speed))


def _faces(faces: Sequence[int | str]) -> str:
    return " ".join(map(str, faces)) or "nothing"


def _waiting(decision: Decision) -> str:
    return render_decision(decision) or f"the game waits for {decision.player}: {decision.kind}"
