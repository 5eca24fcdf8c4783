"""Every public exception of the library, in one home, each a kind of the builtin it resembles.

A refused action or text (:class:`IllegalAction`, :class:`NotationError`,
:class:`ReplayError`, :class:`SerializationError`, and an engine's bad line,
:class:`ProtocolError`) is a ``ValueError``: the value given is at fault. A
failure of something running (:class:`EngineError`, a table's refusal
:class:`TableError`, the service's database :class:`StoreError`, a command
:class:`CommandError`, the site writer :class:`SiteError`, the records store
:class:`RecordsError`) is a
``RuntimeError``. Each is raised by the layer it names and handed on from
that layer's module as well (``modern_art.web.store.StoreError`` is this
module's class), so code that catches one catches it wherever it came from.

The kit's :class:`~modern_art.testing.InvariantViolation`, an
``AssertionError`` whose message is a replay script the kit writes, stays
with the kit (``modern_art.testing``); the control-flow exceptions that never
leave their module (a person quitting a terminal game, say) stay private
beside their use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

__all__ = [
    "CommandError",
    "EngineError",
    "ErrorKind",
    "IllegalAction",
    "NotationError",
    "ProtocolError",
    "RecordsError",
    "ReplayError",
    "SerializationError",
    "SiteError",
    "StoreError",
    "TableError",
]


class IllegalAction(ValueError):  # noqa: N818 (the name is the public contract)
    """An action the rules forbid, with the rule it breaks and why.

    >>> err = IllegalAction("R3.2", "bid of 40 by seat 2 is not above the high bid of 45")
    >>> str(err)
    'bid of 40 by seat 2 is not above the high bid of 45 (R3.2)'
    >>> err.rule
    'R3.2'
    """

    rule: str
    """The number of the rule broken, such as ``"R4.2"``."""
    reason: str
    """What was expected and what came, in plain words."""
    action: object
    """The refused action, as given."""

    def __init__(self, rule: str, reason: str, action: object = None) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason
        self.action = action

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str, object]]:
        return (type(self), (self.rule, self.reason, self.action))


class NotationError(ValueError):
    """Text in the game's notations that cannot be read, saying what was expected.

    Raised by :func:`modern_art.parse_action`, :func:`modern_art.read_position`
    and :func:`modern_art.read_records` for bad text; it never guesses.

    >>> import modern_art as ma
    >>> try:
    ...     ma.parse_action("0 raise 30", ma.new_game(3, seed=1))
    ... except ma.NotationError as err:
    ...     print(err)
    '0 raise 30': 'raise' is not a verb; expected play, bid, pass, price or accept
    """


class ReplayError(ValueError):
    """A record that does not replay: a bad setup, an illegal action, or another result.

    Raised by :func:`~modern_art.replay`; ``index`` is the number of the refused action
    (from 0), or ``None`` when the setup or the stated result is at fault.
    The :class:`~modern_art.IllegalAction` or ``ValueError`` behind it is its
    ``__cause__``.
    """

    index: int | None
    """The refused action's position in ``record.actions``, or ``None``."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index

    def __reduce__(self) -> tuple[type[ReplayError], tuple[str, int | None]]:
        return (type(self), (str(self), self.index))


class SerializationError(ValueError):
    """A document that cannot be read, or an object that cannot be written.

    The one exception :func:`~modern_art.from_json` raises for bad input: malformed,
    too large, too deep, of the wrong kind, with unknown or missing fields,
    values of the wrong JSON type, or a card not in the rules' deck.

    >>> import modern_art as ma
    >>> try:
    ...     ma.from_json('{"format": "modern-art/1", "type": "Bid", "seat": 0}', "action")
    ... except ma.SerializationError as err:
    ...     print(err)
    invalid action document: $.amount: missing field
    """

    errors: tuple[str, ...]
    """Every problem found, each as ``"<path>: <what is wrong>"``."""

    def __init__(self, message: str, errors: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.errors = tuple(errors) or (message,)

    def __reduce__(self) -> tuple[type[SerializationError], tuple[str, tuple[str, ...]]]:
        return (type(self), (str(self), self.errors))


ErrorKind: TypeAlias = Literal["crashed", "timed_out", "illegal", "protocol"]
"""How an engine broke the protocol: ``crashed`` (exited, or its pipe closed),
``timed_out`` (no ``ready`` or ``action`` in time), ``illegal`` (an action
that is not one of ``legal``) or ``protocol`` (a line that is not the
message expected: not JSON, too long, of the wrong type or step)."""


class ProtocolError(ValueError):
    """An engine's line that breaks the protocol; :attr:`kind` says how."""

    kind: ErrorKind
    """``"illegal"`` for an action not among the legal ones, else ``"protocol"``."""

    def __init__(self, message: str, kind: ErrorKind = "protocol") -> None:
        super().__init__(message)
        self.kind = kind

    def __reduce__(self) -> tuple[type[ProtocolError], tuple[str, ErrorKind]]:
        return (type(self), (str(self), self.kind))


class EngineError(RuntimeError):
    """An engine broke the protocol: it crashed, timed out, answered garbage or cheated.

    >>> err = EngineError("timed_out", "no action within 1000 ms", command="bot")
    >>> err.kind, str(err)
    ('timed_out', 'engine bot: timed_out: no action within 1000 ms')
    """

    kind: ErrorKind
    """``crashed``, ``timed_out``, ``illegal`` or ``protocol`` (see :data:`ErrorKind`)."""
    detail: str
    """What happened, in words."""
    command: str
    """The engine's command line."""
    step: int | None
    """The game's step when it happened (``None`` before the game, at ``hello``)."""
    stderr: str
    """The last lines the engine wrote to stderr, for diagnosis (may hold anything)."""

    def __init__(
        self,
        kind: ErrorKind,
        detail: str,
        *,
        command: str = "",
        step: int | None = None,
        stderr: str = "",
    ) -> None:
        super().__init__(f"engine {command}: {kind}: {detail}")
        self.kind = kind
        self.detail = detail
        self.command = command
        self.step = step
        self.stderr = stderr

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild_engine_error,
            (self.kind, self.detail, self.command, self.step, self.stderr),
        )


def _rebuild_engine_error(
    kind: ErrorKind, detail: str, command: str, step: int | None, stderr: str
) -> EngineError:
    # Pickle calls a function with positional arguments; the class takes keywords.
    return EngineError(kind, detail, command=command, step=step, stderr=stderr)


class TableError(RuntimeError):
    """A request the web table refuses: ``status`` is the HTTP status, ``str()`` the message."""

    status: int
    """The HTTP status of the answer (403, 404, 409, 429, 503, ...)."""
    rule: str | None
    """The rule an illegal action broke, if that is why."""
    retry_after: int | None
    """Seconds after which asking again may succeed (a ``Retry-After`` header)."""

    def __init__(
        self,
        status: int,
        message: str,
        rule: str | None = None,
        *,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule
        self.retry_after = retry_after


class StoreError(RuntimeError):
    """The web table's database file cannot be used: the message names it and says what to do."""


class CommandError(RuntimeError):
    """A failure of a ``modern-art`` command, reported on stderr with exit code 1."""


class SiteError(RuntimeError):
    """The browser site cannot be written; the message says what is missing and how to get it."""


class RecordsError(RuntimeError):
    """The records store (``modern_art.records``) cannot do what was asked: a damaged or
    foreign file (the message names it; nothing is changed), a game it does not hold, a
    refused query or record."""
