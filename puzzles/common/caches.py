"""Caches of graphs, universes and families, bounded by the memory CUDD holds for them.

Boards of one shape share their grid graph, their universe and families such as
the covering path matchings, so the genres keep those per shape.  But CUDD keeps a
universe's node memory until the universe is gone, so a plain ``lru_cache`` of
such values lets a notebook, a studio worker or a test run grow by every shape it
ever saw (the test suite reached 7 GB that way).  Every cache made here joins one
pool: when the universes the pool's values hold together hold more than
:func:`limit` bytes (a share of the memory budget, at most 1 GiB), the least recently used values
are dropped, from whichever cache, until they hold less (the value just made is
kept), and the memory freed is given back to the system (``zalg.memory.trim``).

``@cached(maxsize=16)`` replaces ``functools.lru_cache(maxsize=16)`` (arguments named
in ``ignore``, such as ``progress``, are not part of the key); a cache of another
shape (``puzzles.common.solving.SOLVED``) joins the pool with :func:`join`.
"""
from __future__ import annotations

import functools
import gc
import inspect
import itertools
import threading
from collections import OrderedDict, namedtuple
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, Protocol

import zalg
from zalg.memory import default_budget, trim

__all__ = ["cached", "Cached", "join", "limit", "set_limit", "held", "universes_of", "tick", "shrink",
           "SHARE", "CAP"]

#: the share of the memory budget the pool's universes may hold
SHARE = 1 / 8
#: ... and at most this many bytes: a universe of a shared shape holds 20-400 MB (its
#: tables; 10x10 covering path matchings), so a few shapes fit, and a large machine's
#: budget does not let a long session keep hundreds of them
CAP = 1 << 30

_LOCK = threading.RLock()
_CLOCK = itertools.count()
_POOL: list[Pooled] = []
_chosen: int | None = None


class Pooled(Protocol):
    """A cache in the pool: its entries' keys with the time of their last use, the
    values of an entry, and dropping one."""

    def stamps(self) -> Iterable[tuple[int, Hashable]]: ...

    def values_of(self, key: Hashable) -> Iterable[Any]: ...

    def drop(self, key: Hashable) -> None: ...


def join(cache: Pooled) -> None:
    """Add a cache to the pool (its values count against the limit and may be dropped)."""
    with _LOCK:
        _POOL.append(cache)


def tick() -> int:
    """A time stamp for a use (later uses have larger stamps)."""
    return next(_CLOCK)


def limit() -> int:
    """The bytes the pool's universes may hold: :func:`set_limit`'s choice, else
    :data:`SHARE` of the memory budget (``zalg.memory.default_budget``), at most
    :data:`CAP`."""
    return _chosen if _chosen is not None else min(CAP, int(SHARE * default_budget()))


def set_limit(size: int | None) -> int | None:
    """Choose the pool's limit in bytes (None: back to the share of the budget); the
    previous choice is returned.  Values are dropped at once if they hold more."""
    global _chosen
    with _LOCK:
        previous, _chosen = _chosen, size
    shrink()
    return previous


def universes_of(value, depth: int = 3) -> Iterator[zalg.Universe]:
    """The universes a value holds: a universe, the universe of a graph or family, and
    those in tuples, lists and dict values (``depth`` levels down)."""
    if isinstance(value, zalg.Universe):
        yield value
    elif isinstance(getattr(value, "universe", None), zalg.Universe):
        yield value.universe
    elif depth > 0 and isinstance(value, (tuple, list, dict)):
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            yield from universes_of(item, depth - 1)


def _held(pool: list[Pooled]) -> int:
    distinct = {id(U): U for cache in pool for _, key in cache.stamps()
                for value in cache.values_of(key) for U in universes_of(value)}
    return sum(U.memory_in_use for U in distinct.values())


def held() -> int:
    """The bytes CUDD holds for the universes the pool keeps (each counted once)."""
    with _LOCK:
        return _held(_POOL)


def shrink(keep: tuple[Pooled, Hashable] | None = None) -> int:
    """Drop the least recently used values until the pool holds at most :func:`limit`
    bytes, never ``keep`` (a cache and key); returns how many were dropped."""
    dropped = 0
    with _LOCK:
        bound = limit()
        while _held(_POOL) > bound:
            oldest = min(((stamp, index, key) for index, cache in enumerate(_POOL)
                          for stamp, key in cache.stamps()
                          if keep is None or (cache, key) != keep),
                         default=None, key=lambda t: t[:2])
            if oldest is None:
                break
            _POOL[oldest[1]].drop(oldest[2])
            dropped += 1
    if dropped:
        gc.collect()  # families in reference cycles keep their universes until collected
        trim()
    return dropped


CacheInfo = namedtuple("CacheInfo", "hits misses maxsize currsize")


class Cached:
    """A function's values by argument, least recently used dropped beyond ``maxsize``
    or under the pool's memory limit (see the module)."""

    def __init__(self, function: Callable, maxsize: int, ignore: tuple[str, ...] = ()):
        functools.update_wrapper(self, function)
        self.function, self.maxsize, self.ignore = function, maxsize, ignore
        self._signature = inspect.signature(function)
        self._entries: OrderedDict[Hashable, list] = OrderedDict()  # key -> [value, stamp]
        self.hits = self.misses = 0
        join(self)

    def __call__(self, *args, **kwargs):
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()  # f(3, 3) and f(rows=3, cols=3) share a value
        key = tuple(v for k, v in bound.arguments.items() if k not in self.ignore)
        with _LOCK:
            entry = self._entries.get(key)
            if entry is not None:
                entry[1] = tick()
                self._entries.move_to_end(key)
                self.hits += 1
                return entry[0]
            self.misses += 1
        value = self.function(*args, **kwargs)
        with _LOCK:
            entry = self._entries.setdefault(key, [value, tick()])
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)
        shrink(keep=(self, key))
        return entry[0]

    def stamps(self) -> list[tuple[int, Hashable]]:
        return [(entry[1], key) for key, entry in self._entries.items()]

    def values_of(self, key: Hashable) -> list:
        entry = self._entries.get(key)
        return [] if entry is None else [entry[0]]

    def drop(self, key: Hashable) -> None:
        self._entries.pop(key, None)

    def cache_clear(self) -> None:
        """Forget every value."""
        with _LOCK:
            self._entries.clear()

    def cache_info(self) -> CacheInfo:
        """Hits, misses, the most values kept and how many are kept (as lru_cache's)."""
        return CacheInfo(self.hits, self.misses, self.maxsize, len(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def __reduce__(self) -> str:
        """Pickled by name, as a function (batches send it to worker processes)."""
        return self.__qualname__


def cached(maxsize: int = 16, ignore: tuple[str, ...] = ()) -> Callable[[Callable], Cached]:
    """A decorator: the function's values kept in a :class:`Cached` of the pool."""
    def wrap(function: Callable) -> Cached:
        return Cached(function, maxsize, ignore)
    return wrap
