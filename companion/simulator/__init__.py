"""Seeded random players that play whole games through the banker, checking invariants."""
