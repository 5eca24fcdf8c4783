"""Who sits at a table: people, known by the hash of a secret token, and bots.

>>> token = "secret-token"
>>> seat_for_token([None, hash_token(token)], token)
1
>>> Seat("Ann", token_hash=hash_token(token)).kind, Seat("Bot", bot="random").kind
('human', 'bot')
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from attrs import frozen

import modern_art as ma
from modern_art.agents.registry import BOTS as LIBRARY_BOTS
from modern_art.data.errors import TableError

__all__ = ["BOTS", "PRESETS", "Seat", "TableError", "hash_token", "seat_for_token"]

# Alphabetical, as the lobby has always listed them: its first, heuristic, is preselected.
BOTS: Mapping[str, Callable[[int], ma.Agent]] = MappingProxyType(
    {
        name: LIBRARY_BOTS[name].factory(LIBRARY_BOTS[name].table_budget)
        for name in sorted(LIBRARY_BOTS)
    }
)
"""The bots a table can seat, by name, each made with a seed: every bot of the one registry
(:data:`modern_art.agents.registry.BOTS`) with its table budget, so a new one appears in the
lobby by itself; read-only."""

PRESETS: tuple[str, ...] = tuple(ma.presets())
"""The rules presets a table can be opened with (``cmon``, ``original``)."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token: what the server keeps instead of the token.

    Tokens are 24 random bytes, so no salt or slow hash is needed: nobody can
    guess one from its hash.
    """
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def seat_for_token(hashes: Sequence[str | None], token: str | None) -> int:
    """The seat whose token hash (``None`` for a bot) is ``token``'s.

    Raises:
        TableError: 401 without a token, 403 for a token of no seat here.
    """
    if not token:
        raise TableError(401, "this request needs a seat token; open your seat's link")
    if not _TOKEN.fullmatch(token):
        raise TableError(403, "this seat token is not valid at this table")
    digest = hash_token(token)
    found = None
    for seat, known in enumerate(hashes):  # compare every one, in constant time
        if isinstance(known, str) and known.isascii() and secrets.compare_digest(known, digest):
            found = seat
    if found is None:
        raise TableError(403, "this seat token is not valid at this table")
    return found


@frozen
class Seat:
    """Who sits at a seat: a person (with a ``token_hash``) or a bot of kind ``bot``.

    A person's seat with ``bot`` set is one a bot plays while the person is away.
    """

    name: str
    """The player's name, shown to everyone."""
    token_hash: str | None = None
    """The hash of the person's seat token; ``None`` for a bot."""
    bot: str | None = None
    """The kind of bot playing the seat (a key of :data:`BOTS`), ``None`` while a person does."""
    person: bool = False
    """Opened for a person, who may not have claimed it yet (no ``token_hash`` then)."""

    @property
    def kind(self) -> str:
        """``"human"`` or ``"bot"``: who the seat was opened for."""
        return "human" if self.person or self.token_hash is not None else "bot"

    @property
    def away(self) -> bool:
        """Whether a bot plays this person's seat until they come back."""
        return self.kind == "human" and self.bot is not None
