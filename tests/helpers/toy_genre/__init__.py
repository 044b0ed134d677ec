"""Rooks, the toy genre of the tests: a genre package made by following
docs/architecture.md's "How to add a genre", registered only inside tests
(``puzzles.common.genre.registered("rooks", "tests.helpers.toy_genre")``)."""
from __future__ import annotations

from .cli import register
from .design import generate
from .model import FAILCODES, PID, Board, Cell, check_solution
from .puzzle import Puzzle, read_pzprv3

NAME = "rooks"
#: small boards for examples and tests
EXAMPLES = ("https://puzz.link/p?rooks/2/2/j", "https://puzz.link/p?rooks/3/3/g1b1b")

__all__ = ["NAME", "PID", "EXAMPLES", "FAILCODES", "Cell", "Board", "Puzzle", "check_solution",
           "read_pzprv3", "generate", "register"]
