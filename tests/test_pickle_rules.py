"""Rules cross process boundaries (worker pools pickle them)."""

from __future__ import annotations

import pickle

import modern_art as ma


def test_R1_4_deal_schedule_and_rules_survive_pickling() -> None:
    """A Rules with its deal schedule pickles and unpickles to an equal value."""
    rules = ma.Rules(deal_schedule={3: (3, 1, 1, 0), 4: (3, 1, 1, 0), 5: (2, 1, 1, 0)})
    for value in (rules, rules.deal_schedule, ma.Rules(), ma.preset("original")):
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(rules)).deals(5) == (2, 1, 1, 0)
