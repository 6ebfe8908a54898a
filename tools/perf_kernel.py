"""Where a kernel spends its time, per jitted function (Linux `perf` required; development tool).

numba's machine code lives in anonymous memory, so `perf report` cannot name it. `run` plays
games single-threaded and writes a symbol map of every jitted function (address, name) next to
the perf data; `report` folds the samples onto those functions.

    perf record -o /tmp/k.data python tools/perf_kernel.py run cosmic basic 4 300000 aliens=none
    python tools/perf_kernel.py report /tmp/k.data

Use a warm cache (run once without perf first), or compilation dominates the profile.

`run` compiles with numba's plain linking (SIMSUITE_PLAIN_LINK=1, in its own cache directory):
simsuite's one-module linking (simsuite/jitlink.py) leaves the callees as internal functions of
one module, which have no symbols to name. Plain linking runs a few percent slower.
"""
import bisect
import collections
import os
import re
import subprocess
import sys
import time

SYMS = "/tmp/simsuite_perf_symbols.txt"


def run(game, strategies, players, n, *sets):
    os.environ["SIMSUITE_PLAIN_LINK"] = "1"
    os.environ["SIMSUITE_CACHE_DIR"] = os.path.expanduser("~/.cache/simsuite-plain-link")
    from simsuite.games import get
    from simsuite.rng import run_key
    from simsuite.runner import set_threads

    g = get(game)
    set_threads(1)
    cfg = g.resolve({"players": int(players), "strategies": strategies, **dict(s.split("=", 1) for s in sets)})
    k, arr = g.kernel(), g.build_cfg(cfg)
    key = run_key(1, g.config_hash(cfg))
    g.run_range(k, arr, key, 0, 1000)  # compile or load
    eng = next(iter(k.run_batch.overloads.values())).library._codegen._engine
    with open(SYMS, "w") as fh:
        for name in list(eng._defined_symbols):
            addr = eng.get_function_address(name)
            if addr:
                fh.write(f"{addr:x} {name}\n")
    t0 = time.perf_counter()
    g.run_range(k, arr, key, 0, int(n))
    print(f"{int(n) / (time.perf_counter() - t0):,.0f} games/s on 1 thread", file=sys.stderr)


def _demangle(name):
    """numba's Itanium-style names: _ZN<len><part>...<len><part>B<n>... -> part.part"""
    m = re.search(r"_ZN(.*)", name)
    if not m:
        return name[:60]
    s, i, parts = m.group(1), 0, []
    while i < len(s) and s[i].isdigit():
        j = i
        while s[j].isdigit():
            j += 1
        n = int(s[i:j])
        parts.append(s[j:j + n])
        i = j + n
    return ".".join(parts[-2:]) if parts else name[:60]


def report(data, top=30):
    syms = sorted((int(a, 16), n) for a, n in (ln.split(" ", 1) for ln in open(SYMS)))
    addrs = [a for a, _ in syms]
    out = subprocess.run(["perf", "script", "-i", data, "-F", "ip,dso"], capture_output=True, text=True).stdout
    cnt, tot = collections.Counter(), 0
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        tot += 1
        dso = parts[1] if len(parts) > 1 else ""
        if "perf-" in dso or "unknown" in dso or not dso:
            i = bisect.bisect_right(addrs, int(parts[0], 16)) - 1
            cnt["jit " + (_demangle(syms[i][1].strip()) if i >= 0 else "?")] += 1
        else:
            cnt[dso.strip("()").rsplit("/", 1)[-1]] += 1
    for name, c in cnt.most_common(int(top)):
        print(f"{100 * c / tot:6.2f}%  {name}")


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("run", "report"):
        sys.exit(__doc__)
    (run if sys.argv[1] == "run" else report)(*sys.argv[2:])
