"""The pzprjs test boards of ../shared/data/pzprjs: loading them (a skip naming the
path when the folder is absent) and reading their JSON answers independently of
the genres' own readers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from .paths import OWN_DATA, PZPRJS

__all__ = ["load", "genre_data_path", "genre_data", "negatives_of", "json_edges_slither", "json_edges_numlin", "normalised_pzprv3"]


def load(pid: str) -> dict:
    path = PZPRJS / f"{pid}.json"
    if not path.is_file():
        pytest.skip(f"shared test data not found at {path}")
    return json.loads(path.read_text(encoding="utf-8"))


def genre_data_path(module) -> Path:
    """A genre's boards: ``contract.json`` beside a genre package outside ``puzzles`` (the
    tests' toy genre), else the project's ``tests/data/<name>/<pid>.json`` (Masyu's
    pzprjs boards), else the shared pzprjs data of its pid."""
    own = Path(module.__file__).parent / "contract.json"
    if own.is_file():
        return own
    kept = OWN_DATA / module.NAME / f"{module.PID}.json"
    return kept if kept.is_file() else PZPRJS / f"{module.PID}.json"


def genre_data(module) -> dict:
    """The boards of :func:`genre_data_path` (a skip naming the path when absent)."""
    path = genre_data_path(module)
    if not path.is_file():
        pytest.skip(f"shared test data not found at {path}")
    return json.loads(path.read_text(encoding="utf-8"))


def negatives_of(pid: str) -> list:
    """Parametrisation list; a single skip marker when the data is absent."""
    path = PZPRJS / f"{pid}.json"
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared test data not found at {path}"))]
    data = json.loads(path.read_text(encoding="utf-8"))
    return [pytest.param(n, id=n["expected_error"]) for n in data["failcheck_negatives"]]


def json_edges_slither(solution: dict) -> set:
    """Edge set from the JSON 0/1 arrays (FORMAT 4.1 geometry), built independently."""
    edges = set()
    for r, row in enumerate(solution["vlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r + 1, c)))
    for r, row in enumerate(solution["hlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r, c + 1)))
    return edges


def json_edges_numlin(solution: dict) -> set:
    """Edge set from the JSON 0/1 arrays (FORMAT 4.2 geometry)."""
    edges = set()
    for r, row in enumerate(solution["vlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r, c + 1)))
    for r, row in enumerate(solution["hlines"]):
        for c, v in enumerate(row):
            if v == 1:
                edges.add(((r, c), (r + 1, c)))
    return edges


def normalised_pzprv3(slash_text: str, first_edge_line: int) -> str:
    """A '/'-joined pzprv3 text as lines, with every edge token other than 1 written as 0."""
    lines = slash_text.rstrip("/").split("/")
    out = lines[:first_edge_line]
    for line in lines[first_edge_line:]:
        out.append("".join(("1" if t == "1" else "0") + " " for t in line.split()))
    return "\n".join(out) + "\n"
