"""Tests of the engine in the browser, the static site of ``modern_art/site/``."""
