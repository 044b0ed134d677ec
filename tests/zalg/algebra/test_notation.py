"""The Minato-notation parser: exact results, clear errors, and no code ever run."""
from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zalg import Universe, union
from zalg.algebra.notation import tokens


def test_code_in_the_text_is_not_run(tmp_path):
    U = Universe(["a", "b", "os"])
    marker = tmp_path / "pwned"
    payloads = [f"__import__('os').system('touch {marker}')",
                f"a + __import__('os').system('touch {marker}')",
                "os.system('true')", "a.__class__", "a; b", "lambda: 1", "[a]", "a if b else 1",
                "exec('1')", "a[0]", "a == b", "a - b", "a / b", "a ** 2", "2*a", "-a", "a % b"]
    for text in payloads:
        with pytest.raises(ValueError, match="cannot parse"):
            U.parse(text)
    assert not marker.exists()


@pytest.mark.parametrize("text, where", [
    ("a + * b", "position 4"), ("a +", "ends early"), ("", "is empty"), ("   ", "is empty"),
    ("(a + b", "position 0"), ("a + b)", "position 5"), ("a b", "position 2"),
    ("a + q", "unknown element 'q' at position 4"), ("a & b", "character '&' at position 2"),
    ("a + 7", "position 4"), ("1a", "position 0"), ("()", "position 1"),
])
def test_malformed_text_names_the_position(text, where):
    U = Universe("abc")
    with pytest.raises(ValueError) as info:
        U.parse(text)
    assert where in str(info.value)
    assert "\n" not in str(info.value)


def test_long_sums_and_deep_parentheses_need_no_recursion():
    names = [f"x{i}" for i in range(3000)]
    U = Universe(names)
    F = U.parse(" + ".join(names))
    assert F.count() == 3000 and F == union([U.single(x) for x in names])
    deep = "(" * 20000 + "x1*x2" + ")" * 20000
    assert U.parse(deep) == U.single("x1") * U.single("x2")
    assert U.parse("*".join(names[:500])).count() == 1


def test_numbers_and_precedence():
    U = Universe("abcd")
    assert U.parse("0") == U.empty and U.parse("1") == U.unit and U.parse("00 + 01") == U.unit
    a, b, c, d = (U.single(x) for x in "abcd")
    assert U.parse("a + b*c") == a | b * c
    assert U.parse("(a + b)*c") == (a | b) * c
    assert U.parse("a*(b + c) + d*1 + 0") == a * (b | c) | d
    assert U.parse("a*a + b") == a | b


def test_tokens():
    assert [k for k, _, _ in tokens("a1 + (b_2*1)")] == ["NAME", "OP", "LPAR", "NAME", "OP", "NUM", "RPAR"]


def test_non_string_and_unnamed_elements():
    U = Universe([("t", 1), "a"])
    with pytest.raises(TypeError):
        U.parse(b"a")
    with pytest.raises(ValueError, match="unknown element"):
        U.parse("t")  # a tuple element has no name in this notation
    assert U.parse("a") == U.single("a")


@st.composite
def expressions(draw, depth=0):
    """(text, family builder) pairs of random expressions over a, b, c, d."""
    kind = draw(st.sampled_from(["name", "num", "+", "*", "()"] if depth < 4 else ["name", "num"]))
    if kind == "name":
        x = draw(st.sampled_from("abcd"))
        return x, lambda U, x=x: U.single(x)
    if kind == "num":
        n = draw(st.sampled_from("01"))
        return n, lambda U, n=n: U.unit if n == "1" else U.empty
    if kind == "()":
        t, f = draw(expressions(depth + 1))
        return f"({t})", f
    (t1, f1), (t2, f2) = draw(expressions(depth + 1)), draw(expressions(depth + 1))
    if kind == "+":
        return f"({t1}) + ({t2})", lambda U: f1(U) | f2(U)
    return f"({t1})*({t2})", lambda U: f1(U) * f2(U)


@settings(max_examples=150, deadline=None)
@given(expressions())
def test_parse_agrees_with_the_operators(expr):
    text, build = expr
    U = Universe("abcd")
    assert U.parse(text) == build(U)
