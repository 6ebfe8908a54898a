"""Star Cartel's state as arrays of structs (simsuite's layout) against structs of arrays, in one
run with the same records (development tool; the figures are in docs/internals/performance.md).

    python tools/soa_layout.py                 # 4 players, market; 100,000 games, best of 5
    python tools/soa_layout.py 6 market 50000 7

AoS: each game's state is one flat int64 array; a thread plays the games of a block of 64 one
after another, reusing that one array (simsuite's kernels). SoA: a block's 64 states are stored
field by field, word i of game j at ``mem[i * 64 + j]``, so each field is an array across the
block's games. The kernel source is the same: the SoA build is the generated kernel module with
only ``run_batch`` replaced, handing ``play_game`` a strided pointer (tools/_strided.py) instead
of a raw one, so any difference in speed is the layout's. Records are compared byte for byte.
"""
import importlib.util
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # _strided, imported by the SoA module

SOA_DRIVER = '''

# ---- tools/soa_layout.py: struct-of-arrays run_batch (replaces the one above) ----
from _strided import STRIDE as _SOA_STRIDE, strided as _strided
from simsuite.engine.unmanaged import ptr_add as _ptr_add
assert _SOA_STRIDE == GAMES_PER_BLOCK


@njit
def _init_game_soa(st, cfg, key, g):
    # the block's memory is fresh zeros and each game has its own column: nothing to clear
    st[S_RNG] = game_stream(key, g)
    st[S_GAME] = g
    N = cfg[C_NP]
    for s in range(N):
        if cfg[C_ROTATE] == 1:
            st[S_STRAT + s] = cfg[C_LINEUP + (s + g) % N]
        else:
            st[S_STRAT + s] = cfg[C_LINEUP + s]


@njit(cache=True, parallel=True, nogil=True)
def run_batch(cfg, key, g0, out, log, st):
    n = out.shape[0]
    nblocks = (n + GAMES_PER_BLOCK - 1) // GAMES_PER_BLOCK
    res = unmanaged2(out)
    for b in prange(nblocks):
        mem = np.zeros(STATE_SIZE * GAMES_PER_BLOCK, np.int64)
        log_mem = np.zeros((1, LOG_W), np.int64)
        c_mem = cfg.copy()
        base = ptr(mem)
        lg = ptr(log_mem)
        c = ptr(c_mem)
        lo = np.int64(b) * GAMES_PER_BLOCK
        hi = min(n, lo + GAMES_PER_BLOCK)
        for i in range(lo, hi):
            s = _strided(_ptr_add(base, i - lo))
            _init_game_soa(s, c, key, g0 + i)
            play_game(s, c, lg, _B0, _B0)
            score_game(s, c, res, i, lg, _B0)
        _keep_alive(mem, log_mem, c_mem)
'''


def soa_kernel(game, aos):
    from simsuite.engine import jitlink

    src = Path(aos.__file__).read_text() + SOA_DRIVER
    name = Path(aos.__file__).stem + "_soa"
    path = Path(aos.__file__).with_name(name + ".py")
    if not path.exists() or path.read_text() != src:
        path.write_text(src)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    jitlink.scope_entry_points(mod)
    return mod


def main(players=4, strategies="market", n=100_000, repeat=5):
    from simsuite.engine.rng import run_key
    from simsuite.games import get
    from simsuite.runner import set_threads

    players, n, repeat = int(players), int(n), int(repeat)
    g = get("star-cartel")
    cfg = g.resolve({"players": players, "strategies": strategies})
    arr, key = g.build_cfg(cfg), run_key(1, g.config_hash(cfg))
    aos = g.kernel()
    soa = soa_kernel(g, aos)
    set_threads(1)
    for k in (aos, soa):
        g.run_range(k, arr, key, 0, 1000)  # compile or load
    a = g.run_range(aos, arr, key, 0, n)
    b = g.run_range(soa, arr, key, 0, n)
    same = a.tobytes() == b.tobytes()
    runs = {"AoS": [], "SoA": []}
    for _ in range(repeat):  # alternating: both see the same machine
        for label, k in (("AoS", aos), ("SoA", soa)):
            t0 = time.perf_counter()
            g.run_range(k, arr, key, 0, n)
            runs[label].append(n / (time.perf_counter() - t0))
    A, B = max(runs["AoS"]), max(runs["SoA"])
    print(f"star-cartel {players} players, {strategies}, {n:,} games, 1 thread, best of {repeat} "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    print(f"  records identical: {same}")
    print(f"  AoS (simsuite's layout): {A:,.0f} games/s   runs {[round(x) for x in runs['AoS']]}")
    print(f"  SoA (64 games a block):  {B:,.0f} games/s   runs {[round(x) for x in runs['SoA']]}")
    print(f"  SoA / AoS: x{B / A:.2f}; state {g.api.STATE_SIZE} words a game")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main(*sys.argv[1:])
