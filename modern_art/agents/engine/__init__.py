"""Engines in any language: the protocol, an engine process, EngineAgent, the serve loop.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
