"""The seeing layer: what one seat may see and know, and whether a position could arise.

A seat's view and the redacted events it is shown (R7), every seat's money
from the public record (R7.4), what a painting would pay, full states
sampled from a view for search bots, and the problems of a position made
by hand.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
