"""Position problems: every reason a state could not arise in play, each citing a rule.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
