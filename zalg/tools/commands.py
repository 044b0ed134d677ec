"""The algebra's own subcommands for a command line (``zalg info`` and ``doctor``).

``register(subparsers)`` adds them to any ``argparse`` parser, the same way the
puzzle genres add theirs (the ``zalg`` program itself lives in
``puzzles.program.cli``; this library does not know its applications).  Bad input
raises :class:`zalg.errors.InputError`, which a program reports as one line.
``python -m zalg`` runs these commands alone.
"""

from __future__ import annotations

import argparse
import sys

from .. import load
from .doctor import PASSED, facts
from ..errors import InputError, OutOfMemory
from ..text import abbreviated, decimal, safe

__all__ = ["register", "main", "MAX_SHOW"]

#: The most sample members ``info --show`` prints.
MAX_SHOW = 10_000


def _info(args) -> int:
    if not 0 <= args.show <= MAX_SHOW:
        raise InputError(f"--show takes a number from 0 to {MAX_SHOW}, got {args.show}")
    try:
        F = load(args.file)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if args.dot:
        try:
            text = F.to_dot()
        except ValueError as exc:
            raise InputError(f"--dot: {exc}") from None
        sys.stdout.write(text)
        return 0
    print(f"elements: {len(F.universe)}")
    print(f"members:  {decimal(F.count())}")
    print(f"nodes:    {F.node_count()}")
    if args.by_size:
        for k, n in sorted(F.by_size().items()):
            print(f"  size {k}: {decimal(n)}")
    for member in (F.sample(min(args.show, F.count()), seed=0) if args.show else []):
        # element texts come from the file: escaped, so no terminal sequence runs
        names = [safe(str(x)) for x in sorted(member, key=F.universe.level)]
        print("  {" + abbreviated(names, ", ", 1000) + "}")
    return 0


def _doctor(args) -> int:
    rows = facts()
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label + ':':<{width + 1}} {value}")
    return 0 if dict(rows)["self-check"] == PASSED else 1


def register(subparsers) -> None:
    """Add ``info`` and ``doctor`` to an argparse subparsers object."""
    info = subparsers.add_parser("info", help="describe a family saved with Family.dump",
                                 description="Describe a family saved with Family.dump.")
    info.add_argument("file", help="a file written by Family.dump (npz, .json or .json.gz; "
                                   "the format is recognised), or - for standard input")
    info.add_argument("--by-size", action="store_true", help="count members by size")
    info.add_argument("--dot", action="store_true",
                      help="print the family's ZDD as Graphviz DOT instead (nodes labelled by "
                           "element, hi edges solid, lo edges dashed, terminals ⊥ and ⊤; "
                           "e.g. zalg info f.npz --dot | dot -Tsvg > f.svg)")
    info.add_argument("--show", type=int, default=0, metavar="N",
                      help=f"print N sample members (at most {MAX_SHOW})")
    info.set_defaults(run=_info)
    doctor = subparsers.add_parser(
        "doctor", help="print what a bug report needs (platform, versions, build, memory)",
        description="Print the platform, Python, dd and CUDD versions, how each compiled "
                    "extension was built (compiler and flags) and the CUDD routines found, "
                    "whether the jit extra is installed, and the memory budget.")
    doctor.set_defaults(run=_doctor)


def main(argv: list[str] | None = None) -> int:
    """``python -m zalg``: the algebra's commands only."""
    parser = argparse.ArgumentParser(prog="python -m zalg",
                                     description="Family-of-sets algebra on ZDDs.")
    register(parser.add_subparsers(dest="command", metavar="COMMAND"))
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    try:
        return args.run(args)
    except InputError as exc:
        print(f"zalg: error: {exc}", file=sys.stderr)
        return 2
    except OutOfMemory as exc:
        print(f"zalg: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print("zalg: interrupted", file=sys.stderr)
        return 130
