"""Tests of the kit layer."""
