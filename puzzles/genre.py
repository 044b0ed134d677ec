"""What every puzzle genre provides, and the registry of genres.

A genre is a package ``puzzles/<name>/`` of the same shape:

* ``model.py``: the board, its formats (puzz.link URL, pzprv3, plain text) and an
  independent answer checker;
* ``solve.py``: every solution as a ``zalg.Family``;
* ``design.py``: instances for designers (enumeration, generation, reduction);
* ``draw.py``: text and SVG pictures;
* ``cli.py``: its ``zalg <name> ...`` subcommands;
* ``__init__.py``: the genre's public API, which satisfies :class:`Genre`.

Adding a genre: copy that shape and add its name to :data:`GENRES`.  The
registry imports genres by name, so nothing here depends on any of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from .violations import Violation

__all__ = ["Genre", "PuzzleType", "GENRES", "genres", "genre"]

GENRES = ("slitherlink", "numberlink", "nagareru", "nurimeizu")


@runtime_checkable
class PuzzleType(Protocol):
    """A genre's ``Puzzle`` class (its instances are immutable boards)."""

    rows: int
    cols: int

    @classmethod
    def from_url(cls, url: str) -> Any: ...

    @classmethod
    def from_text(cls, text: str) -> Any: ...

    @classmethod
    def from_file(cls, path) -> Any: ...

    @staticmethod
    def solution_from_pzprv3(text: str) -> Any: ...

    def to_url(self) -> str: ...

    def to_pzprv3(self, solution=None) -> str: ...

    def to_text(self) -> str: ...

    def solve(self) -> Any: ...

    def count(self) -> int: ...

    def is_unique(self) -> bool: ...

    def solution(self) -> Any: ...

    def render(self, solution=None, fmt: str = "text") -> str: ...


@runtime_checkable
class Genre(Protocol):
    """A genre package's public face."""

    NAME: str        # the subcommand: "slitherlink"
    PID: str         # pzprjs's name in URLs and files: "slither"
    EXAMPLES: tuple  # puzz.link URLs of small boards (examples, tests, fuzzing)
    Puzzle: type     # a PuzzleType
    FAILCODES: dict  # pzprjs failcode -> the rule name check_solution reports

    def check_solution(self, puzzle: Any, answer: Iterable) -> list[Violation]: ...

    def register(self, subparsers) -> None: ...


def genre(name: str):
    """The genre package ``puzzles.<name>``, checked against :class:`Genre`."""
    if name not in GENRES:
        raise ValueError(f"unknown genre {name!r}: one of {', '.join(GENRES)}")
    module = importlib.import_module(f"puzzles.{name}")
    if not isinstance(module, Genre):
        missing = [a for a in ("NAME", "PID", "EXAMPLES", "Puzzle", "FAILCODES", "check_solution",
                               "register")
                   if not hasattr(module, a)]
        raise TypeError(f"puzzles.{name} does not provide {', '.join(missing)}")
    return module


def genres() -> list:
    """Every registered genre package, in registry order."""
    return [genre(name) for name in GENRES]
