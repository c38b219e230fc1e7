"""Damaged copies of a real game log, and what the companion must do with each.

A copy is damaged one way (:func:`damages`): bytes flipped in the database file or in its -wal
file, the file cut short at a page boundary, or the -wal file lost. Then ``history`` (each game,
as text and as JSON lines), ``games``, ``log check`` and ``log salvage`` run on it in this
process (:func:`judge`). Each must refuse in one line or give exactly what the intact log gives;
``log check`` saying "intact" must mean the histories are unchanged; a salvaged log must hold
the beginning of each game and resume; and the damaged file itself must not change.
Any other exception is a traceback. Used by ``tests/test_gamelog_fuzz.py`` (a seeded slice) and
``tests/campaigns/damage_logs.py`` (the long campaign).
"""

from __future__ import annotations

import io
import random
import shutil
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from companion.cli.main import run
from companion.game import Game
from companion.log.gamelog import GameLog
from companion.simulator.simulate import RandomPlayer, play_game

PAGE = 4096


def make_log(folder: Path, seed: int, *, turns: int = 40) -> Path:
    """A real game log in ``folder``: two games of 3 seeded random players, the second played
    last, copied (with its -wal file) while the companion still has it open."""
    live = folder / "live.db"
    rng = random.Random(seed)
    with GameLog(live) as log:
        for _ in range(2):
            game = Game.new([{"name": n} for n in ("Ann", "Bob", "Cy")], log=log)
            play_game(game, RandomPlayer(rng), check=lambda s, w: None, max_turns=turns)
        # Taken while it is open, as a backup of a table in play would be.
        copy = folder / "reference.db"
        shutil.copyfile(live, copy)
        shutil.copyfile(f"{live}-wal", f"{copy}-wal")
    return copy


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def readings(path: Path, games: int = 2) -> dict[str, tuple[int, str, str]]:
    """What the reading commands give for the game log at ``path``."""
    runs = {"history": cli("history", "--db", str(path))}
    for game in range(1, games + 1):
        runs[f"history {game}"] = cli(
            "history", "--db", str(path), "--game", str(game), "--format", "jsonl"
        )
    runs["games"] = cli("games", "--db", str(path))
    return runs


@dataclass
class Damage:
    kind: str
    seed: int
    detail: str
    db: bytes
    wal: bytes | None


def damages(reference: Path, seed: int, count: int) -> Iterator[Damage]:
    """``count`` damaged copies: the -wal file lost, the file cut at every page boundary
    (without its -wal file, as a copy of the .db alone), then bytes flipped, from ``seed``."""
    db = reference.read_bytes()
    wal = Path(f"{reference}-wal").read_bytes()
    made = 0
    if made < count:
        made += 1
        yield Damage("wal lost", seed, "", db, None)
    for page in range(len(db) // PAGE):
        if made >= count:
            return
        made += 1
        yield Damage("cut short", seed, f"at page {page}", db[: page * PAGE], None)
    rng = random.Random(seed)
    while made < count:
        made += 1
        in_wal = rng.random() < 0.15
        data = bytearray(wal if in_wal else db)
        spots = sorted(rng.randrange(len(data)) for _ in range(rng.choice((1, 1, 2, 3, 8))))
        for spot in spots:
            data[spot] ^= rng.randrange(1, 256)
        where = ",".join(str(s) for s in spots)
        if in_wal:
            yield Damage("flipped in wal", seed, f"bytes {where}", db, bytes(data))
        else:
            yield Damage("flipped", seed, f"bytes {where}", bytes(data), wal)


@dataclass
class Tally:
    copies: int = 0
    unchanged: int = 0
    refused: int = 0
    salvaged: int = 0
    check_damaged: int = 0
    failures: list[str] = field(default_factory=list)

    def failure_counts(self) -> dict[str, int]:
        counts = {"traceback": 0, "silent difference": 0, "unclear": 0}
        for f in self.failures:
            counts[f.split(":", 1)[0]] += 1
        return counts


def judge(
    damage: Damage, folder: Path, expected: dict[str, tuple[int, str, str]], tally: Tally
) -> None:
    """Run every reading command on one damaged copy; count what happened, and every failure."""
    for old in folder.glob("*"):
        old.unlink()
    path = folder / "damaged.db"
    path.write_bytes(damage.db)
    if damage.wal is not None:
        Path(f"{path}-wal").write_bytes(damage.wal)
    label = f"{damage.kind} {damage.detail} (seed {damage.seed})"
    tally.copies += 1
    try:
        _judge(path, folder, expected, tally, label, damage)
    except Exception:  # anything that escaped the command line is a traceback
        tally.failures.append(f"traceback: {label}: {traceback.format_exc(limit=-3)}")


def _judge(
    path: Path,
    folder: Path,
    expected: dict[str, tuple[int, str, str]],
    tally: Tally,
    label: str,
    damage: Damage,
) -> None:
    got = readings(path)
    changed = False
    for name, (status, out, err) in got.items():
        if (status, out, err) == expected[name]:
            continue
        changed = True
        if status == 0:
            tally.failures.append(f"silent difference: {label}: {name}")
        elif status != 2 or out or not err.startswith("companion: error: ") or err.count("\n") != 1:
            tally.failures.append(f"unclear: {label}: {name} gave {status}, {err[:300]!r}")
    tally.unchanged += not changed
    tally.refused += changed
    status, out, err = cli("log", "check", str(path))
    if status not in (0, 1, 2) or (status == 2 and err.count("\n") != 1):
        tally.failures.append(f"unclear: {label}: log check gave {status}, {err[:300]!r}")
    if status == 0 and changed:
        tally.failures.append(f"silent difference: {label}: log check says intact")
    tally.check_damaged += status == 1
    new = folder / "salvaged.db"
    status, out, err = cli("log", "salvage", str(path), "--out", str(new))
    if status == 0:
        tally.salvaged += 1
        _judge_salvaged(new, expected, tally, label)
    elif status != 2 or err.count("\n") != 1:
        tally.failures.append(f"unclear: {label}: log salvage gave {status}, {err[:300]!r}")
    if path.read_bytes() != damage.db:
        tally.failures.append(f"silent difference: {label}: the damaged file was changed")


def _judge_salvaged(
    new: Path, expected: dict[str, tuple[int, str, str]], tally: Tally, label: str
) -> None:
    with GameLog(new, readonly=True) as log:
        ids = [g["id"] for g in log.games()]
    for game in ids:
        status, out, _ = cli("history", "--db", str(new), "--game", str(game), "--format", "jsonl")
        whole = expected[f"history {game}"][1]
        if status != 0 or not out or not whole.startswith(out):
            tally.failures.append(
                f"silent difference: {label}: salvaged game {game} is not a beginning of it"
            )
    with GameLog(new) as log:
        Game.resume(log)
