"""simsuite.engine.unmanaged.pointer_call for a function of a generated kernel module: the trampoline is a
cache=True file beside the module (simsuite.engine.codegen.cached_trampoline), so a second process loads
it instead of compiling the kernel code it calls again, and compiles take a lock, so of several
processes that need it cold at once one compiles and the others load its result.

A small module stands in for a kernel (registered as codegen registers one); each scenario runs
in fresh interpreters, numba's counters telling cache hits from compiles.
"""
import fcntl
import json
import os
import subprocess
import sys
import time

import numpy as np

MODULE = '''
from numba import njit

@njit
def leaf(x):
    return (x * 6364136223846793005 + 1442695040888963407) >> 7

@njit
def step(st, cfg, k):  # st and cfg arrive as pointers (pointer_call)
    st[0] = leaf(st[0] + cfg[1] * k)
    return st[0] & 1023
'''

SCRIPT = '''
import importlib.util, json, sys, time
from pathlib import Path
import numpy as np
from simsuite.engine import codegen
from simsuite.engine.unmanaged import pointer_call
path = Path(sys.argv[1])
spec = importlib.util.spec_from_file_location(path.stem, path)
m = importlib.util.module_from_spec(spec); sys.modules[path.stem] = m; spec.loader.exec_module(m)
codegen._loaded[path.stem] = m  # as build_kernel registers a kernel module
t = pointer_call(m.step)
if len(sys.argv) > 2:  # tell the test this process is about to compile (or wait for the lock)
    Path(sys.argv[2]).write_text("ready")
st = np.array([5], np.int64); cfg = np.array([0, 7], np.int64)
r = int(t(st, cfg, np.int64(3)))
print(json.dumps({"r": r, "st": int(st[0]), "file": t.py_func.__code__.co_filename,
                  "hits": sum(t.stats.cache_hits.values()), "misses": sum(t.stats.cache_misses.values())}))
'''


def _expected():
    x = (5 + 7 * 3) * 6364136223846793005 + 1442695040888963407
    x = (x + 2**63) % 2**64 - 2**63  # int64 wraparound, as in the kernel
    st = x >> 7
    return st & 1023, st


def _setup(tmp_path):
    mod = tmp_path / "kernels" / "simsuite_kernel_toy_0123456789abcdef0123.py"
    mod.parent.mkdir()
    mod.write_text(MODULE)
    (tmp_path / "script.py").write_text(SCRIPT)
    return mod


def _start(tmp_path, mod, *extra):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}  # numba caches beside the module
    return subprocess.Popen([sys.executable, str(tmp_path / "script.py"), str(mod), *map(str, extra)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _result(p):
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0, err[-2000:]
    return json.loads(out.strip().splitlines()[-1])


def test_a_second_process_loads_the_trampoline_from_the_cache(tmp_path):
    mod = _setup(tmp_path)
    first = _result(_start(tmp_path, mod))
    second = _result(_start(tmp_path, mod))
    r, st = _expected()
    for res in (first, second):
        assert (res["r"], res["st"]) == (r, st)
        assert os.path.dirname(res["file"]) == str(mod.parent)  # a file beside the kernel module
    assert (first["misses"], first["hits"]) == (1, 0)  # compiled
    assert (second["misses"], second["hits"]) == (0, 1)  # loaded: nothing compiled


def test_processes_needing_it_at_once_compile_it_once(tmp_path):
    """Two processes reach the cold trampoline while its lock is held (as while a third compiles):
    once it is free, one compiles and the other loads that result from the cache."""
    mod = _setup(tmp_path)
    # this process writes the trampoline file (no compile: that happens at the first call)
    import importlib.util

    from simsuite.engine import codegen
    from simsuite.engine.unmanaged import pointer_call

    spec = importlib.util.spec_from_file_location(mod.stem, mod)
    m = importlib.util.module_from_spec(spec)
    sys.modules[mod.stem] = m
    spec.loader.exec_module(m)
    codegen._loaded[mod.stem] = m
    try:
        lock = os.path.splitext(pointer_call(m.step).py_func.__code__.co_filename)[0] + ".lock"
    finally:
        del codegen._loaded[mod.stem], sys.modules[mod.stem]
    with open(lock, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        ps = [_start(tmp_path, mod, tmp_path / f"ready{i}") for i in range(2)]
        deadline = time.time() + 600
        while not all((tmp_path / f"ready{i}").exists() for i in range(2)) and time.time() < deadline:
            assert all(p.poll() is None for p in ps), [p.communicate() for p in ps]
            time.sleep(0.1)
        time.sleep(0.5)  # both are now at (or in) the compile, blocked on the lock
        fcntl.flock(f, fcntl.LOCK_UN)
    res = [_result(p) for p in ps]
    assert all((x["r"], x["st"]) == _expected() for x in res)
    assert sorted((x["misses"], x["hits"]) for x in res) == [(0, 1), (1, 0)]
    assert np.int64(res[0]["st"]) == res[1]["st"]
