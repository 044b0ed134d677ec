"""``python -m puzzles``: the ``zalg`` command."""
from puzzles.program import program

program()
