"""Nurimeizu's machines compiled ahead of time (puzzles/nurimeizu/machines.c): the solver
and the path-mark sweep hand the driver the extension's addresses, and a fresh process
that builds grid paths and solves a board never imports numba, its counts those of the
brute force (the solutions themselves are checked against it in test_solve)."""
from __future__ import annotations

import json
import random


from puzzles.nurimeizu import Puzzle, random_rooms
from tests.helpers import nurimeizu_reference as ref
from tests.helpers.processes import run_python
from zalg.topdown import extension_machines

TABLE = extension_machines("puzzles.nurimeizu._machines")


def test_the_driver_gets_the_compiled_machines():
    from puzzles.nurimeizu import path_sweep, solve
    for fn, name in ((solve.step, "solve.step"), (solve.final, "solve.final"),
                     (solve.takes, "solve.takes"), (path_sweep.step, "path_sweep.step"),
                     (path_sweep.final, "path_sweep.final")):
        assert fn.entry() == TABLE[name], name


def _boards(n: int) -> list[Puzzle]:
    rng = random.Random(5)
    boards = []
    for _ in range(n):
        rooms = random_rooms(3, 4, rng)
        s, g = rng.sample(sorted(rooms), 2)
        boards.append(Puzzle(3, 4, rooms, {s: "S", g: "G"}))
    return boards


def test_a_fresh_process_solves_without_numba():
    urls = [p.to_url() for p in _boards(6)]
    code = f"""
import json, sys
import zalg, zalg.graphs
from puzzles.nurimeizu import Puzzle
paths = zalg.grid(5, 5).paths((0, 0), (4, 4)).count()
counts = [Puzzle.from_url(u).solve().count() for u in {urls!r}]
print(json.dumps([paths, counts, 'numba' in sys.modules]))
"""
    done = run_python(code, timeout=300)
    assert done.returncode == 0, done.stderr
    paths, counts, numba = json.loads(done.stdout.splitlines()[-1])
    assert not numba
    assert paths == 8512  # OEIS A007764
    assert counts == [ref.count(p) for p in _boards(6)]


def test_import_does_not_load_numba():
    code = ("import sys, zalg, zalg.topdown, zalg.graphs, puzzles.nurimeizu\n"
            "print('numba' in sys.modules)")
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "False"
