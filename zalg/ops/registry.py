"""The one table of family operations: codes, dependencies and dispatch follow from it.

``register(module)`` enters an operation module (see ``zalg.ops``) and
returns its :class:`Op`: the module's ``CODE`` is its place in the table (set here,
unique by construction), and its ``USES`` (the operations it asks for as
subproblems, registered before it) give its *closure*: itself and everything it
may reach.  The driver (``..driver``) is compiled once per operation, for that
operation's closure alone: ``terminal``, ``children``, ``combine``, ``memo_key``,
``known`` and ``finish`` below are dispatchers over the closure's codes, built when
numba types them with an :class:`Op` argument (an ``OpType`` names the operation, its
code and a hash of its closure's sources, so a cached driver is never served for
another operation or an edited one).  Without numba they are plain Python over the
same table.

A frame whose code lies outside the closure is reported by ``known`` and ends the
call with status ``UNKNOWN_OP`` (the Manager raises), never a silent fall-through.
"""
from __future__ import annotations

import hashlib
import inspect
from types import ModuleType

from ..cudd.compiling import HAVE_NUMBA, on_numba

__all__ = ["Op", "register", "table", "terminal", "children", "combine", "memo_key", "known",
           "cached", "holds_keys", "root_code", "finish"]

#: codes run below this: the Manager's tag array has 256 words, and word 255 is
#: ``kernels.meet``'s (an operation with a recursion of its own)
MAX_CODE = 255
_TABLE: list["Op"] = []
_BY_KEY: dict[str, "Op"] = {}
_STEPS = ("terminal", "children", "combine")


class Op:
    """A registered operation: ``name``, ``code`` (1, 2, ...), its ``module``, the ops it
    ``uses`` as subproblems, and ``closure`` (itself first, then everything it reaches)."""

    def __init__(self, module: ModuleType, code: int, uses: tuple["Op", ...]):
        self.module = module
        self.name = module.__name__.rsplit(".", 1)[-1]
        self.code = code
        self.uses = uses
        closure = [self]
        for dep in uses:
            closure += [o for o in dep.closure if o not in closure]
        self.closure = tuple(closure)
        self.by_code = {o.code: o.module for o in self.closure}
        self.commutative = bool(getattr(module, "COMMUTATIVE", False))
        self.cached = bool(getattr(module, "CACHED", False))
        self.holds_keys = bool(getattr(module, "HOLDS_KEYS", False))
        digest = hashlib.sha256()
        for o in self.closure:
            digest.update(inspect.getsource(o.module).encode())
        self.key = f"{self.name}#{code}@{digest.hexdigest()[:16]}"

    def __repr__(self) -> str:
        return f"Op({self.name}, code {self.code})"


def register(module: ModuleType) -> Op:
    """Enter an operation module in the table: its code is the next free one.  The module
    must define ``terminal``, ``children`` and ``combine`` (``finish``, ``USES``,
    ``COMMUTATIVE``, ``CACHED`` and ``HOLDS_KEYS`` are optional), and every op in ``USES`` must be registered already."""
    missing = [s for s in _STEPS if not callable(getattr(module, s, None))]
    if missing:
        raise TypeError(f"operation module {module.__name__} lacks {', '.join(missing)}")
    known_modules = {o.module: o for o in _TABLE}
    if module in known_modules:
        raise ValueError(f"operation module {module.__name__} is registered already")
    uses = []
    for dep in getattr(module, "USES", ()):
        if dep not in known_modules:
            raise ValueError(f"{module.__name__} uses {getattr(dep, '__name__', dep)}, which "
                             "is not registered before it")
        uses.append(known_modules[dep])
    if len(_TABLE) + 1 >= MAX_CODE:
        raise ValueError(f"no code left for {module.__name__}: the table holds {MAX_CODE - 1}")
    module.CODE = len(_TABLE) + 1
    op = Op(module, module.CODE, tuple(uses))
    _TABLE.append(op)
    _BY_KEY[op.key] = op
    return op


def table() -> tuple[Op, ...]:
    """Every registered operation, in code order."""
    return tuple(_TABLE)


# ---- dispatch: plain Python (the fallback), overloaded for numba below ----------------------

def terminal(op, o, a, b, k, env):
    """Step ``terminal`` of the operation with code ``o`` in ``op``'s closure."""
    return op.by_code[o].terminal(a, b, k, env)


def children(op, o, x, y, k, env):
    """Step ``children`` of operation ``o``."""
    return op.by_code[o].children(x, y, k, env)


def combine(op, o, x, y, phase, k, env, vals, base):
    """Step ``combine`` of operation ``o``."""
    return op.by_code[o].combine(x, y, phase, k, env, vals, base)


def memo_key(op, o, a, b):
    """(a, b) of subproblem (o, a, b) in the memo table: commutative operations store
    (min, max)."""
    if a > b and getattr(op.by_code[o], "COMMUTATIVE", False):
        return b, a
    return a, b


def known(op, o):
    """Whether code ``o`` lies in ``op``'s closure."""
    return o in op.by_code


def cached(op, o):
    """Whether operation ``o`` keeps its results in CUDD's computed table across calls
    (its module says ``CACHED = True``: the result depends on the operand nodes alone)."""
    return bool(getattr(op.by_code[o], "CACHED", False))


def holds_keys(op, o):
    """Whether the memo table references the second key of operation ``o``'s subproblems
    (its module says ``HOLDS_KEYS = True``: it asks for subproblems on nodes it built)."""
    return bool(getattr(op.by_code[o], "HOLDS_KEYS", False))


def root_code(op):
    """The code of the operation itself."""
    return op.code


def finish(op, a, b, result, env):
    """The root operation's last step on its result (the identity by default)."""
    last = getattr(op.module, "finish", None)
    return result if last is None else last(a, b, result, env)


def _numba_typing() -> None:
    """numba's typing of operations (``OpType``) and of the dispatch functions above,
    registered when numba is first imported (``compiling.on_numba``)."""
    from numba import types
    from numba.extending import NativeValue, models, register_model, typeof_impl, unbox

    class OpType(types.Type):
        """The numba type of an :class:`Op`: one per operation and version of its sources."""

        def __init__(self, key: str):
            self.op_key = key
            super().__init__(name=f"Op({key})")

    # numba's cache pickles the signatures it holds: the type is found by this name
    OpType.__qualname__ = "OpType"
    globals()["OpType"] = OpType

    @typeof_impl.register(Op)
    def _typeof_op(op, context):
        return OpType(op.key)

    register_model(OpType)(models.OpaqueModel)

    @unbox(OpType)
    def _unbox_op(typ, obj, c):
        return NativeValue(c.context.get_constant_null(typ))  # the type says it all

    _overloads(OpType)


def _overloads(OpType) -> None:
    """The dispatch functions' numba versions for operations of the numba type ``OpType``."""
    from numba import njit
    from numba.extending import overload

    # Dispatch over a closure: an if-chain on the frame's code, built from closures that
    # numba inlines into the driver (no compiled unit of their own).  One builder per
    # step signature: numba cannot inline a function taking ``*args``.
    def _step_chain(entries):
        """For ``terminal`` and ``children``: both take (f, g, k, env)."""
        code, step = entries[0]
        if len(entries) == 1:
            return _inline(lambda o, x, y, k, env: step(x, y, k, env))
        rest = _step_chain(entries[1:])

        def first(o, x, y, k, env):
            if o == code:
                return step(x, y, k, env)
            return rest(o, x, y, k, env)
        return _inline(first)

    def _combine_chain(entries):
        code, step = entries[0]
        if len(entries) == 1:
            return _inline(lambda o, x, y, phase, k, env, vals, base:
                           step(x, y, phase, k, env, vals, base))
        rest = _combine_chain(entries[1:])

        def first(o, x, y, phase, k, env, vals, base):
            if o == code:
                return step(x, y, phase, k, env, vals, base)
            return rest(o, x, y, phase, k, env, vals, base)
        return _inline(first)

    def _inline(f):
        return njit(inline="always")(f)

    def _entries(op_type, name):
        return [(o.code, getattr(o.module, name)) for o in _BY_KEY[op_type.op_key].closure]

    @overload(terminal)
    def _terminal(op, o, a, b, k, env):
        if isinstance(op, OpType):
            chain = _step_chain(_entries(op, "terminal"))
            return lambda op, o, a, b, k, env: chain(o, a, b, k, env)

    @overload(children)
    def _children(op, o, x, y, k, env):
        if isinstance(op, OpType):
            chain = _step_chain(_entries(op, "children"))
            return lambda op, o, x, y, k, env: chain(o, x, y, k, env)

    @overload(combine)
    def _combine(op, o, x, y, phase, k, env, vals, base):
        if isinstance(op, OpType):
            chain = _combine_chain(_entries(op, "combine"))
            return (lambda op, o, x, y, phase, k, env, vals, base:
                    chain(o, x, y, phase, k, env, vals, base))

    @overload(memo_key)
    def _memo_key(op, o, a, b):
        if isinstance(op, OpType):
            codes = tuple(x.code for x in _BY_KEY[op.op_key].closure if x.commutative) or (0,)

            def impl(op, o, a, b):
                if a > b:
                    for c in codes:
                        if o == c:
                            return b, a
                return a, b
            return impl

    def _is_one_of(codes):
        """``impl(op, o)``: whether o is one of ``codes`` (an unrolled if-chain)."""
        codes = tuple(codes) or (0,)

        def impl(op, o):
            for c in codes:
                if o == c:
                    return True
            return False
        return impl

    @overload(known)
    def _known(op, o):
        if isinstance(op, OpType):
            return _is_one_of(x.code for x in _BY_KEY[op.op_key].closure)

    @overload(cached)
    def _cached(op, o):
        if isinstance(op, OpType):
            return _is_one_of(x.code for x in _BY_KEY[op.op_key].closure if x.cached)

    @overload(holds_keys)
    def _holds_keys(op, o):
        if isinstance(op, OpType):
            return _is_one_of(x.code for x in _BY_KEY[op.op_key].closure if x.holds_keys)

    @overload(root_code)
    def _root_code(op):
        if isinstance(op, OpType):
            code = _BY_KEY[op.op_key].code
            return lambda op: code

    @overload(finish)
    def _finish(op, a, b, result, env):
        if isinstance(op, OpType):
            last = getattr(_BY_KEY[op.op_key].module, "finish", None)
            if last is None:
                return lambda op, a, b, result, env: result
            return lambda op, a, b, result, env: last(a, b, result, env)


if HAVE_NUMBA:
    on_numba(_numba_typing)
