"""Pointer arithmetic for machine functions written in Python.

Compiled (``jit``), a machine function receives raw pointers, not arrays: ``at(a, i)``
points at row i of a 2-d array (element i of a 1-d one), ``offset(p, k)`` k entries
after ``p``; indexing a pointer, ``p[k]``, reads and writes like an array.  On the
plain-Python driver a "pointer" is a flat numpy view starting there, which indexes
the same way.
"""

from __future__ import annotations

from .jit import Deferred

__all__ = ["at", "offset"]


def _at(array, index):
    width = array.shape[1] if array.ndim == 2 else 1
    return array.reshape(-1)[index * width:]


def _offset(pointer, k):
    return pointer[k:]


def _numba_at():
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def at(typingctx, array, index):
        sig = types.CPointer(array.dtype)(array, types.int64)

        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, args[0])
            step = context.get_constant(types.int64, 1)
            if signature.args[0].ndim == 2:
                step = builder.extract_value(ary.shape, 1)
            return builder.gep(ary.data, [builder.mul(args[1], step)])
        return sig, codegen
    return at


def _numba_offset():
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def offset(typingctx, pointer, k):
        sig = pointer(pointer, types.int64)

        def codegen(context, builder, signature, args):
            return builder.gep(args[0], [args[1]])
        return sig, codegen
    return offset


#: a pointer to row ``index`` of a 2-d array (element ``index`` of a 1-d one)
at = Deferred(_at, _numba_at)
#: the pointer ``k`` entries after ``pointer``
offset = Deferred(_offset, _numba_offset)
