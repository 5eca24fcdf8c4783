"""A user's program type-checks under ``mypy --strict``, and misuse of the API does not.

mypy runs in-process (``mypy.api.run``) on tests/project/typecheck/consumer.py and a
file of misuses, once for both. Its cache lives in pytest's cache directory
(a temporary one under ``-p no:cacheprovider``), so only the first run on a
machine pays for checking the library and its dependencies (about 10 s on two
shared cores; later runs take about 2 s).
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest
from mypy import api as mypy_api

HERE = Path(__file__).resolve().parent
CONSUMER = HERE / "typecheck" / "consumer.py"

MISUSE = """\
import modern_art as ma

state = ma.new_game(3, seed=1)
ma.Bid(0, "5")                        # line 4: an amount is an int
ma.SetPrice(0, 2.5)                   # line 5: so is a price
ma.PlayCard(0, "Manuel Carvalho")     # line 6: a card is a Card
ma.apply(state, "bid 5")              # line 7: apply takes an Action
ma.new_game(3, seed="7")              # line 8: a seed is an int
spectator = ma.view(state, None)
spectator.seat + 1                    # line 10: a spectator has no seat
"""

EXPECTED_MISUSE_LINES = {4, 5, 6, 7, 8, 10}


@pytest.fixture(scope="module")
def mypy_report(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> str:
    """mypy --strict's report on the consumer program and the misuse file, in one run."""
    misuse = tmp_path_factory.mktemp("typing") / "misuse.py"
    misuse.write_text(MISUSE, encoding="utf-8")
    # Without pytest's cache plugin (-p no:cacheprovider, as distributions and
    # read-only checkouts run) the config has no cache: a fresh directory then.
    cache = getattr(request.config, "cache", None)
    cache_dir = cache.mkdir("mypy") if cache is not None else tmp_path_factory.mktemp("mypy")
    stdout, stderr, _ = mypy_api.run(
        [
            "--strict",
            "--no-error-summary",
            "--show-error-codes",
            "--cache-dir",
            str(cache_dir),
            str(CONSUMER),
            str(misuse),
        ]
    )
    assert not stderr, stderr
    return str(stdout)


def test_a_program_using_the_api_as_documented_passes_mypy_strict(mypy_report: str) -> None:
    """The consumer program (custom agents, a host loop, JSON, records) has no mypy error."""
    errors = [line for line in mypy_report.splitlines() if "consumer.py" in line]
    assert errors == []


def test_misuse_of_the_api_is_reported_by_mypy_strict(mypy_report: str) -> None:
    """A str amount, a float price, a str card, a str action, a str seed and a spectator's seat."""
    lines = {int(match.group(1)) for match in re.finditer(r"misuse\.py:(\d+): error", mypy_report)}
    assert lines == EXPECTED_MISUSE_LINES, mypy_report


def test_the_consumer_program_also_runs() -> None:
    """What type-checks also works: the consumer's main() plays, records and replays games."""
    runpy.run_path(str(CONSUMER), run_name="__main__")
