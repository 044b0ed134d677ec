"""Long work in worker processes: started, followed and stopped from the server.

Every job runs in a process of its own, forked from a *forkserver* that has
imported zalg, its compiled extensions and every genre's studio part once, so a small
job ends in well under 0.1 s instead of paying a second of imports.  That buys what the
studio promises:

* Stop is ``terminate()``: SIGTERM ends the process even inside CUDD or a
  compiled kernel, within 2 s (then SIGKILL);
* each job has a memory budget, handed to the worker and set there with
  ``zalg.configure`` (so zalg raises ``OutOfMemory`` with one line; the server's
  heartbeat goes along), and an address-space limit a little above it, so a runaway
  allocation ends the worker, never the server;
* a crash or an out-of-memory kill of a worker is reported as one line.

The worker sends ``("progress", stage, done, total)`` messages (at most ten a
second per stage, every stage start) and one final ``("done", result)`` or
``("error", message)`` through a pipe; a reader thread in the server keeps each
job's latest state, which the API polls and streams to the page.
"""
from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.forkserver
import os
import resource
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import zalg
from zalg.errors import OutOfMemory
from zalg.memory import resident
from zalg.progress import heartbeat_seconds

from ..common import genre as G
from ..common.errors import PuzzleFormatError
from ..common.studio_part import StudioError
from . import tasks

__all__ = ["Job", "JobManager", "Busy", "STOP_GRACE", "PROGRESS_EVERY"]

#: seconds a stopped worker gets after SIGTERM before SIGKILL
STOP_GRACE = 1.0
#: seconds between two progress messages of the same stage
PROGRESS_EVERY = 0.1
#: address space a worker may use beyond its budget (the interpreter, numpy, its libraries)
AS_SLACK = 1 << 30
#: finished jobs kept for the page to read
KEEP_FINISHED = 64


class Busy(Exception):
    """A page already runs a job, or the server runs as many as it allows (HTTP 409/429)."""


@dataclass
class Job:
    """One job's state as the server sees it (``version`` grows with every change)."""

    id: str
    page: str
    task: str
    params: dict
    state: str = "running"          # running, done, error, stopped
    stage: str = ""
    done: int = 0
    total: int | None = None
    stages: list[str] = field(default_factory=list)
    result: dict | None = None
    error: str | None = None
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    version: int = 0
    process: Any = None
    peak_memory: int | None = None  # the worker's peak resident memory (bytes), once done
    cpu_seconds: float | None = None  # the worker's CPU time, once done

    @property
    def running(self) -> bool:
        return self.state == "running"

    def snapshot(self) -> dict:
        """The job as JSON for the page."""
        end = self.ended if self.ended is not None else time.monotonic()
        return {"id": self.id, "task": self.task, "state": self.state, "stage": self.stage,
                "done": self.done, "total": self.total, "stages": list(self.stages),
                "seconds": round(end - self.started, 3), "cpu_seconds": self.cpu_seconds,
                "peak_memory": self.peak_memory,
                "result": self.result,
                "error": self.error, "version": self.version,
                "worker": self.process.pid if self.process is not None else None}


def _worker(conn, task: str, params: dict, budget: int, heartbeat: float,
            genres: dict[str, str]) -> None:
    """The worker process: limit memory, run the task, send its progress and result;
    ``genres``: the genres registered in the server for a while (name -> module path)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in the terminal stops the server
    with contextlib.ExitStack() as registrations:
        for name, module in genres.items():
            if name not in G.names():
                registrations.enter_context(G.registered(name, module))
        _work(conn, task, params, budget, heartbeat)


def _work(conn, task: str, params: dict, budget: int, heartbeat: float) -> None:
    # the job's budget is what it may use beyond the worker it starts in (forked with zalg
    # and the genres loaded); the process's budget bounds the whole process
    zalg.configure(memory=budget + (resident() or 0), heartbeat=heartbeat)
    try:
        _limit_address_space(budget)
        result = tasks.run(task, params, _progress_sender(conn))
        usage = resource.getrusage(resource.RUSAGE_SELF)  # this worker's own, from the fork
        conn.send(("done", result, usage.ru_maxrss << 10, usage.ru_utime + usage.ru_stime))
    except (StudioError, PuzzleFormatError) as exc:
        conn.send(("error", str(exc)))
    except OutOfMemory as exc:
        conn.send(("error", str(exc)))
    except MemoryError:
        conn.send(("error", f"out of memory (the job's budget is {budget >> 20} MB)"))
    except Exception as exc:  # a bug or an unforeseen input: one line for the page
        conn.send(("error", f"internal error: {type(exc).__name__}: {str(exc)[:300]}"))
    finally:
        conn.close()


def _limit_address_space(budget: int) -> None:
    used = _address_space()
    limit = used + budget + AS_SLACK
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _address_space() -> int:
    """This process's virtual memory size in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _progress_sender(conn):
    last = {"stage": None, "at": 0.0}

    def progress(stage: str, done: int, total: int | None) -> None:
        now = time.monotonic()
        if stage != last["stage"] or done == 0 or now - last["at"] >= PROGRESS_EVERY:
            last["stage"], last["at"] = stage, now
            conn.send(("progress", str(stage)[:200], int(done), total))
    return progress


class JobManager:
    """The jobs of one server: at most one running per page, ``max_running`` in all."""

    def __init__(self, budget: int, max_running: int = 2):
        self.budget = budget
        self.max_running = max_running
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(
            ["puzzles.studio.tasks", *(f"{module.__name__}.studio" for module in G.genres())])
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)

    def start_forkserver(self) -> None:
        """Start the forkserver now (it imports zalg and the genres once), so that the
        first job does not wait for it."""
        multiprocessing.forkserver.ensure_running()

    def start(self, page: str, task: str, params: dict) -> Job:
        """Start ``task`` (its params already checked) for ``page``; Busy if that page
        runs a job or the server runs ``max_running``."""
        with self._lock:
            running = [j for j in self._jobs.values() if j.running]
            mine = [j for j in running if j.page == page]
            if mine:
                raise Busy(f"this page already runs job {mine[0].id} ({mine[0].task}); stop it first")
            if len(running) >= self.max_running:
                raise Busy(f"the studio already runs {len(running)} jobs (its limit); "
                           "try again when one ends")
            job = Job(id=f"j{next(self._ids)}-{os.urandom(4).hex()}", page=page, task=task,
                      params=params)
            receive, send = self._ctx.Pipe(duplex=False)
            job.process = self._ctx.Process(
                target=_worker, args=(send, task, params, self.budget, heartbeat_seconds(),
                                      G.elsewhere()),
                name=f"zalg-studio-{job.id}", daemon=True)
            job.process.start()
            send.close()
            self._jobs[job.id] = job
            self._forget_old()
        threading.Thread(target=self._follow, args=(job, receive), daemon=True,
                         name=f"follow-{job.id}").start()
        return job

    def get(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def stop(self, job_id: str) -> Job | None:
        """End a running job's process (SIGTERM, then SIGKILL after STOP_GRACE s)."""
        job = self._jobs.get(job_id)
        if job is None or not job.running:
            return job
        self._finish(job, "stopped", error="stopped")
        _end(job.process)
        return job

    def shutdown(self) -> None:
        """Stop every running job (the server is leaving)."""
        for job in list(self._jobs.values()):
            if job.running:
                self.stop(job.id)

    def _follow(self, job: Job, conn) -> None:
        """Read the worker's messages into ``job`` until it ends."""
        try:
            while True:
                try:
                    message = conn.recv()
                except (EOFError, OSError):
                    break
                if message[0] == "progress":
                    _, stage, done, total = message
                    with self._lock:
                        if stage != job.stage:
                            job.stages.append(stage)
                        job.stage, job.done, job.total = stage, done, total
                        job.version += 1
                elif message[0] == "done":
                    job.peak_memory, job.cpu_seconds = message[2], round(message[3], 3)
                    self._finish(job, "done", result=message[1])
                else:
                    self._finish(job, "error", error=message[1])
        finally:
            conn.close()
            job.process.join(STOP_GRACE * 3)
            if job.running:
                self._finish(job, "error", error=_death(job.process.exitcode, self.budget))

    def _finish(self, job: Job, state: str, result: dict | None = None, error: str | None = None):
        with self._lock:
            if not job.running:
                return
            job.state, job.result, job.error = state, result, error
            job.ended = time.monotonic()
            job.version += 1

    def _forget_old(self) -> None:
        finished = [j for j in self._jobs.values() if not j.running]
        for job in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self._jobs[job.id]


def _end(process) -> None:
    """Terminate a worker; kill it if it has not ended after STOP_GRACE seconds."""
    process.terminate()
    process.join(STOP_GRACE)
    if process.exitcode is None:
        process.kill()
        process.join(STOP_GRACE)


def _death(exitcode: int | None, budget: int) -> str:
    """One line for a worker that ended without a result."""
    if exitcode is not None and exitcode < 0 and -exitcode == signal.SIGKILL:
        return f"the job's worker was killed (out of memory? its budget is {budget >> 20} MB)"
    if exitcode is not None and exitcode < 0:
        return f"the job's worker ended with signal {signal.Signals(-exitcode).name}"
    return f"the job's worker ended without a result (exit status {exitcode}; out of memory?)"



