"""Implicit hitting sets: clue sets that make a designer's solution unique, found with
the family algebra and a solver that supplies counterexamples on demand.

A clue set K makes the intended solution unique when every other (oriented)
solution candidate violates some clue of K: K must *hit* every violation set.
The violation sets of all candidates are too many to list, so they are
collected as needed (Moreno-Centeno and Karp's implicit hitting set method):

1. V holds the violation sets seen so far (a family over the clue elements);
2. the hitting sets of V that contain no conflicting pair of clues are
   ``V.hitting(clues) & allowed``, where ``allowed = power_set.nonsup(conflicts)``
   (built once); a candidate K is a minimal one;
3. the oracle solves the instance of K: if K already makes the solution
   unique, K is good, and, being a minimal hitting set of true violation sets,
   no clue of K can be dropped; otherwise the oracle returns violation sets of
   other solutions, which join V, and the loop goes on.

``find_all`` returns the family of every good minimal K, with the family
algebra (the loop ends when every minimal hitting set of V has been confirmed by
the oracle).  (Nagareru's generator, which needs one good K, strips clues from
the full set instead: see ``puzzles.nagareru.design``.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import zalg
from zalg.progress import Progress, reporter

__all__ = ["HittingSearch"]

Oracle = Callable[[frozenset], list[frozenset]]


class HittingSearch:
    """Minimal clue sets hitting every violation set the ``oracle`` can produce.

    ``clues``: the candidate clue elements (hashable); ``oracle(K)``: [] when K
    is good, else violation sets (sets of clues) of solutions other than the
    intended one that K admits (each must miss K); ``conflicts``: pairs of
    clues that may not be used together; ``seed_sets``: violation sets known in
    advance (from cheap witnesses)."""

    def __init__(self, clues: Iterable[Hashable], oracle: Oracle,
                 conflicts: Iterable[tuple] = (), seed_sets: Iterable[Iterable] = (),
                 max_rounds: int = 10_000):
        self.clues = list(dict.fromkeys(clues))
        self.U = zalg.Universe(self.clues)
        self.oracle = oracle
        self._pairs = [tuple(pair) for pair in conflicts]
        pairs = self.U.family([list(pair) for pair in self._pairs])
        # every conflict-free clue set, built once: candidates are then an intersection
        self.allowed = self.U.power_set().nonsup(pairs) if pairs else None
        self.V = self.U.empty
        self.rounds = 0
        self.oracle_calls = 0
        self.max_rounds = max_rounds
        self.add(seed_sets)

    def add(self, sets: Iterable[Iterable]) -> None:
        """More violation sets (only the minimal ones matter)."""
        new = self.U.family([frozenset(s) & set(self.clues) for s in sets])
        self.V = (self.V | new).minimal()

    def candidates(self) -> zalg.Family:
        """Every conflict-free set of clues that hits every violation set in V."""
        H = self.V.hitting(self.clues)
        return H & self.allowed if self.allowed is not None else H

    def find_all(self, progress: Progress = None) -> zalg.Family:
        """Every good minimal clue set (all confirmed by the oracle).  ``progress``: see
        ``zalg.progress`` (one update per oracle call: sets confirmed, candidates left)."""
        confirmed: set[frozenset] = set()
        with reporter(progress) as report:
            while self.rounds < self.max_rounds:
                self.rounds += 1
                M = self.candidates().minimal()
                todo = [frozenset(m) for m in M if frozenset(m) not in confirmed]
                if not todo:
                    return M
                progressed = False
                for left, K in enumerate(todo):
                    self.oracle_calls += 1
                    found = self.oracle(K)
                    report.update(self.oracle_calls, detail=f"{len(confirmed)} confirmed, "
                                  f"{len(todo) - left - 1} candidates left, "
                                  f"{self.V.count()} violation sets")
                    if found:
                        self.add(found)
                        progressed = True
                        break
                    confirmed.add(K)
                if not progressed:
                    return self.candidates().minimal()
        raise RuntimeError(f"no answer after {self.max_rounds} rounds")
