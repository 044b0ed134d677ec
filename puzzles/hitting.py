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

``find_one`` returns one good minimal K (a randomised greedy minimal hitting set
of V each round); ``find_all`` returns the family of every good minimal K, with
the family algebra (the loop ends when every minimal hitting set of V has been
confirmed by the oracle).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable

import zalg

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

    def find_one(self, seed=None) -> frozenset | None:
        """One good minimal clue set, or None when no conflict-free clue set is good.

        Candidates come from a randomised greedy cover of the violation sets (each
        unhit set gets a clue, preferring clues that hit many unhit sets), pruned to
        a minimal hitting set.  The sets are kept as a plain list here (the greedy
        cover is linear in their total size); ``find_all`` keeps them as a family."""
        rng = random.Random(seed)
        sets = list({frozenset(m) for m in self.V})
        seen = set(sets)
        while self.rounds < self.max_rounds:
            self.rounds += 1
            if any(not s for s in sets):
                return None
            K = self._greedy(sets, rng)
            if K is None:
                return None
            self.oracle_calls += 1
            found = self.oracle(K)
            if not found:
                return K
            keep = set(self.clues)
            for s in found:
                s = frozenset(s) & keep
                if s not in seen:
                    seen.add(s)
                    sets.append(s)
        raise RuntimeError(f"no good clue set after {self.max_rounds} rounds")

    def _greedy(self, sets: list[frozenset], rng: random.Random) -> frozenset | None:
        """A random minimal conflict-free hitting set of ``sets`` (None if none is found).

        Unhit sets are taken shortest first; each gets a clue drawn with weight
        (1 + the number of unhit sets it hits)^2; then clues are dropped in random
        order while every set stays hit.  Linear in the sets' total size."""
        bad: dict = {}
        for a, b in self._pairs:
            bad.setdefault(a, set()).add(b)
            bad.setdefault(b, set()).add(a)
        holding: dict = {}
        for i, s in enumerate(sets):
            for c in s:
                holding.setdefault(c, []).append(i)
        unhit = {c: len(ids) for c, ids in holding.items()}
        hits = [0] * len(sets)
        K: set = set()
        todo = list(range(len(sets)))
        rng.shuffle(todo)
        todo.sort(key=lambda i: len(sets[i]))
        for i in todo:
            if hits[i]:
                continue
            options = [c for c in sets[i] if not (bad.get(c, set()) & K)]
            if not options:
                return None
            weights = [(1 + unhit[c]) ** 2 for c in options]
            c = rng.choices(options, weights)[0]
            K.add(c)
            for j in holding[c]:
                if not hits[j]:
                    for x in sets[j]:
                        unhit[x] -= 1
                hits[j] += 1
        order = list(K)
        rng.shuffle(order)
        for c in order:
            if all(hits[j] >= 2 for j in holding[c]):
                K.discard(c)
                for j in holding[c]:
                    hits[j] -= 1
        return frozenset(K)

    def find_all(self) -> zalg.Family:
        """Every good minimal clue set (all confirmed by the oracle)."""
        confirmed: set[frozenset] = set()
        while self.rounds < self.max_rounds:
            self.rounds += 1
            M = self.candidates().minimal()
            todo = [frozenset(m) for m in M if frozenset(m) not in confirmed]
            if not todo:
                return M
            progress = False
            for K in todo:
                self.oracle_calls += 1
                found = self.oracle(K)
                if found:
                    self.add(found)
                    progress = True
                    break
                confirmed.add(K)
            if not progress:
                return self.candidates().minimal()
        raise RuntimeError(f"no answer after {self.max_rounds} rounds")
