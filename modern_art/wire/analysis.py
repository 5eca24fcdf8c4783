"""The analysis document: what :func:`~modern_art.analyse` found, as JSON, for every face.

``modern-art analyse --json`` prints it and a practice table of the service
answers ``GET /api/tables/<table>/analysis`` with it; its schema is
``ma.json_schema("analysis")``. It is written, never read back: an analysis
is an estimate to show, not a value to play from.

>>> import modern_art as ma
>>> from modern_art.wire.analysis import analysis_document
>>> seen = ma.view(ma.new_game(3, seed=4), 0)
>>> report = ma.analyse(seen, samples=4, seed=1, events=())
>>> doc = analysis_document(report, step=seen.step, sentence=ma.describe)
>>> doc["type"], doc["step"], doc["samples"], len(doc["artists"]), sorted(doc["actions"][0])
('Analysis', 0, 4, 5, ['action', 'money', 'samples', 'stderr', 'text'])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from modern_art.data.actions import Action
from modern_art.wire.documents import FORMAT, to_json

if TYPE_CHECKING:
    # Only the type: the analysis is the search's (the players layer, above this one).
    from modern_art.agents.search.analysis import Analysis

__all__ = ["ACTION_FIELDS", "ANALYSIS_TYPE", "ARTIST_FIELDS", "FIELDS", "analysis_document"]

ANALYSIS_TYPE: Final = "Analysis"
"""The document's ``"type"``."""

FIELDS: Final[dict[str, Any]] = {"seat": int, "samples": int, "step": int}
"""The document's own fields beside ``"artists"`` and ``"actions"``, with their types."""

ARTIST_FIELDS: Final[dict[str, Any]] = {
    "artist": str,
    "p_rank": tuple[float, ...],
    "value": float,
    "stderr": float,
    "exact": bool,
}
"""Each artist's outlook (:class:`~modern_art.ArtistOutlook`'s fields), as written."""

ACTION_FIELDS: Final[dict[str, Any]] = {
    "action": Action,
    "text": str,
    "money": float,
    "stderr": float,
    "samples": int,
}
"""Each graded action: the action's own document, a sentence, and its value's fields."""


def analysis_document(
    report: Analysis,
    *,
    step: int,
    sentence: Callable[[Action], str],
    top: int | None = None,
) -> dict[str, Any]:
    """The analysis as a JSON object: each artist's outlook, the seat's best actions.

    Args:
        report: what :func:`~modern_art.analyse` found.
        step: the step of the decision analysed (an analysis of an older step is stale).
        sentence: each action in words (``ma.describe`` with the table's names, say).
        top: the most actions to write, best first; all of them if ``None``.

    Returns:
        A document of ``"format"`` :data:`~modern_art.FORMAT` and ``"type"``
        ``"Analysis"``, each action the library's JSON of it.
    """
    return {
        "format": FORMAT,
        "type": ANALYSIS_TYPE,
        "step": step,
        "seat": report.seat,
        "samples": report.samples,
        "artists": [
            {
                "artist": o.artist,
                "p_rank": list(o.p_rank),
                "value": o.value,
                "stderr": o.stderr,
                "exact": o.exact,
            }
            for o in report.artists
        ],
        "actions": [
            {
                "action": json.loads(to_json(v.action)),
                "text": sentence(v.action),
                "money": v.money,
                "stderr": v.stderr,
                "samples": v.samples,
            }
            for v in report.actions[:top]
        ],
    }
