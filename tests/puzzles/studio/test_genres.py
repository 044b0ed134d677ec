"""The studio is pluggable by genre: a genre registered for the tests only (Rooks, the toy
genre) appears in its API with its editor and design view, and its boards and tasks run
there like every genre's."""
from __future__ import annotations

import itertools

import pytest

from puzzles.common import genre as G
from tests.helpers import toy_genre as T
from tests.helpers.studio import StudioServer


@pytest.fixture(scope="module")
def toy_studio():
    server = StudioServer("--memory", "1G", "--jobs", "2", program="tests.helpers.toy_program")
    yield server
    status, err = server.stop()
    assert status in (0, 130), err


def rook_placements(rows: int, cols: int, blocked: set) -> int:
    """Brute force: one rook a row and a column, none on a blocked cell."""
    if rows != cols:
        return 0
    return sum(all((r, c) not in blocked for r, c in enumerate(perm))
               for perm in itertools.permutations(range(cols)))


def test_every_genre_lists_its_studio_part(studio):
    status, data = studio.call("/api/genres")
    assert status == 200
    for entry in data["genres"]:
        part = G.studio_part(entry["name"])
        assert entry["editor"] == part.editor and entry["view"] == part.view
        for section in part.view["sections"]:
            for button in section["buttons"]:
                if "task" in button:
                    assert f"{entry['name']}.{button['task']}" in data["tasks"]


def test_the_toy_genre_appears_in_the_studio(toy_studio):
    status, data = toy_studio.call("/api/genres")
    assert status == 200
    names = [g["name"] for g in data["genres"]]
    assert names == list(G.GENRES) + [T.NAME]
    rooks = data["genres"][-1]
    assert rooks["pid"] == T.PID and rooks["examples"] == list(T.EXAMPLES)
    assert rooks["editor"]["tools"][0] == ["#", "■ blocked"]
    assert rooks["view"]["title"] == "Rooks" and "rooks.generate" in data["tasks"]


def test_a_toy_board_drawn_in_the_editor_solves(toy_studio):
    cells = [["#", ".", "."], [".", ".", "."], [".", ".", "#"]]
    status, info = toy_studio.call("/api/puzzle", {"genre": T.NAME,
                                                   "board": {"rows": 3, "cols": 3, "cells": cells}})
    assert status == 200, info
    assert info["board"]["cells"] == cells and info["url"].startswith("https://puzz.link/p?rooks/")
    job = toy_studio.run("toy-solve", "solve", {"source": info["url"]})
    assert job["state"] == "done", job
    assert job["result"]["count"] == str(rook_placements(3, 3, {(0, 0), (2, 2)})) == "3"
    status, answer = toy_studio.call("/api/puzzle", {"genre": T.NAME, "board": {
        "rows": 1, "cols": 2, "cells": [["#", "?"]]}})
    assert status == 400 and "blocked" in answer["error"]


def test_the_toy_design_task_runs_in_a_worker(toy_studio):
    job = toy_studio.run("toy-generate", "rooks.generate", {"rows": 4, "cols": 4, "seed": 5})
    assert job["state"] == "done", job
    result = job["result"]
    p = T.Puzzle.from_url(result["url"])
    assert rook_placements(4, 4, set(p.blocked)) == 1
    assert result["caption"] == f"{len(p.blocked)} blocked, seed 5"
