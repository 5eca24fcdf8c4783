"""How to install an optional extra: the one sentence each message about a missing extra ends with.

>>> clone, published = install_hint("ray").split("; ")
>>> clone
"from a clone of the repository, pip install -e '.[ray]'"
>>> published
"once published, pip install 'modern-art[ray]'"
"""

from __future__ import annotations

__all__ = ["install_hint"]


def install_hint(extra: str) -> str:
    """How to install the extra named ``extra``: from a clone, or once the package is published."""
    return (
        f"from a clone of the repository, pip install -e '.[{extra}]';"
        f" once published, pip install 'modern-art[{extra}]'"
    )
