"""The benchmarks' plain reference engine plays the library's very games (a fair yardstick)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import modern_art as ma

ROOT = Path(__file__).resolve().parents[2]


def _reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference", ROOT / "benchmarks/reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [3, 4, 5])
def test_R8_2_the_reference_engine_ends_each_game_as_the_library(players: int) -> None:
    """Same deal, same draws, same rules: the same length, money and tiles, 200 games a count."""
    reference = _reference()
    for seed in range(200):
        game = reference.random_game(players, seed)
        end = ma.playout(ma.new_game(players, seed=seed), seed=seed)
        assert (game.steps, game.money) == (end.step, [p.money for p in end.players]), seed
        assert [tuple(t) for t in game.tiles] == list(end.tiles)
    listed = reference.listed_game(players, 7)
    game = reference.random_game(players, 7)
    assert (listed.steps, listed.money) == (game.steps, game.money)
