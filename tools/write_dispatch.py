"""Write ``modern_art/core/dispatch.py`` from the phase table: ``python tools/write_dispatch.py``.

Run it after changing a room's row or ``phase_table.COMMONEST_FIRST``;
``tests/core/test_phase_table.py`` fails until the module is rewritten.
"""

from __future__ import annotations

from pathlib import Path

from modern_art.core.phase_table import dispatch_source

TARGET = Path(__file__).resolve().parent.parent / "modern_art" / "core" / "dispatch.py"


def main() -> None:
    """Write the dispatch module and say so."""
    TARGET.write_text(dispatch_source(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
