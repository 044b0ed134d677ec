"""What every genre's ``Puzzle`` derives from its family of all solutions."""
from __future__ import annotations

from abc import ABC, abstractmethod
from functools import lru_cache

__all__ = ["SolvedByFamily"]


class SolvedByFamily(ABC):
    """``solve()`` (cached per board), ``count()``, ``is_unique()``, ``solution()`` for a
    puzzle class that defines ``_solve_fresh(progress)``: the Family of all solutions."""

    @abstractmethod
    def _solve_fresh(self, progress: bool):
        """The Family of all solutions, built now (each genre's ``solve`` module)."""

    def solve(self, progress: bool = False):
        """Every solution as a ``zalg.Family`` (the genre's ``solve`` module)."""
        return self._solve_fresh(True) if progress else _cached(self)

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
