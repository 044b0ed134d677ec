"""The benchmark harness: figures that hold on a shared machine.

A benchmark declares tables of rows; a row has one *case* per side (zalg and a peer,
or zalg alone); a case is a module-level function of the bench file that sets up its
inputs, wraps the step it measures in :func:`measure` and returns a JSON-able result::

    from . import harness            # python benchmarks/bench_x.py: import harness

    def warm():                      # untimed: load (first time: compile) the kernels
        zalg.grid(3, 3).paths((0, 0), (2, 2))

    def ours(n):
        G = zalg.grid(n, n)
        with harness.measure():
            F = G.paths((0, 0), (n - 1, n - 1))
        return {"check": [F.count(), F.node_count()]}

    def theirs(n): ...               # the same family by the peer, {"check": [...]}

    def tables(args):
        return [harness.Table("Grid paths", ("zalg", "peer"),
                              [harness.Row(f"paths {n}", (harness.Case("ours", (n,)),
                                                          harness.Case("theirs", (n,), warm=False)))
                               for n in (8, 9, 10)])]

    if __name__ == "__main__":
        raise SystemExit(harness.main(sys.modules[__name__], tables))

What the harness does with it:

* every measurement runs in a fresh process (both libraries keep operation caches: a
  repeat in one process would time a cache hit), the bench file run as a script with
  the measured tree first on ``PYTHONPATH`` (OMP_NUM_THREADS=1; an address-space
  limit of BENCH_MEMORY_GB, default 14);
* the sides are interleaved round by round (A, B, A, B, ...), ``--rounds N`` of each;
* a side's figures: the CPU seconds (``time.process_time``) of its measured steps,
  median and best over the rounds, the median wall seconds beside them, and the peak
  resident memory of its process (``os.wait4``: the kernel's account);
* the ratio (first side's CPU median over the second's) is printed only when every
  round of both sides returned the same result (``Table.same``; by default the
  results' ``"check"`` entries are equal);
* the load average at the start and the end, the trees measured and their commits;
* ``--against REV`` measures the first side of every row on this tree and on REV
  (checked out into a temporary git worktree, or a tree given by its folder),
  interleaved, and prints new/old per row and their geometric mean;
* each tree's kernels (every one of zalg's by ``zalg.tools.warmup`` where the tree has it;
  in older trees what the bench's ``warm()`` uses, so it should use what the cases
  measure) are compiled or loaded once before
  the rows, and loaded again, untimed, in every measuring process of a case with
  ``warm=True`` (the default), so no measured step compiles or loads a kernel;
* ``measured_tree()`` is the measured tree's folder (for a case that runs its programs);
* ``elsewhere(code, *args)`` runs set-up in a separate process when its caches must not
  reach the measured step (puzzles a solver made are cached by that solver); ``kept(path,
  count, code, *args)`` keeps what it made in a file, so every run uses the same inputs;
* ``--json FILE`` writes every round of every side, ``--save`` the same report to
  ``benchmarks/results/<bench>.json`` (the bench file's stem); ``--only REGEX`` picks rows;
  ``--limit S`` bounds each measuring process.
"""
from __future__ import annotations

from .child import Step, elsewhere, forget_solutions, kept, measure, measured_tree, record
from .runner import main
from .tables import Case, Column, Row, Table, field, same_check

__all__ = ["Case", "Column", "Row", "Table", "Step", "elsewhere", "field", "forget_solutions",
           "kept", "measure", "record", "main", "measured_tree", "same_check"]
