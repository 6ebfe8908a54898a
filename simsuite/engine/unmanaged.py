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
import numpy as np
from numba import njit
from numba.core import types
from numba.core.errors import TypingError
from numba.extending import intrinsic, overload


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


if numba.config.DISABLE_JIT:
    # Interpreted (NUMBA_DISABLE_JIT=1: `check alien`'s quick play, with no compile): a "pointer" is
    # a flat view of its array, so p[i] reads and writes the same word as the compiled kernel does
    # and the games are the same games.
    def ptr(a):
        return a.reshape(-1)

    def ptr_add(p, k):
        return p[k:]

    def unmanaged2(a):
        return a

    def trailing_zeros(m):
        """Index of the lowest set bit of m (m != 0), as numba's intrinsic."""
        m = int(m)
        return (m & -m).bit_length() - 1
else:
    from numba.cpython.unsafe.numbers import trailing_zeros  # noqa: F401  (re-exported for the kernels)


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
            from simsuite.engine import jitlink

            jitlink.scope_entry(t)  # one optimized module, as the kernel's entry points
        _trampolines[fn] = t
    return t


# the int64 argument array of a steps entry (simsuite.engine.codegen.steps_entry): the scalar
# arguments first, then what the step returned: its kind, then a tuple's items
STEP_ARGS = 16
STEP_KIND = STEP_ARGS  # -2 nothing, -1 one integer (the entry's own result), k >= 0 a k-tuple
STEP_ITEMS = STEP_ARGS + 1
STEP_WORDS = STEP_ITEMS + 15


def step_result(r, a):
    """(jitted only) `r`, a step's result, as the steps entry's int64; its kind in a[STEP_KIND]."""


@overload(step_result)
def _step_result(r, a):
    def whole(x):
        return isinstance(x, (types.Integer, types.Boolean))

    if isinstance(r, (types.NoneType, types.Omitted)) or r == types.none:
        def impl(r, a):
            a[STEP_KIND] = -2
            return np.int64(0)
    elif whole(r):
        def impl(r, a):
            a[STEP_KIND] = -1
            return np.int64(r)
    elif isinstance(r, types.BaseTuple) and len(r.types) < STEP_WORDS - STEP_ITEMS and all(map(whole, r.types)):
        n = len(r.types)
        lines = ["def impl(r, a):", f"    a[{STEP_KIND}] = {n}"]
        lines += [f"    a[{STEP_ITEMS + i}] = np.int64(r[{i}])" for i in range(n)]
        lines.append("    return np.int64(0)")
        ns = {"np": np}
        exec("\n".join(lines), ns)
        impl = ns["impl"]
    else:
        raise TypingError(f"a kernel step returning {r} cannot be called through the steps entry "
                          "(integers, booleans, tuples of them or nothing)")
    return impl


class _Step:
    """A kernel function called through its kernel's steps entry (PointerKernel)."""

    def __init__(self, pk, name, fn):
        self._pk, self._name, self._fn = pk, name, fn
        code = fn.py_func.__code__
        self._params = code.co_varnames[:code.co_argcount]

    def __call__(self, *args):
        arrays = {"st": None, "cfg": None, "log": None, "out": None}
        a = np.zeros(STEP_WORDS, np.int64)
        if len(args) != len(self._params):
            raise TypeError(f"{self._name}() takes {len(self._params)} arguments ({len(args)} given)")
        j = 0
        for n, v in zip(self._params, args):
            if n in arrays:
                ok = (isinstance(v, np.ndarray) and v.dtype == np.int64 and v.flags.c_contiguous
                      and (v.ndim == 2 if n == "out" else True))
                if not ok:
                    return pointer_call(self._fn)(*args)
                arrays[n] = v if n == "out" else v.reshape(-1)  # a view: writes reach the caller's array
            elif isinstance(v, (bool, int, np.integer, np.bool_)) and j < STEP_ARGS:
                a[j] = int(v)
                j += 1
            else:  # an array or a float: this step's own trampoline
                return pointer_call(self._fn)(*args)
        entry = self._pk._steps_entry()
        if entry is None:
            return pointer_call(self._fn)(*args)
        empty = _EMPTY
        r = entry(np.int64(self._pk._steps.index(self._name)), *(arrays[n] if arrays[n] is not None else empty
                                                               for n in ("st", "cfg", "log")),
                  arrays["out"] if arrays["out"] is not None else _EMPTY2, a)
        kind = int(a[STEP_KIND])
        if kind == -2:
            return None
        if kind == -1:
            return int(r)
        return tuple(int(x) for x in a[STEP_ITEMS:STEP_ITEMS + kind])


_EMPTY = np.zeros(1, np.int64)
_EMPTY2 = np.zeros((1, 1), np.int64)


class PointerKernel:
    """A kernel module whose jitted functions take numpy arrays for st / cfg / log (tests).

    The functions named in `steps` (their other arguments integers) are called through one entry
    compiled for all of them (simsuite.engine.codegen.steps_entry): compiling the kernel under each
    step once, for every test process, instead of once per step and process. Any other function,
    or a call with other arguments, goes through its own trampoline (pointer_call)."""

    def __init__(self, module, steps: tuple = ()):
        self._module = module
        self._steps = tuple(n for n in dict.fromkeys(steps) if hasattr(getattr(module, n, None), "py_func"))
        self._entry = None

    def _steps_entry(self):
        if self._entry is None:
            from simsuite.engine.codegen import steps_entry

            self._entry = steps_entry(self._module, self._steps, POINTER_ARGS) or False
        return self._entry or None

    def __getattr__(self, name):
        v = getattr(self._module, name)
        if name in ("run_batch", "replay_game", "run_checked") or not hasattr(v, "py_func"):
            return v  # the entry points take arrays
        if name in self._steps:
            return _Step(self, name, v)
        return pointer_call(v)
