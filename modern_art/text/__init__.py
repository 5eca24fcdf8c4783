"""The text layer: the game in words, as a person reads and types it.

The action notation, plain-English sentences for actions and events, the
compact board that ``str(state)`` prints, positions, the :func:`~modern_art.setup`
builder, rules in one line, and game records like chess's PGN, with the
lexer they share. The formats it writes (notation, positions, records) it
reads back, trusting nothing.

It hands nothing on: the public names are in :mod:`modern_art`.
"""
