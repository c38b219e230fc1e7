"""``companion doctor`` against a Pi described by a folder: its sysfs (the DSI panel, the
touchscreen), its device nodes, a real game log, real backups, the dice emulator on a
pseudo-terminal and gpiozero's mock pins.

All well gives exit status 0; a missing dice module, an unreadable touch device, a damaged game
log, a software renderer and an old backup each give one failing line with a fix, and status 1.
"""

from __future__ import annotations

import io
import json
import os
import pwd
import struct
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.cli.main import run
from companion.log.backup import backup
from companion.log.gamelog import GameLog
from hardware.display import find_panel, touch_devices
from tests.test_gamelog_integrity import short_game

ME = pwd.getpwuid(os.getuid()).pw_name
# linux/input-event-codes.h: a touchscreen's axes (X, Y, slot, MT X, MT Y, tracking id)
TOUCH_AXES = (0x00, 0x01, 0x2F, 0x35, 0x36, 0x39)
WORD = struct.calcsize("l") * 8


def bitmap(*bits: int) -> str:
    """A bitmap as the kernel writes it in sysfs: words of its long, most significant first."""
    value = sum(1 << b for b in bits)
    words = []
    while True:
        words.append(f"{value & ((1 << WORD) - 1):x}")
        value >>= WORD
        if not value:
            return " ".join(reversed(words))


def write(path: Path, text: str = "", mode: int = 0o644) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(mode)
    return path


def fake_pi(root: Path, *, panel: str = "720x1280", touch_mode: int = 0o660) -> Path:
    """A Pi 5 with Touch Display 2 on card 1 (HDMI on card 0 unplugged) and its touchscreen
    at event4 (a keyboard at event0)."""
    drm = root / "sys/class/drm"
    write(drm / "card0-HDMI-A-1/status", "disconnected\n")
    write(drm / "card0-HDMI-A-1/modes", "")
    write(drm / "card1-DSI-1/status", "connected\n")
    write(drm / "card1-DSI-1/modes", f"{panel}\n")
    write(root / "dev/dri/card0", mode=0o660)
    write(root / "dev/dri/card1", mode=0o660)
    write(root / "dev/dri/renderD128", mode=0o666)
    keyboard = root / "sys/class/input/event0/device"
    write(keyboard / "name", "USB Keyboard\n")
    write(keyboard / "properties", "0\n")
    write(keyboard / "capabilities/abs", "0\n")
    touch = root / "sys/class/input/event4/device"
    write(touch / "name", "11-005d Goodix Capacitive TouchScreen\n")
    write(touch / "properties", f"{bitmap(0)}\n")  # INPUT_PROP_DIRECT
    write(touch / "capabilities/abs", f"{bitmap(*TOUCH_AXES)}\n")
    write(root / "dev/input/event0", mode=0o660)
    write(root / "dev/input/event4", mode=touch_mode)
    write(root / "dev/gpiochip0", mode=0o660)
    return root


def app_status(db: Path, *, renderer: str = "V3D 7.1", inputs: int = 1) -> None:
    """What the app wrote when it last started (another boot: it does not run now)."""
    write(
        db.parent / "app-status.json",
        json.dumps(
            {
                "pid": 1,
                "boot": "an earlier boot",
                "started": datetime(2026, 11, 24, 9, 0).timestamp(),
                "gl": {"renderer": renderer, "vendor": "Broadcom", "version": "3.1 Mesa 23.2"},
                "input": ["touch = probesysfs,provider=mtdev"] * inputs,
            }
        ),
    )


@pytest.fixture
def pi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The Pi's root; its game log in var/lib/companion with one game and one backup."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    for name in ("COMPANION_DB", "COMPANION_BACKUPS", "COMPANION_CONFIG", "COMPANION_USER"):
        monkeypatch.delenv(name, raising=False)
    root = fake_pi(tmp_path / "root")
    state = root / "var/lib/companion"
    (state / "backups").mkdir(parents=True)
    with GameLog(state / "games.db") as log:
        short_game(log).execute({"type": "roll", "player": "Ann", "dice": [1, 2, 1]})
    backup(state / "games.db", state / "backups")
    app_status(state / "games.db")
    yield root


def doctor(root: Path, *extra: str, dice: str = "emulator") -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    args = ["doctor", "--root", str(root), "--db", str(root / "var/lib/companion/games.db")]
    status = run([*args, "--dice", dice, "--timeout", "5", *extra], out, err)
    assert err.getvalue() == ""
    return status, out.getvalue()


def line(report: str, name: str) -> str:
    (found,) = [row for row in report.splitlines() if row.split()[1:2] == [name]]
    return found


def test_all_well(pi: Path) -> None:
    status, report = doctor(pi, "--user", ME)
    assert status == 0, report
    assert report.splitlines()[-1] == f"all well (checked for {ME})"
    assert line(report, "display").startswith("ok")
    assert "Touch Display 2 on DSI-1 of card 1 (720x1280, turned 90°, density 1.5)" in report
    assert "Goodix Capacitive TouchScreen at" in line(report, "touch")
    assert "V3D 7.1, touch through touch = probesysfs,provider=mtdev" in line(report, "renderer")
    assert "module emulator" in line(report, "dice")
    assert "roll GPIO17, undo GPIO27, next GPIO22: readable, none pressed" in report
    assert "intact, 1 game, 6 commands" in line(report, "database")
    assert line(report, "backup").startswith("ok")
    assert "games-" in line(report, "backup")
    for name in ("version", "disk"):
        assert line(report, name).startswith("ok")


def test_json_is_the_same_report(pi: Path) -> None:
    status, text = doctor(pi, "--user", ME, "--json")
    data = json.loads(text)
    assert status == 0 and data["ok"] is True and data["user"] == ME
    assert [c["name"] for c in data["checks"]] == [
        "version", "display", "touch", "renderer", "dice", "buttons", "database", "disk", "backup"
    ]  # fmt: skip
    assert {c["status"] for c in data["checks"]} == {"ok"}


def test_missing_dice_module(pi: Path) -> None:
    status, report = doctor(pi, "--user", ME, dice=str(pi / "dev/companion-dice"))
    assert status == 1
    dice = line(report, "dice")
    assert dice.startswith("FAIL") and "cannot open" in dice and "companion-dice" in dice
    assert "fix: plug the dice module into a USB port" in dice
    assert sum(row.startswith("FAIL") for row in report.splitlines()) == 1
    assert report.splitlines()[-1] == f"1 problem (checked for {ME})"


def test_a_port_where_nothing_answers(pi: Path) -> None:
    status, report = doctor(pi, "--user", ME, "--timeout", "1.5", dice="loop://")
    assert status == 1
    assert "nothing answered the greeting" in line(report, "dice")


def test_touch_device_the_service_user_cannot_read(pi: Path) -> None:
    (pi / "dev/input/event4").chmod(0o600)  # root's only; `nobody` is in none of its groups
    status, report = doctor(pi, "--user", "nobody", "--json")
    checks = {c["name"]: c for c in json.loads(report)["checks"]}
    assert status == 1
    touch = checks["touch"]
    assert touch["status"] == "fail"
    assert "not readable by nobody: the app would start and never see a touch" in touch["detail"]
    assert "sudo usermod -aG" in touch["fix"] and "nobody" in touch["fix"]
    # The same device readable by its group, with the user in it, passes.
    (pi / "dev/input/event4").chmod(0o644)
    status, report = doctor(pi, "--user", "nobody")
    assert line(report, "touch").startswith("ok")


def test_damaged_game_log(pi: Path) -> None:
    db = pi / "var/lib/companion/games.db"
    db.write_bytes(db.read_bytes()[: 3 * 4096])  # a copy cut short: the last pages lost
    status, report = doctor(pi, "--user", ME)
    assert status == 1
    database = line(report, "database")
    assert database.startswith("FAIL") and "is damaged" in database
    assert "companion restore" in database and "companion log salvage" in database


def test_software_renderer_and_doubled_input(pi: Path) -> None:
    db = pi / "var/lib/companion/games.db"
    app_status(db, renderer="llvmpipe (LLVM 15.0.6, 128 bits)")
    status, report = doctor(pi, "--user", ME)
    assert status == 1
    assert "drawn by the CPU, not the GPU" in line(report, "renderer")
    assert f"sudo usermod -aG render,video {ME}" in line(report, "renderer")
    app_status(db, inputs=2)
    _, report = doctor(pi, "--user", ME)
    assert "one touch would count as several" in line(report, "renderer")
    (db.parent / "app-status.json").unlink()
    _, report = doctor(pi, "--user", ME)
    assert "the app has not started on this game log yet" in line(report, "renderer")


def test_old_backup(pi: Path) -> None:
    folder = pi / "var/lib/companion/backups"
    for old in folder.iterdir():
        old.unlink()
    backup(folder.parent / "games.db", folder, now=datetime.now(UTC) - timedelta(days=3))
    status, report = doctor(pi, "--user", ME)
    assert status == 1
    assert "3 days old: the daily backup stopped" in line(report, "backup")
    assert "companion-backup.service" in line(report, "backup")


def test_no_screen_and_an_unknown_user(pi: Path) -> None:
    write(pi / "sys/class/drm/card1-DSI-1/status", "disconnected\n")
    status, report = doctor(pi, "--user", ME)
    assert status == 1 and "no screen is connected" in line(report, "display")
    out, err = io.StringIO(), io.StringIO()
    assert run(["doctor", "--user", "no-such-user-here"], out, err) == 2
    assert err.getvalue().count("\n") == 1 and "no-such-user-here" in err.getvalue()


@pytest.mark.parametrize(
    ("mode", "label", "rotation", "density"),
    [
        ("800x480", "Touch Display (7-inch)", 0, 1.0),
        ("720x1280", "Touch Display 2", 90, 1.5),
        ("1920x1080", "DSI screen", 0, 2.25),
    ],
)
def test_panel_choice(tmp_path: Path, mode: str, label: str, rotation: int, density: float) -> None:
    panel = find_panel(fake_pi(tmp_path, panel=mode))
    assert panel is not None
    assert (panel.label, panel.rotation, panel.density) == (label, rotation, density)
    assert panel.environment() == {
        "SDL_KMSDRM_DEVICE_INDEX": "1",
        "KIVY_METRICS_DENSITY": f"{density:g}",
    }


def test_hdmi_when_no_panel_and_touch_devices(tmp_path: Path) -> None:
    root = fake_pi(tmp_path)
    write(root / "sys/class/drm/card1-DSI-1/status", "disconnected\n")
    write(root / "sys/class/drm/card0-HDMI-A-1/status", "connected\n")
    write(root / "sys/class/drm/card0-HDMI-A-1/modes", "1920x1080\n1280x720\n")
    panel = find_panel(root)
    assert panel is not None and panel.connector.name == "HDMI-A-1" and panel.connector.card == 0
    assert [d.node.name for d in touch_devices(root)] == ["event4"]


def test_kiosk_environment_names_the_panel_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.launch import _kiosk_environment

    # Set, then removed: the monkeypatch puts each back as it was (unset) after the test, so
    # the kiosk's environment does not leak into the next tests of this process.
    kiosk = ("SDL_VIDEODRIVER", "KIVY_WINDOW", "COMPANION_DEVICE")
    for name in (*kiosk, "SDL_KMSDRM_DEVICE_INDEX", "KIVY_METRICS_DENSITY"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    err = io.StringIO()
    panel = _kiosk_environment(err, fake_pi(tmp_path / "pi"))
    assert panel is not None and panel.rotation == 90
    assert os.environ["SDL_VIDEODRIVER"] == "kmsdrm"
    assert os.environ["SDL_KMSDRM_DEVICE_INDEX"] == "1"
    assert os.environ["KIVY_METRICS_DENSITY"] == "1.5"
    assert err.getvalue() == (
        "companion: drawing on the Touch Display 2 on DSI-1 of card 1 "
        "(720x1280, turned 90°, density 1.5)\n"
    )
    # No screen: one line, and nothing to draw on.
    write(tmp_path / "pi/sys/class/drm/card1-DSI-1/status", "disconnected\n")
    err = io.StringIO()
    assert _kiosk_environment(err, tmp_path / "pi") is None
    assert err.getvalue().startswith("companion: error: no screen is connected")
    assert err.getvalue().count("\n") == 1
