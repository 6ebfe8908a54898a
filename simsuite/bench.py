"""`simsuite bench`: games per second and compile times, measured by the project itself."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time

import numba

from . import __version__, compile_watch
from .engine.codegen import cache_misses
from .engine.rng import run_key
from .errors import BadInput
from .runner import set_threads

# prints the seconds from import to the first batch, then the process's peak resident memory (MB)
_START_SNIPPET = """
import resource, time, numpy as np
t0 = time.perf_counter()
from simsuite.games import get
g = get({game!r})
cfg = g.resolve({{"players": {players}, "strategies": {strategies!r}, **{sets!r}}})
k = g.kernel()
g.run_range(k, g.build_cfg(cfg), 1, 0, 100)
print(time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def _timed_start(game, players, strategies, cache_dir=None, sets=None) -> tuple[float, float]:
    """(wall seconds of a fresh process from start to its first batch of 100 games, its peak
    resident memory in MB): with `cache_dir` a fresh cache (the cold compile), else the user's."""
    env = dict(os.environ)
    if cache_dir:
        env["SIMSUITE_CACHE_DIR"] = cache_dir
    code = _START_SNIPPET.format(game=game, players=players, strategies=strategies, sets=dict(sets or {}))
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        last = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"exit status {r.returncode}"
        if cache_dir:  # the cold start: --no-cold skips it
            raise BadInput("--cold", f"timing a cold compile failed in its subprocess: {last}; "
                                     "allowed: --no-cold to skip it")
        raise BadInput("bench", f"timing a warm start failed in its subprocess: {last}")
    return wall, float(r.stdout.split()[-1])


# The reference build's side of `--against`: a subprocess that imports simsuite from another source
# tree, prepares the same configurations and times one run per request line ("players games
# threads"), answering games/s, so that its runs alternate with this build's on the same machine.
_REF_WORKER = """
import json, sys, time
from simsuite import __version__
from simsuite.games import get
from simsuite.engine.rng import run_key
from simsuite.runner import set_threads
g = get({game!r})
k = g.kernel()
prepared = {{}}
def prep(N):
    if N not in prepared:
        cfg = g.resolve({{"players": N, "strategies": {strategies!r}, **{sets!r}}})
        arr, key = g.build_cfg(cfg), run_key(1, g.config_hash(cfg))
        g.run_range(k, arr, key, 0, 100)  # compile or load before any timing
        prepared[N] = arr, key
    return prepared[N]
for N in {pcounts!r}:
    prep(N)
print(json.dumps(dict(version=__version__, code_hash=g.code_hash())), flush=True)
for line in sys.stdin:
    N, n, th = (int(x) for x in line.split())
    arr, key = prep(N)
    set_threads(th)
    g.run_range(k, arr, key, 0, 2000)
    t0 = time.perf_counter()
    g.run_range(k, arr, key, 0, n)
    print(n / (time.perf_counter() - t0), flush=True)
"""


class _Reference:
    """The build at `path` (a simsuite source tree) timing the same configurations on request."""

    def __init__(self, path, game, strategies, sets, pcounts):
        from pathlib import Path

        root = Path(path).resolve()
        if not (root / "simsuite" / "__init__.py").is_file():
            raise BadInput("--against", f"{path} holds no simsuite source tree (no simsuite/__init__.py); "
                                        "allowed: the root of a simsuite checkout, e.g. a git worktree of a release")
        env = dict(os.environ, PYTHONPATH=str(root))
        code = _REF_WORKER.format(game=game, strategies=strategies, sets=dict(sets), pcounts=list(pcounts))
        self.path = str(root)
        self.proc = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=str(root), text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        info = self._answer()
        import json

        info = json.loads(info)
        self.version, self.code_hash = info["version"], info["code_hash"]

    def _answer(self):
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read().strip().splitlines()
            self.proc.wait()
            raise BadInput("--against", f"the reference build at {self.path} failed: "
                                        f"{err[-1] if err else 'no answer'}; allowed: a build that knows this "
                                        "game, its parameters and strategies")
        return line

    def games_per_s(self, players, n_games, threads):
        self.proc.stdin.write(f"{players} {n_games} {threads}\n")
        self.proc.stdin.flush()
        return float(self._answer())

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()


def run_bench(game, players=None, strategies=None, n_games=200_000, cold=True, echo=print, given=None,
              repeat=3, vs=None, against=None) -> dict:
    """Each figure is the best of `repeat` timed runs (1 thread and all threads alternate), which
    filters out the slow runs a shared or busy machine produces; every run is in the result.
    Defaults (player counts, line-up, fixed parameters) come from the game's BenchDefaults;
    `given` (parameter -> value, e.g. from a game's shortcut option) replaces the fixed ones.
    `vs` (parameter -> value; `players` one count) names a second configuration timed in the same
    run, its timed runs alternating with the first's so both see the same machine: e.g. FFG2008
    at 5 players beside AH2000 at 4 (the result's `vs_rows`; each row's `ratio_to_vs`).
    `against` (a path) names a reference build, another simsuite source tree (e.g. a git worktree
    of the last release): the same configurations run there, in a subprocess, their timed runs
    alternating with this build's (each row's `reference_*` figures and `ratio_to_reference_*`)."""
    d = game.bench
    try:
        pcounts = [int(p) for p in (players or d.players or str(game.min_players)).split(",")]
    except ValueError:
        raise BadInput("players", f"got {players!r}; allowed: player counts joined by commas, e.g. 3,4")
    strategies = strategies or d.strategies or game.default_strategies
    sets = dict(d.sets)
    for k, v in (given or {}).items():
        sets[game.param(k).name] = v
    for N in pcounts:  # bad input fails here, before any timing
        game.resolve({"players": N, "strategies": strategies, **sets})
    vs_sets, vs_players = None, None
    if vs:
        vs_sets = dict(sets)
        for k, v in vs.items():
            if k != "players":
                vs_sets[game.param(k).name] = v
        vs_players = game.param("players").parse(vs.get("players", pcounts[0]))
        try:
            game.resolve({"players": vs_players, "strategies": strategies, **vs_sets})
        except BadInput as e:
            raise BadInput("--vs", str(e))
    say = echo or (lambda *a, **k: None)
    res = dict(game=game.name, simsuite_version=__version__, code_hash=game.code_hash(), strategies=strategies,
               games=n_games, repeat=repeat, cpu_count=os.cpu_count(),
               numba_threads=numba.config.NUMBA_NUM_THREADS, rows=[])
    first = game.resolve({"players": pcounts[0], "strategies": strategies, **sets})
    shown = {k: first[k] for k in sets}
    res.update({k: first[k] for k in d.record})
    res["set"] = shown
    if cold:
        say("timing a cold compile in a fresh cache (takes a while) ...")
        with tempfile.TemporaryDirectory() as d:
            res["cold_start_s"], res["cold_start_peak_rss_mb"] = _timed_start(game.name, pcounts[0], strategies, d, sets)
    # fill the user's cache first (compiles here if the code changed): the warm start must not compile
    warm_cfg = game.resolve({"players": pcounts[0], "strategies": strategies, **sets})
    kern0 = game.kernel()
    misses = cache_misses(kern0)
    game.run_range(kern0, game.build_cfg(warm_cfg), 1, 0, 10)
    # numba's own count says whether this process compiled the kernel or loaded it (a cache index
    # on disk may lack this signature, or be another process's compile in progress); None: a game
    # without generated kernel files (a test's stand-in)
    cached = res["kernel_cached"] = (cache_misses(kern0) == misses) if game.kernel_files else None
    res["warm_start_s"], res["warm_start_peak_rss_mb"] = _timed_start(game.name, pcounts[0], strategies, sets=sets)
    kernel = game.kernel()
    setting = "".join(f", {k} {v}" for k, v in shown.items())
    all_threads = numba.config.NUMBA_NUM_THREADS
    def prepared(N, sets):
        cfg = game.resolve({"players": N, "strategies": strategies, **sets})
        with compile_watch.announcing(say):  # an engine the line-up links (the Cosmic rollouts)
            return game.build_cfg(cfg), run_key(1, game.config_hash(cfg))

    def timed(arr, key, runs):
        for label, th in (("1_thread", 1), ("all_threads", all_threads)):
            set_threads(th)
            game.run_range(kernel, arr, key, 0, 2000)  # warm up the thread pool
            t0 = time.perf_counter()
            game.run_range(kernel, arr, key, 0, n_games)
            runs[label].append(n_games / (time.perf_counter() - t0))

    vs_arr = prepared(vs_players, vs_sets) if vs else None
    vs_runs = {"1_thread": [], "all_threads": []}
    ref = None
    if against:
        say(f"reference build: {against} (compiling or loading its kernel in a subprocess) ...")
        ref = _Reference(against, game.name, strategies, sets, pcounts)
        res["reference"] = dict(path=ref.path, simsuite_version=ref.version, code_hash=ref.code_hash)
        say(f"reference: simsuite {ref.version} at {ref.path} (code {ref.code_hash}), its timed runs alternating "
            "with this build's")
    try:
        for N in pcounts:
            arr, key = prepared(N, sets)
            row = dict(players=N)
            runs = {"1_thread": [], "all_threads": []}
            ref_runs = {"1_thread": [], "all_threads": []}
            for _ in range(repeat):
                timed(arr, key, runs)
                if vs:  # the second configuration's runs alternate with these (the same machine state)
                    timed(*vs_arr, vs_runs)
                if ref:
                    for label, th in (("1_thread", 1), ("all_threads", all_threads)):
                        ref_runs[label].append(ref.games_per_s(N, n_games, th))
            for label, v in runs.items():
                row[f"games_per_s_{label}"] = max(v)
                row[f"games_per_s_{label}_median"] = sorted(v)[len(v) // 2]
                row[f"games_per_s_{label}_runs"] = v
            row["thread_speedup"] = row["games_per_s_all_threads"] / row["games_per_s_1_thread"]
            res["rows"].append(row)
            spread = ""
            if repeat > 1:
                spread = (f" [medians {row['games_per_s_1_thread_median']:,.0f} and "
                          f"{row['games_per_s_all_threads_median']:,.0f}]")
            say(f"{game.name} {N} players, {strategies}{setting}: {row['games_per_s_1_thread']:,.0f} games/s on 1 thread, "
                f"{row['games_per_s_all_threads']:,.0f} on {all_threads} threads (x{row['thread_speedup']:.2f})"
                f"{' best of ' + str(repeat) if repeat > 1 else ''}{spread}")
            if ref:
                for label, v in ref_runs.items():
                    row[f"reference_games_per_s_{label}"] = max(v)
                    row[f"reference_games_per_s_{label}_runs"] = v
                    row[f"ratio_to_reference_{label}"] = row[f"games_per_s_{label}"] / max(v)
                say(f"  reference build: {row['reference_games_per_s_1_thread']:,.0f} games/s on 1 thread, "
                    f"{row['reference_games_per_s_all_threads']:,.0f} on {all_threads} threads; this build "
                    f"x{row['ratio_to_reference_1_thread']:.2f} and x{row['ratio_to_reference_all_threads']:.2f}")
    finally:
        if ref:
            ref.close()
    if not ref:
        say("reference: none timed in this run (--against DIR times another simsuite build beside this one)")
    if vs:
        vrow = dict(players=vs_players, set={k: game.resolve({"players": vs_players, "strategies": strategies,
                                                              **vs_sets})[k] for k in vs_sets})
        for label, v in vs_runs.items():
            vrow[f"games_per_s_{label}"] = max(v)
            vrow[f"games_per_s_{label}_median"] = sorted(v)[len(v) // 2]
            vrow[f"games_per_s_{label}_runs"] = v
        vrow["thread_speedup"] = vrow["games_per_s_all_threads"] / vrow["games_per_s_1_thread"]
        res["vs_rows"] = [vrow]
        vset = "".join(f", {k} {v}" for k, v in vrow["set"].items())
        say(f"vs: {game.name} {vs_players} players, {strategies}{vset}: {vrow['games_per_s_1_thread']:,.0f} games/s "
            f"on 1 thread, {vrow['games_per_s_all_threads']:,.0f} on {all_threads} threads (timed runs alternating "
            "with the rows above)")
        for row in res["rows"]:
            row["ratio_to_vs_1_thread"] = row["games_per_s_1_thread"] / vrow["games_per_s_1_thread"]
            row["ratio_to_vs_all_threads"] = row["games_per_s_all_threads"] / vrow["games_per_s_all_threads"]
            say(f"  {row['players']} players / vs: x{row['ratio_to_vs_1_thread']:.2f} on 1 thread, "
                f"x{row['ratio_to_vs_all_threads']:.2f} on {all_threads} threads")
    set_threads(0)
    res["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if "cold_start_s" in res:
        say(f"cold start (compile, fresh cache): {res['cold_start_s']:.1f} s, peak memory "
            f"{res['cold_start_peak_rss_mb']:.0f} MB")
    say(f"warm start (cached kernel, import to first batch): {res['warm_start_s']:.2f} s, peak memory "
        f"{res['warm_start_peak_rss_mb']:.0f} MB")
    say(f"peak memory of this process (kernel {'compiled here' if cached is False else 'from the cache'}, "
        f"the timed batches of {n_games:,} games): {res['peak_rss_mb']:.0f} MB")
    return res
