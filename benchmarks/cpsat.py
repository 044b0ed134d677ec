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
