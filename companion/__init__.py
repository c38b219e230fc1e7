"""The Ultimate Monopoly table companion: the rules of the board, the banker, the game log and
the command-line front ends (``docs/architecture.md``). The rules and the banker use the standard
library only."""

__version__ = "0.1.0"
