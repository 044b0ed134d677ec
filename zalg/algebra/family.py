"""``Family``: a family of subsets of a universe, stored as a ZDD node (Minato semantics).

A node is read in zero-suppressed semantics: a member is the set of elements on
the then-edges of a path to the 1-terminal.  Elements that a ZDD never mentions
are simply absent from every member, so declaring more elements never changes
what an existing family means.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterable, Iterator
from typing import TYPE_CHECKING

import numpy as np

from ..eval import cost, reading, within
from ..eval import dot
from .. import persist
from . import notation
from ..cudd import native as N
from .. import ops as K
from ..eval.reading import NodeCounts
from ..progress import Progress
from . import routes
from .relation import Relation
from ..text import short_int

if TYPE_CHECKING:  # pragma: no cover
    from .universe import Universe

__all__ = ["Family", "union", "intersection"]

#: the level array of a kernel that reads none
_NO_AUX = np.zeros(1, dtype=np.int64)


class Family:
    """A finite family of subsets of ``universe``'s elements.

    Families are immutable values; operators return new families.  See
    ``docs/algebra.md`` for every operation in set notation.
    """

    __slots__ = ("universe", "_f", "__weakref__", "_arrays_cache", "_counts_cache", "_count", "_upclosed")

    def __init__(self, universe: Universe, function, arrays: tuple | None = None):
        """F as the dd ``function`` of ``universe``'s manager; ``arrays``: its node arrays
        when the caller has them (``node_arrays``' form), kept instead of read again."""
        self.universe = universe
        self._f = function
        self._arrays_cache = arrays
        self._counts_cache = None
        self._count: int | None = None  # |F|, once counted
        #: known to hold every superset (within some element set) of each member
        self._upclosed = False

    def __del__(self):
        # Release the node while its manager surely lives: when a family is garbage in a
        # reference cycle together with its universe, Python runs every finalizer before
        # it clears any object, but dd's Function has none, so without this the CUDD
        # manager could be torn down first ("Still N nodes referenced upon shutdown",
        # then a dereference in a freed manager).
        self._f = None

    # ---- plumbing -------------------------------------------------------------------
    @property
    def _p(self) -> int:
        return N.node_pointer(self._f)

    def _other(self, other) -> Family:
        """``other`` as a family of this universe (an element x stands for {{x}})."""
        if isinstance(other, Family):
            if other.universe is not self.universe:
                raise ValueError("cannot combine families of two different universes")
            return other
        if other in self.universe:
            return self.universe.single(other)
        raise TypeError(f"expected a Family of the same universe, got {other!r}")

    def _apply(self, op: K.Op, step: str, other: Family | None = None, b: int = 0, k: int = 0,
               aux: np.ndarray | None = None) -> Family:
        U = self.universe
        if aux is None:
            aux = np.zeros(len(U) + 1, dtype=np.int64)
        g = other._p if other is not None else b
        return Family(U, U.manager.apply(op, self._p, g, k, aux, step))

    def _cudd(self, name: str, other) -> Family:
        return self._recursion(K.op(name), f"computing a {name}", self._other(other))

    def _recursion(self, op: K.Op, step: str, other: Family) -> Family:
        """``op(self, other)`` for a kernel with a recursion of its own (it reads no levels)."""
        U = self.universe
        return Family(U, U.manager.apply(op, self._p, other._p, 0, _NO_AUX, step))

    # ---- Boolean-set operators --------------------------------------------------------
    def __or__(self, other) -> Family:
        """Union F ∪ G."""
        return self._cudd("union", other)

    __add__ = __or__
    __ror__ = __or__
    __radd__ = __or__

    def __and__(self, other) -> Family:
        """Intersection F ∩ G."""
        return self._cudd("intersect", other)

    __rand__ = __and__

    def __sub__(self, other) -> Family:
        """Difference F ∖ G."""
        return self._cudd("diff", other)

    def __xor__(self, other) -> Family:
        """Symmetric difference (F ∖ G) ∪ (G ∖ F)."""
        other = self._other(other)
        return (self - other) | (other - self)

    def __invert__(self) -> Family:
        """Complement 2^U ∖ F over the universe's current elements."""
        return self.universe.power_set() - self

    # ---- family algebra ---------------------------------------------------------------
    def __mul__(self, other) -> Family:
        """Join F ⊔ G = {a ∪ b : a ∈ F, b ∈ G}."""
        return self._apply(K.JOIN, "computing a join", self._other(other))

    def __rmul__(self, other) -> Family:
        return self._other(other)._apply(K.JOIN, "computing a join", self)

    def __truediv__(self, other) -> Family:
        """Quotient F / G = {a : a ∪ b ∈ F and a ∩ b = ∅ for every b ∈ G}."""
        other = self._other(other)
        M = self.universe.manager
        if other._p == M.zero:
            raise ValueError("division by the empty family")
        if M.one_set(other._p):  # {S ∖ s : s ⊆ S ∈ F} in one walk, cached across calls
            return self._recursion(K.QUOT_SET, "computing a quotient", other)
        return self._apply(K.QUOT, "computing a quotient", other)

    def quotients(self, elements: Iterable[Hashable]) -> list[Family]:
        """[F / x for x in elements]: for each element x, {S ∖ {x} : S ∈ F, x ∈ S}.

        One pass marks which of the elements occur below each node, so each quotient
        walks only the part of F that leads to its element (zalg/ops/quotients.c)."""
        U = self.universe
        xs = list(elements)
        levels = [U.level(x) for x in xs]
        if len(set(xs)) == len(xs):
            done = U.manager.quotients(self._p, levels, "computing quotients")
            if done is not None:
                return [Family(U, r) for r in done]
        return [self / U.single(x) for x in xs]

    def substitute(self, pairs: dict) -> Family:
        """Each member holding x once more with x replaced by y, for every x ↦ y of
        ``pairs``: Σ (F / x) ⊔ {{y}} = {(S ∖ {x}) ∪ {y} : S ∈ F, x ∈ S}.

        When the ys are distinct and all above F's top element (new elements written
        at the top), one pass computes the quotients and writes the ys above them as a
        chain of nodes, with no join or union (zalg/ops/substitute.c)."""
        U = self.universe
        xs, ys = list(pairs), list(pairs.values())
        tops = [U.level(y) for y in ys]
        M = U.manager
        top = M.nvars if self._p in (M.zero, M.one) else N.node_index(self._p)
        if len(set(tops)) == len(tops) and all(t < top for t in tops):
            done = M.substitute_on_top(self._p, [U.level(x) for x in xs], tops,
                                       "substituting elements")
            if done is not None:
                return Family(U, done)
        return union([Q * U.single(y) for Q, y in zip(self.quotients(xs), ys)], universe=U)

    def __mod__(self, other) -> Family:
        """Remainder F % G = F ∖ ((F / G) ⊔ G)."""
        other = self._other(other)
        return self - (self / other) * other

    def meet(self, other) -> Family:
        """Meet F ⊓ G = {a ∩ b : a ∈ F, b ∈ G}."""
        return self._recursion(K.MEET, "computing a meet", self._other(other))

    def nonsup(self, other, method: str = "nodes") -> Family:
        """Non-supersets {a ∈ F : no b ∈ G with b ⊆ a}.  ``method``: "nodes" (a
        recursion on pairs of nodes) or "members" (F's members at once, a bit each,
        in passes over G's nodes: for an F of few members that hold most of the
        elements against a G of many nodes; ``zalg.eval.within``)."""
        other = self._other(other)
        if _by_members(method):
            return within.within_members(self, other, containing=False)
        return self._apply(nonsup_kernel(self, other), "computing non-supersets", other)

    def nonsub(self, other) -> Family:
        """Non-subsets {a ∈ F : no b ∈ G with a ⊆ b}."""
        return self._apply(K.NONSUB, "computing non-subsets", self._other(other))

    def restrict(self, other, method: str = "nodes") -> Family:
        """Supersets {a ∈ F : b ⊆ a for some b ∈ G}.  ``method``: as :meth:`nonsup`."""
        if _by_members(method):
            return within.within_members(self, self._other(other), containing=True)
        return self - self.nonsup(other)

    def permit(self, other) -> Family:
        """Subsets {a ∈ F : a ⊆ b for some b ∈ G}."""
        return self - self.nonsub(other)

    def minimal(self, upclosed: bool | None = None, method: str = "bottomup",
                progress: Progress = None) -> Family:
        """Minimal members {a ∈ F : no b ∈ F with b ⊊ a}.

        ``upclosed=True`` promises that F is up-closed (for some set E: a ∈ F and
        a ⊆ b ⊆ E imply b ∈ F); the recursion then needs plain differences instead
        of non-superset tests (much faster).  By default it is used for families
        known to be up-closed: the results of ``hitting``.  ``method``
        (``zalg.algebra.routes``): "bottomup" (the default), "topdown" (an up-closed F
        only: the minimal completions carried level by level) or "auto" (top down for
        an up-closed F, bottom up otherwise or when the top-down route would pass the
        memory budget).  ``progress``: see ``zalg.progress``."""
        closed = upclosed if upclosed is not None else self._upclosed
        routes.check_method(method)
        if method == "topdown" and not closed:
            raise ValueError("minimal(method='topdown') needs an up-closed family "
                             "(upclosed=True, or a result of hitting)")
        op = K.MINUP if closed else K.MINIMAL
        if method == "bottomup" or not closed:
            return self._apply(op, "computing minimal members")
        return routes.routed("minimal", method,
                             lambda report: routes.topdown("minimal")(self, progress=report),
                             lambda: self._apply(op, "computing minimal members"), progress)

    def maximal(self) -> Family:
        """Maximal members {a ∈ F : no b ∈ F with a ⊊ b}."""
        return self._apply(K.MAXIMAL, "computing maximal members")

    def hitting(self, elements: Iterable[Hashable] | None = None, method: str = "bottomup",
                progress: Progress = None) -> Family:
        """Hitting sets {S ⊆ E : S ∩ a ≠ ∅ for every a ∈ F}, E = ``elements`` (default U).

        ``method`` (``zalg.algebra.routes``): "bottomup" (the default: hit(A ∪ B) =
        hit(A) ∩ hit(B) per node), "topdown" (the subset construction of F's paths
        avoiding S, one element of E at a time) or "auto" (top down, bottom up when
        that would pass the memory budget).  ``progress``: see ``zalg.progress``."""
        def bottom() -> Family:
            H = self._apply(K.HIT, "computing hitting sets", aux=self.universe.prefix(elements))
            H._upclosed = True
            return H
        if method == "bottomup" and progress is None:
            return bottom()
        return routes.routed("hitting", method, lambda report: routes.topdown("hitting")(
            self, elements, progress=report), bottom, progress)

    def hitting_trial(self, elements: Iterable[Hashable] | None = None,
                      levels: int = 12) -> list[tuple[int, int]]:
        """(states, entries) of the first ``levels`` layers of
        ``F.hitting(elements, method="topdown")``: the work of its first levels (sets of
        F's nodes), to compare element orders before building the hitting sets."""
        return routes.topdown("hitting_trial")(self, elements, levels)

    def onset(self, x: Hashable) -> Family:
        """Members holding x: {a ∈ F : x ∈ a} (x is kept; F / x removes it)."""
        return self._apply(K.ONSET, "selecting members", b=self.universe.level(x))

    def offset(self, x: Hashable) -> Family:
        """Members without x: {a ∈ F : x ∉ a}."""
        return self._apply(K.OFFSET, "selecting members", b=self.universe.level(x))

    def change(self, x: Hashable) -> Family:
        """Toggle x in every member: {a △ {x} : a ∈ F}."""
        return self._apply(K.CHANGE, "toggling an element", b=self.universe.level(x))

    def _size_range(self, lo: int, hi: int) -> Family:
        n = len(self.universe)
        lo, hi = max(lo, 0), min(hi, n)
        if lo > hi:
            return self.universe.empty
        return self._apply(K.SIZE, "selecting members by size", b=hi, k=hi - lo)

    def of_size(self, k: int) -> Family:
        """Members of size k: {a ∈ F : |a| = k}."""
        return self._size_range(k, k)

    def smaller(self, k: int) -> Family:
        """Members of size below k: {a ∈ F : |a| < k}."""
        return self._size_range(0, k - 1)

    def larger(self, k: int) -> Family:
        """Members of size above k: {a ∈ F : |a| > k}."""
        return self._size_range(k + 1, len(self.universe))

    def exists(self, elements: Iterable[Hashable], within: Family | None = None) -> Family:
        """∃X: {S ⊆ U∖X : S ∪ T ∈ F for some T ⊆ X}.

        ``within`` (a family H): (∃X F) ∩ H, computed only along H, so that
        the projection itself is never built (fast when H is small)."""
        if within is None:
            return self._apply(K.EXISTS, "quantifying (exists)", aux=self.universe.prefix(elements))
        return self._apply(K.EXWITHIN, "quantifying (exists within)", self._other(within),
                           aux=self.universe.prefix(elements))

    def exists_minimal(self, elements: Iterable[Hashable]) -> Family:
        """minimal(∃X F): the minimal members of ``F.exists(X)``, in one pass.

        Equal to ``F.exists(X).minimal()``, but every intermediate result is an
        antichain, so the (often much larger) projection is never built."""
        return self._apply(K.MINEX, "computing minimal(exists)", aux=self.universe.prefix(elements))

    def forall(self, elements: Iterable[Hashable]) -> Family:
        """∀X: {S ⊆ U∖X : S ∪ T ∈ F for every T ⊆ X}."""
        return self._apply(K.FORALL, "quantifying (for all)", aux=self.universe.prefix(elements))

    def unique_exists(self, elements: Iterable[Hashable], witnesses: Family | None = None,
                      method: str = "bottomup", separation: tuple | None = None,
                      progress: Progress = None) -> Family:
        """∃!X: {S ⊆ U∖X : exactly one T ⊆ X with S ∪ T ∈ F}.

        ``witnesses`` (a family W): only the S whose one witness also has
        S ∪ T ∈ W (Numberlink: the one solution covers the board).  One pass:
        at an element x of X the sets with exactly one witness are those with
        exactly one witness lacking x and none holding x, or the reverse,
        ∃!F = (∃!F₀ ∖ ∃F₁) ∪ (∃!F₁ ∖ ∃F₀); with ``witnesses``, the ∃!
        recursion runs on (F, F ∩ W) and stops where F ∩ W is empty.
        ``method`` (``zalg.algebra.routes``): "bottomup" (the default: that pass),
        "topdown" (the kept elements decided in order, carrying the sets of F's and
        W's nodes reached) or "auto" (top down, bottom up when that would pass the
        memory budget).  ``separation`` (top down only): (a key per node of F, a key
        per node of W, a mask per level and one for the end), int64 bit masks; nodes
        whose keys differ on a level's mask have no completion in common and are
        dropped.  ``progress``: see ``zalg.progress``."""
        def bottom() -> Family:
            W = self if witnesses is None else self & self._other(witnesses)
            return self._apply(K.UNIQ, "quantifying (exists exactly one)", W,
                               aux=self.universe.prefix(elements))
        if method == "bottomup" and progress is None:
            return bottom()
        return routes.routed("unique_exists", method, lambda report: routes.topdown(
            "unique_exists")(self, elements, witnesses=witnesses, separation=separation,
                             progress=report), bottom, progress)

    def image(self, relation) -> Family:
        """Relational image {(S ∖ A) ∪ B : S ∈ F, (A, B, C) ∈ R, A ⊆ S, S ∩ C = ∅}.

        ``relation``: a :class:`zalg.Relation` (``U.relation(rows)``) or its rows,
        each ``(A, B)`` or ``(A, B, C)``.  One pass over F for all rows at once: the
        rows are compiled into a diagram of transitions per level, walked beside F."""
        R = self._relation(relation)
        table, root = R.compiled()
        return self._apply(K.IMAGE, "computing a relational image", b=root, aux=table)

    def preimage(self, relation) -> Family:
        """Relational preimage {S : (S, T) ∈ R for some T ∈ F} (the image under R⁻¹)."""
        return self.image(self._relation(relation).inverse())

    def _relation(self, relation) -> Relation:
        if isinstance(relation, Relation):
            if relation.universe is not self.universe:
                raise ValueError("the relation belongs to another universe")
            return relation
        return Relation(self.universe, relation)

    # ---- comparisons ------------------------------------------------------------------
    def __eq__(self, other) -> bool:
        if not isinstance(other, Family):
            return NotImplemented
        return other.universe is self.universe and other._p == self._p

    def __ne__(self, other) -> bool:
        if not isinstance(other, Family):
            return NotImplemented
        return not self == other

    def __hash__(self) -> int:
        return hash((id(self.universe), self._p))

    def __le__(self, other) -> bool:
        """Subfamily: every member of F is a member of G."""
        return not (self - other)

    def __lt__(self, other) -> bool:
        return self <= other and self != other

    def __ge__(self, other) -> bool:
        return self._other(other) <= self

    def __gt__(self, other) -> bool:
        return self._other(other) < self

    def __bool__(self) -> bool:
        """True unless F is the empty family ∅."""
        return bool(self._p != self.universe.manager.zero)

    def __contains__(self, member) -> bool:
        """Whether the set ``member`` is a member of F."""
        if isinstance(member, (str, bytes)) or not isinstance(member, Iterable):
            raise TypeError(f"membership takes a set of elements, got {member!r}")
        U = self.universe
        try:
            levels = sorted({U.level(x) for x in member})
        except (ValueError, TypeError):
            return False
        return reading.contains(U.manager, self._p, levels)

    # ---- reading ----------------------------------------------------------------------
    def node_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """The ZDD as arrays ``(level, hi, lo, root)``, one entry per node id: ids 0 and 1
        are the terminals ∅ and {∅} (their level is ``len(universe)``), children come
        before parents, ``root`` is the id of F's own node.  A node's members are the
        members of its ``lo`` child, and those of its ``hi`` child each with the element
        of its level added.  Computed once per family (read them; do not change them)."""
        cache = self._arrays_cache
        n = len(self.universe)
        if cache is None:
            cache = self.universe.manager.export(self._p)
        elif cache[0][0] != n:  # the universe grew (new elements go below): terminals move
            level = cache[0].copy()
            level[:2] = n
            cache = (level,) + tuple(cache[1:])
        self._arrays_cache = cache
        return cache

    def node_counts(self) -> NodeCounts:
        """The exact number of members below every node of :meth:`node_arrays`
        (``c[node]``, ``c.root()`` = |F|); computed once per family."""
        if self._counts_cache is None:
            self._counts_cache = NodeCounts(*self.node_arrays())
        return self._counts_cache

    def to_dot(self, limit: int = dot.MAX_DOT_NODES) -> str:
        """The ZDD as Graphviz DOT text: a circle per node labelled by its element, the
        ``hi`` edge (members with the element) solid, the ``lo`` edge dashed, terminals
        ⊥ (∅) and ⊤ ({∅}).  ValueError before any work when it has over ``limit`` nodes."""
        dot.check_dot_size(self.node_count(), limit)
        return dot.dot_text(*self.node_arrays(), self.universe.elements)

    def node_count(self) -> int:
        """Number of decision nodes of the ZDD (terminals not counted)."""
        return len(self.node_arrays()[0]) - 2

    def support(self) -> frozenset:
        """The elements that occur in at least one member."""
        level = self.node_arrays()[0][2:]
        els = self.universe.elements
        return frozenset(els[int(lev)] for lev in np.unique(level))

    def count(self) -> int:
        """The number of members |F|, exact."""
        if self._count is None:  # a family never changes: count it once
            self._count = (self._counts_cache.root() if self._counts_cache is not None
                           else reading.count(self))
        return self._count

    def __len__(self) -> int:
        n = self.count()
        if n > sys.maxsize:
            raise OverflowError(f"the family has {short_int(n)} members, more than len() can return; "
                                "use count()")
        return n

    def by_size(self) -> dict[int, int]:
        """{k: number of members of size k}, for every size that occurs."""
        return reading.by_size(self)

    def __iter__(self) -> Iterator[frozenset]:
        """The members as frozensets of elements."""
        return reading.iterate(self)

    def sample(self, k: int = 1, seed=None) -> list[frozenset]:
        """k distinct members drawn uniformly at random (exact for any family size)."""
        return reading.sample(self, k, seed)

    def sample_of_size(self, size: int, seed=None, tries: int = 100_000) -> frozenset | None:
        """One member of the given size, uniformly among those (None if ``tries``
        tilted draws find none); for families too big for exact counts by size."""
        return reading.sample_of_size(self, size, seed, tries)

    def min_weight(self, weights) -> tuple:
        """(w(a), a) for a member a of least total weight w(a) = Σ_{x∈a} w[x].  A weight
        may be ``math.inf`` (an element no chosen member may hold): (inf, None) when every
        member holds one."""
        return reading.extreme_weight(self, weights, 1)

    def max_weight(self, weights) -> tuple:
        """(w(a), a) for a member a of greatest total weight (``-math.inf`` weights as
        ``min_weight``'s infinite ones: (-inf, None) when every member holds one)."""
        return reading.extreme_weight(self, weights, -1)

    def iter_by_weight(self, weights, descending: bool = False) -> Iterator[tuple]:
        """(w(a), a) for every member a, lazily, in ascending order of weight (descending
        with ``descending=True``)."""
        return reading.iter_by_weight(self, weights, descending)

    def cost_le(self, weights, bound: int) -> Family:
        """{a ∈ F : w(a) ≤ bound}, w(a) = Σ_{x∈a} w[x] for integer weights (a mapping,
        missing elements weigh 0, or one per element in universe order)."""
        return cost.cost_le(self, weights, bound)

    def cost_ge(self, weights, bound: int) -> Family:
        """{a ∈ F : w(a) ≥ bound} for integer weights."""
        return cost.cost_ge(self, weights, bound)

    def probability(self, p) -> float:
        """Pr[X ∈ F] for a random set X holding each element x independently with
        probability p[x] (a mapping, missing elements 0, or one per element)."""
        return cost.probability(self, p)

    # ---- notebooks (Graphillion and networkx: ``zalg.graphs.interop``) ------------------------
    def _repr_html_(self) -> str:
        """Jupyter's view: members, nodes and a few members."""
        return notation.html_summary(self)

    # ---- notation and persistence -----------------------------------------------------
    def to_sympy(self):
        """F as a sympy polynomial in Minato's notation (sum of products of elements)."""
        return notation.to_sympy(self)

    def dump(self, target, format: str | None = None) -> None:
        """Save F with its universe's elements to ``target``: a path (written whole or
        not at all), a binary file object, or ``"-"`` (standard output).

        ``format``: ``"npz"`` (binary, fast) or ``"json"`` (interchange); by default
        JSON for a name ending in ``.json`` or ``.gz`` (gzip), else npz.  Read it
        back with ``zalg.load``."""
        persist.write(target, self.universe.elements, *self.node_arrays(), format=format)

    def dumps(self, format: str = "npz") -> bytes:
        """The bytes ``dump`` would save in ``format`` (read back with ``zalg.loads``)."""
        return persist.dumps(self.universe.elements, *self.node_arrays(), format=format)

    # ---- pickling and copies: data only, never CUDD objects ---------------------------
    def __reduce__(self):
        """Pickle as the universe (its elements and token: ``Universe.__reduce__``) and
        the npz bytes of ``dumps``; families of one universe unpickle into one universe."""
        return (_unpickled, (self.universe, self.dumps(), self._upclosed))

    def __copy__(self) -> Family:
        return self  # families are immutable values

    def __deepcopy__(self, memo) -> Family:
        return self

    def __repr__(self) -> str:
        return notation.short_text(self)


def _unpickled(universe: Universe, data: bytes, upclosed: bool) -> Family:
    """The family of ``Family.__reduce__``: npz bytes read into ``universe``."""
    stored = persist.loads(data)
    F = universe.from_arrays(stored.elements, stored.level, stored.hi, stored.lo, stored.root,
                             "a pickled family")
    F._upclosed = upclosed
    return F


def _fold(op, families: list[Family], empty: Family) -> Family:
    while len(families) > 1:
        nxt = [op(families[i], families[i + 1]) for i in range(0, len(families) - 1, 2)]
        if len(families) % 2:
            nxt.append(families[-1])
        families = nxt
    return families[0] if families else empty


def union(families: Iterable[Family], universe: Universe | None = None) -> Family:
    """The union of any number of families (balanced, so long lists stay fast)."""
    fams = list(families)
    if not fams and universe is None:
        raise ValueError("union() of no families needs universe=")
    U = universe if universe is not None else fams[0].universe
    return _fold(Family.__or__, fams, U.empty)


def intersection(families: Iterable[Family], universe: Universe | None = None) -> Family:
    """The intersection of one or more families (of none: the power set of the universe)."""
    fams = list(families)
    if not fams and universe is None:
        raise ValueError("intersection() of no families needs universe=")
    U = universe if universe is not None else fams[0].universe
    return _fold(Family.__and__, fams, U.power_set())


def _by_members(method: str) -> bool:
    """Whether a non-superset or superset test runs member by member (checked)."""
    if method not in ("nodes", "members"):
        raise ValueError(f"method: 'nodes' or 'members', got {method!r}")
    return method == "members"


def nonsup_kernel(F: Family, G: Family) -> K.Op:
    """The kernel of F.nonsup(G): recursing on unions of G's cofactors while G has no
    more nodes than F (few distinct unions: 15x faster on 20,000 random sets against 171
    small ones), on pairs of existing nodes once G is the larger (its unions multiply:
    2-3x faster on a designer's candidates against the relation of other loops).  The
    comparison walks only as many nodes as the smaller family has."""
    return K.NONSUP_U if F.universe.manager.no_more_nodes(G._p, F._p) else K.NONSUP
