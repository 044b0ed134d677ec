"""The routes a Family method may take to the same family, and the "auto" policy.

``F.hitting``, ``F.minimal`` and ``F.unique_exists`` are computed bottom up by the
kernels (``zalg.ops``) or top down, one level at a time (``zalg.topdown``).  The
top-down constructions live in a layer above the algebra, so they are not imported
here: ``zalg.topdown`` registers them (:func:`register`) when it is imported, which
``import zalg`` does.  Every route gives the same family; ``method`` only chooses how.

* ``"bottomup"``: the kernel's recursion;
* ``"topdown"``: the registered top-down construction;
* ``"auto"``: the top-down construction, and the kernel's recursion (with a progress
  line saying so) when the top-down one would pass the memory budget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import OutOfMemory
from ..progress import Progress, reporter

if TYPE_CHECKING:
    from .family import Family

#: the ways a method may build its family
METHODS = ("auto", "topdown", "bottomup")

#: what each operation is called in progress lines and errors
OPERATIONS = {"hitting": "hitting sets", "minimal": "minimal members",
              "unique_exists": "∃! (unique existence)", "hitting_trial": "a hitting-set trial"}

_TOPDOWN: dict[str, Callable] = {}


def register(operation: str, construction: Callable) -> None:
    """Make ``construction`` the top-down route of ``operation`` (a key of OPERATIONS)."""
    if operation not in OPERATIONS:
        raise ValueError(f"no Family operation {operation!r} takes a top-down route")
    _TOPDOWN[operation] = construction


def topdown(operation: str) -> Callable:
    """The registered top-down construction of ``operation``; a clear error without one."""
    try:
        return _TOPDOWN[operation]
    except KeyError:
        raise RuntimeError(f"{OPERATIONS[operation]}: no top-down route is registered "
                           f"(import zalg, which imports zalg.topdown)") from None


def check_method(method: str) -> None:
    """Raise ValueError unless ``method`` is one of METHODS."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}, "
                         f"got {method!r}")


def routed(operation: str, method: str, top: Callable[..., Family],
           bottom: Callable[[], Family], progress: Progress = None) -> Family:
    """The family of ``operation`` by ``method``: ``bottom()`` (the kernel's route) or
    ``top(progress)`` (the top-down route), "auto" falling back from the top-down route
    to the bottom-up one when it passes the memory budget."""
    check_method(method)
    with reporter(progress) as report:
        if method == "topdown":
            return top(report)
        if method == "auto":
            try:
                return top(report)
            except OutOfMemory as exc:
                report.note(f"{OPERATIONS[operation]} top down: {exc.step} would pass the "
                            f"memory budget; bottom up instead")
        with report.waiting(f"{OPERATIONS[operation]} bottom up"):
            return bottom()
