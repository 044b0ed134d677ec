"""What every genre's ``Puzzle`` derives from its family of all solutions, and the
view of those solutions for notebooks and the command line."""
from __future__ import annotations

from abc import ABC, abstractmethod
from functools import lru_cache
from typing import TYPE_CHECKING

from zalg.progress import Progress

if TYPE_CHECKING:
    import zalg

__all__ = ["SolvedByFamily", "Pictured", "Solutions", "undecided", "unit_text"]


def undecided(family) -> frozenset:
    """The elements in some but not every member of ``family``: the edges or cells on
    which a puzzle's solutions differ (empty when there are fewer than two)."""
    if family.count() < 2:
        return frozenset()
    return frozenset(x for x in family.support() if family.offset(x))


def unit_text(x) -> str:
    """An edge ((r1, c1), (r2, c2)) as ``r1,c1-r2,c2``, a cell (r, c) as ``r,c``."""
    if isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, tuple) for v in x):
        return "-".join(",".join(map(str, v)) for v in x)
    if isinstance(x, tuple):
        return ",".join(map(str, x))
    return str(x)


class Solutions:
    """Every solution of a puzzle: the family, one solution drawn, and the edges or cells
    on which solutions differ (marked red and dashed in SVG, listed in text).  Shown as
    a picture in notebooks."""

    #: the most differing units a text listing names
    LISTED = 12

    def __init__(self, puzzle, family):
        self.puzzle = puzzle
        self.family = family
        self._undecided: frozenset | None = None

    def count(self) -> int:
        """The number of solutions (exact)."""
        return self.family.count()

    def first(self) -> frozenset | None:
        """The solution drawn (the first member), or None."""
        return next(iter(self.family), None)

    def undecided(self) -> frozenset:
        """Edges or cells on which the solutions differ (computed once)."""
        if self._undecided is None:
            self._undecided = undecided(self.family)
        return self._undecided

    def render(self, fmt: str = "text") -> str:
        """One solution with the differences: SVG marks, or a text line under the board."""
        differ = self.undecided()
        picture = self.puzzle.render(self.first(), fmt=fmt, differ=differ)
        if fmt != "text" or not differ:
            return picture
        return picture + self.differences_line(differ) + "\n"

    def differences_line(self, differ: frozenset | None = None) -> str:
        """``solutions differ on N edges/cells: ...`` (empty when they do not)."""
        differ = self.undecided() if differ is None else differ
        if not differ:
            return ""
        level = self.family.universe.level
        shown = sorted(differ, key=level)
        names = ", ".join(unit_text(x) for x in shown[: self.LISTED])
        more = f" and {len(shown) - self.LISTED} more" if len(shown) > self.LISTED else ""
        kind = "edges" if all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], tuple)
                              for x in shown) else "cells"
        return f"{self.count()} solutions differ on {len(shown)} {kind}: {names}{more}"

    def _repr_svg_(self) -> str:
        return self.render("svg")

    def __repr__(self) -> str:
        genre = type(self.puzzle).__module__.split(".")[-2]
        n = self.count()
        return (f"<{n} solution{'' if n == 1 else 's'} of a {self.puzzle.rows}x{self.puzzle.cols} "
                f"{genre} puzzle>")


class Pictured:
    """Notebook pictures for a genre's ``Puzzle``: the board alone (``_repr_svg_``) and
    ``solutions()``, which draws one solution and marks where the others differ."""

    def _repr_svg_(self) -> str:
        return self.render(fmt="svg")

    def solutions(self, *args, **kwargs) -> Solutions:
        """Every solution (``solve(*args, **kwargs)``) as a :class:`Solutions` view."""
        return Solutions(self, self.solve(*args, **kwargs))


class SolvedByFamily(Pictured, ABC):
    """``solve()`` (cached per board), ``count()``, ``is_unique()``, ``solution()`` for a
    puzzle class that defines ``_solve_fresh(progress)``: the Family of all solutions."""

    @abstractmethod
    def _solve_fresh(self, progress: Progress):
        """The Family of all solutions, built now (each genre's ``solve`` module)."""

    def solve(self, progress: Progress = None) -> zalg.Family:
        """Every solution as a ``zalg.Family`` (the genre's ``solve`` module)."""
        return self._solve_fresh(progress) if progress else _cached(self)

    def count(self) -> int:
        """The number of solutions (exact)."""
        return self.solve().count()

    def is_unique(self) -> bool:
        """True when the puzzle has exactly one solution."""
        return self.count() == 1

    def solution(self):
        """One solution (the first in the family's order), or None if there is none."""
        return next(iter(self.solve()), None)


@lru_cache(maxsize=16)
def _cached(p: SolvedByFamily):
    return p._solve_fresh(False)
