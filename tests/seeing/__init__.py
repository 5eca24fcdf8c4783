"""Tests of the seeing layer."""
