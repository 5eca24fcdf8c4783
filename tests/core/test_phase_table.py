"""Every per-phase table covers exactly the phases of ``modern_art.data.phases.PHASES``.

The core's tables are the columns of one registry, ``modern_art.core.phase_table``;
the tables of the layers that cannot import the core (the data layer's seats to
act) or that speak their own language (a position's phase names, the
observation's phase slice) are keyed by the same classes. A new phase that
misses one of them fails here.
"""

from __future__ import annotations

import ast
import random
import types
import typing
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import modern_art as ma
from modern_art.core import phase_table
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
    assert set(phase_table.OFFERS) == set(phase_table.RULES) == EVERY
    # apply refuses every action once the game is over, before it reads one (R8.1).
    assert set(phase_table.PLAY) == EVERY - {GameOver}
    for row in phase_table.ROWS:
        assert phase_table.OFFERS[row.phase] is row.offers
        assert phase_table.RULES[row.phase] == row.rule
        assert row.play is None or phase_table.PLAY[row.phase] is row.play


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


def _chain(function: str) -> list[tuple[str, str]]:
    """The ``isinstance`` chain of a ``phase_table`` function: (class, function called) pairs."""
    tree = ast.parse(_source(phase_table).read_text(encoding="utf-8"))
    body = next(
        node.body
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == function
    )
    pairs = []
    for node in body:
        if isinstance(node, ast.If):
            test, (then,) = node.test, node.body
            assert isinstance(test, ast.Call) and isinstance(test.args[1], ast.Name)
            assert isinstance(then, ast.Return) and isinstance(then.value, ast.Call)
            assert isinstance(then.value.func, ast.Name)
            pairs.append((test.args[1].id, then.value.func.id))
        elif isinstance(node, ast.Return):  # the last phase, which the others leave
            assert isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
            pairs.append(("*", node.value.func.id))
    return pairs


@pytest.mark.parametrize(
    ("function", "column"),
    [("play", phase_table.PLAY), ("offers", phase_table.OFFERS)],
)
def test_the_compiled_chains_call_the_function_of_each_row(
    function: str, column: dict[type, typing.Any]
) -> None:
    """Each branch of ``play`` and ``offers`` tests one phase of the column and calls its row's."""
    pairs = _chain(function)
    names = [name for name, _ in pairs]
    assert len(set(names)) == len(names), names  # no phase twice
    assert set(names) - {"*"} <= {cls.__name__ for cls in column}
    left = [cls for cls in column if cls.__name__ not in names]
    assert len(left) == names.count("*") <= 1  # the last phase may be the one left
    called = dict(pairs)
    for cls, fn in column.items():
        assert called.get(cls.__name__, called.get("*")) == fn.__name__, cls


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
            assert phase_table.offers(state, phase, seat) == by_table
        if isinstance(phase, GameOver):
            continue
        actions = ma.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        chain_events: list[ma.Event] = []
        table_events: list[ma.Event] = []
        chained = phase_table.play(state, phase, action, action.seat, chain_events)
        tabled = phase_table.PLAY[type(phase)](state, phase, action, action.seat, table_events)
        assert chained == tabled and chain_events == table_events
    assert met == EVERY


def test_the_seats_to_act_cover_every_phase() -> None:
    """The data layer's seats-to-act table (``GameState.to_act``) has one entry per phase."""
    assert set(state_module._TO_ACT) == EVERY


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
