"""Practice aids of a table of one person and bots: undo, and analysis on request.

Neither is offered where more than one person sits: taking a move back or
asking the library's analysis would be an advantage over the others.

**Undo** (:func:`undo`) takes the person back to just before their last
decision (:func:`modern_art.agents.host.last_decision`, the rule
``modern-art play``'s ``u`` uses): that action and everything after it,
the bots' moves and the table's notices, are taken back. The database
deletes those log lines first (:meth:`~modern_art.web.store.Store.rewind`),
so an undone action never comes back after a restart, and the table only
then forgets them. The person's clock starts again, in full; the bots wait
their delay as after any change.

**(decision)** What counts as the person's last decision is the last action
made for their seat, whoever made it: their own click, the clock acting for
them, or the bot that played while they were away (which then gives the seat
back, as acting does). What the person saw meanwhile (a revealed hidden bid, a
bot's offer) they have seen: undo is a practice aid, as in ``modern-art play``.
A finished game is not undone (its record is kept; its replay shows it).

**Analysis** (:class:`Analyst`) runs :func:`modern_art.analyse` on the seat's
own view and the events it was shown, never the state, in a worker process
(one analysis at a time per table, a few in the whole server, shared by
network: one network has at most ``per_network`` running or waiting, so
another network finds a slot), with a sample budget that keeps it around a
second. A worker process ends with the server however the server ends:
it watches its parent (on Linux the kernel kills it when the parent dies,
``PR_SET_PDEATHSIG``; elsewhere it notices within a second).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, TypeAlias

from attrs import evolve

import modern_art as ma
from modern_art.agents.host import last_decision
from modern_art.data.errors import TableError
from modern_art.web.fairness import holdings
from modern_art.web.seats import BOTS
from modern_art.web.tables import GameTable
from modern_art.wire.analysis import analysis_document as written_analysis

__all__ = ["ANALYSIS_SAMPLES", "Analyst", "Asked", "undo"]

Asked: TypeAlias = "tuple[ma.PlayerView, tuple[ma.Event, ...], int]"
"""What :meth:`Analyst.ask` hands :meth:`Analyst.run`: the seat's view, its events, a seed."""

ANALYSIS_SAMPLES = 150
"""The samples of one analysis: about a second of one core (``benchmarks/web_analysis.py``)."""

_TOP_ACTIONS = 5

log = logging.getLogger(__name__)


def _practice_only(table: GameTable, what: str) -> None:
    people = sum(seat.kind == "human" for seat in table.seats)
    if people != 1 or not table.practice:
        raise TableError(
            403,
            f"{what} is a practice aid, offered only at a table of one person and bots;"
            f" this table seats {people} people",
        )


def undo(table: GameTable, seat: int, now: float) -> dict[str, Any]:
    """Take ``seat`` back to just before its last decision; what was taken back.

    Returns:
        ``{"step", "taken", "later"}``: the step the game is back at, the
        decision taken back in the seat's words, and how many actions after
        it went too.

    Raises:
        TableError: 403 at a table of more than one person, 409 when the game
            is over or the seat has decided nothing yet, 503 when the database
            refused (nothing changed).
    """
    _practice_only(table, "undo")
    if table.state.is_over:
        raise TableError(409, "the game is over: nothing is taken back now; watch its replay")
    index = last_decision(table.actions, seat)
    if index is None:
        raise TableError(409, "nothing to take back: you have not decided anything yet")
    names = [p.name for p in table.seats]
    taken = ma.describe(table.actions[index], names=names, you=seat).removesuffix(".")
    later = len(table.actions) - index - 1
    line = _line_of_action(table, index)
    if table.journal is not None:
        table.journal.rewind(table, line)  # first: nothing changes if the database refuses
    del table.log[line:]
    table.host.rewind(index)
    _seats_as_of_log(table)
    table.rendered = {}  # every seat's lines are written again from the shorter log
    table.undos += 1
    table.version += 1
    table.changed = table.touched = now  # not ``moved``: taking back is no progress
    table.missed = [0] * len(table.seats)
    table.due = dict.fromkeys(table.state.to_act, now)  # a full clock for the decision
    if table.seats[seat].away:  # asking for an undo is being back
        table.come_back(seat, now)
    return {"step": table.state.step, "taken": taken, "later": later}


def _line_of_action(table: GameTable, index: int) -> int:
    """The log line of the ``index``-th action (notices are lines too)."""
    seen = -1
    for line, entry in enumerate(table.log):
        if entry.note is None:
            seen += 1
            if seen == index:
                return line
    raise ValueError(f"the log has no action {index}")  # pragma: no cover (log and host agree)


def _seats_as_of_log(table: GameTable) -> None:
    """Who plays each person's seat, as the notices of the kept log say."""
    away = {seat: False for seat, who in enumerate(table.seats) if who.kind == "human"}
    for entry in table.log:
        if entry.note is not None and entry.seat in away:
            away[entry.seat] = entry.note == "away"
    seats = list(table.seats)
    for seat, gone in away.items():
        seats[seat] = evolve(seats[seat], bot=table.bot if gone else None)
        if gone and seat not in table.host.agents:
            table.host.agents[seat] = BOTS[table.bot](table.bot_seed + seat)
        elif not gone:
            table.host.agents.pop(seat, None)
    table.seats = tuple(seats)


class Analyst:
    """Analyses a practice table's decision on request, off the event loop.

    Args:
        samples: the samples of one analysis (:data:`ANALYSIS_SAMPLES`).
        workers: analyses run at once in the whole server.
        waiting: analyses that may wait for a worker; more are refused (503).
        per_network: analyses one network may have running or waiting at once
            (429 beyond: its next one waits for its last).
        processes: run them in worker processes (started on the first
            analysis, with ``spawn``), which are handed only the seat's view
            and events and leave the server's own interpreter free; ``False``
            runs them in worker threads, which share the interpreter's lock.
    """

    def __init__(
        self,
        samples: int = ANALYSIS_SAMPLES,
        *,
        workers: int = 1,
        waiting: int = 4,
        processes: bool = True,
        per_network: int = 1,
    ) -> None:
        if samples < 1 or workers < 1 or waiting < 0 or per_network < 1:
            raise ValueError(
                "samples, workers and per_network must be at least 1, waiting at least 0"
            )
        self.samples = samples
        self.workers = workers
        self.limit = workers + waiting
        self.per_network = per_network
        self.processes = processes
        self._pool: concurrent.futures.Executor | None = None
        self._running: dict[str, str] = {}  # the network asking, by table id

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes:
                context = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=context,
                    initializer=_end_with_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    max_workers=self.workers, thread_name_prefix="modern-art-analysis"
                )
        return self._pool

    def ask(self, table: GameTable, seat: int, network: str = "") -> Asked:
        """Check the request and take what the analysis may see: the seat's view and events.

        ``network`` is the asker's (:class:`~modern_art.web.addresses.Networks`).
        Call under the registry's lock; :meth:`run` then computes without it.

        Raises:
            TableError: 403 at a table of more than one person, 409 when the
                game is over or the seat has no decision to make, 429 while
                this table's last analysis is still running or the network
                has ``per_network`` running or waiting, 503 when the server's
                analyses are all busy.
        """
        _practice_only(table, "analysis")
        if table.state.is_over:
            raise TableError(409, "the game is over: there is no decision to analyse")
        seen = ma.view(table.state, seat)  # the seat's own view: nothing it may not see
        if not seen.legal_actions:
            raise TableError(409, "it is not your decision now: ask when it is")
        if table.id in self._running:
            raise TableError(429, "the analysis of this table is still running", retry_after=1)
        # A copy: the event loop's done callbacks take entries out meanwhile.
        held = holdings(list(self._running.values()), str).get(network, 0)
        if held >= self.per_network:
            raise TableError(
                429,
                "your network's last analysis is still running; ask again when it is done",
                retry_after=1,
            )
        if len(self._running) >= self.limit:
            raise TableError(503, "the server is busy analysing; ask again", retry_after=2)
        self._running[table.id] = network  # released by run()
        events = tuple(table.host.seen(seat))
        return seen, events, table.bot_seed + table.state.step

    async def run(
        self, table_id: str, seen: ma.PlayerView, events: Sequence[ma.Event], seed: int
    ) -> dict[str, Any]:
        """The analysis document of :meth:`ask`'s view, computed by a worker.

        The table's slot is given back when the worker is done, not when the
        request goes: a client that hangs up cannot stack analyses.

        Raises:
            TableError: 500 when the analysis failed (the log has why).
        """
        loop = asyncio.get_running_loop()
        try:
            work = loop.run_in_executor(
                self._executor(), _analyse, seen, tuple(events), self.samples, seed
            )
        except BaseException:
            self._running.pop(table_id, None)
            raise
        work.add_done_callback(lambda _: self._running.pop(table_id, None))
        try:
            report = await asyncio.shield(work)
        except (ValueError, RuntimeError) as err:  # a bug, or a worker killed
            if isinstance(err, concurrent.futures.BrokenExecutor):
                self._pool = None  # the next analysis starts afresh
            log.error("table %s: the analysis failed: %s: %s", table_id, type(err).__name__, err)
            raise TableError(
                500, "the analysis could not be made; the server's log says why"
            ) from None
        return analysis_document(report, seen)

    def close(self) -> None:
        """Stop the workers, once the running analysis is done; the next one starts them again."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _end_with_parent(parent: int) -> None:
    """A worker process's start: end when ``parent`` (the server) ends, however it ends.

    On Linux the kernel sends the worker ``SIGKILL`` when its parent dies
    (``prctl(PR_SET_PDEATHSIG)``); on every system a daemon thread also
    checks once a second that the parent is still there.
    """
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: PLC0415 (Linux only)

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died before the watch began
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="modern-art-parent-watch", daemon=True).start()


def _analyse(
    seen: ma.PlayerView, events: tuple[ma.Event, ...], samples: int, seed: int
) -> ma.Analysis:
    return ma.analyse(seen, samples=samples, seed=seed, events=events)


def analysis_document(report: ma.Analysis, seen: ma.PlayerView) -> dict[str, Any]:
    """The analysis as the page reads it: :mod:`modern_art.wire.analysis`'s document.

    ``step`` is the decision's (an analysis of an older step is stale); each
    action is the library's JSON with ``text``, its sentence; the five best.

    >>> import modern_art as ma
    >>> from modern_art.web.practice import analysis_document
    >>> seen = ma.view(ma.new_game(3, seed=4), 0)
    >>> doc = analysis_document(ma.analyse(seen, samples=4, seed=1, events=()), seen)
    >>> doc["step"], doc["samples"], len(doc["artists"]), sorted(doc["actions"][0])
    (0, 4, 5, ['action', 'money', 'samples', 'stderr', 'text'])
    """
    names = [p.name for p in seen.players]
    return written_analysis(
        report,
        step=seen.step,
        sentence=lambda action: ma.describe(action, names=names, you=report.seat),
        top=_TOP_ACTIONS,
    )
