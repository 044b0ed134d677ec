"""One measurement in a fresh process.

The measuring process (the bench file run as a script with ``--case``) runs one
case function and writes its outcome as JSON: the function's result and the CPU
and wall seconds of the steps it wrapped in :func:`measure` (never its imports,
set-up or compilation).  The parent starts it with ``PYTHONPATH`` naming the tree
whose zalg it measures, kills it at the time limit, and reads its peak resident
memory from ``os.wait4`` (the kernel's account of that process)."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: address-space limit of a measuring process (GiB; environment BENCH_MEMORY_GB): a
#: case that outgrows it fails with MemoryError instead of waking the OOM killer
MEMORY_LIMIT_GB = int(os.environ.get("BENCH_MEMORY_GB", "14"))
OUT_OF_MEMORY = ("MemoryError", "OutOfMemory", "out of memory", "unable to allocate")

#: what the measured steps of this process took so far
_SPENT = {"cpu": 0.0, "wall": 0.0, "steps": 0}


@dataclass
class Step:
    """The figures of one measured step (filled in when its block ends)."""
    cpu: float = 0.0
    wall: float = 0.0


@contextmanager
def measure() -> Iterator[Step]:
    """Time the block: CPU seconds of this process (``time.process_time``: every thread)
    and wall seconds.  A case's figures are the sum over its measured blocks."""
    step = Step()
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        yield step
    finally:
        step.cpu = time.process_time() - cpu
        step.wall = time.perf_counter() - wall
        record(step.cpu, step.wall)


def record(cpu: float, wall: float) -> None:
    """Add a step measured another way (a program run as a subprocess: its CPU time
    from ``resource.getrusage(resource.RUSAGE_CHILDREN)``)."""
    _SPENT["cpu"] += cpu
    _SPENT["wall"] += wall
    _SPENT["steps"] += 1


def serve(module, argv: list[str]) -> None:
    """In the measuring process: run the case of ``--case JSON`` and write its outcome
    to the file ``--out``: ``{"result", "cpu", "wall", "steps", "zalg"}`` or
    ``{"error"}``.  ``{"fn": null}`` only warms (the bench module's ``warm()``)."""
    request = json.loads(argv[argv.index("--case") + 1])
    out = Path(argv[argv.index("--out") + 1])
    limit = MEMORY_LIMIT_GB * 2**30
    # the soft limit only: a case that starts a program with its own address-space needs
    # (a browser reserves tens of GB it never uses) may lift it for that program
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    try:
        payload = _run_case(module, request)
    except MemoryError:
        payload = {"error": f"out of memory ({MEMORY_LIMIT_GB} GB address-space limit)"}
    except Exception as exc:  # reported as this measurement's failure, in one line
        where = traceback.extract_tb(exc.__traceback__)[-1]
        payload = {"error": f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]} "
                            f"({Path(where.filename).name}:{where.lineno})"}
    zalg = sys.modules.get("zalg")
    payload["zalg"] = str(Path(zalg.__file__).resolve().parents[1]) if zalg else None
    if zalg is not None:
        payload["foreign"] = _foreign_modules(Path(zalg.__file__).resolve().parents[1])
    out.write_text(json.dumps(payload))


def _run_case(module, request: dict) -> dict:
    if request["fn"] is None:  # warm the tree's compiled kernels, and say how long it took
        with measure():
            _load_kernels()
            getattr(module, "warm", lambda: None)()
        return {"result": None, **_SPENT}
    if request.get("warm"):
        _load_kernels()
        getattr(module, "warm", lambda: None)()
    _SPENT.update(cpu=0.0, wall=0.0, steps=0)
    result = getattr(module, request["fn"])(*request["args"])
    if not _SPENT["steps"]:
        return {"error": f"{request['fn']} measured no step (wrap it in harness.measure())"}
    return {"result": result, **_SPENT}


def _load_kernels() -> None:
    """Compile (first run) or load every kernel of the measured tree's zalg, so that no
    measured step does: trees since the kernels redesign compile each operation on its
    first use, and ``zalg.tools.warmup`` uses them all (about 1 s of CPU from the cache).  In an
    older tree a kernel also compiles or loads on its first call: there the bench's
    ``warm()`` must use what the cases measure."""
    import importlib
    import zalg  # imported here: a peer's process stays free of zalg
    # asked of the tree's files, not of the import system: an editable install of another
    # tree would serve its own warm-up module to a tree that has none (a mix of two trees)
    package = Path(zalg.__file__).parent
    for where, name in (("tools/warmup.py", "zalg.tools.warmup"), ("warmup.py", "zalg.warmup")):
        if (package / where).is_file():
            importlib.import_module(name).warm_up(progress=False)
            return
    # a tree without a warm-up module: its kernels load with zalg


def forget_solutions(puzzle_class) -> None:
    """Empty the solution cache that ``puzzle_class.solve`` keeps (the measured tree's own,
    wherever that tree keeps it), so that the next solve is measured, not looked up."""
    sys.modules[puzzle_class.solve.__module__].SOLVED.clear()


def measured_tree() -> Path:
    """In a measuring process: the folder of the tree it measures (first on the
    ``PYTHONPATH`` the runner gave it), for cases that run that tree's programs."""
    return Path(os.environ["PYTHONPATH"].split(os.pathsep)[0])


def _foreign_modules(tree: Path) -> list[str]:
    """zalg's and puzzles' modules loaded from outside ``tree`` (the measured tree's
    folder): an import system that falls back on another tree for a module this tree
    lacks (an editable install's finder answers by name, whatever the path)."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.split(".")[0] in ("zalg", "puzzles")
                  and getattr(module, "__file__", None)
                  and not Path(module.__file__).resolve().is_relative_to(tree))


def elsewhere(code: str, *args: str) -> str:
    """The standard output of ``python -c code args`` in a separate process with this
    process's environment (the same tree): for set-up whose caches must not reach the
    measured steps, such as generating the puzzles that a case then solves (a solver
    keeps the families of the puzzles it solved)."""
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError((run.stderr.strip().splitlines() or ["failed"])[-1][:300])
    return run.stdout


def kept(path, count: int, code: str, *args: str) -> list[str]:
    """The first ``count`` words kept in the file ``path``; missing ones are made first
    by ``elsewhere(code, *args, first, last)`` (words first..last-1) and kept, so that
    every run and every side works on the same inputs (generated puzzles' URLs)."""
    words = path.read_text().split() if path.exists() else []
    if len(words) < count:
        words += elsewhere(code, *args, str(len(words)), str(count)).split()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(words) + "\n")
    return words[:count]


@dataclass
class Measurement:
    """What one measuring process gave: its result, the CPU and wall seconds of its
    measured steps, its peak resident memory, or why it failed."""
    result: Any = None
    cpu: float | None = None
    wall: float | None = None
    rss_mb: float | None = None
    error: str | None = None
    zalg: str | None = None
    foreign: list | None = None  # zalg and puzzles modules it loaded from another tree
    started: float | None = None  # seconds into the run (set by the runner)

    def ok(self) -> bool:
        return self.error is None


def run_child(script: Path, request: dict, tree: Path, limit: float, cwd: Path) -> Measurement:
    """Run ``script --case request`` in a fresh Python with ``tree`` first on PYTHONPATH
    (and OMP_NUM_THREADS=1: peers such as Graphillion run single-threaded); kill it
    after ``limit`` seconds."""
    paths = [str(tree)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), OMP_NUM_THREADS="1")
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        out, err = Path(tmp, "outcome.json"), Path(tmp, "stderr.txt")
        with open(err, "w") as stderr:
            proc = subprocess.Popen([sys.executable, str(script), "--case", json.dumps(request),
                                     "--out", str(out)], stdin=subprocess.DEVNULL,
                                    stdout=stderr, stderr=stderr, env=env, cwd=cwd)
            status, usage, late = _wait(proc, limit)
        rss_mb = usage.ru_maxrss / 1024 if usage is not None else None  # Linux: KB
        if late:
            return Measurement(error=f"not finished within {limit:.0f} s", rss_mb=rss_mb)
        if out.exists():
            payload = json.loads(out.read_text())
            return Measurement(result=payload.get("result"), cpu=payload.get("cpu"),
                               wall=payload.get("wall"), rss_mb=rss_mb,
                               error=payload.get("error"), zalg=payload.get("zalg"),
                               foreign=payload.get("foreign"))
        return Measurement(error=_crash(status, err.read_text(errors="replace")), rss_mb=rss_mb)


def _wait(proc: subprocess.Popen, limit: float):
    """(exit status, rusage, killed at the time limit) of ``proc``, reaped here."""
    late = threading.Event()

    def expire() -> None:
        late.set()
        proc.kill()

    timer = threading.Timer(limit, expire)
    timer.start()
    try:
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        return proc.returncode, usage, late.is_set()
    finally:
        timer.cancel()
        if proc.returncode is None:  # interrupted: never leave a measuring process behind
            proc.kill()
            proc.wait()


def _crash(status: int, stderr: str) -> str:
    """One line saying how a measuring process died without writing its outcome."""
    last = (stderr.strip().splitlines() or [""])[-1][:200]
    if status in (-24, 128 + 24):  # SIGXCPU: the case's own RLIMIT_CPU
        return f"reached its CPU-time limit: {last}"
    if status == -9 or any(marker in stderr for marker in OUT_OF_MEMORY):
        return f"ran out of memory ({MEMORY_LIMIT_GB} GB limit): {last}"
    return f"exit status {status}: {last}"
