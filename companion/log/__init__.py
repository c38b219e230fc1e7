"""The game log (SQLite) and the history read from it."""
