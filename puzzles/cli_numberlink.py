"""``zalg numberlink ...``: Numberlink subcommands of the zalg command line.

``zalg numberlink solve <url|file> [--cover] [--count] [--svg out.svg]``
"""
from __future__ import annotations

import argparse
import re
import sys
import threading
import time
from pathlib import Path

from zalg.cli import UserError

from .errors import PuzzleFormatError
from .numberlink import Puzzle

__all__ = ["register", "read_puzzle"]

#: Seconds after which a running solve reports on stderr that it is still working.
PROGRESS_AFTER = 5.0

_BARE_URL = re.compile(r"^(numlin|numberlink|arukone)/", re.IGNORECASE)


def register(subparsers) -> None:
    """Add the ``numberlink`` subcommand (with its own subcommands) to ``zalg``."""
    nl = subparsers.add_parser("numberlink", help="solve Numberlink (numlin, arukone) puzzles",
                               description="Numberlink puzzles: all solutions as a ZDD family.")
    nl.set_defaults(run=lambda args: _help(nl))
    sub = nl.add_subparsers(dest="numberlink_command", metavar="COMMAND")
    solve = sub.add_parser(
        "solve", help="find all solutions of a puzzle",
        description="Find every solution of a Numberlink puzzle, report how many there are "
                    "and draw one.")
    solve.add_argument("source", help="a puzz.link URL (numlin/numberlink/arukone) or a file "
                                      "(pzprv3, plain text, or a URL)")
    solve.add_argument("--cover", action="store_true",
                       help="every cell must lie on a path (automatic for arukone)")
    solve.add_argument("--count", action="store_true", help="print the exact number of solutions")
    solve.add_argument("--svg", metavar="FILE", help="write the board with one solution as SVG")
    solve.set_defaults(run=_solve)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _looks_like_url(source: str) -> bool:
    return "://" in source or source.startswith("p?") or bool(_BARE_URL.match(source))


def read_puzzle(source: str) -> Puzzle:
    """The puzzle named by ``source``: an existing file, else a puzz.link URL.

    Raises :class:`UserError` (one line) for a missing or unreadable file and for
    any :class:`PuzzleFormatError`."""
    path = Path(source)
    try:
        if path.is_file():
            try:
                return Puzzle.from_file(path)
            except UnicodeDecodeError:
                raise UserError(f"numberlink: {source}: not a UTF-8 text file") from None
            except OSError as exc:
                raise UserError(f"numberlink: cannot read {source}: {exc.strerror or exc}") from None
        if _looks_like_url(source):
            return Puzzle.from_url(source)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    if path.exists():
        raise UserError(f"numberlink: {source} is not a file")
    raise UserError(f"numberlink: no such file {source!r} (and it is not a puzz.link URL)")


def _solve(args) -> int:
    p = read_puzzle(args.source)
    cover = bool(args.cover or p.requires_cover)
    kind = "arukone" if p.variant == "arukone" else "numberlink"
    rule = ", every cell used" if cover else ""
    print(f"{kind} {p.rows}x{p.cols}, {len(p.pairs)} pairs{rule}")
    print(p.render(), end="")
    F = _solve_with_progress(p, cover)
    n = F.count()
    if args.count:
        print(f"solutions: {n}")
    print("no solution" if n == 0 else "unique" if n == 1 else f"{n} solutions")
    solution = p.solution(cover)
    if solution is not None:
        print()
        print(p.render(solution), end="")
    if args.svg:
        try:
            Path(args.svg).write_text(p.render(solution, fmt="svg"), encoding="utf-8")
        except OSError as exc:
            raise UserError(f"numberlink: cannot write {args.svg}: {exc.strerror or exc}") from None
        print(f"wrote {args.svg}")
    return 0


def _solve_with_progress(p: Puzzle, cover: bool):
    """``p.solve(cover)``; on stderr a note if it takes longer than PROGRESS_AFTER
    seconds, and the time it took."""
    width = p.graph().frontier_width()  # builds the graph here, not in the watcher thread
    start = time.perf_counter()
    done = threading.Event()

    def note():
        if not done.wait(PROGRESS_AFTER):
            print(f"numberlink: solving {p.rows}x{p.cols} (frontier width {width}) ...",
                  file=sys.stderr, flush=True)

    watcher = threading.Thread(target=note, daemon=True)
    watcher.start()
    try:
        F = p.solve(cover)
    finally:
        done.set()
        watcher.join()
    took = time.perf_counter() - start
    if took > PROGRESS_AFTER:
        print(f"numberlink: solved in {took:.1f} s", file=sys.stderr, flush=True)
    return F
