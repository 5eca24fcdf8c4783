"""The wire layer: the JSON converter, the documents and their schema. The only importer of cattrs.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
