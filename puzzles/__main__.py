"""``python -m puzzles``: the ``zalg`` command."""
from puzzles.cli import program

program()
