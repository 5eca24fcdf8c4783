"""The speed tricks of the core, in one place: what each buys and what it forbids.

The core has two builds made from the same ``.py`` files: the pure-Python
one (the default) and the compiled one (``MODERN_ART_COMPILE=1 pip install
.``, which compiles the core with mypyc; see ``docs/performance.rst``). A
trick stays only where it pays in at least one build. Figures are timeit
medians on the project's shared 2-core machine.

**Native values** (:data:`COMPILED`, :data:`PURE`, :func:`native_source`).
The hot frozen values (cards, events, phases, players, states, steps) are
declared ``@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)``,
each field once. mypyc makes such a class a native class, and the compiled
build compiles a copy of the sources in which each is ``init=False`` with an
``__init__`` that stores each field with ``object.__setattr__(self, "name",
value)`` (written by the build hook, ``hatch_build.py``, with
:func:`native_init`; every line keeps its number, so tracebacks name the
shipped ``.py`` file's lines). mypyc compiles that ``__init__`` into direct
stores: a value costs about a tenth of an attrs ``__init__`` (0.07 against
0.6 µs for two fields). Equality, hashing, repr, ``FrozenInstanceError``,
``attrs.fields`` and ``attrs.evolve`` are attrs' own in both builds;
:func:`finish` adds copying, pickling and (compiled) the annotations.
Forbids: defaults, validators and converters on those classes, an
``__init__`` of their own, class constants that are not properties, and
making them other than through the constructor (``object.__new__`` cannot
make a native object).

**A lighter ``__init__``** (:func:`direct_init`, pure build; also the
actions, which stay Python classes in both builds). It replaces attrs' own
and stores through each slot's descriptor instead of calling
``object.__setattr__``: a ``GameState`` costs 1.7 µs instead of 3.3, a
``Pass`` 0.9 instead of 1.5 (timeit, lambda included). Forbids the same as
above; it refuses a class that has any of them. Tracebacks show its source
(it is registered with ``linecache``).

**Shared small values** (:func:`one_seat`, :func:`all_seats`,
:data:`SEATS`). The one-seat ``frozenset`` of ``to_act`` and the all-seats
set of an open auction are made once per seat: 0.41 µs a lookup against
0.51 to make one, and no garbage; ``Offering(s)`` (``core.round_flow``) and the
``Pass(s)`` and ``Accept(s)`` parts of legal actions (``core.legal_sequence``) are made
once per seat below :data:`SEATS` the same way, and each ``Bid(s, amount)``
that indexing legal actions gives out (amounts below
``legal_sequence.SHARED_BIDS``) is made the first time it is asked for and kept: a
random player's pick, four times in ten a bid, then makes no value (0.04 µs
a lookup against 0.18 to make one; in the compiled build, where an action is
a Python class made from C, more); each ``SetPrice`` the same way
(both ``legal_sequence.shared_amount``), and an open auction's passed seats with one seat
more (``core.round_flow.with_seat``, kept per set and seat). Safe because
values are immutable; forbids nothing.

**No events where none are kept** (``core.round_flow.Events``: ``None``,
which :func:`~modern_art.playout` passes). **Constants as** ``Final``: the
compiled build reads one from a C static, an enum member from its class.

**A hash kept once made** (:class:`HashCache`: cards, players, states).
``hash(state)`` hashes every card of the deck, the hands and the museums:
about 14 µs, five times an ``apply``. A value hashes its fields the first
time it is asked and keeps the result in a slot of its own, so the next
``hash`` (a dictionary of seen states, a transposition table) is a slot
read; and a new state shares its unchanged players and cards, whose hashes
are kept already. Forbids nothing: the slot is no attrs field, so equality,
the repr, ``attrs.fields``, ``evolve``, pickling and JSON never see it.

**Kept by identity** (:class:`IdentityCache`: a deck's card texts and card
objects, a position's card tuples and seats, the rules line, the observation's
layouts).
What is made from an immutable object met again and again (a state shares its
deck, discard and players with the one before it; every position names its
rules) is kept by the object's ``id``, with the object, which keeps the
``id`` its own: writing each position of a random game costs 7.8 µs a state
against 19 with nothing kept, the rules line 0.18 µs against 1.1 to write it
(hashing the ``Rules`` alone takes 0.8), a deck's card texts 0.2 µs against
80. Forbids nothing (the keys are immutable); each cache keeps at most its
``limit`` objects alive.

**Elsewhere, because they know one class's fields**: ``round_flow.replace``
and ``round_flow.advance``, a hand-written ``attrs.evolve`` for ``GameState`` (a
positional constructor call, several times cheaper than ``evolve``'s
keyword handling); ``round_flow.next_turn`` steps clockwise inline;
``legal_sequence.legal`` makes a ``LegalActions`` with ``object.__new__`` in the
pure build (0.34 µs against 0.43 through ``__init__``; a native object must
be made by its constructor, so not in the compiled build); ``apply``,
``legal_actions`` and ``playout`` find each phase's function (in its room,
``core/phases/``) through ``core.phase_table``: the pure build in a dict by
the phase's class, the compiled build through ``core.dispatch``'s
``isinstance`` chains, commonest phase first, that call each room directly
(valgrind's count of a random game: 5% fewer instructions than through the
dict, whose functions it would call through Python; in the interpreter the
dict takes 2% fewer than the chain). mypyc calls directly only what the
source spells out, so ``core/dispatch.py`` is source written from the table's
rows (``phase_table.dispatch_source``; a test checks it is current).
"""

from __future__ import annotations

import ast
import linecache
import sys
import types
from collections.abc import Hashable
from functools import partialmethod
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import attrs

__all__ = [
    "COMPILED",
    "PURE",
    "SEATS",
    "HashCache",
    "IdentityCache",
    "all_seats",
    "direct_init",
    "finish",
    "native_init",
    "native_source",
    "one_seat",
]

T = TypeVar("T")


def _probe() -> None:
    """A function of this module: compiled by mypyc, it is no Python function."""


COMPILED: Final = not isinstance(_probe, types.FunctionType)
"""Whether this is the compiled build (``MODERN_ART_COMPILE=1 pip install .``).

Both builds play every game alike; the compiled one is about 2.9 times as
fast on random games. See :doc:`/performance`.
"""

PURE: Final = not COMPILED
"""The pure-Python build: attrs makes the slots and the ``__init__`` of the hot values.

A hot value declares ``init=PURE``, which also marks it for :func:`native_source`.
"""

SEATS: Final = 32
"""Seats below this share their one-seat and all-seats ``frozenset`` (any count works)."""

_ONE_SEAT: Final = tuple(frozenset((seat,)) for seat in range(SEATS))
_ALL_SEATS: Final = tuple(frozenset(range(n)) for n in range(SEATS))


def one_seat(seat: int) -> frozenset[int]:
    """``frozenset({seat})``, made once per seat."""
    return _ONE_SEAT[seat] if 0 <= seat < SEATS else frozenset((seat,))


def all_seats(players: int) -> frozenset[int]:
    """``frozenset(range(players))``, made once per table size."""
    return _ALL_SEATS[players] if 0 <= players < SEATS else frozenset(range(players))


class HashCache:
    """A base for frozen values that keeps each value's hash once it is made.

    A subclass is a frozen ``attr.s`` class passed to :func:`finish`, which
    takes away the ``__hash__`` attrs wrote so that this one applies. Equal
    values have equal fields, so equal hashes. The hash lives in the slot
    ``_hash``, which is not an attrs field: equality, the repr,
    ``attrs.fields``, ``attrs.evolve``, pickling and JSON never see it.
    """

    __slots__ = ("_hash",)
    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # the first time: a new value keeps no hash yet
            # Every subclass is an attrs class (see finish), which the checker cannot know here.
            value = hash(attrs.astuple(self, recurse=False))  # type: ignore[arg-type]
            object.__setattr__(self, "_hash", value)
            return value


def finish(*classes: type) -> None:
    """Finish the hot values of one module, once they are all defined.

    ``copy`` and ``deepcopy`` return the value itself; ``pickle`` rebuilds it
    through its constructor. The pure build gives the classes
    :func:`direct_init`. The compiled build gives them back their
    annotations: mypyc keeps only the outer class of each (``tuple`` for
    ``tuple[Card, ...]``, ``type`` for ``int | None``), and cattrs (the JSON
    converter) and ``typing.get_type_hints`` need them whole. They are read
    from the module's ``.py`` file, which the compiled wheel ships beside the
    extension.
    """
    for cls in classes:
        kind: Any = cls
        # Immutable, so a copy may be the value itself; pickled by its constructor
        # (the compiled build's native objects cannot be made empty and filled).
        kind.__copy__ = partialmethod(_itself)
        kind.__deepcopy__ = partialmethod(_itself)
        kind.__reduce__ = partialmethod(_by_constructor)
        if issubclass(cls, HashCache) and "__hash__" in vars(kind):
            # attrs wrote a __hash__ of the fields (and type checkers know the
            # class is hashable); take it away, so that the kept one applies.
            delattr(kind, "__hash__")
        if COMPILED:
            _restore_annotations(cls)
    direct_init(*classes)


def _itself(value: T, memo: object = None) -> T:
    return value


def _by_constructor(value: object) -> tuple[type, tuple[Any, ...]]:
    kind: Any = type(value)
    return kind, tuple(getattr(value, f.name) for f in attrs.fields(kind))


def _restore_annotations(cls: type) -> None:
    module = sys.modules[cls.__module__]
    source = Path(str(module.__file__)).parent / (cls.__module__.rpartition(".")[2] + ".py")
    tree = _parsed(source)
    body = next(
        node.body
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__
    )
    hints = {
        node.target.id: ast.unparse(node.annotation)
        for node in body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    kind: Any = cls
    kind.__annotations__ = hints
    attrs.resolve_types(kind, globalns=vars(module))


_SOURCES: dict[Path, ast.Module] = {}


def _parsed(source: Path) -> ast.Module:
    if source not in _SOURCES:
        _SOURCES[source] = ast.parse(source.read_text(encoding="utf-8"), str(source))
    return _SOURCES[source]


def direct_init(*classes: type) -> None:
    """Give each frozen, slotted attrs class an ``__init__`` that sets its slots directly.

    Does nothing for a class whose ``__init__`` is not a Python function (a
    native class of the compiled build). Refuses (``TypeError``, at import time) a class
    with defaults, validators, converters, hooks or a cached hash.
    """
    for cls in classes:
        init = cls.__dict__.get("__init__")
        if not isinstance(init, types.FunctionType):  # a native class's compiled __init__
            continue
        _replace_init(cls)


def _replace_init(cls: type) -> None:
    kind: Any = cls
    fields = attrs.fields(kind)
    plain = all(
        f.init
        and f.default is attrs.NOTHING
        and f.validator is None
        and f.converter is None
        and f.alias == f.name
        and not f.kw_only
        for f in fields
    )
    hooks = ("__attrs_pre_init__", "__attrs_post_init__")
    slots = getattr(cls, "__slots__", ())
    if (
        not plain
        or any(hasattr(cls, hook) for hook in hooks)
        or any(f.name not in slots for f in fields)
        or "_attrs_cached_hash" in slots
    ):
        raise TypeError(f"{cls.__name__} does not qualify for direct_init")
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {f"_set_{name}": cls.__dict__[name].__set__ for name in names}
    params = "".join(f", {name}" for name in names)
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names) or "    pass\n"
    source = f"def __init__(self{params}):\n{body}"
    # A file name of its own, with its source in linecache, so that tracebacks
    # and profiles show the line and tell the classes apart.
    filename = f"<direct_init {cls.__module__}.{cls.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(kind.__init__.__annotations__)
    init.__doc__ = kind.__init__.__doc__
    kind.__init__ = init


def native_source(source: str) -> str:
    """A module's ``source`` as the compiled build compiles it (``hatch_build.py``).

    A hot value is an ``attr.s`` class declared ``init=PURE``: attrs writes
    its ``__init__`` in the pure build (and :func:`direct_init` replaces it),
    none in the compiled one. Here each is declared ``init=False`` and given
    :func:`native_init`, which mypyc compiles into direct stores, on one line
    in place of the blank line after its fields: every other line keeps its
    number, so the compiled build's tracebacks, which name the shipped
    ``.py`` file, point at the right lines.
    """
    lines = source.splitlines(keepends=True)
    classes = [node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    for node in reversed(classes):  # bottom up: an inserted line moves no edit still to make
        mark = _hot_mark(node)
        if mark is None:
            continue
        end = _end_of_fields(node)
        line = " " * node.body[0].col_offset + native_init(node) + "\n"
        if end < len(lines) and not lines[end].strip():
            lines[end] = line
        else:
            lines.insert(end, line)
        # init=PURE becomes init=False in place (ast's columns count UTF-8 bytes).
        row = lines[mark.lineno - 1].encode()
        row = row[: mark.col_offset] + b"False" + row[mark.end_col_offset or mark.col_offset :]
        lines[mark.lineno - 1] = row.decode()
    return "".join(lines)


def native_init(node: ast.ClassDef) -> str:
    """The compiled build's ``__init__`` of the hot value ``node``, on one line.

    Its fields in order, annotated as declared, each stored with
    ``object.__setattr__(self, "name", name)``. Refuses (``TypeError``) a
    class with an ``__init__`` of its own, a default or a ``ClassVar``.
    """
    fields: list[tuple[str, str]] = []
    for stmt in node.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            raise TypeError(f"{node.name}: the build writes a hot value's __init__")
        if isinstance(stmt, ast.AnnAssign):
            annotation = ast.unparse(stmt.annotation)
            if not isinstance(stmt.target, ast.Name) or stmt.value or "ClassVar" in annotation:
                raise TypeError(f"{node.name}: a hot value's fields are plain, with no default")
            fields.append((stmt.target.id, annotation))
    params = "".join(f", {name}: {annotation}" for name, annotation in fields)
    stores = "; ".join(f'object.__setattr__(self, "{name}", {name})' for name, _ in fields)
    return f"def __init__(self{params}) -> None: {stores or 'pass'}"


def _hot_mark(node: ast.ClassDef) -> ast.expr | None:
    """The ``PURE`` of a decorator's ``init=PURE`` (the mark of a hot value), or ``None``."""
    for decorator in node.decorator_list:
        for keyword in decorator.keywords if isinstance(decorator, ast.Call) else ():
            value = keyword.value
            if keyword.arg == "init" and isinstance(value, ast.Name) and value.id == "PURE":
                return value
    return None


def _end_of_fields(node: ast.ClassDef) -> int:
    """The last line of the fields with the last one's docstring (no fields: of the docstring)."""
    body = node.body
    last = 0
    for index, stmt in enumerate(body):
        if isinstance(stmt, ast.AnnAssign):
            documented = index + 1 < len(body) and isinstance(body[index + 1], ast.Expr)
            last = index + documented
    return body[last].end_lineno or body[last].lineno


V = TypeVar("V")


class IdentityCache(Generic[V]):
    """Values made from immutable objects, kept by each object's identity (see the ledger).

    The key is the object's ``id``, with an optional ``extra`` part (a
    separator, a seat), not the object: hashing a ``Rules`` costs nearly as
    much as writing it, and what is met again is the same object (a state
    shares its unchanged parts). Each entry keeps its object alive, so no
    other object has that ``id`` while the entry lives; when ``limit``
    entries are kept, the next one starts a fresh cache.
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int) -> None:
        self._entries: dict[tuple[int, Hashable], tuple[object, V]] = {}
        self._limit = limit

    def get(self, owner: object, extra: Hashable = None) -> V | None:
        """The value kept for ``owner`` (and ``extra``), or ``None``."""
        entry = self._entries.get((id(owner), extra))
        return None if entry is None else entry[1]

    def keep(self, owner: object, value: V, extra: Hashable = None) -> V:
        """Keep ``value`` for ``owner`` (and ``extra``), and return it."""
        if len(self._entries) >= self._limit:
            self._entries.clear()
        self._entries[(id(owner), extra)] = (owner, value)
        return value
