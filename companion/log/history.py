"""A game's history in words or as data: every command, its events, and every undo.

>>> describe({"type": "transfer", "from": "Ann", "to": "Pool", "amount": 200, "reason": "Income Tax"})
'Ann pays the Pool $200 (Income Tax).'
>>> describe({"type": "transfer", "from": "Bank", "to": "Ann", "amount": 3200,
...           "reason": {"code": "reason.starting_cash", "params": {}}})
'The Bank pays Ann $3,200 (starting cash).'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from companion.editions import Edition, of_game, stamp_name, stamp_problem
from companion.messages import render_event

if TYPE_CHECKING:
    from companion.log.gamelog import LoggedCommand

FORMATS = ("text", "jsonl", "csv")


def describe(
    event: Mapping[str, Any], lang: str = "en", *, edition: Edition | None = None
) -> str | None:
    """One sentence for an event, or ``None`` for bookkeeping the table need not read; the
    spaces and cards named are ``edition``'s (Ultimate's if none).

    Worded by :func:`companion.messages.render_event`: from the event's message code, or the
    text an event written before codes stored.
    """
    return render_event(event, lang, edition=edition)


def _played(event: Mapping[str, Any], played: Edition | None) -> Edition | None:
    """The edition whose words the events after ``event`` use: the one a ``game_started``
    names (``None``, Ultimate's words, for one this companion cannot play)."""
    if event["type"] != "game_started":
        return played
    stamp = event.get("edition")
    return None if stamp_problem(stamp) else of_game(stamp)


def _command_words(c: Mapping[str, Any]) -> str:
    rest = {k: v for k, v in c.items() if k not in ("type", "player")}
    args = " ".join(f"{k}={json.dumps(v)}" for k, v in rest.items())
    return f"{c['type']} {args}".strip()


def text_lines(game_id: int, commands: Iterable[LoggedCommand], lang: str = "en") -> Iterator[str]:
    """The history as the table reads it, in ``lang``: the game and its edition and board,
    each command, then what happened (the board's names, in its money)."""
    commands = list(commands)
    stamp = commands[0].edition if commands else None
    yield f"Game {game_id}: {stamp_name(stamp)}"
    played = None
    for logged in commands:
        who = logged.player or "table"
        yield f"#{logged.seq} {logged.time[11:19]} {who}: {_command_words(logged.command)}"
        for event in logged.events:
            played = _played(event, played)
            if event["type"] == "decision" and event is not logged.events[-1]:
                continue
            words = describe(event, lang, edition=played)
            if words:
                yield f"    {words}"


def jsonl_lines(game_id: int, commands: Iterable[LoggedCommand]) -> Iterator[str]:
    """One JSON object per event, with its command."""
    played = None
    for logged in commands:
        for i, event in enumerate(logged.events):
            played = _played(event, played)
            yield json.dumps(
                {
                    "game": game_id,
                    "command_seq": logged.seq,
                    "event_index": i,
                    "time": logged.time,
                    "player": logged.player,
                    "command": logged.command,
                    "event": event,
                    "text": describe(event, edition=played),
                }
            )


def csv_text(game_id: int, commands: Iterable[LoggedCommand]) -> str:
    """One row per event: game, command, time, player, command type, event type, words, data."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["game", "command_seq", "time", "player", "command", "event", "text", "payload"]
    )
    played = None
    for logged in commands:
        for event in logged.events:
            played = _played(event, played)
            writer.writerow(
                [
                    game_id,
                    logged.seq,
                    logged.time,
                    logged.player,
                    logged.command.get("type"),
                    event["type"],
                    describe(event, edition=played) or "",
                    json.dumps(event),
                ]
            )
    return out.getvalue()
