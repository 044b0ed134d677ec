"""Plain-Python Masyu by brute force: every single loop of a small grid (depth-first
search from each loop's least cell), the rules checked along the loop's cell order,
and the good pearl sets of a loop by trying every subset (independent of
``puzzles.masyu``)."""
from __future__ import annotations

import itertools

__all__ = ["grid_loops", "loop_order", "keeps", "solutions", "admitted", "good_sets"]


def _neighbours(cell, rows, cols):
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def _edge(a, b):
    return (a, b) if a <= b else (b, a)


def grid_loops(rows: int, cols: int) -> list[frozenset]:
    """Every simple cycle of the rows x cols cell grid, as a frozenset of edges."""
    found = set()
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        stack = [(start, [start])]
        while stack:
            cell, path = stack.pop()
            for n in _neighbours(cell, rows, cols):
                if n == start and len(path) >= 4:
                    found.add(frozenset(_edge(a, b) for a, b in zip(path, path[1:] + [start])))
                elif n > start and n not in path:
                    stack.append((n, path + [n]))
    return sorted(found, key=sorted)


def loop_order(loop: frozenset) -> list:
    """The loop's cells in travel order from its least cell."""
    adj: dict = {}
    for a, b in loop:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = min(adj)
    order, prev = [start], None
    while True:
        cur = order[-1]
        nxt = [x for x in adj[cur] if x != prev and x != (order[-2] if len(order) > 1 else None)]
        nxt = nxt[0]
        if nxt == start:
            return order
        prev = cur
        order.append(nxt)


def _straight(a, b, c) -> bool:
    return (a[0] == b[0] == c[0]) or (a[1] == b[1] == c[1])


def keeps(loop: frozenset, pearls: dict) -> bool:
    """Whether the loop obeys every pearl (``"w"``/``"b"``), checked along its order."""
    order = loop_order(loop)
    n = len(order)
    at = {cell: i for i, cell in enumerate(order)}
    for cell, kind in pearls.items():
        if cell not in at:
            return False
        i = at[cell]
        turns = [not _straight(order[(j - 1) % n], order[j % n], order[(j + 1) % n])
                 for j in range(i - 1, i + 2)]
        if kind == "w" and (turns[1] or not (turns[0] or turns[2])):
            return False
        if kind == "b" and (not turns[1] or turns[0] or turns[2]):
            return False
    return True


def solutions(rows: int, cols: int, pearls: dict, loops=None) -> set:
    """Every solution of the board: the grid's loops that keep every pearl."""
    loops = grid_loops(rows, cols) if loops is None else loops
    return {loop for loop in loops if keeps(loop, pearls)}


def admitted(loop: frozenset) -> dict:
    """Each cell of the loop with the pearl kind the loop keeps there (if any)."""
    out = {}
    for cell in loop_order(loop):
        for kind in ("w", "b"):
            if keeps(loop, {cell: kind}):
                out[cell] = kind
    return out


def good_sets(rows: int, cols: int, loop: frozenset) -> set:
    """Every set of admitted pearls (as a frozenset of cells) whose board has the loop as
    its only solution, by trying every subset."""
    loops = grid_loops(rows, cols)
    kinds = admitted(loop)
    cells = sorted(kinds)
    out = set()
    for k in range(len(cells) + 1):
        for chosen in itertools.combinations(cells, k):
            if solutions(rows, cols, {c: kinds[c] for c in chosen}, loops) == {loop}:
                out.add(frozenset(chosen))
    return out
