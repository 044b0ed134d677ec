"""Where a batch's tasks run: in this process, a local process pool, or a Dask cluster.

Every engine takes picklable zero-argument callables (module-level functions or
``functools.partial`` of them, each returning a JSON-able record) and yields
``(position, outcome)`` as tasks finish, in any order: the outcome is the task's
record, or the exception that kept it from returning one (a worker that died).

* ``jobs == 1`` and no scheduler: one after the other, here.
* ``jobs > 1``: a ``ProcessPoolExecutor`` of fresh interpreters ("spawn": CUDD's
  state is never forked).  Workers start with SIGINT blocked and then
  ignored, so Ctrl-C reaches this process alone: pending tasks are cancelled, the
  workers terminated, and the KeyboardInterrupt goes on to the caller.  While the
  workers start and while the pool shuts down, a Ctrl-C is held back and raised
  when that step ends (it is never lost, and the pool is never left half shut; during
  the shutdown it ends the workers at once).  On Linux a worker also dies with the
  process that started it, however that ends.  Each worker gets 1/jobs of the
  memory budget (``--memory`` / ``ZALG_MEMORY``) and this process's heartbeat, set in
  the worker by ``zalg.configure``.
* ``scheduler``: a running Dask scheduler (``distributed.Client(address)``); its
  workers need zalg installed.  Connection problems are a UserError.

Close the iterator (``contextlib.closing``) if you stop early: that cancels what
is still running.
"""
from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, Union

import zalg
from zalg.memory import default_budget
from zalg.progress import heartbeat_seconds

from .cli import UserError

__all__ = ["completed", "Task", "Outcome"]

#: a picklable zero-argument callable that returns a JSON-able record
Task = Callable[[], dict]
#: the record, or the exception that kept a task from returning one
Outcome = Union[dict, BaseException]


def completed(tasks: Sequence[Task], jobs: int = 1,
              scheduler: str | None = None) -> Iterator[tuple[int, Outcome]]:
    """``(position, outcome)`` for every task, as they finish (see the module)."""
    if scheduler is not None:
        return _on_dask(tasks, scheduler)
    if jobs <= 1 or len(tasks) <= 1:
        return _here(tasks)
    workers = min(jobs, len(tasks))
    return _on_pool(tasks, workers, _worker_budget(workers))  # checked before anything runs


def _here(tasks: Sequence[Task]) -> Iterator[tuple[int, Outcome]]:
    for i, task in enumerate(tasks):
        yield i, task()


def _result(future) -> Outcome:
    try:
        return future.result()
    except Exception as exc:  # the worker died, or the cluster lost the task
        return exc


# ---- a local process pool ------------------------------------------------------------------

def _on_pool(tasks: Sequence[Task], workers: int, budget: int) -> Iterator[tuple[int, Outcome]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_start,
                               initargs=(budget, heartbeat_seconds(), os.getpid()))
    futures: dict = {}
    finished = False
    try:
        with _sigint_deferred(children=True):  # workers start during submit
            for i, task in enumerate(tasks):
                futures[pool.submit(task)] = i
        for future in as_completed(futures):
            yield futures[future], _result(future)
        finished = True
    finally:
        _close(pool, futures, finished)


#: the memory one pool worker needs before any work (a fresh interpreter with zalg, its
#: extensions, the genres and CUDD loaded, one small board of each genre solved: about
#: 140 MB resident, measured)
WORKER_MINIMUM = 160 << 20


def _worker_budget(workers: int) -> int:
    """Each worker's share of this run's memory budget (bytes); a UserError when the
    budget cannot hold that many workers."""
    try:
        total = default_budget()
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if total // workers < WORKER_MINIMUM:
        most = max(1, total // WORKER_MINIMUM)
        raise UserError(f"--jobs {workers}: each worker needs about {WORKER_MINIMUM >> 20} MB "
                        f"and the memory budget ({total >> 20} MB) holds {most}; use --jobs "
                        f"{most} or a larger --memory")
    return total // workers


def _worker_start(budget: int, heartbeat: float, parent: int) -> None:
    """In each pool worker: Ctrl-C is the parent's business; end with the parent; this
    worker's budget and the parent's heartbeat."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(parent)
    zalg.configure(memory=budget, heartbeat=heartbeat)


def _die_with(parent: int) -> None:
    """Linux: this process gets SIGKILL when ``parent`` (the process that started it)
    ends, however it ends, so that no worker outlives an interrupted program."""
    if not sys.platform.startswith("linux"):
        return
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before the request was made
        os._exit(1)


@contextmanager
def _sigint_deferred(children: bool = False,
                     on_signal: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold a Ctrl-C back until this ends, then hand it to the handler it was meant for
    (a KeyboardInterrupt); ``on_signal()`` runs when it arrives.  With ``children``,
    processes started meanwhile ignore SIGINT from their first instruction: it is
    blocked in this thread, and the mask survives exec.

    The signal is recorded, never ignored: while this thread blocks it, Linux hands a
    process-wide SIGINT to any other thread of the process (numpy's OpenBLAS threads),
    and an ignored disposition there would drop it for good.  An inherited "ignore"
    (``nohup``, a background job) is kept: nothing is held back then."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
        yield
        return
    received: list[int] = []

    def record(signum, frame) -> None:
        received.append(signum)
        if on_signal is not None:
            on_signal()

    previous = signal.signal(signal.SIGINT, record)
    block = children and hasattr(signal, "pthread_sigmask")
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if block else None
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a pending one is recorded
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)
        if received and callable(previous):
            previous(signal.SIGINT, None)


def _close(pool, futures: dict, finished: bool) -> None:
    """Shut the pool down: when every task is done, let the workers leave; otherwise,
    or on a Ctrl-C meanwhile, end them at once.  Then release the pool's semaphores
    now (its queues sit in reference cycles): a release cut short by Ctrl-C at exit
    leaves semaphores that multiprocessing's resource tracker reports as leaked."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    with _sigint_deferred(on_signal=partial(_terminate, workers)):
        if not finished:
            for future in futures:
                future.cancel()
            _terminate(workers)
        pool.shutdown(wait=True, cancel_futures=not finished)
        gc.collect()


def _terminate(workers: list) -> None:
    """End the worker processes at once (SIGTERM)."""
    for process in workers:
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):  # gone already
            pass


# ---- a Dask cluster ------------------------------------------------------------------------

def _on_dask(tasks: Sequence[Task], address: str) -> Iterator[tuple[int, Outcome]]:
    """Connects at once (a UserError before anything runs), then runs the tasks there."""
    return _dask_results(_connect(address), tasks)


def _dask_results(client, tasks: Sequence[Task]) -> Iterator[tuple[int, Outcome]]:
    keys: dict = {}
    finished = False
    try:
        futures = []
        for i, task in enumerate(tasks):
            future = client.submit(task, pure=False)
            keys[future.key] = i
            futures.append(future)
        import distributed
        for future in distributed.as_completed(futures, loop=client.loop):
            yield keys[future.key], _result(future)
        finished = True
    finally:
        if not finished and keys:
            try:
                client.cancel(futures, force=True)
            except Exception:  # the connection is gone: nothing left to cancel
                pass
        client.close()


#: seconds a Dask scheduler has to answer (connection and handshake together): with
#: the program's start and the import of distributed, one line within 10 s
SCHEDULER_TIMEOUT = 6.0


def _connect(address: str) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (UserError if none, or
    if it does not answer as a scheduler within :data:`SCHEDULER_TIMEOUT`)."""
    try:
        import distributed  # lazy: an optional dependency, and 1 s to import
    except ImportError:
        raise UserError("--scheduler needs Dask's distributed package: pip install "
                        "distributed (in a zalg checkout: pip install -e '.[dask]')") from None
    for name in ("distributed", "distributed.client", "distributed.core", "distributed.comm"):
        logging.getLogger(name).setLevel(logging.CRITICAL)  # errors come back as ours
    try:
        deadline = time.monotonic() + SCHEDULER_TIMEOUT
        _handshake(address, deadline)
        return distributed.Client(address, set_as_default=False,
                                  timeout=max(deadline - time.monotonic(), 1.0))
    except (Exception, MemoryError) as exc:  # refused, timed out, malformed, not Dask
        text = " ".join(str(exc).split())[:300] or type(exc).__name__
        if isinstance(exc, (TimeoutError, asyncio.TimeoutError)):
            text = f"no answer within {SCHEDULER_TIMEOUT:.0f} s"
        elif isinstance(exc, ConnectionRefusedError):
            text = "the connection was refused (nothing listens there)"
        elif isinstance(exc, MemoryError):  # a frame size read from a peer that is no scheduler
            text = "the peer does not speak Dask's protocol"
        raise UserError(f"--scheduler: cannot use the Dask scheduler at {address[:200]!r}: "
                        f"{text}") from None


def _handshake(address: str, deadline: float) -> None:
    """Connect to ``address`` and exchange Dask's handshake before ``deadline``
    (``time.monotonic``).

    A TCP address is first reached with a plain socket: a refused connection is the
    answer at once (distributed retries it until its timeout).
    ``distributed.Client(timeout=...)`` bounds the TCP connection but not the
    handshake read that follows it (``distributed.comm.core.connect``): a peer that
    accepts and never answers (an HTTP server waiting for a request's end, a stuck
    port) would keep the program waiting; a peer that answers something else made
    distributed read an 8-byte frame count from it ("Unable to allocate 3.07 EiB")."""
    from distributed.comm import connect, parse_address, parse_host_port  # lazy: see _connect

    scheme, location = parse_address(address)
    if scheme == "tcp":
        with socket.create_connection(parse_host_port(location),
                                      timeout=max(deadline - time.monotonic(), 0.1)):
            pass

    async def probe() -> None:
        left = max(deadline - time.monotonic(), 0.1)
        comm = await asyncio.wait_for(connect(address, timeout=left), left)
        await comm.close()

    asyncio.run(probe())
