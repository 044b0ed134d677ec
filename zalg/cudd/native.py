"""The one place where zalg touches CUDD (and CPython) below dd's public API.

Every family operation (join, quotient, minimal, ..., union, intersection and
difference too) runs in the compiled kernels, directly on CUDD nodes: CUDD's own ZDD
set operations notice neither Ctrl-C nor a memory budget in time.  This module

* finds the ``DdManager*`` inside a ``dd.cudd_zdd.ZDD`` object and the addresses
  of the CUDD routines the kernels call (``cuddZddGetNode``, the computed table,
  reference counting, ...), all exported by dd's own shared library; the Manager
  writes them into its ``ctx`` array (``nodes``);
* checks, at import, every layout assumption the kernels make (manager pointer,
  ``DdNode`` field offsets, terminal nodes) against CUDD's own accessor functions;
* makes running out of memory an error instead of an exit: CUDD's global
  out-of-memory handler ``MMoutOfMemory`` prints and calls ``exit(1)``; it is
  replaced by CUDD's silent handler, so a failed allocation returns NULL and the
  kernels turn it into :class:`zalg.OutOfMemory`;
* binds CUDD through ``ctypes.PyDLL``, which keeps the GIL during every call:
  together with kernels that hold the GIL, every touch of a CUDD manager happens
  under the GIL, so threads sharing a Universe cannot race (kernels pause every few
  thousand steps to let other threads run and to notice Ctrl-C).

Importing this module compiles nothing.
"""

from __future__ import annotations

import ctypes
import os

import numpy as np

from ..errors import OutOfMemory
from .platform import INSTALL_NOTES, cudd_module, dd_version, symbols

_cz = cudd_module()

__all__ = [
    "LIB", "ADDR", "manager_pointer", "node_pointer", "fn_address", "node_index", "node_hi",
    "node_lo", "cudd_deref", "stop_on_ctrl_c", "set_memory_limit", "memory_limit", "memory_in_use", "recover",
    "was_interrupted",
]

# PyDLL: the GIL stays held during calls (CDLL would release it); ``symbols`` has checked
# that every routine looked up below is exported
LIB = symbols(ctypes.PyDLL(_cz.__file__))

_P = ctypes.c_int64  # node and manager pointers travel as signed 64-bit integers


def _declare(name: str, restype, argtypes) -> ctypes._CFuncPtr:
    f = getattr(LIB, name)
    f.restype = restype
    f.argtypes = argtypes
    return f


_ReadZddSize = _declare("Cudd_ReadZddSize", ctypes.c_int, [_P])
_ReadZero = _declare("Cudd_ReadZero", _P, [_P])
_ReadOne = _declare("Cudd_ReadOne", _P, [_P])
_NodeReadIndex = _declare("Cudd_NodeReadIndex", ctypes.c_uint, [_P])
_T = _declare("Cudd_T", _P, [_P])
_E = _declare("Cudd_E", _P, [_P])
_Ref = _declare("Cudd_Ref", None, [_P])
_PlainDeref = _declare("Cudd_Deref", None, [_P])
_Deref = _declare("Cudd_RecursiveDerefZdd", None, [_P, _P])
_GetNode = _declare("cuddZddGetNode", _P, [_P, ctypes.c_int, _P, _P])
# CUDD's computed table (its operation cache): lossy, sized by CUDD by its hit rate,
# cleared of dead entries by its garbage collector.  The set operations memoise in
# it under the tags of CUDD's own union, intersection and difference.
_CacheLookup = _declare("cuddCacheLookup2Zdd", _P, [_P, _P, _P, _P])
_CacheInsert = _declare("cuddCacheInsert2", None, [_P, _P, _P, _P, _P])
# its three-key entries (CUDD's own ITE): a tag whose bits 1-3 go into the first key and
# bits 4-7 into the second; bit 1 set makes the garbage collector check the third key
_CacheLookup3 = _declare("cuddCacheLookupZdd", _P, [_P, _P, _P, _P, _P])
_CacheInsert3 = _declare("cuddCacheInsert", None, [_P, _P, _P, _P, _P, _P])
_MemInUse = _declare("Cudd_ReadMemoryInUse", ctypes.c_size_t, [_P])
_ZddNodeCount = _declare("Cudd_zddReadNodeCount", ctypes.c_long, [_P])
_CacheSlots = _declare("Cudd_ReadCacheSlots", ctypes.c_uint, [_P])
_CacheResize = _declare("cuddCacheResize", None, [_P])
_SetMaxMemory = _declare("Cudd_SetMaxMemory", None, [_P, ctypes.c_size_t])
_SetLooseUpTo = _declare("Cudd_SetLooseUpTo", None, [_P, ctypes.c_uint])
_ReadMaxMemory = _declare("Cudd_ReadMaxMemory", ctypes.c_size_t, [_P])
_ZddIthVar = _declare("Cudd_zddIthVar", _P, [_P, ctypes.c_int])
_RegisterOOM = _declare("Cudd_RegisterOutOfMemoryCallback", ctypes.c_void_p, [_P, ctypes.c_void_p])
_Silent = LIB.Cudd_OutOfMemSilent
_SetStderr = _declare("Cudd_SetStderr", None, [_P, ctypes.c_void_p])
_SetStdout = _declare("Cudd_SetStdout", None, [_P, ctypes.c_void_p])
_GarbageCollect = _declare("cuddGarbageCollect", ctypes.c_int, [_P, ctypes.c_int])
_ClearErrorCode = _declare("Cudd_ClearErrorCode", None, [_P])
_ReadErrorCode = _declare("Cudd_ReadErrorCode", ctypes.c_int, [_P])
_RegisterTermination = _declare("Cudd_RegisterTerminationCallback", None,
                                [_P, ctypes.c_void_p, ctypes.c_void_p])
CUDD_TERMINATION = 5

# CUDD writes warnings ("Unable to resize ZDD subtable ...") to its own stderr;
# zalg reports failures as exceptions instead, so that stream goes to /dev/null
_libc = ctypes.CDLL(None)
_libc.fopen.restype = ctypes.c_void_p
_libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_DEVNULL = _libc.fopen(os.devnull.encode(), b"w")


def fn_address(f) -> int:
    return ctypes.cast(f, ctypes.c_void_p).value


# CUDD's global handler for a failed malloc: print and exit(1) by default
ctypes.c_void_p.in_dll(LIB, "MMoutOfMemory").value = fn_address(_Silent)

_API = ctypes.pythonapi
ADDR = {
    "getnode": fn_address(_GetNode),
    "ref": fn_address(_Ref),
    "plainderef": fn_address(_PlainDeref),
    "deref": fn_address(_Deref),
    "memuse": fn_address(_MemInUse),
    "zddnodes": fn_address(_ZddNodeCount),
    "cacheslots": fn_address(_CacheSlots),
    "cacheresize": fn_address(_CacheResize),
    "setmaxmemory": fn_address(_SetMaxMemory),
    "cachelookup": fn_address(_CacheLookup),
    "cacheinsert": fn_address(_CacheInsert),
    "cachelookup3": fn_address(_CacheLookup3),
    "cacheinsert3": fn_address(_CacheInsert3),
    "tag_union": fn_address(LIB.cuddZddUnion),
    "tag_inter": fn_address(LIB.cuddZddIntersect),
    "tag_diff": fn_address(LIB.cuddZddDiff),
    "cudd_gc": fn_address(_GarbageCollect),
    "cudd_clear": fn_address(_ClearErrorCode),
    "cudd_error": fn_address(_ReadErrorCode),
    "checksignals": fn_address(_API.PyErr_CheckSignals),
    "clearerror": fn_address(_API.PyErr_Clear),
    "savethread": fn_address(_API.PyEval_SaveThread),
    "restorethread": fn_address(_API.PyEval_RestoreThread),
}

# --- where dd keeps the DdManager* -------------------------------------------------
# ``cdef class ZDD`` starts with PyObject_HEAD (16 bytes) and the Cython vtable
# pointer (8 bytes); ``DdManager *manager`` is its first field.
_MANAGER_OFFSET = 24


def node_pointer(function) -> int:
    """The ``DdNode*`` of a ``dd.cudd_zdd.Function`` (inverse of ``ZDD._add_int(p + 2)``)."""
    return int(function) - 2


def manager_pointer(zdd: _cz.ZDD) -> int:
    """The ``DdManager*`` of a dd ZDD manager, checked against CUDD before use; its
    out-of-memory callback is made silent (no message, no exit)."""
    mgr = ctypes.c_int64.from_address(id(zdd) + _MANAGER_OFFSET).value
    if mgr == 0 or _ReadZero(mgr) != node_pointer(zdd.false):
        raise ImportError(
            "zalg: cannot find CUDD's manager inside dd.cudd_zdd.ZDD: this dd "
            f"({dd_version()}) lays out its ZDD object differently from dd 0.6 ({INSTALL_NOTES})")
    if _ReadZddSize(mgr) != len(zdd.vars):
        raise ImportError("zalg: dd's ZDD manager and CUDD disagree on the number of variables")
    _RegisterOOM(mgr, fn_address(_Silent))
    if _DEVNULL:
        _SetStderr(mgr, _DEVNULL)
        _SetStdout(mgr, _DEVNULL)
    return mgr


def stop_on_ctrl_c(mgr: int, callback: int) -> None:
    """Register CUDD's termination callback (the address of a C function of one
    ``void *`` argument that answers 1 to stop): CUDD calls it about once per thousand
    new nodes, also inside its own long operations, and a 1 stops them with NULL."""
    _RegisterTermination(mgr, callback, None)


def was_interrupted(mgr: int) -> bool:
    """Whether CUDD's last failure was Ctrl-C (its termination callback fired)."""
    return _ReadErrorCode(mgr) == CUDD_TERMINATION


def recover(mgr: int) -> None:
    """After a failed allocation: free the dead nodes it left and clear CUDD's error."""
    _GarbageCollect(mgr, 1)
    _ClearErrorCode(mgr)


def declare_variables(zdd: _cz.ZDD, mgr: int, count: int) -> None:
    """Give the manager ``count`` more ZDD variables named ``v<index>`` in one step.

    dd's ``declare`` creates them one at a time, and CUDD rebuilds its table of
    universe chains for each, so n variables cost O(n^2); asking CUDD for the
    last index alone grows the tables once."""
    start = _ReadZddSize(mgr)
    if count <= 0:
        return
    last = start + count - 1
    p = _ZddIthVar(mgr, last)
    if p == 0 or _ReadZddSize(mgr) != last + 1:
        raise OutOfMemory("creating the universe's variables")
    _Ref(p)
    _Deref(mgr, p)
    names = [f"v{i}" for i in range(start, last + 1)]
    zdd.vars.update(names)
    zdd._index_of_var.update(zip(names, range(start, last + 1)))
    zdd._var_with_index.update(zip(range(start, last + 1), names))


def cudd_deref(mgr: int, p: int) -> None:
    _Deref(mgr, p)


def set_memory_limit(mgr: int, limit: int) -> None:
    """CUDD's hard limit on its own memory (nodes, unique table, cache), in bytes."""
    _SetMaxMemory(mgr, max(int(limit), 1))


def set_loose_up_to(mgr: int, nodes: int) -> None:
    """Up to how many nodes CUDD grows its unique table before it collects garbage
    first (CUDD sets it from the memory estimate a manager is made with)."""
    _SetLooseUpTo(mgr, min(max(int(nodes), 1), (1 << 32) - 1))


def memory_limit(mgr: int) -> int:
    """CUDD's hard limit on its own memory now, in bytes."""
    return int(_ReadMaxMemory(mgr))


def memory_in_use(mgr: int) -> int:
    """Bytes CUDD has allocated for this manager."""
    return int(_MemInUse(mgr))


# --- node access through CUDD's accessors (the kernels read the fields directly) -------
def node_index(p: int) -> int:
    """CUDD variable index of node ``p`` (0x7fffffff for terminals)."""
    return _NodeReadIndex(p)


def node_hi(p: int) -> int:
    """The then-child (members with the node's element)."""
    return _T(p)


def node_lo(p: int) -> int:
    """The else-child (members without the node's element)."""
    return _E(p)


def _check_layout() -> None:
    """Compare the assumed DdNode layout with CUDD's accessors on a real node."""
    z = _cz.ZDD(memory_estimate=1 << 20, initial_cache_size=1 << 8)  # a small probe
    z.configure(reordering=False)
    z.declare("a", "b", "c")
    f = z.var("b") & ~z.var("c")
    p = node_pointer(f)
    mgr = manager_pointer(z)
    ok = (ctypes.c_uint32.from_address(p).value == _NodeReadIndex(p)
          and ctypes.c_int64.from_address(p + 16).value == _T(p)
          and ctypes.c_int64.from_address(p + 24).value == _E(p)
          and _ReadOne(mgr) != _ReadZero(mgr))
    del f
    if not ok:
        raise ImportError("zalg: CUDD's DdNode layout differs from the one zalg was built for")


# the kernels read node fields directly: offsets index@0, then@16, else@24
_check_layout()
