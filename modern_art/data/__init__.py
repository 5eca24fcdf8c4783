"""The data layer: the values a game is made of, frozen, and no rule that moves them.

Cards and editions (R1.3), the :class:`~modern_art.Rules` of a variant,
the five actions, the events, the phases of a turn, the game state and
:class:`~modern_art.IllegalAction`. Every other layer builds on these
values; this one knows no rule, and imports no other layer.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
