"""Masyu's studio part, run as the studio's workers run it: boards to and from the editor,
the generate task (a unique puzzle), and the reduce task (its counts equal a brute force
over every pearl subset of the board)."""
from __future__ import annotations

import pytest

from puzzles.common.studio_part import StudioError
from puzzles.masyu import Puzzle
from puzzles.masyu.studio import PART
from tests.helpers import masyu_reference as ref


def test_the_editor_board_round_trips():
    p = Puzzle(3, 4, {(0, 0): "b", (1, 2): "w"})
    board = PART.to_board(p)
    assert board["cells"][0][0] == "x" and PART.from_board(board) == p


def test_generate_gives_a_unique_puzzle():
    task = PART.tasks["generate"]
    params = task.check({"rows": 4, "cols": 4, "seed": 2})
    out = task.run(params, None)
    assert Puzzle.from_url(out["url"]).count() == 1


def test_reduce_counts_equal_brute_force():
    loop = next(x for x in ref.grid_loops(3, 4) if len(ref.good_sets(3, 4, x)) > 1)
    kinds = ref.admitted(loop)
    p = Puzzle(3, 4, kinds)
    task = PART.tasks["reduce"]
    out = task.run(task.check({"board": PART.to_board(p)}), None)
    good = ref.good_sets(3, 4, loop)
    minimal = {s for s in good if not any(t < s for t in good)}
    assert out["counts"]["good"] == str(len(good))
    assert out["counts"]["minimal"] == str(len(minimal))
    with pytest.raises(StudioError):
        task.check({"board": {"rows": 2, "cols": 2, "cells": [["q", "."], [".", "."]]}})
