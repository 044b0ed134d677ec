"""Sound propagation to a fixpoint, with failed-literal probing, for the genres' pre-passes.

A genre's deductions are Boolean variables (an edge is used or not; a cell is
inside the loop or not) tied by local constraints.  ``Propagator`` holds their
values (-1 open, 0, 1), a trail to undo assignments, and a queue; a genre's
subclass says what an assignment implies (``on_assign``) and which constraints to
re-check (``check``).  Every rule a subclass writes must hold in *every*
solution, so that fixing what it implies never loses a solution and a count of
all solutions stays exact.

``probe`` adds the deduction SAT solvers call failed-literal probing, run to a
fixpoint: an open variable is set to 1, propagated and undone, then set to 0
likewise; a value whose propagation fails is impossible in every solution, and
whatever both values imply holds in every solution (each solution gives the
variable one of the two values).  It finds the human solver's patterns (corners,
3-3 pairs, loop closure, dead ends) without naming them.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Propagator"]


class Propagator:
    """Variables 0..n-1 with values -1 (open), 0 or 1, a trail and a work queue."""

    def __init__(self, n: int):
        self.value: list[int] = [-1] * n
        self.trail: list[tuple[list, int, int]] = []
        self.queue: list[int] = []

    # ---- what a genre defines --------------------------------------------------------
    def on_assign(self, v: int, bit: int) -> bool:
        """Bookkeeping when variable v takes ``bit`` (False: a contradiction)."""
        return True

    def check(self, v: int) -> bool:
        """Re-check the constraints of variable v, assigning what they force (False:
        a contradiction)."""
        return True

    # ---- the machinery ---------------------------------------------------------------
    def put(self, arr: list, i: int, new) -> None:
        """Set arr[i] = new, remembering the old value on the trail."""
        self.trail.append((arr, i, arr[i]))
        arr[i] = new

    def assign(self, v: int, bit: int) -> bool:
        """Give variable v the value ``bit`` (False if it already has the other one or
        the genre's bookkeeping finds a contradiction)."""
        old = self.value[v]
        if old == bit:
            return True
        if old != -1:
            return False
        self.put(self.value, v, bit)
        self.queue.append(v)
        return self.on_assign(v, bit)

    def propagate(self) -> bool:
        """Run the queue to a fixpoint (False: a contradiction; the queue is emptied)."""
        queue, check = self.queue, self.check
        while queue:
            if not check(queue.pop()):
                queue.clear()
                return False
        return True

    def mark(self) -> int:
        return len(self.trail)

    def undo(self, mark: int) -> None:
        """Restore every value changed since ``mark``."""
        trail = self.trail
        while len(trail) > mark:
            arr, i, old = trail.pop()
            arr[i] = old

    def _implied(self, mark: int) -> dict[int, int]:
        value = self.value
        return {i: value[i] for arr, i, _ in self.trail[mark:] if arr is value}

    def try_value(self, v: int, bit: int) -> dict[int, int] | None:
        """The variables that ``v = bit`` forces by propagation (None: it fails); the
        state is left as it was."""
        m = self.mark()
        ok = self.assign(v, bit) and self.propagate()
        implied = self._implied(m) if ok else None
        self.undo(m)
        return implied

    def probe(self, candidates: Iterable[int], rounds: int | None = None) -> bool:
        """Failed-literal probing over ``candidates`` to a fixpoint (or ``rounds``
        passes); keeps every forced value.  False: no solution exists."""
        candidates = list(candidates)
        passes = 0
        changed = True
        while changed and (rounds is None or passes < rounds):
            changed, passes = False, passes + 1
            for v in candidates:
                if self.value[v] != -1:
                    continue
                one = self.try_value(v, 1)
                zero = self.try_value(v, 0) if one is not None else None
                if one is None or zero is None:  # both failing: the assignment fails
                    forced = {v: 0} if one is None else {v: 1}
                else:
                    forced = {u: b for u, b in one.items() if zero.get(u) == b}
                if forced:
                    for u, b in forced.items():
                        if not self.assign(u, b):
                            return False
                    if not self.propagate():
                        return False
                    changed = True
        return True
