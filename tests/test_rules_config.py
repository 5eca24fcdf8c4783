"""Rules: validation of every field, the presets, and the DealSchedule mapping."""

from __future__ import annotations

import copy
import pickle

import pytest

import modern_art as ma


def test_R1_4_deal_schedule_survives_copy_deepcopy_and_pickle() -> None:
    """A DealSchedule (and so Rules and GameState) can be copied, deep-copied and pickled."""
    schedule = ma.DealSchedule({3: (10, 6, 6, 0), 4: (9, 4, 4, 0)})
    for clone in (
        copy.copy(schedule),
        copy.deepcopy(schedule),
        pickle.loads(pickle.dumps(schedule)),
    ):
        assert clone == schedule and hash(clone) == hash(schedule)
        assert clone[3] == (10, 6, 6, 0)
    state = ma.new_game(4, seed=5)
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state


def test_R6_4_value_tiles_not_a_sequence_is_refused_naming_the_field() -> None:
    """``value_tiles=30`` is refused with a ValueError naming 'value_tiles', not a TypeError."""
    with pytest.raises(ValueError, match="'value_tiles'"):
        ma.Rules(value_tiles=30)  # type: ignore[arg-type]

