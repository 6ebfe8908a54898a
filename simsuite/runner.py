"""Run games in chunks: one call into numba per chunk, statistics folded in with numpy.

Seeding: the run key is ``run_key(seed, config_hash)``; game g's generator depends on (key, g)
only, so a cell's results are identical whatever the thread count, chunk size or split of the
range into separate runs.
"""
from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field

import numba
import numpy as np

from . import __version__, compile_watch
from .analysis.stats import Accumulator
from .engine import codegen  # its cache functions looked up at call time (a test replaces them)
from .engine.rng import run_key
from .errors import BadInput, RuleBreak

# Games per call into numba. A run holds about three chunks of records at once (one being played,
# one being folded, its records table on the way to Parquet): at 79 int64 columns (Cosmic), a
# 200,000-game run with records peaked at 439 MB with 1 << 16, 345 MB with 1 << 14, 314 MB with
# 1 << 13 (all in 11.4-11.5 s of CPU) and 311 MB with 1 << 12 (12.1 s). Results do not depend on
# it (games are keyed by their index).
DEFAULT_CHUNK = 1 << 13


def set_threads(threads: int | None) -> int:
    """Use `threads` numba threads (None or 0 = all cores); returns the count in force."""
    n = numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(n if not threads else max(1, min(threads, n)))
    return numba.get_num_threads()


@dataclass
class CellResult:
    game: str
    config: dict
    seed: int
    key: int
    config_hash: int
    g0: int
    games: int
    acc: Accumulator
    seconds: float
    version: str = __version__
    code: str = ""  # digest of the engine and strategy sources
    extra: dict = field(default_factory=dict)


class KernelNotice:
    """Says whether a command compiles its kernel or only loads it from the cache: "compiling the
    ... kernel" before() when numba's cache has no copy of the entry point (a minute of silence
    otherwise), then after() the first call: "compiled the ... kernel in N s", or "loaded the compiled
    ... kernel" when numba's own count of cache misses did not grow (it read its cache). `say` None:
    silent. The commands call before() once their input is checked, so a bad input is the only line."""

    def __init__(self, game, extra_dirs=(), say=None, entry: str = "run_batch"):
        self.game, self.extra_dirs, self.say, self.entry = game, tuple(extra_dirs), say, entry
        self.t0 = self.beat = None

    def before(self) -> None:
        if self.say is None or self.t0 is not None:
            return

        g = self.game
        self.kern = g.kernel(self.extra_dirs)  # a strategy that fails to load: its one line, before any notice
        self.misses = codegen.cache_misses(self.kern, self.entry)
        if not codegen.is_compiled(g.dirname, g.kernel_digest(self.extra_dirs), self.entry):
            self.say(f"compiling the {g.title} kernel for this code, these strategies and plug-ins "
                     f"(once: {compile_watch.how_long(g.dirname)}; cached in {codegen.cache_dir()}) ...")
            self.beat = compile_watch.heartbeat(f"{g.title} kernel", self.say).__enter__()
        self.t0 = time.perf_counter()

    def after(self) -> None:
        if self.t0 is None:
            return

        took, self.t0 = time.perf_counter() - self.t0, None
        if self.beat is not None:
            self.beat.__exit__(None, None, None)
        if codegen.cache_misses(self.kern, self.entry) > self.misses:
            self.say(f"compiled the {self.game.title} kernel in {took:.0f} s")
            compile_watch.last_compile(self.game.dirname, took)
        else:
            self.say(f"loaded the compiled {self.game.title} kernel ({took:.1f} s)")
        self.say = None  # once


def run_cell(game, cfg: dict, n_games: int, seed: int, extra_dirs=(), g0: int = 0, chunk: int = DEFAULT_CHUNK,
             on_chunk=None, progress=None, notice: KernelNotice | None = None) -> CellResult:
    """Play games g0 .. g0+n_games-1 of one configuration.

    on_chunk(records) receives each chunk's per-game structured records (e.g. to write them);
    progress(n_done) is called after each chunk (and progress.start(), if it has one, once the
    kernel is compiled or loaded, so its rate and ETA time games only); `notice` says whether the
    kernel was compiled or loaded.

    On KeyboardInterrupt the exception carries ``partial``: the CellResult of the games folded so
    far (a prefix g0 .. g0+k-1, the same games on_chunk received), so the caller can keep them and
    resume from g0+k with identical results.
    """
    kernel = game.kernel(extra_dirs)
    with compile_watch.announcing(None if notice is None else notice.say):  # an engine the line-up links
        cfg_arr = game.build_cfg(cfg, extra_dirs)
    h = game.config_hash(cfg)
    key = run_key(seed, h)
    names = [s.name for s in game.strategies(extra_dirs)]
    acc = Accumulator(cfg["players"], names, game.hist_metrics())
    if notice is not None:
        notice.before()
    game.run_range(kernel, cfg_arr, key, g0, 1)  # compile or load the kernel outside the timing
    if notice is not None:
        notice.after()
    if hasattr(progress, "start"):
        progress.start()
    t0 = time.perf_counter()
    folded = [0]

    def fold(rec):
        check_legal(rec, names)
        game.check_records(rec)  # a plug-in that broke the rules: RuleBreak, the games before it kept
        acc.add(game.game_metrics(rec), game.seat_view(rec, cfg["players"]))
        if on_chunk is not None:
            on_chunk(rec)
        folded[0] += len(rec)
        if progress is not None:
            progress(len(rec))

    # The kernel releases the GIL, so one thread folds chunk i into the statistics (and writes its
    # records) while the kernel plays chunk i + 1: the Python side no longer leaves a core idle.
    # Chunks are folded in order by that one thread, so the results do not depend on the timing.
    try:
        with _Folder(fold) as folder:
            done = 0
            while done < n_games:
                n = min(chunk, n_games - done)
                folder.put(game.run_range(kernel, cfg_arr, key, g0 + done, n))
                done += n
    except (KeyboardInterrupt, RuleBreak) as e:  # the folder has folded every chunk it was given: a prefix
        e.partial = CellResult(game.name, cfg, seed, key, h, g0, folded[0], acc, time.perf_counter() - t0,
                               code=game.code_hash(extra_dirs))
        raise
    return CellResult(game.name, cfg, seed, key, h, g0, n_games, acc, time.perf_counter() - t0,
                      code=game.code_hash(extra_dirs))


def check_legal(rec, names) -> None:
    """The engine rejects an answer outside a decision's options (it plays option 0 instead and
    counts it); a run with any such answer stops here with the strategy named."""
    if "illegal" not in rec.dtype.names:
        return
    bad = np.flatnonzero(rec["illegal"])
    if len(bad):
        r = rec[bad[0]]
        seat = int(r["illegal_seat"])
        sid = int(r["strategy"][seat])
        name = names[sid] if 0 <= sid < len(names) else str(sid)
        raise BadInput("strategies", f"strategy {name!r} (seat {seat}) answered {int(rec['illegal'][bad].sum())} "
                                     f"decision(s) in {len(bad)} game(s) with an option index outside 0..n-1 "
                                     f"(first in game {int(r['game'])}); a decide function must return an "
                                     f"index into the options")


class _Folder:
    """A worker thread applying fold(records) to each chunk in order; at most two chunks wait
    (memory stays flat). An exception in fold stops the run and is raised in the caller."""

    def __init__(self, fold):
        self.fold = fold
        self.q = queue.Queue(maxsize=2)
        self.error = None
        self.t = threading.Thread(target=self._work, name="simsuite-fold", daemon=True)

    def _work(self):
        while True:
            rec = self.q.get()
            if rec is None:
                return
            if self.error is None:
                try:
                    self.fold(rec)
                except BaseException as e:
                    self.error = e

    def put(self, rec):
        if self.error is not None:
            raise self.error
        self.q.put(rec)

    def __enter__(self):
        self.t.start()
        return self

    def __exit__(self, exc_type, exc, tb):
        self.q.put(None)
        self.t.join()
        if exc_type is None and self.error is not None:
            raise self.error
        return False


def replay_check(game, cfg: dict, seed: int, g: int, extra_dirs=()) -> tuple[list[dict], np.ndarray, np.ndarray]:
    """Replay game g and also play it through the batch kernel: (events, replay record, batch record)."""
    h = game.config_hash(cfg)
    key = run_key(seed, h)
    events, rec = game.replay(cfg, key, g, extra_dirs)
    batch = game.run_range(game.kernel(extra_dirs), game.build_cfg(cfg, extra_dirs), key, g, 1)
    return events, rec, batch
