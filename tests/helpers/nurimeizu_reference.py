"""Brute-force Nurimeizu solutions: every room colouring, kept when ``check_solution`` is empty.

Independent of any solver; meant for boards of up to about 20 rooms.  With
``prune=True`` (the default) rooms holding an icon are only tried white: a
colouring that makes such a room black breaks rule 2 (``"black icon"``), so
this skips only colourings the checker would reject anyway.
"""
from __future__ import annotations

from itertools import product

from puzzles.nurimeizu import Puzzle, check_solution

__all__ = ["solutions", "count"]

MAX_FREE_ROOMS = 24


def solutions(p: Puzzle, prune: bool = True) -> set[frozenset]:
    """Every solution of ``p`` as a frozenset of black cells."""
    rooms = p.room_cells()
    fixed = {p.room_of(cell) for cell in p.icons} if prune else set()
    free = [rid for rid in range(len(rooms)) if rid not in fixed]
    if len(free) > MAX_FREE_ROOMS:
        raise ValueError(f"{len(free)} free rooms is too many for brute force (limit {MAX_FREE_ROOMS})")
    out = set()
    for colours in product((False, True), repeat=len(free)):
        black = frozenset(cell for rid, is_black in zip(free, colours) if is_black for cell in rooms[rid])
        if not check_solution(p, black):
            out.add(black)
    return out


def count(p: Puzzle, prune: bool = True) -> int:
    """The number of solutions of ``p``."""
    return len(solutions(p, prune))
