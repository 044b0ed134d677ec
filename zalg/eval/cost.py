"""Cost-bounded subfamilies and the probability of a family (``Family.cost_le``,
``cost_ge``, ``probability``), computed over the exported node arrays in one
compiled pass each (``cost.c`` in the extension ``zalg.eval._kernels``)."""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from .extension import kernels as compiled
from .reading import values_by_level

if TYPE_CHECKING:
    from ..algebra.family import Family

__all__ = ["cost_le", "cost_ge", "probability"]

#: the largest |weight| and |bound| accepted (sums stay far from int64's ends)
LIMIT = 1 << 52


def _integer_weights(family: Family, weights) -> np.ndarray:
    exact = values_by_level(family, weights)
    for w in exact:
        if isinstance(w, bool) or not isinstance(w, (int, np.integer)):
            raise TypeError(f"cost bounds need integer weights, got {w!r}")
    if sum(abs(int(w)) for w in exact) >= LIMIT:
        raise ValueError("the weights' absolute values must sum to less than 2**52")
    return np.array([int(w) for w in exact] + [0], dtype=np.int64)


def cost_le(family: Family, weights, bound: int) -> Family:
    """{S ∈ F : Σ_{x∈S} w[x] ≤ bound} for integer weights (a mapping, or one per
    element in universe order; missing elements weigh 0)."""
    if isinstance(bound, bool) or not isinstance(bound, (int, np.integer)):
        raise TypeError(f"the bound must be an integer, got {bound!r}")
    w = _integer_weights(family, weights)
    bound = int(bound)
    span = int(np.abs(w).sum())
    if bound > span:  # every member is within it
        return family
    if bound < -span:
        return family.universe.empty
    level, hi, lo, root = family.node_arrays()
    M = family.universe.manager
    status, *out = compiled.cost_le(M.ctx, level, hi, lo, int(root), w, bound)
    M.check(status, "bounding a family's cost")
    out[:3] = (np.frombuffer(a, dtype=np.int64) for a in out[:3])
    return family.universe.build_arrays(*out, "a cost-bounded family")


def cost_ge(family: Family, weights, bound: int) -> Family:
    """{S ∈ F : Σ_{x∈S} w[x] ≥ bound} for integer weights."""
    if isinstance(bound, bool) or not isinstance(bound, (int, np.integer)):
        raise TypeError(f"the bound must be an integer, got {bound!r}")
    negated = [-int(x) for x in _integer_weights(family, weights)[:-1]]  # universe order
    return cost_le(family, negated, -int(bound))


def probability(family: Family, p) -> float:
    """Pr[X ∈ F] when X holds each element x independently with probability p[x] (a
    mapping, missing elements 0; or one per element in universe order)."""
    values = values_by_level(family, p, "probabilities")
    for q in values:
        if isinstance(q, bool) or not isinstance(q, numbers.Real) or not 0 <= q <= 1:
            raise ValueError(f"probabilities must be real numbers from 0 to 1, got {q!r}")
    level, hi, lo, root = family.node_arrays()
    p = np.array(values, dtype=np.float64)
    return compiled.probability(level, hi, lo, int(root), p)
