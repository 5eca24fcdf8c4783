"""Private seats: an invitation claims its seat once, and a seat can change its token.

Whoever opens a table gets their own seat's token and one invitation link
per other person's seat (``/t/<table>#invite=<code>``). The first to post
the code to ``/api/tables/<table>/claim`` gets a fresh token for that seat,
which nobody else, the opener included, ever sees; the code is then spent.
A seat's holder can rotate its token (``/api/tables/<table>/token``): the
old one stops working at once. The server keeps only hashes of both.

>>> from modern_art.web.registry import Registry
>>> registry = Registry()
>>> table, secrets_ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0, 1])
>>> sorted(secrets_), table.seats[1].token_hash is None
([0, 1], True)
>>> token = claim(registry, table, secrets_[1])
>>> table.seat_of(token)
1
>>> claim(registry, table, secrets_[1])
Traceback (most recent call last):
...
modern_art.data.errors.TableError: this invitation was already used: ask whoever opened the table
"""

from __future__ import annotations

import re
import secrets

from attrs import evolve

from modern_art.data.errors import TableError
from modern_art.web.registry import Registry
from modern_art.web.seats import hash_token
from modern_art.web.tables import GameTable

__all__ = ["claim", "rotate"]

_CODE = re.compile(r"[A-Za-z0-9_-]{1,128}", re.ASCII)


def claim(registry: Registry, table: GameTable, code: object) -> str:
    """Claim the seat invitation ``code`` is for; that seat's new token.

    Call it holding ``registry.lock``.

    Raises:
        TableError: 400 for a code that is not a string of the invitation
            alphabet, 403 for one of no seat (or already used).
    """
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise TableError(400, "the invitation code is malformed; open the link you were sent")
    digest = hash_token(code)
    seat = None
    for s, known in enumerate(table.invites):  # every one, in constant time
        if known is not None and secrets.compare_digest(known, digest):
            seat = s
    if seat is None:
        raise TableError(403, "this invitation was already used: ask whoever opened the table")
    return _new_token(registry, table, seat, spent=True)


def rotate(registry: Registry, table: GameTable, seat: int) -> str:
    """A new token for ``seat``, whose old one stops working; call it holding the lock."""
    return _new_token(registry, table, seat, spent=False)


def _new_token(registry: Registry, table: GameTable, seat: int, *, spent: bool) -> str:
    token = secrets.token_urlsafe(24)
    digest = hash_token(token)
    invites = list(table.invites)
    if spent:
        invites[seat] = None
    if registry.store is not None:  # kept first: a refused write changes nothing
        registry.store.set_seat(table, seat, digest, invites[seat])
    table.invites = tuple(invites)
    seats = list(table.seats)
    seats[seat] = evolve(seats[seat], token_hash=digest)
    table.seats = tuple(seats)
    table.touched = registry.clock()
    if spent:  # the seat is taken now: its turn clock starts now, not when the table opened
        table.seat_taken(seat, table.touched)
    return token
