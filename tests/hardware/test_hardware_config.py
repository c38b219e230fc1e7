"""The hardware configuration: documented defaults, precedence, and one-line errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from hardware.config import (
    SETTINGS,
    ButtonConfig,
    ConfigError,
    env_name,
    load_config,
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "companion.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_deployed_file_documents_every_key_with_its_default(repo_root: Path) -> None:
    deployed = repo_root / "deploy" / "companion.toml"
    assert load_config(deployed, environ={}) == load_config(environ={})
    text = deployed.read_text("utf-8")
    section = ""
    keys = set()
    for line in text.splitlines():
        if match := re.fullmatch(r"\[([a-z.]+)\]", line):
            section = match.group(1)
        elif match := re.fullmatch(r"([a-z_]+) = .*", line):
            keys.add(f"{section}.{match.group(1)}")
    assert keys == set(SETTINGS)


def test_the_defaults() -> None:
    config = load_config(environ={})
    assert config.serial.url == "/dev/ttyACM0"
    assert config.serial.baudrate == 115200
    assert config.dice.min_confidence == 90
    assert config.buttons.buttons == (
        ButtonConfig("roll", "GPIO17", "roll", "reread", 2.0),
        ButtonConfig("undo", "GPIO27", "cancel", "undo", 2.0),
        ButtonConfig("next", "GPIO22", "next", None, 2.0),
    )
    assert (config.status.led_pin, config.status.buzzer_pin) == (None, None)


def test_the_file_then_the_environment_then_options_win(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[serial]\nurl = "socket://dice.local:7000"\nbaudrate = 57600\n'
        "[dice]\nmin_confidence = 80\n"
        '[buttons.undo]\nhold_time = 3\n[status]\nled_pin = 23\n[ui]\ntheme = "dark"\n',
    )
    config = load_config(path, environ={})
    assert (config.serial.url, config.serial.baudrate) == ("socket://dice.local:7000", 57600)
    assert config.dice.min_confidence == 80
    assert config.buttons.button("undo").hold_time == 3.0
    assert config.status.led_pin == "GPIO23"

    environ = {"COMPANION_SERIAL_BAUDRATE": "9600", "COMPANION_DICE_MIN_CONFIDENCE": "70"}
    config = load_config(path, environ=environ)
    assert (config.serial.baudrate, config.dice.min_confidence) == (9600, 70)

    config = load_config(
        path,
        environ=environ,
        overrides={"dice.min_confidence": ("60", "--min-confidence"), "serial.url": (None, "-")},
    )
    assert (config.dice.min_confidence, config.serial.url) == (60, "socket://dice.local:7000")


def test_the_file_may_come_from_the_environment(tmp_path: Path) -> None:
    path = write(tmp_path, '[serial]\nurl = "loop://"\n')
    assert load_config(environ={"COMPANION_CONFIG": str(path)}).serial.url == "loop://"


def test_every_key_has_its_environment_variable() -> None:
    assert env_name("serial.url") == "COMPANION_SERIAL_URL"
    assert env_name("buttons.undo.hold_time") == "COMPANION_BUTTONS_UNDO_HOLD_TIME"
    for key in SETTINGS:
        load_config(environ={env_name(key): str(SETTINGS[key][0]).lower()})


def test_more_buttons_and_unfitted_ones(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[buttons.next]\npin = ""\n[buttons.menu]\npin = "BOARD40"\npress = "cancel"\n'
        'hold = "undo"\n',
    )
    config = load_config(path, environ={})
    assert [b.name for b in config.buttons.buttons] == ["roll", "undo", "next", "menu"]
    assert config.buttons.button("next").pin is None
    assert config.buttons.button("menu") == ButtonConfig("menu", "BOARD40", "cancel", "undo", 2.0)


BAD_FILES = [
    (
        "[serial]\nbaudrate = 'fast'\n",
        "companion.toml: serial.baudrate = 'fast': one of 9600, 19200, 38400, 57600, 115200, "
        "230400, 460800, 921600",
    ),
    (
        "[serial]\nbaudrate = true\n",
        "companion.toml: serial.baudrate = True: one of 9600, 19200, 38400, 57600, 115200, "
        "230400, 460800, 921600",
    ),
    (
        "[serial]\nurl = 'ttyACM0'\n",
        "companion.toml: serial.url = 'ttyACM0': a device path such as /dev/ttyACM0, or a "
        "pyserial URL: loop://, socket://, rfc2217://, spy://, alt://, hwgrep://, cp2110://",
    ),
    (
        "[serial]\nsilence_timeout = 0\n",
        "companion.toml: serial.silence_timeout = 0: a number of seconds from 0.5 to 60",
    ),
    (
        "[serial]\nreconnect_delay = 2.0\nreconnect_max_delay = 1.0\n",
        "serial.reconnect_max_delay = 1: at least serial.reconnect_delay (2)",
    ),
    (
        "[dice]\nmin_confidence = 90.5\n",
        "companion.toml: dice.min_confidence = 90.5: a whole percentage from 0 to 100",
    ),
    (
        "[buttons]\nbounce_time = 'nan'\n",
        "companion.toml: buttons.bounce_time = 'nan': a number of seconds from 0 to 1",
    ),
    (
        "[buttons.roll]\npin = 'GPIO40'\n",
        "companion.toml: buttons.roll.pin = 'GPIO40': a GPIO pin such as GPIO17, BOARD11 or 17 "
        "(GPIO0 to GPIO27), or '' for none",
    ),
    (
        "[buttons.undo]\nhold = 'explode'\n",
        "companion.toml: buttons.undo.hold = 'explode': one of roll, reread, cancel, undo, "
        "next, or '' for nothing",
    ),
    (
        "[buttons.undo]\npress = ''\n",
        "companion.toml: buttons.undo.press = '': one of roll, reread, cancel, undo, next",
    ),
    (
        "[buttons.undo]\nhold_time = 20\n",
        "companion.toml: buttons.undo.hold_time = 20: a number of seconds from 0.1 to 10",
    ),
    (
        "[buttons.next]\npin = 'GPIO17'\n",
        "buttons.next.pin = 'GPIO17': a pin not already used (by buttons.roll.pin)",
    ),
    (
        "[status]\nbuzzer_pin = 27\n",
        "status.buzzer_pin = 'GPIO27': a pin not already used (by buttons.undo.pin)",
    ),
    (
        "[serial]\nbauds = 9600\n",
        "companion.toml: unknown key serial.bauds ([serial] takes baudrate, hello_interval, "
        "reconnect_delay, reconnect_max_delay, silence_timeout, url)",
    ),
    (
        "[buttons.roll]\ncolour = 'red'\n",
        "companion.toml: unknown key buttons.roll.colour (a button takes pin, press, hold, "
        "hold_time)",
    ),
    (
        "[buttons.menu]\nhold = 'undo'\n",
        "buttons.menu: a button needs pin and press",
    ),
    ("serial = 3\n", "companion.toml: serial = 3: a table [serial]"),
    (
        "[serial\n",
        "companion.toml: not valid TOML: Expected ']' at the end of a table declaration "
        "(at line 1, column 8)",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES, ids=[m[:40] for _, m in BAD_FILES])
def test_a_bad_value_is_one_line_naming_key_value_and_what_is_allowed(
    tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path, environ={})
    assert str(caught.value) == message.replace("companion.toml", str(path), 1)


def test_a_bad_environment_variable_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(environ={"COMPANION_SERIAL_BAUDRATE": "11520O"})
    assert str(caught.value) == (
        "COMPANION_SERIAL_BAUDRATE: serial.baudrate = '11520O': one of 9600, 19200, 38400, "
        "57600, 115200, 230400, 460800, 921600"
    )
    with pytest.raises(ConfigError, match=r"^COMPANION_BUTTONS_PULL_UP: buttons.pull_up = 'maybe'"):
        load_config(environ={"COMPANION_BUTTONS_PULL_UP": "maybe"})


def test_control_characters_in_a_value_stay_on_one_line() -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(environ={"COMPANION_SERIAL_URL": "loop\n://"})
    assert "\n" not in str(caught.value)


def test_a_missing_or_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "absent.toml", environ={})
    assert str(caught.value) == (
        f"cannot read the configuration {tmp_path / 'absent.toml'}: No such file or directory"
    )
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"[serial]\nurl = '/dev/tty\xe9'\n")
    with pytest.raises(ConfigError, match="latin.toml: not valid TOML"):
        load_config(latin, environ={})


def test_a_config_error_is_a_companion_error_and_a_value_error() -> None:
    assert issubclass(ConfigError, CompanionError) and issubclass(ConfigError, ValueError)
