"""The one place where zalg touches CUDD (and CPython) below dd's public API.

Every family operation (join, quotient, minimal, ..., union, intersection and
difference too) runs in the kernels, directly on CUDD nodes: CUDD's own ZDD set
operations notice neither Ctrl-C nor a memory budget in time.  This module

* finds the ``DdManager*`` inside a ``dd.cudd_zdd.ZDD`` object and the addresses
  of the CUDD routines the kernels call (``cuddZddGetNode``, the computed table,
  reference counting, ...), all exported by dd's own shared library;
* checks, at import, every layout assumption (manager pointer, ``DdNode`` field
  offsets, terminal nodes) against CUDD's own accessor functions;
* makes running out of memory an error instead of an exit: CUDD's global
  out-of-memory handler ``MMoutOfMemory`` prints and calls ``exit(1)``; it is
  replaced by CUDD's silent handler, so a failed allocation returns NULL and the
  kernels turn it into :class:`zalg.OutOfMemory`;
* binds CUDD through ``ctypes.PyDLL``, which keeps the GIL during every call:
  together with kernels compiled *without* ``nogil``, every touch of a CUDD
  manager happens under the GIL, so threads sharing a Universe cannot race
  (kernels pause every few thousand steps to let other threads run and to notice
  Ctrl-C, see ``nodes.poll``);
* re-exports ``jit`` (``.compiling``).  Kernels are written once in a
  numba-compatible subset of Python; without numba the very same code runs as
  plain Python (slowly, but exactly), with node fields read through CUDD's
  accessor functions.

Set ``ZALG_NO_NUMBA=1`` to force the plain-Python fallback.  Importing this module
compiles nothing.
"""

from __future__ import annotations

import ctypes
import functools
import os

import numpy as np

from ..errors import OutOfMemory
from .compiling import COMPILE_GUARD, HAVE_NUMBA, LazyModule, c_callback, intrinsic, jit
from .platform import INSTALL_NOTES, cudd_module, dd_version, symbols

_cz = cudd_module()

__all__ = [
    "HAVE_NUMBA", "jit", "LIB", "ADDR", "manager_pointer", "node_pointer", "fn_address",
    "node_index", "node_hi", "node_lo", "call_mgr1", "call_mgr3", "call_mgr4", "call_void4",
    "call_void5", "call_int1",
    "call_int_mgr",
    "call_getnode", "call_ref", "prefetch",
    "call_deref", "call_int0", "call_ptr0", "call_void0", "call_void1", "call_void2", "cudd_deref",
    "set_memory_limit", "memory_limit", "memory_in_use", "recover", "was_interrupted", "COMPILE_GUARD",
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


def manager_pointer(zdd: _cz.ZDD, stoppable: bool = True) -> int:
    """The ``DdManager*`` of a dd ZDD manager, checked against CUDD before use; its
    out-of-memory callback is made silent (no message, no exit), and (``stoppable``)
    Ctrl-C stops CUDD's own long operations."""
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
    terminate = _termination() if stoppable else None
    if terminate is not None:
        _RegisterTermination(mgr, terminate.address, _TERMINATE_ARGS.ctypes.data)
    return mgr


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


def memory_limit(mgr: int) -> int:
    """CUDD's hard limit on its own memory now, in bytes."""
    return int(_ReadMaxMemory(mgr))


def memory_in_use(mgr: int) -> int:
    """Bytes CUDD has allocated for this manager."""
    return int(_MemInUse(mgr))


# --- node access and calls, compiled or plain ----------------------------------------
if HAVE_NUMBA:  # numba and llvmlite are imported when a kernel first compiles
    ir = LazyModule("llvmlite.ir")
    types = LazyModule("numba.types")

    @intrinsic
    def load_i64(typingctx, address):
        """The 64-bit word at ``address``."""
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            return builder.load(builder.inttoptr(args[0], ir.IntType(64).as_pointer()))
        return sig, codegen

    @intrinsic
    def load_u32(typingctx, address):
        """The unsigned 32-bit word at ``address``, widened."""
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            v = builder.load(builder.inttoptr(args[0], ir.IntType(32).as_pointer()))
            return builder.zext(v, ir.IntType(64))
        return sig, codegen

    @intrinsic
    def call_mgr3(typingctx, fn, mgr, a, b, c):
        """``fn(mgr, a, b, c)`` for a C routine returning a pointer (cache lookup)."""
        sig = types.int64(types.int64, types.int64, types.int64, types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64), ir.IntType(64), ir.IntType(64)])
            return builder.call(builder.inttoptr(args[0], fnty.as_pointer()), args[1:])
        return sig, codegen

    @intrinsic
    def call_void4(typingctx, fn, mgr, a, b, c, d):
        """``fn(mgr, a, b, c, d)`` for a C routine returning nothing (cache insert)."""
        sig = types.void(types.int64, types.int64, types.int64, types.int64, types.int64,
                         types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(64), ir.IntType(64), ir.IntType(64), ir.IntType(64), ir.IntType(64)])
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), args[1:])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def call_mgr4(typingctx, fn, mgr, a, b, c, d):
        """``fn(mgr, a, b, c, d)`` for a C routine returning a pointer (three-key lookup)."""
        sig = types.int64(*[types.int64] * 6)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)] * 5)
            return builder.call(builder.inttoptr(args[0], fnty.as_pointer()), args[1:])
        return sig, codegen

    @intrinsic
    def call_void5(typingctx, fn, mgr, a, b, c, d, e):
        """``fn(mgr, a, b, c, d, e)`` for a C routine returning nothing (three-key insert)."""
        sig = types.void(*[types.int64] * 7)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(64)] * 6)
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), args[1:])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def call_void2(typingctx, fn, mgr, a):
        """``fn(mgr, a)`` for a C routine taking a 64-bit integer and returning nothing
        (``Cudd_SetMaxMemory``)."""
        sig = types.void(types.int64, types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(64), ir.IntType(64)])
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), args[1:])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def call_int1(typingctx, fn, mgr, flag):
        """``fn(mgr, flag)`` for a C routine taking an int and returning an int."""
        sig = types.int64(types.int64, types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(32), [ir.IntType(64), ir.IntType(32)])
            r = builder.call(builder.inttoptr(args[0], fnty.as_pointer()),
                             [args[1], builder.trunc(args[2], ir.IntType(32))])
            return builder.sext(r, ir.IntType(64))
        return sig, codegen

    @intrinsic
    def call_int_mgr(typingctx, fn, mgr):
        """``fn(mgr)`` for a C routine returning an int."""
        sig = types.int64(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(32), [ir.IntType(64)])
            r = builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [args[1]])
            return builder.sext(r, ir.IntType(64))
        return sig, codegen

    @intrinsic
    def call_mgr1(typingctx, fn, mgr):
        """``fn(mgr)`` for a C routine returning a 64-bit value."""
        sig = types.int64(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)])
            return builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [args[1]])
        return sig, codegen

    @intrinsic
    def call_getnode(typingctx, fn, mgr, index, hi, lo):
        """``cuddZddGetNode(mgr, index, hi, lo)``: the reduced node (hi == 0 gives lo)."""
        sig = types.int64(types.int64, types.int64, types.int64, types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(32), ir.IntType(64), ir.IntType(64)])
            fptr = builder.inttoptr(args[0], fnty.as_pointer())
            return builder.call(fptr, [args[1], builder.trunc(args[2], ir.IntType(32)), args[3], args[4]])
        return sig, codegen

    @intrinsic
    def call_ref(typingctx, fn, node):
        """``Cudd_Ref(node)``."""
        sig = types.void(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(64)])
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [args[1]])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def call_deref(typingctx, fn, mgr, node):
        """``Cudd_RecursiveDerefZdd(mgr, node)``."""
        sig = types.void(types.int64, types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(64), ir.IntType(64)])
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [args[1], args[2]])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def call_int0(typingctx, fn):
        """``fn()`` for a C routine returning an int (``PyErr_CheckSignals``)."""
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(32), [])
            r = builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [])
            return builder.sext(r, ir.IntType(64))
        return sig, codegen

    @intrinsic
    def call_ptr0(typingctx, fn):
        """``fn()`` for a C routine returning a pointer (``PyEval_SaveThread``)."""
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [])
            return builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [])
        return sig, codegen

    @intrinsic
    def call_void0(typingctx, fn):
        """``fn()`` for a C routine returning nothing (``PyErr_Clear``)."""
        sig = types.void(types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [])
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def call_void1(typingctx, fn, a):
        """``fn(a)`` for a C routine returning nothing (``PyEval_RestoreThread``)."""
        sig = types.void(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(64)])
            builder.call(builder.inttoptr(args[0], fnty.as_pointer()), [args[1]])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def prefetch(typingctx, address):
        """Ask the CPU to bring the cache line at ``address`` in (LLVM's ``prefetch``:
        a read, kept in every cache level); a hint, never a fault."""
        sig = types.void(types.int64)

        def codegen(context, builder, signature, args):
            i8p = ir.IntType(8).as_pointer()
            fnty = ir.FunctionType(ir.VoidType(), [i8p, ir.IntType(32), ir.IntType(32), ir.IntType(32)])
            fn = builder.module.declare_intrinsic("llvm.prefetch", [i8p], fnty)
            builder.call(fn, [builder.inttoptr(args[0], i8p), ir.IntType(32)(0), ir.IntType(32)(3), ir.IntType(32)(1)])
            return context.get_dummy_value()
        return sig, codegen

    @intrinsic
    def ptr_to_int(typingctx, ptr):
        """A void pointer as a 64-bit integer."""
        sig = types.int64(types.voidptr)

        def codegen(context, builder, signature, args):
            return builder.ptrtoint(args[0], ir.IntType(64))
        return sig, codegen

    @jit(inline=True)
    def node_index(p):
        """CUDD variable index of node ``p`` (0x7fffffff for terminals)."""
        return load_u32(p)

    @jit(inline=True)
    def node_hi(p):
        """The then-child (members with the node's element)."""
        return load_i64(p + 16)

    @jit(inline=True)
    def node_lo(p):
        """The else-child (members without the node's element)."""
        return load_i64(p + 24)

else:
    # Without numba, node fields are read through CUDD's accessor functions, so the
    # fallback makes no assumption about the DdNode layout.
    def node_index(p: int) -> int:
        return _NodeReadIndex(p)

    def node_hi(p: int) -> int:
        return _T(p)

    def node_lo(p: int) -> int:
        return _E(p)

    def call_mgr1(fn: int, mgr: int) -> int:
        return int(_MemInUse(mgr))

    def call_mgr3(fn: int, mgr: int, a: int, b: int, c: int) -> int:
        return _CacheLookup(mgr, a, b, c) or 0

    def call_void4(fn: int, mgr: int, a: int, b: int, c: int, d: int) -> None:
        _CacheInsert(mgr, a, b, c, d)

    def call_mgr4(fn: int, mgr: int, a: int, b: int, c: int, d: int) -> int:
        return _CacheLookup3(mgr, a, b, c, d) or 0

    def call_void5(fn: int, mgr: int, a: int, b: int, c: int, d: int, e: int) -> None:
        _CacheInsert3(mgr, a, b, c, d, e)

    def call_int1(fn: int, mgr: int, flag: int) -> int:
        return int(_GarbageCollect(mgr, flag))

    def call_void2(fn: int, mgr: int, a: int) -> None:
        _SetMaxMemory(mgr, a)

    def call_int_mgr(fn: int, mgr: int) -> int:
        return int(_ReadErrorCode(mgr))

    def prefetch(address: int) -> None:
        return None


    def call_getnode(fn: int, mgr: int, index: int, hi: int, lo: int) -> int:
        return _GetNode(mgr, index, hi, lo)

    def call_ref(fn: int, node: int) -> None:
        _Ref(node)

    def call_deref(fn: int, mgr: int, node: int) -> None:
        _Deref(mgr, node)

    # plain Python receives KeyboardInterrupt by itself and needs no GIL pauses
    def call_int0(fn: int) -> int:
        return 0

    def call_ptr0(fn: int) -> int:
        return 0

    def call_void0(fn: int) -> None:
        return None

    def call_void1(fn: int, a: int) -> None:
        return None


_TERMINATE_ARGS = np.array([ADDR["checksignals"], ADDR["clearerror"]], dtype=np.int64)


@functools.lru_cache(maxsize=None)
def _termination():
    """CUDD's termination callback, compiled (or loaded) at the first manager, or None
    without numba.

    CUDD calls it about once per thousand new nodes, also deep inside its own long
    operations (a union of two huge families): Ctrl-C stops those too.  It runs in the
    thread that holds the GIL (every CUDD call does), checks for a signal, and on one
    clears Python's error and asks CUDD to stop."""
    if not HAVE_NUMBA:
        return None
    def terminate(arg):
        p = ptr_to_int(arg)
        if call_int0(load_i64(p)) != 0:
            call_void0(load_i64(p + 8))
            return 1
        return 0
    return c_callback(terminate, types.int32(types.voidptr))


def _check_layout() -> None:
    """Compare the assumed DdNode layout with CUDD's accessors on a real node."""
    z = _cz.ZDD()
    z.configure(reordering=False)
    z.declare("a", "b", "c")
    f = z.var("b") & ~z.var("c")
    p = node_pointer(f)
    mgr = manager_pointer(z, stoppable=False)
    ok = (ctypes.c_uint32.from_address(p).value == _NodeReadIndex(p)
          and ctypes.c_int64.from_address(p + 16).value == _T(p)
          and ctypes.c_int64.from_address(p + 24).value == _E(p)
          and _ReadOne(mgr) != _ReadZero(mgr))
    del f
    if not ok:
        raise ImportError("zalg: CUDD's DdNode layout differs from the one zalg was built for")


if HAVE_NUMBA:
    # numba reads node fields directly: offsets index@0, then@16, else@24
    _check_layout()
