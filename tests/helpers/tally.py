"""A tally of what the property tests checked (games, steps), reported at the end of the run."""

from __future__ import annotations

from collections import Counter

TALLY: Counter[str] = Counter()
"""What the property tests checked (games, steps), reported at the end of the run.

Test modules update it with ``from tests.helpers.tally import TALLY``.
"""
