"""The web tests' skip helper: any import failure skips with its reason, or fails under CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.webkit import need

ONE_STORE = True  # about the skip helper, not a store (tests/web/conftest.py)


@pytest.fixture
def broken_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module that raises RuntimeError when imported, as Starlette's test client does."""
    (tmp_path / "broken_client.py").write_text(
        'raise RuntimeError("needs the httpx2 package\\n  pip install httpx2")\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_client", raising=False)
    return "broken_client"


def test_need_skips_when_a_module_raises_runtime_error_on_import(
    broken_module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A RuntimeError at import is a skip naming the module, the error and the install command."""
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        need(broken_module)
    reason = str(skipped.value)
    assert "broken_client is not importable (RuntimeError: needs the httpx2 package)" in reason
    assert "pip install -e '.[test-web]'" in reason


def test_need_fails_under_ci_instead_of_skipping(
    broken_module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With CI set, the same failure fails the test run, so a broken install cannot pass."""
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        need(broken_module)


def test_need_skips_a_missing_module_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module that does not exist is a skip saying ModuleNotFoundError."""
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="ModuleNotFoundError"):
        need("no_such_module_for_modern_art")


def test_a_skip_is_reported_at_the_skipped_module_not_at_the_helper(tmp_path: Path) -> None:
    """pytest -ra names the test module's own line for a missing extra, never webkit.py."""
    import os
    import subprocess

    root = Path(__file__).resolve().parents[2]
    module = tmp_path / "test_needs_absent.py"
    module.write_text(
        "from tests.helpers.webkit import need\n"
        "\n"
        "need('no_such_module_for_this_test', 'pip install nothing')\n"
        "\n"
        "def test_never() -> None:\n"
        "    pass\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("CI", None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-ra", "-p", "no:cacheprovider", str(module)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    skipped = [line for line in result.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == 1, result.stdout
    assert "test_needs_absent.py:3:" in skipped[0]
    assert "webkit.py" not in skipped[0]


def test_modern_art_chromium_names_another_chromium_and_the_skip_says_so(tmp_path: Path) -> None:
    """Issue 37, item 9: the browser tests need not find Chromium at /usr/bin/chromium."""
    elsewhere = tmp_path / "chrome"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tests.helpers import webkit; print(webkit.CHROMIUM); print(webkit.NO_CHROMIUM)",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "MODERN_ART_CHROMIUM": str(elsewhere)},
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
        check=True,
    )
    chromium, why = done.stdout.splitlines()
    assert chromium == str(elsewhere)
    assert why.startswith(f"{elsewhere} is missing") and "MODERN_ART_CHROMIUM" in why
