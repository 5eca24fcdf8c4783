"""The data layer: cards, editions, rules, actions, events, phases, the state and errors.

It knows no rule. It hands nothing on: the public names are in :mod:`modern_art`.
"""
