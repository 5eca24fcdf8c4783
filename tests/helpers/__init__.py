"""Shared helpers of the test suite: one home, imported as ``tests.helpers.x``."""
