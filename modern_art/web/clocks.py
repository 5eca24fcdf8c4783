"""How long a table waits for people, and what it does when they do not answer.

The rules give no phase a clock, but a table people may walk away from needs
one for every decision that waits on a person **(decision)**:

- the open auction (R4.1), where anyone may raise at any time, has a quiet
  time (``open_idle``), then "going once" and "going twice" (``going``
  each); a raise restarts it, a pass does not;
- every other decision (offering a card, adding a second card to a double,
  a one-offer bid, sealing a hidden bid, naming or accepting a fixed price)
  gives the seat asked ``turn`` seconds.

When a clock runs out the table takes the seat's :func:`default_action`:
``Pass`` where the rules allow it, otherwise the first of the seat's legal
actions in the library's order, which is a sealed bid of 0 in a hidden
auction, the lowest price for a fixed price, and the first card of the hand
for an offer. A seat whose clock ran out ``bot_after`` times in a row
(open-auction passes do not count: letting the auction go is a normal way to
decline) is handed to a bot until the person comes back.

>>> import modern_art as ma
>>> state = ma.new_game(3, seed=1)
>>> default_action(state, 0) == ma.legal_actions(state, 0)[0]
True
"""

from __future__ import annotations

from attrs import field, frozen, validators

import modern_art as ma

__all__ = ["Timings", "default_action", "is_open_auction"]

_seconds = validators.ge(0.0)
_positive = validators.gt(0.0)
_optional_positive = validators.optional(validators.gt(0.0))
_TICK: float | None = 0.25


@frozen
class Timings:
    """How fast a table runs and how long it waits, in seconds. Tests shrink them all."""

    bot_delay: float = field(default=0.7, validator=_seconds)
    """How long a bot waits after the last action before it acts."""
    open_idle: float = field(default=8.0, validator=_seconds)
    """Quiet time in an open auction before "going once"."""
    going: float = field(default=3.0, validator=_seconds)
    """The length of "going once" and of "going twice"."""
    turn: float = field(default=60.0, validator=_positive)
    """How long a person has for any other decision before the table takes the default."""
    bot_after: int = field(default=3, validator=validators.ge(1))
    """After this many clocks in a row run out for a seat, a bot plays it."""
    ttl: float = field(default=1800.0, validator=_positive)
    """An unfinished table nobody seated has looked at for this long expires."""
    finished_ttl: float = field(default=300.0, validator=_seconds)
    """A finished game stays readable this long; it holds no table slot meanwhile."""
    poll: float = field(default=0.8, validator=_positive)
    """How often the page asks for news when it cannot hold a stream open."""
    keepalive: float = field(default=15.0, validator=_positive)
    """A stream with no news sends a comment this often, so proxies keep it open."""
    stream: float = field(default=300.0, validator=_positive)
    """A stream closes after this long; the page opens the next from its cursor."""
    tick: float | None = field(default=_TICK, validator=_optional_positive)
    """How often the server itself moves bots and clocks on; ``None``: only on requests."""


def is_open_auction(state: ma.GameState) -> bool:
    """Whether ``state`` is in an open auction, whose clock is "going once, twice"."""
    return isinstance(state.phase, ma.OpenAuction)


def default_action(state: ma.GameState, seat: int) -> ma.Action:
    """What the table does for ``seat`` when its clock runs out: pass, else its first choice.

    Raises:
        ValueError: ``seat`` may not act in ``state``.
    """
    legal = ma.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} may not act at step {state.step}")
    return next((a for a in legal if isinstance(a, ma.Pass)), legal[0])
