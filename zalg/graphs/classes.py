"""Graph classes composed from the frontier machines' families by the algebra, each
composition exact (E a member, V(E) the vertices its edges touch):

* ``steiner_paths(T)``: a path (any ends, E ≠ ∅) whose vertices hold T: the
  components machine's single tree with every degree ≤ 2 and an edge at each terminal
  (one machine, no composition);
  ``steiner_paths(T, s, t)``: the s-t paths with deg_E(v) = 2 at every v ∈ T ∖ {s, t};
* ``steiner_cycles(T)``: the cycles with deg_E(v) = 2 at every v ∈ T;
* ``regular_graphs(d)``: E ≠ ∅ with deg_E(v) = d at every v ∈ V(E) (d in a range: one
  d per member), connected unless asked otherwise: for d = 1 the single edges, for
  d = 2 the cycles, for larger d the degree family ∩ the connected edge sets;
* ``cliques(k)``: the complete subgraphs on k vertices: deg_E(v) ∈ {0, k - 1} for all v
  and |E| = k(k - 1)/2 (a (k-1)-regular graph with that many edges has k vertices);
* ``reliability(p, T)``: Pr[the terminals T lie in one component] when each edge e
  works independently with probability p[e] (K-terminal reliability; T = all the
  vertices: all-terminal reliability, the graph's random subgraph connected and
  spanning), the probability of the family ``connecting(T)``.  Exact (a Fraction) for
  Fraction and int probabilities: the numerator is evaluated modulo primes, level by
  level over the ZDD's node arrays, and rebuilt by the Chinese remainder theorem.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from math import lcm, prod

import numpy as np

from . import components, degrees

__all__ = ["steiner_paths", "steiner_cycles", "regular_graphs", "cliques", "reliability",
           "exact_probability"]


def steiner_paths(graph, terminals, s=None, t=None, progress=None):
    """Paths whose vertices hold every terminal (see the module docstring)."""
    terms = set(components.known(graph, terminals, "terminal"))
    if (s is None) != (t is None):
        raise ValueError("give both ends of the paths, or neither")
    if s is not None:
        inner = {x: (2,) for x in terms - {s, t}}
        return graph.paths(s, t, progress=progress) & degrees.subgraphs(graph, inner, progress)
    return components.paths_through(graph, terms, progress)


def steiner_cycles(graph, terminals, progress=None):
    """Cycles through every terminal."""
    terms = components.known(graph, terminals, "terminal")
    return graph.cycles(progress=progress) & degrees.subgraphs(
        graph, {x: (2,) for x in terms}, progress)


def _degree_range(graph, degree) -> range:
    if degree is None:
        return range(1, len(graph.vertices))
    if isinstance(degree, (int, np.integer)):
        return range(int(degree), int(degree) + 1)
    lo, hi = degree
    return range(max(int(lo), 1), int(hi) + 1)


def regular_graphs(graph, degree=None, connected: bool = True, progress=None):
    """Non-empty edge sets in which every touched vertex has the same degree d (an
    integer, a (lo, hi) range, or None: any d ≥ 1); ``connected``: also connected."""
    U = graph.universe
    out, wide = U.empty, U.empty
    for d in _degree_range(graph, degree):
        F = degrees.subgraphs(graph, {x: (0, d) for x in graph.vertices}, progress) - U.unit
        if connected and d == 1:
            out |= F.of_size(1)
        elif connected and d == 2:
            out |= graph.cycles(progress=progress)
        else:
            wide |= F
    if connected and wide:
        wide &= components.connected_graphs(graph, progress)
    return out | wide


def cliques(graph, k: int, progress=None):
    """The complete subgraphs on k vertices, as their edge sets (∅ for k ≤ 1)."""
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0:
        raise ValueError(f"a clique size must be a non-negative integer, got {k!r}")
    U = graph.universe
    if k <= 1:
        return U.unit if k <= len(graph.vertices) else U.empty
    if k == 2:  # the single edges
        return U.exactly(1, graph.edges)
    F = degrees.subgraphs(graph, {x: (0, k - 1) for x in graph.vertices}, progress)
    return F.of_size(k * (k - 1) // 2)


def _probabilities(graph, probabilities) -> list:
    """One probability per edge in universe order (1 for an edge not given)."""
    U = graph.universe
    out = [1] * len(U)
    for e, p in dict(probabilities).items():
        key = tuple(e) if tuple(e) in U else tuple(e)[::-1]
        if len(key) != 2 or key not in U:
            raise ValueError(f"{e!r} is not an edge of the graph")
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 <= p <= 1:
            raise ValueError(f"probabilities must be real numbers from 0 to 1, got {p!r}")
        out[U.level(key)] = p
    return out


def reliability(graph, probabilities, terminals=None, progress=None):
    """Pr[every terminal (default: every vertex) lies in one component of the random
    subgraph] (see the module docstring); a Fraction when every probability is an int
    or a Fraction, else a float."""
    terms = graph.vertices if terminals is None else terminals
    p = _probabilities(graph, probabilities)
    F = components.connecting(graph, terms, progress)
    if all(isinstance(q, (int, Fraction)) for q in p):
        return exact_probability(F, [Fraction(q) for q in p])
    return F.probability([float(q) for q in p])


#: the moduli of ``exact_probability``: primes below 2**31 (products of two residues fit
#: an int64), found once by a sieve of the window below 2**31
_WINDOW = 1 << 20
_MODULI: list[int] = []


def _primes(count: int) -> list[int]:
    """``count`` primes below 2**31 (descending)."""
    if not _MODULI:
        top = 1 << 31
        small = np.ones(46341, dtype=bool)  # 46341**2 > 2**31
        small[:2] = False
        for k in range(2, 216):
            if small[k]:
                small[k * k::k] = False
        window = np.ones(_WINDOW, dtype=bool)  # top - _WINDOW + i
        base = top - _WINDOW
        for q in np.flatnonzero(small):
            window[(-base) % q::q] = False
        _MODULI.extend(int(base + i) for i in np.flatnonzero(window)[::-1])
    if count > len(_MODULI):
        raise ValueError("the probabilities' common denominator is too large for an exact "
                         "reliability: give floats")
    return _MODULI[:count]


def exact_probability(family, p: list[Fraction]) -> Fraction:
    """Pr[X ∈ F] for X holding level i's element with probability p[i], exactly.

    With D the common denominator, a_i = D p_i and b_i = D - a_i, the numerator
    N = Σ_{S∈F} Π_{i∈S} a_i Π_{i∉S} b_i (0 ≤ N ≤ D^n) is evaluated modulo enough
    primes, a level at a time (the nodes of a level depend only on deeper ones)."""
    n = len(p)
    D = lcm(*(q.denominator for q in p)) if p else 1
    a = [int(q * D) for q in p]
    b = [D - x for x in a]
    level, hi, lo, root = family.node_arrays()
    if root < 2:
        return Fraction(int(root))
    bits = n * D.bit_length() + 1
    primes = _primes(bits // 30 + 1)
    residues = [_numerator_mod(level, hi, lo, int(root), a, b, q) for q in primes]
    N, M = 0, 1
    for r, q in zip(residues, primes):  # the Chinese remainder theorem, one prime at a time
        N += M * ((r - N) * pow(M, -1, q) % q)
        M *= q
    return Fraction(N, D ** n)


def _numerator_mod(level, hi, lo, root: int, a: list, b: list, q: int) -> int:
    n = len(a)
    # skip(i, j) = Π_{i ≤ k < j} b_k (mod q): prefix products of the non-zero factors and
    # prefix counts of the zero ones
    pre, zeros, inv = [1] * (n + 1), [0] * (n + 1), [1] * (n + 1)
    for k in range(n):
        f = b[k] % q
        pre[k + 1] = pre[k] * (f or 1) % q
        zeros[k + 1] = zeros[k] + (f == 0)
    for k in range(n + 1):
        inv[k] = pow(pre[k], -1, q)
    pre_a, zeros_a, inv_a = (np.array(x, dtype=np.int64) for x in (pre, zeros, inv))
    a_mod = np.array([x % q for x in a] + [0], dtype=np.int64)
    b_mod = np.array([x % q for x in b] + [0], dtype=np.int64)

    def skip(i, j):
        out = pre_a[j] * inv_a[i] % q
        return np.where(zeros_a[j] - zeros_a[i] > 0, 0, out)

    value = np.zeros(len(level), dtype=np.int64)
    value[1] = 1
    lev = np.asarray(level, dtype=np.int64)
    hi, lo = np.asarray(hi, dtype=np.int64), np.asarray(lo, dtype=np.int64)
    order = np.argsort(-lev[2:], kind="stable") + 2
    bounds = np.searchsorted(-lev[order], np.arange(-n + 1, 1), side="left")
    ends = np.append(bounds[1:], len(order))
    for start, end in zip(bounds, ends):  # levels from the deepest up
        ids = order[start:end]
        if not len(ids):
            continue
        here = lev[ids] + 1
        low = value[lo[ids]] * skip(here, lev[lo[ids]]) % q * b_mod[lev[ids]] % q
        high = value[hi[ids]] * skip(here, lev[hi[ids]]) % q * a_mod[lev[ids]] % q
        value[ids] = (low + high) % q
    return int(value[root] * skip(np.int64(0), np.int64(lev[root])) % q)
