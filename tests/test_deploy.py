"""The Pi appliance's files (``deploy/``): shellcheck, ``setup-pi.sh --dry-run`` and
``--root DIR`` (what it would write, what it writes, twice), the units as systemd reads them, and
the Kivy configuration as Kivy reads it."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DEPLOY = REPO / "deploy"
SETUP = DEPLOY / "setup-pi.sh"
UNITS = ("companion.service", "companion-backup.service", "companion-backup.timer")


def setup_pi(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(SETUP), *args], capture_output=True, text=True, timeout=120, check=False
    )


def tree(root: Path) -> dict[str, str]:
    """Every file and link under ``root``: its text, or where the link points."""
    found = {}
    for path in sorted(root.rglob("*")):
        name = str(path.relative_to(root))
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_text()
    return found


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pi")
    done = setup_pi("--root", str(root))
    assert done.returncode == 0, done.stderr
    return root


def test_shell_scripts_are_shellcheck_clean() -> None:
    shellcheck = shutil.which("shellcheck")
    assert shellcheck, "shellcheck is missing: deploy/setup.sh test installs it"
    scripts = [*DEPLOY.glob("*.sh"), REPO / ".ci/run"]
    done = subprocess.run([shellcheck, *map(str, scripts)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_dry_run_prints_every_step_and_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "pi"
    done = setup_pi("--dry-run", "--root", str(root))
    assert done.returncode == 0, done.stderr
    assert not root.exists()
    out = done.stdout
    steps = [row for row in out.splitlines() if row.startswith("==> ")]
    assert len(steps) == 10 and steps[-1] == "==> done"
    for path in (
        "/etc/systemd/system/companion.service",
        "/etc/systemd/system/companion-backup.timer",
        "/var/lib/companion/kivy/config.ini",
        "/etc/udev/rules.d/99-companion-dice.rules",
        "/etc/companion/companion.toml",
    ):
        assert f"would write {path} (mode 0644):" in out
    # The unit's text is printed as it would be written.
    unit = (DEPLOY / "companion.service").read_text().splitlines()
    assert all(f"    | {row}".rstrip() in out for row in unit)
    assert "would run: useradd --system" in out
    assert "would run: systemctl enable companion.service companion-backup.timer" in out
    assert out.rstrip().endswith("dry run: nothing was changed")


def test_root_gets_the_files(installed: Path) -> None:
    for unit in UNITS:
        written = installed / "etc/systemd/system" / unit
        assert written.read_text() == (DEPLOY / unit).read_text()
    assert (installed / "etc/systemd/system/multi-user.target.wants/companion.service").is_symlink()
    assert (
        installed / "etc/systemd/system/timers.target.wants/companion-backup.timer"
    ).is_symlink()
    rule = (installed / "etc/udev/rules.d/99-companion-dice.rules").read_text()
    assert 'SYMLINK+="companion-dice"' in rule
    config = (installed / "etc/companion/companion.toml").read_text()
    assert 'url = "/dev/companion-dice"' in config
    env = (installed / "etc/companion/companion.env").read_text()
    assert "COMPANION_DB=/var/lib/companion/games.db" in env
    wrapper = installed / "usr/local/bin/companion"
    assert os.access(wrapper, os.X_OK)
    timer = configparser.ConfigParser()
    timer.read(installed / "etc/systemd/system/companion-backup.timer")
    assert timer["Timer"]["OnCalendar"] == "daily" and timer["Timer"]["Persistent"] == "true"
    # Nothing was installed under --root, so nothing claims it was.
    assert not (installed / "opt/companion/venv/.installed-from").exists()


def test_kivy_config_has_exactly_one_input_provider(installed: Path) -> None:
    config = configparser.ConfigParser()
    config.read(installed / "var/lib/companion/kivy/config.ini")
    assert dict(config["input"]) == {"touch": "probesysfs,provider=mtdev"}
    assert config["graphics"]["fullscreen"] == "auto"
    assert config["graphics"]["show_cursor"] == "0"


def test_kivy_reads_it_without_adding_providers_back(installed: Path, tmp_path: Path) -> None:
    """Kivy "upgrades" a config.ini without config_version and adds mouse and probesysfs back:
    the file written must survive Kivy's own reading."""
    pytest.importorskip("kivy")
    home = tmp_path / "kivy"
    shutil.copytree(installed / "var/lib/companion/kivy", home)
    code = "from kivy.config import Config; print(Config.items('input'))"
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[('touch', 'probesysfs,provider=mtdev')]"


def test_a_second_run_changes_nothing(installed: Path) -> None:
    before = tree(installed)
    done = setup_pi("--root", str(installed))
    assert done.returncode == 0, done.stderr
    assert tree(installed) == before
    assert "wrote " not in done.stdout
    assert "kept: /etc/companion/companion.toml (the owner's settings)" in done.stdout


def test_owner_settings_and_boot_files(tmp_path: Path) -> None:
    root = tmp_path / "pi"
    (root / "etc/companion").mkdir(parents=True)
    (root / "etc/companion/companion.toml").write_text('[serial]\nurl = "/dev/ttyUSB0"\n')
    boot = root / "boot/firmware"
    boot.mkdir(parents=True)
    (boot / "cmdline.txt").write_text("console=tty1 root=PARTUUID=1234-02 rootwait\n")
    (boot / "config.txt").write_text("[all]\ndisplay_auto_detect=1\n")
    for _ in range(2):
        done = setup_pi("--root", str(root), "--touch-display-2")
        assert done.returncode == 0, done.stderr
    assert (root / "etc/companion/companion.toml").read_text() == (
        '[serial]\nurl = "/dev/ttyUSB0"\n'
    )
    cmdline = (boot / "cmdline.txt").read_text()
    assert cmdline == "console=tty1 root=PARTUUID=1234-02 rootwait consoleblank=0\n"
    config = (boot / "config.txt").read_text()
    assert config.count("dtoverlay=vc4-kms-dsi-ili9881-7inch") == 1


def test_bad_option_is_one_clear_refusal(tmp_path: Path) -> None:
    done = setup_pi("--frobnicate")
    assert done.returncode == 2
    assert "unknown option '--frobnicate'" in done.stderr
    done = setup_pi("--root")
    assert done.returncode == 1 and done.stderr.strip() == "setup-pi.sh: --root needs a folder"


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="no systemd-analyze here")
def test_systemd_reads_the_units(installed: Path, tmp_path: Path) -> None:
    """``systemd-analyze verify`` on the units as installed, in a root that also holds the
    system's own units (sysinit.target...) and the command the units run."""
    root = tmp_path / "root"
    shutil.copytree(installed, root, symlinks=True)
    system = Path("/usr/lib/systemd/system")
    if not system.is_dir():
        pytest.skip("no systemd units on this machine")
    shutil.copytree(system, root / "usr/lib/systemd/system", symlinks=True)
    command = root / "opt/companion/venv/bin/companion"
    command.parent.mkdir(parents=True)
    command.write_text("#!/bin/sh\n")
    command.chmod(0o755)
    done = subprocess.run(
        ["systemd-analyze", "verify", f"--root={root}", *UNITS],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


@pytest.mark.skipif(shutil.which("git") is None, reason="no git to clone the repository")
def test_a_clean_clone_installs_every_catalogue_and_the_banker_speaks_french_from_it(
    tmp_path: Path,
) -> None:
    """What ``pip install`` of a clean clone puts in site-packages (setuptools' ``build_py``:
    the packages and their package data) holds every ``.po`` the clone tracks, the banker's and
    the app's, and the installed banker words French from its own copy."""
    clone, lib = tmp_path / "clone", tmp_path / "lib"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True, timeout=120)
    built = subprocess.run(
        [sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
         "--build-lib", str(lib)],
        cwd=clone, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    tracked = subprocess.run(
        ["git", "ls-files", "*.po"], cwd=clone, capture_output=True, text=True, check=True
    ).stdout.split()
    assert sorted(p.relative_to(lib).as_posix() for p in lib.rglob("*.po")) == sorted(tracked)
    assert any(p.startswith("companion/") for p in tracked)
    said = subprocess.run(
        [sys.executable, "-c", "from companion.messages import render; "
         "print(render('note.bid', {'player': 'Ann', 'amount': 40}, 'fr'))"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(lib)},
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert said.stdout == "Ann offre 40\u00a0$.\n", said.stderr
