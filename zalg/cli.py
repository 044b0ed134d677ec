"""The ``zalg`` command line.  Subcommands are registered by modules in ``COMMANDS``."""

from __future__ import annotations

import argparse
import sys

__all__ = ["main", "UserError"]


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


def _info(args) -> int:
    import zalg
    try:
        F = zalg.load(args.file)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    print(f"elements: {len(F.universe)}")
    print(f"members:  {F.count()}")
    print(f"nodes:    {F.node_count()}")
    if args.by_size:
        for k, n in sorted(F.by_size().items()):
            print(f"  size {k}: {n}")
    for member in (F.sample(min(args.show, F.count()), seed=0) if args.show else []):
        print("  {" + ", ".join(map(str, sorted(member, key=F.universe.level))) + "}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zalg",
        description="Symbolic algebra on families of sets (ZDDs in CUDD) and pencil puzzles.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    info = sub.add_parser("info", help="describe a family saved with Family.dump")
    info.add_argument("file", help="a .json or .json.gz file written by Family.dump")
    info.add_argument("--by-size", action="store_true", help="count members by size")
    info.add_argument("--show", type=int, default=0, metavar="N", help="print N sample members")
    info.set_defaults(run=_info)
    for register in _registrations():
        register(sub)
    return parser


def _registrations():
    """Subcommand registrars of the puzzles package, when it provides them."""
    try:
        from puzzles.commands import REGISTRARS
    except ImportError:
        return []
    return REGISTRARS


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    try:
        return args.run(args)
    except UserError as exc:
        print(f"zalg: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("zalg: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    # run the imported module's main, so that genre modules raise the same UserError
    from zalg.cli import main as _main
    sys.exit(_main())
