"""What zalg needs from the platform, checked at import with one clear ImportError.

zalg reaches CUDD below dd's public API (``native``): it needs dd's compiled
``dd.cudd_zdd`` extension and a handful of CUDD routines that extension exports.
``pip install dd`` gives both only where dd ships a wheel (Linux x86-64, CPython
3.11-3.13 for dd 0.6.0); elsewhere pip builds dd's pure-Python part alone, and
dd's own installation notes tell how to build it with CUDD.  Windows cannot work
as zalg reaches CUDD (a ``.pyd`` exports no CUDD symbols, and ``long`` is 32-bit
there): WSL2 runs the Linux route.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from contextlib import contextmanager

__all__ = ["INSTALL_NOTES", "CUDD_SYMBOLS", "cudd_module", "symbols", "dd_version"]

#: where to read how to get dd with CUDD (zalg's README has the platform table)
INSTALL_NOTES = ("see the platform table in zalg's README, and "
                 "https://github.com/tulip-control/dd#installation for building dd with "
                 "CUDD (dd.cudd_zdd)")

#: every CUDD routine or global the kernels look up in dd's extension
CUDD_SYMBOLS = (
    "Cudd_ReadZddSize", "Cudd_ReadZero", "Cudd_ReadOne", "Cudd_NodeReadIndex", "Cudd_T", "Cudd_E",
    "Cudd_Ref", "Cudd_Deref", "Cudd_RecursiveDerefZdd", "cuddZddGetNode", "cuddCacheLookup2Zdd",
    "cuddCacheInsert2", "cuddCacheLookupZdd", "cuddCacheInsert", "Cudd_ReadMemoryInUse",
    "Cudd_zddReadNodeCount", "Cudd_ReadCacheSlots",
    "cuddCacheResize", "Cudd_SetMaxMemory", "Cudd_ReadMaxMemory", "Cudd_SetLooseUpTo", "Cudd_zddIthVar",
    "Cudd_RegisterOutOfMemoryCallback", "Cudd_OutOfMemSilent", "Cudd_SetStderr", "Cudd_SetStdout",
    "cuddGarbageCollect", "Cudd_ClearErrorCode", "Cudd_ReadErrorCode",
    "Cudd_RegisterTerminationCallback", "MMoutOfMemory", "cuddZddUnion", "cuddZddIntersect",
    "cuddZddDiff",
)


def dd_version() -> str:
    """dd's version, or a phrase saying it is not installed."""
    from importlib import metadata  # (its import loads the email package: only when asked)
    try:
        return "dd " + metadata.version("dd")
    except metadata.PackageNotFoundError:
        return "dd (version unknown)"


def cudd_module():
    """``dd.cudd_zdd``, or one ImportError saying what is missing and where to read more."""
    if sys.platform.startswith("win"):
        raise ImportError("zalg cannot run on Windows: it calls CUDD inside dd's extension "
                          "directly, which a Windows build does not export; use WSL2 "
                          f"({INSTALL_NOTES})")
    try:
        with _networkx_deferred():
            importlib.import_module("dd")
    except ImportError:
        raise ImportError(f"zalg needs the dd package with CUDD, and dd is not installed "
                          f"({INSTALL_NOTES})") from None
    try:
        return importlib.import_module("dd.cudd_zdd")
    except ImportError:
        raise ImportError(
            f"zalg needs dd.cudd_zdd (dd's CUDD ZDD extension), which this {dd_version()} "
            f"lacks: it was installed without CUDD, as pip does where dd ships no wheel for "
            f"this platform ({INSTALL_NOTES})") from None


class _DeferredNetworkx(types.ModuleType):
    """networkx as dd's modules hold it: loaded when one of its names is first read.  dd
    imports networkx when it is imported, for a type alias (``MultiDiGraph``, given a
    placeholder while dd loads) and for ``to_nx``; loading networkx then would cost
    every zalg process about 17 MB and 0.4 s."""

    def __init__(self):
        super().__init__("networkx")
        self.MultiDiGraph = object

    def __getattr__(self, name: str):
        real = importlib.import_module("networkx")  # this stand-in has left sys.modules
        return getattr(real, name)


@contextmanager
def _networkx_deferred():
    """While dd loads, ``import networkx`` gives a stand-in that loads networkx on first
    use; afterwards ``import networkx`` is the real module again."""
    if "networkx" in sys.modules or importlib.util.find_spec("networkx") is None:
        yield
        return
    stand_in = _DeferredNetworkx()
    sys.modules["networkx"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("networkx") is stand_in:
            del sys.modules["networkx"]
        del stand_in.MultiDiGraph


def symbols(lib):
    """``lib`` (dd's extension, loaded with ctypes) after checking that it exports every
    routine in ``CUDD_SYMBOLS``; one ImportError naming the missing ones otherwise."""
    missing = [name for name in CUDD_SYMBOLS if not hasattr(lib, name)]
    if missing:
        raise ImportError(
            f"zalg: dd.cudd_zdd of {dd_version()} does not export the CUDD routines "
            f"{', '.join(missing)}, which zalg calls ({INSTALL_NOTES})")
    return lib
