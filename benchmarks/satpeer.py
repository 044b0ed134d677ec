"""The SAT peer (pysat, CaDiCaL 1.5.3): Slitherlink and Numberlink decided by a SAT solver,
solutions told apart by blocking clauses over the edges.

Numberlink (the usual encoding): a Boolean per edge and per (cell, label); a
terminal has one edge and its own label, any other cell none or two edges (two
when covering), at most one label, a label exactly when it has an edge; a used
edge joins cells of one label.  That leaves detached cycles of unlabelled-looking
cells possible: a model with a cycle gets the clause "not every edge of this
cycle" (no solution contains a cycle) and is solved again.

Slitherlink: a Boolean per edge and per cell (inside the loop); a dot has 0 or 2
edges, a hinted cell its hint, and an edge is on exactly when its two cells lie
on different sides (the Jordan curve: the outside of the board is outside).  A
model made of several loops gets, for each loop L and each edge f of another
loop, the clause "not all of L, or not f" (a single loop holding all of L is L),
and is solved again.

pysat is imported inside the functions: it is an optional (``bench`` extra)
dependency.  ``*_count(...)``: (solutions found, at most ``limit``; None when undecided within
``seconds`` of CPU time) and the CPU seconds taken, as ``cpsat.count_solutions``.
"""

from __future__ import annotations

import itertools
import time

__all__ = ["numberlink_count", "slitherlink_count"]


class _Vars:
    def __init__(self):
        self.n = 0

    def new(self) -> int:
        self.n += 1
        return self.n


def _exactly(lits, k) -> list[list[int]]:
    """Clauses: exactly k of the (few) literals are true (forbidden patterns)."""
    out = []
    for pattern in itertools.product((0, 1), repeat=len(lits)):
        if sum(pattern) != k:
            out.append([-x if b else x for x, b in zip(lits, pattern)])
    return out


def _cycles(edges) -> list[list]:
    """The cycles among a set of edges whose vertices all have degree 2 in it (each
    component where every vertex has degree 2)."""
    adj: dict = {}
    for e in edges:
        for x in e:
            adj.setdefault(x, []).append(e)
    seen, out = set(), []
    for start in adj:
        if start in seen:
            continue
        comp, todo, comp_edges = [], [start], set()
        seen.add(start)
        while todo:
            x = todo.pop()
            comp.append(x)
            for e in adj[x]:
                comp_edges.add(e)
                y = e[1] if e[0] == x else e[0]
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        if all(len(adj[x]) == 2 for x in comp):
            out.append(sorted(comp_edges))
    return out


#: conflicts per call of the solver: between calls the CPU-time limit is checked
#: (pysat's CaDiCaL 1.5.3 has no ``interrupt``: a timer calling it raised in its thread
#: and the solve ran on, past 160 CPU s on 426_15x15 with covering for a 40-s limit)
CONFLICTS_PER_CALL = 10_000


def _count(solver, edge_var: dict, limit: int, seconds: float | None, start: float,
           repair) -> tuple[int | None, float]:
    """Solve, repair (lazy clauses) or block, until ``limit`` solutions or UNSAT; None
    (undecided) once the process has spent ``seconds`` of CPU time since ``start``
    (``time.process_time``), checked every ``CONFLICTS_PER_CALL`` conflicts and at
    every repair."""
    found = 0
    while found < limit:
        if seconds is not None:
            solver.conf_budget(CONFLICTS_PER_CALL)
        status = solver.solve_limited()
        if status is None:
            if time.process_time() - start > seconds:
                return None, time.process_time() - start
            continue  # the budget ran out: go on (what the solver learnt is kept)
        if not status:
            break
        model = set(x for x in solver.get_model() if x > 0)
        on = [e for e, v in edge_var.items() if v in model]
        extra = repair(on)
        if extra:
            for clause in extra:
                solver.add_clause(clause)
        else:
            found += 1
            solver.add_clause([-v if v in model else v for v in edge_var.values()])
        if seconds is not None and time.process_time() - start > seconds:
            return None, time.process_time() - start
    return found, time.process_time() - start


def numberlink_count(p, cover: bool = False, limit: int = 2,
                     seconds: float | None = 120.0) -> tuple[int | None, float]:
    """Solutions of Numberlink board p found by the SAT peer (see the module)."""
    from pysat.solvers import Solver
    start = time.process_time()
    V = _Vars()
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    labels = list(p.labels())
    clue = p.clues
    edge_var = {e: V.new() for e in p.edges()}
    label = {(x, k): V.new() for x in cells for k in labels}
    clauses = []
    for x in cells:
        around = [edge_var[e] for e in p.cell_edges(x)]
        mine = [label[x, k] for k in labels]
        clauses += [[-a, -b] for a, b in itertools.combinations(mine, 2)]
        if x in clue:
            clauses += _exactly(around, 1)
            clauses += [[label[x, k]] if k == clue[x] else [-label[x, k]] for k in labels]
            continue
        clauses += [[-a, -b, -c] for a, b, c in itertools.combinations(around, 3)]
        for a in around:  # no dead end; an edge means a label
            clauses.append([-a] + [b for b in around if b != a])
            clauses.append([-a] + mine)
        for m in mine:  # a label means an edge
            clauses.append([-m] + around)
        if cover:
            clauses.append(list(around))
    for (x, y), e in edge_var.items():
        for k in labels:
            clauses += [[-e, -label[x, k], label[y, k]], [-e, label[x, k], -label[y, k]]]

    def repair(on):
        return [[-edge_var[e] for e in cycle] for cycle in _cycles(on)]

    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        return _count(solver, edge_var, limit, seconds, start, repair)


def slitherlink_count(p, limit: int = 2, seconds: float | None = 120.0) -> tuple[int | None, float]:
    """Solutions of Slitherlink board p found by the SAT peer (see the module)."""
    from pysat.solvers import Solver
    start = time.process_time()
    V = _Vars()
    edge_var = {e: V.new() for e in p.edges()}
    inside = {x: V.new() for x in p.cells()}
    clauses = []
    for d in p.dots():
        around = [edge_var[e] for e in p.dot_edges(d)]
        clauses += [[-a, -b, -c] for a, b, c in itertools.combinations(around, 3)]
        for a in around:
            clauses.append([-a] + [b for b in around if b != a])
        if p.variant == "full":
            clauses.append(list(around))
    clauses.append(list(edge_var.values()))  # a loop has edges
    for cell, h in p.hints.items():
        clauses += _exactly([edge_var[e] for e in p.cell_edges(cell)], h)

    def side(r, c):
        return inside.get((r, c))  # None: outside the board

    for e, v in edge_var.items():
        (r1, c1), (r2, c2) = e
        a, b = (side(r1 - 1, c1), side(r1, c1)) if r1 == r2 else (side(r1, c1 - 1), side(r1, c1))
        if a is None or b is None:  # the edge is on exactly when the inner cell is inside
            x = a if b is None else b
            clauses += [[-v, x], [v, -x]]
        else:  # v = a xor b
            clauses += [[-v, a, b], [-v, -a, -b], [v, -a, b], [v, a, -b]]

    def repair(on):
        loops = _cycles(on)
        if len(loops) < 2:
            return []
        out = []
        for i, loop in enumerate(loops):
            lits = [-edge_var[e] for e in loop]
            for j, other in enumerate(loops):
                if j != i:
                    out += [lits + [-edge_var[f]] for f in other]
        return out

    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        return _count(solver, edge_var, limit, seconds, start, repair)
