"""The core layer: the transition function and every rule it applies.

It knows no seat's eyes, no wire, no player, no screen, no clock and no I/O.
It hands nothing on: the public names are in :mod:`modern_art`.
"""
