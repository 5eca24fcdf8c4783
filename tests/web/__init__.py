"""Tests of the web table, the service of ``modern_art/web/``, and its page."""
