"""One contract, every registered genre and the tests' toy genre: formats round-trip,
the pzprjs boards solve to their accepted answers, the failcheck negatives are rejected
naming the broken rule, pictures render, and the genre's command line turns bad input
into one line, exit 2.

Uses ``../shared/data/pzprjs/<pid>.json`` (skipped with a reason when absent); the toy
genre brings its own boards (``tests/helpers/toy_genre/contract.json``)."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from puzzles.common import genre as G
from puzzles.program.cli import main
from tests.helpers import toy_genre
from tests.helpers.pzprjs_data import genre_data, genre_data_path

GENRES = [G.genre(name) for name in G.GENRES] + [toy_genre]
data_path, data_of = genre_data_path, genre_data


@pytest.fixture(autouse=True)
def toy_registered():
    """The toy genre is registered (the zalg program sees it) while each test runs."""
    with G.registered(toy_genre.NAME, toy_genre.__name__):
        yield


def negatives():
    out = []
    for module in GENRES:
        path = data_path(module)
        if not path.is_file():
            out.append(pytest.param(module, None, id=f"{module.NAME}-nodata",
                                    marks=pytest.mark.skip(reason=f"no shared data at {path}")))
            continue
        for k, neg in enumerate(json.loads(path.read_text(encoding="utf-8"))["failcheck_negatives"]):
            out.append(pytest.param(module, neg, id=f"{module.NAME}-{k}-{neg['expected_error']}"))
    return out


def lines(text: str) -> str:
    """A '/'-joined pzprv3 text as a file."""
    return "\n".join(text.rstrip("/").split("/")) + "\n"


@pytest.fixture(params=GENRES, ids=lambda m: m.NAME)
def genre(request):
    return request.param


def test_formats_round_trip(genre):
    board = data_of(genre)["puzzles"][0]
    P = genre.Puzzle
    p = P.from_url(board["url"])
    assert (p.rows, p.cols) == (board["rows"], board["cols"])
    assert p.to_url() == board["url"]
    assert P.from_url(p.to_url()) == p
    assert P.from_text(p.to_pzprv3()) == p
    assert P.from_text(p.to_text()) == p
    assert P.from_text(lines(board["solution_pzprv3"])) == p


def test_the_pzprjs_board_solves_to_its_accepted_answer(genre):
    board = data_of(genre)["puzzles"][0]
    p = genre.Puzzle.from_url(board["url"])
    answer = genre.Puzzle.solution_from_pzprv3(lines(board["solution_pzprv3"]))
    assert genre.check_solution(p, answer) == []
    family = p.solve()
    assert frozenset(answer) in {frozenset(m) for m in family}
    assert p.count() == family.count() >= 1
    assert p.is_unique() == (family.count() == 1)
    assert genre.check_solution(p, p.solution()) == []


@pytest.mark.parametrize("genre, neg", negatives())
def test_failcheck_negatives_are_rejected_naming_the_rule(genre, neg):
    text = lines(neg["pzprv3"])
    p = genre.Puzzle.from_text(text)
    answer = genre.Puzzle.solution_from_pzprv3(text)
    rules = [v.rule for v in genre.check_solution(p, answer)]
    assert genre.FAILCODES[neg["expected_error"]] in rules
    assert answer not in p.solve()  # membership in the ZDD (the empty 5x5 board has 1,222,363 loops)


def test_pictures_render(genre):
    board = data_of(genre)["puzzles"][0]
    p = genre.Puzzle.from_url(board["url"])
    for solution in (None, p.solution()):
        ET.fromstring(p.render(solution, fmt="svg"))
        assert p.render(solution).strip()
    with pytest.raises(ValueError):
        p.render(fmt="png")


@pytest.mark.parametrize("args, fragment", [
    (["solve", "no/such/file.txt"], "no such file"),
    (["solve", "https://puzz.link/p?{pid}/3"], "expected <cols>/<rows>"),
    (["solve", "https://puzz.link/p?{pid}/99999/99999/"], "larger than the limit"),
    (["solve", "{pid}/{big}/2/"], "larger than the limit"),
    (["solve", "/dev/null"], "not a regular file"),
    (["solve"], "required"),
])
def test_the_command_line_turns_bad_input_into_one_line(genre, args, fragment, capsys):
    args = [a.format(pid=genre.PID, big="9" * 5000) for a in args]
    assert main([genre.NAME, *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and fragment in err[0] and len(err[0]) < 400, err
