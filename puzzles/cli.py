"""The ``zalg`` command: the algebra's commands and every genre's, with one error path.

``main`` builds the parser from ``zalg.commands`` and the genre registry
(``puzzles.genre``); each genre's ``cli.register`` adds its subcommands and
uses the helpers here: reading a puzzle from a URL, a file or ``-`` (standard
input), board sizes, bounded integer options, notes on stderr, and writing
output files.

Exit statuses (also in docs/reliability.md): 0 success; 1 the command ran but
its answer is "no" where a script may want to know (none so far); 2 bad input
(one line on stderr, or argparse's usage message); 3 out of memory (one line
naming the step and the limit); 130 interrupted (Ctrl-C); 141 standard output
closed early (``| head``).  No exit path prints a traceback or CUDD's
"nodes referenced" message.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import secrets
import stat
import sys
from pathlib import Path

import zalg
from zalg import commands as algebra_commands
from zalg.errors import InputError, OutOfMemory
from zalg.memory import default_budget_of
from zalg.memory import parse_size as parse_memory

from . import genre as G
from .board import MAX_SIDE, check_size
from .errors import PuzzleFormatError
from .inputs import read_source
from .solving import Solutions

__all__ = ["UserError", "main", "read_puzzle", "parse_puzzle", "parse_size", "bounded_int",
           "write_file", "output_dir", "note", "plural", "write_svg", "show_generated", "EXIT_USAGE",
           "EXIT_MEMORY",
           "EXIT_INTERRUPTED"]

#: Applications of the genres with a subcommand of their own; imported by name, like the
#: genres, since they import the genres (and with them this module).
APPLICATIONS = ("puzzles.studio",)

EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_MEMORY, EXIT_INTERRUPTED, EXIT_PIPE = 0, 1, 2, 3, 130, 141


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


# ---- helpers for the genres' subcommands ------------------------------------------------

def read_puzzle(puzzle_type, source: str, what: str):
    """A puzzle of ``puzzle_type`` from a URL, a file or ``-`` (standard input)."""
    try:
        kind, text = read_source(source, what)
        return parse_puzzle(puzzle_type, kind, text)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None


def parse_puzzle(puzzle_type, kind: str, text: str):
    """A puzzle of ``puzzle_type`` from what ``inputs.read_source`` returned: a URL
    (``kind == "url"``) or a file's text (PuzzleFormatError if it is no such puzzle)."""
    if kind == "url":
        return puzzle_type.from_url(text)
    return puzzle_type.from_text(text)


_SIZE = re.compile(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*")


def parse_size(text: str, what: str) -> tuple[int, int]:
    """(rows, cols) from ``ROWSxCOLS`` within the board limits; UserError otherwise."""
    m = _SIZE.fullmatch(text)
    if not m:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise UserError(f"{what}: board size must look like 4x5 (rows x columns), got {shown!r}")
    try:
        return check_size(int(m[1]), int(m[2]), f"{what}: board size")
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None


def bounded_int(lo: int, hi: int):
    """An argparse type: an integer in [lo, hi] (argparse reports anything else)."""
    def convert(text: str) -> int:
        if not re.fullmatch(r"\s*-?\d{1,19}\s*", text):
            raise argparse.ArgumentTypeError(f"expected an integer from {lo} to {hi}, "
                                             f"got {text[:30]!r}")
        value = int(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"expected an integer from {lo} to {hi}, got {value}")
        return value
    convert.__name__ = f"integer {lo}..{hi}"
    return convert


def write_file(path: str, text: str, what: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a temporary file beside it,
    then renamed over it (an existing file is replaced and keeps its permissions; a new
    one gets those the umask allows, as any program's; a directory is refused)."""
    target = Path(path)
    if target.is_dir():
        raise UserError(f"{what}: {path} is a directory")
    if target.exists() and not target.is_file():
        raise UserError(f"{what}: {path} is not a regular file")
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else None
    folder = target.parent if str(target.parent) else Path(".")
    tmp = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
    except OSError as exc:
        raise UserError(f"{what}: cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise UserError(f"{what}: cannot write {path}: {exc.strerror or exc}") from None
        raise


def output_dir(path: str, what: str) -> Path:
    """A directory for output files, created if missing (a file there is an error)."""
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise UserError(f"{what}: {path} exists and is not a directory")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{what}: cannot create {path}: {exc.strerror or exc}") from None
    return target


def write_svg(path: str, puzzle, solution, what: str) -> None:
    """Write the puzzle's SVG picture with ``solution`` to ``path`` (atomically) and say so."""
    write_file(path, puzzle.render(solution, fmt="svg"), what)
    print(f"wrote {path}")


def show_generated(header: str, puzzle, solution, svg: str | None, what: str,
                   puzzle_svg: str | None = None) -> None:
    """Print a generated puzzle: ``header``, its URL, the board, a blank line and the
    board with ``solution``; with ``svg``, also write that picture (and say so), with
    ``puzzle_svg`` the board alone."""
    print(header)
    print(puzzle.to_url())
    print(puzzle.render().rstrip("\n"))
    print()
    print(puzzle.render(solution).rstrip("\n"))
    if svg:
        write_svg(svg, puzzle, solution, what)
    if puzzle_svg:
        write_svg(puzzle_svg, puzzle, None, what)


def add_puzzle_svg(parser) -> None:
    """Add ``--puzzle-svg FILE`` (the board without its answer) to a subcommand."""
    parser.add_argument("--puzzle-svg", metavar="FILE",
                        help="write the board without its answer as SVG (replaces FILE)")


def report_solutions(puzzle, family, args, what: str, unique: str = "unique") -> None:
    """Print how many solutions ``family`` holds (exactly, with ``args.count``), draw one,
    and when there are several name the edges or cells where they differ; write
    ``args.svg`` (that solution, the differences dashed in red) and
    ``args.puzzle_svg`` (the board alone)."""
    S = Solutions(puzzle, family)
    n = S.count()
    if getattr(args, "count", False):
        print(f"solutions: {n}")
    print("no solution" if n == 0 else unique if n == 1 else f"{n} solutions")
    first = S.first()
    if first is not None:
        print()
        print(puzzle.render(first), end="")
        if n > 1:
            print(S.differences_line())
    if getattr(args, "svg", None):
        picture = S.render("svg") if first is not None else puzzle.render(fmt="svg")
        write_file(args.svg, picture, what)
        print(f"wrote {args.svg}")
    if getattr(args, "puzzle_svg", None):
        write_svg(args.puzzle_svg, puzzle, None, what)


def note(text: str) -> None:
    """One progress or timing line on stderr."""
    print(text, file=sys.stderr, flush=True)


def plural(n: int, noun: str) -> str:
    """``1 hint``, ``2 hints``, ``0 minimal subsets`` (the noun's last word takes the s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# ---- the program -------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (``zalg: error: ...``) and exit status 2."""

    def error(self, message: str):
        raise UserError(f"{message} (see: {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="zalg",
        description="Symbolic algebra on families of sets (ZDDs in CUDD) and pencil puzzles.")
    parser.add_argument("--version", action="version", version=f"zalg {zalg.__version__}")
    parser.add_argument("--memory", metavar="SIZE",
                        help="memory budget, e.g. 300M or 8G (default: ZALG_MEMORY, else 3/4 "
                             "of this machine's memory)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    algebra_commands.register(sub)
    for module in G.genres():
        module.register(sub)
    for name in APPLICATIONS:
        importlib.import_module(name).register(sub)
    return parser


def _run(argv) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    budget = None
    if args.memory is not None:
        try:
            budget = parse_memory(args.memory)
        except ValueError as exc:
            raise UserError(f"--memory: {exc}") from None
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_OK
    if budget is None:
        return args.run(args)
    with default_budget_of(budget):  # the budget of the universes this command makes
        return args.run(args)


def main(argv: list[str] | None = None, *, program: bool = False) -> int:
    """Run the ``zalg`` command; returns its exit status.  ``program``: this process is
    the ``zalg`` program itself (``puzzles.program``), which a failed run leaves at once."""
    try:
        status = _run(argv)
    except (UserError, PuzzleFormatError, InputError) as exc:
        return _finish(EXIT_USAGE, f"zalg: error: {exc}", program)
    except OutOfMemory as exc:
        return _finish(EXIT_MEMORY, f"zalg: {exc}", program)
    except MemoryError:
        return _finish(EXIT_MEMORY, "zalg: out of memory", program)
    except KeyboardInterrupt:
        return _finish(EXIT_INTERRUPTED, "zalg: interrupted", program)
    except BrokenPipeError:
        return _finish(EXIT_PIPE, None, program)
    return _finish(status, None, program)


def _finish(status: int, message: str | None, program: bool) -> int:
    """Report, flush, and (in the program, not in a test calling main) leave at once: an
    interrupted or failed run may hold families whose teardown at exit would only make
    noise."""
    if message:
        print(message[:2000].replace("\n", " "), file=sys.stderr)
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        status = status or EXIT_PIPE
    try:
        sys.stderr.flush()
    except ValueError:
        pass
    if status != EXIT_OK and program and os.environ.get("ZALG_NO_EXIT") is None:
        os._exit(status)
    return status
