"""Tests of the faces layer."""
