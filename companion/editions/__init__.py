"""Editions: every fact of each Monopoly edition the companion referees.

One data folder per edition (``companion/editions/<id>/``) is loaded into one frozen
:class:`Edition` that the game carries; the rules an edition plays by are modules of
:mod:`companion.editions.rules`, named by the edition's data.
"""
