"""Paths, path matchings and cycles: published counts, brute force on random graphs,
and the identity of the frontier and the algebraic (mate-ZDD) constructions."""

from __future__ import annotations

import itertools
import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zalg
from zalg import Graph, Universe, grid
from zalg.topdown import ACCEPT, REJECT, build

PATHS = [1, 2, 12, 184, 8512, 1262816, 575780564]  # OEIS A007764
CYCLES = [0, 1, 13, 213, 9349, 1222363, 487150371]  # OEIS A140517


@pytest.mark.parametrize("n", range(1, 8))
def test_grid_counts_frontier(n):
    G = grid(n, n)
    assert G.paths((0, 0), (n - 1, n - 1)).count() == PATHS[n - 1]
    assert G.cycles().count() == CYCLES[n - 1]


@pytest.mark.parametrize("n", range(1, 7))
def test_grid_both_methods_give_the_same_zdd(n):
    G = grid(n, n)
    s, t = (0, 0), (n - 1, n - 1)
    assert G.paths(s, t, method="algebra") == G.paths(s, t)
    assert G.cycles(method="algebra") == G.cycles()
    if n <= 5:
        assert G.cycle_sets(method="algebra") == G.cycle_sets()
        assert G.path_matchings(method="algebra") == G.path_matchings()
        assert G.path_matchings(cover=True, method="algebra") == G.path_matchings(cover=True)



def _diagonal(rows, cols):
    """The grid's edges by anti-diagonal (r + c of their ends), a non-sweep order."""
    return sorted(zalg.graphs.graph.grid_edges(rows, cols),
                  key=lambda e: (sum(e[0]) + sum(e[1]), e[0], e[1]))


@pytest.mark.parametrize("order", ["up", "left", "bfs", "frontier", "diagonal"])
def test_both_methods_give_the_same_zdd_under_other_edge_orders(order):
    # the algebra places each mate element by the edge order (above the edge at which
    # its younger vertex enters) and lets a vertex leave inside its last edge step;
    # neither may depend on the row-major sweep
    rows, cols = 4, 5
    G = Graph(zalg.graphs.graph.grid_edges(rows, cols), order=_diagonal(rows, cols)) \
        if order == "diagonal" else grid(rows, cols, order=order)
    s, t = (0, 0), (rows - 1, cols - 1)
    assert G.paths(s, t, method="algebra") == G.paths(s, t)
    assert G.cycles(method="algebra") == G.cycles()
    assert G.cycle_sets(method="algebra") == G.cycle_sets()
    assert G.path_matchings(method="algebra") == G.path_matchings()
    pairs = [((0, 0), (rows - 1, cols - 1)), ((0, cols - 1), (rows - 1, 0))]
    for cover in (False, True):
        assert G.path_matchings(pairs=pairs, cover=cover, method="algebra") == \
            G.path_matchings(pairs=pairs, cover=cover)


# ---- brute force ---------------------------------------------------------------------
def degrees(edges):
    d = {}
    for u, v in edges:
        d[u] = d.get(u, 0) + 1
        d[v] = d.get(v, 0) + 1
    return d


def components(edges):
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x
    for u, v in edges:
        parent[find(u)] = find(v)
    groups = {}
    for u, v in edges:
        groups.setdefault(find(u), []).append((u, v))
    return list(groups.values())


def is_path_between(edges, s, t):
    if s == t:
        return not edges
    d = degrees(edges)
    return (len(components(edges)) == 1 and d.get(s) == 1 and d.get(t) == 1
            and all(k == 2 for x, k in d.items() if x not in (s, t)))


def is_cycle_set(edges):
    return all(k == 2 for k in degrees(edges).values())


def is_single_cycle(edges):
    return bool(edges) and is_cycle_set(edges) and len(components(edges)) == 1


def is_linear_forest(edges):
    d = degrees(edges)
    if any(k > 2 for k in d.values()):
        return False
    return all(len(c) == len({x for e in c for x in e}) - 1 for c in components(edges))


def is_pair_matching(edges, pairs, vertices, cover):
    d = degrees(edges)
    comps = components(edges)
    if len(comps) != len(pairs):
        return False
    ends = set()
    for c in comps:
        dc = degrees(c)
        e = [x for x, k in dc.items() if k == 1]
        if len(e) != 2 or any(k > 2 for k in dc.values()):
            return False
        ends.add(frozenset(e))
    if ends != {frozenset(p) for p in pairs}:
        return False
    return not cover or all(x in d for x in vertices)


def brute(G, test):
    return {frozenset(S) for r in range(len(G.edges) + 1)
            for S in combinations(G.edges, r) if test(list(S))}


def random_graph(rng, nv, ne, isolated=0):
    vs = list(range(nv))
    all_edges = list(combinations(vs, 2))
    edges = rng.sample(all_edges, min(ne, len(all_edges)))
    return Graph(edges, vertices=vs + [100 + i for i in range(isolated)])


@pytest.mark.parametrize("seed", range(12))
def test_random_graphs_against_brute_force(seed):
    rng = random.Random(seed)
    G = random_graph(rng, rng.randint(3, 7), rng.randint(3, 11), isolated=seed % 2)
    vs = [x for x in G.vertices if G.neighbours(x)]
    s, t = rng.sample(vs, 2)
    for method in ("frontier", "algebra"):
        assert set(G.paths(s, t, method=method)) == brute(G, lambda S: is_path_between(S, s, t))
        assert set(G.cycles(method=method)) == brute(G, is_single_cycle)
        assert set(G.cycle_sets(method=method)) == brute(G, is_cycle_set)
        assert set(G.path_matchings(method=method)) == brute(G, is_linear_forest)
        covered = set(G.path_matchings(cover=True, method=method))
        assert covered == brute(G, lambda S: is_linear_forest(S) and
                                len({x for e in S for x in e}) == len(G.vertices))
        if len(vs) >= 4:
            a, b, c, d = rng.sample(vs, 4)
            pairs = [(a, b), (c, d)]
            for cover in (False, True):
                got = set(G.path_matchings(pairs=pairs, cover=cover, method=method))
                assert got == brute(G, lambda S: is_pair_matching(S, pairs, G.vertices, cover))
    assert G.paths(s, t, method="algebra") == G.paths(s, t)
    assert G.cycles(method="algebra") == G.cycles()


def test_special_cases():
    # two components, an isolated vertex, no path between the components
    G = Graph([(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)], vertices=[9])
    for method in ("frontier", "algebra"):
        assert G.paths(0, 4, method=method) == G.universe.empty
        assert G.paths(0, 0, method=method) == G.universe.unit  # s = t: the empty path
        assert G.cycles(method=method).count() == 2
        assert G.cycle_sets(method=method).count() == 4
        assert G.path_matchings(cover=True, method=method) == G.universe.empty  # 9 is isolated
        assert G.paths(0, 9, method=method) == G.universe.empty
    H = Graph([], vertices=[1, 2])
    assert H.cycles() == H.universe.empty and H.cycle_sets() == H.universe.unit
    with pytest.raises(ValueError, match="unknown vertex"):
        G.paths(0, 77)


def test_orders_and_frontier_width():
    G = grid(4, 6)
    # row-major: while (r, c)'s down edge is decided, (r, c..5) and (r+1, 0..c) are live
    assert G.frontier_width() == 6 + 1
    H = grid(4, 6, order="frontier")
    assert H.frontier_width() == 4 + 1  # the heuristic finds the narrow side
    B = grid(4, 6, order="bfs")
    for g in (H, B):
        assert g.paths((0, 0), (3, 5)).count() == G.paths((0, 0), (3, 5)).count()
        assert g.cycles().count() == G.cycles().count()
    explicit = Graph(G.edges[::-1], order=G.edges)
    assert explicit.edges == G.edges
    with pytest.raises(ValueError, match="every edge"):
        Graph(G.edges, order=G.edges[:-1])
    with pytest.raises(ValueError, match="unknown edge order"):
        Graph(G.edges, order="random")


@pytest.mark.parametrize("rows, cols", [(4, 6), (6, 4), (5, 5), (1, 4)])
def test_grid_sweeps_start_on_each_side(rows, cols):
    base = grid(rows, cols)
    want = (base.cycles().count(), base.paths((0, 0), (rows - 1, cols - 1)).count())
    for sweep in zalg.graphs.graph.SWEEPS:
        G = grid(rows, cols, order=sweep)
        assert sorted(G.edges) == sorted(base.edges)
        across = cols if sweep in ("down", "up") else rows
        assert G.frontier_width() == (across + 1 if min(rows, cols) > 1 else 2)
        first = G.edges[0]
        start = {"down": lambda v: v[0] == 0, "up": lambda v: v[0] == rows - 1,
                 "right": lambda v: v[1] == 0, "left": lambda v: v[1] == cols - 1}[sweep]
        assert any(start(v) for v in first), (sweep, first)
        assert (G.cycles().count(), G.paths((0, 0), (rows - 1, cols - 1)).count()) == want
    if min(rows, cols) > 1:
        assert grid(rows, cols, order="narrow").frontier_width() == min(rows, cols) + 1
    with pytest.raises(ValueError, match="unknown sweep"):
        zalg.graphs.graph.sweep_order(rows, cols, "diagonal")


def test_networkx_input():
    nx = pytest.importorskip("networkx", reason="networkx is optional")
    G = Graph(nx.petersen_graph())
    assert len(G.edges) == 15
    # the Petersen graph has 12 + 10 + 15 + 20 cycles of lengths 5, 6, 8, 9, and no Hamiltonian cycle
    assert G.cycles().by_size() == {5: 12, 6: 10, 8: 15, 9: 20}


def test_vertices_named_like_the_algebras_end_tags():
    # the mate-ZDD algebra tags a fragment's ends ("v", x), ("open",), ("label", k):
    # vertices with such names are still only vertices
    names = [("open",), ("label", 0), ("v", 1), "x", ("label", 1)]
    G = Graph([(names[a], names[b]) for a, b in [(0, 1), (1, 2), (2, 3), (3, 4), (0, 2),
                                                   (1, 3), (2, 4)]])
    pairs = [(names[0], names[3]), (names[1], names[4])]
    for cover in (False, True):
        assert G.path_matchings(pairs=pairs, cover=cover, method="algebra") == \
            G.path_matchings(pairs=pairs, cover=cover)
    assert G.path_matchings(method="algebra") == G.path_matchings()
    assert G.paths(names[0], names[4], method="algebra") == G.paths(names[0], names[4])
    assert G.cycles(method="algebra") == G.cycles()


def test_degree_constraints_against_brute_force():
    G = grid(3, 3)
    degs = {(1, 1): {0, 2}, (0, 0): {1}}
    got = set(G.degree_constrained(degs))
    want = brute(G, lambda S: all(degrees(S).get(x, 0) in d for x, d in degs.items()))
    assert got == want


class IndependentSets:
    """A user-written spec: no two chosen elements adjacent on a path of n elements."""

    def __init__(self, n):
        self.n = n

    def root(self):
        return ("free",)

    def child(self, state, level, bit):
        if bit and state == ("taken",):
            return REJECT
        if level == self.n - 1:
            return ACCEPT
        return ("taken",) if bit else ("free",)


def test_user_spec():
    n = 12
    U = zalg.Universe(range(n))
    F = build(U, IndependentSets(n))
    fib = [1, 2]
    for _ in range(n):
        fib.append(fib[-1] + fib[-2])
    assert F.count() == fib[n]
    no_adjacent = U.power_set()
    for i in range(n - 1):
        no_adjacent = no_adjacent - U.var(i) * U.var(i + 1)
    assert F == no_adjacent


def _cycle_order(edges):
    """The vertices of an edge set in walking order when it is one cycle, else None."""
    adj = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if not edges or any(len(n) != 2 for n in adj.values()):
        return None
    start = min(adj, key=repr)
    order, prev, cur = [start], None, start
    while True:
        nxt = adj[cur][0] if adj[cur][0] != prev else adj[cur][1]
        if nxt == start:
            break
        order.append(nxt)
        prev, cur = cur, nxt
    return order if len(order) == len(adj) else None


def brute_oriented(G, one_way, pairs, visit):
    out = set()
    for k in range(3, len(G.edges) + 1):
        for subset in itertools.combinations(G.edges, k):
            order = _cycle_order(subset)
            if order is None or not set(visit) <= set(order):
                continue
            chosen = set(subset)
            if any(e in chosen and f in chosen for e, f in pairs):
                continue
            steps = list(zip(order, order[1:] + order[:1]))
            ok = False
            for walk in (steps, [(b, a) for a, b in steps]):
                used = {(a, b) for a, b in walk}
                if all(tuple(d) in used for e, d in one_way.items() if e in chosen):
                    ok = True
            if ok:
                out.add(frozenset(subset))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_oriented_cycles_against_brute_force(seed):
    rng = random.Random(seed)
    if seed % 3 == 0:
        G = zalg.grid(3, 3)
    elif seed % 3 == 1:
        G = zalg.grid(2, 4, order="narrow")
    else:
        vs = list(range(6))
        es = {tuple(sorted(rng.sample(vs, 2))) for _ in range(10)}
        G = Graph(sorted(es), vertices=vs)
    one_way = {e: (e if rng.random() < 0.5 else e[::-1]) for e in G.edges if rng.random() < 0.4}
    pairs = []
    for x in G.vertices:
        at = [e for e in G.edges if x in e]
        if len(at) >= 2 and rng.random() < 0.4:
            pairs.append(tuple(rng.sample(at, 2)))
    visit = [x for x in G.vertices if rng.random() < 0.2]
    F = G.oriented_cycles(one_way=one_way, forbidden_pairs=pairs, visit=visit)
    assert {frozenset(m) for m in F} == brute_oriented(G, one_way, pairs, visit)
    if not one_way and not pairs and not visit:
        assert F == G.cycles()


def test_a_width_limit_stops_the_oriented_sweep_cleanly_or_changes_nothing():
    G = zalg.grid(6, 6)
    full = G.oriented_cycles()
    with pytest.raises(zalg.TooWide) as info:
        G.oriented_cycles(max_width=20)
    assert info.value.states > 20 and info.value.max_width == 20 and info.value.level > 1
    assert G.oriented_cycles(max_width=10 ** 6) == full  # the universe stays usable
    assert full.count() == 1222363  # OEIS A140517, 6x6


def test_spec_intersection_is_the_intersection_of_the_families():
    from zalg.topdown import intersection

    class AtMost2:
        def root(self):
            return ("used", 0)  # states must not be the integers 0 and 1

        def child(self, state, level, bit):
            used = state[1] + bit
            if used > 2:
                return REJECT
            return ACCEPT if level == 5 else ("used", used)

    class ThreeOrNone:
        """Element 1 present iff element 3 present; ACCEPT early once past 3 with none."""

        def root(self):
            return "x"

        def child(self, state, level, bit):
            if level == 1:
                return "one" if bit else "none"
            if level == 3:
                if (state == "one") != bool(bit):
                    return REJECT
                return ACCEPT if state == "none" else "done"
            return ACCEPT if level == 5 else state

    U = Universe(range(6))
    A, B = build(U, AtMost2()), build(U, ThreeOrNone())
    assert A == U.at_most(2)
    assert build(U, intersection(AtMost2(), ThreeOrNone())) == A & B
    assert build(U, intersection(ThreeOrNone(), AtMost2())) == A & B


def test_the_crossing_cut_lets_paths_cross_over_a_loose_fragment():
    # Swept down, row 2 is the frontier with open ends a k, e, c m, f, b k, d m in this
    # order: the labels k and m alternate, yet k runs a -> e, over the loose fragment
    # e .. f above (around m's terminal), and f -> b, while m runs c -> d below it.
    k = [(1, 0), (2, 0), (3, 0), (3, 1), (2, 1), (1, 1), (0, 1), (0, 2), (0, 3), (1, 3),
         (2, 3), (3, 3), (3, 4), (2, 4), (1, 4)]
    m = [(1, 2), (2, 2), (3, 2), (4, 2), (4, 3), (4, 4), (4, 5), (3, 5), (2, 5), (1, 5)]
    solution = sorted(tuple(sorted(e)) for path in (k, m) for e in zip(path, path[1:]))
    pairs = [((1, 0), (1, 4)), ((1, 2), (1, 5))]
    for sweep in zalg.graphs.graph.SWEEPS:
        G = grid(5, 6, order=sweep)
        plain = Graph(G.edges, order=G.edges, vertices=G.vertices)
        F = G.path_matchings(pairs=pairs)
        assert solution in F, sweep
        assert F.count() == plain.path_matchings(pairs=pairs).count() == 6398, sweep


def test_the_crossing_cut_changes_no_count_on_wider_boards():
    rng = random.Random(11)
    for _ in range(120):
        rows, cols = rng.randint(4, 6), rng.randint(5, 7)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        k = rng.randint(3, 6)
        pick = rng.sample(cells, 2 * k)
        pairs = [(pick[2 * i], pick[2 * i + 1]) for i in range(k)]
        G = grid(rows, cols, order=rng.choice(zalg.graphs.graph.SWEEPS))
        plain = Graph(G.edges, order=G.edges, vertices=G.vertices)
        assert G.path_matchings(pairs=pairs).count() == \
            plain.path_matchings(pairs=pairs).count(), (rows, cols, pairs)


def test_the_crossing_cut_changes_no_path_matching():
    # grids know their sweep (frontier_key): labels whose two open ends alternate along
    # the frontier are cut early; the families must equal those built without the cut
    rng = random.Random(5)
    for _ in range(400):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        k = rng.randint(2, min(5, len(cells) // 2))
        pick = rng.sample(cells, 2 * k)
        pairs = [(pick[2 * i], pick[2 * i + 1]) for i in range(k)]
        cover = rng.random() < 0.3
        G = grid(rows, cols, order=rng.choice(zalg.graphs.graph.SWEEPS))
        plain = Graph(G.edges, order=G.edges, vertices=G.vertices)  # no frontier_key
        assert plain.frontier_key is None and G.frontier_key is not None
        assert set(G.path_matchings(pairs=pairs, cover=cover)) == \
            set(plain.path_matchings(pairs=pairs, cover=cover)), (rows, cols, pairs, cover)


def _path_ends(edges):
    """The two end vertices of every path of a linear forest (its pairs)."""
    return [tuple(x for x, k in degrees(c).items() if k == 1) for c in components(edges)]


@given(st.integers(4, 6), st.integers(4, 7), st.sampled_from(zalg.graphs.graph.SWEEPS),
       st.booleans(), st.booleans(), st.integers(0, 10**6))
def test_the_planar_cut_keeps_the_family_node_for_node(rows, cols, sweep, cover, solvable, seed):
    # the crossing cut with the terminals ahead on the outer face only drops states that
    # cannot complete: in one universe both builds give the same ZDD node.  Pairs are the
    # path ends of a random covering path matching (a board with a solution), or
    # random cells (mostly none)
    rng = random.Random(seed)
    G = grid(rows, cols, order=sweep)
    if solvable:
        (member,) = G.path_matchings(cover=True).sample(1, seed=seed)
        pairs = _path_ends(list(member))
    else:
        pick = rng.sample(G.vertices, 2 * rng.randint(2, 6))
        pairs = [(pick[2 * i], pick[2 * i + 1]) for i in range(len(pick) // 2)]
    cut = G.path_matchings(pairs=pairs, cover=cover)
    plain = G.path_matchings(pairs=pairs, cover=cover, planar_cut=False)
    assert cut.universe is plain.universe and cut == plain, (rows, cols, sweep, pairs, cover)
    if solvable:
        assert member in cut


def _swept_nodes(build, every_child: bool, capacity: bool = True) -> tuple:
    """(the family build() returns, the nodes of each sweep's unreduced diagram), the
    mate machine testing every child for crossing labels if ``every_child``, and with
    its capacity test if ``capacity``"""
    from zalg.graphs import paths
    seen = []
    reduce = zalg.topdown.run.reduce_codes

    def counted(codes, start, *rest):
        seen.append(int(start[-1]))
        return reduce(codes, start, *rest)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(zalg.topdown.run, "reduce_codes", counted)
        if every_child:
            mp.setattr(paths, "_rechecks", lambda plan, *_: np.ones(len(plan.edges), np.int64))
            mp.setattr(paths, "_gaps", lambda plan, *_: np.zeros(len(plan.edges), np.int64))
        full = paths._capacities
        if not capacity:
            mp.setattr(paths, "_capacities", lambda plan, *a: full(plan, *a)[:2]
                       + (np.zeros(len(plan.edges), np.int64),))
        elif every_child:  # the capacity test on every child of a tight level
            mp.setattr(paths, "_capacities", lambda plan, *a: full(plan, *a)[:2]
                       + (np.minimum(full(plan, *a)[2], 1),))
        return build(), seen


@settings(max_examples=40)
@given(st.integers(2, 6), st.integers(3, 7), st.sampled_from(zalg.graphs.graph.SWEEPS),
       st.booleans(), st.integers(2, 6), st.integers(0, 10**6))
def test_the_crossing_test_skips_only_children_that_cannot_cross(rows, cols, sweep, cover,
                                                                 npairs, seed):
    # the mate machine tests a child for crossing labels, and for lines over capacity on
    # a level it repeats, only where its boundary points may differ from its parent's
    # (I_RECHECK, I_GAP, I_TIGHT 2); testing every child instead keeps exactly the same
    # states: the same number of nodes before reduction
    rng = random.Random(seed)
    G = grid(rows, cols, order=sweep)
    pick = rng.sample(G.vertices, 2 * min(npairs, rows * cols // 2))
    pairs = [(pick[2 * i], pick[2 * i + 1]) for i in range(len(pick) // 2)]
    skipping, a = _swept_nodes(lambda: G.path_matchings(pairs=pairs, cover=cover), False)
    every, b = _swept_nodes(lambda: G.path_matchings(pairs=pairs, cover=cover), True)
    assert len(a) == 1 and skipping == every and a == b, (rows, cols, sweep, pairs, cover)


@settings(max_examples=40)
@given(st.integers(2, 6), st.integers(3, 7), st.sampled_from(zalg.graphs.graph.SWEEPS),
       st.booleans(), st.integers(2, 6), st.integers(0, 10**6))
def test_the_capacity_test_keeps_the_family(rows, cols, sweep, cover, npairs, seed):
    # more labels than undecided edges and bands across a line between two columns
    # (rows) can carry: the state dies.  The family is the same with or without the
    # test, and the sweep keeps no more states with it
    rng = random.Random(seed)
    G = grid(rows, cols, order=sweep)
    pick = rng.sample(G.vertices, 2 * min(npairs, rows * cols // 2))
    pairs = [(pick[2 * i], pick[2 * i + 1]) for i in range(len(pick) // 2)]
    cut, a = _swept_nodes(lambda: G.path_matchings(pairs=pairs, cover=cover), False)
    bare, b = _swept_nodes(lambda: G.path_matchings(pairs=pairs, cover=cover), False, False)
    assert cut == bare and a <= b, (rows, cols, sweep, pairs, cover)


def test_the_capacity_test_cuts_a_strip():
    # on a 2x9 strip three nested labels do not cross, but each needs its own edge
    # across the line between columns 3 and 4, which has two: the sweep stops there
    G = grid(2, 9, order="down")
    pairs = [((0, 0), (0, 8)), ((0, 2), (0, 6)), ((0, 3), (0, 5))]
    cut, a = _swept_nodes(lambda: G.path_matchings(pairs=pairs), False)
    bare, b = _swept_nodes(lambda: G.path_matchings(pairs=pairs), False, False)
    assert cut == bare and not cut and a[0] < b[0]


@pytest.mark.parametrize("shape", [(2, 4), (3, 3), (2, 5)])
def test_the_planar_cut_against_brute_force_on_tiny_grids(shape):
    # every edge subset that is a linear forest, once per shape (the sweeps only order
    # the same edges), then the pair matchings among them for random pairs
    rows, cols = shape
    rng = random.Random(rows * 10 + cols)
    forests = brute(grid(rows, cols), is_linear_forest)
    for sweep in zalg.graphs.graph.SWEEPS:
        G = grid(rows, cols, order=sweep)
        for _ in range(4):
            pick = rng.sample(G.vertices, 2 * rng.randint(2, min(3, rows * cols // 2)))
            pairs = [(pick[2 * i], pick[2 * i + 1]) for i in range(len(pick) // 2)]
            for cover in (False, True):
                want = {S for S in forests if is_pair_matching(list(S), pairs, G.vertices, cover)}
                assert set(G.path_matchings(pairs=pairs, cover=cover)) == want, (sweep, pairs)


def test_the_terminals_ahead_on_the_face_cut_states_early():
    # two labels whose four terminals alternate around a 9x9 border cross in every
    # drawing: the cut sees it once the first label's first terminal is reached (its
    # partner and the other label's terminals lie ahead on the outer face), so no level
    # of the cut sweep grows; without the terminals ahead the sweep carries all
    # partial paths of the first label until the last row
    G = grid(9, 9, order="down")
    pairs = [((0, 4), (8, 4)), ((4, 0), (4, 8))]
    assert G.path_matchings(pairs=pairs, max_width=8).count() == 0
    with pytest.raises(zalg.TooWide):
        G.path_matchings(pairs=pairs, max_width=8, planar_cut=False)
    assert not G.path_matchings(pairs=pairs, planar_cut=False)
