"""The banker: the game's state, the commands that change it, and the rules of money, from the
turn flow to bankruptcy. Every front end talks to it through decisions and commands."""

# Importing any part of the banker imports all of it: each part registers its commands, tasks
# and decisions' options as it is imported (the engine imports them), so that a module that
# reads a registry (``options.DECISION_KINDS``, ``options.options_for``) finds every entry.
from companion.banker import engine  # noqa: F401, E402
