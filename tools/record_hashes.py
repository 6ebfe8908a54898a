"""Hashes of the per-game records of a few fixed runs: a refactor that changes no result must
leave every line of the output unchanged (development tool).

    python tools/record_hashes.py            # all cases
    python tools/record_hashes.py a c        # some cases

Each line: case name, games, sha256 of the records' bytes. A case's records are those of
``simsuite run`` with the same configuration and seed (``run_key(seed, config_hash)``, games
0 .. n-1, one call into the kernel).
"""
import hashlib
import sys
import time

from simsuite.games import get
from simsuite.rng import run_key

SEED = 1
CASES = {
    "a": ("cosmic", {"players": 4, "aliens": "random", "strategies": "basic"}, 20_000),
    "b": ("cosmic", {"players": 3, "aliens": "none", "strategies": "basic,random,nopower"}, 20_000),
    "c": ("star-cartel", {"players": 4}, 20_000),
    "d": ("cosmic", {"players": 4, "aliens": "random", "strategies": "search,basic"}, 300),
    "e": ("cosmic", {"edition": "FFG2008", "players": 4, "aliens": "random", "strategies": "basic"}, 20_000),
    "f": ("cosmic", {"edition": "FFG2008", "players": 3, "aliens": "random",
                     "strategies": "basic,random,nopower"}, 20_000),
}


def record_hash(game: str, overrides: dict, n: int, seed: int = SEED) -> str:
    G = get(game)
    cfg = G.resolve(overrides)
    rec = G.run_range(G.kernel(), G.build_cfg(cfg), run_key(seed, G.config_hash(cfg)), 0, n)
    return hashlib.sha256(rec.tobytes()).hexdigest()


def main(argv: list[str]) -> None:
    for name in argv or list(CASES):
        game, overrides, n = CASES[name]
        t = time.perf_counter()
        h = record_hash(game, overrides, n)
        print(f"{name} {game} {overrides} n={n} sha256={h}  ({time.perf_counter() - t:.1f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
