"""Raw pointers into numpy arrays, for the driver's hot loops and the machine calls.

Passing a numpy array to a compiled function costs seven words and an atomic
reference count update on the way in and out; numba does not remove those where
the callee is inlined into a loop.  The driver therefore hands machines (and its
own inlined helpers) plain pointers: ``at32(a, i)`` / ``at64(a, i)`` point at row i
of a 2-d array (element i of a 1-d one), ``offset32(p, k)`` / ``offset64(p, k)`` k
entries further.  Indexing a pointer, ``p[k]``, reads and writes like an array.

Without numba (``ZALG_NO_NUMBA``) a "pointer" is a flat numpy view starting there,
which indexes the same way.
"""

from __future__ import annotations

from ..kernels.native import HAVE_NUMBA

__all__ = ["at32", "at64", "offset32", "offset64", "prefetch"]

if HAVE_NUMBA:
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic

    def _at(typingctx, array, index, item):
        sig = types.CPointer(item)(array, types.int64)

        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, args[0])
            step = context.get_constant(types.int64, 1)
            if signature.args[0].ndim == 2:
                step = builder.extract_value(ary.shape, 1)
            return builder.gep(ary.data, [builder.mul(args[1], step)])
        return sig, codegen

    def _offset(typingctx, pointer, k, item):
        sig = types.CPointer(item)(types.CPointer(item), types.int64)

        def codegen(context, builder, signature, args):
            return builder.gep(args[0], [args[1]])
        return sig, codegen

    @intrinsic
    def at32(typingctx, array, index):
        """A pointer to row ``index`` of a 2-d int32 array (element, of a 1-d one)."""
        return _at(typingctx, array, index, types.int32)

    @intrinsic
    def at64(typingctx, array, index):
        """A pointer to row ``index`` of a 2-d int64 array (element, of a 1-d one)."""
        return _at(typingctx, array, index, types.int64)

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

    @intrinsic
    def offset32(typingctx, pointer, k):
        """The int32 pointer k entries after ``pointer``."""
        return _offset(typingctx, pointer, k, types.int32)

    @intrinsic
    def offset64(typingctx, pointer, k):
        """The int64 pointer k entries after ``pointer``."""
        return _offset(typingctx, pointer, k, types.int64)
else:
    def at32(array, index):
        width = array.shape[1] if array.ndim == 2 else 1
        return array.reshape(-1)[index * width:]

    at64 = at32

    def offset32(pointer, k):
        return pointer[k:]

    def prefetch(array, index):
        return None

    offset64 = offset32
