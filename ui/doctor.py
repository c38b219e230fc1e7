"""``companion doctor``: is this installation right? One line per check, and a fix for each
problem.

The checks are those a family's owner needs when the table does not work (``deploy/README.md``):
the version, the service user, the screen and its DRM card, the touch input device, the OpenGL
renderer, the dice module, the GPIO buttons, the game log, the free disk space and the backup.
Access is judged for the **service user** (``--user``, default ``$COMPANION_USER``, else whoever
runs the doctor) from each device node's owner, group and mode, so ``sudo companion doctor`` says
what the service can open, not what root can. Nothing is written: the game log is read as
``companion log check`` reads it.

While the app runs it holds the screen, the serial port and the GPIO lines. The doctor then
reads what the app recorded of them (:mod:`ui.appstatus`) instead of trying them itself; the
renderer can only be known that way.

Exit status 0 when every check passes (or does not apply), 1 otherwise; ``--json`` prints the
same as data.

Each check's words are a :class:`Sentence`: an English template, marked for the app's catalogs,
with its fields. The shell prints them in English; the app's Settings shows the same checks in
the table's language (``TableController.doctor``), each with its fix.
"""

from __future__ import annotations

import argparse
import contextlib
import grp
import importlib.util
import json
import os
import platform
import pwd
import shutil
import stat
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ui.appstatus import is_running, read_status, status_path

DISTRIBUTION = "ultimate-monopoly-companion"
#: Less free space than this on the game log's disk fails (a game log grows by about 1 MB per
#: game; a backup is a copy of it; the journal and an update need room too).
MIN_FREE_BYTES = 200 * 1024 * 1024
#: The daily backup is older than this: it has stopped.
MAX_BACKUP_AGE = 26 * 3600
#: Renderer names of Mesa's software drivers: the service user cannot reach the GPU.
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software")
SETUP = "sudo deploy/setup-pi.sh (in the companion's folder)"


def N_(msgid: str) -> str:  # noqa: N802 - gettext's marker, as in ui.i18n (no Babel needed here)
    """Marks ``msgid`` for the app's catalogs (``python -m ui.i18n extract``)."""
    return msgid


@dataclass(frozen=True)
class Sentence:
    """A sentence of the doctor: its English template (a msgid of the app's catalogs) and its
    fields, some of them :class:`Sentence` too. ``str()`` is the English the shell prints."""

    msgid: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.msgid.format_map(
            {k: str(v) if isinstance(v, Sentence) else v for k, v in self.fields.items()}
        )


def sentence(msgid: str, **fields: Any) -> Sentence:
    return Sentence(msgid, fields)


@dataclass(frozen=True)
class Check:
    """One line of the report: ``ok`` True (passed), False (failed) or None (does not apply);
    ``said`` what was found and ``fix_said`` what to do, as :class:`Sentence`."""

    name: str
    ok: bool | None
    said: Sentence
    fix_said: Sentence | None = None

    @property
    def detail(self) -> str:
        return str(self.said)

    @property
    def fix(self) -> str:
        return "" if self.fix_said is None else str(self.fix_said)

    @property
    def status(self) -> str:
        return {True: "ok", False: "FAIL", None: "skip"}[self.ok]

    def line(self) -> str:
        text = f"{self.status:<5} {self.name:<9} {self.detail}"
        return f"{text}; fix: {self.fix}" if self.fix and self.ok is False else text

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "ok": self.ok,
            "detail": self.detail,
            "fix": self.fix,
            "status": self.status.lower(),
        }


@dataclass(frozen=True)
class Account:
    """The user whose access is judged: its name, uid and every group it is in."""

    name: str
    uid: int
    gids: frozenset[int]

    @classmethod
    def named(cls, name: str) -> Account:
        """The account ``name``; raises KeyError when there is none."""
        entry = pwd.getpwnam(name)
        gids = {entry.pw_gid} | {g.gr_gid for g in grp.getgrall() if name in g.gr_mem}
        return cls(name, entry.pw_uid, frozenset(gids))

    @classmethod
    def current(cls) -> Account:
        uid = os.getuid()
        try:
            name = pwd.getpwuid(uid).pw_name
        except KeyError:
            name = str(uid)
        return cls(name, uid, frozenset({os.getgid(), *os.getgroups()}))

    def may(self, path: Path, *, write: bool = False) -> bool:
        """Whether this user may read (and with ``write``, also write) ``path``, from its mode
        bits; root may do anything."""
        try:
            info = path.stat()
        except OSError:
            return False
        if self.uid == 0:
            return True
        if info.st_uid == self.uid:
            bits = (stat.S_IRUSR, stat.S_IWUSR)
        elif info.st_gid in self.gids:
            bits = (stat.S_IRGRP, stat.S_IWGRP)
        else:
            bits = (stat.S_IROTH, stat.S_IWOTH)
        wanted = bits if write else bits[:1]
        return all(info.st_mode & bit for bit in wanted)

    def fix_for(self, path: Path) -> Sentence:
        """How to give this user access to ``path``: the group that owns it."""
        try:
            group = grp.getgrgid(path.stat().st_gid).gr_name
        except (OSError, KeyError):
            return sentence(N_("give {user} access to {path}"), user=self.name, path=path)
        return sentence(
            N_(
                "sudo usermod -aG {group} {user} && sudo systemctl restart companion "
                "({path} belongs to the group {group})"
            ),
            group=group,
            user=self.name,
            path=path,
        )


@dataclass
class Setting:
    """What the checks look at."""

    db: Path
    backups: Path
    account: Account
    config: str | None = None
    dice: str | None = None
    root: Path = Path("/")
    dice_timeout: float = 4.0
    #: The app's status (read once, by :func:`run_checks`).
    app: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def app_pid(self) -> int | None:
        """The running app's process id; None when no app runs on this game log."""
        return self.app["pid"] if self.app is not None and is_running(self.app) else None


def run_checks(setting: Setting) -> list[Check]:
    """Every check, in the order of the report."""
    setting.app = read_status(status_path(setting.db))
    checks: list[Callable[[Setting], Check]] = [
        check_version,
        check_display,
        check_touch,
        check_renderer,
        check_dice,
        check_buttons,
        check_database,
        check_disk,
        check_backup,
    ]
    return [_safely(check, setting) for check in checks]


def _safely(check: Callable[[Setting], Check], setting: Setting) -> Check:
    """A check that raises is a failed check that says what it raised, never a crash."""
    try:
        return check(setting)
    except Exception as exc:  # noqa: BLE001 - the doctor reports; it does not fall over
        name = check.__name__.removeprefix("check_")
        return Check(
            name,
            False,
            sentence(N_("the check itself failed: {error}"), error=exc),
            sentence(N_("report this as a bug")),
        )


# -- The checks -----------------------------------------------------------------------------------


def check_version(setting: Setting) -> Check:
    # Here, not at the top: importlib.metadata (with the email package it reads metadata
    # with) is a twentieth of the app's start, which imports this module for Settings.
    from importlib import metadata

    try:
        version = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        version = "not installed"
    where = {"version": version, "python": platform.python_version()}
    if importlib.util.find_spec("kivy") is None:
        return Check(
            "version",
            False,
            sentence(N_("companion {version}, Python {python}, no Kivy"), **where),
            sentence(N_("install the app: {setup}"), setup=SETUP),
        )
    return Check(
        "version",
        True,
        sentence(
            N_("companion {version}, Python {python}, Kivy {kivy}"),
            **where,
            kivy=metadata.version("kivy"),
        ),
    )


def check_display(setting: Setting) -> Check:
    from hardware.display import find_panel

    panel = find_panel(setting.root)
    if panel is None:
        return Check(
            "display",
            False,
            sentence(
                N_(
                    "no screen is connected: no DSI or HDMI connector in /sys/class/drm says "
                    "'connected'"
                )
            ),
            sentence(
                N_(
                    "power off, reseat the display's ribbon cable (both ends) and its power; "
                    "Touch Display 2 needs 'dtoverlay=vc4-kms-dsi-ili9881-7inch' in "
                    "/boot/firmware/config.txt"
                )
            ),
        )
    card = setting.root / "dev/dri" / f"card{panel.connector.card}"
    if not setting.account.may(card, write=True):
        return Check(
            "display",
            False,
            sentence(
                N_("{panel}, but {card} is not open to {user}"),
                panel=panel.describe(),
                card=card,
                user=setting.account.name,
            ),
            setting.account.fix_for(card),
        )
    return Check("display", True, sentence(N_("{panel}"), panel=panel.describe()))


def check_touch(setting: Setting) -> Check:
    from hardware.display import touch_devices

    found = touch_devices(setting.root)
    if not found:
        return Check(
            "touch",
            False,
            sentence(N_("no touchscreen among the input devices (/sys/class/input)")),
            sentence(
                N_(
                    "check the display's ribbon cable; on Touch Display 2 the overlay must not "
                    "say disable_touch; 'sudo apt full-upgrade' fixed missing touch on early "
                    "Bookworm images"
                )
            ),
        )
    device = found[0]
    if not setting.account.may(device.node):
        return Check(
            "touch",
            False,
            sentence(
                N_(
                    "{device} at {node} is not readable by {user}: the app would start and "
                    "never see a touch"
                ),
                device=device.name,
                node=device.node,
                user=setting.account.name,
            ),
            setting.account.fix_for(device.node),
        )
    return Check(
        "touch",
        True,
        sentence(
            N_("{device} at {node}, readable by {user}"),
            device=device.name,
            node=device.node,
            user=setting.account.name,
        ),
    )


def check_renderer(setting: Setting) -> Check:
    app = setting.app or {}
    gl = app.get("gl") or {}
    renderer = str(gl.get("renderer", ""))
    if not renderer:
        return Check(
            "renderer",
            False,
            sentence(
                N_("unknown: the app has not started on this game log yet (no {status})"),
                status=status_path(setting.db),
            ),
            sentence(
                N_(
                    "sudo systemctl restart companion, then run the doctor again; "
                    "'journalctl -u companion -b' says why it does not start"
                )
            ),
        )
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(app.get("started", 0))))
    if any(word in renderer.lower() for word in SOFTWARE_RENDERERS):
        return Check(
            "renderer",
            False,
            sentence(
                N_("{renderer}: drawn by the CPU, not the GPU (app started {when})"),
                renderer=renderer,
                when=when,
            ),
            sentence(
                N_("sudo usermod -aG render,video {user} && sudo systemctl restart companion"),
                user=setting.account.name,
            ),
        )
    inputs = app.get("input") or []
    if len(inputs) != 1:
        return Check(
            "renderer",
            False,
            sentence(
                N_(
                    "{renderer}, but {count} touch input providers ({inputs}): one touch would "
                    "count as several"
                ),
                renderer=renderer,
                count=len(inputs),
                inputs="; ".join(inputs),
            ),
            sentence(
                N_("remove [input] lines from the Kivy config.ini; the app sets its one provider")
            ),
        )
    return Check(
        "renderer",
        True,
        sentence(
            N_("{renderer}, touch through {input} (app started {when})"),
            renderer=renderer,
            input=inputs[0],
            when=when,
        ),
    )


def check_dice(setting: Setting) -> Check:
    if setting.app_pid is not None:
        dice = (setting.app or {}).get("dice") or {}
        return _dice_verdict(
            str(dice.get("state", "unknown")),
            str(dice.get("url", "")),
            str(dice.get("detail", "")),
            dice.get("fault"),
            dice.get("module"),
            sentence(N_("read by the running app (pid {pid})"), pid=setting.app_pid),
        )
    from hardware.config import load_config

    config = load_config(setting.config)
    url = setting.dice or config.serial.url
    if url == "none":
        return Check(
            "dice", None, sentence(N_("no dice module (--dice none): rolls are entered by touch"))
        )
    if url.startswith("/") and not Path(url).exists():
        return _dice_verdict(
            "disconnected", url, sentence(N_("no such device")), None, None, sentence("")
        )
    with _dice_port(url) as port:
        node = Path(port)
        if port.startswith("/") and node.exists() and not setting.account.may(node, write=True):
            return Check(
                "dice",
                False,
                sentence(N_("{port} is not open to {user}"), port=port, user=setting.account.name),
                setting.account.fix_for(node),
            )
        status = _greet(port, config, setting.dice_timeout)
    module = None if status.module is None else f"{status.module.module} {status.module.firmware}"
    return _dice_verdict(
        status.state, url, status.detail, status.fault, module, sentence(N_("answered the doctor"))
    )


@contextlib.contextmanager
def _dice_port(url: str) -> Iterator[str]:
    """The port to greet: ``url``, or an emulated module's pseudo-terminal for ``emulator``."""
    if url != "emulator":
        yield url
        return
    from hardware.emulator import DiceModuleEmulator

    emulator = DiceModuleEmulator(on_demand=True).start()
    try:
        yield emulator.path
    finally:
        emulator.stop()


def _greet(url: str, config: Any, timeout: float) -> Any:
    """The dice reader's status once the module has greeted it, or after ``timeout``."""
    from hardware.reader import DiceReader

    answered = threading.Event()
    latest: list[Any] = []

    def on_status(status: Any) -> None:
        latest.append(status)
        if status.state in ("connected", "incompatible"):
            answered.set()

    reader = DiceReader.from_config(
        url, config, post=lambda call: call(), on_reading=lambda _r: None, on_status=on_status
    )
    reader.start()
    try:
        answered.wait(timeout)
    finally:
        reader.stop()
    answers = [s for s in latest if s.state in ("connected", "incompatible")]
    before_stop = [s for s in latest if s.state != "stopped"]
    return (answers or before_stop or [reader.status])[-1]


def _dice_verdict(
    state: str, url: str, detail: str | Sentence, fault: Any, module: Any, how: Sentence
) -> Check:
    # The reader's detail is the module's or the port's own words: shown as they are.
    said = sentence(N_(" ({detail})"), detail=detail) if detail else ""
    if state == "connected" and not fault:
        return Check(
            "dice",
            True,
            sentence(N_("module {module} on {url}, {how}"), module=module, url=url, how=how),
        )
    if state == "connected":
        return Check(
            "dice",
            False,
            sentence(
                N_("module {module} on {url} reports the fault {fault}{detail}"),
                module=module,
                url=url,
                fault=fault,
                detail=said,
            ),
            sentence(
                N_(
                    "clear the dice tray and the camera's view; 'companion dice-monitor' shows "
                    "what it sees"
                )
            ),
        )
    if state == "disconnected":
        return Check(
            "dice",
            False,
            sentence(N_("cannot open {url}{detail}"), url=url, detail=said),
            sentence(
                N_(
                    "plug the dice module into a USB port; 'ls -l /dev/companion-dice' must "
                    "show a link (the udev rule /etc/udev/rules.d/99-companion-dice.rules makes "
                    "it)"
                )
            ),
        )
    if state == "incompatible":
        return Check(
            "dice",
            False,
            sentence(
                N_("the module on {url} speaks another protocol version{detail}"),
                url=url,
                detail=said,
            ),
            sentence(
                N_(
                    "update the module's firmware or the companion to the same protocol "
                    "(docs/dice-protocol.md)"
                )
            ),
        )
    return Check(
        "dice",
        False,
        sentence(
            N_("{url} opens, but nothing answered the greeting ({state}){detail}"),
            url=url,
            state=state,
            detail=said,
        ),
        sentence(
            N_(
                "check that it is the dice module and serial.baudrate in the configuration; "
                "unplug and replug the module"
            )
        ),
    )


def check_buttons(setting: Setting) -> Check:
    from hardware.config import load_config

    buttons = [b for b in load_config(setting.config).buttons.buttons if b.pin]
    if not buttons:
        return Check("buttons", None, sentence(N_("no buttons configured: answers by touch only")))
    names = ", ".join(f"{b.name} {b.pin}" for b in buttons)
    if setting.app_pid is not None:
        return Check(
            "buttons",
            None,
            sentence(
                N_("{buttons}: held by the running app (pid {pid})"),
                buttons=names,
                pid=setting.app_pid,
            ),
        )
    chips = sorted((setting.root / "dev").glob("gpiochip*"))
    closed = [chip for chip in chips if not setting.account.may(chip, write=True)]
    if closed:
        return Check(
            "buttons",
            False,
            sentence(N_("{chip} is not open to {user}"), chip=closed[0], user=setting.account.name),
            setting.account.fix_for(closed[0]),
        )
    from gpiozero import Button

    pull_up = load_config(setting.config).buttons.pull_up
    pressed = []
    for button in buttons:
        try:
            device = Button(button.pin, pull_up=pull_up)
        except Exception as exc:  # noqa: BLE001 - gpiozero raises many kinds; one line each
            return Check(
                "buttons",
                False,
                sentence(
                    N_("cannot read {button} on {pin}: {error}"),
                    button=button.name,
                    pin=button.pin,
                    error=exc,
                ),
                sentence(
                    N_(
                        "check the pins in the configuration ([buttons.*] pin) and that no "
                        "other program uses them"
                    )
                ),
            )
        try:
            if device.is_pressed:
                pressed.append(f"{button.name} ({button.pin})")
        finally:
            device.close()
    if pressed:
        return Check(
            "buttons",
            False,
            sentence(
                N_("{buttons} reads pressed with nobody pressing"), buttons=", ".join(pressed)
            ),
            sentence(
                N_(
                    "a stuck button or a wire to the wrong pin; if every button reads pressed, "
                    "buttons.pull_up in the configuration does not match the wiring"
                )
            ),
        )
    return Check("buttons", True, sentence(N_("{buttons}: readable, none pressed"), buttons=names))


def check_database(setting: Setting) -> Check:
    from companion.log.gamelog import GameLogError, check_log

    db, who = setting.db, setting.account
    folder = existing_folder(db)
    if not db.exists():
        if not who.may(folder, write=True):
            return Check(
                "database",
                False,
                sentence(N_("{folder} is not writable by {user}"), folder=folder, user=who.name),
                who.fix_for(folder),
            )
        return Check("database", True, sentence(N_("no game yet; the app creates {db}"), db=db))
    if not (who.may(db, write=True) and who.may(db.parent, write=True)):
        place = db if not who.may(db, write=True) else db.parent
        return Check(
            "database",
            False,
            sentence(
                N_("{place} is not writable by {user}: the next roll could not be saved"),
                place=place,
                user=who.name,
            ),
            sentence(N_("sudo chown -R {user} {folder}"), user=who.name, folder=db.parent),
        )
    try:
        report = check_log(db)
    except GameLogError as exc:
        report = None
        problem = str(exc)
    if report is not None and report.is_intact:
        commands = sum(g.intact for g in report.games)
        return Check(
            "database",
            True,
            sentence(
                N_("{db}: intact, {games}, {commands}"),
                db=db,
                games=_count(len(report.games), N_("{n} game"), N_("{n} games")),
                commands=_count(commands, N_("{n} command"), N_("{n} commands")),
            ),
        )
    if report is not None:
        problem = "; ".join(
            [
                *report.problems,
                *(f"game {g.game_id}: {g.problem}" for g in report.games if not g.is_intact),
            ]
        )
    return Check(
        "database",
        False,
        sentence(N_("{db} is damaged: {problem}"), db=db, problem=problem),
        sentence(
            N_(
                "stop the app (sudo systemctl stop companion), then 'companion restore' the "
                "newest backup in {backups}, or 'companion log salvage {db} --out NEW' keeps "
                "what is intact"
            ),
            backups=setting.backups,
            db=db,
        ),
    )


def check_disk(setting: Setting) -> Check:
    usage = shutil.disk_usage(existing_folder(setting.db))
    # Rounded here (not by a format in the text), so that the app writes them as its language
    # does ("84,5 Go"); str() of a number rounded to one place is what ":.1f" printed.
    free = sentence(
        N_("{free} GB free of {total} GB"),
        free=round(usage.free / 1e9, 1),
        total=round(usage.total / 1e9, 1),
    )
    if usage.free < MIN_FREE_BYTES:
        return Check(
            "disk",
            False,
            sentence(
                N_("{free} where the games are kept: the game log may fail to grow"), free=free
            ),
            sentence(N_("delete old exports and backups; 'sudo journalctl --vacuum-size=50M'")),
        )
    return Check("disk", True, free)


def check_backup(setting: Setting) -> Check:
    from companion.log.backup import backup_age, latest_backup

    folder = setting.backups
    newest = latest_backup(folder) if folder.is_dir() else None
    fix = sentence(
        N_(
            "sudo systemctl start companion-backup.service; "
            "'systemctl list-timers companion-backup.timer' shows the next one"
        )
    )
    if newest is None:
        if not setting.db.exists():
            return Check(
                "backup",
                None,
                sentence(N_("no game log yet, so no backup in {folder}"), folder=folder),
            )
        if time.time() - _first_game(setting.db) < MAX_BACKUP_AGE:
            return Check(
                "backup",
                True,
                sentence(N_("none yet in {folder}; the first is due today"), folder=folder),
            )
        return Check("backup", False, sentence(N_("no backup in {folder}"), folder=folder), fix)
    age = backup_age(folder)
    seconds = age.total_seconds() if age is not None else 0.0
    said = sentence(N_("{backup}, {age} old"), backup=newest, age=_age(seconds))
    if seconds > MAX_BACKUP_AGE:
        return Check(
            "backup",
            False,
            sentence(N_("the newest backup is {said}: the daily backup stopped"), said=said),
            fix,
        )
    return Check("backup", True, said)


# -- Helpers ---------------------------------------------------------------------------------------


def default_backups(db: Path) -> Path:
    """The backup folder of the game log ``db``: ``$COMPANION_BACKUPS``, else ``backups``
    beside it."""
    return Path(os.environ.get("COMPANION_BACKUPS") or db.parent / "backups")


def existing_folder(path: Path) -> Path:
    """The nearest folder of ``path`` that exists (where a new file would be made)."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def _first_game(db: Path) -> float:
    """When the first game of the game log ``db`` started (now, if it has none)."""
    from datetime import datetime

    from companion.log.gamelog import GameLog, GameLogError

    try:
        with GameLog(db, readonly=True) as log:
            games = log.games()
    except GameLogError:
        return 0.0  # a damaged log (the database check says so): as old as can be
    return datetime.fromisoformat(games[0]["created"]).timestamp() if games else time.time()


def _count(n: int, one: str, many: str) -> Sentence:
    return sentence(one if n == 1 else many, n=n)


def _age(seconds: float) -> Sentence:
    if seconds < 2 * 3600:
        return sentence(N_("{n} minutes"), n=round(seconds / 60))
    if seconds < 2 * 86400:
        return sentence(N_("{n} hours"), n=round(seconds / 3600))
    return sentence(N_("{n} days"), n=round(seconds / 86400))


# -- The command ----------------------------------------------------------------------------------


def register(commands: Any) -> None:
    """Add ``doctor`` to the ``companion`` subcommands."""
    doctor = commands.add_parser(
        "doctor",
        help="check the installation: screen, touch, renderer, dice, buttons, games, backup",
        description="Check this installation and print one line per check, with a fix for "
        "each problem. Exit status 0 when all is well, 1 otherwise. Run it as "
        "'sudo companion doctor' on the Pi: access is judged for the service user.",
    )
    doctor.add_argument("--json", action="store_true", help="print the checks as one JSON object")
    doctor.add_argument(
        "--db", metavar="FILE", help="the game log (default: the app's, $COMPANION_DB)"
    )
    doctor.add_argument(
        "--backups",
        metavar="DIR",
        help="the backup folder (default: $COMPANION_BACKUPS, else 'backups' beside the game log)",
    )
    doctor.add_argument(
        "--config", metavar="FILE", help="the hardware configuration (default: $COMPANION_CONFIG)"
    )
    doctor.add_argument(
        "--dice",
        metavar="URL",
        help="the dice module's port (default: serial.url of the configuration); 'emulator' "
        "greets an emulated module",
    )
    doctor.add_argument(
        "--user",
        metavar="NAME",
        help="judge access for this user (default: $COMPANION_USER, else the current user)",
    )
    doctor.add_argument(
        "--timeout",
        type=float,
        default=4.0,
        metavar="SECONDS",
        help="how long to wait for the dice module's greeting (default 4)",
    )
    # Where /sys and /dev are: a folder holding a copy of them, for the tests.
    doctor.add_argument("--root", default="/", help=argparse.SUPPRESS)
    doctor.set_defaults(handler=run_doctor)


def run_doctor(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The ``doctor`` command."""
    from companion.log.gamelog import GameLogError
    from ui.setup_store import default_db_path

    name = args.user or os.environ.get("COMPANION_USER")
    try:
        account = Account.named(name) if name else Account.current()
    except KeyError:
        raise GameLogError(
            f"--user {name!r}: no such user here; run {SETUP} to create the service user"
        ) from None
    db = Path(args.db) if args.db else default_db_path()
    setting = Setting(
        db=db,
        backups=Path(args.backups) if args.backups else default_backups(db),
        account=account,
        config=args.config,
        dice=args.dice,
        root=Path(args.root),
        dice_timeout=args.timeout,
    )
    checks = run_checks(setting)
    healthy = all(c.ok is not False for c in checks)
    if args.json:
        out.write(
            json.dumps(
                {"ok": healthy, "user": account.name, "checks": [c.to_json() for c in checks]},
                indent=2,
            )
            + "\n"
        )
    else:
        for check in checks:
            out.write(check.line() + "\n")
        failed = sum(c.ok is False for c in checks)
        out.write(
            f"all well (checked for {account.name})\n"
            if healthy
            else f"{failed} problem{'s' if failed != 1 else ''} (checked for {account.name})\n"
        )
    return 0 if healthy else 1
