"""Compiling the kernels: ``jit``, and what a person sees while numba compiles.

* ``jit`` is ``numba.njit`` with zalg's cache (``.cache``: it never serves code older
  than the sources) and without ``nogil`` (kernels hold the GIL, so no other thread
  touches CUDD meanwhile).  Nothing compiles when a module is imported: a kernel
  compiles, or loads from the cache, the first time it is called, with what it
  calls; numba itself is imported only then (``Lazy``, ``load_numba``), so a program
  whose kernels all run compiled ahead of time never imports it.  Without numba (``ZALG_NO_NUMBA=1``, or numba missing) ``jit`` is the
  identity and the kernels run as plain Python.
* A compilation that runs longer than ``NOTE_AFTER`` seconds is announced once per
  process, with one line on stderr (``compiling kernels, first run only ...``);
  ``ZALG_QUIET_COMPILE=1`` turns the note off.
* Ctrl-C while numba compiles: a KeyboardInterrupt raised inside numba's compiler
  leaves its dispatchers half built (a later call fails with "no compiled object
  yet"), so the interrupt is held back (``COMPILE_GUARD``) and raised again right
  after the compilation, at a safe point.  A program that only wants to exit
  registers ``on_interrupt_while_compiling(callback)``: the callback then runs
  within moments of the signal, even while LLVM optimises (a C call that runs
  no Python for seconds; a watcher thread hears the signal through
  ``signal.set_wakeup_fd``).
* LLVM's memory: a compilation holds 100-250 MB for a moment, which no budget check
  of CUDD or the tables sees.  A program whose budget bounds the whole process
  registers ``before_compiling(check)``: ``check(name)`` runs before an outermost
  compilation starts (a cache miss) and may raise (``zalg.memory.check_compile_room``
  raises OutOfMemory when the budget has no room for it).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import signal
import socket
import sys
import threading
import time

__all__ = ["HAVE_NUMBA", "jit", "c_callback", "intrinsic", "LazyModule", "Lazy", "load_numba",
           "loaded", "on_numba", "COMPILE_GUARD", "on_interrupt_while_compiling",
           "NOTE_AFTER", "NOTE", "compile_seconds", "skip_note", "before_compiling"]

#: seconds of compiling before the one line on stderr
NOTE_AFTER = 2.0
NOTE = ("zalg: compiling kernels, first run only (they are cached; `zalg warmup` compiles "
        "them all ahead) ...")

HAVE_NUMBA = False
if os.environ.get("ZALG_NO_NUMBA", "") not in ("1", "true", "yes"):
    # only whether it is installed: numba itself is imported when a kernel is first needed
    HAVE_NUMBA = importlib.util.find_spec("numba") is not None

#: the kernels made before numba was imported, and what runs when it is (``on_numba``)
_PENDING: list = []
_ON_LOAD: list = []
_LOADED = [False]


class Lazy:
    """A kernel (numba dispatcher, intrinsic or overload) made only when numba is first
    needed: calling it, or asking it for any attribute numba's objects have, imports
    numba and makes every pending kernel (``load_numba``), after which the modules hold
    the real objects in its place."""

    def __init__(self, make, fn, plain: bool = False) -> None:
        self._make, self._real, self.py_func, self._plain = make, None, fn, plain
        for name in ("__name__", "__qualname__", "__module__", "__doc__"):
            setattr(self, name, getattr(fn, name, None))
        _PENDING.append(self)

    def real(self):
        """The numba object (numba imported first)."""
        if self._real is None:
            load_numba()
        return self._real

    def __call__(self, *args, **kwargs):
        if self._plain and self._real is None:  # plain Python until numba is loaded
            return self.py_func(*args, **kwargs)
        return self.real()(*args, **kwargs)

    def __getattr__(self, name: str):
        if name.startswith("__") or name in ("_make", "_real", "py_func", "_plain"):
            raise AttributeError(name)
        return getattr(self.real(), name)

    def __repr__(self) -> str:
        return f"<kernel {self.__qualname__}, made when numba is first needed>"


def on_numba(definitions) -> None:
    """Run ``definitions()`` when numba is imported (at once if it is already): numba
    typing that a module registers (types, overloads) without importing numba itself."""
    if _LOADED[0]:
        definitions()
    else:
        _ON_LOAD.append(definitions)


def loaded() -> bool:
    """Whether numba has been imported for the kernels in this process."""
    return _LOADED[0]


def load_numba() -> None:
    """Import numba (the first time a kernel is needed): register the compile listeners
    and the modules' typing (``on_numba``), make every pending kernel, and put the real
    objects in place of the ``Lazy`` ones in every module and closure that holds them
    (numba reads a kernel's callees from its globals and closure when it compiles)."""
    if _LOADED[0]:
        return
    if not HAVE_NUMBA:
        raise ImportError("zalg: numba is not installed (pip install 'zalg[jit]')")
    import numba  # noqa: F401
    from numba.extending import typeof_impl
    _LOADED[0] = True
    _listen()

    @typeof_impl.register(Lazy)
    def _typeof_lazy(value, context):
        return typeof_impl(value.real(), context)

    for definitions in _ON_LOAD:
        definitions()
    _ON_LOAD.clear()
    for lazy in _PENDING:
        lazy._real = lazy._make()
    _swap(_PENDING)
    _PENDING.clear()


def _swap(kernels: list) -> None:
    """Put the real objects in place of the Lazy ones in every module's namespace, the
    kernels' own globals and their closure cells."""
    spaces = {id(d): d for d in (getattr(m, "__dict__", None) for m in list(sys.modules.values()))
              if isinstance(d, dict)}
    for lazy in kernels:
        fn = lazy.py_func
        g = getattr(fn, "__globals__", None)
        if isinstance(g, dict):
            spaces[id(g)] = g
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                if type(cell.cell_contents) is Lazy:
                    cell.cell_contents = cell.cell_contents._real
            except ValueError:  # an empty cell
                pass
    for space in spaces.values():
        for name, value in list(space.items()):
            if type(value) is Lazy:
                space[name] = value._real


def _later(make, fn, plain: bool = False):
    """``make()`` now when numba is loaded, else a ``Lazy`` that makes it when it is."""
    return make() if _LOADED[0] else Lazy(make, fn, plain)


def intrinsic(fn):
    """``numba.extending.intrinsic``, made when numba is first needed; its body (run
    when a caller compiles) may use numba freely.  Without numba: None."""
    if not HAVE_NUMBA:
        return None

    def make():
        from numba.extending import intrinsic as numba_intrinsic
        return numba_intrinsic(fn)
    return _later(make, fn)


class LazyModule:
    """A module imported at its first attribute (``types = LazyModule("numba.types")``):
    for the bodies of intrinsics, which run only once numba is loaded."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        load_numba()
        return getattr(importlib.import_module(self._name), attr)


if HAVE_NUMBA:
    def _from_a_file(fn) -> bool:
        """Whether ``fn``'s source is a file (not typed at a prompt, run by ``exec`` or in
        a notebook cell): only then can its compiled code be cached on disk."""
        try:
            return os.path.isfile(inspect.getfile(fn))
        except TypeError:
            return False

    def _stamped(fn):
        """zalg's cache for ``fn`` (``.cache``), or None when ``fn`` has no source file (it
        compiles anew in each process)."""
        from .cache import StampedCache  # built on numba's cache: imported once numba is
        return StampedCache(fn) if _from_a_file(fn) else None

    def _cached(dispatcher):
        """The dispatcher with zalg's cache instead of numba's own."""
        cache = _stamped(dispatcher.py_func)
        if cache is not None:
            dispatcher._cache = cache
        return dispatcher

    def _widening_literals(dispatcher):
        """Make calls from compiled code type constant arguments as their plain types, so
        that ``put_kid(env, 0, CODE, x, y)`` does not compile one copy per constant."""
        from numba import types
        typed = dispatcher.get_call_template

        def get_call_template(args, kws):
            return typed(tuple(types.unliteral(a) for a in args), kws)
        dispatcher.get_call_template = get_call_template
        return dispatcher

    def jit(fn=None, signature=None, inline=False, plain=False):
        """``numba.njit`` with zalg's cache, compiled lazily (at the first call; numba
        itself is imported then, see ``Lazy``).  With a ``signature`` (any non-empty
        value; the types follow the arguments) constant arguments from compiled callers
        compile as their plain types: one copy, not one per constant.  ``inline``: numba
        inlines the function into its compiled callers.  ``plain``: a small function of
        plain values (no arrays, no intrinsics) that Python also calls: from Python it
        runs as plain Python until numba is loaded."""
        def wrap(f):
            def make():
                from numba import njit
                d = _cached(njit(inline="always")(f) if inline else njit(f))
                return _widening_literals(d) if signature else d
            return _later(make, f, plain)
        return wrap if fn is None else wrap(fn)

    def c_callback(fn, signature):
        """``fn`` compiled (or loaded from zalg's cache) as a C callback of ``signature``
        (``numba.cfunc``); its address is ``.address``."""
        load_numba()
        from numba.core import sigutils
        from numba.core.ccallback import CFunc
        callback = CFunc(fn, sigutils.normalize_signature(signature), locals={}, options={})
        cache = _stamped(fn)
        if cache is not None:
            callback._cache = cache
        callback.compile()
        return callback
else:
    def jit(fn=None, signature=None, inline=False, plain=False):
        return (lambda f: f) if fn is None else fn

    def c_callback(fn, signature):
        return None


class _CompileGuard:
    """Holds Ctrl-C back while numba compiles a kernel in the main thread (see the
    module's docstring); ``start``/``end`` nest."""

    def __init__(self) -> None:
        self.depth = 0
        self.saved = None
        self.pending = False
        self.on_hold = None
        self.started = 0.0
        self.wakeup = None  # (previous wakeup fd, our reader) while a compilation runs

    def _record(self, signum, frame) -> None:
        hold = self.on_hold
        if hold is not None:
            hold()
        self.pending = True

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        if self.depth == 0:
            try:  # an ignored SIGINT stays ignored: nothing to hold back
                ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
                self.saved = None if ignored else signal.signal(signal.SIGINT, self._record)
            except (ValueError, TypeError):  # not allowed here: leave SIGINT alone
                self.saved = None
            if self.saved is not None and self.on_hold is not None:
                self.wakeup = _watch_signals(self)
        self.depth += 1

    def end(self) -> None:
        if threading.current_thread() is not threading.main_thread() or self.depth == 0:
            return
        self.depth -= 1
        if self.depth == 0 and self.saved is not None:
            if self.wakeup is not None:
                signal.set_wakeup_fd(self.wakeup[0])
                self.wakeup = None
            signal.signal(signal.SIGINT, self.saved)
            self.saved = None
            if self.pending:
                self.pending = False
                signal.raise_signal(signal.SIGINT)


COMPILE_GUARD = _CompileGuard()

_WATCHER: list = []  # [reader socket, writer socket] of the one watcher thread


def _watch_signals(guard: _CompileGuard):
    """Route signals to a watcher thread while a compilation runs: Python runs its signal
    handlers only between bytecodes of the main thread, and LLVM may keep that thread in
    C for seconds.  Returns (the previous wakeup fd, the reader)."""
    if not _WATCHER:
        reader, writer = socket.socketpair()
        reader.setblocking(True)
        writer.setblocking(False)
        _WATCHER[:] = [reader, writer]

        def watch() -> None:
            while True:
                data = reader.recv(64)
                if signal.SIGINT in data and guard.depth > 0 and guard.on_hold is not None:
                    guard.on_hold()
        threading.Thread(target=watch, name="zalg-compile-signals", daemon=True).start()
    try:
        previous = signal.set_wakeup_fd(_WATCHER[1].fileno(), warn_on_full_buffer=False)
    except ValueError:
        return None
    return previous, _WATCHER[0]


def on_interrupt_while_compiling(callback) -> None:
    """Call ``callback()`` as soon as Ctrl-C arrives while numba compiles a kernel (within
    moments, from another thread if the main one is busy in LLVM), instead of holding the
    interrupt until the compilation ends.  For a program that only wants to leave (the
    ``zalg`` program prints one line and exits with status 130); ``None`` restores the
    default."""
    COMPILE_GUARD.on_hold = callback


_BEFORE: list = [None]  # the check that before_compiling registered


def before_compiling(check) -> None:
    """Call ``check(name)`` before numba starts an outermost compilation (a cache miss) of
    the kernel ``name``, in the thread that compiles; what it raises ends the call
    before anything is compiled.  ``None`` removes it."""
    _BEFORE[0] = check


class _Clock:
    """CPU seconds spent compiling in this process, and the one note on stderr."""

    def __init__(self) -> None:
        self.depth = 0
        self.seconds = 0.0
        self.began = 0.0
        self.noted = False
        self.timer = None

    def start(self) -> None:
        if self.depth == 0:
            self.began = time.process_time()
            if not self.noted and threading.current_thread() is threading.main_thread():
                self.timer = threading.Timer(NOTE_AFTER, self._note)
                self.timer.daemon = True
                self.timer.start()
        self.depth += 1

    def end(self) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.seconds += time.process_time() - self.began
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

    def _note(self) -> None:
        if self.depth > 0 and not self.noted and os.environ.get("ZALG_QUIET_COMPILE") is None:
            self.noted = True
            try:
                print(NOTE, file=sys.stderr, flush=True)
            except (ValueError, OSError):
                pass


_CLOCK = _Clock()


def skip_note() -> None:
    """Print no note about compiling in this process (``zalg warmup`` shows a bar instead)."""
    _CLOCK.noted = True


def compile_seconds() -> float:
    """CPU seconds this process has spent compiling kernels (cache loads excluded)."""
    return _CLOCK.seconds


def _listen() -> None:
    """Register the listeners of numba's compiler lock and compilations (numba loaded)."""
    from numba.core import event

    class _LockListener(event.Listener):
        # numba holds its compiler lock while it compiles, loads or saves a kernel
        def on_start(self, ev) -> None:
            COMPILE_GUARD.start()

        def on_end(self, ev) -> None:
            COMPILE_GUARD.end()

    class _CompileListener(event.Listener):
        # only real compilations (after a cache miss)
        def on_start(self, ev) -> None:
            if _CLOCK.depth == 0 and _BEFORE[0] is not None:  # (nested: numba would wrap it)
                _BEFORE[0](getattr(ev.data.get("dispatcher"), "__name__", "a kernel"))
            _CLOCK.start()

        def on_end(self, ev) -> None:
            _CLOCK.end()

    event.register("numba:compiler_lock", _LockListener())
    event.register("numba:compile", _CompileListener())
