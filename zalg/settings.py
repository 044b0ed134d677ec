"""The process's settings: the default memory budget and the heartbeat's interval.

:func:`configure` sets them for this process.  A setting it leaves unset is read from
its environment variable (``ZALG_MEMORY``, ``ZALG_HEARTBEAT``), else it is the built-in
default (3/4 of the machine's memory; 30 s).  A process that starts others hands them
the settings they should have as arguments (a pool's initializer calls
:func:`configure`), never by writing ``os.environ``.
"""
from __future__ import annotations

from enum import Enum

from .memory import parse_size, set_default_budget
from .progress import check_heartbeat, set_heartbeat

__all__ = ["configure", "KEEP"]


class _Keep(Enum):
    KEEP = "keep"


#: the value of a keyword :func:`configure` leaves as it is
KEEP = _Keep.KEEP


def configure(*, memory: int | str | None | _Keep = KEEP,
              heartbeat: float | None | _Keep = KEEP) -> dict:
    """Set this process's settings; a keyword left out keeps its setting, ``None``
    returns it to its environment variable or built-in default.

    * ``memory``: bytes, or a text such as ``300M`` or ``8G``: the budget of every
      universe made from now on without ``memory=`` (at least 16M).
    * ``heartbeat``: seconds (0.1 to 3600) of silence after which an open progress stage
      says that it is still at work.

    A bad value raises ValueError and changes nothing.  Returns the previous choices,
    ``{"memory": bytes or None, "heartbeat": seconds or None}`` (None: not chosen), so
    that ``configure(**previous)`` restores them."""
    budget = memory if memory is KEEP or memory is None else parse_size(memory)
    seconds = heartbeat if heartbeat is KEEP or heartbeat is None else check_heartbeat(heartbeat)
    previous = {"memory": set_default_budget(None), "heartbeat": set_heartbeat(None)}
    set_default_budget(previous["memory"] if budget is KEEP else budget)
    set_heartbeat(previous["heartbeat"] if seconds is KEEP else seconds)
    return previous

