"""Tests of the players layer."""
