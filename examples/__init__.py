"""Small programs built on :mod:`modern_art` that a user can read, run and copy.

Each example is a package run with ``python -m examples.<name>`` from a clone
of the repository.
"""
