"""A tour of the zalg family algebra: every operation on small families you can check by hand.

Run:  python examples/algebra_tour.py

It needs only the core install (``pip install -e .``); the one line that writes a
family as a sympy expression shows it where sympy is installed (``pip install -e
'.[sympy]'``) and says so where it is not.
"""

from zalg import Universe, union


def show(label, value):
    print(f"  {label:<44} {value}")


def main() -> None:
    print("A universe of five elements; families are written in Minato's notation")
    print("(+ is union, * is join, 1 is {∅}).\n")
    U = Universe("abcde")
    a, b = U.single("a"), U.single("b")

    F = U.parse("a*(b + c) + d*e")
    G = U.parse("b + c + d")
    show("F = a*(b + c) + d*e", F)
    show("G = b + c + d", G)

    print("\nSet operations")
    show("F | G (union)", F | G)
    show("F & (a*b + d) (intersection)", F & U.parse("a*b + d"))
    show("F - a*b (difference)", F - U.parse("a*b"))
    show("F ^ (a*b + b) (symmetric difference)", F ^ U.parse("a*b + b"))
    show("|~F| (complement in 2^U: 32 - 3)", (~F).count())

    print("\nFamily algebra (Minato, Knuth TAOCP 7.1.4)")
    show("a * G (join)", a * G)
    show("a*G == a*b + a*c + a*d", a * G == U.parse("a*b + a*c + a*d"))
    show("G + a*G == (a + 1)*(b + c + d)", G + a * G == U.parse("(a + 1)*(b + c + d)"))
    show("F / a (quotient)", F / a)
    show("F % a (remainder)", F % a)
    show("F.meet(G) = {x ∩ y}", F.meet(G))
    show("F.nonsup(b) (no member ⊇ {b})", F.nonsup(b))
    show("F.restrict(b) (members ⊇ {b})", F.restrict(b))
    show("F.permit(a*b*c) (members ⊆ {a,b,c})", F.permit(U.parse("a*b*c")))

    print("\nMinimal, maximal, hitting sets")
    H = U.parse("a + a*b + b*c + a*b*c")
    show("H = a + a*b + b*c + a*b*c", H)
    show("H.minimal()", H.minimal())
    show("H.maximal()", H.maximal())
    show("F.hitting().minimal() (min. transversals)", F.hitting().minimal())

    print("\nElements and sizes")
    show("F.onset('a') (members with a)", F.onset("a"))
    show("F.offset('a') (members without a)", F.offset("a"))
    show("F.change('a') (toggle a)", F.change("a"))
    show("(F | a).of_size(1)", (F | a).of_size(1))
    show("U.exactly(2, 'abc') count (= C(3,2)·2^2)", U.exactly(2, list("abc")).count())
    show("U.single('a') vs U.var('a') counts", (U.single("a").count(), U.var("a").count()))

    print("\nQuantifiers over elements")
    show("F.exists('a') = {S : S or S+a in F}", F.exists("a"))
    show("(F + b + c).forall('a') = {S : S, S+a in F}", (F + U.parse("b + c")).forall("a"))
    show("F.unique_exists(['b', 'c'])", F.unique_exists(["b", "c"]))

    print("\nThe cylinder rule: C(x) must be lifted before complementing")
    V = Universe(["x1", "x2", "y"])
    C = V.family([{"x1"}, {"x2"}])
    Cx = C * V.power_set(["y"])
    show("(~C).forall(x)   (wrong: C not lifted)", (~C).forall(["x1", "x2"]))
    show("(~Cx).forall(x)  (right: ∅)", (~Cx).forall(["x1", "x2"]))

    print("\nReading a family")
    big = union(U.family([{x, y}]) for x in "abcde" for y in "abcde" if x < y) * U.power_set()
    show("big = all sets with >= 2 elements", f"{big.count()} members, {big.node_count()} nodes")
    show("big.by_size()", big.by_size())
    show("F members", sorted(sorted(m) for m in F))
    show("{'a','b'} in F", {"a", "b"} in F)
    show("big.sample(2, seed=1)", [sorted(m) for m in big.sample(2, seed=1)])
    w = {"a": 3, "b": -1, "c": 2, "d": 1, "e": -4}
    show("F.min_weight(w)", F.min_weight(w))
    show("F.max_weight(w)", F.max_weight(w))
    show("weights in order", [wt for wt, _ in F.iter_by_weight(w)])
    try:
        show("F.to_sympy()", F.to_sympy())
    except ImportError as exc:  # sympy is optional
        show("F.to_sympy()", f"(not shown: {exc})")

    print("\nExact counts of any size")
    W = Universe(range(300))
    show("|2^300|", W.power_set().count())
    show("|exactly 150 of 300| == C(300,150)", W.exactly(150).count())


if __name__ == "__main__":
    main()
