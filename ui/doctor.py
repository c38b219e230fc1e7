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
"""

from __future__ import annotations

import argparse
import contextlib
import grp
import importlib.metadata
import importlib.util
import json
import os
import platform
import pwd
import shutil
import stat
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
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


@dataclass(frozen=True)
class Check:
    """One line of the report: ``ok`` True (passed), False (failed) or None (does not apply)."""

    name: str
    ok: bool | None
    detail: str
    fix: str = ""

    @property
    def status(self) -> str:
        return {True: "ok", False: "FAIL", None: "skip"}[self.ok]

    def line(self) -> str:
        text = f"{self.status:<5} {self.name:<9} {self.detail}"
        return f"{text}; fix: {self.fix}" if self.fix and self.ok is False else text

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "status": self.status.lower()}


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

    def fix_for(self, path: Path) -> str:
        """How to give this user access to ``path``: the group that owns it."""
        try:
            group = grp.getgrgid(path.stat().st_gid).gr_name
        except (OSError, KeyError):
            return f"give {self.name} access to {path}"
        return (
            f"sudo usermod -aG {group} {self.name} && sudo systemctl restart companion "
            f"({path} belongs to the group {group})"
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
        return Check(name, False, f"the check itself failed: {exc}", "report this as a bug")


# -- The checks -----------------------------------------------------------------------------------


def check_version(setting: Setting) -> Check:
    try:
        version = importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        version = "not installed"
    where = f"companion {version}, Python {platform.python_version()}"
    if importlib.util.find_spec("kivy") is None:
        return Check("version", False, f"{where}, no Kivy", f"install the app: {SETUP}")
    return Check("version", True, f"{where}, Kivy {importlib.metadata.version('kivy')}")


def check_display(setting: Setting) -> Check:
    from hardware.display import find_panel

    panel = find_panel(setting.root)
    if panel is None:
        return Check(
            "display",
            False,
            "no screen is connected: no DSI or HDMI connector in /sys/class/drm says 'connected'",
            "power off, reseat the display's ribbon cable (both ends) and its power; "
            "Touch Display 2 needs 'dtoverlay=vc4-kms-dsi-ili9881-7inch' in "
            "/boot/firmware/config.txt",
        )
    card = setting.root / "dev/dri" / f"card{panel.connector.card}"
    if not setting.account.may(card, write=True):
        return Check(
            "display",
            False,
            f"{panel.describe()}, but {card} is not open to {setting.account.name}",
            setting.account.fix_for(card),
        )
    return Check("display", True, panel.describe())


def check_touch(setting: Setting) -> Check:
    from hardware.display import touch_devices

    found = touch_devices(setting.root)
    if not found:
        return Check(
            "touch",
            False,
            "no touchscreen among the input devices (/sys/class/input)",
            "check the display's ribbon cable; on Touch Display 2 the overlay must not say "
            "disable_touch; 'sudo apt full-upgrade' fixed missing touch on early Bookworm images",
        )
    device = found[0]
    if not setting.account.may(device.node):
        return Check(
            "touch",
            False,
            f"{device.name} at {device.node} is not readable by {setting.account.name}: "
            "the app would start and never see a touch",
            setting.account.fix_for(device.node),
        )
    return Check(
        "touch", True, f"{device.name} at {device.node}, readable by {setting.account.name}"
    )


def check_renderer(setting: Setting) -> Check:
    app = setting.app or {}
    gl = app.get("gl") or {}
    renderer = str(gl.get("renderer", ""))
    if not renderer:
        return Check(
            "renderer",
            False,
            f"unknown: the app has not started on this game log yet (no {status_path(setting.db)})",
            "sudo systemctl restart companion, then run the doctor again; "
            "'journalctl -u companion -b' says why it does not start",
        )
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(app.get("started", 0))))
    if any(word in renderer.lower() for word in SOFTWARE_RENDERERS):
        return Check(
            "renderer",
            False,
            f"{renderer}: drawn by the CPU, not the GPU (app started {when})",
            f"sudo usermod -aG render,video {setting.account.name} && "
            "sudo systemctl restart companion",
        )
    inputs = app.get("input") or []
    if len(inputs) != 1:
        return Check(
            "renderer",
            False,
            f"{renderer}, but {len(inputs)} touch input providers ({'; '.join(inputs)}): "
            "one touch would count as several",
            "remove [input] lines from the Kivy config.ini; the app sets its one provider",
        )
    return Check("renderer", True, f"{renderer}, touch through {inputs[0]} (app started {when})")


def check_dice(setting: Setting) -> Check:
    if setting.app_pid is not None:
        dice = (setting.app or {}).get("dice") or {}
        return _dice_verdict(
            str(dice.get("state", "unknown")),
            str(dice.get("url", "")),
            str(dice.get("detail", "")),
            dice.get("fault"),
            dice.get("module"),
            f"read by the running app (pid {setting.app_pid})",
        )
    from hardware.config import load_config

    config = load_config(setting.config)
    url = setting.dice or config.serial.url
    if url == "none":
        return Check("dice", None, "no dice module (--dice none): rolls are entered by touch")
    if url.startswith("/") and not Path(url).exists():
        return _dice_verdict("disconnected", url, "no such device", None, None, "")
    with _dice_port(url) as port:
        node = Path(port)
        if port.startswith("/") and node.exists() and not setting.account.may(node, write=True):
            return Check(
                "dice",
                False,
                f"{port} is not open to {setting.account.name}",
                setting.account.fix_for(node),
            )
        status = _greet(port, config, setting.dice_timeout)
    module = None if status.module is None else f"{status.module.module} {status.module.firmware}"
    return _dice_verdict(
        status.state, url, status.detail, status.fault, module, "answered the doctor"
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


def _dice_verdict(state: str, url: str, detail: str, fault: Any, module: Any, how: str) -> Check:
    said = f" ({detail})" if detail else ""
    if state == "connected" and not fault:
        return Check("dice", True, f"module {module} on {url}, {how}")
    if state == "connected":
        return Check(
            "dice",
            False,
            f"module {module} on {url} reports the fault {fault}{said}",
            "clear the dice tray and the camera's view; 'companion dice-monitor' shows what it sees",
        )
    if state == "disconnected":
        return Check(
            "dice",
            False,
            f"cannot open {url}{said}",
            "plug the dice module into a USB port; 'ls -l /dev/companion-dice' must show a "
            "link (the udev rule /etc/udev/rules.d/99-companion-dice.rules makes it)",
        )
    if state == "incompatible":
        return Check(
            "dice",
            False,
            f"the module on {url} speaks another protocol version{said}",
            "update the module's firmware or the companion to the same protocol "
            "(docs/dice-protocol.md)",
        )
    return Check(
        "dice",
        False,
        f"{url} opens, but nothing answered the greeting ({state}){said}",
        "check that it is the dice module and serial.baudrate in the configuration; "
        "unplug and replug the module",
    )


def check_buttons(setting: Setting) -> Check:
    from hardware.config import load_config

    buttons = [b for b in load_config(setting.config).buttons.buttons if b.pin]
    if not buttons:
        return Check("buttons", None, "no buttons configured: answers by touch only")
    names = ", ".join(f"{b.name} {b.pin}" for b in buttons)
    if setting.app_pid is not None:
        return Check(
            "buttons",
            None,
            f"{names}: held by the running app (pid {setting.app_pid})",
        )
    chips = sorted((setting.root / "dev").glob("gpiochip*"))
    closed = [chip for chip in chips if not setting.account.may(chip, write=True)]
    if closed:
        return Check(
            "buttons",
            False,
            f"{closed[0]} is not open to {setting.account.name}",
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
                f"cannot read {button.name} on {button.pin}: {exc}",
                "check the pins in the configuration ([buttons.*] pin) and that no other "
                "program uses them",
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
            f"{', '.join(pressed)} reads pressed with nobody pressing",
            "a stuck button or a wire to the wrong pin; if every button reads pressed, "
            "buttons.pull_up in the configuration does not match the wiring",
        )
    return Check("buttons", True, f"{names}: readable, none pressed")


def check_database(setting: Setting) -> Check:
    from companion.log.gamelog import GameLogError, check_log

    db, who = setting.db, setting.account
    folder = existing_folder(db)
    if not db.exists():
        if not who.may(folder, write=True):
            return Check(
                "database", False, f"{folder} is not writable by {who.name}", who.fix_for(folder)
            )
        return Check("database", True, f"no game yet; the app creates {db}")
    if not (who.may(db, write=True) and who.may(db.parent, write=True)):
        place = db if not who.may(db, write=True) else db.parent
        return Check(
            "database",
            False,
            f"{place} is not writable by {who.name}: the next roll could not be saved",
            f"sudo chown -R {who.name} {db.parent}",
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
            f"{db}: intact, {_count(len(report.games), 'game')}, {_count(commands, 'command')}",
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
        f"{db} is damaged: {problem}",
        f"stop the app (sudo systemctl stop companion), then 'companion restore' the newest "
        f"backup in {setting.backups}, or 'companion log salvage {db} --out NEW' keeps what is "
        "intact",
    )


def check_disk(setting: Setting) -> Check:
    usage = shutil.disk_usage(existing_folder(setting.db))
    free = f"{usage.free / 1e9:.1f} GB free of {usage.total / 1e9:.1f} GB"
    if usage.free < MIN_FREE_BYTES:
        return Check(
            "disk",
            False,
            f"{free} where the games are kept: the game log may fail to grow",
            "delete old exports and backups; 'sudo journalctl --vacuum-size=50M'",
        )
    return Check("disk", True, free)


def check_backup(setting: Setting) -> Check:
    from companion.log.backup import backup_age, latest_backup

    folder = setting.backups
    newest = latest_backup(folder) if folder.is_dir() else None
    fix = (
        "sudo systemctl start companion-backup.service; "
        "'systemctl list-timers companion-backup.timer' shows the next one"
    )
    if newest is None:
        if not setting.db.exists():
            return Check("backup", None, f"no game log yet, so no backup in {folder}")
        if time.time() - _first_game(setting.db) < MAX_BACKUP_AGE:
            return Check("backup", True, f"none yet in {folder}; the first is due today")
        return Check("backup", False, f"no backup in {folder}", fix)
    age = backup_age(folder)
    seconds = age.total_seconds() if age is not None else 0.0
    said = f"{newest}, {_age(seconds)} old"
    if seconds > MAX_BACKUP_AGE:
        return Check("backup", False, f"the newest backup is {said}: the daily backup stopped", fix)
    return Check("backup", True, said)


# -- Helpers ---------------------------------------------------------------------------------------


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


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _age(seconds: float) -> str:
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86400:.0f} days"


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
    from ui.launch import default_db

    name = args.user or os.environ.get("COMPANION_USER")
    try:
        account = Account.named(name) if name else Account.current()
    except KeyError:
        raise GameLogError(
            f"--user {name!r}: no such user here; run {SETUP} to create the service user"
        ) from None
    db = Path(args.db) if args.db else default_db()
    backups = Path(args.backups or os.environ.get("COMPANION_BACKUPS") or db.parent / "backups")
    setting = Setting(
        db=db,
        backups=backups,
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
