"""``Universe``: an ordered collection of named elements owning one CUDD ZDD manager."""

from __future__ import annotations

import threading
import uuid
import weakref
from collections.abc import Hashable, Iterable

import numpy as np

from .family import Family
from ..ops.manager import Manager
from .. import ops as K
from . import notation
from ..memory import default_budget, parse_size
from .relation import Relation

__all__ = ["Universe"]

#: The most elements a universe may have (CUDD's variable index is a 32-bit int).
MAX_ELEMENTS = 10_000_000
#: Resident bytes one element costs: its CUDD variable (a unique subtable of 256
#: slots and its bookkeeping) and the universe's tables (measured: 1,000,000
#: elements took 2.6 GB in CUDD and 0.23 GB in Python)
ELEMENT_BYTES = 2_900

#: The live universes of this process by token: unpickling a universe reuses the
#: one with its token, so families pickled separately still combine.
_LIVE: weakref.WeakValueDictionary[str, Universe] = weakref.WeakValueDictionary()
_LIVE_LOCK = threading.Lock()


class Universe:
    """An ordered set of named elements; each element is one ZDD variable.

    Elements are any hashable values (strings, integers, tuples such as edges
    ``((0, 0), (0, 1))``).  The order of the elements is the variable order of
    every family of this universe (the first element is the top level).  More
    elements may be added later with :meth:`add`; that never changes what an
    existing :class:`Family` means.

    ``memory``: the budget in bytes (or a text such as ``"300M"``, ``"8G"``) for
    CUDD and the kernels working on this universe; past it an operation raises
    :class:`zalg.OutOfMemory` and the universe stays usable.  Default: the
    process's budget (``zalg.memory.default_budget``: the size a program chose, else
    ``ZALG_MEMORY``, else 3/4 of the memory this process may use), which bounds the
    whole process: CUDD and the kernels get what is left of it besides everything
    else the process holds (read from its resident memory as operations start).

    A universe may be shared between threads: every operation holds Python's
    GIL while it touches CUDD, and long operations pause regularly to let other
    threads run, so operations on one universe are serialised, never raced.

    Pickling (also to other processes): a universe pickles as its elements, its
    ``memory`` argument and ``token``, a random id given at creation.  Unpickling
    returns the live universe of this process with that token, if there is one
    (grown by the pickled elements it lacks), else a new universe with the token;
    so families of one universe pickled separately combine after unpickling, and
    ``copy.deepcopy`` returns the universe itself.
    """

    def __init__(self, elements: Iterable[Hashable] = (), *, memory: int | str | None = None):
        budget = default_budget() if memory is None else parse_size(memory)
        self.manager = Manager(budget, whole_process=memory is None)
        self._elements: list[Hashable] = []
        self._index: dict[Hashable, int] = {}
        self._memory_arg = memory
        self.add(elements)
        self._register(uuid.uuid4().hex)

    # ---- identity across pickling ------------------------------------------------------
    def _register(self, token: str) -> None:
        """Take ``token`` (uuid4 hex) as this universe's identity across pickling."""
        self.token = token
        _LIVE[token] = self

    def __reduce__(self):
        """Pickle as data: the token, the elements, the memory argument (no CUDD object)."""
        return (_unpickled, (self.token, tuple(self._elements), self._memory_arg))

    def __copy__(self) -> Universe:
        return self  # a universe is shared by its families, never copied

    def __deepcopy__(self, memo) -> Universe:
        return self

    # ---- elements -------------------------------------------------------------------
    def add(self, elements: Iterable[Hashable]) -> None:
        """Append new elements at the bottom of the order (duplicates are an error)."""
        new = list(elements)
        seen: set = set()
        for x in new:
            try:
                hash(x)
            except TypeError:
                raise TypeError(f"element {x!r} is not hashable") from None
            if x in self._index or x in seen:
                raise ValueError(f"element {x!r} is already in the universe "
                                 "(or an equal one, such as 1 and 1.0 and True)")
            seen.add(x)
        if not new:
            return
        if len(self._elements) + len(new) > MAX_ELEMENTS:
            raise ValueError(f"a universe holds at most {MAX_ELEMENTS} elements")
        start = len(self._elements)
        self.manager.add_variables(len(new))
        self._index.update(zip(new, range(start, start + len(new))))
        self._elements.extend(new)

    @property
    def memory(self) -> int:
        """The memory budget in bytes (see the class docstring)."""
        return self.manager.budget

    @property
    def memory_in_use(self) -> int:
        """The bytes CUDD holds for this universe now: its nodes and tables, which CUDD
        keeps (for reuse) until the universe itself is gone."""
        return self.manager.memory_in_use()

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

    # ---- the internal interface used by Family, reading, persist, frontier ------------
    def levels(self, elements: Iterable[Hashable]) -> list[int]:
        """The levels of some elements (one element given on its own also works)."""
        if isinstance(elements, Family):
            raise TypeError("expected elements, got a Family (use F.support() for its elements)")
        if elements in self:  # one element given on its own
            return [self._index[elements]]
        if not isinstance(elements, Iterable):  # a string that is no element: its characters
            raise TypeError(f"expected an element or an iterable of elements, got {elements!r}")
        return [self.level(x) for x in elements]

    def marked(self, elements: Iterable[Hashable] | None) -> np.ndarray:
        """A boolean array over levels: True at the given elements (all when None)."""
        n = len(self._elements)
        marked = np.zeros(max(n, 1), dtype=np.bool_)
        if elements is None:
            marked[:n] = True
        else:
            marked[self.levels(elements)] = True
        return marked

    def prefix(self, elements: Iterable[Hashable] | None) -> np.ndarray:
        """Prefix counts of ``marked``: entry l + 1 minus entry l is 1 at a marked level."""
        marked = self.marked(elements)[: len(self._elements)]
        return np.concatenate([[0], np.cumsum(marked)]).astype(np.int64)

    def wrap(self, function) -> Family:
        """The Family of a dd Function of this universe's manager."""
        return Family(self, function)

    def relation(self, rows: Iterable) -> Relation:
        """The relation of rewriting rows (A, B) or (A, B, C): S ↦ (S ∖ A) ∪ B when
        A ⊆ S and S ∩ C = ∅ (see ``Family.image``)."""
        return Relation(self, rows)

    # ---- constructors ----------------------------------------------------------------
    @property
    def empty(self) -> Family:
        """The empty family ∅ (no members)."""
        return Family(self, self.manager.false)

    @property
    def unit(self) -> Family:
        """The unit family {∅} (one member, the empty set)."""
        return Family(self, self.manager.function(self.manager.one))

    def single(self, x: Hashable) -> Family:
        """The family {{x}}: one member, the set holding just x."""
        return self.unit.change(x)

    def var(self, x: Hashable) -> Family:
        """The Boolean-variable family {S ⊆ U : x ∈ S} (all subsets of U holding x)."""
        return self.at_least(1, [x])

    def _build(self, mode: K.Op, elements, k: int, step: str) -> Family:
        return Family(self, self.manager.build(mode, self.marked(elements), k, step))

    def power_set(self, elements: Iterable[Hashable] | None = None) -> Family:
        """All subsets of ``elements`` (default: of the whole universe)."""
        return self._build(K.POWER, elements, 0, "building a power set")

    def exactly(self, k: int, elements: Iterable[Hashable] | None = None) -> Family:
        """{S ⊆ U : |S ∩ elements| = k}."""
        return self._cardinality(K.EXACTLY, k, elements)

    def at_most(self, k: int, elements: Iterable[Hashable] | None = None) -> Family:
        """{S ⊆ U : |S ∩ elements| ≤ k}."""
        return self._cardinality(K.AT_MOST, k, elements)

    def at_least(self, k: int, elements: Iterable[Hashable] | None = None) -> Family:
        """{S ⊆ U : |S ∩ elements| ≥ k}."""
        return self._cardinality(K.AT_LEAST, k, elements)

    def _cardinality(self, mode: K.Op, k: int, elements) -> Family:
        if not isinstance(k, (int, np.integer)) or isinstance(k, bool):
            raise TypeError(f"cardinality must be an integer, got {k!r}")
        k = int(k)
        n = len(self._elements) if elements is None else len(set(self.levels(elements)))
        if k < 0:
            return self.power_set() if mode == K.AT_LEAST else self.empty
        if k > n:
            return self.power_set() if mode == K.AT_MOST else self.empty
        return self._build(mode, elements, k, "building a cardinality family")

    def family(self, sets: Iterable[Iterable[Hashable]]) -> Family:
        """The family whose members are the given sets of elements.

        Built as one trie of the members' sorted levels, handed to CUDD in one
        call (which merges equal subtries): no operation per element."""
        if isinstance(sets, Family):
            raise TypeError("U.family() takes an iterable of sets, not a Family")
        members = set()
        for s in sets:
            if isinstance(s, (str, bytes)):
                raise TypeError(f"a member must be a collection of elements, got the string {s!r}")
            members.add(tuple(sorted(set(self.levels(s)))))
        if not members:
            return self.empty
        level, hi, lo, root = _trie_arrays(sorted(members), len(self._elements))
        return Family(self, self.manager.rebuild(level, hi, lo, root, "building a family"))

    def adopt(self, family: Family, rename=None) -> Family:
        """The same family as a family of this universe.

        Every element of ``family``'s support (after ``rename``, a function of an
        element, if given) must be in this universe, in the same relative order;
        elements the family never uses may be missing."""
        if family.universe is self and rename is None:
            return family
        level, hi, lo, root = family.node_arrays()
        elements = family.universe.elements
        if rename is not None:
            elements = [rename(x) for x in elements]
        return self.from_arrays(elements, level, hi, lo, root, "the family")

    def from_arrays(self, elements, level, hi, lo, root, source: str) -> Family:
        """Build exported node arrays whose levels index ``elements`` (ids 0, 1:
        terminals; children before parents).  The arrays are checked first."""
        level = np.asarray(level, dtype=np.int64).copy()
        hi = np.asarray(hi, dtype=np.int64)
        lo = np.asarray(lo, dtype=np.int64)
        if level.ndim != 1 or len(level) < 2 or len(level) != len(hi) or len(hi) != len(lo):
            raise ValueError(f"{source}: node arrays of different lengths")
        used = [int(x) for x in np.unique(level[2:])]
        if used and (used[0] < 0 or used[-1] >= len(elements)):
            raise ValueError(f"{source}: a node names no element")
        missing = [elements[i] for i in used if not self._holds(elements[i])]
        if missing:
            raise ValueError(f"this universe lacks elements of {source}: {missing[:5]!r}")
        mapped = {i: self.level(elements[i]) for i in used}
        if any(mapped[b] <= mapped[a] for a, b in zip(used, used[1:])):
            raise ValueError(f"this universe orders the elements of {source} differently")
        lookup = np.full(len(elements) + 1, len(self._elements), dtype=np.int64)
        for i, lev in mapped.items():
            lookup[i] = lev
        level[2:] = lookup[level[2:]]
        level[:2] = len(self._elements)
        return self.build_arrays(level, hi, lo, root, source)

    def build_arrays(self, level, hi, lo, root: int, source: str) -> Family:
        """The family of node arrays over this universe's levels (ids 0, 1: terminals;
        node i has children ids below i; a child with hi = 0 is reduced away), checked
        first: a bad array is a ValueError, never a broken ZDD."""
        level = np.ascontiguousarray(level, dtype=np.int64)
        hi = np.ascontiguousarray(hi, dtype=np.int64)
        lo = np.ascontiguousarray(lo, dtype=np.int64)
        if level.ndim != 1 or len(level) < 2 or len(level) != len(hi) or len(hi) != len(lo):
            raise ValueError(f"{source}: node arrays of different lengths")
        bad = self.manager.checked_arrays(level, hi, lo, int(root))
        if bad != -1:
            raise ValueError(f"{source}: node {bad} is not a valid ZDD node "
                             "(levels must grow downwards, children come first)")
        return Family(self, self.manager.rebuild(level, hi, lo, int(root), f"building {source}"))

    def _holds(self, x) -> bool:
        """x is an element here, of the very same type (1, 1.0 and True are not confused)."""
        i = self._index.get(x) if _hashable(x) else None
        return i is not None and _same(self._elements[i], x)

    def parse(self, text: str) -> Family:
        """A family from Minato's polynomial notation, e.g. ``"a*(b + c) + d*e + 1"``."""
        return notation.parse(self, text)


def _unpickled(token: str, elements: tuple, memory) -> Universe:
    """The universe of ``Universe.__reduce__``: this process's universe with ``token``,
    given the pickled elements it lacks (it must hold the others, in the same order),
    else a new universe with that token."""
    with _LIVE_LOCK:
        U = _LIVE.get(token)
        if U is None:
            U = Universe(elements, memory=memory)
            del _LIVE[U.token]
            U._register(token)
            return U
        have = U._elements
        k = min(len(have), len(elements))
        if not all(map(_same, have[:k], elements[:k])):
            raise ValueError(f"cannot unpickle universe {token}: this process holds it with "
                             "other elements (copies that grew apart)")
        U.add(elements[k:])
        return U


def _trie_arrays(members: list[tuple[int, ...]], terminal_level: int):
    """Node arrays (ids 0, 1: the empty family and {∅}) of the family of the given
    sorted, distinct level tuples (in increasing order): for the members sharing
    a prefix of length d, one chain of nodes along the lo edges, one per distinct
    next level, each with the trie below it as its hi child."""
    level, hi, lo = [terminal_level, terminal_level], [0, 0], [0, 1]
    # pre-order list of trie ranges (i, j, d): members[i:j] share their first d levels
    order, stack = [], [(0, len(members), 0)]
    while stack:
        i, j, d = stack.pop()
        order.append((i, j, d))
        k = i + 1 if len(members[i]) == d else i  # only the first may end here
        while k < j:
            v, m = members[k][d], k
            while m < j and members[m][d] == v:
                m += 1
            stack.append((k, m, d + 1))
            k = m
    ids: dict = {}
    for i, j, d in reversed(order):  # children before parents
        acc = 1 if len(members[i]) == d else 0
        first, k = i + acc, j
        while k > first:  # groups from the last (deepest level) up
            v, m = members[k - 1][d], k - 1
            while m > i and len(members[m - 1]) > d and members[m - 1][d] == v:
                m -= 1
            level.append(v)
            hi.append(ids[(m, k, d + 1)])
            lo.append(acc)
            acc = len(level) - 1
            k = m
        ids[(i, j, d)] = acc
    return (np.array(level, dtype=np.int64), np.array(hi, dtype=np.int64),
            np.array(lo, dtype=np.int64), ids[(0, len(members), 0)])


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def _same(a, b) -> bool:
    """Equal and of the same type, recursively through tuples."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b
