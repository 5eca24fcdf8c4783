"""Positions in text: :func:`write_position` and :func:`read_position`.

A position is every fact of a :class:`~modern_art.GameState`, one fact a
line, cards in the action notation with their ``#id``::

    modern-art position 1
    rules cmon
    round 1 step 3
    seat 0 "Ann" money 100
      hand Carvalho/O#0 Thaler/H#15
      museum -
    ...
    counts 0 0 1 0 0
    tiles - - - - -
    discard -
    deck Silveira/O#53 ...
    phase open auctioneer=0 lot=Melim/O#25 double_player=- high_bid=5 high_bidder=1 passed=-

``-`` is nothing (no card, no seat); lists are comma-separated. The
phase is one of ``offering``, ``double``, ``open``, ``one-offer``,
``hidden``, ``fixed-price`` and ``over``, with the fields of its class.
Blank lines and lines starting with ``;`` are ignored. Reading trusts
nothing: the text must be exactly this shape, and the state it describes
must have no :func:`~modern_art.position_problems`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from modern_art._speed import IdentityCache
from modern_art.data.cards import Card
from modern_art.data.errors import NotationError
from modern_art.data.phases import (
    PHASES,
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.data.rules import Rules
from modern_art.data.state import GameState, PlayerState
from modern_art.seeing.problems.position import position_problems
from modern_art.text.lexer import quote, unquote, words
from modern_art.text.notation import card_text, card_texts, cards_by_text, parse_card
from modern_art.text.rules_line import parse_rules, rules_text

__all__ = ["HEADER", "MAX_POSITION_CHARS", "read_position", "write_position"]

HEADER: Final = "modern-art position 1"
"""The first line of every position: the format and its version."""

MAX_POSITION_CHARS: Final = 100_000
"""The longest text :func:`read_position` reads (a CMON position is about 1,500)."""

_INT: Final = re.compile(r"-?[0-9]{1,18}")

_NAMES: Final[dict[type, str]] = {
    Offering: "offering",
    DoubleOffer: "double",
    OpenAuction: "open",
    OneOfferAuction: "one-offer",
    HiddenAuction: "hidden",
    FixedPriceAuction: "fixed-price",
    GameOver: "over",
}
"""Each phase's name in a position."""

# Each phase by its name, with its fields in the order they are written (its own).
_PHASES: Final[dict[str, tuple[type, tuple[str, ...]]]] = {
    _NAMES[cls]: (cls, tuple(field.name for field in attrs.fields(cls))) for cls in PHASES
}


def write_position(state: GameState) -> str:
    """Every fact of ``state`` as text; :func:`read_position` reads it back equal.

    A state that cannot arise is written too (so that it can be shown in a
    bug report); :func:`read_position` will refuse it, naming its problems.

    Raises:
        ValueError: ``state`` holds a value that is not of its field's type
            (a card that is not one of the deck's, say), named with the
            state's :func:`~modern_art.position_problems`.

    >>> import modern_art as ma
    >>> state = ma.new_game(["Ann", "Bo", "Cy"], seed=1)
    >>> text = ma.write_position(state)
    >>> text.splitlines()[3]
    'seat 0 "Ann" money 100'
    >>> ma.read_position(text) == state
    True
    """
    try:
        return _write(state)
    except (IndexError, AttributeError, TypeError, KeyError):
        problems = "; ".join(position_problems(state)) or "a value of the wrong type"
        raise ValueError(f"cannot write this state as a position: {problems}") from None


_JOINED: IdentityCache[str] = IdentityCache(512)
"""Recently written card tuples, by the tuple's identity and the separator."""

_SEATS: IdentityCache[str] = IdentityCache(512)
"""Recently written seat blocks, by the identity of the player's state and the seat."""


def _write(state: GameState) -> str:
    texts = card_texts(state.rules)
    deck = state.rules.deck

    def text_of(card: Card) -> str:
        # The deck's own card (as play and JSON give) is looked up; any other is written out.
        return texts[card.id] if deck[card.id] is card else card_text(card)

    def cards(seq: tuple[Card, ...], sep: str = " ") -> str:
        if not seq:
            return "-"
        # States share unchanged tuples with the states before them (the deck, the
        # discard, most hands), so a log of positions writes each tuple once.
        text = _JOINED.get(seq, sep)
        if text is None:
            text = sep.join(
                [texts[card.id] if deck[card.id] is card else card_text(card) for card in seq]
            )
            _JOINED.keep(seq, text, sep)
        return text

    lines = [HEADER, f"rules {rules_text(state.rules)}", f"round {state.round} step {state.step}"]
    for seat, p in enumerate(state.players):
        block = _SEATS.get(p, seat)
        if block is None:  # players, too, are shared between states
            block = _SEATS.keep(
                p,
                f"seat {seat} {quote(p.name)} money {p.money}\n"
                f"  hand {cards(p.hand)}\n  museum {cards(p.museum)}",
                seat,
            )
        lines.append(block)
    lines.append(f"counts {' '.join(map(str, state.counts))}")
    lines.append(f"tiles {' '.join(','.join(map(str, t)) or '-' for t in state.tiles)}")
    lines.append(f"discard {cards(state.discard)}")
    lines.append(f"deck {cards(state.deck)}")
    phase = state.phase
    kind = _NAMES[type(phase)]
    parts = [f"phase {kind}"]
    for name in _PHASES[kind][1]:
        value = getattr(phase, name)
        if name == "card":
            text = text_of(value)
        elif name == "lot":
            text = cards(value, ",")
        elif name == "passed":
            text = ",".join(map(str, sorted(value))) or "-"
        elif name == "bids":
            text = ",".join("-" if b is None else str(b) for b in value)
        else:
            text = "-" if value is None else str(value)
        parts.append(f"{name}={text}")
    lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"


class _Lines:
    """The meaningful lines of a text, each with its number, read one keyword at a time."""

    def __init__(self, text: str) -> None:
        self._lines: Iterator[tuple[int, list[str]]] = (
            (number, words(line))
            for number, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.lstrip().startswith(";")
        )
        self._peeked: tuple[int, list[str]] | None = None

    def peek(self) -> tuple[int, list[str]] | None:
        if self._peeked is None:
            self._peeked = next(self._lines, None)
        return self._peeked

    def take(self, keyword: str) -> tuple[int, list[str]]:
        line = self.peek()
        if line is None:
            raise NotationError(f"the text ends where a {keyword!r} line was expected")
        self._peeked = None
        number, parts = line
        if parts[0].lower() != keyword:
            raise NotationError(f"line {number}: expected a {keyword!r} line, got {parts[0]!r}")
        return number, parts[1:]


def _int(text: str, what: str) -> int:
    if not _INT.fullmatch(text):
        raise NotationError(f"{what}: expected a whole number, got {text[:40]!r}")
    return int(text)


def _seat(text: str, what: str) -> int | None:
    return None if text == "-" else _int(text, what)


def _cards(parts: list[str], rules: Rules, what: str, sep: str | None = None) -> tuple[Card, ...]:
    if parts == ["-"]:
        return ()
    if sep is not None:
        parts = parts[0].split(sep) if len(parts) == 1 else parts
    table = cards_by_text(rules)
    try:
        return tuple([table[part.casefold()] for part in parts])
    except KeyError:
        pass  # not all in the notation's own spelling: read each, with its message
    try:
        return tuple(parse_card(part, rules, None, "a position (write its #id)") for part in parts)
    except NotationError as exc:
        raise NotationError(f"{what}: {exc}") from None


def read_position(text: str, rules: Rules | None = None) -> GameState:
    """The state :func:`write_position` wrote as ``text``.

    Args:
        text: a position (see the module's grammar).
        rules: the rules, when the position's edition is not a preset; if
            given, they must be the position's rules.

    Raises:
        NotationError: the text is not a position (it says at which line and
            what was expected), or the state it describes has
            :func:`~modern_art.position_problems` (it names them).
    """
    if not isinstance(text, str):
        raise NotationError(f"expected the text of a position, got a {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise NotationError(f"a position is at most {MAX_POSITION_CHARS} characters")
    lines = _Lines(text)
    first = lines.peek()
    if first is None or " ".join(first[1]).lower() != HEADER:
        raise NotationError(f"a position starts with the line {HEADER!r}")
    lines.take("modern-art")
    number, parts = lines.take("rules")
    try:
        rules = parse_rules(" ".join(parts), rules)
    except NotationError as exc:
        raise NotationError(f"line {number}: {exc}") from None
    number, parts = lines.take("round")
    if len(parts) != 3 or parts[1].lower() != "step":
        raise NotationError(f"line {number}: expected 'round R step S'")
    round_, step = _int(parts[0], f"line {number}"), _int(parts[2], f"line {number}")
    players: list[PlayerState] = []
    while (line := lines.peek()) is not None and line[1][0].lower() == "seat":
        players.append(_player(lines, rules, len(players)))
    number, parts = lines.take("counts")
    counts = tuple(_int(p, f"line {number}") for p in parts)
    number, parts = lines.take("tiles")
    tiles = tuple(
        () if p == "-" else tuple(_int(t, f"line {number}") for t in p.split(",")) for p in parts
    )
    number, parts = lines.take("discard")
    discard = _cards(parts, rules, f"line {number}")
    number, parts = lines.take("deck")
    deck = _cards(parts, rules, f"line {number}")
    phase = _phase(lines, rules)
    if (extra := lines.peek()) is not None:
        raise NotationError(f"line {extra[0]}: the position ended with its phase line")
    state = GameState(rules, tuple(players), deck, round_, counts, tiles, discard, phase, step)
    problems = position_problems(state)
    if problems:
        raise NotationError(f"this position cannot arise in a game: {'; '.join(problems)}")
    return state


def _player(lines: _Lines, rules: Rules, seat: int) -> PlayerState:
    number, parts = lines.take("seat")
    if len(parts) != 4 or parts[2].lower() != "money":
        raise NotationError(f"line {number}: expected 'seat {seat} \"name\" money M'")
    if _int(parts[0], f"line {number}") != seat:
        raise NotationError(f"line {number}: expected seat {seat}, seats in order from 0")
    name = unquote(parts[1])
    money = _int(parts[3], f"line {number}")
    number, parts = lines.take("hand")
    hand = _cards(parts, rules, f"line {number}")
    number, parts = lines.take("museum")
    museum = _cards(parts, rules, f"line {number}")
    return PlayerState(name, money, hand, museum)


def _phase(lines: _Lines, rules: Rules) -> Phase:
    number, parts = lines.take("phase")
    where = f"line {number}"
    if not parts or parts[0].lower() not in _PHASES:
        raise NotationError(f"{where}: expected a phase among {', '.join(_PHASES)}")
    cls, names = _PHASES[parts[0].lower()]
    given = {}
    for part in parts[1:]:
        key, equals, value = part.partition("=")
        if not equals or key not in names or key in given:
            raise NotationError(f"{where}: {part[:40]!r} is not one of {', '.join(names)}")
        given[key] = value
    missing = [name for name in names if name not in given]
    if missing:
        raise NotationError(f"{where}: the {parts[0]} phase needs {', '.join(missing)}")
    readers: dict[str, Callable[[str], Any]] = {
        "card": lambda v: _cards([v], rules, where)[0] if v != "-" else None,
        "lot": lambda v: _cards([v], rules, where, ","),
        "passed": lambda v: frozenset(() if v == "-" else (_int(s, where) for s in v.split(","))),
        "bids": lambda v: tuple(_seat(b, where) for b in v.split(",")),
        "high_bid": lambda v: _int(v, where),
        "price": lambda v: _seat(v, where),
    }

    def seat(v: str) -> int | None:
        return _seat(v, where)

    values = [readers.get(name, seat)(given[name]) for name in names]
    for name, value in zip(names, values, strict=True):
        if value is None and name in ("auctioneer", "asking", "turn", "card"):
            raise NotationError(f"{where}: {name} cannot be '-'")
    make: Any = cls
    phase: Phase = make(*values)
    return phase
