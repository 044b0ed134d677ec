"""zalg's benchmarks: speed and memory next to a peer measured in the same run.

Run a benchmark from the project root as a module or as a file (both work):

    python -m benchmarks.bench_graphs --rounds 3
    python benchmarks/bench_graphs.py --against 6585d2e

Every ``bench_*.py`` is built on :mod:`benchmarks.harness`: each measurement runs in a
fresh process, the sides are interleaved round by round, the figures are CPU time
of the measured step (wall time beside it) with the peak resident memory of each
process, and a ratio is printed only when both sides returned the same result.
``--against REV`` runs the same table for another revision of zalg (docs/performance.md).

How the imports work without touching ``sys.path``: a bench module imports the
harness with ``from . import harness`` when it runs as ``benchmarks.bench_x``, and
falls back to ``import harness`` when it runs as a file (Python puts the file's own
folder first on ``sys.path``).  The measuring processes always run the bench file as
a file, with ``PYTHONPATH`` naming the tree whose zalg they measure.
"""
