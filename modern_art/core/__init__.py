"""The core layer: the rules, from :func:`~modern_art.new_game` and :func:`~modern_art.apply` down.

The transition function and every rule it applies: offering and doubles,
the four auctions, what happens between actions and at a round's end,
scoring, legal actions, the order seats are asked in, stacked decks and
game records. It knows no seat's eyes, no wire, no player, no screen, no
clock and no I/O: the same state and action give the same step anywhere.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
