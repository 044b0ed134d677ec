"""The front door every genre's ``Puzzle`` shares: solving through one cache, one
``render``, and the view of all solutions for notebooks and the command line.

A genre's ``Puzzle`` (``puzzles/<genre>/puzzle.py``) is its board class (``model.py``:
data, geometry, formats, checker; a frozen dataclass) with :class:`Solvable` mixed in::

    class Puzzle(Board, Solvable, solver=solve.solve, drawing=draw):
        \"\"\"A Slitherlink puzzle: ...\"\"\"

``solver(board, *options, progress=None, **options)`` builds the family of all
solutions (its options are the genre's: Numberlink's ``cover``, Slitherlink's
``method``, ...); ``drawing`` is the genre's ``draw`` module, which provides
``picture(board, solution, fmt)`` (``fmt`` "text" or "svg") and ``marks(board,
differ)`` (SVG marks on the edges or cells where solutions differ).
"""
from __future__ import annotations

import inspect
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Set
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from zalg.progress import Progress

from . import caches
from .errors import PuzzleFormatError
from .render import with_marks

if TYPE_CHECKING:
    import zalg

__all__ = ["one_solution", "Solvable", "SolutionCache", "SOLVED", "Solutions", "undecided", "unit_text",
           "FORMATS"]

#: the picture formats of ``render``
FORMATS = ("text", "svg")


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


# ---- the one solution cache ------------------------------------------------------------------

class _Entry(dict):
    """What solving one board built, by key (a dict that can be weakly referenced), and
    the time of its last use (``puzzles.common.caches.tick``)."""

    used = 0


def _frozen(value) -> Hashable:
    """A hashable stand-in for a board field (mappings and sets by their items)."""
    if isinstance(value, Mapping):
        return frozenset((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, Set):
        return frozenset(value)
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class SolutionCache:
    """Families (and other values) built from boards, per board value and key.

    A board's entry is kept on the board itself, so its results never change while it
    lives (its families stay comparable); equal boards alive at the same time share
    one entry; and the entries of the last ``recent`` boards stay even when those
    boards are gone (a board read again from the same URL finds its solutions), as
    long as the memory of the caches' pool allows (``puzzles.common.caches``: the least
    recently used go first).  So a program that keeps boards keeps their universes:
    keep copies (``dataclasses.replace(board)``) where only the board is needed."""

    #: the attribute of a board that holds its entry
    ATTRIBUTE = "_solved_entry"

    def __init__(self, recent: int = 16):
        self.recent = recent
        self._shared: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self._recent: OrderedDict = OrderedDict()  # key -> [entry, time of last use]
        self._lock = threading.Lock()
        caches.join(self)

    @staticmethod
    def key(board) -> tuple:
        """The board's value: its class and fields (never the board object itself)."""
        return (type(board),) + tuple(_frozen(getattr(board, f.name)) for f in fields(board))

    def entry(self, board) -> dict:
        """The board's entry (made on first use)."""
        entry = board.__dict__.get(self.ATTRIBUTE)
        key = self.key(board) if entry is None or self.recent else None
        with self._lock:
            if entry is None:
                entry = self._shared.get(key)
                if entry is None:
                    entry = self._shared[key] = _Entry()
            entry.used = caches.tick()
            if self.recent:
                self._recent[key] = [entry, caches.tick()]
                self._recent.move_to_end(key)
                while len(self._recent) > self.recent:
                    self._recent.popitem(last=False)
        if board.__dict__.get(self.ATTRIBUTE) is not entry:
            object.__setattr__(board, self.ATTRIBUTE, entry)  # boards are frozen dataclasses
        return entry

    def get(self, board, key: Hashable, build: Callable[[], Any]) -> Any:
        """The value under ``key`` in the board's entry, built by ``build()`` when absent."""
        entry = self.entry(board)
        if key not in entry:
            value = build()
            entry.setdefault(key, value)
            caches.shrink(keep=(self, self.key(board)))
        return entry[key]

    def clear(self) -> None:
        """Forget the recent entries (boards alive keep theirs)."""
        with self._lock:
            self._recent.clear()

    # ---- the caches' pool (puzzles.common.caches): the recent entries
    def stamps(self) -> list:
        with self._lock:
            return [(entry.used, key) for key, (entry, _) in self._recent.items()]

    def values_of(self, key: Hashable) -> list:
        with self._lock:
            kept = self._recent.get(key)
        return [] if kept is None else list(kept[0].values())

    def drop(self, key: Hashable) -> None:
        with self._lock:
            self._recent.pop(key, None)


#: the cache of every genre's solutions
SOLVED = SolutionCache()


# ---- the front door ---------------------------------------------------------------------------

class Solvable:
    """``solve``, ``count``, ``is_unique``, ``solution``, ``solutions``, ``render`` and
    notebook pictures for a genre's board class (see the module).

    Every method takes the genre's solve options (``p.count(cover=True)``); families
    are kept in :data:`SOLVED` per board and options (``progress`` is no option: a
    call with a listener builds afresh, so that it sees the work, and keeps what was
    kept)."""

    def __init_subclass__(cls, solver: Callable | None = None, drawing=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if solver is not None:
            signature = inspect.signature(solver)
            progress = signature.parameters.get("progress")
            if progress is None or progress.kind is not inspect.Parameter.KEYWORD_ONLY:
                raise TypeError(f"{cls.__name__}: the solver {solver.__name__} must take "
                                "progress= (keyword only)")
            cls._solver = staticmethod(solver)
            cls._solver_signature = signature
        if drawing is not None:
            missing = [name for name in ("picture", "marks") if not callable(getattr(drawing, name, None))]
            if missing:
                raise TypeError(f"{cls.__name__}: the drawing lacks {', '.join(missing)}")
            cls._drawing = drawing

    # ---- solving ----------------------------------------------------------------------
    def solver_inputs(self) -> dict:
        """Keyword arguments every solver call gets besides the options, derived from the
        board and kept with it (none by default; Numberlink passes its graph, so that
        ``p.graph()`` and ``p``'s families share one universe)."""
        return {}

    def remember(self, key: Hashable, build: Callable[[], Any]) -> Any:
        """A value derived from this board, built once by ``build()`` and kept with its
        solutions in :data:`SOLVED` (under ``key``, which solve options never use)."""
        return SOLVED.get(self, ("value", key), build)

    def solve(self, *options, progress: Progress = None, **keywords) -> zalg.Family:
        """Every solution as a ``zalg.Family`` (the genre's ``solve`` module with these
        options; ``progress``: see ``zalg.progress``)."""
        inputs = self.solver_inputs()
        bound = self._solver_signature.bind(self, *options, progress=progress, **keywords,
                                            **inputs)
        bound.apply_defaults()
        board = next(iter(self._solver_signature.parameters))
        key = ("solve",) + tuple((name, _frozen(value)) for name, value in bound.arguments.items()
                                 if name not in inputs and name not in (board, "progress"))
        if progress:
            family = self._solver(*bound.args, **bound.kwargs)
            SOLVED.entry(self).setdefault(key, family)
            return family
        return SOLVED.get(self, key, lambda: self._solver(*bound.args, **bound.kwargs))

    def count(self, *options, **keywords) -> int:
        """The number of solutions (exact)."""
        return self.solve(*options, **keywords).count()

    def is_unique(self, *options, **keywords) -> bool:
        """True when the puzzle has exactly one solution."""
        return self.count(*options, **keywords) == 1

    def solution(self, *options, **keywords):
        """One solution (the first member in the family's order, so always the same one
        for the same board, as :meth:`answer` gives it), or None if there is none."""
        member = next(iter(self.solve(*options, **keywords)), None)
        return None if member is None else self.answer(member)

    def answer(self, member):
        """A member of the solution family as the genre gives a solution (the member
        itself unless the genre says otherwise)."""
        return member

    def solutions(self, *options, **keywords) -> Solutions:
        """Every solution (``solve(*options, **keywords)``) as a :class:`Solutions` view."""
        return Solutions(self, self.solve(*options, **keywords))

    # ---- pictures ---------------------------------------------------------------------
    def render(self, solution=None, fmt: str = "text", differ=()) -> str:
        """The board with an optional solution (its edges or black cells) as ``"text"`` or
        ``"svg"``; ``differ``: the edges or cells marked in SVG as those on which
        solutions differ."""
        if fmt not in FORMATS:
            raise ValueError(f"unknown render format {fmt!r}: use 'text' or 'svg'")
        picture = self._drawing.picture(self, solution, fmt)
        return with_marks(picture, self._drawing.marks(self, differ)) if fmt == "svg" else picture

    def _repr_svg_(self) -> str:
        return self.render(fmt="svg")

    def __getstate__(self) -> dict:
        """Pickle and copy the board only, never its solutions (CUDD objects)."""
        state = dict(self.__dict__)
        state.pop(SolutionCache.ATTRIBUTE, None)
        return state


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


def one_solution(puzzle, what: str, progress: Progress = None):
    """The member of ``puzzle.solve()`` when it has exactly one (where a reduction
    starts); PuzzleFormatError, naming ``what``, when it has none or several."""
    F = puzzle.solve(progress=progress)
    if F.count() != 1:
        raise PuzzleFormatError(f"{what}: the puzzle has {F.count()} solutions, not exactly one")
    return next(iter(F))
