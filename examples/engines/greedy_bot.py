"""A Modern Art engine in plain Python (standard library only): the engine protocol, version 1.

It reads the view document to work out what a painting may pay: the sum of
its artist's value tiles, plus the next tile if the artist ranks now. It
bids (or accepts a price) up to half that value, offers its most valuable
artist's card, and passes otherwise. Run it in a match:
``modern-art match random random random "engine:python examples/engines/greedy_bot.py"``.
"""

import json
import sys
from typing import Any


def worth(view: dict[str, Any], artist: str) -> int:
    """What a painting of ``artist`` may pay if the round ended now (its tiles, plus a rank's)."""
    artists = view["rules"]["edition"]["artists"]
    index = artists.index(artist)
    tiles: int = sum(view["tiles"][index])
    ranked = sorted(range(len(artists)), key=lambda a: (-view["counts"][a], a))
    top = [a for a in ranked[: len(view["rules"]["value_tiles"])] if view["counts"][a] > 0]
    if index in top:
        tiles += view["rules"]["value_tiles"][top.index(index)]
    return tiles


def lot_worth(view: dict[str, Any]) -> int:
    """What the lot under auction may pay (0 when nothing is for sale)."""
    lot = view["phase"].get("lot") or []
    return sum(worth(view, card["artist"]) for card in lot)


def choose(view: dict[str, Any], legal: list[str]) -> str:
    """The action to take: offer the best card, bid up to half the lot's worth, else pass."""
    limit = lot_worth(view) // 2
    plays = [a for a in legal if " play " in a]
    if plays:
        hand = {f"#{card['id']}": card["artist"] for card in view["hand"]}
        return max(plays, key=lambda a: worth(view, hand[a[a.index("#") :]]))
    bids = [a for a in legal if " bid " in a or " price " in a]
    affordable = [a for a in bids if int(a.split()[-1]) <= max(limit, 0)]
    if affordable:
        return max(affordable, key=lambda a: int(a.split()[-1]))
    if limit > 0:
        accepts = [a for a in legal if a.endswith(" accept")]
        if accepts:
            return accepts[0]
    passes = [a for a in legal if a.endswith(" pass")]
    return (passes or bids or legal)[0]


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message["type"] == "hello":
            answer: dict[str, Any] = {
                "type": "ready",
                "name": "greedy-py",
                "author": "modern-art examples",
            }
        elif message["type"] == "act":
            action = choose(message["view"], message["legal"])
            answer = {"type": "action", "step": message["step"], "action": action}
        elif message["type"] == "quit":
            return
        else:  # events, result, and types of later versions
            continue
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
