"""Batch runs: many puzzles generated (or solved) at once, streamed as JSON Lines.

``generate`` runs N generation tasks of one genre; task i gets the seed
``random.Random(master_seed).randrange(2**62)`` drawn in order i = 0..N-1, so the
results are the same whatever runs them (``batch_engines``: in this process, a
local process pool, or a Dask cluster).  ``solve`` counts the solutions of many
puzzles.  Standard output gets one JSON object per task, in task order (early
finishers wait for the ones before them), flushed line by line; stderr gets one
progress bar over the tasks (``zalg.progress``).

A genre describes its task with a :class:`Generator` or :class:`Solver` whose
fields are module-level functions or ``functools.partial`` of them (they travel
to worker processes by pickling).  ``Generator.shared`` builds the families every
puzzle of the batch uses (Numberlink's covering path matchings of the grid): a
cached function, so each worker builds them once and its later tasks reuse them.

A task that raises gives a record with ``"error"`` (the batch goes on; the exit
status is then 1).  Ctrl-C ends the run (the caller reports it); with ``--out``
the records so far are still written to ``results.jsonl``.
"""
from __future__ import annotations

import json
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from zalg.progress import reporter

from .batch_engines import Task, completed
from .cli import UserError, bounded_int, output_dir, parse_puzzle, show_generated, write_file
from ..common.errors import PuzzleFormatError
from ..common.inputs import read_sources

__all__ = ["Generator", "Solver", "task_seeds", "generate", "solve", "read_entries", "add_options",
           "requested", "solve_requested", "generate_command", "run_generate", "run_solve",
           "TIMINGS", "MAX_JOBS"]

#: the fields of a record that depend on the machine and the load, not on the seed
TIMINGS = ("seconds", "shared_seconds")
#: the most local worker processes a run may ask for
MAX_JOBS = 256

#: one task at a time per process (families are not shared between threads; a Dask
#: worker with several threads runs its tasks one after the other)
_ONE_AT_A_TIME = threading.Lock()


def count_solutions(puzzle) -> int:
    """The number of solutions by the genre's solver."""
    return puzzle.count()


@dataclass(frozen=True)
class Generator:
    """How a genre makes one puzzle of a batch (every field picklable).

    ``make(seed=S)`` returns a Puzzle; ``describe(p)`` its counts for the record
    (``{"pairs": 12}``); ``shared()`` builds (and caches) the families every task
    uses, None if there are none; ``count(p)`` its number of solutions."""
    genre: str
    make: Callable[..., Any]
    describe: Callable[[Any], dict]
    shared: Callable[[], Any] | None = None
    count: Callable[[Any], int] = count_solutions


@dataclass(frozen=True)
class Solver:
    """How a genre solves one puzzle of a batch: its Puzzle class and ``count(p)``."""
    genre: str
    puzzle_type: type
    count: Callable[[Any], int] = count_solutions


def task_seeds(master_seed: int | None, n: int) -> list[int]:
    """The seeds of tasks 0..n-1: ``random.Random(master_seed).randrange(2**62)`` in order."""
    rng = random.Random(master_seed)
    return [rng.randrange(2 ** 62) for _ in range(n)]


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    if isinstance(exc, PuzzleFormatError) and text:
        return text[:500]
    return f"{type(exc).__name__}: {text}"[:500] if text else type(exc).__name__


def _seconds(start: float) -> float:
    return round(time.perf_counter() - start, 3)


# ---- the tasks (run in workers) ------------------------------------------------------------

def generate_task(gen: Generator, index: int, seed: int) -> dict:
    """Task ``index`` of a generation batch: its record, or one with ``"error"``."""
    head = {"genre": gen.genre, "index": index, "seed": seed}
    start = time.perf_counter()
    try:
        with _ONE_AT_A_TIME:
            shared = 0.0
            if gen.shared is not None:
                gen.shared()
                shared = _seconds(start)
            p = gen.make(seed=seed)
            body = {"rows": p.rows, "cols": p.cols, **gen.describe(p), "solutions": gen.count(p)}
            files = {"url": p.to_url(), "pzprv3": p.to_pzprv3()}
    except Exception as exc:
        return {**head, "error": _one_line(exc), "seconds": _seconds(start)}
    return {**head, **body, "seconds": _seconds(start), "shared_seconds": shared, **files}


def solve_task(solver: Solver, index: int, source: str, kind: str, text: str) -> dict:
    """Solve one puzzle read from ``source`` (``kind``, ``text``: as ``read_source`` gave)."""
    head = {"genre": solver.genre, "index": index, "source": source}
    start = time.perf_counter()
    try:
        with _ONE_AT_A_TIME:
            p = parse_puzzle(solver.puzzle_type, kind, text)
            body = {"url": p.to_url(), "rows": p.rows, "cols": p.cols,
                    "solutions": solver.count(p)}
    except Exception as exc:
        return {**head, "error": _one_line(exc), "seconds": _seconds(start)}
    return {**head, **body, "seconds": _seconds(start)}


def known_record(record: dict) -> dict:
    """A task whose record is known before it runs (a source that could not be read)."""
    return record


# ---- running a batch ----------------------------------------------------------------------

def generate(gen: Generator, count: int, seed: int | None = None, jobs: int = 1,
             scheduler: str | None = None, out: str | None = None) -> int:
    """Generate ``count`` puzzles; print their records; the exit status (1: some failed)."""
    seeds = task_seeds(seed, count)
    tasks = [partial(generate_task, gen, i, s) for i, s in enumerate(seeds)]
    heads = [{"genre": gen.genre, "index": i, "seed": s} for i, s in enumerate(seeds)]
    return _run(tasks, heads, "generating", jobs, scheduler, out)


def read_entries(sources: Sequence[str], what: str) -> list[tuple[str, str, str]]:
    """``(where, kind, text)`` of every puzzle the sources hold (``inputs.read_sources``;
    a JSON Lines file gives one a record); an unreadable source gives ``kind`` "error"
    and the reason as ``text``."""
    if list(sources).count("-") > 1:
        raise UserError(f"{what} solve: - (standard input) can be given only once")
    entries: list[tuple[str, str, str]] = []
    for source in sources:
        try:
            entries.extend(read_sources(source, what))
        except Exception as exc:  # unreadable: its record says why, the others go on
            entries.append((source, "error", _one_line(exc)))
    return entries


def solve(solver: Solver, sources: Sequence[str], jobs: int = 1,
          scheduler: str | None = None, out: str | None = None,
          entries: Sequence[tuple[str, str, str]] | None = None) -> int:
    """Count the solutions of every puzzle of the sources (or of ``entries``, as
    :func:`read_entries` gives them); print their records; the exit status."""
    if entries is None:
        entries = read_entries(sources, solver.genre)
    tasks: list[Task] = []
    heads = [{"genre": solver.genre, "index": i, "source": where}
             for i, (where, _, _) in enumerate(entries)]
    for i, (where, kind, text) in enumerate(entries):
        if kind == "error":
            tasks.append(partial(known_record, {**heads[i], "error": text, "seconds": 0.0}))
        else:
            tasks.append(partial(solve_task, solver, i, where, kind, text))
    return _run(tasks, heads, "solving", jobs, scheduler, out)


def _run(tasks: list[Task], heads: list[dict], stage: str, jobs: int, scheduler: str | None,
         out: str | None) -> int:
    """Run ``tasks`` and print their records in task order; 1 if any failed, else 0.
    ``heads[i]``: the fields that name task i (its record if its worker is lost)."""
    genre = heads[0]["genre"] if heads else ""
    folder = output_dir(out, genre) if out else None
    printer = _Printer(genre, folder)
    try:
        with reporter(True) as bar, closing(completed(tasks, jobs, scheduler)) as results:
            bar.stage(stage, total=len(tasks))
            for i, outcome in results:
                record = outcome if isinstance(outcome, dict) else \
                    {**heads[i], "error": _one_line(outcome)}
                printer.add(i, record)
                bar.advance(1, detail=f"{printer.failed} failed" if printer.failed else "")
    finally:
        saved = printer.close()
    return 1 if printer.failed or not saved else 0


class _Printer:
    """Prints records in task order (holding early ones), writes ``--out`` files."""

    def __init__(self, genre: str, folder: Path | None):
        self.genre, self.folder = genre, folder
        self.waiting: dict[int, dict] = {}
        self.next = 0
        self.lines: list[str] = []
        self.failed = 0

    def add(self, index: int, record: dict) -> None:
        self.failed += "error" in record
        self.waiting[index] = record
        while self.next in self.waiting:
            self._emit(self.waiting.pop(self.next))
            self.next += 1

    def _emit(self, record: dict) -> None:
        if self.folder is not None and "pzprv3" in record:
            try:
                write_file(str(self.folder / f"{self.genre}-{record['index']}.txt"),
                           record["pzprv3"], self.genre)
            except UserError as exc:  # this record failed; the batch goes on
                record = {**record, "error": str(exc)}
                self.failed += 1
        line = json.dumps(record)  # ASCII: valid UTF-8 whatever a source's name holds
        print(line, flush=True)
        self.lines.append(line)

    def close(self) -> bool:
        """Write ``results.jsonl`` (the records printed so far) when there is a folder;
        False (and one line on stderr) if it cannot be written: the records are printed."""
        if self.folder is not None:
            text = "".join(line + "\n" for line in self.lines)
            try:
                write_file(str(self.folder / "results.jsonl"), text, self.genre)
            except UserError as exc:
                print(f"zalg: error: {exc}", file=sys.stderr, flush=True)
                return False
        return True


# ---- the command line ---------------------------------------------------------------------

def add_options(parser, count: bool = True, out: bool = True) -> None:
    """Add the batch options to a genre's ``generate`` (``count``, ``out``) or ``solve``."""
    if count:
        parser.add_argument("--count", type=bounded_int(1, 100_000), metavar="N",
                            help="make N puzzles, printed as JSON Lines (one object a line, "
                                 "in order)")
    parser.add_argument("--jobs", type=bounded_int(1, MAX_JOBS), metavar="J",
                        help=f"run on J local worker processes (1..{MAX_JOBS}; default 1)")
    if out:
        parser.add_argument("--out", metavar="DIR",
                            help="also write each puzzle to DIR/<genre>-<index>.txt (pzprv3) "
                                 "and every record to DIR/results.jsonl" if count else
                                 "also write every record to DIR/results.jsonl")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on a Dask cluster (e.g. tcp://host:8786; needs Dask's "
                             "distributed: pip install distributed)")


def requested(args) -> bool:
    """Whether any batch option was given (then the output is JSON Lines); a bad
    combination of them is a UserError."""
    chosen = any(getattr(args, name, None) is not None
                 for name in ("count", "jobs", "out", "scheduler"))
    if chosen:
        check(args)
    return chosen


def solve_requested(args, sources: Sequence[str]) -> bool:
    """Whether a ``solve`` runs as a batch: several sources, --jobs or --scheduler."""
    chosen = (len(sources) > 1 or args.jobs is not None or args.scheduler is not None
              or getattr(args, "out", None) is not None)
    if chosen:
        check(args)
        for name in ("svg", "puzzle_svg", "pzprv3"):
            if getattr(args, name, None):
                flag = "--" + name.replace("_", "-")
                raise UserError(f"{flag} draws one puzzle: give one source, without --jobs or "
                                "--scheduler")
    return chosen


def check(args) -> None:
    """Reject combinations that make no sense in a batch (UserError)."""
    if getattr(args, "jobs", None) is not None and getattr(args, "scheduler", None) is not None:
        raise UserError("--jobs runs local workers and --scheduler a Dask cluster's: give one")
    if getattr(args, "scheduler", None) is not None and not args.scheduler.strip():
        raise UserError("--scheduler: give the scheduler's address, e.g. tcp://host:8786")


def run_generate(gen: Generator, args) -> int:
    """``generate`` in batch mode from a genre's parsed options."""
    for name in ("svg", "puzzle_svg", "pzprv3"):
        if getattr(args, name, None):
            flag = "--" + name.replace("_", "-")
            raise UserError(f"{flag} draws one puzzle: leave out --count, --jobs, --out and "
                            "--scheduler (or draw a record's puzzle with solve --svg)")
    return generate(gen, args.count or 1, args.seed, args.jobs or 1, args.scheduler, args.out)


def generate_command(gen: Generator, args, header: Callable[[Any, float], str],
                     seed: int | None, **one) -> int:
    """A genre's ``generate``: a batch when batch options are given, else one puzzle
    ``gen.make(seed=seed, **one)`` shown as text under ``header(puzzle, seconds)``."""
    if requested(args):
        return run_generate(gen, args)
    start = time.perf_counter()
    try:
        p = gen.make(seed=seed, **one)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    header_line = header(p, time.perf_counter() - start)
    show_generated(header_line, p, p.solution(), args.svg, gen.genre,
                   getattr(args, "puzzle_svg", None), getattr(args, "pzprv3", None))
    return 0


def run_solve(solver: Solver, args, sources: Sequence[str],
              entries: Sequence[tuple[str, str, str]] | None = None) -> int:
    """``solve`` in batch mode from a genre's parsed options (``entries``: the sources
    already read, as :func:`read_entries` gives them)."""
    return solve(solver, sources, args.jobs or 1, args.scheduler, getattr(args, "out", None),
                 entries)

