"""Run one benchmark case in a fresh Python process, with a time and memory limit.

A case is the benchmark script itself, called with ``--case JSON``; it prints its
result as one JSON line.  Fresh processes keep one case's CUDD nodes and numba
caches from flattering or burdening the next.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

#: Address-space limit of a case (GiB; environment BENCH_MEMORY_GB): fail with
#: MemoryError instead of waking the OOM killer.
MEMORY_LIMIT = int(os.environ.get("BENCH_MEMORY_GB", "14")) * 2**30
OUT_OF_MEMORY = ("MemoryError", "out of memory", "unable to allocate")


def limit_memory() -> None:
    """Called first in a case process."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def serve_case(case: str, handlers: dict) -> None:
    """In the case process: limit memory, run ``handlers[kind](*args)`` for the
    JSON list ``[kind, *args]`` and print its result as one JSON line."""
    limit_memory()
    kind, *rest = json.loads(case)
    print(json.dumps(handlers[kind](*rest)))


def run_case(script: str, payload, limit: float) -> dict:
    """The case's JSON result, or {"failed": reason} (time limit, memory, crash)."""
    import time
    start = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, script, "--case", json.dumps(payload)],
                             capture_output=True, text=True, timeout=limit, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    except subprocess.TimeoutExpired:
        return {"failed": f"not finished within {limit:.0f} s"}
    except subprocess.CalledProcessError as exc:
        last = (exc.stderr or "").strip().splitlines()[-1:] or [""]
        if exc.returncode == -9 or any(m in (exc.stderr or "") for m in OUT_OF_MEMORY):
            return {"failed": f"ran out of memory after {time.perf_counter() - start:.0f} s "
                              f"({MEMORY_LIMIT // 2**30} GB address-space "
                              f"limit; ZALG_MEMORY={os.environ.get('ZALG_MEMORY', 'default')}): "
                              f"{last[0][:200]}"}
        return {"failed": f"failed with status {exc.returncode}: {(exc.stderr or '').strip()[-200:]}"}


def forked(fn, *args):
    """``fn(*args)`` in a forked copy of this process: (its JSON-able result, the copy's
    peak resident memory in GB).  The copy starts from this process's resident pages
    (operands built beforehand count), and whatever the call builds or caches is gone
    with it, so the next call starts cold."""
    import traceback
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy
        os.close(read)
        try:
            out = {"result": fn(*args)}
        except BaseException:
            out = {"error": traceback.format_exc(limit=3)}
        out["rss_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        with os.fdopen(write, "w") as f:
            f.write(json.dumps(out))
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        data = f.read()
    os.waitpid(pid, 0)
    out = json.loads(data) if data else {"error": "the forked copy died"}
    if "error" in out:
        raise RuntimeError(out["error"])
    return out["result"], out["rss_gb"]
