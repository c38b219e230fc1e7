"""``companion app``: start the touchscreen app, or play its headless demo.

Nothing here imports Kivy at import time: ``companion`` keeps working without the ``ui`` extra
(the other subcommands), and the Kivy environment (``KIVY_NO_ARGS``, the off-screen driver of the
demo) must be set before Kivy's first import. Without a display the app says so in one line and
exits with status 2, before any window is tried.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ui.setup_store import default_db_path

if TYPE_CHECKING:
    from hardware.display import Panel

EXIT_NO_DISPLAY = 2
#: SDL video drivers that need no X or Wayland display.
_DRIVERS_WITHOUT_DISPLAY = ("offscreen", "kmsdrm", "rpi", "directfb", "vivante", "evdev")


def display_problem(env: Mapping[str, str] | None = None) -> str | None:
    """Why no window can open here, in one line; ``None`` when one can."""
    env = os.environ if env is None else env
    driver = env.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in _DRIVERS_WITHOUT_DISPLAY:
        return None
    if driver == "wayland" and env.get("WAYLAND_DISPLAY"):
        return None
    if driver == "x11" and env.get("DISPLAY"):
        return None
    if not driver and (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return None
    return (
        "no display to open the app on (DISPLAY and WAYLAND_DISPLAY are not set; on the "
        "table's screen set SDL_VIDEODRIVER=kmsdrm); 'companion app --headless-demo' runs "
        "without one"
    )


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a size is WIDTHxHEIGHT (800x480), not {text!r}"
        ) from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"a size between 200x200 and 8000x8000, not {text!r}")
    return w, h


def register(commands: Any) -> None:
    """Add ``app`` to the ``companion`` subcommands."""
    from companion.editions import regional_boards

    app = commands.add_parser(
        "app",
        help="the touchscreen app (the default command)",
        description="Start the touchscreen app. Keys 1, 2, 3 stand for the table's buttons, "
        "R rereads the dice, U undoes, T throws the emulated dice.",
    )
    app.add_argument(
        "--db",
        metavar="FILE",
        help="the game log (default: $COMPANION_DB, else $XDG_DATA_HOME/companion/games.db)",
    )
    app.add_argument("--lang", choices=("en", "fr"), help="the language (default: as last set)")
    app.add_argument(
        "--dice",
        metavar="URL",
        help="the dice module's port; 'emulator' (the default, except with --kiosk) emulates "
        "it on a pseudo-terminal; 'none' for touch entry only; with --kiosk the default is "
        "serial.url of the configuration",
    )
    app.add_argument(
        "--config",
        metavar="FILE",
        help="the hardware configuration (TOML; default: $COMPANION_CONFIG if set)",
    )
    app.add_argument("--size", type=_size, metavar="WxH", help="the window size, e.g. 800x480")
    app.add_argument(
        "--kiosk",
        action="store_true",
        help="the table's own screen (the Pi's service): full screen on KMS/DRM without X, on "
        "the card of the connected DSI (else HDMI) screen, turned and scaled for that panel",
    )
    app.add_argument(
        "--rotation",
        type=int,
        choices=(0, 90, 180, 270),
        help="turn the picture (default: 90 for a portrait panel such as Touch Display 2)",
    )
    app.add_argument(
        "--headless-demo",
        action="store_true",
        help="play --turns turns off-screen through the app and save screenshots",
    )
    app.add_argument("--turns", type=int, default=12, metavar="N", help="turns of the demo")
    app.add_argument("--screenshots", metavar="DIR", help="the demo's PNG screenshots")
    app.add_argument("--players", type=int, default=4, metavar="N", help="players of the demo")
    app.add_argument("--seed", type=int, default=1, help="the demo's random seed")
    app.add_argument(
        "--edition",
        metavar="ID",
        help="the edition the demo's set-up chooses (default: the one it offers first)",
    )
    app.add_argument(
        "--board",
        metavar="REGION",
        help="the regional board the demo's set-up chooses, for an edition of several "
        f"({regional_boards()}; default: the edition's own)",
    )
    app.set_defaults(handler=run_app)


def run_app(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The ``app`` command (also ``companion`` with no arguments)."""
    if importlib.util.find_spec("kivy") is None:
        print(
            "companion: error: the app needs Kivy: pip install 'ultimate-monopoly-companion[ui]'",
            file=err,
        )
        return EXIT_NO_DISPLAY
    from companion.log.gamelog import refuse_special_file

    db = Path(args.db) if args.db else default_db_path()
    # Before anything opens it: a FIFO would wait forever. Its GameLogError is the command
    # line's to say, in one line with status 2, as for every command.
    refuse_special_file(db)
    if args.headless_demo:
        if args.turns < 1:
            print("companion: error: --turns: at least 1", file=err)
            return EXIT_NO_DISPLAY
        refused = _edition_problem(args.edition, args.board)
        if refused:
            print(f"companion: error: {refused}", file=err)
            return EXIT_NO_DISPLAY
        _headless_environment()
        from ui.demo import run_demo

        return run_demo(
            db=Path(args.db) if args.db else None,
            turns=args.turns,
            screenshots=Path(args.screenshots) if args.screenshots else None,
            lang=args.lang or "en",
            size=args.size or (800, 480),
            players=args.players,
            seed=args.seed,
            out=out,
            err=err,
            edition=args.edition,
            region=args.board,
        )
    panel = None
    if args.kiosk:
        panel = _kiosk_environment(err)
        if panel is None:
            return EXIT_NO_DISPLAY
    problem = display_problem()
    if problem is not None:
        print(f"companion: error: {problem}", file=err)
        return EXIT_NO_DISPLAY
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    return _run_window(args, db, err, panel)


def _edition_problem(edition_id: str | None, region: str | None) -> str:
    """Why the demo cannot choose ``edition_id`` on the board ``region`` at set-up (an edition
    the companion does not ship, a board it does not offer), in one line; ``""`` when it can."""
    from companion.editions import DEFAULT, UnknownRegionError, edition
    from companion.errors import CompanionError

    if region is not None and edition_id is None:
        return "--board: choose the edition too (--edition), e.g. --edition classic --board fr"
    try:
        edition(edition_id or DEFAULT, region)
    except CompanionError as problem:
        return f"--{'board' if isinstance(problem, UnknownRegionError) else 'edition'}: {problem}"
    return ""


def _kiosk_environment(err: TextIO, root: Path = Path("/")) -> Panel | None:
    """SDL on KMS/DRM on the connected panel's card, Kivy's density for it (``../shared/UI.md``
    §3.2, §3.5); values already in the environment (the unit's) win. None, after one line,
    when no screen is connected."""
    from hardware.display import find_panel

    panel = find_panel(root)
    if panel is None:
        print(
            "companion: error: no screen is connected (no DSI or HDMI connector in "
            "/sys/class/drm says 'connected'): check the display's ribbon cable and power, "
            "then run 'companion doctor'",
            file=err,
        )
        return None
    os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    os.environ.setdefault("KIVY_WINDOW", "sdl2")
    os.environ.setdefault("COMPANION_DEVICE", "1")
    for name, value in panel.environment().items():
        os.environ.setdefault(name, value)
    print(f"companion: drawing on the {panel.describe()}", file=err)
    return panel


def _headless_environment() -> None:
    """Off-screen SDL with OpenGL, a throwaway Kivy home, mock GPIO pins."""
    os.environ.update(
        {
            "KIVY_NO_ARGS": "1",
            "KIVY_WINDOW": "sdl2",
            "SDL_VIDEODRIVER": "offscreen",
            "COMPANION_DEVICE": "0",
        }
    )
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    # Kivy's own log mode takes sys.stderr over for its log, so with neither log a crash
    # left no trace (the demo exited 1 in silence). In Python's mode Kivy leaves sys.stderr
    # alone and logs to the "kivy" logger, kept quiet here: a traceback is still shown.
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    kivy_log = logging.getLogger("kivy")
    kivy_log.addHandler(logging.NullHandler())
    kivy_log.propagate = False
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="companion-kivy-"))
    os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")


def _run_window(args: argparse.Namespace, db: Path, err: TextIO, panel: Panel | None) -> int:
    from ui import app as ui_app
    from ui.appstatus import AppStatus, status_path
    from ui.devices import EMULATOR, devices_factory

    device = ui_app.on_device()
    if not device:
        # The desktop has no GPIO: the buttons are mock pins, and the keys stand in for them.
        os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    ui_app.configure_input(device)
    rotation = args.rotation
    if rotation is None:
        rotation = panel.rotation if panel is not None else 0
    ui_app.configure_window(size=args.size, device=device, rotation=rotation)
    from hardware.config import load_config

    try:
        config = load_config(args.config)  # None: $COMPANION_CONFIG, else the defaults
    except Exception as exc:  # noqa: BLE001 - one line, as every command
        print(f"companion: error: {exc}", file=err)
        return EXIT_NO_DISPLAY
    dice = args.dice or (config.serial.url if args.kiosk else EMULATOR)
    status = AppStatus(status_path(db))
    status.update(
        panel=None if panel is None else panel.describe(), dice={"state": "starting", "url": dice}
    )
    app = ui_app.CompanionApp(
        controller_factory(db, args.lang),
        devices_factory=devices_factory(config, None if dice == "none" else dice),
        status=status,
        fit=not device,
    )
    app.run()
    return 0


def controller_factory(db: Path, lang: str | None) -> Any:
    def make(post: Any) -> Any:
        from ui.controller import TableController
        from ui.setup_store import SetupStore

        db.parent.mkdir(parents=True, exist_ok=True)
        controller = TableController(db_path=db, post=post, store=SetupStore(), lang=lang)
        if lang:
            controller.set_language(lang)  # remembered for the next start
        return controller

    return make
