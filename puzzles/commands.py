"""Subcommands that the puzzles package adds to the ``zalg`` command line.

Each genre module ``puzzles/cli_<genre>.py`` provides ``register(subparsers)``;
``zalg.cli`` calls every registrar listed here.
"""

from __future__ import annotations

import importlib

__all__ = ["REGISTRARS"]

_GENRES = ["puzzles.cli_slitherlink", "puzzles.cli_numberlink"]


def _registrars():
    found = []
    for name in _GENRES:
        try:
            found.append(importlib.import_module(name).register)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a genre module that exists but fails to import is a bug
                raise
    return found


REGISTRARS = _registrars()
