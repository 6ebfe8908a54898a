"""One optimized module per kernel entry point: halves the cold compile, and the kernel runs faster.

numba compiles every ``@njit`` function into its own library. Finalizing a library links in the
modules of all its callees, runs the full -O3 module pipeline over the result and emits machine
code for all of it. A kernel is a deep call tree of ~150 functions, so the same callee code is
optimized and emitted once per caller above it: most of the Cosmic Encounter compile time.

While a simsuite entry point (``run_batch``, ``replay_game``, ``run_checked``) compiles, this
module changes what numba does with each library:

* a callee library skips the module pipeline (its functions have had numba's per-function
  passes) and emits machine code only for its own functions: in the copy it emits, the callee
  functions it linked in are ``available_externally``, so calls resolve to the libraries that
  already emitted them. Its module keeps every body, for callers to link; if numba caches such
  a library, it stores that module as bitcode instead of the (incomplete) object code;
* an entry library (and the parallel loop body numba outlines from ``run_batch``) makes every
  linked-in function ``internal`` (under a new name) and then runs the normal pipeline. The whole kernel is one
  module that LLVM optimizes once, with internal linkage, so it may inline, specialise and
  drop what it likes; the cached object file is self-contained.

Outside that scope (user code) numba behaves as usual. Set
``SIMSUITE_PLAIN_LINK=1`` to turn this off (to compare, or if a numba release changes the
internals this relies on: the patch checks for them and stays off if they are missing).
"""
from __future__ import annotations

import contextlib
import os
import threading

# check_batch: check_driver.py; run_steps: codegen.steps_entry; _call: unmanaged.pointer_call's
# trampolines (tests calling one kernel or strategy function)
ENTRY_NAMES = frozenset({"run_batch", "replay_game", "run_checked", "check_batch", "run_steps", "_call"})
# C callbacks compiled as entries (their library is named after the Python function): the Cosmic
# rollout search (simsuite/games/cosmic/bots/search/rollout_driver.py), compiled inside entry_compile
CFUNC_ENTRY_NAMES = frozenset({"_search_cfunc"})
_PARFOR_PREFIX = "__numba_parfor_gufunc"

_state = {"installed": False, "entries": 0}
_local = threading.local()  # numba compiles a callee in the thread that compiles its caller
_emitted: set[str] = set()  # functions some library has emitted with external linkage


def _depth() -> int:
    return getattr(_local, "depth", 0)


def _is_entry(lib) -> bool:
    return lib.name in ENTRY_NAMES or lib.name in CFUNC_ENTRY_NAMES or lib.name.startswith(_PARFOR_PREFIX)


def _install() -> bool:
    if _state["installed"]:
        return True
    if os.environ.get("SIMSUITE_PLAIN_LINK"):
        return False
    try:
        import llvmlite.binding as ll
        from numba.core import codegen as cg

        lib_cls = cg.CPUCodeLibrary
        opt, fin = lib_cls._optimize_final_module, lib_cls._finalize_final_module
        to_object = lib_cls.serialize_using_object_code
        LINKONCE, AVAIL, EXTERNAL, INTERNAL = (ll.Linkage.linkonce_odr, ll.Linkage.available_externally,
                                               ll.Linkage.external, ll.Linkage.internal)
    except (ImportError, AttributeError):
        return False

    def optimize_final_module(self):
        if _depth() == 0:
            return opt(self)
        if _is_entry(self):
            _state["entries"] += 1
            suffix = f".simsuite_entry{_state['entries']}"
            for fn in self._final_module.functions:
                if not fn.is_declaration and fn.linkage == LINKONCE:
                    fn.linkage = INTERNAL
                    # a unique name too: MCJIT binds a later module's weak reference to an
                    # internal function of the same name, whose signature LLVM may have changed
                    fn.name = fn.name + suffix
            return opt(self)
        # a callee: its caller's entry module optimizes this code once, with everything else

    def finalize_final_module(self):
        full = self._final_module
        for fn in full.functions:
            if not fn.is_declaration and fn.linkage == EXTERNAL:
                _emitted.add(fn.name)
        if _depth() == 0 or _is_entry(self):
            return fin(self)
        emit = full.clone()
        stripped = False
        for fn in emit.functions:
            if not fn.is_declaration and fn.linkage == LINKONCE and fn.name in _emitted:
                fn.linkage = AVAIL
                stripped = True
        if not stripped:
            return fin(self)
        self._final_module = emit
        try:
            fin(self)
        finally:
            self._final_module = full
        self._simsuite_stripped = True

    def serialize_using_object_code(self):
        if getattr(self, "_simsuite_stripped", False):
            return self.serialize_using_bitcode()
        return to_object(self)

    lib_cls._optimize_final_module = optimize_final_module
    lib_cls._finalize_final_module = finalize_final_module
    lib_cls.serialize_using_object_code = serialize_using_object_code
    _state["installed"] = True
    return True


@contextlib.contextmanager
def entry_compile():
    """Scope in which numba compiles a simsuite entry point with one-module linking."""
    if not _install():
        yield
        return
    _local.depth = _depth() + 1
    try:
        yield
    finally:
        _local.depth -= 1


def scope_entry_points(module) -> None:
    """Make the entry points of a kernel module compile inside ``entry_compile``."""
    for name in ENTRY_NAMES:
        scope_entry(getattr(module, name, None))


def scope_entry(disp) -> None:
    """Make one entry point (a dispatcher whose function is named in ENTRY_NAMES) compile inside
    ``entry_compile``."""
    if disp is None or not hasattr(disp, "compile"):
        return
    plain = disp.compile

    def compile_scoped(sig, _plain=plain):
        with entry_compile():
            return _plain(sig)

    disp.compile = compile_scoped
