"""Tests of the svg layer."""
