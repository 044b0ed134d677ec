"""The CP-SAT peer's common loop: solutions of a model, told apart by a blocking clause."""

from __future__ import annotations

import time


def count_solutions(model, lits, start: float, limit: int = 2,
                    seconds: float | None = None) -> tuple[int | None, float]:
    """(solutions found, at most ``limit``; None when CP-SAT did not decide within
    ``seconds`` of ``start``) and the seconds since ``start``.  After each solution a
    clause over the Boolean ``lits`` (the solution's picture) blocks it.  One worker."""
    from ortools.sat.python import cp_model
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found = 0
    while found < limit:
        if seconds is not None:
            left = seconds - (time.perf_counter() - start)
            if left <= 0:
                return None, time.perf_counter() - start
            solver.parameters.max_time_in_seconds = left
        status = solver.Solve(model)
        if status == cp_model.UNKNOWN:
            return None, time.perf_counter() - start
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found += 1
        model.AddBoolOr([v.Not() if solver.Value(v) else v for v in lits])
    return found, time.perf_counter() - start


def decide_each(puzzles, count, seconds: float) -> dict:
    """Decide every puzzle with ``count(p, seconds=...)`` (a model's solutions, at most
    2; None: undecided in time), each call measured: the counts, the median, mean and
    largest CPU seconds, and how many were undecided."""
    import statistics
    try:
        from . import harness
    except ImportError:  # run as a file: this folder is first on sys.path
        import harness
    found, cpu = [], []
    for p in puzzles:
        with harness.measure() as step:
            found.append(count(p, seconds=seconds)[0])
        cpu.append(step.cpu)
    return {"check": found, "median": statistics.median(cpu), "mean": statistics.mean(cpu),
            "max": max(cpu), "undecided": sum(f is None for f in found)}


def decided_alike(a: dict, b: dict) -> bool:
    """Board by board, the counts agree where both decided (CP-SAT stops at 2)."""
    return all(x is None or y is None or min(x, 2) == min(y, 2)
               for x, y in zip(a["check"], b["check"]))


def single_circuit(m, nodes: list, edges, required=()) -> dict:
    """{edge: Boolean} on model m whose true edges form one cycle through the nodes
    (``AddCircuit``: two arcs per edge, a self-loop skips a node; the ``required``
    nodes have none)."""
    index = {x: i for i, x in enumerate(nodes)}
    edge = {e: m.NewBoolVar("") for e in edges}
    arcs = []
    for (a, b), v in edge.items():
        ab, ba = m.NewBoolVar(""), m.NewBoolVar("")
        arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
        m.Add(ab + ba == v)
    required = set(required)
    for x in nodes:
        skip = m.NewBoolVar("")
        arcs.append((index[x], index[x], skip))
        if x in required:
            m.Add(skip == 0)
    m.AddCircuit(arcs)
    return edge


def slitherlink_count(p, limit: int = 2, seconds: float | None = 120.0) -> tuple[int | None, float]:
    """Solutions of Slitherlink board p found by CP-SAT (at most ``limit``; None when
    undecided within ``seconds``) and the seconds taken.

    One circuit over the dots (``AddCircuit``: two arcs per edge, a self-loop skips a
    dot, so the loop is single by construction), each hinted cell a sum of its edges,
    an inside/outside Boolean per cell tied to the edges (the Jordan curve, for
    propagation); a blocking clause over the edges after each solution.  One worker."""
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    m = cp_model.CpModel()
    dots = p.dots()
    edge = single_circuit(m, dots, p.edges(), dots if p.variant == "full" else ())
    for cell, h in p.hints.items():
        m.Add(sum(edge[e] for e in p.cell_edges(cell)) == h)
    inside = {x: m.NewBoolVar("") for x in p.cells()}
    for e, v in edge.items():
        (r1, c1), (r2, c2) = e
        pair = ((r1 - 1, c1), (r1, c1)) if r1 == r2 else ((r1, c1 - 1), (r1, c1))
        a, b = (inside.get(x) for x in pair)
        if a is None or b is None:
            m.Add(v == (a if b is None else b))
        else:
            m.AddBoolXOr([v, a, b, m.NewConstant(1)])
    m.AddBoolOr(list(edge.values()))
    return count_solutions(m, list(edge.values()), t, limit, seconds)
