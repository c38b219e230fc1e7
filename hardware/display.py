"""The table's screen and touch panel, as the kernel describes them in sysfs.

The app on the Pi draws with SDL on KMS/DRM, without X. A Pi 5 has several DRM cards (the V3D
render-only one, vc4 for HDMI, and one for the DSI panel) and their numbers change between
boots, so the launcher picks the card whose DSI connector (else HDMI) is connected and tells
SDL with ``SDL_KMSDRM_DEVICE_INDEX`` (``../shared/UI.md`` §3.2). The panel's native mode tells
which official display it is, hence the rotation and density (§3.5):

- Touch Display (v1, 7"): 800x480 landscape, density 1.
- Touch Display 2 (7"): 720x1280 portrait, turned to landscape by Kivy (``rotation = 90``; the
  KMS rotation of ``cmdline.txt`` does not reach a program that drives KMS itself), density
  1.5 so that its 720 pixels are the 480 dp the layout is designed for.
- Any other screen: landscape as it is, portrait turned; the density that makes its short side
  480 dp.

Pure functions of a sysfs tree (``root`` is ``/`` on the Pi, a folder in the tests), so the
launcher, ``companion doctor`` and the tests read the same facts the same way.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

#: The layout is designed for this many dp on the screen's short side (the v1 panel's 480 px).
DESIGN_SHORT_SIDE = 480
#: Connector kinds in the order the launcher prefers them: the panel on the ribbon first.
PREFERRED_KINDS = ("DSI", "HDMI")

_CONNECTOR = re.compile(r"card(?P<card>\d+)-(?P<name>(?P<kind>[A-Za-z]+)(?:-[A-Za-z])?-\d+)$")
_MODE = re.compile(r"(?P<w>\d+)x(?P<h>\d+)")
# linux/input-event-codes.h
_INPUT_PROP_DIRECT = 0
_ABS_X = 0x00
_ABS_MT_POSITION_X = 0x35


@dataclass(frozen=True)
class Connector:
    """One DRM connector: ``card1-DSI-1`` is card 1, connector ``DSI-1``."""

    card: int
    name: str
    kind: str
    status: str
    modes: tuple[str, ...]

    @property
    def is_connected(self) -> bool:
        return self.status == "connected"

    @property
    def mode(self) -> tuple[int, int] | None:
        """The preferred (first listed) mode as (width, height), if the kernel lists one."""
        for mode in self.modes:
            found = _MODE.match(mode)
            if found:
                return int(found["w"]), int(found["h"])
        return None


@dataclass(frozen=True)
class Panel:
    """The screen the app will draw on, and how."""

    connector: Connector
    label: str
    width: int
    height: int
    rotation: int
    density: float

    def environment(self) -> dict[str, str]:
        """What SDL and Kivy must find in the environment before Kivy is imported."""
        return {
            "SDL_KMSDRM_DEVICE_INDEX": str(self.connector.card),
            "KIVY_METRICS_DENSITY": f"{self.density:g}",
        }

    def describe(self) -> str:
        turned = f", turned {self.rotation}°" if self.rotation else ""
        return (
            f"{self.label} on {self.connector.name} of card {self.connector.card} "
            f"({self.width}x{self.height}{turned}, density {self.density:g})"
        )


@dataclass(frozen=True)
class TouchDevice:
    """An input device the kernel marks as a direct-touch screen."""

    node: Path
    name: str


def connectors(root: Path = Path("/")) -> list[Connector]:
    """Every DRM connector under ``root``/sys/class/drm, by card then name."""
    found = []
    for status in sorted((root / "sys/class/drm").glob("card*-*/status")):
        match = _CONNECTOR.match(status.parent.name)
        if match is None:
            continue
        found.append(
            Connector(
                card=int(match["card"]),
                name=match["name"],
                kind=match["kind"].upper(),
                status=_read(status),
                modes=tuple(_read(status.parent / "modes").split()),
            )
        )
    return sorted(found, key=lambda c: (c.card, c.name))


def choose_connector(found: list[Connector]) -> Connector | None:
    """The connected DSI connector, else the connected HDMI one, else any connected one."""
    connected = [c for c in found if c.is_connected]
    for kind in PREFERRED_KINDS:
        for connector in connected:
            if connector.kind == kind:
                return connector
    return connected[0] if connected else None


def panel_for(connector: Connector) -> Panel:
    """How to draw on ``connector``: its label, rotation and density from its mode."""
    width, height = connector.mode or (800, 480)
    if connector.kind == "DSI" and (width, height) == (800, 480):
        label = "Touch Display (7-inch)"
    elif connector.kind == "DSI" and (width, height) == (720, 1280):
        label = "Touch Display 2"
    else:
        label = f"{connector.kind} screen"
    rotation = 90 if height > width else 0
    short = min(width, height)
    density = max(1.0, round(short / DESIGN_SHORT_SIDE, 2))
    return Panel(connector, label, width, height, rotation, density)


def find_panel(root: Path = Path("/")) -> Panel | None:
    """The screen the app should use under ``root``, or ``None`` when none is connected."""
    connector = choose_connector(connectors(root))
    return None if connector is None else panel_for(connector)


def touch_devices(root: Path = Path("/")) -> list[TouchDevice]:
    """The direct-touch input devices (touchscreens) under ``root``: those whose properties
    have ``INPUT_PROP_DIRECT`` and whose absolute axes include X or the multitouch X."""
    found = []
    for event in sorted((root / "sys/class/input").glob("event*"), key=_event_number):
        device = event / "device"
        properties = _bitmap(_read(device / "properties"))
        axes = _bitmap(_read(device / "capabilities/abs"))
        if _has(properties, _INPUT_PROP_DIRECT) and (
            _has(axes, _ABS_X) or _has(axes, _ABS_MT_POSITION_X)
        ):
            found.append(TouchDevice(root / "dev/input" / event.name, _read(device / "name")))
    return found


def _event_number(path: Path) -> int:
    digits = path.name.removeprefix("event")
    return int(digits) if digits.isdigit() else 1 << 30


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return ""


#: The kernel writes input bitmaps as words of its ``long`` (64 bits on aarch64, 32 on armhf),
#: most significant word first, separated by spaces.
_WORD_BITS = struct.calcsize("l") * 8


def _bitmap(text: str) -> int:
    value = 0
    for word in text.split():
        try:
            value = (value << _WORD_BITS) | int(word, 16)
        except ValueError:
            return 0
    return value


def _has(bitmap: int, bit: int) -> bool:
    return bool(bitmap >> bit & 1)
