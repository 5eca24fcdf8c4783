"""The phase table: one row per phase, each from the phase's room (``core/phases/``).

:data:`ROWS` is the one place the core lists the phases: each row is its
room's ``ROW`` (:class:`~modern_art.core.phase_row.PhaseRow`), and every
per-phase table of the core is built from them here: :data:`PLAY`,
:data:`OFFERS`, :data:`DRAWS` and :data:`RULES`, the data layer's seats to
act (:data:`~modern_art.data.state.TO_ACT`, filled below) and the compiled
build's dispatch (:mod:`modern_art.core.dispatch`, generated from the rows by
:func:`dispatch_source`).

A new phase is a class in ``data/phases.py`` (in
:data:`~modern_art.data.phases.PHASES` and the ``Phase`` union), a room in
``core/phases/`` with its row here, the regenerated dispatch, and the tables
of the layers above that speak their own language:
``tests/core/test_phase_table.py`` names each of them and checks that it
covers exactly the phases.

Two ways to dispatch, each the faster in its build (``modern_art._speed``),
both made from :data:`ROWS`: the pure build looks the function up in
:data:`PLAY`, :data:`OFFERS` or :data:`DRAWS` by the phase's class (2% fewer
instructions a random game than a chain); the compiled build calls
:mod:`~modern_art.core.dispatch`'s chains of ``isinstance``, commonest phase
first (:data:`COMMONEST_FIRST`), with a direct call to the room's function in
each branch (5% fewer instructions than through the dictionaries, whose
functions it would call through Python). mypyc makes a direct call only of a
call written out in the source, so that module is Python text written from
the rows; the test checks that it is the text the rows give today.
"""

from __future__ import annotations

from typing import Final

from modern_art.core.phase_row import Draw, Handler, Offers, PhaseRow
from modern_art.core.phases import (
    double_offer,
    fixed_price_auction,
    game_over,
    hidden_auction,
    offering,
    one_offer_auction,
    open_auction,
)
from modern_art.data.state import TO_ACT

__all__ = [
    "COMMONEST_FIRST",
    "DRAWS",
    "OFFERS",
    "PLAY",
    "ROOMS",
    "ROWS",
    "RULES",
    "dispatch_source",
]

ROOMS: Final = (
    offering,
    double_offer,
    open_auction,
    one_offer_auction,
    hidden_auction,
    fixed_price_auction,
    game_over,
)
"""Each phase's room, in the order of :data:`~modern_art.data.phases.PHASES`."""

ROWS: Final[tuple[PhaseRow, ...]] = tuple(room.ROW for room in ROOMS)
"""One row per phase, in the order of :data:`~modern_art.data.phases.PHASES`."""

PLAY: Final[dict[type, Handler]] = {row.phase: row.play for row in ROWS if row.play is not None}
"""Each phase's ``apply`` handler, by the phase's class (the pure build's dispatch)."""

OFFERS: Final[dict[type, Offers]] = {row.phase: row.offers for row in ROWS}
"""Each phase's legal actions, by the phase's class (the pure build's dispatch)."""

DRAWS: Final[dict[type, Draw]] = {row.phase: row.draw for row in ROWS}
"""Each phase's uniform draw for playouts, by the phase's class (the pure build's dispatch)."""

RULES: Final[dict[type, str]] = {row.phase: row.rule for row in ROWS}
"""Each phase's rule, by the phase's class."""

TO_ACT.update({row.phase: row.to_act for row in ROWS})

COMMONEST_FIRST: Final = (
    open_auction,
    offering,
    one_offer_auction,
    fixed_price_auction,
    hidden_auction,
    double_offer,
    game_over,
)
"""The rooms by how often a random game meets their phase, most often first: the order of
the compiled build's chains."""

_CHAINS: Final = (
    (
        "play",
        "state: GameState,\n    phase: Offering | DoubleOffer | AuctionPhase,\n"
        "    action: Action,\n    seat: int,\n    events: Events,\n",
        "GameState",
        "state, phase, action, seat, events",
    ),
    (
        "offers",
        "state: GameState, phase: Phase, seat: int | None",
        "LegalActions",
        "state, phase, seat",
    ),
    (
        "draw",
        "state: GameState, phase: Phase, getrandbits: Callable[[int], int]",
        "tuple[Action, int] | None",
        "state, phase, getrandbits",
    ),
)
"""Each chain: its column of :class:`PhaseRow` (and its name), its parameters, what it gives,
the arguments it passes on."""

_HEADER: Final = '''"""The compiled build's dispatch: for each column of the phase table, a chain
of ``isinstance``, commonest phase first, each branch a direct call to the phase's room.

Generated from ``modern_art.core.phase_table``'s rows by its ``dispatch_source``
(``python tools/write_dispatch.py``): do not edit. The pure build looks the
functions up in the table's dictionaries instead.
"""

from __future__ import annotations

from collections.abc import Callable

from modern_art.core.legal_sequence import LegalActions
from modern_art.core.phases import (
{rooms})
from modern_art.core.round_flow import Events
from modern_art.data.actions import Action
from modern_art.data.phases import (
    AuctionPhase,
{phases}    Phase,
)
from modern_art.data.state import GameState

__all__ = ["draw", "offers", "play"]
'''


_LINE: Final = 99
"""The longest line ruff's format keeps (``pyproject.toml``): the module is written formatted."""


def _room(function: object) -> str:
    """The name of the room a row's function is written in (``open_auction``)."""
    return str(getattr(function, "__module__", "")).rpartition(".")[2]


def dispatch_source() -> str:
    """The text of :mod:`modern_art.core.dispatch`, written from :data:`ROWS`.

    Each chain tests the rows' phases in the order of :data:`COMMONEST_FIRST`
    and calls the row's function by its room and name; the last phase is the
    one left. ``python tools/write_dispatch.py`` writes the module;
    ``tests/core/test_phase_table.py`` checks that it is this text.
    """
    rank = {room.ROW.phase: place for place, room in enumerate(COMMONEST_FIRST)}
    rows = sorted(ROWS, key=lambda row: rank[row.phase])
    tested: set[str] = set()  # the phases a chain names (its last phase is the one left)
    chains = ""
    for column, parameters, gives, arguments in _CHAINS:
        calls = [
            (row.phase.__name__, f"{_room(function)}.{getattr(function, '__name__', '')}")
            for row in rows
            if (function := getattr(row, column)) is not None
        ]
        opening = f"def {column}({parameters}) -> {gives}:"
        if "\n" in parameters:  # one parameter a line, as ruff formats a long list
            opening = f"def {column}(\n    {parameters}) -> {gives}:"
        elif len(opening) > _LINE:  # the parameters on a line of their own
            opening = f"def {column}(\n    {parameters}\n) -> {gives}:"
        chains += f"\n\n{opening}\n"
        chains += (
            f'    """Each phase\'s ``{column}`` (``PhaseRow.{column}``), commonest first."""\n'
        )
        for phase, call in calls[:-1]:
            tested.add(phase)
            chains += f"    if isinstance(phase, {phase}):\n        return {call}({arguments})\n"
        chains += f"    return {calls[-1][1]}({arguments})\n"
    rooms = sorted({_room(row.offers) for row in ROWS})
    text = _HEADER.format(
        rooms="".join(f"    {room},\n" for room in rooms),
        phases="".join(f"    {name},\n" for name in sorted(tested)),
    )
    return text + chains
