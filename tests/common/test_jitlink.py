"""simsuite.engine.jitlink (one optimized module per kernel entry point): kernels compiled with it compute
what plain numba computes, and their cached machine code is self-contained, also when functions
compiled outside the scope (as the tests' trampolines are) are mixed in before or after an entry
point (a later module must not bind to an entry's internal copy of a function whose signature
LLVM changed).

Each scenario runs in fresh interpreters (the patch is process-wide) on a small module: a chain of
jitted helpers under entry points named like the kernels'.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

MODULE = '''
import numpy as np
from numba import njit

@njit
def leaf(x):
    return (x * 6364136223846793005 + 1442695040888963407) >> 7

@njit
def rec(k, x, d):  # recursive, so callers keep calling it; k is dead, so LLVM may drop it
    if d <= 0:
        return leaf(x)
    return rec(k, x ^ (x >> 3), d - 1) + 1

@njit
def mid(a, i):
    s = 0
    for k in range(i % 7 + 1):
        s += leaf(a[i] + k)
    return s

@njit
def outer(a, i):
    return mid(a, i) ^ rec(i, a[i], i % 5)

@njit(cache=True)
def run_batch(a, out):
    for i in range(a.size):
        out[i] = outer(a, i)

@njit
def plain(a, i):  # compiled outside the scope, calling functions compiled inside it
    return outer(a, i) + 1

@njit
def late(a, i):  # compiled outside the scope after run_batch, which holds an internal copy of rec
    return rec(i, a[i], 3) + rec(i + 1, a[i], 4)

@njit(cache=True)
def run_checked(a, out):  # reaches rec only through plain
    for i in range(a.size):
        out[i] = plain(a, i) * 3
'''

SCRIPT = '''
import importlib.util, json, sys
import numpy as np
from simsuite.engine import jitlink
spec = importlib.util.spec_from_file_location("jl_mod", sys.argv[1])
m = importlib.util.module_from_spec(spec); sys.modules["jl_mod"] = m; spec.loader.exec_module(m)
jitlink.scope_entry_points(m)
a = np.arange(200, dtype=np.int64) * 977
o1 = np.zeros(200, np.int64); o2 = np.zeros(200, np.int64)
if sys.argv[2] == "reload":  # cached entries first: nothing else is compiled in this process yet
    m.run_checked(a, o2)
    m.run_batch(a, o1)
m.run_batch(a, o1)
direct = int(m.mid(a, 5))  # a callee's own machine code, called from Python
p = int(m.plain(a, 3))  # outside the scope: plain numba linking a callee compiled inside it
late = [int(m.late(a, i)) for i in range(20)]
m.run_checked(a, o2)
print(json.dumps({"batch": o1.tolist(), "checked": o2.tolist(), "direct": direct, "plain": p, "late": late,
                  "installed": jitlink._state["installed"]}))
'''


def _run(tmp_path, cache, plain_link, order="compile"):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    env.pop("SIMSUITE_PLAIN_LINK", None)
    if plain_link:
        env["SIMSUITE_PLAIN_LINK"] = "1"
    r = subprocess.run([sys.executable, str(tmp_path / "script.py"), str(tmp_path / "jl_mod.py"), order],
                       env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture
def scenario(tmp_path):
    (tmp_path / "jl_mod.py").write_text(MODULE)
    (tmp_path / "script.py").write_text(textwrap.dedent(SCRIPT))
    return tmp_path


def test_jitlink_matches_plain_numba_and_its_cache_reloads(scenario):
    plain = _run(scenario, scenario / "cache-plain", plain_link=True)
    assert plain["installed"] is False
    first = _run(scenario, scenario / "cache-linked", plain_link=False)  # compiles and caches
    again = _run(scenario, scenario / "cache-linked", plain_link=False, order="reload")
    assert first["installed"] is True
    for res in (first, again):
        for key in ("batch", "checked", "direct", "plain", "late"):
            assert res[key] == plain[key], key
    assert len(set(plain["batch"])) > 150  # the data is not degenerate


# what a numba release that moved or renamed the internals looks like to jitlink: the class it
# patches gone from numba.core.codegen, or a class of that name without the methods it replaces
MISSING = {
    "class gone": "del _cg.CPUCodeLibrary",
    "methods gone": "_cg.CPUCodeLibrary = type('CPUCodeLibrary', (), {})",
}


@pytest.mark.parametrize("missing", list(MISSING))
def test_without_the_numba_internals_it_patches_plain_linking_runs(scenario, missing):
    """When the private methods jitlink replaces are not there, the patch stays off (no error),
    and the kernels compile and compute as plain numba does."""
    plain = _run(scenario, scenario / "cache-plain", plain_link=True)
    script = scenario / "script.py"
    script.write_text(f"from numba.core import codegen as _cg\n{MISSING[missing]}\n" + textwrap.dedent(SCRIPT))
    res = _run(scenario, scenario / "cache-missing", plain_link=False)
    assert res["installed"] is False
    for key in ("batch", "checked", "direct", "plain", "late"):
        assert res[key] == plain[key], key


def test_numba_is_pinned_to_the_release_jitlink_is_tested_on():
    """jitlink replaces private methods of numba's CPU code library: pyproject.toml allows only the
    numba and llvmlite releases this suite runs it on (the installed ones)."""
    import tomllib

    import llvmlite
    import numba

    from simsuite import ROOT

    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for mod in (numba, llvmlite):
        spec = next(d for d in deps if d.split(">")[0].split("=")[0].split("<")[0].strip() == mod.__name__)
        major, minor = (int(x) for x in mod.__version__.split(".")[:2])
        assert spec.replace(" ", "") == f"{mod.__name__}>={major}.{minor},<{major}.{minor + 1}", spec
