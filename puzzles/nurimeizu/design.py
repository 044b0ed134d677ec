"""Nurimeizu for designers: every icon set that makes a drawn maze the only solution.

A designer draws rooms, S, G and a colouring (black cells B*) that obeys the
rules without circles and triangles; its S-G path is P*.  A circle may go on a
cell of P* (other than S and G), a triangle on a white cell off P*: those are
the candidate *placements*.  Another colouring m (a solution of the board
without circles and triangles) *breaks* a circle at x when x is not on m's
path, a triangle at x when x is black or on m's path.  A placement set K makes
B* the only solution exactly when every other colouring breaks some placement
of K: K *hits* V(m) = {placements m breaks} for every m ≠ B*.

The sweep of ``solve`` emits V(m) beside each colouring (one forced variable per
placement, ``path_sweep.sweep``), so with R = {B ∪ P ∪ V(B)}:

    V = ∃(B, P). (R − {B* ∪ P*})        good = V.hitting(placements)

(Slitherlink's H(y) in its hitting-set form; docs/nurimeizu.md.)  Minimal and
minimum icon sets are ``good.minimal()`` and the members of least size.
"""
from __future__ import annotations

from collections.abc import Iterable

import random

import zalg
from zalg.progress import Progress, reporter

from ..common.board import cell_set
from ..common.caches import cached
from ..common.errors import PuzzleFormatError
from ..common.solving import one_solution
from .model import check_solution, route
from .maze import generate_from_maze
from .path_sweep import sweep
from .puzzle import Puzzle

__all__ = ["icon_sets", "placements", "minimum_icon_sets", "reduce", "random_rooms", "generate",
           "check_request"]

Placement = tuple[tuple[int, int], str]


def placements(p: Puzzle, black: frozenset) -> list[Placement]:
    """The candidate placements for the colouring ``black`` of p: a circle on each path
    cell but S and G, a triangle on each white cell off the path (cells without icons)."""
    path = route(p, black)
    if path is None:
        raise PuzzleFormatError("nurimeizu icon_sets: the colouring has no white S-G path in "
                                "one white tree")
    on_path = set(path)
    out = []
    for cell in p.cells():
        if cell in p.icons or cell in black:
            continue
        out.append((cell, "o" if cell in on_path else "t"))
    return out


@cached(maxsize=4)
def _universe(rows: int, cols: int, chosen: tuple) -> tuple[zalg.Universe, zalg.Universe]:
    """(the sweep's universe: b, p and the placements' elements per cell, the placements')."""
    extra: dict = {}
    for cell, icon in chosen:
        extra.setdefault(cell, []).append(icon)
    elements, names = [], []
    for r in range(rows):
        for c in range(cols):
            elements += [("b", r, c), ("p", r, c)]
            for icon in sorted(extra.get((r, c), ()), key="ot".index):
                elements.append((icon, r, c))
                names.append(((r, c), icon))
    return zalg.Universe(elements), zalg.Universe(names)


def icon_sets(p: Puzzle, black_cells: Iterable, candidates: Iterable[Placement] | None = None,
              progress: Progress = None) -> zalg.Family:
    """Every set K of placements (cell, "o" or "t") within ``candidates`` (default: all
    that the colouring allows, :func:`placements`) such that the puzzle p with K's icons
    added has exactly one solution, ``black_cells``; as a family of placement sets."""
    black = cell_set(p, black_cells, "nurimeizu icon_sets")
    allowed = placements(p, black)
    if candidates is None:
        chosen = allowed
    else:
        chosen = list(dict.fromkeys((tuple(cell), icon) for cell, icon in candidates))
        wrong = [c for c in chosen if c not in set(allowed)]
        if wrong:
            raise PuzzleFormatError(f"nurimeizu icon_sets: the colouring breaks the placement "
                                    f"{wrong[0]!r} (circles go on the path, triangles on white "
                                    "cells off it)")
    if check_solution(p, black):
        raise PuzzleFormatError("nurimeizu icon_sets: the colouring is not a solution of the "
                                "board (see check_solution)")
    U, names = _universe(p.rows, p.cols, tuple(sorted(chosen)))
    with reporter(progress) as report:
        R = sweep(p, U, chosen, progress=report)
        path = route(p, black)
        target = {("b",) + x for x in black} | {("p",) + x for x in path}
        others = R - U.family([target])
        with report.waiting("other solutions' icon placements (∃ colouring)"):
            V = others.exists([e for e in U.elements if e[0] in "bp"])
        V = names.adopt(V, rename=lambda e: ((e[1], e[2]), e[0]) if e[0] in "ot" else e)
        with report.waiting("hitting sets"):
            return V.hitting(names.elements)


def minimum_icon_sets(good: zalg.Family) -> zalg.Family:
    """The members of ``good`` with the fewest placements."""
    sizes = good.by_size()
    return good.of_size(min(sizes)) if sizes else good


def reduce(p: Puzzle, progress: Progress = None) -> zalg.Family:
    """Every minimal subset of p's circles and triangles that keeps its one solution
    unique (S and G stay), as a family of placement sets.  ``progress``: see
    ``zalg.progress`` (the solve, then the stages of :func:`icon_sets`)."""
    with reporter(progress) as report:
        report.stage("solving the puzzle")
        black = one_solution(p, "nurimeizu reduce", report)
        bare = Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
        mine = [(x, i) for x, i in p.icons.items() if i in "ot"]
        good = icon_sets(bare, black, mine, progress=report)
        with report.waiting("minimal icon sets"):
            return good.minimal()


def random_rooms(rows: int, cols: int, rng: random.Random, largest: int = 4) -> dict:
    """Rooms of 1..``largest`` cells grown at random in reading order (as in Mourits's
    generator): cell -> room id."""
    rooms: dict = {}
    rid = 0
    for r in range(rows):
        for c in range(cols):
            if (r, c) in rooms:
                continue
            cells = [(r, c)]
            rooms[(r, c)] = rid
            for _ in range(rng.randint(0, largest - 1)):
                x = rng.choice(cells)
                nb = [(x[0] + dr, x[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
                nb = [y for y in nb if 0 <= y[0] < rows and 0 <= y[1] < cols and y not in rooms]
                if nb:
                    y = rng.choice(nb)
                    rooms[y] = rid
                    cells.append(y)
            rid += 1
    return rooms


def check_request(rows: int, cols: int, method: str | None = None) -> str:
    """The method :func:`generate` uses for these (PuzzleFormatError if it cannot be
    asked for them; cheap: a batch checks before any work starts)."""
    if not (isinstance(rows, int) and isinstance(cols, int) and rows * cols >= 2):
        raise PuzzleFormatError(f"nurimeizu generate: a board needs at least 2 cells, got {rows}x{cols}")
    if method is None:
        method = "icon-sets" if rows * cols <= 144 else "maze"
    if method not in ("icon-sets", "maze"):
        raise PuzzleFormatError(f"nurimeizu generate: method {method!r} is not 'icon-sets' or 'maze'")
    if method == "maze" and rows * cols < 4:
        raise PuzzleFormatError(f"nurimeizu generate: the maze route needs 2x2 cells, got {rows}x{cols}")
    return method


def generate(rows: int, cols: int, seed=None, largest_room: int = 4, tries: int = 200,
             stats: dict | None = None, method: str | None = None,
             progress: Progress = None) -> Puzzle:
    """A puzzle with exactly one solution.

    ``method="icon-sets"`` (default up to 144 cells): random rooms, S and G, a
    colouring drawn uniformly from the solutions of that board, and a random
    *minimum* icon set that makes it the only one (boards and colourings that no icon
    set can single out are drawn again).  ``method="maze"`` (default above 144 cells,
    where random rooms are rarely solvable): a random maze first, rooms drawn on it,
    and a *minimal* icon set (``maze.generate_from_maze``).  ``progress`` (see
    ``zalg.progress``) follows the boards and colourings tried (icon-sets) or the icon
    removal (maze)."""
    method = check_request(rows, cols, method)
    rng = random.Random(seed)
    stats = stats if stats is not None else {}
    stats.update({"boards": 0, "colourings": 0})
    if method == "maze":
        p = generate_from_maze(rows, cols, rng, largest_room, tries, stats, progress)
        if p is None:
            raise PuzzleFormatError(f"nurimeizu generate: no unique {rows}x{cols} maze in {tries} tries")
        return p
    with reporter(progress) as report:
        report.stage("random boards and colourings", total=tries)
        p = _from_icon_sets(rows, cols, rng, largest_room, tries, stats, report)
    if p is None:
        raise PuzzleFormatError(f"nurimeizu generate: no unique {rows}x{cols} puzzle in {tries} "
                                "boards")
    return p


def _from_icon_sets(rows, cols, rng, largest_room, tries, stats, report) -> Puzzle | None:
    """The icon-sets route of :func:`generate`: a puzzle, or None after ``tries`` boards."""
    for board in range(tries):
        rooms = random_rooms(rows, cols, rng, largest_room)
        s, g = rng.sample(sorted(rooms), 2)
        bare = Puzzle(rows, cols, rooms, {s: "S", g: "G"})
        stats["boards"] += 1
        F = bare.solve()
        report.update(board + 1, detail=f"{F.count()} colourings")
        if not F:
            continue
        for black in F.sample(min(3, F.count()), seed=rng.randrange(2 ** 62)):
            stats["colourings"] += 1
            good = icon_sets(bare, black)
            if not good:
                continue
            (K,) = minimum_icon_sets(good).sample(1, seed=rng.randrange(2 ** 62))
            icons = dict(bare.icons)
            icons.update(dict(K))
            return Puzzle(rows, cols, rooms, icons)
    return None
