"""``zalg slitherlink ...``: solve puzzles from puzz.link URLs or files."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from zalg.cli import UserError

from .errors import PuzzleFormatError

__all__ = ["register", "read_puzzle"]


def read_puzzle(source: str):
    """A Slitherlink puzzle from a puzz.link URL or a file (pzprv3 or plain text)."""
    from .slitherlink import Puzzle
    try:
        if "?" in source or source.startswith(("http:", "https:", "slither/")):
            return Puzzle.from_url(source)
        path = Path(source)
        if not path.is_file():
            raise UserError(f"no such file: {source} (give a puzz.link URL or a puzzle file)")
        return Puzzle.from_file(path)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None


def _solve(args) -> int:
    p = read_puzzle(args.puzzle)
    long_run = p.rows * p.cols > 400
    t = time.perf_counter()
    F = p.solve(progress=long_run)
    seconds = time.perf_counter() - t
    n = F.count()
    print(p.render())
    if args.count:
        print(f"solutions: {n}")
    else:
        print("unique solution" if n == 1 else "no solution" if n == 0 else f"{n} solutions")
    if n:
        sol = next(iter(F))
        print(p.render(sol))
        if args.svg:
            try:
                Path(args.svg).write_text(p.render(sol, fmt="svg"), encoding="utf-8")
            except OSError as exc:
                raise UserError(f"cannot write {args.svg}: {exc.strerror}") from None
    print(f"solved in {seconds:.3f} s ({F.node_count()} ZDD nodes)", file=sys.stderr)
    return 0


def register(sub) -> None:
    sl = sub.add_parser("slitherlink", help="Slitherlink: solve puzzles")
    cmds = sl.add_subparsers(dest="slitherlink_command", metavar="COMMAND")
    sl.set_defaults(run=lambda args: sl.print_help() or 0)
    solve = cmds.add_parser("solve", help="find every solution of a puzzle")
    solve.add_argument("puzzle", help="a puzz.link URL, or a pzprv3 / plain-text file")
    solve.add_argument("--count", action="store_true", help="print the exact number of solutions")
    solve.add_argument("--svg", metavar="FILE", help="draw one solution as SVG")
    solve.set_defaults(run=_solve)
