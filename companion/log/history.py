"""A game's history in words or as data: every command, its events, and every undo.

>>> describe({"type": "transfer", "from": "Ann", "to": "Pool", "amount": 200, "reason": "Income Tax"})
'Ann pays the Pool $200 (Income Tax).'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from companion.banker.ledger import POOL
from companion.rules.board import ultimate_board

if TYPE_CHECKING:
    from companion.log.gamelog import LoggedCommand

FORMATS = ("text", "jsonl", "csv")


def _account(name: str) -> str:
    return "the Pool" if name == POOL else "the Bank" if name == "Bank" else name


def describe(event: Mapping[str, Any]) -> str | None:
    """One sentence for an event, or ``None`` for bookkeeping the table need not read."""
    kind = event["type"]
    if "text" in event:
        return str(event["text"])
    if kind == "transfer":
        return (
            f"{_account(event['from'])} pays {_account(event['to'])} ${event['amount']} "
            f"({event['reason']})."
        )
    if kind == "holding":
        if event["holding"] is None:
            return f"{event['property']} goes back to the Bank."
        h = event["holding"]
        levels = ("", "1 house", "2 houses", "3 houses", "4 houses", "a hotel", "a skyscraper")
        extra = []
        if h["level"]:
            extra.append(f"with {levels[h['level']]}")
        if h["improved"]:
            extra.append("improved")
        if h["mortgaged"]:
            extra.append("mortgaged")
        return (
            f"{event['property']}: {h['owner']}" + (f", {', '.join(extra)}" if extra else "") + "."
        )
    if kind == "seat":
        return _seat_words(event["player"], event["set"])
    if kind == "moved":
        return f"{event['player']} moves to {ultimate_board().by_key(event['to']).name}."
    if kind == "drew":
        return f"{event['player']} draws {event['title']}."
    if kind == "order_rolled":
        return f"{event['player']} rolls {sum(event['dice'])} for the turn order."
    if kind == "undone":
        of = event.get("of", {})
        return f"Undone: command #{event['command']} ({of.get('type', '?')} by {of.get('player') or 'the table'})."
    if kind == "decision":
        return f"Now: {event['decision']['text']}"
    if kind == "game_started":
        names = ", ".join(p["name"] for p in event["players"])
        return f"A new game: {names}."
    return None


def _seat_words(player: str, changes: Mapping[str, Any]) -> str | None:
    """What a change of a player's state means at the table (jail, Reverse Direction...)."""
    words = []
    if changes.get("in_jail") is True:
        words.append(f"{player} goes to jail.")
    elif changes.get("in_jail") is False:
        words.append(f"{player} is out of jail.")
    elif changes.get("jail_turns"):
        words.append(f"{player} stays in jail: no doubles (try {changes['jail_turns']} of 3).")
    if changes.get("bankrupt"):
        words.append(f"{player} is bankrupt and leaves the game.")
    if changes.get("reverse_direction"):
        words.append(f"{player} moves backwards on the next move (Reverse Direction).")
    if changes.get("subway"):
        words.append(f"{player} rides the Subway instead of the next roll.")
    if changes.get("skip_turns"):
        words.append(f"{player} misses the next {changes['skip_turns']} turn(s).")
    return " ".join(words) or None


def _command_words(c: Mapping[str, Any]) -> str:
    rest = {k: v for k, v in c.items() if k not in ("type", "player")}
    args = " ".join(f"{k}={json.dumps(v)}" for k, v in rest.items())
    return f"{c['type']} {args}".strip()


def text_lines(game_id: int, commands: Iterable[LoggedCommand]) -> Iterator[str]:
    """The history as the table reads it: each command, then what happened."""
    yield f"Game {game_id}"
    for logged in commands:
        who = logged.player or "table"
        yield f"#{logged.seq} {logged.time[11:19]} {who}: {_command_words(logged.command)}"
        for event in logged.events:
            if event["type"] == "decision" and event is not logged.events[-1]:
                continue
            words = describe(event)
            if words:
                yield f"    {words}"


def jsonl_lines(game_id: int, commands: Iterable[LoggedCommand]) -> Iterator[str]:
    """One JSON object per event, with its command."""
    for logged in commands:
        for i, event in enumerate(logged.events):
            yield json.dumps(
                {
                    "game": game_id,
                    "command_seq": logged.seq,
                    "event_index": i,
                    "time": logged.time,
                    "player": logged.player,
                    "command": logged.command,
                    "event": event,
                    "text": describe(event),
                }
            )


def csv_text(game_id: int, commands: Iterable[LoggedCommand]) -> str:
    """One row per event: game, command, time, player, command type, event type, words, data."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["game", "command_seq", "time", "player", "command", "event", "text", "payload"]
    )
    for logged in commands:
        for event in logged.events:
            writer.writerow(
                [
                    game_id,
                    logged.seq,
                    logged.time,
                    logged.player,
                    logged.command.get("type"),
                    event["type"],
                    describe(event) or "",
                    json.dumps(event),
                ]
            )
    return out.getvalue()
