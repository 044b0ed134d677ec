"""First run: the CPU time of a command in a fresh process right after the install, and warm.

Each measurement copies the measured tree's packages (``zalg``, ``puzzles``, their built
extensions, ``examples``) without their ``__pycache__`` folders into a fresh folder and
runs the command there (``PYTHONPATH`` that folder).  An "installed" row writes the
packages' bytecode first, as ``pip install -e .`` does (setup.py's build step) and pip
does for a wheel, and measures the command's first run; a "no bytecode" row measures a
copy without it (Python compiles zalg's and the genres' modules as it imports them: a
tree whose bytecode was removed or could not be written); a "warm" row runs the command
once unmeasured and then again.  The standard library's and the installed packages'
bytecode is there in every row.  zalg's kernels are the tree's compiled extensions
either way: nothing of them is built or cached at run time.  The figure is the
command's CPU seconds (user + system, from ``wait4``, so a busy machine does not inflate
them); ``first`` is the CPU seconds it had used when its first output line arrived (read
from ``/proc/PID/stat`` at that moment).  With ``--against REV`` each row runs on both
trees, interleaved.

    python -m benchmarks.bench_first_run                       # this tree, 1 round
    python -m benchmarks.bench_first_run --against 6585d2e --rounds 3
"""

from __future__ import annotations

import compileall
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time

try:
    from . import harness
except ImportError:  # run as a file: this folder is first on sys.path
    import harness

TICK = os.sysconf("SC_CLK_TCK")
SLITHER_5X5 = "https://puzz.link/p?slither/5/5/cbcbcddad"

#: (name, argv after the interpreter)
COMMANDS = [
    ("zalg --version", ["-m", "puzzles", "--version"]),
    ("zalg slitherlink solve 5x5 --count", ["-m", "puzzles", "slitherlink", "solve",
                                            SLITHER_5X5, "--count"]),
    ("python examples/algebra_tour.py", ["examples/algebra_tour.py"]),
    ("zalg numberlink instances 3x3", ["-m", "puzzles", "numberlink", "instances", "3x3"]),
]


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def run(argv: list[str], tree: str, limit: float = 900) -> dict:
    """Run ``python argv`` from ``tree`` (its own bytecode written beside its modules): its
    CPU and wall seconds, the CPU seconds at its first output line, and its exit status."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env.update(PYTHONPATH=tree)
    start = time.perf_counter()
    p = subprocess.Popen([sys.executable, *argv], cwd=tree, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    sel.register(p.stderr, selectors.EVENT_READ)
    first = None
    deadline = time.monotonic() + limit
    streams = 2
    while streams and time.monotonic() < deadline:
        for key, _ in sel.select(timeout=1.0):
            chunk = os.read(key.fileobj.fileno(), 65536)
            if not chunk:
                sel.unregister(key.fileobj)
                streams -= 1
            elif first is None and b"\n" in chunk:
                try:
                    first = _cpu_of(p.pid)
                except OSError:
                    first = None
    if streams:
        p.kill()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": time.perf_counter() - start,
            "first": first, "rc": p.returncode}


#: what a command needs of the measured tree, copied without bytecode
COPIED = ("zalg", "puzzles", "examples")


#: the rows of each command: its first run after the install, without bytecode, warm
PHASES = ("installed", "no bytecode", "warm")


def command_case(name: str, phase: str) -> dict:
    """The command ``name`` on a fresh copy of the tree (``PHASES``)."""
    argv = dict(COMMANDS)[name]
    tree = harness.measured_tree()
    with tempfile.TemporaryDirectory(prefix="zalg-first-run-") as copy:
        for part in COPIED:
            shutil.copytree(tree / part, os.path.join(copy, part),
                            ignore=shutil.ignore_patterns("__pycache__"))
        if phase == "installed":  # the bytecode the install writes
            for part in COPIED[:2]:
                compileall.compile_dir(os.path.join(copy, part), quiet=1)
        if phase == "warm":
            run(argv, copy)  # writes the bytecode (not measured)
        r = run(argv, copy)
    harness.record(r["cpu"], r["wall"])
    return {"check": [r["rc"]], "first": r["first"]}


def tables(args) -> list:
    rows = [harness.Row(f"{name} ({phase})", (harness.Case("command_case", (name, phase),
                                                           warm=False),))
            for name, _ in COMMANDS for phase in PHASES]
    cols = (harness.field("exit", "check", 4, "d", index=0),
            harness.field("first", "first", 6, ".2f"),)
    return [harness.Table("A command in a fresh process: its first run after the install, "
                          "without zalg's bytecode, warm; first: CPU s at its first output line", ("zalg",),
                          rows, cols, name_width=44)]


if __name__ == "__main__":
    raise SystemExit(harness.main(sys.modules[__name__], tables))
