"""Tests of the frameworks layer."""
