"""``Universe``: an ordered collection of named elements owning one CUDD ZDD manager."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import dd.cudd_zdd as _cz
import numpy as np

from . import _kernels as K
from . import _native as N
from .family import Family

__all__ = ["Universe"]


class Universe:
    """An ordered set of named elements; each element is one ZDD variable.

    Elements are any hashable values (strings, integers, tuples such as edges
    ``((0, 0), (0, 1))``).  The order of the elements is the variable order of
    every family of this universe (the first element is the top level).  More
    elements may be added later with :meth:`add`; that never changes what an
    existing :class:`Family` means.
    """

    def __init__(self, elements: Iterable[Hashable] = (), *, memory: int | None = None):
        self._zdd = _cz.ZDD(memory_estimate=memory) if memory else _cz.ZDD()
        self._zdd.configure(reordering=False)
        self._mgr = N.manager_pointer(self._zdd)
        self._elements: list[Hashable] = []
        self._index: dict[Hashable, int] = {}
        self._refresh()
        self.add(elements)

    # ---- elements -------------------------------------------------------------------
    def add(self, elements: Iterable[Hashable]) -> None:
        """Append new elements at the bottom of the order (duplicates are an error)."""
        new = list(elements)
        for x in new:
            try:
                hash(x)
            except TypeError:
                raise TypeError(f"element {x!r} is not hashable") from None
        seen = set()
        for x in new:
            if x in self._index or x in seen:
                raise ValueError(f"element {x!r} is already in the universe")
            seen.add(x)
        if not new:
            return
        start = len(self._elements)
        self._zdd.declare(*[f"v{i}" for i in range(start, start + len(new))])
        for i, x in enumerate(new, start):
            self._index[x] = i
            self._elements.append(x)
        self._refresh()

    def _refresh(self) -> None:
        n = len(self._elements)
        zero = N.node_pointer(self._zdd.false)
        one = N.LIB.Cudd_ReadOne(self._mgr)
        self._ctx = np.array([self._mgr, zero, one, N.ADDR["getnode"], N.ADDR["union"],
                              N.ADDR["intersect"], N.ADDR["diff"], N.ADDR["ref"],
                              N.ADDR["deref"], n], dtype=np.int64)
        # without reordering, the level of the variable with index i is i
        self._perm = np.arange(max(n, 1), dtype=np.int64)
        self._inv = self._perm

    @property
    def elements(self) -> tuple:
        """The elements, top level first."""
        return tuple(self._elements)

    def __len__(self) -> int:
        return len(self._elements)

    def __iter__(self):
        return iter(self._elements)

    def __contains__(self, x) -> bool:
        try:
            return x in self._index
        except TypeError:
            return False

    def __repr__(self) -> str:
        shown = ", ".join(repr(x) for x in self._elements[:6])
        more = ", ..." if len(self._elements) > 6 else ""
        return f"Universe([{shown}{more}])  # {len(self._elements)} elements"

    def level(self, x: Hashable) -> int:
        """The level (position in the order) of element x."""
        try:
            return self._index[x]
        except (KeyError, TypeError):
            raise ValueError(f"unknown element {x!r}: not in this universe") from None

    def _levels(self, elements: Iterable[Hashable]) -> list[int]:
        if isinstance(elements, Family):
            raise TypeError("expected elements, got a Family (use F.support() for its elements)")
        if elements in self:  # one element given on its own
            return [self._index[elements]]
        if not isinstance(elements, Iterable):  # a string that is no element: its characters
            raise TypeError(f"expected an element or an iterable of elements, got {elements!r}")
        return [self.level(x) for x in elements]

    def _mask(self, elements: Iterable[Hashable] | None) -> np.ndarray:
        n = len(self._elements)
        marked = np.zeros(max(n, 1), dtype=np.bool_)
        if elements is None:
            marked[:n] = True
        else:
            marked[self._levels(elements)] = True
        return marked

    def _prefix(self, elements: Iterable[Hashable] | None) -> np.ndarray:
        marked = self._mask(elements)[: len(self._elements)]
        return np.concatenate([[0], np.cumsum(marked)]).astype(np.int64)

    # ---- wrapping CUDD nodes ---------------------------------------------------------
    def _wrap_new(self, p: int) -> Family:
        """A family for an unreferenced node just returned by CUDD."""
        return Family(self, self._zdd._add_int(int(p) + 2))

    def _wrap_owned(self, p: int) -> Family:
        """A family for a node carrying one reference owned by the caller."""
        p = int(p)
        f = Family(self, self._zdd._add_int(p + 2))
        N.cudd_deref(self._mgr, p)
        return f

    def _build(self, mode: int, elements, k: int) -> Family:
        return self._wrap_owned(K.build(mode, self._ctx, self._inv, self._mask(elements), k))

    # ---- constructors ----------------------------------------------------------------
    @property
    def empty(self) -> Family:
        """The empty family ∅ (no members)."""
        return Family(self, self._zdd.false)

    @property
    def unit(self) -> Family:
        """The unit family {∅} (one member, the empty set)."""
        return self._wrap_new(int(self._ctx[K.C_ONE]))

    def single(self, x: Hashable) -> Family:
        """The family {{x}}: one member, the set holding just x."""
        return self.unit.change(x)

    def var(self, x: Hashable) -> Family:
        """The Boolean-variable family {S ⊆ U : x ∈ S} (all subsets of U holding x)."""
        return self.at_least(1, [x])

    def power_set(self, elements: Iterable[Hashable] | None = None) -> Family:
        """All subsets of ``elements`` (default: of the whole universe)."""
        return self._build(K.POWER, elements, 0)

    def exactly(self, k: int, elements: Iterable[Hashable] | None = None) -> Family:
        """{S ⊆ U : |S ∩ elements| = k}."""
        return self._cardinality(K.EXACTLY, k, elements)

    def at_most(self, k: int, elements: Iterable[Hashable] | None = None) -> Family:
        """{S ⊆ U : |S ∩ elements| ≤ k}."""
        return self._cardinality(K.AT_MOST, k, elements)

    def at_least(self, k: int, elements: Iterable[Hashable] | None = None) -> Family:
        """{S ⊆ U : |S ∩ elements| ≥ k}."""
        return self._cardinality(K.AT_LEAST, k, elements)

    def _cardinality(self, mode: int, k: int, elements) -> Family:
        if not isinstance(k, (int, np.integer)) or isinstance(k, bool):
            raise TypeError(f"cardinality must be an integer, got {k!r}")
        k = int(k)
        n = len(self._elements) if elements is None else len(set(self._levels(elements)))
        if k < 0:
            return self.power_set() if mode == K.AT_LEAST else self.empty
        if k > n:
            return self.power_set() if mode == K.AT_MOST else self.empty
        return self._build(mode, elements, k)

    def family(self, sets: Iterable[Iterable[Hashable]]) -> Family:
        """The family whose members are the given sets of elements."""
        from .family import union
        if isinstance(sets, Family):
            raise TypeError("U.family() takes an iterable of sets, not a Family")
        members = []
        for s in sets:
            if isinstance(s, (str, bytes)):
                raise TypeError(f"a member must be a collection of elements, got the string {s!r}")
            member = self.unit
            for lev in sorted(set(self._levels(s)), reverse=True):
                member = member.change(self._elements[lev])
            members.append(member)
        return union(members, universe=self)

    def adopt(self, family: Family, rename=None) -> Family:
        """The same family as a family of this universe.

        Every element of ``family``'s support (after ``rename``, a function of an
        element, if given) must be in this universe, in the same relative order;
        elements the family never uses may be missing."""
        if family.universe is self and rename is None:
            return family
        level, hi, lo, root = family._arrays()
        elements = family.universe.elements
        if rename is not None:
            elements = [rename(x) for x in elements]
        return self._from_arrays(elements, level, hi, lo, root, "the family")

    def _from_arrays(self, elements, level, hi, lo, root, source: str) -> Family:
        """Build exported node arrays whose levels index ``elements`` (0, 1: terminals)."""
        level = np.asarray(level, dtype=np.int64).copy()
        used = sorted(set(int(x) for x in level[2:]))
        missing = [elements[i] for i in used if elements[i] not in self]
        if missing:
            raise ValueError(f"this universe lacks elements of {source}: {missing[:5]!r}")
        mapped = {i: self.level(elements[i]) for i in used}
        if any(mapped[b] <= mapped[a] for a, b in zip(used, used[1:])):
            raise ValueError(f"this universe orders the elements of {source} differently")
        for i in range(2, len(level)):
            level[i] = mapped[int(level[i])]
        p = K.rebuild(self._ctx, self._inv, level, np.asarray(hi, dtype=np.int64),
                      np.asarray(lo, dtype=np.int64), int(root))
        return self._wrap_owned(p)

    def parse(self, text: str) -> Family:
        """A family from Minato's polynomial notation, e.g. ``"a*(b + c) + d*e + 1"``."""
        from .notation import parse
        return parse(self, text)
