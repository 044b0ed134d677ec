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

    def test_characters_after_the_last_cell_are_ignored(self):
        assert pzprjs.decode_4cell("1234", 2) == [1, 2]

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
