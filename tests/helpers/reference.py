"""A plain-Python reference for the family algebra: families are sets of frozensets.

Deliberately naive (straight from the set-notation definitions in docs/algebra.md)
so that it is obviously right; only for tiny universes.
"""

from __future__ import annotations

from itertools import chain, combinations


def subsets(elements):
    elements = list(elements)
    return [frozenset(c) for c in chain.from_iterable(combinations(elements, r)
                                                       for r in range(len(elements) + 1))]


def join(F, G):
    return {a | b for a in F for b in G}


def meet(F, G):
    return {a & b for a in F for b in G}


def quotient(F, G):
    candidates = {m - b for m in F for b in G if b <= m}
    return {a for a in candidates if all((a | b) in F and not (a & b) for b in G)}


def substitute(F, pairs):
    """Each member holding x once more with x replaced by y, for every x -> y."""
    return {(m - {x}) | {y} for m in F for x, y in pairs.items() if x in m}


def remainder(F, G):
    return F - join(quotient(F, G), G)


def image(F, rows):
    """{(S - A) | B : S in F, (A, B, C) in rows, A <= S, S & C empty}; C may be left out."""
    out = set()
    for row in rows:
        A, B, C = (list(row) + [()])[:3]
        A, B, C = set(A), set(B), set(C)
        out |= {frozenset((S - A) | B) for S in F if A <= S and not S & C}
    return out


def preimage(F, rows, elements):
    """{S ⊆ elements : image({S}, rows) meets F}."""
    return {S for S in subsets(elements) if image({S}, rows) & F}


def nonsup(F, G):
    return {a for a in F if not any(b <= a for b in G)}


def nonsub(F, G):
    return {a for a in F if not any(a <= b for b in G)}


def restrict(F, G):
    return {a for a in F if any(b <= a for b in G)}


def permit(F, G):
    return {a for a in F if any(a <= b for b in G)}


def minimal(F):
    return {a for a in F if not any(b < a for b in F)}


def maximal(F):
    return {a for a in F if not any(a < b for b in F)}


def hitting(F, elements):
    return {S for S in subsets(elements) if all(S & a for a in F)}


def exists(F, U, X):
    X = frozenset(X)
    return {S for S in subsets(set(U) - X) if any((S | T) in F for T in subsets(X))}


def forall(F, U, X):
    X = frozenset(X)
    return {S for S in subsets(set(U) - X) if all((S | T) in F for T in subsets(X))}


def unique_exists(F, U, X, W=None):
    """S outside X with exactly one T ⊆ X, S ∪ T ∈ F (and, given W, S ∪ T ∈ W)."""
    X = frozenset(X)
    out = set()
    for S in subsets(set(U) - X):
        found = [S | T for T in subsets(X) if (S | T) in F]
        if len(found) == 1 and (W is None or found[0] in W):
            out.add(S)
    return out


def cardinality(U, elements, test):
    E = frozenset(elements)
    return {S for S in subsets(U) if test(len(S & E))}
