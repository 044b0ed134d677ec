"""The ``zalg`` program: ``main`` (the entry point and its exit paths), ``cli`` (the
parser, one error path, reading puzzles), ``subcommands`` (``solve`` and ``generate``,
declared once), ``batch`` and ``batch_engines`` (batches on processes or Dask)."""

from .main import program

__all__ = ["program"]
