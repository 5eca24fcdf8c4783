"""A picture of one turn: from offering a card to the next auctioneer (R2-R6).

The boxes name the library's phases (``Offering``, ``DoubleOffer``, the four
auctions) and the rules that move play between them.
"""

from __future__ import annotations

from attrs import frozen

from modern_art.data.cards import Auction
from modern_art.svg._markup import document, text

__all__ = ["turn_flow"]

_PHASE = "#7aa7e0"
_END = "#e0a526"
_STEP = "#9aa5b1"


@frozen
class _Box:
    x: int
    y: int
    w: int
    h: int
    lines: tuple[str, ...]
    color: str

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def right(self) -> int:
        return self.x + self.w


def _auction_names() -> str:
    kinds = [a for a in Auction if a is not Auction.DOUBLE]
    return ", ".join(a.label for a in kinds)


def _boxes() -> dict[str, _Box]:
    return {
        "offer": _Box(
            40, 12, 330, 46, ("Offering", "the auctioneer offers a card (R2.1)"), _PHASE
        ),
        "fifth": _Box(
            40, 88, 330, 46, ("Fifth of its artist this round,", "or every hand empty?"), _STEP
        ),
        "end": _Box(
            420,
            80,
            250,
            70,
            (
                "Round ends (R6.1, R6.2)",
                "rank, tiles, sale (R6.3-R6.5); the next",
                "round starts left of the ender (R6.7)",
            ),
            _END,
        ),
        "double": _Box(40, 164, 330, 46, ("A double card?",), _STEP),
        "second": _Box(
            420,
            178,
            250,
            78,
            (
                "DoubleOffer",
                "auctioneer, then each player",
                "clockwise, may add a second",
                "card of the artist (R5.1, R5.2)",
            ),
            _PHASE,
        ),
        "free": _Box(
            420, 300, 250, 46, ("Nobody adds: the double's", "player takes it free (R5.5)"), _STEP
        ),
        "auction": _Box(
            40,
            240,
            330,
            62,
            (
                "Auction of the card's kind (R4)",
                _auction_names(),
                "a pair: the second card's kind",
            ),
            _PHASE,
        ),
        "sold": _Box(
            40,
            332,
            330,
            46,
            ("Sold: the buyer pays (R3.3)", "or nobody bids: free (R3.4)"),
            _STEP,
        ),
        "next": _Box(
            40,
            408,
            330,
            46,
            (
                "Next auctioneer: left of the auctioneer",
                "(R2.4, R5.4), empty hands skipped (R2.3)",
            ),
            _STEP,
        ),
    }


def _box_svg(box: _Box) -> str:
    parts = [
        f'<rect x="{box.x}" y="{box.y}" width="{box.w}" height="{box.h}" rx="7"'
        f' fill="{box.color}" fill-opacity="0.22" stroke="{box.color}" stroke-width="1.5"/>'
    ]
    top = box.y + box.h / 2 - (len(box.lines) - 1) * 8 + 4
    for i, line in enumerate(box.lines):
        weight = ' font-weight="bold"' if i == 0 else ""
        parts.append(
            f'<text x="{box.cx}" y="{top + i * 16}" text-anchor="middle"{weight}>'
            f"{text(line, 80)}</text>"
        )
    return "".join(parts)


def _arrow(points: list[tuple[float, float]], label: str = "", at: int = 0) -> str:
    path = " ".join(f"{x},{y}" for x, y in points)
    parts = [
        f'<polyline points="{path}" fill="none" stroke="currentColor" stroke-width="1.3"'
        ' marker-end="url(#turn-flow-arrow)"/>'
    ]
    if label:
        (x1, y1), (x2, y2) = points[at], points[at + 1]
        parts.append(
            f'<text x="{(x1 + x2) / 2 + 6}" y="{(y1 + y2) / 2 - 4}" font-size="11"'
            f' font-style="italic">{text(label, 80)}</text>'
        )
    return "".join(parts)


def turn_flow() -> str:
    """One turn as an SVG picture; text in ``currentColor`` follows the page's theme.

    >>> from modern_art import svg
    >>> "DoubleOffer" in svg.turn_flow()
    True
    """
    b = _boxes()
    width, height = 690, 470
    parts = [
        '<defs><marker id="turn-flow-arrow" viewBox="0 0 10 10" refX="9" refY="5"'
        ' markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs>',
    ]
    parts += [_box_svg(box) for box in b.values()]
    off, fifth, end, dbl = b["offer"], b["fifth"], b["end"], b["double"]
    second, free, auc, sold, nxt = b["second"], b["free"], b["auction"], b["sold"], b["next"]
    parts += [
        _arrow([(off.cx, off.bottom), (fifth.cx, fifth.y)]),
        _arrow([(fifth.right, fifth.y + 23), (end.x, fifth.y + 23)], "yes"),
        _arrow([(fifth.cx, fifth.bottom), (dbl.cx, dbl.y)], "no"),
        _arrow(
            [
                (dbl.right, dbl.y + 23),
                (second.x - 20, dbl.y + 23),
                (second.x - 20, second.y + 20),
                (second.x, second.y + 20),
            ],
            "yes",
        ),
        _arrow([(dbl.cx, dbl.bottom), (auc.cx, auc.y)], "no"),
        _arrow([(second.cx, second.y), (second.cx, end.bottom)], "added, and a fifth (R5.7)"),
        _arrow([(second.x, second.bottom - 14), (auc.right, second.bottom - 14)], "added"),
        _arrow([(second.cx, second.bottom), (free.cx, free.y)]),
        _arrow([(free.cx, free.bottom), (free.cx, nxt.y + 23), (nxt.right, nxt.y + 23)]),
        _arrow([(auc.cx, auc.bottom), (sold.cx, sold.y)]),
        _arrow([(sold.cx, sold.bottom), (nxt.cx, nxt.y)]),
        _arrow([(nxt.x, nxt.y + 23), (18, nxt.y + 23), (18, off.y + 23), (off.x, off.y + 23)]),
    ]
    label = (
        "One turn: a card is offered; a fifth painting or an empty table ends the round;"
        " a double card may get a second card; the lot is auctioned and sold; the next"
        " auctioneer is on the left."
    )
    return document(width, height, label, "".join(parts), 12.5)
