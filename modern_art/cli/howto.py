"""How to play Modern Art on one screen: ``modern-art rules --summary`` and ``r`` in a game.

The summary is written from a :class:`~modern_art.Rules`, so its numbers
(money, tiles, rounds, deals) are those of the preset asked for; each line
names the rules it sums up (docs: the rules reference).
"""

from __future__ import annotations

from modern_art.data.rules import Rules

__all__ = ["SUMMARY", "summary"]


def summary(rules: Rules) -> str:
    """The game in at most 24 lines of at most 80 characters, for ``rules``."""
    first, second, third = (*rules.value_tiles, 0, 0, 0)[:3]
    deals = ", ".join(
        f"{rules.deals(n)[0]} with {n}" for n in range(rules.min_players, rules.max_players + 1)
    )
    money = "Everyone's money is public" if rules.open_money else "Money is kept secret"
    lines = [
        "MODERN ART: how to play (the rules in full: the docs' rules reference)",
        "",
        f"Goal: the most money after {rules.rounds} rounds (R8). Each starts with"
        f" {rules.starting_money};",
        f"{money}. Cards dealt: {deals} players",
        "(R1.4), and more before later rounds (R6.6).",
        "On your turn offer a painting from your hand; its symbol picks the auction",
        "(R2.1):",
        "  open: anyone raises, any time; the highest bid wins (R4.1)",
        "  one-offer: each bids once or passes, clockwise, the auctioneer last (R4.2)",
        "  hidden: everyone seals a bid at once; the highest wins (R4.3)",
        "  fixed price: you name a price; the first to accept buys; if nobody does,",
        "    you buy it yourself (R4.4)",
        "  double: add a second painting of that artist, sold together; if you do not,",
        "    the next player may, and runs the auction (R5)",
        "The buyer pays the auctioneer; an auctioneer who buys their own lot pays the",
        "bank (R3.3). Nobody bids more than they hold (R3.1).",
        "The round ends at once when an artist's 5th painting is offered: it is not",
        "sold (R6.1). The artists offered most are ranked; the top three get tiles",
        f"of {first}, {second} and {third} (R6.3, R6.4).",
        "Then every painting you bought this round is sold to the bank: a top-three",
        "artist's painting pays all of that artist's tiles, this round's and earlier",
        "ones'; any other pays nothing (R6.5). Hands are kept; museums are emptied.",
        "So: buy cheap what will rank high, sell dear what others need, and watch",
        "the counts: the 5th painting of an artist ends the round.",
    ]
    return "\n".join(lines)


SUMMARY = summary(Rules())
"""The summary under the default (CMON) rules."""
