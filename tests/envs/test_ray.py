"""Tournaments on a local Ray instance give exactly the results played here.

Needs the ``ray`` extra (``pip install -e '.[ray]'``): skipped with the
reason without it, failed instead when ``CI`` is set (``.ci/run`` installs
it). Starting Ray takes about 6 s on a 2-core machine, so the module starts
it once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.cli import main
from tests.helpers.webkit import need

need("ray", "the ray extra: pip install -e '.[ray]'")

from modern_art.scale import RayExecutor, ray_executor  # noqa: E402

LINEUP: list[ma.AgentFactory] = [ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent]


@pytest.fixture(scope="module")
def ray() -> Iterator[RayExecutor]:
    """A local Ray instance of two CPUs, started for this module."""
    with ray_executor(num_cpus=2, include_dashboard=False) as executor:
        yield executor


def test_the_same_tournament_in_process_in_a_process_pool_and_on_ray(
    tmp_path: Path, ray: RayExecutor
) -> None:
    """One 40-game tournament gives identical standings and records wherever it is played."""
    here = ma.tournament(LINEUP, 40, seed=9, records=tmp_path / "here.jsonl")
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = ma.tournament(LINEUP, 40, seed=9, executor=pool, records=tmp_path / "pool.jsonl")
    on_ray = ma.tournament(LINEUP, 40, seed=9, executor=ray, records=tmp_path / "ray.jsonl")
    assert pooled == here and on_ray == here
    records = (tmp_path / "here.jsonl").read_bytes()
    assert records.count(b"\n") == 40
    assert (tmp_path / "pool.jsonl").read_bytes() == records
    assert (tmp_path / "ray.jsonl").read_bytes() == records


def test_ray_executor_passes_errors_and_lambdas_through(ray: RayExecutor) -> None:
    """A task's exception keeps its type, and Ray's serializer sends lambdas in the lineup."""
    with pytest.raises(ZeroDivisionError):
        ray.submit(divmod, 1, 0).result(timeout=60)
    lineup: list[ma.AgentFactory] = [lambda seed: ma.RandomAgent(seed=seed)] * 3
    assert ma.tournament(lineup, 6, executor=ray) == ma.tournament([ma.RandomAgent] * 3, 6)


def test_simulate_backend_ray_gives_the_local_standings(
    capsys: pytest.CaptureFixture[str], ray: RayExecutor
) -> None:
    """modern-art simulate --backend ray (on the running instance) prints the local standings."""
    args = ["simulate", "--bots", "heuristic,random,random", "--games", "6", "--json"]
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)["standings"]
    assert main([*args, "--backend", "ray"]) == 0
    assert json.loads(capsys.readouterr().out)["standings"] == local
