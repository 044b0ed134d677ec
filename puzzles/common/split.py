"""Split and sweep: the frontier sweep of a board whose undecided edges leave too many
states, split on one edge into two boards, each deduced again.

Every solution has the branching edge on or off, so the families of the two
branches are disjoint and their union is the family of all solutions: the count
stays exact however often a board is split.  A branch whose deductions clash has
no solution and contributes nothing.  The edge to split on is the last undecided
edge the sweep had processed when its frontier grew too wide (``zalg.TooWide``
names the level), so each branch carries the states of one value of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import zalg
from zalg.progress import Progress, reporter

__all__ = ["split_sweep"]

Fixed = dict


def split_sweep(sweep: Callable[[Fixed, int | None], "zalg.Family"],
                deduce: Callable[[Fixed], Fixed], fixed: Fixed, order: Sequence,
                clash: type[Exception], empty: "zalg.Family", max_width: int = 1 << 18, depth: int = 16,
                stats: dict | None = None, progress: Progress = None) -> "zalg.Family":
    """The family of all solutions agreeing with ``fixed``.

    ``sweep(fixed, max_width)``: the frontier sweep (``zalg.TooWide`` past the
    width; ``None``: no limit); ``deduce(given)``: every edge decided once the
    edges of ``given`` are, raising ``clash`` when no solution agrees; ``order``:
    the sweep's edge order; ``empty``: the empty family of the sweep's universe.  Past ``depth`` splits a branch is swept without limit.
    ``stats`` (optional) counts the sweeps and splits.  ``progress`` (see
    ``zalg.progress``; pass the sweep's own reporter to share its lines): each
    branch's deductions open a stage of their own, named by the split's depth."""
    report = reporter(progress)
    stats = {} if stats is None else stats
    stats.setdefault("sweeps", 0)
    stats.setdefault("splits", 0)
    stats.setdefault("clashes", 0)

    def solve(fixed: Fixed, level: int):
        stats["sweeps"] += 1
        try:
            return sweep(fixed, max_width if level < depth else None)
        except zalg.TooWide as wide:
            edge = _branch_edge(order, fixed, wide.level - 1)
        stats["splits"] += 1
        out = empty
        for bit in (1, 0):
            try:
                report.stage(f"split {level + 1}, edge {'on' if bit else 'off'}: deductions")
                branch = deduce({**fixed, edge: bit})
            except clash:
                stats["clashes"] += 1
                continue
            out = out | solve(branch, level + 1)
        return out

    return solve(fixed, 0)


def _branch_edge(order: Sequence, fixed: Fixed, level: int):
    """The last undecided edge before ``level`` in the sweep order (else the first after)."""
    for i in range(min(level, len(order)) - 1, -1, -1):
        if order[i] not in fixed:
            return order[i]
    for e in order[level:]:
        if e not in fixed:
            return e
    raise ValueError("every edge is decided, yet the sweep was too wide")
