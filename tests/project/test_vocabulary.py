"""One vocabulary: each test folder bears the name of the source folder whose code it tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BESIDE = {"helpers", "project"}
"""Test folders that test no one source folder: shared helpers, the project as a whole."""


def _folders(root: Path) -> set[str]:
    return {
        path.name
        for path in root.iterdir()
        if path.is_dir() and (path / "__init__.py").exists() and path.name != "__pycache__"
    }


def test_every_test_folder_names_a_source_folder_and_every_source_folder_has_one() -> None:
    sources = _folders(ROOT / "modern_art")
    tests = _folders(ROOT / "tests") - BESIDE
    assert tests == sources, (
        f"test folders with no source folder: {sorted(tests - sources)};"
        f" source folders with no test folder: {sorted(sources - tests)}"
    )


def test_the_contributing_guide_names_every_test_folder() -> None:
    guide = (ROOT / "docs" / "contributing.rst").read_text(encoding="utf-8")
    for name in _folders(ROOT / "tests"):
        assert f"``tests/{name}``" in guide or f"``tests/{name}/``" in guide, name
