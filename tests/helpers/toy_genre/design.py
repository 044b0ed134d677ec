"""Rooks for designers (the tests' toy genre): a random board with one solution."""
from __future__ import annotations

import random

from zalg.progress import Progress, reporter

from puzzles.common.errors import PuzzleFormatError

from .puzzle import Puzzle

__all__ = ["generate", "describe"]


def generate(rows: int, cols: int, seed=None, progress: Progress = None) -> Puzzle:
    """A board whose only solution is a random placement: cells off the placement are
    blocked in random order while the board has more than one solution."""
    if rows != cols:
        raise PuzzleFormatError(f"rooks: only square boards have solutions, got {rows}x{cols}")
    rng = random.Random(seed)
    answer = {(r, c) for r, c in enumerate(rng.sample(range(cols), cols))}
    blocked: set = set()
    others = [x for x in Puzzle(rows, cols).cells() if x not in answer]
    rng.shuffle(others)
    with reporter(progress) as report:
        report.stage("blocking cells", total=len(others))
        for k, x in enumerate(others):
            if Puzzle(rows, cols, frozenset(blocked)).is_unique():
                break
            blocked.add(x)
            report.update(k + 1)
    return Puzzle(rows, cols, frozenset(blocked))


def describe(p: Puzzle) -> dict:
    """A generated board's counts for its batch record."""
    return {"blocked": len(p.blocked)}
