"""The minimum and the hardest good hint sets without the whole family H.

H (``design.instances``) is the family of hitting sets, within the candidates Y,
of the violation sets V = {viol(C') : C' ≠ C*}.  A designer asks for little of it:
the good hint sets of fewest cells and the hardest minimal ones.  Both come from
a growing family K ⊆ minimal(V) of violation sets found on demand (implicit
hitting sets): hitting(K) ⊇ H, so

* the smallest members of hitting(K) that are good (they hit every member of W,
  the frontier relation {C' ∪ viol(C')}) are exactly the minimum members of H
  once any of them is good: H has no smaller member than hitting(K) has;
* a member of hitting(K) of least positive weight that is good is a member of H
  of least weight, and it is minimal (dropping a cell lowers the weight).

A candidate S that is not good has a cycle C' ≠ C* whose violation set misses S;
one of fewest cells among those (a minimal violation set) joins K and rules S
out.  Each round checks a whole layer of candidates at once with family
operations on W: Y ∖ S ⊇ viol(C') exactly when X ∪ (Y ∖ S) ⊇ C' ∪ viol(C') (X:
the edges), so the bad candidates are the members of {X ∪ (Y ∖ S)} that contain
a member of W (``restrict``), and the new violation sets come from the members of
W inside them (``permit``).  Neither H nor ∃x.W is ever built.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import zalg
from zalg.progress import Progress, reporter

from .design import difficulty, difficulty_weights, loop_hints, violation_relation

__all__ = ["LazyDesign", "minimum_hint_sets", "hardest_hint_sets"]

#: candidates up to which a check goes member by member (their bit columns: an eighth
#: of a byte a candidate per element)
BY_MEMBERS = 1 << 20
#: bad candidates up to which the learning takes one violation set of fewest cells for
#: each, member by member (a pass over W's node arrays each)
FEW = 64
#: candidates the hardest's search checks together (one check, one learning for all)
BATCH = 8


class _Oracle:
    """W = {C' ∪ viol(C') : C' ≠ C*} and the growing family K of violation sets."""

    def __init__(self, shape, cycle, candidates, multi: bool, progress: Progress):
        self.W, self.Y, self.U = violation_relation(shape, cycle, candidates, multi, progress)
        self.cell_set = frozenset(self.Y)
        self.X = [x for x in self.U.elements if x not in self.cell_set]  # edges, other cells
        self.edges = self.U.family([self.X])
        self.cells = self.U.power_set(self.Y)
        self.hits = self.cells                 # hitting(K) over Y, K = ∅ so far
        self.found = 0                         # |K|

    def toggled(self, C: zalg.Family) -> zalg.Family:
        """{Y ∖ S : S ∈ C} for a family C over Y."""
        for y in self.Y:
            C = C.change(y)
        return C

    def complements(self, C: zalg.Family) -> zalg.Family:
        """{X ∪ (Y ∖ S) : S ∈ C}."""
        return self.toggled(C) * self.edges

    def bad(self, C: zalg.Family) -> zalg.Family:
        """The members S of C that some other cycle C' satisfies (viol(C') ∩ S = ∅):
        C's members at once, a bit each, in passes over W's nodes (``restrict`` by
        members: the recursion on pairs of nodes walks W once per node of C)."""
        method = "members" if C.count() <= BY_MEMBERS else "nodes"
        inside = self.complements(C).restrict(self.W, method=method)
        return self.toggled(inside / self.edges) if inside else self.U.empty

    def learn(self, bad: zalg.Family) -> None:
        """Add to K violation sets that rule out every member of ``bad``: for at most
        ``FEW`` members one of fewest cells missing each (:meth:`fewest_missing`);
        otherwise, repeatedly, every violation set of fewest cells that misses some
        S ∈ bad (each is minimal: a smaller one would miss S too), then the members of
        ``bad`` those do not rule out yet."""
        if bad.count() <= FEW:  # one violation set of fewest cells for each member
            learned = self.U.family([self.fewest_missing(S)[1] for S in bad])
        else:
            learned, fewest = self.U.empty, 0
            while bad:
                new, fewest = self._fewest_missing(bad, fewest)
                learned |= new
                bad = bad & new.hitting(self.Y)   # the members no new set rules out
        self.found += learned.count()
        self.hits = self.hits & learned.hitting(self.Y)

    def _fewest_missing(self, bad: zalg.Family, fewest: int = 0) -> tuple[zalg.Family, int]:
        """(the violation sets of fewest cells that miss some member of ``bad``, their
        size).  The sets of s cells missing some S are few, so ∃x.W is taken only along
        them (``exists(within=...)``), s = ``fewest``, ``fewest`` + 1, ... until some are
        violation sets: ``fewest`` is a size below which none misses a member of ``bad``
        (the size the last call returned, for ``bad`` a part of that call's)."""
        avoiding = self.toggled(bad)
        for s in range(fewest, len(self.Y) + 1):
            new = self.W.exists(self.X, within=self.cells.of_size(s).permit(avoiding))
            if new:
                return new, s
        raise AssertionError("a bad candidate has a violation set missing it")

    def fewest_missing(self, S: frozenset) -> tuple[float, frozenset | None]:
        """(s, v): a violation set v of fewest cells, s, among those missing S ((inf,
        None) when none does; v is minimal: a smaller one would miss S too): from a
        member of W of least weight, a cell of S weighing infinitely much, another cell
        1, an edge 0 (one pass over W's nodes)."""
        weight, member = self.W.min_weight({y: (math.inf if y in S else 1) for y in self.Y})
        return weight, (None if member is None else member & self.cell_set)


class LazyDesign(_Oracle):
    """One loop's designer answers, sharing W and the violation sets learned so far
    (asking for the minimum first makes the hardest cheaper, and the reverse)."""

    def __init__(self, shape, cycle: Iterable, candidates: Iterable | None = None,
                 multi: bool = False, progress: Progress = None):
        self.report = reporter(progress)
        cycle = frozenset(cycle)
        super().__init__(shape, cycle, candidates, multi, self.report)
        self.h = loop_hints(cycle, *shape)

    def minimum(self) -> zalg.Family:
        """The good hint sets of fewest cells: ``design.minimum(design.instances(...))``.
        Each layer of hitting(K) is checked once: its bad members stay bad, so they are
        all ruled out before the next (larger) layer is looked at."""
        with self.report:
            if self.bad(self.cells.of_size(len(self.Y))):
                return self.U.empty                  # not even every hint makes C* unique
            while True:
                sizes = self.hits.by_size()
                m = min(sizes)
                layer = self.hits.of_size(m)
                bad = self.bad(layer)
                good = layer - bad
                self.report.note(f"size {m}: {sizes[m]} candidates, {bad.count()} ruled out, "
                                 f"{self.found} violation sets")
                if good:
                    return good
                self.learn(bad)

    def hardest(self, count: int = 10, batch: int = BATCH) -> list[tuple[frozenset, tuple]]:
        """The ``count`` hardest minimal good hint sets by the paper's key (as
        ``design.rank_by_difficulty`` orders them), hardest first, with their keys:
        members of hitting(K) in the key's order, ``batch`` at a time checked together;
        those before the first bad one are good and kept if minimal, the bad ones are
        ruled out by new violation sets (and the order restarts)."""
        with self.report:
            weight = difficulty_weights(self.Y, self.h)
            chosen: list[frozenset] = []
            seen: set = set()
            while len(chosen) < count:
                ahead = self._next_unseen(weight, seen, batch)
                if not ahead:
                    break                             # hitting(K) exhausted
                bad = self.bad(self.U.family(ahead))
                for S in ahead:
                    if S in bad or len(chosen) == count:
                        break
                    seen.add(S)
                    smaller = self.U.family([S - {y} for y in S])
                    if self.bad(smaller) == smaller:  # no good set one cell smaller
                        chosen.append(S)
                        self.report.note(f"{len(chosen)} of {count}: {difficulty(S, self.h)}")
                if bad:
                    self.learn(bad)
            return [(S, difficulty(S, self.h)) for S in chosen]

    def _next_unseen(self, weight: dict, seen: set, batch: int) -> list[frozenset]:
        """The first ``batch`` members of hitting(K) in the key's order not in ``seen``."""
        ahead: list[frozenset] = []
        for _, S in self.hits.iter_by_weight(weight):
            if S not in seen:
                ahead.append(S)
                if len(ahead) == batch:
                    break
        return ahead


def minimum_hint_sets(shape, cycle: Iterable, candidates: Iterable | None = None,
                      multi: bool = False, progress: Progress = None) -> zalg.Family:
    """``LazyDesign(...).minimum()``: the good hint sets of fewest cells, without H."""
    return LazyDesign(shape, cycle, candidates, multi, progress).minimum()


def hardest_hint_sets(shape, cycle: Iterable, count: int = 10, candidates: Iterable | None = None,
                      progress: Progress = None) -> list[tuple[frozenset, tuple]]:
    """``LazyDesign(...).hardest(count)``: the hardest minimal good hint sets, without H."""
    return LazyDesign(shape, cycle, candidates, False, progress).hardest(count)
