"""F.restrict(G) and F.nonsup(G) member by member (``within.c`` in the extension
``zalg.eval._kernels``): one pass over G's node arrays per 512 members of F, a
bit a member, so the time is ~ |F| · ‖G‖ / 512 word operations whatever the shapes
of the two diagrams; the recursion on pairs of nodes is faster when F has many
members or its members skip most of G (then it visits a small part of G)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .extension import kernels as compiled

if TYPE_CHECKING:
    from ..algebra.family import Family

__all__ = ["MEMBERS_LIMIT", "within_members"]

#: the most members F may have for the member-by-member route (its bit columns take
#: |F| / 8 bytes a level)
MEMBERS_LIMIT = 1 << 22


def within_members(F: Family, G: Family, containing: bool) -> Family:
    """{a ∈ F : b ⊆ a for some b ∈ G} (``containing``), else {a ∈ F : no b ∈ G with b ⊆ a};
    F must have at most ``MEMBERS_LIMIT`` members."""
    if F.count() > MEMBERS_LIMIT:
        raise ValueError(f"the member-by-member route takes at most {MEMBERS_LIMIT} members, "
                         f"F has {F.count()}")
    level, hi, lo, root = F.node_arrays()
    glevel, ghi, glo, groot = G.node_arrays()
    U = F.universe
    M = U.manager
    status, *out = compiled.within_members(M.ctx, level, hi, lo, int(root), glevel, ghi, glo,
                                           int(groot), len(U.elements), containing)
    M.check(status, "testing members for subsets")
    out[:3] = (np.frombuffer(a, dtype=np.int64) for a in out[:3])
    return U.build_arrays(*out, "the members containing a member" if containing
                          else "the members containing no member")
