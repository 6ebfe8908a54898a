"""Where a kernel spends its time, per jitted function (Linux `perf` and binutils `nm`/`objdump`
required; development tool).

numba's machine code lives in anonymous memory, so `perf report` cannot name it. `run` plays
games single-threaded and writes a map of every jitted function (address, name, machine code)
next to the perf data; `report` folds the samples onto those functions and `annotate` shows one
function's instructions with their share of its samples.

    perf record -o /tmp/k.data python tools/perf_kernel.py run cosmic basic 4 300000 aliens=none
    python tools/perf_kernel.py report /tmp/k.data
    python tools/perf_kernel.py annotate /tmp/k.data basic_decide > /tmp/basic_decide.txt

Use a warm cache (run once without perf first), or compilation dominates the profile.

By default this profiles the kernel exactly as simsuite runs it: one module per entry point
(simsuite/engine/jitlink.py), its callees internal functions, named from the local symbols of the
object code numba caches. Functions LLVM inlined are counted in their caller. With
SIMSUITE_PLAIN_LINK=1 set, `run` compiles with numba's plain linking instead (its own cache
directory, every function exported, less inlining, a few percent slower).
"""
import bisect
import collections
import ctypes
import os
import re
import subprocess
import sys
import time

SYMS = "/tmp/simsuite_perf_symbols.txt"
CODE = "/tmp/simsuite_perf_code.bin"


def _object_symbols(objects, eng):
    """(address, name) of every function in the object files, placed by a global symbol the
    engine knows (each object is loaded as one block)."""
    found = []
    for j, obj in enumerate(objects):
        path = f"/tmp/simsuite_perf_obj{j}.o"
        with open(path, "wb") as fh:
            fh.write(obj)
        nm = subprocess.run(["nm", "-n", "--defined-only", path], capture_output=True, text=True).stdout
        syms = [(int(a, 16), t, n) for a, t, n in (ln.split(None, 2) for ln in nm.splitlines()) if t in "tT"]
        base = next((eng.get_function_address(n) - a for a, t, n in syms
                     if t == "T" and eng.get_function_address(n)), None)
        if base is not None:
            found += [(base + a, n) for a, _, n in syms]
    return found


def run(game, strategies, players, n, *sets):
    plain = os.environ.get("SIMSUITE_PLAIN_LINK") == "1"
    objects = []
    if plain:
        os.environ["SIMSUITE_CACHE_DIR"] = os.path.expanduser("~/.cache/simsuite-plain-link")
    else:
        import numba.core.codegen as cg

        keep = cg.CPUCodeLibrary._set_compiled_object

        def _keep(self, value):  # compiled or loaded from the cache
            objects.append(value)
            return keep(self, value)

        cg.CPUCodeLibrary._set_compiled_object = _keep
    from simsuite.engine.rng import run_key
    from simsuite.games import get
    from simsuite.runner import set_threads

    g = get(game)
    set_threads(1)
    cfg = g.resolve({"players": int(players), "strategies": strategies, **dict(s.split("=", 1) for s in sets)})
    k, arr = g.kernel(), g.build_cfg(cfg)
    key = run_key(1, g.config_hash(cfg))
    g.run_range(k, arr, key, 0, 1000)  # compile or load
    eng = next(iter(k.run_batch.overloads.values())).library._codegen._engine
    if plain:
        found = [(eng.get_function_address(n), n) for n in list(eng._defined_symbols)]
    else:
        found = _object_symbols(objects, eng)
    found = sorted((a, n) for a, n in found if a)
    with open(SYMS, "w") as fh, open(CODE, "wb") as code:
        for i, (addr, name) in enumerate(found):
            # the machine code up to the next symbol, for `annotate`
            size = min((found[i + 1][0] if i + 1 < len(found) else addr + 4096) - addr, 1 << 16)
            fh.write(f"{addr:x} {code.tell()} {size} {name}\n")
            code.write(ctypes.string_at(addr, size))
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


def _symbols():
    syms = []
    for ln in open(SYMS):
        a, off, size, n = ln.rstrip("\n").split(" ", 3)
        syms.append((int(a, 16), n, int(off), int(size)))
    return sorted(syms)


def _samples(data):
    return subprocess.run(["perf", "script", "-i", data, "-F", "ip,dso"], capture_output=True, text=True).stdout


def report(data, top=30):
    syms = _symbols()
    addrs = [a for a, *_ in syms]
    out = _samples(data)
    cnt, tot = collections.Counter(), 0
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        tot += 1
        dso = parts[1] if len(parts) > 1 else ""
        if "perf-" in dso or "unknown" in dso or not dso:
            i = bisect.bisect_right(addrs, int(parts[0], 16)) - 1
            cnt["jit " + (_demangle(syms[i][1]) if i >= 0 else "?")] += 1
        else:
            cnt[dso.strip("()").rsplit("/", 1)[-1]] += 1
    jit = sum(c for name, c in cnt.items() if name.startswith("jit ")) or 1
    print(f"% of all samples, % of the jitted code's ({100 * jit / max(tot, 1):.0f}% of all)")
    for name, c in cnt.most_common(int(top)):
        share = f"{100 * c / jit:6.2f}%" if name.startswith("jit ") else " " * 7
        print(f"{100 * c / tot:6.2f}% {share}  {name}")


def annotate(data, func, top=40):
    """The function's disassembly with the share of its samples at each instruction (hottest first
    and in context)."""
    (addr, name, off, size), = [s for s in _symbols() if _demangle(s[1]).endswith(func)][:1]
    hits, tot = collections.Counter(), 0
    for line in _samples(data).splitlines():
        parts = line.split()
        if parts:
            ip = int(parts[0], 16)
            if addr <= ip < addr + size:
                hits[ip - addr] += 1
                tot += 1
    with open(CODE, "rb") as fh:
        fh.seek(off)
        blob = fh.read(size)
    with open("/tmp/simsuite_perf_func.bin", "wb") as fh:
        fh.write(blob)
    asm = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", "-M", "intel",
                          "/tmp/simsuite_perf_func.bin"], capture_output=True, text=True).stdout
    print(f"{_demangle(name)}: {tot} samples")
    for ln in asm.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)", ln)
        if m:
            c = hits.get(int(m.group(1), 16), 0)
            print(f"{100 * c / max(tot, 1):5.1f} {m.group(1):>5} {m.group(2)}")


if __name__ == "__main__":
    modes = {"run": run, "report": report, "annotate": annotate}
    if len(sys.argv) < 3 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    modes[sys.argv[1]](*sys.argv[2:])
