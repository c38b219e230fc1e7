"""The hardware configuration: one TOML file, ``COMPANION_*`` environment variables, options.

Later sources win: the defaults below, then the TOML file (``--config FILE``, else the file named
by ``COMPANION_CONFIG``), then environment variables, then command-line options. Every key has an
environment variable: ``COMPANION_`` and the key in upper case with dots as underscores
(``serial.url`` is ``COMPANION_SERIAL_URL``). ``deploy/companion.toml`` lists every key with its
default and what it allows.

The file may hold sections for other parts of the companion; this loader reads ``[serial]``,
``[dice]``, ``[buttons]`` and ``[status]`` and refuses unknown keys inside them. A bad value is one
line naming the source, the key, the value and what is allowed::

    companion.toml: serial.baudrate = 'fast': one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hardware.errors import ConfigError

ACTIONS = ("roll", "reread", "cancel", "undo", "next")
"""What a button press can ask for. ``roll`` rolls or confirms the proposed roll, ``reread`` asks
the dice module to read the dice again, ``cancel`` drops what is pending, ``undo`` undoes the last
applied event, ``next`` ends the turn."""

BAUD_RATES = (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)
URL_SCHEMES = ("loop", "socket", "rfc2217", "spy", "alt", "hwgrep", "cp2110")

# --- value checkers: each takes the raw value (a TOML value or a string) and returns the typed
# value, or None when it is not allowed. ``allowed`` is what the error message says.


@dataclass(frozen=True, slots=True)
class _Kind:
    check: Callable[[Any], Any]
    allowed: str


def _integer(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]+", value.strip()):
        return int(value)
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def _seconds(low: float, high: float) -> _Kind:
    def check(value: Any) -> float | None:
        number = _number(value)
        return number if number is not None and low <= number <= high else None

    return _Kind(check, f"a number of seconds from {low:g} to {high:g}")


def _whole(low: int, high: int, what: str) -> _Kind:
    def check(value: Any) -> int | None:
        number = _integer(value)
        return number if number is not None and low <= number <= high else None

    return _Kind(check, f"{what} from {low} to {high}")


def _url(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    url = value.strip()
    scheme = re.match(r"([a-z0-9]+)://", url)
    if scheme:
        return url if scheme.group(1) in URL_SCHEMES else None
    return url if url.startswith("/") and len(url) > 1 else None


def _baud(value: Any) -> int | None:
    number = _integer(value)
    return number if number in BAUD_RATES else None


_PIN = re.compile(r"(?:GPIO|BCM)([0-9]{1,2})|BOARD([0-9]{1,2})|([0-9]{1,2})")


def _pin(value: Any) -> str | None:
    """A Raspberry Pi pin as gpiozero names it (``GPIO17``, ``BCM17``, ``BOARD11``, ``17``);
    ``""`` means not fitted."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        value = str(value)
    if not isinstance(value, str):
        return None
    text = value.strip().upper()
    if text == "":
        return ""
    match = _PIN.fullmatch(text)
    if match is None:
        return None
    gpio, board, bare = match.groups()
    if board is not None:
        return text if 1 <= int(board) <= 40 else None
    number = int(gpio if gpio is not None else bare)
    return f"GPIO{number}" if 0 <= number <= 27 else None


def _action(optional: bool) -> _Kind:
    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return None
        text = value.strip().lower()
        if text == "" and optional:
            return ""
        return text if text in ACTIONS else None

    allowed = f"one of {', '.join(ACTIONS)}" + (", or '' for nothing" if optional else "")
    return _Kind(check, allowed)


def _boolean(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}.get(
            value.strip().lower()
        )
    return None


PIN = _Kind(_pin, "a GPIO pin such as GPIO17, BOARD11 or 17 (GPIO0 to GPIO27), or '' for none")

SETTINGS: dict[str, tuple[Any, _Kind]] = {
    "serial.url": (
        "/dev/ttyACM0",
        _Kind(
            _url,
            "a device path such as /dev/ttyACM0, or a pyserial URL: "
            + ", ".join(f"{s}://" for s in URL_SCHEMES),
        ),
    ),
    "serial.baudrate": (115200, _Kind(_baud, "one of " + ", ".join(map(str, BAUD_RATES)))),
    "serial.hello_interval": (1.0, _seconds(0.05, 30)),
    "serial.silence_timeout": (3.0, _seconds(0.5, 60)),
    "serial.reconnect_delay": (0.5, _seconds(0.01, 60)),
    "serial.reconnect_max_delay": (5.0, _seconds(0.1, 300)),
    "dice.min_confidence": (90, _whole(0, 100, "a whole percentage")),
    "buttons.bounce_time": (0.05, _seconds(0, 1)),
    "buttons.pull_up": (True, _Kind(_boolean, "true (buttons wired to ground) or false")),
    "buttons.roll.pin": ("GPIO17", PIN),
    "buttons.roll.press": ("roll", _action(False)),
    "buttons.roll.hold": ("reread", _action(True)),
    "buttons.roll.hold_time": (2.0, _seconds(0.1, 10)),
    "buttons.undo.pin": ("GPIO27", PIN),
    "buttons.undo.press": ("cancel", _action(False)),
    "buttons.undo.hold": ("undo", _action(True)),
    "buttons.undo.hold_time": (2.0, _seconds(0.1, 10)),
    "buttons.next.pin": ("GPIO22", PIN),
    "buttons.next.press": ("next", _action(False)),
    "buttons.next.hold": ("", _action(True)),
    "buttons.next.hold_time": (2.0, _seconds(0.1, 10)),
    "status.led_pin": ("", PIN),
    "status.buzzer_pin": ("", PIN),
}
"""Every key: its default and what it allows. Further buttons may be added in the file as
``[buttons.NAME]`` tables with the same four keys."""

SECTIONS = ("serial", "dice", "buttons", "status")
_BUTTON_KEYS = ("pin", "press", "hold", "hold_time")


@dataclass(frozen=True, slots=True)
class SerialConfig:
    url: str
    baudrate: int
    hello_interval: float
    silence_timeout: float
    reconnect_delay: float
    reconnect_max_delay: float


@dataclass(frozen=True, slots=True)
class DiceConfig:
    min_confidence: int


@dataclass(frozen=True, slots=True)
class ButtonConfig:
    """One named button: its pin (``None`` when not fitted), the action of a short press and of
    a press held ``hold_time`` seconds (``None``: holding does nothing more)."""

    name: str
    pin: str | None
    press: str
    hold: str | None
    hold_time: float


@dataclass(frozen=True, slots=True)
class ButtonsConfig:
    bounce_time: float
    pull_up: bool
    buttons: tuple[ButtonConfig, ...]

    def button(self, name: str) -> ButtonConfig:
        for button in self.buttons:
            if button.name == name:
                return button
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class StatusConfig:
    led_pin: str | None
    buzzer_pin: str | None


@dataclass(frozen=True, slots=True)
class HardwareConfig:
    serial: SerialConfig
    dice: DiceConfig
    buttons: ButtonsConfig
    status: StatusConfig


def env_name(key: str) -> str:
    """The environment variable of a key: ``serial.url`` is ``COMPANION_SERIAL_URL``."""
    return "COMPANION_" + key.upper().replace(".", "_")


def _show(value: Any) -> str:
    text = repr(value)
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= 60 else text[:57] + "..."


def _checked(key: str, value: Any, source: str, kind: _Kind) -> Any:
    typed = kind.check(value)
    if typed is None:
        raise ConfigError(f"{source}: {key} = {_show(value)}: {kind.allowed}")
    return typed


def _flatten(document: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The file's keys of our sections as ``section.key`` (and ``buttons.NAME.key``)."""
    flat: dict[str, Any] = {}
    for section in SECTIONS:
        if section not in document:
            continue
        table = document[section]
        if not isinstance(table, dict):
            raise ConfigError(f"{source}: {section} = {_show(table)}: a table [{section}]")
        for key, value in table.items():
            if section == "buttons" and isinstance(value, dict):
                for sub, item in value.items():
                    if sub not in _BUTTON_KEYS:
                        raise ConfigError(
                            f"{source}: unknown key buttons.{key}.{sub} (a button takes "
                            f"{', '.join(_BUTTON_KEYS)})"
                        )
                    flat[f"buttons.{key}.{sub}"] = item
            else:
                flat[f"{section}.{key}"] = value
    return flat


def _kind_of(key: str, source: str) -> _Kind:
    if key in SETTINGS:
        return SETTINGS[key][1]
    parts = key.split(".")
    if len(parts) == 3 and parts[0] == "buttons" and parts[2] in _BUTTON_KEYS:
        if not re.fullmatch(r"[a-z][a-z0-9_-]{0,15}", parts[1]):
            raise ConfigError(f"{source}: button name {parts[1]!r}: lower-case letters and digits")
        return SETTINGS[f"buttons.roll.{parts[2]}"][1]
    section = parts[0]
    known = sorted(k.split(".", 1)[1] for k in SETTINGS if k.startswith(section + "."))
    known = [k for k in known if k.count(".") == 0] if section == "buttons" else known
    raise ConfigError(
        f"{source}: unknown key {key} ([{section}] takes {', '.join(known)}"
        + (", and [buttons.NAME] tables)" if section == "buttons" else ")")
    )


def read_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The file's settings as ``key: raw value``; raises :class:`ConfigError` in one line."""
    name = str(path)
    try:
        with open(path, "rb") as file:
            document = tomllib.load(file)
    except OSError as exc:
        raise ConfigError(f"cannot read the configuration {name}: {exc.strerror or exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{name}: not valid TOML: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{name}: not valid TOML: not UTF-8 ({exc.reason})") from exc
    return _flatten(document, name)


def load_config(
    path: str | os.PathLike[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, tuple[Any, str]] | None = None,
) -> HardwareConfig:
    """Defaults, then the file, then ``COMPANION_*`` variables, then ``overrides``.

    :param path: the TOML file; ``None`` reads ``COMPANION_CONFIG`` if set, else no file.
    :param environ: the environment (default :data:`os.environ`).
    :param overrides: ``{key: (value, option)}`` from the command line, e.g.
        ``{"serial.url": ("loop://", "--port")}``; ``None`` values are skipped.
    :raises ConfigError: one line naming the source, the key, the value and what is allowed.
    """
    environ = os.environ if environ is None else environ
    values = {key: default for key, (default, _kind) in SETTINGS.items()}
    if path is None and environ.get("COMPANION_CONFIG"):
        path = environ["COMPANION_CONFIG"]
    if path is not None:
        source = str(path)
        for key, raw in read_file(path).items():
            values[key] = _checked(key, raw, source, _kind_of(key, source))
    for key in list(values):
        name = env_name(key)
        if name in environ:
            values[key] = _checked(key, environ[name], name, _kind_of(key, name))
    for key, (raw, option) in (overrides or {}).items():
        if raw is not None:
            values[key] = _checked(key, raw, option, _kind_of(key, option))
    return _build(values)


def _build(values: Mapping[str, Any]) -> HardwareConfig:
    serial = SerialConfig(
        **{k.split(".")[1]: v for k, v in values.items() if k.startswith("serial.")}
    )
    if serial.reconnect_max_delay < serial.reconnect_delay:
        raise ConfigError(
            f"serial.reconnect_max_delay = {serial.reconnect_max_delay:g}: at least "
            f"serial.reconnect_delay ({serial.reconnect_delay:g})"
        )
    names = sorted(
        {k.split(".")[1] for k in values if k.startswith("buttons.") and k.count(".") == 2},
        key=lambda n: ((["roll", "undo", "next"] + [n]).index(n), n),
    )
    buttons = []
    pins: dict[str, str] = {}
    for name in names:
        get = {sub: values.get(f"buttons.{name}.{sub}") for sub in _BUTTON_KEYS}
        if get["pin"] is None or get["press"] is None:
            raise ConfigError(f"buttons.{name}: a button needs pin and press")
        pin = get["pin"] or None
        if pin is not None:
            if pin in pins:
                raise ConfigError(
                    f"buttons.{name}.pin = {pin!r}: a pin not already used (by {pins[pin]})"
                )
            pins[pin] = f"buttons.{name}.pin"
        buttons.append(
            ButtonConfig(
                name,
                pin=pin,
                press=get["press"],
                hold=get["hold"] or None,
                hold_time=get["hold_time"] if get["hold_time"] is not None else 2.0,
            )
        )
    status = StatusConfig(
        led_pin=values["status.led_pin"] or None, buzzer_pin=values["status.buzzer_pin"] or None
    )
    for key, pin in (("status.led_pin", status.led_pin), ("status.buzzer_pin", status.buzzer_pin)):
        if pin is not None and pin in pins:
            raise ConfigError(f"{key} = {pin!r}: a pin not already used (by {pins[pin]})")
        if pin is not None:
            pins[pin] = key
    return HardwareConfig(
        serial=serial,
        dice=DiceConfig(min_confidence=values["dice.min_confidence"]),
        buttons=ButtonsConfig(
            bounce_time=values["buttons.bounce_time"],
            pull_up=values["buttons.pull_up"],
            buttons=tuple(buttons),
        ),
        status=status,
    )
