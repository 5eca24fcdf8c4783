"""The artists' colours as CSS, for the two pages: the colours of the pictures.

Both the service (``/static/palette.css``) and the static site's build
(``palette.css`` beside its page) write this one text, so a card on either
page has the colour its artist has in :mod:`modern_art.svg`'s pictures.

>>> import modern_art as ma
>>> from modern_art.svg import artist_color
>>> artists = ma.preset("cmon").edition.artists
>>> f"--artist-0: {artist_color(artists[0], artists)};" in palette_css()
True
"""

from __future__ import annotations

from modern_art.svg._markup import artist_color

__all__ = ["palette_css"]

_BOARD = tuple(f"artist {i}" for i in range(7))
# The colours go by board position alone, so any names of the right length do.


def palette_css() -> str:
    """The stylesheet that sets ``--artist-0`` to ``--artist-6``, in board order (R1.3)."""
    rules = "".join(f"  --artist-{i}: {artist_color(a, _BOARD)};\n" for i, a in enumerate(_BOARD))
    head = "/* The artists' colours by board position: modern_art.svg.artist_color's. */"
    return f"{head}\n:root {{\n{rules}}}\n"
