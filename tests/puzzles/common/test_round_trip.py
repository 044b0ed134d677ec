"""Whatever the ``zalg`` program prints or writes as a board reads back as the same puzzle,
in every genre and the tests' toy genre: the board and the solved board that ``solve``
and ``generate`` print, the boards the genres' own subcommands list, the files and
records of ``generate --out``, and ``render`` itself (``nagareru generate``
once drew black cells as ``#``, which the reader refused)."""
from __future__ import annotations

import importlib
import io
import json

import pytest

from puzzles.common import genre as G
from puzzles.program.cli import main
from tests.helpers import toy_genre
from tests.helpers.pzprjs_data import genre_data as data_of

GENRES = [G.genre(name) for name in G.GENRES] + [toy_genre]
#: a board size each genre generates in well under a second
SIZES = {"slitherlink": "4x4", "numberlink": "4x4", "nagareru": "5x5", "nurimeizu": "4x4", "masyu": "4x4", "yajilin": "4x4",
         "rooks": "4x4"}


@pytest.fixture(autouse=True)
def toy_registered():
    with G.registered(toy_genre.NAME, toy_genre.__name__):
        yield


@pytest.fixture(params=GENRES, ids=lambda m: m.NAME)
def genre(request):
    return request.param


def picture_height(p) -> int:
    """How many lines the board's picture takes (with or without a solution drawn)."""
    return len(p.render().splitlines())


def listed_boards(genre, out: str) -> list:
    """Every board printed under a URL in ``out``: (the URL's puzzle, the picture's lines,
    the lines after it)."""
    found = []
    text = out.splitlines()
    for i, line in enumerate(text):
        urls = [w for w in line.split() if w.startswith("https://")]
        if urls:
            p = genre.Puzzle.from_url(urls[-1])
            k = picture_height(p)
            found.append((p, text[i + 1: i + 1 + k], text[i + 1 + k:]))
    return found


def reads_back(genre, picture: list[str], p) -> None:
    assert genre.Puzzle.from_text("\n".join(picture) + "\n") == p, "\n".join(picture)


def test_render_reads_back(genre):
    board = data_of(genre)["puzzles"][0]
    p = genre.Puzzle.from_url(board["url"])
    for solution in (None, p.solution()):
        assert genre.Puzzle.from_text(p.render(solution)) == p
        indented = "".join("    " + line + "\n" for line in p.render(solution).splitlines())
        assert genre.Puzzle.from_text("\n\n" + indented + "\n") == p


def test_generate_prints_a_board_and_its_solution_that_read_back(genre, capsys):
    assert main([genre.NAME, "generate", SIZES[genre.NAME], "--seed", "1"]) == 0
    (p, board, after), = listed_boards(genre, capsys.readouterr().out)
    reads_back(genre, board, p)
    assert after[0] == ""
    reads_back(genre, after[1: 1 + len(board)], p)
    assert genre.Puzzle.from_text("\n".join(after[1:])).is_unique()


def test_solve_prints_boards_that_read_back(genre, capsys):
    p = genre.Puzzle.from_url(data_of(genre)["puzzles"][0]["url"])
    assert main([genre.NAME, "solve", p.to_url()]) == 0
    out = capsys.readouterr().out.splitlines()
    headline = importlib.import_module(genre.__name__ + ".cli").SOLVE.headline is not None
    k = picture_height(p)
    board = out[int(headline): int(headline) + k]
    reads_back(genre, board, p)
    status = int(headline) + k
    assert out[status + 1] == ""
    reads_back(genre, out[status + 2: status + 2 + k], p)


def test_generated_files_and_records_read_back(genre, tmp_path, capsys):
    assert main([genre.NAME, "generate", SIZES[genre.NAME], "--seed", "2", "--count", "2",
                 "--out", str(tmp_path)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 2
    for record in records:
        p = genre.Puzzle.from_url(record["url"])
        assert genre.Puzzle.from_text(record["pzprv3"]) == p
        assert genre.Puzzle.from_file(tmp_path / f"{genre.NAME}-{record['index']}.txt") == p
    written = (tmp_path / "results.jsonl").read_text().splitlines()
    assert [json.loads(line) for line in written] == records


LISTINGS = {
    "slitherlink": [["reduce", "https://puzz.link/p?slither/4/4/233321123323112d", "--list", "2"],
                    ["generate", "--loop", "{loop}", "--list", "2"]],
    "numberlink": [["instances", "3x3", "--list", "2"]],
    "nagareru": [["reduce", "https://puzz.link/p?nagare/6/6/b4c6c4c1b21b7c5c2f", "--list", "2"]],
    "nurimeizu": [["icons", "{maze}", "--list", "2"],
                  ["reduce", "https://puzz.link/p?nurimaze/6/6/lrrsvvbf4smld264h1c4",
                   "--list", "2"]],
}


@pytest.mark.parametrize("name, args", [(name, args) for name, cases in LISTINGS.items()
                                        for args in cases],
                         ids=lambda v: v if isinstance(v, str) else v[0])
def test_listed_boards_read_back(name, args, tmp_path, capsys):
    genre = G.genre(name)
    (tmp_path / "loop.txt").write_text("....\n.##.\n.#..\n....\n")
    maze = genre.Puzzle.from_url("https://puzz.link/p?nurimaze/6/6/lrrsvvbf4smld264h1c4") \
        if name == "nurimeizu" else None
    if maze is not None:
        bare = genre.Puzzle(maze.rows, maze.cols, maze.rooms,
                            {x: i for x, i in maze.icons.items() if i in "SG"})
        (tmp_path / "maze.txt").write_text(bare.to_pzprv3(maze.solution()))
    args = [a.format(loop=tmp_path / "loop.txt", maze=tmp_path / "maze.txt") for a in args]
    assert main([name, *args]) == 0
    found = listed_boards(genre, capsys.readouterr().out)
    assert found
    for p, board, _ in found:
        reads_back(genre, board, p)



# ---- what generate writes is what solve reads ----------------------------------------------

def test_solve_reads_what_generate_prints(genre, tmp_path, capsys, monkeypatch):
    """A header line, the URL, the boards: from a file and from standard input."""
    assert main([genre.NAME, "generate", SIZES[genre.NAME], "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    (p, _, _), = listed_boards(genre, printed)
    path = tmp_path / "generated.txt"
    path.write_text(printed)
    assert main([genre.NAME, "solve", str(path), "--count"]) == 0
    out = capsys.readouterr().out
    assert "solutions: 1\n" in out
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
    assert main([genre.NAME, "solve", "-", "--count"]) == 0
    assert capsys.readouterr().out == out
    assert genre.Puzzle.from_file(path) == p


def test_solve_counts_every_record_generate_writes(genre, tmp_path, capsys):
    """JSON Lines of ``generate --count N``: each record's puzzle counted, in a record of
    its own naming the line; one record alone is solved and drawn as one puzzle."""
    assert main([genre.NAME, "generate", SIZES[genre.NAME], "--seed", "4", "--count", "2"]) == 0
    lines = capsys.readouterr().out
    made = [json.loads(line) for line in lines.splitlines()]
    path = tmp_path / "batch.jsonl"
    path.write_text(lines)
    assert main([genre.NAME, "solve", str(path)]) == 0
    solved = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["url"], r["solutions"], r["source"]) for r in solved] == [
        (r["url"], 1, f"{path} line {i + 1}") for i, r in enumerate(made)]
    one = tmp_path / "one.jsonl"
    one.write_text(lines.splitlines()[1] + "\n")
    assert main([genre.NAME, "solve", str(one), "--count"]) == 0
    out = capsys.readouterr().out
    assert "solutions: 1\n" in out
    p = genre.Puzzle.from_url(made[1]["url"])
    assert p.render() in out


def test_a_record_without_a_puzzle_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "failed.jsonl").write_text(
        '{"genre": "numberlink", "index": 0, "error": "out of memory"}\n')
    assert main(["numberlink", "solve", "failed.jsonl"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "zalg: error: numberlink: failed.jsonl line 1 holds no puzzle (its puzzle failed: out "
        "of memory)"]


# ---- --pzprv3: the board with its answer ---------------------------------------------------

def test_solve_and_generate_write_pzprv3_with_the_answer(genre, tmp_path, capsys):
    p = genre.Puzzle.from_url(data_of(genre)["puzzles"][0]["url"])
    solved = tmp_path / "solved.pzprv3"
    assert main([genre.NAME, "solve", p.to_url(), "--pzprv3", str(solved)]) == 0
    assert f"wrote {solved}" in capsys.readouterr().out
    board, answer = genre.Puzzle.read_pzprv3(solved.read_text())
    assert board == p and answer == p.solution()
    assert genre.check_solution(p, answer) == []
    made = tmp_path / "made.pzprv3"
    assert main([genre.NAME, "generate", SIZES[genre.NAME], "--seed", "1", "--pzprv3",
                 str(made)]) == 0
    (q, _, _), = listed_boards(genre, capsys.readouterr().out)
    board, answer = genre.Puzzle.read_pzprv3(made.read_text())
    assert board == q and answer and genre.check_solution(q, answer) == []
    assert not list(tmp_path.glob(".*.tmp"))


def test_nurimeizu_icons_reads_the_pzprv3_generate_writes(tmp_path, capsys):
    maze = tmp_path / "maze.pzprv3"
    assert main(["nurimeizu", "generate", "4x4", "--seed", "1", "--pzprv3", str(maze)]) == 0
    capsys.readouterr()
    assert main(["nurimeizu", "icons", str(maze), "--list", "1"]) == 0
    assert "icon set" in capsys.readouterr().out


def test_pzprv3_is_written_whole_or_not_at_all(tmp_path, capsys):
    """A board pzprv3 cannot hold leaves no file; a directory is refused."""
    url = "https://puzz.link/p?slither/4/4/233321123323112d"
    assert main(["slitherlink", "solve", url, "--pzprv3", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert main(["slitherlink", "solve", url, "--count", "--jobs", "1", "--pzprv3",
                 str(tmp_path / "x.pzprv3")]) == 2
    assert "--pzprv3 draws one puzzle" in capsys.readouterr().err
    assert sorted(f.name for f in tmp_path.iterdir()) == []
