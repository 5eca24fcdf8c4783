"""``python -m modern_art``: the ``modern-art`` command."""

import sys

from modern_art.cli import main

if __name__ == "__main__":
    sys.exit(main())
