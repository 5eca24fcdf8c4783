"""The checks of a bot's arguments: a budget (a count or seconds), a seed, a view to act on.

Every bot and engine that takes a budget refuses the same wrong values with
the same words: ``True`` is no count, and no clock runs for ``0``, a negative
time, infinity or NaN. A seed is an ``int`` or ``None``, as
:func:`~modern_art.new_game` and :func:`~modern_art.playout` take it
(``random.Random`` would hash ``'abc'``, ``1.5`` or ``True`` into another
game). A bot acts on a seat's view of a game in play, with a legal action.

>>> check_count("playouts", 16)
>>> check_count("playouts", True)
Traceback (most recent call last):
...
ValueError: playouts must be a positive integer, got True
>>> check_seconds("move_time", float("nan"))
Traceback (most recent call last):
...
ValueError: move_time must be a positive number of seconds, got nan
"""

from __future__ import annotations

import math

from modern_art.data.shown import shown
from modern_art.seeing.views import OwnView, PlayerView, has_seat

__all__ = ["check_count", "check_seat_to_act", "check_seconds", "check_seed"]


def check_count(what: str, value: object) -> None:
    """Refuse ``value`` (the argument ``what``) unless it is an ``int`` of at least 1."""
    if type(value) is not int or value < 1:
        raise ValueError(f"{what} must be a positive integer, got {shown(value)}")


def check_seconds(what: str, value: object) -> None:
    """Refuse ``value`` (the argument ``what``) unless it is a finite number of seconds above 0."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ValueError(f"{what} must be a positive number of seconds, got {shown(value)}")


def check_seed(what: str, value: object) -> None:
    """Refuse ``value`` (the argument ``what``) unless it is an ``int`` or ``None``.

    >>> check_seed("seed", 1.5)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an int or None, got 1.5
    """
    if value is not None and type(value) is not int:
        raise ValueError(f"{what} must be an int or None, got {shown(value)}")


def check_seat_to_act(view: object, who: str, *, to_act: bool = True) -> OwnView:
    """``view``, a seat's view of a game in play (where, with ``to_act``, it has a legal action).

    Raises:
        ValueError: not a view, a spectator's view, a finished game, or (with
            ``to_act``) a seat with nothing to do now; ``who`` names the asker.
    """
    if not isinstance(view, PlayerView):
        raise ValueError(f"{who} needs a seat's view (ma.view(state, seat)), got {shown(view)}")
    if not has_seat(view):
        raise ValueError(f"{who} needs a seat's view (ma.view(state, seat)), not a spectator's")
    if view.is_over:
        raise ValueError(f"the game is over (R8.1): {who} has nothing left to weigh")
    if to_act and not view.legal_actions:
        raise ValueError(
            f"seat {view.seat} is not to act now (seats {sorted(view.to_act)} are):"
            f" {who} weighs a seat's own decision"
        )
    return view
