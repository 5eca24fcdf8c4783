"""The wire layer: JSON documents, the converter that reads and writes them, and their schema.

:func:`~modern_art.to_json` and :func:`~modern_art.from_json` on a cattrs
converter that trusts nothing it reads, and :func:`~modern_art.json_schema`
made from the same classes. JSON is the stable format: documents carry
their ``"format"``. This is the one layer that imports cattrs.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
