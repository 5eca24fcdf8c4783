"""The text layer: notation, sentences, boards, positions, setup and records in text.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
