"""The pzprjs codecs shared by the genres (URLs, 4-cell, number16, pzprv3 layout).

Hand-made cases whose expected values follow from the encoding tables of
shared/data/FORMAT-pzprjs.md.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.common import pzprjs
from puzzles.common.errors import PuzzleFormatError
from tests.helpers import pzprjs_data
from tests.helpers.pzprjs_data import (load, negatives_of)


def test_missing_shared_data_skips_with_its_path(monkeypatch, tmp_path):
    monkeypatch.setattr(pzprjs_data, "PZPRJS", tmp_path / "nowhere")
    with pytest.raises(pytest.skip.Exception, match="shared test data not found at .*nowhere"):
        load("slither")
    [param] = negatives_of("slither")
    assert param.marks[0].kwargs["reason"].startswith("shared test data not found at ")


# =========================================================== pzprjs codec helpers


class TestUrlParsing:
    def test_prefixes_and_bare_body_give_the_same_parts(self):
        want = pzprjs.PuzzUrl(pid="slither", cols=5, rows=5, body="cbcbcddad")
        for url in ("https://puzz.link/p?slither/5/5/cbcbcddad",
                    "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
                    "https://pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
                    "slither/5/5/cbcbcddad",
                    "slitherlink/5/5/cbcbcddad/",
                    "  https://puzz.link/p?slither/5/5/cbcbcddad  "):
            assert pzprjs.parse_url(url) == want, url

    def test_pflag_and_variant_components(self):
        u = pzprjs.parse_url("https://puzz.link/p?slither/f/3/2/l")
        assert (u.pid, u.pflag, u.variant, u.cols, u.rows, u.body) == ("slither", "f", None, 3, 2, "l")
        u = pzprjs.parse_url("numberlink/v:xyz/e/4/3/zz")
        assert (u.pid, u.pflag, u.variant, u.cols, u.rows, u.body) == ("numlin", "e", "xyz", 4, 3, "zz")

    def test_width_comes_first(self):
        u = pzprjs.parse_url("slither/7/2/zzzz")
        assert (u.rows, u.cols) == (2, 7)

    @pytest.mark.parametrize("url, fragment", [
        ("", "empty URL"),
        ("https://puzz.link/slither/5/5/x", "has no '?'"),
        ("slither/5", "expected <cols>/<rows>"),
        ("slither/0/5/zz", "width (cols) must be a positive integer, got '0'"),
        ("slither/5/-1/zz", "must be a positive integer"),
        ("/5/5/zz", "no puzzle type"),
    ])
    def test_bad_urls(self, url, fragment):
        with pytest.raises(PuzzleFormatError) as info:
            pzprjs.parse_url(url)
        assert fragment in str(info.value)

    def test_format_url(self):
        assert pzprjs.format_url("slither", 3, 2, "l", "f") == "https://puzz.link/p?slither/f/3/2/l"
        assert pzprjs.format_url("numlin", 5, 4, "zk") == "https://puzz.link/p?numlin/5/4/zk"


class TestFourCell:
    def test_format_doc_example(self):
        values = pzprjs.decode_4cell("cbcbcddad", 25)
        rows = ["".join("." if v is None else str(v) for v in values[r * 5:r * 5 + 5]) for r in range(5)]
        assert rows == ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"]

    def test_table(self):
        # 0-4 plain, 5-9 skip one, a-e skip two, g-z skip 1..20, '.' unknown
        assert pzprjs.decode_4cell("3", 1) == [3]
        assert pzprjs.decode_4cell("72", 3) == [2, None, 2]
        assert pzprjs.decode_4cell("e0", 4) == [4, None, None, 0]
        assert pzprjs.decode_4cell("g.h", 4) == [None, "?", None, None]
        assert pzprjs.decode_4cell("z", 20) == [None] * 20

    def test_canonical_encoding(self):
        assert pzprjs.encode_4cell([None] * 25) == "zk"
        # after 20 empties 'z' is flushed; a clue at the last cell skips past the end ('c')
        assert pzprjs.encode_4cell([None] * 21 + [0, 1, 2]) == "zg01c"
        assert pzprjs.encode_4cell(["?", None, 4, 4, None, None, None, 0]) == ".g4ega"

    def test_characters_after_the_last_cell_are_refused(self):
        with pytest.raises(PuzzleFormatError, match=r"unexpected '34' at position 2, after the last"):
            pzprjs.decode_4cell("1234", 2)
        with pytest.raises(PuzzleFormatError, match=r"skips 20 cells, but only 5 of 25 are left"):
            pzprjs.decode_4cell("zzzz!!", 25)
        # a clue's own empty cells may run past the end, as pzprjs writes them
        assert pzprjs.decode_4cell("g5", 3) == [None, 0, None]
        assert pzprjs.decode_4cell("c", 1) == [2]

    def test_truncated_and_unknown(self):
        with pytest.raises(PuzzleFormatError, match=r"body ends after 24 of 25 cells"):
            pzprjs.decode_4cell("cbcbcdda", 25, "slitherlink URL")
        with pytest.raises(PuzzleFormatError, match=r"unknown character 'f' at position 1"):
            pzprjs.decode_4cell("1f", 4)
        with pytest.raises(PuzzleFormatError, match=r"cell 1 has value 5"):
            pzprjs.encode_4cell([1, 5])

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.one_of(st.none(), st.integers(0, 4), st.just("?")), min_size=1, max_size=60))
    def test_round_trip(self, values):
        body = pzprjs.encode_4cell(values)
        assert pzprjs.decode_4cell(body, len(values)) == values
        assert pzprjs.encode_4cell(pzprjs.decode_4cell(body, len(values))) == body


class TestNumber16:
    @pytest.mark.parametrize("value, token", [
        (0, "0"), (15, "f"), (16, "-10"), (255, "-ff"), (256, "+100"), (4095, "+fff"),
        (4096, "=000"), (8191, "=fff"), (8192, "%000"), (12239, "%fcf"), (12240, "*0000"),
        (77775, "*ffff"), (77776, "$00000"), (pzprjs.NUMBER16_MAX, "$fffff"),
    ])
    def test_range_boundaries(self, value, token):
        assert pzprjs.encode_number16([value]) == token
        assert pzprjs.decode_number16(token, 1) == [value]

    def test_alternative_and_unknown_tokens(self):
        assert pzprjs.decode_number16("@001", 1) == [8193]
        assert pzprjs.decode_number16(".g1", 3) == ["?", None, 1]
        assert pzprjs.encode_number16(["?", None, 1]) == ".g1"
        assert pzprjs.encode_number16([None] * 41 + [7]) == "zzg7"

    def test_errors(self):
        with pytest.raises(PuzzleFormatError, match=r"'-' at position 1 must be followed by 2 hex digits, got '1'"):
            pzprjs.decode_number16("1-1", 2)
        with pytest.raises(PuzzleFormatError, match=r"body ends after 2 of 3 cells"):
            pzprjs.decode_number16("12", 3)
        with pytest.raises(PuzzleFormatError, match=r"unknown character '#'"):
            pzprjs.decode_number16("#", 1)
        with pytest.raises(PuzzleFormatError, match=r"larger than"):
            pzprjs.encode_number16([pzprjs.NUMBER16_MAX + 1])

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.one_of(st.none(), st.integers(0, pzprjs.NUMBER16_MAX), st.just("?")),
                    min_size=1, max_size=50))
    def test_round_trip(self, values):
        body = pzprjs.encode_number16(values)
        assert pzprjs.decode_number16(body, len(values)) == values


class TestPzprv3Layout:
    def test_slash_joined_and_newline_forms_agree(self):
        slash = "pzprv3/numlin/2/3/1 . 1 /. . . /"
        a = pzprjs.Pzprv3Reader(slash)
        b = pzprjs.Pzprv3Reader(slash.replace("/", "\n"))
        for f in (a, b):
            assert (f.version, f.pid, f.rows, f.cols) == ("pzprv3", "numlin", 2, 3)
            assert f.read_block(2, 3, "number") == [["1", ".", "1"], [".", ".", "."]]
            assert f.at_end()

    def test_format_writes_trailing_spaces(self):
        text = pzprjs.format_pzprv3("numlin", 1, 2, [[["1", "1"]], [["0"]]])
        assert text == "pzprv3\nnumlin\n1\n2\n1 1 \n0 \n"

    @pytest.mark.parametrize("text, fragment", [
        ("pzprv3\nslither\n5", "file ends before the column count line"),
        ("pzprv2\nslither\n5\n5", "first line must be 'pzprv3' or 'pzprv3.1'"),
        ("pzprv3\nslither\nfive\n5", "row count must be a positive integer, got 'five'"),
    ])
    def test_bad_headers(self, text, fragment):
        with pytest.raises(PuzzleFormatError) as info:
            pzprjs.Pzprv3Reader(text)
        assert fragment in str(info.value)

    def test_short_block(self):
        f = pzprjs.Pzprv3Reader("pzprv3\nslither\n5\n5\n. . . . . \n")
        with pytest.raises(PuzzleFormatError, match=r"clue block: expected 5 rows, got 1"):
            f.read_block(5, 5, "clue")


# =========================================================== strict bodies, every genre

STRICT_GENRES = ("slitherlink", "numberlink", "nagareru", "nurimeizu")


def _genre(name):
    from puzzles.common import genre as G
    return G.genre(name)


@pytest.mark.parametrize("name, url, fragment", [
    ("slitherlink", "https://puzz.link/p?slither/5/5/zzzz!!", "skips 20 cells, but only 5"),
    ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddadxxxx", "unexpected 'xxxx' at position 9"),
    ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad/x", "unexpected 'x' after the body"),
    ("slitherlink", "https://puzz.link/p?slither/2/2/1!23", "unknown character '!' at position 1"),
    ("numberlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3zzzz", "unexpected 'zzzz' at position 11"),
    ("numberlink", "https://puzz.link/p?numlin/5/4/zk", "unexpected 'k' at position 1"),
    ("numberlink", "https://puzz.link/p?numlin/3/3/1z", "skips 20 cells, but only 8"),
    ("nagareru", "https://puzz.link/p?nagare/6/6/9e5c8f21g69b5ea", "unexpected 'a' at position 14"),
    ("nagareru", "https://puzz.link/p?nagare/3/3/z", "skips 26 cells, but only 9"),
    ("nurimeizu", "https://puzz.link/p?nurimaze/6/6/6efjsstsvjun1e374i25471", "unexpected '1' at position 22"),
    ("nurimeizu", "https://puzz.link/p?nurimaze/2/1/g1z", "skips 31 cells, but only 1"),
    ("nurimeizu", "https://puzz.link/p?nurimaze/2/1/g1!", "unknown character '!' at position 2"),
])
def test_trailing_data_and_foreign_characters_are_refused(name, url, fragment):
    with pytest.raises(PuzzleFormatError, match=fragment):
        _genre(name).Puzzle.from_url(url)


@pytest.mark.parametrize("name", STRICT_GENRES)
def test_every_shared_board_is_still_accepted(name):
    module = _genre(name)
    for entry in pzprjs_data.genre_data(module)["puzzles"]:
        if entry.get("url"):
            p = module.Puzzle.from_url(entry["url"])
            assert module.Puzzle.from_url(p.to_url()) == p
            assert module.Puzzle.from_url(entry["url"] + "/") == p


@pytest.mark.parametrize("url, fragment", [
    ("slither/-5/5/cc", r"width \(cols\) must be a positive integer, got '-5'"),
    ("slither/5/-5/cc", r"height \(rows\) must be a positive integer, got '-5'"),
    ("https://puzz.link/p?slither/f/-3/2/l", r"width \(cols\) must be a positive integer"),
])
def test_negative_sizes_name_the_size(url, fragment):
    with pytest.raises(PuzzleFormatError, match=fragment):
        pzprjs.parse_url(url, "slitherlink URL")


def test_negative_sizes_are_read_as_urls_not_files():
    from puzzles.common.inputs import looks_like_url
    assert looks_like_url("slither/-5/5/cc") and looks_like_url("numlin/5/+5/1")


# =========================================================== Loopy game ids

from puzzles.common import loopy_ids  # noqa: E402
from puzzles.slitherlink import Puzzle as Slither  # noqa: E402

#: a square Loopy id as Loopy writes it (published with a Loopy reader)
PUBLISHED_LOOPY = "7x7t0:a22d3c1b3022a3c3a2b02b2b1b31a1d2b"


def _loopy_reference(desc: str, cols: int) -> list[list]:
    """Rows of clues, expanding each letter into that many blanks (a plain reading)."""
    flat: list = []
    for ch in desc:
        flat.extend([None] * (ord(ch) - 96) if ch.isalpha() else [int(ch)])
    return [flat[i:i + cols] for i in range(0, len(flat), cols)]


class TestLoopyIds:
    def test_published_id_reads_and_writes_back(self):
        board = loopy_ids.parse_loopy(PUBLISHED_LOOPY)
        assert (board.rows, board.cols) == (7, 7)
        assert board.grid() == _loopy_reference(PUBLISHED_LOOPY.split(":")[1], 7)
        assert loopy_ids.format_loopy(7, 7, board.values) == PUBLISHED_LOOPY
        p = Slither.from_url(PUBLISHED_LOOPY)
        assert p.to_loopy() == PUBLISHED_LOOPY
        assert p.grid() == board.grid()

    def test_width_comes_first_and_difficulty_is_kept(self):
        board = loopy_ids.parse_loopy("3x2t0dh:1e")
        assert (board.rows, board.cols, board.difficulty) == (2, 3, "h")
        assert board.grid() == [[1, None, None], [None, None, None]]
        assert loopy_ids.format_loopy(2, 3, board.values, "h") == "3x2t0dh:1e"
        assert loopy_ids.parse_loopy("4:p").grid() == [[None] * 4] * 4  # 4 alone is 4x4

    def test_same_board_as_the_puzz_link_url(self):
        url = "https://puzz.link/p?slither/5/5/cbcbcddad"
        p = Slither.from_url(url)
        assert p.to_loopy() == "5x5t0:2b1b2b1b2b3b3b0b3"
        assert Slither.from_url("5x5t0:2b1b2b1b2b3b3b0b3") == p
        assert Slither.from_url("5x5t0dn:2b1b2b1b2b3b3b0b3").to_url() == url

    def test_runs_longer_than_26(self):
        values = [None] * 27 + [3] + [None] * 52
        text = loopy_ids.format_loopy(8, 10, values)
        assert text == "10x8t0:za3zz"
        assert loopy_ids.parse_loopy(text).values == values

    @settings(max_examples=150, deadline=None)
    @given(st.integers(1, 9), st.integers(1, 9), st.data())
    def test_round_trip(self, rows, cols, data):
        values = data.draw(st.lists(st.one_of(st.none(), st.integers(0, 4)),
                                    min_size=rows * cols, max_size=rows * cols))
        text = loopy_ids.format_loopy(rows, cols, values)
        assert loopy_ids.parse_loopy(text).values == values
        desc = text.split(":", 1)[1]
        assert sum(1 if ch.isdigit() else ord(ch) - 96 for ch in desc) == rows * cols
        p = Slither.from_url(text)
        assert p.to_loopy() == text and Slither.from_url(p.to_url()) == p

    @pytest.mark.parametrize("text, fragment", [
        ("5x5t0:zz", "skips 26 cells, but only 25"),
        ("3x3t0:2a1b3c$", r"unexpected '\$' at position 6, after the last cell"),
        ("3x3t0:2a1b3", "the clues end after 6 of 9 cells"),
        ("3x3t0:2A1b3c", "unknown character 'A'"),
        ("5x5t1:y", "grid type t1 is not the square grid"),
        ("4x4t0dq:p", "difficulty 'dq' is none of"),
        ("0x4t0:", "positive"),
        ("3x3t0:", "the clues end after 0 of 9"),
    ])
    def test_bad_ids(self, text, fragment):
        with pytest.raises(PuzzleFormatError, match=fragment):
            loopy_ids.parse_loopy(text)

    def test_boards_loopy_cannot_hold(self):
        with pytest.raises(PuzzleFormatError, match="no '\\?' clue"):
            Slither.from_url("https://puzz.link/p?slither/2/2/.i").to_loopy()
        with pytest.raises(PuzzleFormatError, match="full variant"):
            Slither.from_url("https://puzz.link/p?slither/f/2/2/.hd").to_loopy()

    def test_ids_are_recognised_where_urls_are(self):
        from puzzles.common.inputs import looks_like_url, read_source
        assert looks_like_url("10x10t0:a1") and looks_like_url("5:y")
        assert not looks_like_url("puzzle.txt")
        assert read_source("7x7t0dh:" + "y" * 2, "slitherlink") == ("url", "7x7t0dh:yy")
