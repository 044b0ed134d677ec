"""Every genre's long steps report through zalg.progress: the designers' stages and a
puzzle's solve passing its callback on."""
from __future__ import annotations

import importlib
import inspect

import pytest

from puzzles.program.cli import main
from zalg import progress as P
from puzzles.common.genre import GENRES, genre
from puzzles.nagareru.design import generate as nagareru_generate
from puzzles.numberlink.design import good_instances, random_instance
from puzzles.slitherlink.design import instances


def test_designers_report_through_the_same_callback():
    def stages(run):
        seen = []
        run(lambda *a: seen.append(a))
        return [s for s, _, _ in seen]

    got = stages(lambda cb: good_instances(3, 3, progress=cb))
    assert "∃! top down (states per kept element)" in got and "pairing relation" in got
    got = stages(lambda cb: good_instances(3, 3, method="witness", progress=cb))
    assert "unique solutions (∃! over 12 edges)" in got and "pairing relation" in got
    got = stages(lambda cb: random_instance(5, 5, seed=1, progress=cb))
    assert got[0].startswith("covering path matchings of the 5x5 grid (about 0.0 M ZDD nodes")
    assert "drawing and repairing" in got
    got = stages(lambda cb: nagareru_generate(4, 4, seed=3, progress=cb))
    assert got[0] == "solver runs" and len(got) > 1
    loop = [((1, 1), (1, 2)), ((1, 2), (2, 2)), ((2, 1), (2, 2)), ((1, 1), (2, 1))]
    got = stages(lambda cb: instances((3, 3), loop, progress=cb))
    assert "hitting sets top down (states per element)" in got


def test_a_puzzle_solve_passes_its_callback_on():
    for name in GENRES:
        g = genre(name)
        seen = []
        p = g.Puzzle.from_url(g.EXAMPLES[-1])
        F = p.solve(progress=lambda *a: seen.append(a))
        assert F.count() == p.count() and seen, name
        assert len(p.solutions(progress=lambda *a: seen.append(a)).family) == p.count()


#: public designer functions without ``progress=``: each is quick, and why
QUICK = {
    "slitherlink": {"instance_universe": "a universe of one shape's edges and cells",
                    "sweep_universe": "the same universe in a turned board's order",
                    "minimum": "the members of least size of a family",
                    "rank_by_difficulty": "an iterator: one member at a time, on demand",
                    "difficulty": "counts of one member's hint values",
                    "loop_hints": "arithmetic on one loop",
                    "difficulty_weights": "one power of a base per cell (arithmetic)",
                    "board_shape": "(rows, cols) of a puzzle or a pair",
                    "checked_loop": "one loop's edges checked by the solver's rules",
                    "candidate_cells": "the cells asked for, sorted and checked",
                    "best_sweep": "the least of trials already made (arithmetic)"},
    "numberlink": {"instance_graph": "one grid graph", "pair_universe": "one universe",
                   "minimum_instances": "the members of least size of a family",
                   "to_puzzle": "a board from its pairs", "check_request": "checks arguments",
                   "covering_estimate": "arithmetic on one grid's size",
                   "estimate_text": "one line of text for an estimate",
                   "merge_candidates": "the adjacent ends of one drawing's paths",
                   "open_ends": "one vectorised pass per level over a relation already built "
                                "(0.9 CPU s on 6x6 with at most 3 pairs, the largest it serves)"},
    "nagareru": {"target_loop": "random regions until one outline is a loop (milliseconds)",
                 "clue_options": "the clues each cell of one loop may show",
                 "violations": "the clues one other loop breaks"},
    "masyu": {"instance_universe": "a universe of one shape's edges and cells",
              "loop_cycles": "one board's loops, built once per shape by the frontier "
                             "engine (a fraction of a second up to 10x10)",
              "read_loop": "parses one drawn loop",
              "candidates": "the pearl each cell of one loop admits",
              "literal": "the paper's formula as it reads: a reference for small loops",
              "minimum": "the members of least size of a family",
              "puzzle_of": "a board from a loop and its pearls",
              "difficulty": "the ranking key of one pearl set",
              "difficulty_weights": "one weight per cell of one loop",
              "rank_by_difficulty": "a lazy iterator: one walk down the family a member"},
    "yajilin": {"candidates": "the numbered clues of one board, checked",
                "literal": "the paper's formula as it reads: a reference for small boards",
                "minimum": "the members of least size of a family",
                "puzzle_of": "a board with some numbers blanked"},
    "nurimeizu": {"placements": "the icons one colouring allows",
                  "minimum_icon_sets": "the members of least size of a family",
                  "random_rooms": "random rooms of one board",
                  "check_request": "checks arguments"},
}


@pytest.mark.parametrize("name", GENRES)
def test_every_public_designer_function_takes_progress(name):
    design = importlib.import_module(f"puzzles.{name}.design")
    functions = {n for n in design.__all__
                 if callable(getattr(design, n)) and not inspect.isclass(getattr(design, n))}
    assert set(QUICK[name]) <= functions, "an exemption names no public function"
    slow = sorted(n for n in functions - set(QUICK[name])
                  if "progress" not in inspect.signature(getattr(design, n)).parameters)
    assert slow == [], f"puzzles.{name}.design functions without progress=: {slow}"


URL = {"slitherlink": "https://puzz.link/p?slither/4/4/233321123323112d",
       "nagareru": "https://puzz.link/p?nagare/6/6/b4c6c4c1b21b7c5c2f",
       "nurimeizu": "https://puzz.link/p?nurimaze/6/6/lrrsvvbf4smld264h1c4"}
STEPS = [["slitherlink", "generate", "4x4", "--seed", "1"],
         ["numberlink", "generate", "5x5", "--seed", "1"],
         ["numberlink", "instances", "4x5", "--max-pairs", "3"],
         ["nagareru", "generate", "5x5", "--seed", "1"],
         ["nurimeizu", "generate", "4x4", "--seed", "1"],
         ["slitherlink", "reduce", URL["slitherlink"]],
         ["nagareru", "reduce", URL["nagareru"]],
         ["nurimeizu", "reduce", URL["nurimeizu"]]]


@pytest.mark.parametrize("args", STEPS, ids=" ".join)
def test_long_cli_steps_say_what_they_do_before_they_do_it(args, capsys, monkeypatch):
    """Each step that can take minutes on a large board starts with a progress line on
    stderr (a bar on a terminal), so the first thing a user sees, within the 2 s of the
    program's start, says what it is doing -- not minutes of silence."""
    said = []
    line = P.Reporter._line

    def recorded(self, text):
        said.append(text)
        line(self, text)

    monkeypatch.setattr(P.Reporter, "_line", recorded)
    assert main(args) == 0
    err = capsys.readouterr().err.splitlines()
    assert said and err and err[0] == said[0], err[:3]   # the first line is progress
