"""The ``zalg`` command: the algebra's commands and every genre's, with one error path.

``main`` builds the parser from ``zalg.tools.commands`` and the genre registry
(``puzzles.common.genre``); each genre's ``cli.register`` adds its subcommands and
uses the helpers here: reading a puzzle from a URL, a file or ``-`` (standard
input), board sizes, bounded integer options, notes on stderr, and writing
output files.

Exit statuses (also in docs/reliability.md): 0 success; 1 the command ran but
its answer is "no" where a script may want to know (none so far); 2 bad input
(one line on stderr, or argparse's usage message); 3 out of memory (one line
naming the step and the limit); 70 a bug (one line naming the exception and where
it was raised); 130 interrupted (Ctrl-C); 141 standard output closed early
(``| head``).  No exit path prints a traceback or CUDD's "nodes referenced" message.
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
from zalg.tools import commands as algebra_commands
from zalg.errors import InputError, OutOfMemory
from zalg.memory import default_budget, default_budget_of
from zalg.memory import parse_size as parse_memory
from zalg.progress import heartbeat_seconds

from ..common import genre as G
from ..common.board import check_size
from ..common.errors import PuzzleFormatError
from ..common.inputs import read_source
from ..common.solving import Solutions

__all__ = ["UserError", "main", "read_puzzle", "parse_puzzle", "parse_puzzle_or_fail", "parse_size",
           "bounded_int",
           "write_file", "write_pzprv3", "output_dir", "note", "plural", "write_svg", "show_generated",
           "EXIT_USAGE", "EXIT_MEMORY", "EXIT_SOFTWARE", "EXIT_INTERRUPTED"]

#: Applications of the genres with a subcommand of their own; imported by name, like the
#: genres, since they import the genres (and with them this module).
APPLICATIONS = ("puzzles.studio",)

EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_MEMORY, EXIT_INTERRUPTED, EXIT_PIPE = 0, 1, 2, 3, 130, 141
#: a bug (an exception no command expects): one line naming it and where it happened
EXIT_SOFTWARE = 70


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


# ---- helpers for the genres' subcommands ------------------------------------------------

def read_puzzle(puzzle_type, source: str, what: str):
    """A puzzle of ``puzzle_type`` from a URL, a file or ``-`` (standard input)."""
    try:
        kind, text = read_source(source, what)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    return parse_puzzle_or_fail(puzzle_type, kind, text)


def parse_puzzle_or_fail(puzzle_type, kind: str, text: str):
    """:func:`parse_puzzle`, with a format error as a UserError."""
    try:
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
#: a board size with a minus sign, which argparse would take for an option
_NEGATIVE_SIZE = re.compile(r"\s*-\d+\s*[xX×]\s*-?\d+\s*|\s*\d+\s*[xX×]\s*-\d+\s*")


def parse_size(text: str, what: str) -> tuple[int, int]:
    """(rows, cols) from ``ROWSxCOLS`` within the board limits; UserError otherwise."""
    m = _SIZE.fullmatch(text)
    if not m and _NEGATIVE_SIZE.fullmatch(text):
        raise UserError(f"{what}: board size {text[:30]!r}: rows and columns must be positive "
                        "(e.g. 5x5)")
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


def write_pzprv3(path: str, puzzle, solution, what: str) -> None:
    """Write the puzzle as a pzprv3 file with ``solution`` as its answer (``None``: the
    board alone) to ``path`` (atomically) and say so."""
    try:
        text = puzzle.to_pzprv3(solution)
    except PuzzleFormatError as exc:
        raise UserError(str(exc)) from None
    write_file(path, text, what)
    print(f"wrote {path}")


def show_generated(header: str, puzzle, solution, svg: str | None, what: str,
                   puzzle_svg: str | None = None, pzprv3: str | None = None) -> None:
    """Print a generated puzzle: ``header``, its URL, the board, a blank line and the
    board with ``solution``; with ``svg``, also write that picture (and say so), with
    ``puzzle_svg`` the board alone, with ``pzprv3`` the board and its answer as pzprv3."""
    print(header)
    print(puzzle.to_url())
    print(puzzle.render().rstrip("\n"))
    print()
    print(puzzle.render(solution).rstrip("\n"))
    if svg:
        write_svg(svg, puzzle, solution, what)
    if puzzle_svg:
        write_svg(puzzle_svg, puzzle, None, what)
    if pzprv3:
        write_pzprv3(pzprv3, puzzle, solution, what)


def add_puzzle_svg(parser) -> None:
    """Add ``--puzzle-svg FILE`` (the board without its answer) and ``--pzprv3 FILE``
    (the board with its answer, for puzz.link's editor) to a subcommand."""
    parser.add_argument("--puzzle-svg", metavar="FILE",
                        help="write the board without its answer as SVG (replaces FILE)")
    parser.add_argument("--pzprv3", metavar="FILE",
                        help="write the board with its answer (the solution drawn) as a pzprv3 "
                             "file, as puzz.link's editor saves it (replaces FILE)")


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
    if getattr(args, "pzprv3", None):
        write_pzprv3(args.pzprv3, puzzle, first, what)


def note(text: str) -> None:
    """One progress or timing line on stderr."""
    print(text, file=sys.stderr, flush=True)


def plural(n: int, noun: str) -> str:
    """``1 hint``, ``2 hints``, ``0 minimal subsets`` (the noun's last word takes the s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# ---- the program -------------------------------------------------------------------------

#: dest -> flag of every option that takes a value (``_Parser.add_argument`` records them)
_VALUED: dict[str, str] = {}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (``zalg: error: ...``) and exit status 2,
    and no option takes an empty value (``--out ''`` is an error, not "no --out")."""

    def parse_known_args(self, args=None, namespace=None):
        self.given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str):
        for arg in getattr(self, "given", ()):
            if isinstance(arg, str) and _NEGATIVE_SIZE.fullmatch(arg):
                raise UserError(f"board size {arg[:30]!r}: rows and columns must be positive "
                                "(e.g. 5x5)")
        raise UserError(f"{message} (see: {self.prog} --help)")

    def _print_message(self, message: str, file=None) -> None:
        # argparse's own drops write errors; here help that cannot be written is an error
        if message:
            (file or sys.stderr).write(message)

    def add_argument(self, *args, **kwargs):
        action = super().add_argument(*args, **kwargs)
        if action.option_strings and action.nargs != 0:
            _VALUED[action.dest] = action.option_strings[-1]
        return action


def _refuse_empty_values(args: argparse.Namespace) -> None:
    for dest, flag in _VALUED.items():
        value = getattr(args, dest, None)
        if isinstance(value, str) and not value.strip():
            raise UserError(f"{flag}: the value is empty (see: zalg ... --help)")


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
    _refuse_empty_values(args)
    budget = None
    if args.memory is not None:
        try:
            budget = parse_memory(args.memory)
        except ValueError as exc:
            raise UserError(f"--memory: {exc}") from None
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_OK
    heartbeat_seconds()  # a ZALG_HEARTBEAT that is no interval: one line before any work
    if budget is None:
        default_budget()  # a ZALG_MEMORY that is no size: one line before any work
        return args.run(args)
    with default_budget_of(budget):  # the budget of the universes this command makes
        return args.run(args)


def main(argv: list[str] | None = None) -> int:
    """Run the ``zalg`` command; returns its exit status.  Every failure is one line on
    stderr (the program, ``puzzles.program``, then leaves with that status at once)."""
    message = None
    try:
        status = _run(argv)
    except (UserError, PuzzleFormatError, InputError) as exc:
        status, message = EXIT_USAGE, f"zalg: error: {exc}"
    except OutOfMemory as exc:
        status, message = EXIT_MEMORY, f"zalg: {exc}"
    except MemoryError as exc:  # not the budget's (that is OutOfMemory): the system's
        status, message = EXIT_MEMORY, (f"zalg: out of memory while running {_where(exc)} "
                                        "(the system gave no more memory to this process)")
    except KeyboardInterrupt:
        status, message = EXIT_INTERRUPTED, "zalg: interrupted"
    except BrokenPipeError:
        status = EXIT_PIPE
    except OSError as exc:  # standard output (a file's errors are UserErrors)
        status, message = EXIT_USAGE, f"zalg: error: {_os_error(exc)}"
    except SystemExit as exc:  # argparse after --help or --version
        status = exc.code if isinstance(exc.code, int) else EXIT_OK if exc.code is None else EXIT_USAGE
    except Exception as exc:  # a bug: still one line, with where it happened
        status, message = EXIT_SOFTWARE, f"zalg: internal error: {_bug(exc)}"
    return _finish(status, message)


def _os_error(exc: OSError) -> str:
    reason = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{str(exc.filename)[:200]}: {reason}"
    return f"cannot write standard output: {reason}"


def _where(exc: BaseException) -> str:
    """Where ``exc`` was raised: ``function (file.py:12)`` of the innermost frame."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "the command"
    code = tb.tb_frame.f_code
    return f"{code.co_name} ({'/'.join(Path(code.co_filename).parts[-2:])}:{tb.tb_lineno})"


def _bug(exc: Exception) -> str:
    """``TypeError: ... in f (puzzles/x.py:12); please report it``."""
    text = " ".join(str(exc).split())[:300]
    return f"{type(exc).__name__}: {text} in {_where(exc)}; please report it (zalg doctor)"


def _finish(status: int, message: str | None) -> int:
    """Report ``message`` on stderr and flush standard output (an output that cannot be
    written turns success into status 2, with its one line)."""
    if message:
        _error_line(message)
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        status = status or EXIT_PIPE
    except (OSError, ValueError) as exc:
        if status == EXIT_OK:
            status = EXIT_USAGE
            reason = getattr(exc, "strerror", None) or str(exc)
            _error_line(f"zalg: error: cannot write standard output: {reason}")
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return status


def _error_line(message: str) -> None:
    """One line on stderr, cut at 2,000 characters; nothing if stderr cannot be written."""
    try:
        if sys.stderr is not None:
            print(message[:2000].replace("\n", " ").replace("\r", " "), file=sys.stderr)
    except (OSError, ValueError):
        pass
