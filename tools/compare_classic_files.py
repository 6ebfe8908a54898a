"""Cosmic Encounter: the classic aliens re-expressed as alien files (simsuite/data/aliens/cosmic_classics)
against their built-in code, game for game (development tool).

    python tools/compare_classic_files.py                       # 100,000 games per row
    python tools/compare_classic_files.py --games 20000 --search-games 500 --json

Each row plays one configuration (the 20 aliens dealt at random, every seat the same strategy) with
the built-in kernel and with the kernel in which the six files replace the built-in code of their
classics, same seed, and compares the per-game records: the sha256 of each build's records and the
number of games whose records differ (0 and equal hashes: identical). It also counts the games in
which one of the six sat at the table and the uses of their powers in them, so that a reader sees
the comparison covered games where the files acted. ``search`` plays rollouts at every decision and
is far slower: it gets ``--search-games`` games.
"""
import argparse
import contextlib
import hashlib
import json
import os
import sys
import time

import numpy as np

from simsuite.engine.rng import run_key
from simsuite.games import get
from simsuite.plugin_dirs import ENV
from simsuite.resources import DATA

CLASSICS = DATA / "aliens" / "cosmic_classics"
SEED = 1
TABLES = {3: "AH2000", 4: "AH2000", 5: "FFG2008"}  # five players need the FFG2008 edition


@contextlib.contextmanager
def file_classics():
    """While inside: the six files replace their classics' built-in code (the plug-in folder in
    the environment, as ``--plugin-dir`` puts it there)."""
    old = os.environ.get(ENV)
    os.environ[ENV] = str(CLASSICS)
    try:
        yield
    finally:
        if old is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = old


def kernels(game):
    """(built-in kernel, kernel with the classic files, the six's names), both with the package's
    strategies only (strategy ids are positions in that list, so both must have the same list)."""
    builtin = game.kernel()
    with file_classics():
        from simsuite.games.cosmic.alien_files import discover

        six = sorted(a.classic for a in discover() if a.classic)
        files = game.kernel()
    return builtin, files, six


def compare(game, builtin, files, six_ids, players, strategy, n, chunk):
    cfg = game.resolve({"players": players, "edition": TABLES[players], "aliens": "random", "strategies": strategy})
    key = run_key(SEED, game.config_hash(cfg))
    carr = game.build_cfg(cfg)
    # each build's own cfg: a searching seat's rollouts run in a second engine whose address the cfg
    # holds (search.rollout_address), built from the same kernel parts as the game's, files included
    with file_classics():
        carr_files = game.build_cfg(cfg)
    ha, hb = hashlib.sha256(), hashlib.sha256()
    differ = with_six = uses = 0
    t = time.perf_counter()
    for g0 in range(0, n, chunk):
        k = min(chunk, n - g0)
        a = game.run_range(builtin, carr, key, g0, k)
        b = game.run_range(files, carr_files, key, g0, k)
        ha.update(a.tobytes())
        hb.update(b.tobytes())
        differ += int(np.count_nonzero(a != b))
        held = np.isin(a["alien"][:, :players], six_ids)
        with_six += int(held.any(axis=1).sum())
        uses += int(a["power_uses"][:, :players][held].sum())
    return {"players": players, "edition": TABLES[players], "strategy": strategy, "games": n,
            "differing_games": differ, "identical": differ == 0 and ha.digest() == hb.digest(),
            "sha256_builtin": ha.hexdigest(), "sha256_files": hb.hexdigest(),
            "games_with_a_file_classic": with_six, "file_classic_power_uses": uses,
            "seconds": round(time.perf_counter() - t, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games per row (basic, power_random)")
    ap.add_argument("--search-games", type=int, default=2_000, help="games per row of the search strategy")
    ap.add_argument("--players", default="3,4,5", help="player counts (3-5; 5 plays FFG2008)")
    ap.add_argument("--strategies", default="basic,power_random,search", help="strategies, one row each")
    ap.add_argument("--chunk", type=int, default=20_000, help="games per call into the kernel")
    ap.add_argument("--json", action="store_true", help="one JSON object per row")
    args = ap.parse_args(argv)
    players = [int(x) for x in args.players.split(",")]
    if any(p not in TABLES for p in players):
        print(f"error: --players {args.players}: allowed 3, 4, 5", file=sys.stderr)
        return 2
    game = get("cosmic")
    builtin, files, six = kernels(game)
    six_ids = [game.api.ALIEN_NAMES.index(x) for x in six]
    if not args.json:
        print(f"file classics: {', '.join(six)}")
    same = True
    for strategy in args.strategies.split(","):
        n = args.search_games if strategy == "search" else args.games
        for p in players:
            r = compare(game, builtin, files, six_ids, p, strategy, n, min(args.chunk, n))
            same &= r["identical"]
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                print(f"{p} players {r['edition']:7s} {strategy:12s} games {n:>7d}  "
                      f"{'identical' if r['identical'] else 'DIFFERENT'} ({r['differing_games']} games differ)  "
                      f"games with a file classic {r['games_with_a_file_classic']}, their power uses "
                      f"{r['file_classic_power_uses']}  sha256 {r['sha256_builtin'][:16]} / "
                      f"{r['sha256_files'][:16]}  ({r['seconds']} s)", flush=True)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
