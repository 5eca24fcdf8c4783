"""Every place a phase touches covers exactly the phases of ``modern_art.data.phases.PHASES``.

The one list of those places, for whoever adds a phase:

1. ``data/phases.py``: the class, in ``PHASES`` and the ``Phase`` union
   (``AuctionPhase`` too if it sells a lot);
2. ``core/phases/<phase>.py``: its room (rule, handler, legal actions, draw,
   who acts) exporting ``ROW``, listed in ``core/phase_table.ROOMS`` and
   ``COMMONEST_FIRST``; then ``python tools/write_dispatch.py`` rewrites
   ``core/dispatch.py`` (the compiled build's chains) and ``hatch_build.py``'s
   ``COMPILED_MODULES`` names the room;
3. the layers above, each in its own language: a view's phase
   (``seeing/views.py``, ``seeing/viewing.py``), a position's phase name
   (``text/positions.py``), its problems (``seeing/problems/``), the board
   in text and SVG (``text/board.py``, ``svg/_table.py``), the frameworks'
   indices, encoding and observation (``seeing/indices.py``,
   ``seeing/encoding.py``, ``envs/observation.py``; the JSON reader,
   ``wire/state_reader.py``, reads ``PHASES`` itself), the kit's bounds
   (``testing/bounds.py``) and, outside Python, the pages' scripts (``web/static/table.js``,
   ``site/static/page.js``).

The core's tables are all built from the rooms' rows; the data layer's seats
to act are filled from them; the tables and branches above are checked here.
A new phase that misses one of them fails here.
"""

from __future__ import annotations

import ast
import importlib
import random
import types
import typing
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import modern_art as ma
from modern_art.core import dispatch, phase_table
from modern_art.core.phase_row import PhaseRow
from modern_art.data import phases as phases_module
from modern_art.data import state as state_module
from modern_art.data.phases import PHASES, AuctionPhase, GameOver, HiddenAuction, Phase
from modern_art.seeing.problems import position
from modern_art.seeing.views import HiddenAuctionView, PublicAuction, PublicPhase
from modern_art.text import positions

EVERY = set(PHASES)


def test_the_phase_list_is_the_phase_union_each_phase_once() -> None:
    """``PHASES`` holds each member of ``Phase`` once; ``AuctionPhase`` is the ones with a lot."""
    assert len(PHASES) == len(EVERY) == 7
    assert set(typing.get_args(Phase)) == EVERY
    auctions = {cls for cls in PHASES if "lot" in attrs.fields_dict(cls)}
    assert set(typing.get_args(AuctionPhase)) == auctions


def test_a_view_shows_the_phases_with_the_hidden_auction_sealed() -> None:
    """``PublicPhase`` and ``PublicAuction`` are the state's with ``HiddenAuctionView``."""

    def sealed(classes: tuple[type, ...]) -> set[type]:
        return {HiddenAuctionView if cls is HiddenAuction else cls for cls in classes}

    assert set(typing.get_args(PublicPhase)) == sealed(PHASES)
    assert set(typing.get_args(PublicAuction)) == sealed(typing.get_args(AuctionPhase))


def test_the_phase_table_has_one_row_per_phase_in_order() -> None:
    """The registry's rows are the phases, in the order of ``PHASES``; each column covers them."""
    assert tuple(row.phase for row in phase_table.ROWS) == PHASES
    assert set(phase_table.OFFERS) == set(phase_table.RULES) == set(phase_table.DRAWS) == EVERY
    # apply refuses every action once the game is over, before it reads one (R8.1).
    assert set(phase_table.PLAY) == EVERY - {GameOver}
    for row in phase_table.ROWS:
        assert phase_table.OFFERS[row.phase] is row.offers
        assert phase_table.DRAWS[row.phase] is row.draw
        assert phase_table.RULES[row.phase] == row.rule
        assert row.play is None or phase_table.PLAY[row.phase] is row.play


def test_each_room_holds_its_whole_row() -> None:
    """Each room exports one row, of its own phase, made of its own functions and rule."""
    assert len(set(phase_table.ROOMS)) == len(phase_table.COMMONEST_FIRST) == len(PHASES)
    assert set(phase_table.COMMONEST_FIRST) == set(phase_table.ROOMS)
    for room in phase_table.ROOMS:
        row = room.ROW
        assert isinstance(row, PhaseRow) and row.rule == room.RULE
        functions = [row.offers, row.draw, row.to_act] + ([row.play] if row.play else [])
        for function in functions:
            assert function.__module__ == room.__name__, (room, function)
        # The room is named for its phase (OneOfferAuction: one_offer_auction).
        snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in row.phase.__name__)
        assert room.__name__.rpartition(".")[2] == snake.lstrip("_"), room


def test_the_compiled_build_compiles_every_room() -> None:
    """``hatch_build.COMPILED_MODULES`` names each room, the table and the dispatch."""
    hook = Path(__file__).resolve().parents[2] / "hatch_build.py"
    if not hook.exists():
        pytest.skip("a copy of tests/ without the checkout's build hook")
    tree = ast.parse(hook.read_text(encoding="utf-8"))
    compiled = next(
        set(ast.literal_eval(node.value))
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in node.targets)
    )
    for room in (*phase_table.ROOMS, phase_table, dispatch):
        assert room.__name__.removeprefix("modern_art.").replace(".", "/") in compiled, room


def test_each_row_cites_the_rule_its_phase_cites() -> None:
    """A row's rule is the one the phase class's docstring names (Offering: R2.1 ...)."""
    # From the source: the compiled build's native classes keep no docstring.
    tree = ast.parse(_source(phases_module).read_text(encoding="utf-8"))
    docs = {
        node.name: ast.get_docstring(node) for node in tree.body if isinstance(node, ast.ClassDef)
    }
    for row in phase_table.ROWS:
        assert f"({row.rule}" in str(docs[row.phase.__name__]), row.phase


def _source(module: types.ModuleType) -> Path:
    """A module's ``.py`` file: the compiled build ships it beside the extension."""
    return Path(str(module.__file__)).with_name(module.__name__.rpartition(".")[2] + ".py")


def test_the_compiled_dispatch_is_the_text_the_table_writes() -> None:
    """``core/dispatch.py`` is exactly what the rows give (``python tools/write_dispatch.py``)."""
    assert _source(dispatch).read_text(encoding="utf-8") == phase_table.dispatch_source()


@pytest.mark.parametrize("column", ["play", "offers", "draw"])
def test_each_chain_calls_the_function_of_each_row(column: str) -> None:
    """Each branch of a dispatch chain tests one phase and calls that phase's row's function."""
    tree = ast.parse(_source(dispatch).read_text(encoding="utf-8"))
    body = next(
        node.body
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == column
    )
    called: dict[str, str] = {}
    for node in body:
        if isinstance(node, ast.If):
            test, (then,) = node.test, node.body
            assert isinstance(test, ast.Call) and isinstance(test.args[1], ast.Name)
            assert isinstance(then, ast.Return) and isinstance(then.value, ast.Call)
            called[test.args[1].id] = ast.unparse(then.value.func)
        elif isinstance(node, ast.Return):  # the last phase, which the others leave
            assert isinstance(node.value, ast.Call)
            called["*"] = ast.unparse(node.value.func)
    rows = [row for row in phase_table.ROWS if getattr(row, column) is not None]
    assert len(called) == len(rows)
    for row in rows:
        function = getattr(row, column)
        want = f"{function.__module__.rpartition('.')[2]}.{function.__name__}"
        assert called.get(row.phase.__name__, called["*"]) == want, row.phase


def _states() -> Iterator[ma.GameState]:
    """The states of a few random games, which between them meet every phase."""
    for seed in range(6):
        rng = random.Random(seed)
        state = ma.new_game(3 + seed % 3, seed=seed)
        while True:
            yield state
            if state.is_over:
                break
            actions = ma.legal_actions(state)
            state = ma.apply(state, actions[rng.randrange(len(actions))]).state


def test_the_chains_and_the_tables_give_the_same_in_every_phase() -> None:
    """In each phase met, the chain and the table give equal legal actions and equal steps."""
    met = set()
    rng = random.Random(0)
    for state in _states():
        phase = state.phase
        met.add(type(phase))
        for seat in (None, *range(state.num_players)):
            by_table = phase_table.OFFERS[type(phase)](state, phase, seat)
            assert dispatch.offers(state, phase, seat) == by_table
        bits = random.Random(state.step).getrandbits
        again = random.Random(state.step).getrandbits
        assert dispatch.draw(state, phase, bits) == phase_table.DRAWS[type(phase)](
            state, phase, again
        )
        if isinstance(phase, GameOver):
            continue
        actions = ma.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        chain_events: list[ma.Event] = []
        table_events: list[ma.Event] = []
        chained = dispatch.play(state, phase, action, action.seat, chain_events)
        tabled = phase_table.PLAY[type(phase)](state, phase, action, action.seat, table_events)
        assert chained == tabled and chain_events == table_events
    assert met == EVERY


def test_the_seats_to_act_are_the_rooms() -> None:
    """The data layer's seats-to-act table (``GameState.to_act``) is each room's ``to_act``."""
    assert {row.phase: row.to_act for row in phase_table.ROWS} == state_module.TO_ACT


_BRANCHING = (
    "modern_art.text.board",
    "modern_art.svg._table",
    "modern_art.seeing.viewing",
    "modern_art.seeing.problems.phase",
    "modern_art.seeing.encoding",
    "modern_art.seeing.indices",
    "modern_art.testing.bounds",
)
"""The modules above the core that treat each phase in its own branch or table entry."""


@pytest.mark.parametrize("name", _BRANCHING)
def test_each_place_above_the_core_names_every_phase(name: str) -> None:
    """Each module that treats the phases one by one names every phase (a view's hidden
    auction may stand for the state's; the kit's bounds leave the offering to their end)."""
    module = importlib.import_module(name)
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    if "HiddenAuctionView" in named:
        named.add("HiddenAuction")
    if name == "modern_art.testing.bounds":
        named.add("Offering")  # its last line answers for the offering: no bound to check
    assert {cls.__name__ for cls in PHASES} <= named, name


def test_a_position_names_every_phase_with_its_own_fields() -> None:
    """A position names each phase once and writes its fields in the class's order."""
    assert set(positions._NAMES) == EVERY
    assert len(set(positions._NAMES.values())) == len(EVERY)
    assert [cls for cls, _ in positions._PHASES.values()] == list(PHASES)
    for cls, names in positions._PHASES.values():
        assert names == tuple(attrs.fields_dict(cls))


def test_position_problems_know_every_phase_and_the_sealed_one() -> None:
    """What a position's phase may be: every phase, and a view's sealed hidden auction."""
    assert set(position._PHASE_KINDS) == EVERY | {HiddenAuctionView}


def test_the_observation_has_one_entry_per_phase_in_order() -> None:
    """The observation's phase slice has an entry per phase, in ``PHASES`` order."""
    pytest.importorskip("numpy")  # the rl extra
    from modern_art.envs import observation

    assert set(observation._PHASE_NAMES) == EVERY
    assert len(observation.PHASES) == len(set(observation.PHASES)) == len(PHASES)
    index = observation._PHASE_INDEX
    assert [index[cls] for cls in PHASES] == list(range(len(PHASES)))
    assert set(index) == EVERY | {HiddenAuctionView}
    assert index[HiddenAuctionView] == index[HiddenAuction]


def test_every_phase_is_finished_as_a_hot_value() -> None:
    """Each phase went through ``modern_art._speed.finish`` (copied as itself, pickled whole)."""
    for cls in PHASES:
        assert "__deepcopy__" in vars(cls) and "__reduce__" in vars(cls), cls
