"""Hashes of the per-game records of a few fixed runs: a refactor that changes no result must
leave every line of the output unchanged (development tool).

    python tools/record_hashes.py            # all cases
    python tools/record_hashes.py a c        # some cases
    python tools/record_hashes.py --seats 4  # per-seat fields cut to their first 4 seats

Each line: case name, games, sha256 of the records' bytes. A case's records are those of
``simsuite run`` with the same configuration and seed (``run_key(seed, config_hash)``, games
0 .. n-1, one call into the kernel).

``--seats K`` hashes every field in record order with the per-seat fields (those with the game's
MAX_P columns) cut to seats 0..K-1: a build whose MAX_P grew (more per-seat columns, all -1 at a
smaller table) can be compared with the build before it at K seats, where the full bytes differ.
"""
import argparse
import hashlib
import time

import numpy as np

from simsuite.engine.rng import run_key
from simsuite.games import get

SEED = 1


def cases() -> dict:
    """Every registered game's record-hash cases (Game.record_hash_cases): name -> (game, overrides, n)."""
    from simsuite import games

    out = {}
    for g in games.names():
        for name, overrides, n in games.get(g).record_hash_cases:
            if name in out:
                raise ValueError(f"record-hash case {name!r} is declared by {out[name][0]} and {g}")
            out[name] = (g, overrides, n)
    return dict(sorted(out.items()))


def record_hash(game: str, overrides: dict, n: int, seed: int = SEED, seats: int = 0, extra_dirs: tuple = ()) -> str:
    """`extra_dirs`: plug-in strategy folders the kernel is built with (the line-up need not use them)."""
    G = get(game)
    cfg = G.resolve(overrides, extra_dirs)
    rec = G.run_range(G.kernel(extra_dirs), G.build_cfg(cfg, extra_dirs), run_key(seed, G.config_hash(cfg)), 0, n)
    if not seats:
        return hashlib.sha256(rec.tobytes()).hexdigest()
    h = hashlib.sha256()
    max_p = G.api.MAX_P
    for name in rec.dtype.names:
        col = rec[name]
        if col.ndim == 2 and col.shape[1] == max_p:
            col = col[:, :seats]
        h.update(np.ascontiguousarray(col).tobytes())
    return h.hexdigest()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    CASES = cases()
    ap.add_argument("cases", nargs="*", help=f"cases to run ({', '.join(CASES)}; default all)")
    ap.add_argument("--seats", type=int, default=0,
                    help="hash only the first SEATS columns of the per-seat fields (0 = the full bytes)")
    args = ap.parse_args(argv)
    for name in args.cases or list(CASES):
        game, overrides, n = CASES[name]
        t = time.perf_counter()
        h = record_hash(game, overrides, n, seats=args.seats)
        print(f"{name} {game} {overrides} n={n} sha256={h}  ({time.perf_counter() - t:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
