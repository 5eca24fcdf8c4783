"""Tests of the data layer."""
