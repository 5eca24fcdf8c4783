"""Hypothesis profiles: ``ci`` (derandomized, bounded) and ``thorough`` (deep local runs).

CI selects ``ci`` (``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``): the property
suite (tests/core/test_properties.py, tests/core/test_state_machine.py) takes about a
minute on two cores (56 s quiet, 80 s shared). Local runs default to ``dev``.
Run the deep checks, about 20 minutes, with::

    HYPOTHESIS_PROFILE=thorough pytest \
        tests/core/test_properties.py tests/core/test_state_machine.py

The run ends by printing how many games and steps the property tests checked.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers.tally import TALLY

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=60,
    stateful_step_count=120,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=40,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    stateful_step_count=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev")
)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Report how many games and steps the property tests checked."""
    if TALLY:
        counts = ", ".join(f"{name}: {count}" for name, count in sorted(TALLY.items()))
        profile = settings.get_current_profile_name()
        terminalreporter.write_line(f"property suite ({profile} profile) checked {counts}")
