"""Yajilin's studio part, run as the studio's workers run it: boards to and from the
editor, the generate task (a unique puzzle), and the reduce task (its counts equal a
brute force over every subset of shown numbers)."""
from __future__ import annotations

import pytest

from puzzles.common.studio_part import StudioError
from puzzles.yajilin import Puzzle
from puzzles.yajilin.studio import EDITOR, PART
from tests.helpers import yajilin_reference as ref
from tests.helpers.yajilin_reference import solved_boards


def test_the_editor_board_round_trips():
    p = Puzzle(3, 4, {(0, 0): ("d", 1), (1, 2): ("", None)})
    board = PART.to_board(p)
    assert board["cells"][0][0] == "v1" and board["cells"][1][2] == "?"
    assert PART.from_board(board) == p
    assert {"v1", "?"} <= {name for name, _ in EDITOR["tools"]}


def test_generate_gives_a_unique_puzzle():
    task = PART.tasks["generate"]
    out = task.run(task.check({"rows": 4, "cols": 4, "seed": 2}), None)
    assert Puzzle.from_url(out["url"]).count() == 1


def test_reduce_counts_equal_brute_force():
    rows, cols, clues = next(b for b in solved_boards(20, 4) if len(ref.good_sets(*b)[0]) > 1)
    p = Puzzle(rows, cols, clues)
    task = PART.tasks["reduce"]
    out = task.run(task.check({"board": PART.to_board(p)}), None)
    good, minimal, _ = ref.good_sets(rows, cols, clues)
    assert out["counts"]["good"] == str(len(good))
    assert out["counts"]["minimal"] == str(len(minimal))
    with pytest.raises(StudioError):
        task.check({"board": {"rows": 2, "cols": 2, "cells": [["q", "."], [".", "."]]}})
