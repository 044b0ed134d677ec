"""``python -m puzzles``: the ``zalg`` command."""
from puzzles.program.main import program

program()
