"""Raw pointers for the hot kernels.

The game kernels take the state, configuration and event log as ``CPointer(int64)`` instead of
numpy arrays. An array argument is a 7-to-9 word struct that every non-inlined call passes on,
each index is checked for wraparound (``a[-1]``) and, with reference counting on, every call
increments and decrements it atomically; a pointer is one register and ``p[i]`` one load. The
kernels only ever index ``st[i]`` / ``cfg[i]`` / ``log[i]``, which numba supports on pointers.
The owner arrays must stay alive while a pointer is used: the entry points keep them as
arguments or use them after the work (numba frees an array right after its last use).
"""
import numba
from numba import njit
from numba.core import types
from numba.extending import intrinsic


@intrinsic
def _data_ptr(typingctx, arr):
    sig = types.CPointer(arr.dtype)(arr)

    def codegen(context, builder, signature, args):
        return context.make_array(arr)(context, builder, args[0]).data

    return sig, codegen


@njit(inline="always")
def ptr(a):
    """Pointer to the first element of contiguous array a (any number of dimensions)."""
    return _data_ptr(a)


@intrinsic
def _offset(typingctx, p, k):
    if not isinstance(p, types.CPointer) or not isinstance(k, types.Integer):
        return None
    sig = p(p, k)

    def codegen(context, builder, signature, args):
        return builder.gep(args[0], [args[1]])

    return sig, codegen


@njit(inline="always")
def ptr_add(p, k):
    """Pointer k elements past pointer p (a region of the same state array seen as a state)."""
    return _offset(p, k)


@njit(inline="always")
def unmanaged2(a):
    """2-D view of contiguous array a without reference counting."""
    return numba.carray(_data_ptr(a), (a.shape[0], a.shape[1]))


POINTER_ARGS = ("st", "cfg", "log")
_trampolines: dict = {}


def pointer_call(fn):
    """Callable from Python: fn (a kernel function) with its st / cfg / log arguments given as
    numpy arrays, passed on as pointers (rule tests drive single kernel steps this way).

    For a function of a generated kernel module the trampoline is a file beside that module,
    compiled with ``cache=True`` (simsuite.engine.codegen.cached_trampoline): the kernel code it pulls in
    is compiled once, not again in every test process (the module's name is a hash of all its
    sources, so a cached trampoline never outlives the code it calls)."""
    t = _trampolines.get(fn)
    if t is None:
        code = fn.py_func.__code__
        names = code.co_varnames[:code.co_argcount]
        conv = ", ".join(f"_ptr({n})" if n in POINTER_ARGS else n for n in names)
        src = f"def _call({', '.join(names)}):\n    return _fn({conv})\n"
        from simsuite.engine.codegen import cached_trampoline

        t = cached_trampoline(fn, src)
        if t is None:  # not a kernel module's function: compiled in this process only
            ns = {"_fn": fn, "_ptr": ptr}
            exec(src, ns)
            t = njit(_nrt=False)(ns["_call"])
        _trampolines[fn] = t
    return t


class PointerKernel:
    """A kernel module whose jitted functions take numpy arrays for st / cfg / log (tests)."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        v = getattr(self._module, name)
        if name in ("run_batch", "replay_game", "run_checked") or not hasattr(v, "py_func"):
            return v  # the entry points take arrays
        return pointer_call(v)
