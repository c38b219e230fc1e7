"""``companion dice-emulator`` and ``companion dice-monitor`` talking to each other through the
real reader, as separate processes and in-process."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from dice_fakes import TIMEOUT

from companion.cli.main import run

ROLLS = "3,4,mr;2,5,bus;6,6,2"
EXPECTED = [([3, 4], "mr"), ([2, 5], "bus"), ([6, 6], "2")]


def companion(*args: str) -> list[str]:
    return [sys.executable, "-m", "companion", *args]


def first_line(process: subprocess.Popen[str], timeout: float = TIMEOUT) -> str:
    """The process's first line of output, without waiting for ever."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if not ready:
        pytest.fail(f"the emulator printed nothing in {timeout} s")
    return process.stdout.readline().strip()


@pytest.fixture
def start_emulator(repo_root: Path) -> Iterator:
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> tuple[subprocess.Popen[str], str]:
        process = subprocess.Popen(
            companion("dice-emulator", *args),
            cwd=repo_root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append(process)
        return process, first_line(process)

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
        process.communicate(timeout=TIMEOUT)


def test_monitor_and_emulator_talk_through_the_reader_across_an_unplug(
    start_emulator, tmp_path: Path, repo_root: Path
) -> None:
    link = tmp_path / "dice"
    emulator, path = start_emulator(
        "--rolls", ROLLS, "--interval", "0.1", "--link", str(link),
        "--fault", "disconnect@2", "--unplug-for", "0.2", "--fault", "garbage@3", "--quiet",
    )  # fmt: skip
    assert path == str(link)
    monitor = subprocess.run(
        companion("dice-monitor", "--port", path, "--count", "3", "--json", "--timeout", "20"),
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert monitor.returncode == 0, monitor.stderr
    rolls = [json.loads(line) for line in monitor.stdout.splitlines()]
    assert [(r["dice"], r["speed"]) for r in rolls] == EXPECTED
    assert [r["manual"] for r in rolls] == [False, False, False]
    assert rolls[0]["key"] != rolls[1]["key"]
    assert "disconnected" in monitor.stderr  # the unplug was seen, and survived
    emulator.terminate()
    assert emulator.wait(timeout=TIMEOUT) == 0


def test_the_monitor_prints_each_line_decoded(start_emulator) -> None:
    _emulator, path = start_emulator(
        "--rolls", "3,4,mr", "--interval", "0.05", "--fault", "low-confidence", "--quiet"
    )
    out, err = io.StringIO(), io.StringIO()
    status = run(["dice-monitor", "--port", path, "--count", "1", "--timeout", "10"], out, err)
    assert status == 0, err.getvalue()
    text = out.getvalue()
    assert "<-     1 module emulator (firmware emu-0.1.0, protocol 1.0, boot " in text
    assert "-> " in text and "companion companion 0.1.0 speaks protocol 1.0" in text
    assert "throw 1: dice moving" in text
    assert "throw 1: 3 + 4, speed mr; confidence 97% 42% 97%" in text
    assert (
        "\nROLL   throw 1: 3 4 mr  MANUAL ENTRY: the module is not sure of a die: "
        "check the dice and correct them\n"
    ) in text
    assert f"STATUS dice module connected ({path}): emulator, firmware emu-0.1.0" in text


def test_the_emulator_prints_what_it_does_after_the_path(start_emulator) -> None:
    emulator, path = start_emulator("--random", "2", "--seed", "4", "--interval", "0.05")
    assert path.startswith("/dev/")
    out = io.StringIO()
    assert run(["dice-monitor", "--port", path, "--count", "2", "--json"], out, io.StringIO()) == 0
    rolls = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(rolls) == 2 and all(r["speed"] in ("1", "2", "3", "mr", "bus") for r in rolls)
    emulator.terminate()
    log, _ = emulator.communicate(timeout=TIMEOUT)
    assert log.splitlines()[0].startswith("received 0 HELLO host=companion sw=0.1.0 proto=1.0*")
    assert any(line.startswith("sent ") and " SETTLED " in line for line in log.splitlines())


def test_the_emulator_plays_a_module_without_a_speed_die(start_emulator) -> None:
    """``--no-speed-die``: a Classic set's module, two dice and no speed die in each roll."""
    _emulator, path = start_emulator(
        "--random", "3", "--seed", "4", "--interval", "0.05", "--no-speed-die", "--quiet"
    )
    out = io.StringIO()
    assert run(["dice-monitor", "--port", path, "--count", "3", "--json"], out, io.StringIO()) == 0
    rolls = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(len(r["dice"]), r["speed"], r["manual"]) for r in rolls] == [(2, None, False)] * 3


def test_the_monitor_gives_up_after_its_timeout(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = run(
        ["dice-monitor", "--port", str(tmp_path / "none"), "--count", "1", "--timeout", "0.3"],
        out,
        err,
    )
    assert status == 1
    assert err.getvalue().startswith("companion: dice-monitor: 0 of 1 rolls after 0.3 s")
    assert "dice module disconnected" in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["dice-monitor", "--port", "loop://", "--baudrate", "fast"],
            "companion: error: --baudrate: serial.baudrate = 'fast': one of 9600, 19200, "
            "38400, 57600, 115200, 230400, 460800, 921600",
        ),
        (
            ["dice-monitor", "--port", "ftp://x"],
            "companion: error: --port: serial.url = 'ftp://x': a device path such as "
            "/dev/ttyACM0, or a pyserial URL: loop://, socket://, rfc2217://, spy://, alt://, "
            "hwgrep://, cp2110://",
        ),
        (
            ["dice-monitor", "--port", "loop://", "--min-confidence", "101"],
            "companion: error: --min-confidence: dice.min_confidence = '101': a whole "
            "percentage from 0 to 100",
        ),
        (
            ["dice-monitor", "--count", "0"],
            "companion: error: companion dice-monitor: argument --count: a number of rolls, "
            "1 or more, not '0' (see --help)",
        ),
        (
            ["dice-emulator", "--fault", "disconnect"],
            "companion: error: --fault disconnect needs --link PATH: a replugged module gets "
            "a new device path",
        ),
        (
            ["dice-emulator", "--rolls", "3,4,mr;9,1,2"],
            "companion: error: --rolls: roll 2 '9,1,2': a regular die shows 1 to 6, not '9'",
        ),
        (
            ["dice-emulator", "--module-id", "cam 1"],
            "companion: error: --module-id 'cam 1': 1 to 32 letters, digits or ._:+-",
        ),
        (
            ["dice-emulator", "--confidence", "120"],
            "companion: error: companion dice-emulator: argument --confidence: a whole "
            "percentage from 0 to 100, not '120' (see --help)",
        ),
    ],
)
def test_bad_options_give_one_line_and_status_2(argv: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(argv, out, err) == 2
    assert err.getvalue() == message + "\n"
    assert out.getvalue() == ""


def test_the_monitor_reads_its_port_from_the_environment(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[serial]\nurl = "/dev/ttyDICE"\nbaudrate = 1\n')
    out, err = io.StringIO(), io.StringIO()
    previous = os.environ.get("COMPANION_CONFIG")
    os.environ["COMPANION_CONFIG"] = str(config)
    try:
        assert run(["dice-monitor", "--count", "1", "--timeout", "0.2"], out, err) == 2
    finally:
        if previous is None:
            del os.environ["COMPANION_CONFIG"]
        else:
            os.environ["COMPANION_CONFIG"] = previous
    assert err.getvalue() == (
        f"companion: error: {config}: serial.baudrate = 1: one of 9600, 19200, 38400, "
        "57600, 115200, 230400, 460800, 921600\n"
    )


def test_monitor_without_pyserial_says_what_to_install(monkeypatch) -> None:
    import io
    import sys

    from companion.cli.main import run

    monkeypatch.setitem(sys.modules, "serial", None)  # as if pyserial were not installed
    for name in [m for m in sys.modules if m in ("hardware.monitor", "hardware.reader")]:
        monkeypatch.delitem(sys.modules, name)
    out, err = io.StringIO(), io.StringIO()
    status = run(["dice-monitor", "--port", "loop://", "--count", "1"], out, err)
    assert status == 2
    assert err.getvalue() == (
        "companion: error: dice-monitor needs serial: install it with "
        ".venv/bin/pip install -e '.[hardware]'\n"
    )
