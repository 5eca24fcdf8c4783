"""Tests of the faces: the ``modern-art`` command (``modern_art/cli/``) and the web table."""
