"""The table companion's pure domain: the Ultimate Monopoly board, movement and rent rules,
and the referee that explains them. Standard library only."""

__version__ = "0.1.0"
