"""Hostile input to the library and to ``zalg info``: integers too large for
``str``, members too large to print, malformed Minato texts of any length, names
shared by two elements, bad budgets, special files and terminal escapes."""
from __future__ import annotations

import math
import random
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zalg import Universe
from zalg.tools.commands import main as zalg_main
from zalg.errors import InputError
from zalg.memory import default_budget
from zalg.text import decimal, safe, short_int


@pytest.fixture
def unguarded():
    """Python's own int/str conversions without the 4,300-digit guard (the reference)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(limit)


@given(bits=st.integers(0, 70000), sign=st.sampled_from([1, -1]), seed=st.integers(0, 2**32))
def test_decimal_writes_every_integer_exactly(bits, sign, seed):
    n = sign * random.Random(seed).getrandbits(bits)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        expected = str(n)
    finally:
        sys.set_int_max_str_digits(limit)
    assert decimal(n) == expected


@pytest.mark.parametrize("digits", [3999, 4000, 4001, 8000, 8001, 16001])
def test_decimal_at_the_chunk_boundaries(digits, unguarded):
    for n in (10 ** digits - 1, 10 ** digits, 10 ** digits + 7):
        assert decimal(n) == str(n)
    assert decimal(10 ** digits) == "1" + "0" * digits


def test_counts_past_python_str_limit_are_printable():
    U = Universe(range(15000))
    P = U.power_set()
    assert P.count() == 1 << 15000
    assert repr(P) == f"Family(<{short_int(1 << 15000)} members, 15000 nodes>)"
    assert "(4516 digits)" in repr(P)
    with pytest.raises(OverflowError, match="4516 digits"):
        len(P)


def test_a_huge_member_is_abbreviated_and_iterated_in_linear_steps():
    # 30,000 levels: thirty times Python's recursion limit, a tenth of the memory of 200,000
    U = Universe(range(30_000))
    F = U.power_set().of_size(30_000)          # one member: every element
    assert repr(F) == "Family(0*1*2*3*4*5*6*7*8*9*…*29999 (30000 elements))"
    [member] = list(F)
    assert member == frozenset(range(30_000))


def test_a_malformed_text_builds_no_family(monkeypatch):
    U = Universe("ab")
    built = []
    monkeypatch.setattr(U, "single", lambda x: built.append(x))
    with pytest.raises(ValueError, match="ends early"):
        U.parse("a+" * 200_000)
    with pytest.raises(ValueError, match="unknown element 'c' at position 400000"):
        U.parse("a+" * 200_000 + "c")
    assert built == []  # the whole text was checked before any family was built


def test_a_name_shared_by_two_elements_is_refused():
    U = Universe(["True", True, "x"])
    with pytest.raises(ValueError, match="'True' at position 4 names two elements"):
        U.parse("x + True")
    assert U.parse("x") == U.single("x")


@pytest.mark.parametrize("value", ["abc", "1K", "0", "-5M", "1e9", "5000000T", "٣G"])
def test_a_bad_zalg_memory_is_one_input_error(monkeypatch, value):
    monkeypatch.setenv("ZALG_MEMORY", value)
    with pytest.raises(InputError, match="ZALG_MEMORY"):
        default_budget()
    with pytest.raises(InputError, match="ZALG_MEMORY"):
        Universe("ab")


def test_info_of_a_file_that_cannot_be_read_is_one_line(capsys):
    assert zalg_main(["info", "/proc/self/mem"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("zalg: error: cannot read /proc/self/mem") and err.count("\n") == 1


def test_info_shows_element_texts_escaped(tmp_path, capsys):
    U = Universe(["\x1b[31mred", "bell\x07", "cr\rlf", "plain"])
    U.power_set().dump(tmp_path / "f.npz")
    assert zalg_main(["info", str(tmp_path / "f.npz"), "--show", "16"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert "\\x1b[31mred" in out and "plain" in out
    assert out.splitlines()[1] == "members:  16"


def test_safe_keeps_printable_text_and_cuts_long_text():
    assert safe("a b é 漢") == "a b é 漢"
    assert safe("x" * 500, limit=10) == "x" * 9 + "…"
    rng = random.Random(1)
    for _ in range(200):
        text = "".join(chr(rng.randrange(0, 0x3000)) for _ in range(20))
        assert safe(text, limit=1000).isprintable()


def test_a_pairing_universe_is_refused_before_it_is_built(monkeypatch):
    from zalg import Graph, OutOfMemory, grid, pairing_universe
    matching = Graph([(2 * i, 2 * i + 1) for i in range(2500)])  # 5,000 vertices
    with pytest.raises(InputError, match=r"\(12500000 elements\): a universe holds at most"):
        pairing_universe(matching)                   # 2,500 edges + 12,497,500 pairs
    board = grid(60, 60)  # its edges' universe first: a 1 GB budget now bounds the whole
    monkeypatch.setenv("ZALG_MEMORY", "1G")  # process, and a test run may hold more than that
    with pytest.raises(OutOfMemory, match=r"pairing universe \(6485280 elements\).*1\.0 GB"):
        pairing_universe(board)
    monkeypatch.delenv("ZALG_MEMORY")
    assert len(pairing_universe(grid(3, 3))) == 12 + 9 * 8 // 2


def test_cardinality_families_build_only_the_counts_in_play():
    """exactly/at_least/at_most build min(k, n − k) + 1 nodes a level: exactly(n) over 50,000
    elements is one member (it built n × (n + 1) nodes before: 74 s at 20,000); counts
    against math.comb."""
    n = 50_000
    U = Universe(range(n))
    assert U.exactly(n).count() == 1 and U.at_least(n).count() == 1
    assert U.exactly(n - 1).count() == n and U.at_least(n - 2).count() == 1 + n + math.comb(n, 2)
    small = Universe(range(40))
    for k in (0, 1, 7, 20, 39, 40):
        assert small.exactly(k).count() == math.comb(40, k)
        assert small.at_most(k).count() == sum(math.comb(40, j) for j in range(k + 1))
        assert small.exactly(k, range(0, 40, 2)).count() == math.comb(20, k) * 2 ** 20
