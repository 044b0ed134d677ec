"""One-off experiments and stress scripts: not benchmarks on the harness.

Each one measures or counts something a document quotes (docs/reliability.md,
docs/numberlink.md, docs/lab/performance-history.md); run it as a module from the
project root, e.g. ``python -m benchmarks.experiments.fuzz_cli --scale 1``.
"""
