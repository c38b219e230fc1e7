"""The table's hardware: the dice module and the push buttons.

* :mod:`hardware.protocol`: the dice module's line protocol (pure encoding and parsing);
  ``docs/dice-protocol.md`` is its specification.
* :mod:`hardware.reader`: the serial reader thread, which parses and forwards readings
  (:mod:`hardware.readings`) to the application's main thread (:mod:`hardware.mainthread`).
* :mod:`hardware.emulator`: the dice module in software, on a pseudo-terminal.
* :mod:`hardware.buttons`: the named GPIO buttons, status LED and buzzer (gpiozero).
* :mod:`hardware.config`: the TOML configuration, environment variables and options.
* :mod:`hardware.cli` and :mod:`hardware.monitor`: ``companion dice-emulator`` and
  ``companion dice-monitor``.

Importing this package imports nothing but the standard library; pyserial and gpiozero are
imported by the modules that need them.
"""
