"""Pictures of the game as SVG text: the table, a card, the value board, a turn, tournaments.

>>> import modern_art as ma
>>> from modern_art import svg
>>> state = ma.new_game(["Ann", "Bo", "Cy"], seed=1)
>>> picture = svg.board(state)            # everything: every hand face up
>>> seen = svg.board(ma.view(state, 0))   # what seat 0 may see (R7)
>>> picture.startswith("<svg"), "Ann" in seen
(True, True)

In Jupyter, a cell that ends in a state, a view or a card shows its
picture (``_repr_svg_``). Every picture is plain SVG 1.1 text: no script,
no external reference, a ``viewBox``, and every name escaped and clipped.
Nothing here is imported by ``import modern_art``; the library draws on
request only, and needs no drawing package.
"""

from modern_art.svg._markup import artist_color
from modern_art.svg.board import board, card
from modern_art.svg.charts import curve_chart, money_chart, standings_chart, standings_html
from modern_art.svg.palette import palette_css
from modern_art.svg.turn_flow import turn_flow
from modern_art.svg.value_board import BoardAfterRound, value_board, value_rounds

__all__ = [
    "BoardAfterRound",
    "artist_color",
    "board",
    "card",
    "curve_chart",
    "money_chart",
    "palette_css",
    "standings_chart",
    "standings_html",
    "turn_flow",
    "value_board",
    "value_rounds",
]
