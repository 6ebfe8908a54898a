"""The entry point of `simsuite check strategy` (source text, not imported on its own).

``simsuite.engine.checks`` appends this file, after a generated header (``REDEAL``, 1 when the game can
deal what a seat may not see afresh; ``_redeal_hidden``, the game's function for it), to a game's
kernel, its batch driver and its strategy dispatch; the dispatch sends every decision of the
strategy under test through ``_checked_decide``. That strategy's id is a word of the configuration
array behind the game's own (``cfg[CFG_SIZE]``, set by ``checks.check_strategy``), not a constant of
the module, so one compiled check module checks every strategy of a game. Each game's
state array has room behind the game's own ``STATE_SIZE`` words for the check's counters and two
copies of the state (a kernel cannot allocate during a game):

* the guard: the state is copied before the strategy answers and compared after it; a word the
  strategy may not write (anything but its scratch ``S_SCR .. S_SCR + 64`` and the generator
  ``S_RNG``) that changed is counted, its offset and the decision kind kept, and the write undone;
* the hidden-information test: the state as the strategy was handed it, with everything the seat
  may not see dealt afresh (``_redeal_hidden``, with a stream of its own) and the generator as it
  was, is handed to the strategy again; a strategy that reads only what its seat may see gives the
  same answer. Then the game goes on from the state after the first answer.

Only the first ``STATE_ZERO`` words are guarded and copied: a game may keep buffers behind them that
it always writes before reading (Cosmic Encounter's search regions, written by the search strategy).
"""
import numpy as np
from numba import njit, prange

from simsuite.engine.kernel_common import LOG_W
from simsuite.engine.rng import GOLDEN, mix64
from simsuite.engine.unmanaged import ptr

CHK_HEAD = 16  # counters behind the game's state (offsets below, from STATE_SIZE)
K_WRITE_AT, K_WRITE_KIND, K_WRITES, K_DECISIONS, K_HIDDEN, K_DIFFER, K_DIFFER_KIND, K_REDEALS = range(8)
CHK_OUT = 9  # report columns per game: the violation, then the 8 counters
CHECK_MEM = STATE_SIZE + CHK_HEAD + 2 * STATE_ZERO
_REDEAL_SALT = np.uint64(0x51DE_D0C7_4EA1)


@njit
def checked_sid(cfg):
    """The id of the strategy under test: the word behind the game's configuration."""
    return cfg[CFG_SIZE]


@njit
def _checked_decide(sid, kind, st, cfg, me):
    X = STATE_SIZE
    sh = X + CHK_HEAD
    post = sh + STATE_ZERO
    n = STATE_ZERO
    for k in range(n):
        st[sh + k] = st[k]
    a = _decide_checked(sid, kind, st, cfg, me)
    st[X + K_DECISIONS] += 1
    for k in range(n):
        if st[k] != st[sh + k] and k != S_RNG and (k < S_SCR or k >= S_SCR + 64):
            if st[X + K_WRITES] == 0:
                st[X + K_WRITE_AT] = k
                st[X + K_WRITE_KIND] = kind
            st[X + K_WRITES] += 1
            st[k] = st[sh + k]  # undone: the game goes on as the engine left it
    if REDEAL == 1:
        for k in range(n):
            st[post + k] = st[k]
            st[k] = st[sh + k]
        st[X + K_REDEALS] += 1
        rng = st[sh + S_RNG]
        st[S_RNG] = np.int64(mix64(np.uint64(rng) ^ (np.uint64(st[X + K_REDEALS]) * GOLDEN + _REDEAL_SALT)))
        ok = _redeal_hidden(st, cfg, me)
        st[S_RNG] = rng
        if ok != 0:
            b = _decide_checked(sid, kind, st, cfg, me)
            st[X + K_HIDDEN] += 1
            if b != a:
                if st[X + K_DIFFER] == 0:
                    st[X + K_DIFFER_KIND] = kind
                st[X + K_DIFFER] += 1
        for k in range(n):
            st[k] = st[post + k]
    return a


@njit(cache=True, parallel=True, nogil=True)  # nogil: the check's time limit waits beside it
def check_batch(cfg, key, g0, out, rep):
    """Games g0 .. g0 + len(out) - 1 with the invariants checked after every turn and the strategy
    under test guarded; rep[i] = (first violation, the counters of _checked_decide)."""
    n = out.shape[0]
    for i in prange(n):
        st_mem = np.zeros(CHECK_MEM, np.int64)
        log_mem = np.zeros((1, LOG_W), np.int64)
        st = ptr(st_mem)
        c = ptr(cfg)
        _init_game(st, c, key, g0 + np.int64(i))
        st[STATE_SIZE + K_WRITE_AT] = -1
        st[STATE_SIZE + K_WRITE_KIND] = -1
        st[STATE_SIZE + K_DIFFER_KIND] = -1
        play_game(st, c, ptr(log_mem), np.int64(0), np.int64(1))
        score_game(st, c, out, np.int64(i), ptr(log_mem), np.int64(0))
        rep[i, 0] = st[S_VIOL]
        for k in range(CHK_OUT - 1):
            rep[i, 1 + k] = st[STATE_SIZE + k]
        _keep_alive(st_mem, log_mem, cfg)
