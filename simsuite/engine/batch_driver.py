"""The batch entry points every game kernel shares (source text, not imported on its own).

``simsuite.engine.codegen`` appends this file to a game's kernel source, so the functions below see that
game's layout constants (``STATE_SIZE``, ``STATE_ZERO`` if it has one, ``S_RNG``, ``S_GAME``,
``S_STRAT``, ``S_VIOL``, ``C_NP``, ``C_ROTATE``, ``C_LINEUP``) and its ``play_game(st, cfg, log, lg, chk)`` and
``score_game(st, cfg, out, i, log, lg)``. One game per state array, one output row per game; the
games' randomness depends only on (key, game index), never on the thread or the block.

The state, configuration and log reach the game as raw pointers (``simsuite/engine/unmanaged.py``):
one register per argument, no wraparound checks, no reference counts.
The games' ``play_game`` and ``score_game`` are compiled with ``_nrt=False``, and numba passes that
flag on to every function they call that does not set it: no reference counting in the hot code
(passing an array to a call would otherwise cost atomics and spill registers; measured 1.5x on
Star Cartel and Cosmic Encounter). Such functions cannot allocate; the few that must (test-only
invariant checks) say ``_nrt=True`` themselves.
"""
import numpy as np
from numba import njit, prange

from simsuite.engine.kernel_common import LOG_W
from simsuite.engine.rng import game_stream
from simsuite.engine.unmanaged import ptr, unmanaged2

GAMES_PER_BLOCK = 64
_B0 = np.int64(0)
_B1 = np.int64(1)


# A game may keep regions at the end of its state that it always writes before reading them (Cosmic
# Encounter's search buffers, several times the rest): STATE_ZERO words are zeroed per game, by
# default the whole state.
if "STATE_ZERO" not in globals():
    STATE_ZERO = STATE_SIZE


@njit
def _init_game(st, cfg, key, g):
    for i in range(STATE_ZERO):
        st[i] = 0
    st[S_RNG] = game_stream(key, g)
    st[S_GAME] = g
    N = cfg[C_NP]
    for s in range(N):
        if cfg[C_ROTATE] == 1:
            st[S_STRAT + s] = cfg[C_LINEUP + (s + g) % N]
        else:
            st[S_STRAT + s] = cfg[C_LINEUP + s]


@njit
def _keep_alive(a, b, c):
    return a.shape[0] + b.shape[0] + c.shape[0]


@njit
def _replay(cfg, key, g, out, log, st):
    s = ptr(st)
    c = ptr(cfg)
    lp = ptr(log)
    _init_game(s, c, key, g)
    play_game(s, c, lp, _B1, _B0)
    score_game(s, c, out, _B0, lp, _B1)


@njit(cache=True, parallel=True, nogil=True)  # nogil: the runner folds the last chunk meanwhile
def run_batch(cfg, key, g0, out, log, st):
    """Play games g0 .. g0 + len(out) - 1; row i of out gets game g0 + i.

    With a log of more than one row (kernel_common.new_log), replay instead: game g0 alone with
    the event log on, its record in out[0], its final state in st. The replay lives in this entry
    point so that it shares its compiled (and cached) code: a replay after a run compiles nothing.
    The batch loop is outlined by numba into its own module, where every call passes the log off
    as a constant, so the replay branch costs the batch nothing (the outer module carries it).
    """
    if log.shape[0] > 1:
        _replay(cfg, key, g0, out, log, st)
        return
    n = out.shape[0]
    nblocks = (n + GAMES_PER_BLOCK - 1) // GAMES_PER_BLOCK
    res = unmanaged2(out)  # shared by the threads: keep its reference count out of the loop
    for b in prange(nblocks):
        st_mem = np.zeros(STATE_SIZE, np.int64)
        log_mem = np.zeros((1, LOG_W), np.int64)  # capacity 0 (log[2]): logging is off anyway
        c_mem = cfg.copy()  # thread-local copy: no cache line shared between threads
        st = ptr(st_mem)
        log = ptr(log_mem)
        c = ptr(c_mem)
        lo = np.int64(b) * GAMES_PER_BLOCK
        hi = min(n, lo + GAMES_PER_BLOCK)
        for i in range(lo, hi):
            _init_game(st, c, key, g0 + i)
            play_game(st, c, log, _B0, _B0)
            score_game(st, c, res, i, log, _B0)
        # numba frees an array after its last use: use the owners after the games, or a
        # strategy that allocates would reuse the memory the pointers point at
        _keep_alive(st_mem, log_mem, c_mem)


@njit(cache=True)
def replay_game(cfg, key, g, out, log, st):
    """Play game g alone with the event log (kernel_common.new_log) on; st keeps the final state.
    (Game.replay goes through run_batch, which shares the batch's compiled code; this entry is
    for tests that drive one game.)"""
    _replay(cfg, key, g, out, log, st)


@njit(cache=True, parallel=True, nogil=True)  # nogil: the check's time limit waits beside it
def run_checked(cfg, key, g0, out, viol):
    """run_batch with the game's invariants checked after every turn; viol[i] = first violation code."""
    n = out.shape[0]
    for i in prange(n):
        st_mem = np.zeros(STATE_SIZE, np.int64)
        log_mem = np.zeros((1, LOG_W), np.int64)
        st = ptr(st_mem)
        _init_game(st, ptr(cfg), key, g0 + np.int64(i))
        play_game(st, ptr(cfg), ptr(log_mem), _B0, _B1)
        score_game(st, ptr(cfg), out, np.int64(i), ptr(log_mem), _B0)
        viol[i] = st[S_VIOL]
        _keep_alive(st_mem, log_mem, cfg)
