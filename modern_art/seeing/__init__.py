"""The seeing layer: what one seat may see and know, and whether a position could arise.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
