"""The zalg studio: a local web workbench for every genre (``zalg studio``).

An application of the genres, not a genre: it reaches them only through their
public API (``puzzles.<genre>`` and ``puzzles.common.genre``) and nothing imports it but
the command line.  Modules: ``cli`` (the subcommand), ``app`` (the web application
and JSON API), ``jobs`` (worker processes, progress, Stop, memory budgets),
``tasks`` (what the workers compute), ``boards`` (boards to and from the page),
``static/`` (the page).  docs/studio.md describes the views and the API.
"""
from __future__ import annotations

from .cli import register

__all__ = ["register"]
