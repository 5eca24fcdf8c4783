"""Tournaments beyond one machine: a ``concurrent.futures`` executor backed by Ray.

:func:`modern_art.tournament` plays its games on any
``concurrent.futures.Executor``; this module adapts Ray to that interface
(install the ``ray`` extra: ``pip install -e '.[ray]'`` from a clone,
``pip install 'modern-art[ray]'`` once published). Dask needs no
adapter: a ``dask.distributed.Client``'s ``get_executor()`` is one already.
``import modern_art`` does not import this module, nor Ray.

>>> from concurrent.futures import Executor
>>> issubclass(RayExecutor, Executor)
True
"""

from __future__ import annotations

import concurrent.futures
import importlib
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

from modern_art.data.extras import install_hint

__all__ = ["RayExecutor", "ray_executor"]

P = ParamSpec("P")
T = TypeVar("T")


def _call(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Run on a Ray worker: the task ``submit`` was given (Ray wants plain functions)."""
    return fn(*args, **kwargs)


class RayExecutor(Executor):
    """A ``concurrent.futures.Executor`` whose tasks run as Ray tasks.

    Make one with :func:`ray_executor`. ``submit`` sends the function and its
    arguments with Ray's serializer (``cloudpickle``, so lambdas work too) and
    returns a ``concurrent.futures.Future``; cancelling a future cancels its
    Ray task. ``shutdown`` disconnects from Ray only if this executor
    connected.
    """

    def __init__(self, ray: Any, owns_ray: bool, task_options: Mapping[str, Any]) -> None:
        self._ray = ray
        self._owns_ray = owns_ray
        remote = ray.remote(_call)
        self._remote = remote.options(**task_options) if task_options else remote
        self._pending: dict[Future[Any], Any] = {}
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future.

        Raises:
            RuntimeError: the executor was shut down.
        """
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a RayExecutor after shutdown")
            ref = self._remote.remote(fn, args, kwargs)
            future: Future[T] = ref.future()
            self._pending[future] = ref
        future.add_done_callback(self._finished)
        return future

    def _finished(self, future: Future[Any]) -> None:
        with self._lock:
            ref = self._pending.pop(future, None)
        if future.cancelled() and ref is not None:
            self._ray.cancel(ref)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop taking tasks; cancel or wait for the pending ones; disconnect if connected here."""
        with self._lock:
            self._closed = True
            pending = list(self._pending)
        if cancel_futures:
            for future in pending:
                future.cancel()
        if wait:
            concurrent.futures.wait(pending)
        if self._owns_ray and self._ray.is_initialized():
            self._ray.shutdown()


def ray_executor(
    address: str | None = None,
    *,
    task_options: Mapping[str, Any] | None = None,
    **init_options: Any,
) -> RayExecutor:
    """An executor that plays games on Ray: a cluster at ``address``, or one started here.

    If Ray is already initialised in this process, its connection is used
    (and ``address`` and ``init_options`` are ignored); otherwise
    ``ray.init(address, **init_options)`` connects, or starts a local Ray
    instance when ``address`` is ``None`` and no cluster is running. Use the
    executor in a ``with`` block, or call ``shutdown()``, to disconnect.

    Args:
        address: a Ray cluster's address, such as ``"auto"``,
            ``"ray://head:10001"``, or ``None`` for a local instance.
        task_options: options for every task, as for Ray's ``.options()``
            (``{"num_cpus": 1}`` is Ray's default).
        **init_options: passed to ``ray.init``, such as ``num_cpus=2``, or a
            ``runtime_env`` that ships this package to a cluster's workers.

    Raises:
        ImportError: Ray is not installed (``pip install -e '.[ray]'`` from a
            clone, ``pip install 'modern-art[ray]'`` once published).

    Example (not run here, as starting Ray takes seconds)::

        from modern_art.scale import ray_executor
        with ray_executor() as executor:
            result = ma.tournament(lineup, 10_000, executor=executor, records="games.jsonl")
    """
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as exc:
        raise ImportError(
            f"modern_art.scale.ray_executor needs Ray ({exc}): {install_hint('ray')}"
        ) from None
    owns_ray = not ray.is_initialized()
    if owns_ray:
        ray.init(address, **init_options)
    return RayExecutor(ray, owns_ray, dict(task_options or {}))
