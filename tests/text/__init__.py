"""Tests of the text layer."""
