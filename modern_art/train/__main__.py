"""``python -m modern_art.train``: the same as ``modern-art train``."""

from modern_art.train.command import main

raise SystemExit(main())
