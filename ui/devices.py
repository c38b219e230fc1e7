"""The table's hardware wired to the controller: the dice reader and the push buttons.

:class:`TableDevices` starts the real :class:`hardware.reader.DiceReader` on the configured
port, or on a :class:`hardware.emulator.DiceModuleEmulator`'s pseudo-terminal (``dice_url=
"emulator"``: the desktop and the headless demo), and :class:`hardware.buttons.TableButtons`
with gpiozero (any pin factory: ``MockFactory`` in tests and on the desktop). Their callbacks run
on background threads; everything reaches the controller through the ``post`` the app gives
(Kivy: ``Clock.schedule_once``), on the main thread.

The buttons act by position (the configured order, ``roll``, ``undo``, ``next``: 1, 2, 3): a
short press of button k answers the decision's choice k, or confirms the dice proposal (button
1); a held press does its configured hold action (``reread``, ``undo``...). **Each press is
stamped, on the GPIO thread at the edge, with the decision in force then and the edge's time**
(on the controller's clock): two edges of one press (or two presses before the screen moved on)
both name that decision, and the controller refuses the second, so money moves once; and its
input gate drops a press within the settle time of the answer just given, or sooner than the
settle time after a new decision was shown.

No Kivy here; ``pyserial`` and ``gpiozero`` are imported only when a device is started.
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion.banker.throws import wanted_dice

if TYPE_CHECKING:
    from hardware.buttons import ButtonCommand, TableButtons
    from hardware.config import HardwareConfig
    from hardware.emulator import DiceModuleEmulator
    from hardware.reader import DiceReader
    from hardware.readings import ReaderStatus
    from ui.controller import TableController

log = logging.getLogger(__name__)

EMULATOR = "emulator"
"""The ``dice_url`` that starts an emulated dice module on a pseudo-terminal."""

Post = Callable[[Callable[[], None]], None]


class TableDevices:
    """The dice reader (and emulator) and the buttons of one table.

    :param controller: the table's controller; its hooks (``reread_hook``, ``throw_hook``) are
        set here.
    :param post: runs a function on the main thread; must not block.
    :param config: the hardware configuration (default: ``hardware.config.load_config()``).
    :param dice_url: the dice module's port, ``"emulator"`` (the default), or ``None`` for no
        dice module (rolls entered by touch).
    :param buttons: whether to set up the buttons.
    :param pin_factory: a gpiozero pin factory (``MockFactory`` on a desktop or in tests).
    :param clock: the buttons' clock: their debounce and the time stamped on each press
        (default: the controller's ``clock``, which the input gate compares it with).
    :param on_dice_status: also told of each change of the dice module's state (on the main
        thread, after the controller): the app records it for ``companion doctor``.
    """

    def __init__(
        self,
        controller: TableController,
        *,
        post: Post,
        config: HardwareConfig | None = None,
        dice_url: str | None = EMULATOR,
        buttons: bool = True,
        pin_factory: Any = None,
        clock: Callable[[], float] | None = None,
        emulator_options: dict[str, Any] | None = None,
        on_dice_status: Callable[[ReaderStatus], None] | None = None,
    ) -> None:
        if config is None:
            from hardware.config import load_config

            config = load_config()
        self.controller = controller
        self.post = post
        self.config = config
        self.dice_url = dice_url
        self.want_buttons = buttons
        self.pin_factory = pin_factory
        self.clock = clock if clock is not None else controller.clock
        self.emulator_options = dict(emulator_options or {})
        self.on_dice_status = on_dice_status
        self.emulator: DiceModuleEmulator | None = None
        self.reader: DiceReader | None = None
        self.buttons: TableButtons | None = None
        #: Position (from 1) of each configured button, in the configuration's order.
        self.positions = {b.name: i for i, b in enumerate(config.buttons.buttons, 1)}
        #: The press being delivered on the main thread: the decision id and the time stamped
        #: at its edge.
        self._stamp: tuple[int | None, float | None] = (None, None)
        self.problems: list[str] = []

    # -- Life cycle -------------------------------------------------------------------------------

    def start(self) -> TableDevices:
        """Start what is configured; a device that cannot start is a notice, never an error
        (the table can always enter rolls and answers by touch)."""
        if self.dice_url is not None:
            try:
                self._start_dice(self.dice_url)
            except Exception as exc:  # noqa: BLE001 - no dice module: touch entry
                self._problem(f"dice module: {exc}")
        if self.want_buttons:
            try:
                self._start_buttons()
            except Exception as exc:  # noqa: BLE001 - no buttons: touch only
                self._problem(f"buttons: {exc}")
        return self

    def _start_dice(self, url: str) -> None:
        from hardware.reader import DiceReader

        if url == EMULATOR:
            from hardware.emulator import DiceModuleEmulator

            options = {"on_demand": True, **self.emulator_options}
            self.emulator = DiceModuleEmulator(**options).start()
            url = self.emulator.path
            self.controller.throw_hook = self.throw
        self.reader = DiceReader.from_config(
            url,
            self.config,
            post=self.post,
            on_reading=self.controller.on_reading,
            on_status=self._dice_status,
        )
        self.reader.start()
        self.controller.reread_hook = self.reader.request_reread

    def _dice_status(self, status: ReaderStatus) -> None:
        self.controller.on_dice_status(status)
        # The status LED (hardware.buttons.LED_PATTERNS): steady when the dice are read, slow
        # blinking while the module is away, fast when it reports a fault (type the roll in).
        if status.is_connected:
            self.set_led("fast" if status.fault else "on")
        else:
            self.set_led("slow")
        if self.on_dice_status is not None:
            self.on_dice_status(status)

    def _start_buttons(self) -> None:
        from hardware.buttons import TableButtons

        self.buttons = TableButtons(
            self.config.buttons,
            self.config.status,
            post=self._post_stamped,
            on_command=self.on_button,
            pin_factory=self.pin_factory,
            clock=self.clock,
        )

    def stop(self) -> None:
        """Stop the reader, the emulator and release the pins."""
        if self.reader is not None:
            self.reader.stop()
            self.reader = None
        if self.emulator is not None:
            self.emulator.stop()
            self.emulator = None
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        self.controller.reread_hook = None
        self.controller.throw_hook = None

    def __enter__(self) -> TableDevices:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _problem(self, text: str) -> None:
        log.warning("%s", text)
        self.problems.append(text)
        self.post(lambda: self.controller._say(text))

    # -- The buttons ------------------------------------------------------------------------------

    def _post_stamped(self, call: Callable[[], None]) -> None:
        """On the GPIO thread, at the edge: note the decision in force now and the time, and
        deliver the press under that stamp on the main thread."""
        stamp = (self.controller.decision_id, self.clock())  # an immutable view's id, a clock

        def deliver() -> None:
            self._stamp = stamp
            try:
                call()
            finally:
                self._stamp = (None, None)

        self.post(deliver)

    def on_button(self, command: ButtonCommand) -> None:
        """A press, on the main thread: short press by position, held press by its action."""
        stamp, at = self._stamp
        try:
            if command.held:
                self.controller.action(command.action, decision_id=stamp, at=at)
                return
            position = self.positions.get(command.button)
            if position is None:
                self.controller.action(command.action, decision_id=stamp, at=at)
            else:
                self.controller.press(position, decision_id=stamp, at=at)
        except Exception:  # a press must never end the app
            log.exception("button %r", command)

    def set_led(self, pattern: str) -> None:
        if self.buttons is not None:
            with contextlib.suppress(Exception):
                self.buttons.set_led(pattern)

    # -- The emulated dice ------------------------------------------------------------------------

    def throw(self, faces: Sequence[int | str] | None = None) -> None:
        """Throw the emulated dice: ``faces`` (two or three regular dice as whole numbers, then
        the speed die as text: ``(3, 4, "mr")``, ``(2, 2, "1")``), else random faces of the kind
        the decision wants (three dice for Roll Three) and the game's edition rolls (no speed
        die in Classic)."""
        from hardware.emulator import ScriptedRoll

        if self.emulator is None:
            raise RuntimeError("no emulated dice module")
        state = self.controller.state
        wanted = wanted_dice(state.decision) if state is not None else None
        if faces is None and wanted is not None and wanted["count"] == 3:
            faces = tuple(random.randint(1, 6) for _ in range(3))
        if faces is None:
            # The emulator stands for the set at the table: Classic's has no speed die.
            self.emulator.speed_die = state is None or state.edition.dice.has_speed_die
            self.emulator.throw()
            return
        dice = tuple(int(f) for f in faces if isinstance(f, int) and not isinstance(f, bool))
        rest = [str(f).lower() for f in faces if not isinstance(f, int) or isinstance(f, bool)]
        self.emulator.throw(ScriptedRoll(dice, rest[0] if rest else None))


def devices_factory(
    config: HardwareConfig | None, dice_url: str | None, **options: Any
) -> Callable[[TableController, Post], TableDevices]:
    """What the app calls with its controller and ``post`` to start the table's devices: the
    app, its headless demo and the test scripts build theirs here (``options`` go to
    :class:`TableDevices`)."""

    def make(controller: TableController, post: Post) -> TableDevices:
        return TableDevices(controller, post=post, config=config, dice_url=dice_url, **options)

    return make
