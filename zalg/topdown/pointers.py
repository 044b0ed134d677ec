"""Raw pointers into numpy arrays, for the driver's hot loops and the machine calls.

Passing a numpy array to a compiled function costs seven words and an atomic
reference count update on the way in and out; numba does not remove those where
the callee is inlined into a loop.  The driver therefore hands machines (and its
own inlined helpers) plain pointers: ``at(a, i)`` points at row i of a 2-d array
(element i of a 1-d one), ``offset(p, k)`` k entries further, ``words(p)`` reads
the same memory as unsigned 64-bit words.  Indexing a pointer, ``p[k]``, reads and
writes like an array.

Without numba (``ZALG_NO_NUMBA``) a "pointer" is a flat numpy view starting there,
which indexes the same way.
"""

from __future__ import annotations

import numpy as np

from ..cudd.compiling import HAVE_NUMBA, LazyModule, intrinsic

__all__ = ["at", "offset", "words", "prefetch"]

if HAVE_NUMBA:  # numba and llvmlite are imported when a kernel first compiles
    ir = LazyModule("llvmlite.ir")
    types = LazyModule("numba.types")
    cgutils = LazyModule("numba.core.cgutils")

    @intrinsic
    def at(typingctx, array, index):
        """A pointer to row ``index`` of a 2-d array (element ``index`` of a 1-d one)."""
        sig = types.CPointer(array.dtype)(array, types.int64)

        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, args[0])
            step = context.get_constant(types.int64, 1)
            if signature.args[0].ndim == 2:
                step = builder.extract_value(ary.shape, 1)
            return builder.gep(ary.data, [builder.mul(args[1], step)])
        return sig, codegen

    @intrinsic
    def offset(typingctx, pointer, k):
        """The pointer k entries after ``pointer``."""
        sig = pointer(pointer, types.int64)

        def codegen(context, builder, signature, args):
            return builder.gep(args[0], [args[1]])
        return sig, codegen

    @intrinsic
    def words(typingctx, pointer):
        """The memory at ``pointer`` as unsigned 64-bit words."""
        sig = types.CPointer(types.uint64)(pointer)

        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], ir.IntType(64).as_pointer())
        return sig, codegen

    @intrinsic
    def prefetch(typingctx, array, index):
        """Ask the CPU to bring ``array[index]`` into the cache (a hint; no effect on
        results), so that a batch of random reads overlaps their waits."""
        sig = types.void(array, types.int64)

        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, args[0])
            address = builder.bitcast(builder.gep(ary.data, [args[1]]), ir.IntType(8).as_pointer())
            i32 = ir.IntType(32)
            fnty = ir.FunctionType(ir.VoidType(), [address.type, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
            builder.call(fn, [address, i32(0), i32(3), i32(1)])
            return context.get_dummy_value()
        return sig, codegen
else:
    def at(array, index):
        width = array.shape[1] if array.ndim == 2 else 1
        return array.reshape(-1)[index * width:]

    def offset(pointer, k):
        return pointer[k:]

    def words(pointer):
        usable = pointer.nbytes // 8 * 8
        return pointer.view(np.uint8)[:usable].view(np.uint64)

    def prefetch(array, index):
        return None
