"""``python -m tests.helpers.toy_program ARGS``: the ``zalg`` program with the tests' toy
genre (Rooks) registered, so that its commands and its studio part can be run."""
from __future__ import annotations

from puzzles.common import genre as G
from puzzles.program.main import program

from . import toy_genre

if __name__ == "__main__":
    with G.registered(toy_genre.NAME, toy_genre.__name__):
        program()
