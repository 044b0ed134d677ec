"""What every puzzle genre provides, and the registry of genres.

A genre is a package ``puzzles/<name>/`` of the same shape (docs/architecture.md):

* ``model.py``: ``Board``, the board as data: geometry, formats (puzz.link URL,
  pzprv3, plain text) and an independent answer checker ``check_solution``;
* ``solve.py``: ``solve(board, *options, progress=None)``, every solution as a
  ``zalg.Family``;
* ``draw.py``: text and SVG pictures (``picture`` and ``marks``, which ``render`` uses);
* ``puzzle.py``: the front door ``Puzzle(Board, Solvable, solver=..., drawing=...)``:
  the board that solves (its families kept per board and options) and draws itself;
* ``design.py``: instances for designers (enumeration, generation, reduction);
* ``cli.py``: its ``zalg <name> ...`` subcommands (``solve`` and ``generate`` declared
  with ``puzzles.program.subcommands``);
* ``studio.py``: ``PART``, its part of the studio (``puzzles.common.studio_part.StudioPart``:
  editor, tasks, design view), read through :func:`studio_part`;
* ``__init__.py``: the genre's public API, which satisfies :class:`Genre`.

Adding a genre: copy that shape and add its name to :data:`GENRES`.  The
registry imports genres by name, so nothing here depends on any of them; a genre
that lives elsewhere (the tests' toy genre) is registered for a while with
:func:`registered`.  Genres never import one another: what two of them share lives
in ``puzzles/`` (``board``, ``loops``, ``render``, ``solving``, ``subcommands``, ...).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, runtime_checkable

from .violations import Violation

__all__ = ["Genre", "PuzzleType", "GENRES", "genres", "genre", "names", "registered",
           "studio_part", "elsewhere"]

GENRES = ("slitherlink", "numberlink", "nagareru", "nurimeizu", "masyu", "yajilin")

#: genres registered for a while (name -> the module path of their package)
_ELSEWHERE: dict[str, str] = {}


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

    def solve(self, *options, progress=None, **keywords) -> Any: ...

    def count(self, *options, **keywords) -> int: ...

    def is_unique(self, *options, **keywords) -> bool: ...

    def solution(self, *options, **keywords) -> Any: ...

    def render(self, solution=None, fmt: str = "text") -> str: ...


@runtime_checkable
class Genre(Protocol):
    """A genre package's public face."""

    NAME: str        # the subcommand: "slitherlink"
    PID: str         # pzprjs's name in URLs and files: "slither"
    EXAMPLES: tuple  # puzz.link URLs of small boards (examples, tests, fuzzing)
    Board: type      # the board (model.py)
    Puzzle: type     # a PuzzleType: the Board with puzzles.common.solving.Solvable (puzzle.py)
    FAILCODES: dict  # pzprjs failcode -> the rule name check_solution reports

    def check_solution(self, puzzle: Any, answer: Iterable) -> list[Violation]: ...

    def register(self, subparsers) -> None: ...


def names() -> tuple[str, ...]:
    """The names of every registered genre, in registry order."""
    return GENRES + tuple(_ELSEWHERE)


def genre(name: str):
    """The genre package ``puzzles.<name>`` (or one :func:`registered` elsewhere), checked
    against :class:`Genre`."""
    if name not in names():
        raise ValueError(f"unknown genre {name!r}: one of {', '.join(names())}")
    path = _ELSEWHERE.get(name, f"puzzles.{name}")
    module = importlib.import_module(path)
    if not isinstance(module, Genre):
        missing = [a for a in ("NAME", "PID", "EXAMPLES", "Board", "Puzzle", "FAILCODES",
                               "check_solution", "register")
                   if not hasattr(module, a)]
        raise TypeError(f"{path} does not provide {', '.join(missing)}")
    return module


def genres() -> list:
    """Every registered genre package, in registry order."""
    return [genre(name) for name in names()]


def elsewhere() -> dict[str, str]:
    """The genres :func:`registered` for a while: name -> the module path of their package
    (a worker process started from a clean interpreter registers them again)."""
    return dict(_ELSEWHERE)


def studio_part(name: str):
    """The genre ``name``'s part of the studio: ``PART`` of its module ``studio``
    (a ``puzzles.common.studio_part.StudioPart``)."""
    module = genre(name)
    part = getattr(importlib.import_module(f"{module.__name__}.studio"), "PART", None)
    if part is None:
        raise TypeError(f"{module.__name__}.studio does not provide PART")
    return part


@contextmanager
def registered(name: str, module: str) -> Iterator[None]:
    """The genre package ``module`` (a module path) registered as ``name`` while the block
    runs: the ``zalg`` program and :func:`genres` see it (tests add a toy genre so)."""
    if name in names():
        raise ValueError(f"a genre named {name!r} is registered already")
    _ELSEWHERE[name] = module
    try:
        yield
    finally:
        del _ELSEWHERE[name]
