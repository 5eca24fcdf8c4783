"""A newcomer's first steps: install hints that work from a clone, every extra documented."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "optional-dependencies"
]


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_importing_the_testing_kit_without_hypothesis_says_how_to_install_it() -> None:
    """Without Hypothesis, import modern_art.testing fails with the clone's install command."""
    result = _python("import sys; sys.modules['hypothesis'] = None; import modern_art.testing")
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: modern_art.testing needs Hypothesis")
    assert "pip install -e '.[testing]'" in last and "pip install 'modern-art[testing]'" in last


def test_the_command_without_rich_says_how_to_install_it_from_a_clone() -> None:
    """Without rich, modern-art exits 1 naming the cli extra's install command from a clone."""
    result = _python(
        "import sys; sys.modules['rich'] = None\n"
        "from modern_art.cli import main\n"
        "sys.exit(main(['rules']))"
    )
    assert result.returncode == 1
    assert "pip install -e '.[cli]'" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_installation_page_lists_every_extra() -> None:
    """Each extra of pyproject.toml has a row in the installation page's extras table."""
    page = (ROOT / "docs" / "installation.rst").read_text(encoding="utf-8")
    rows = set(re.findall(r"(?m)^   \* - ``([\w-]+)``$", page))
    assert rows == set(EXTRAS)


def test_every_published_install_hint_comes_with_the_command_for_a_clone() -> None:
    """Wherever the docs say pip install 'modern-art[X]', they also give pip install -e '.[X]'."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.rst"))]
    pages += sorted((ROOT / "modern_art").rglob("*.py"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for extra in re.findall(r"pip install 'modern-art\[([\w,-]+)\]'", text):
            assert f"pip install -e '.[{extra}]'" in text, f"{page.name}: {extra}"
            assert extra in EXTRAS
