"""Pig batch kernel (rules in __init__.py, ids PIG.x): pasted by simsuite.engine.codegen, with the shared
prelude and the batch driver, into one module."""
import numpy as np
from numba import njit

from pig.api import *
from pig.records import *
from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below

E_START, E_TURN, E_ROLL, E_BUST, E_HOLD, E_TIMEOUT, E_WINNERS = (np.int64(k) for k in range(1, 8))


@njit
def setup(st, cfg, log, lg):
    st[S_WINNER] = -1
    st[S_START] = below(st, S_RNG, cfg[C_NP])  # PIG.5
    if lg:
        _log(log, E_START, st[S_START], I0, I0, I0, I0, I0)


@njit
def play_turn(st, cfg, p, log, lg):
    st[S_TURN] += 1
    if lg:
        _log(log, E_TURN, p, st[S_TURN], st[S_BANK + p], I0, I0, I0)
    total = np.int64(0)
    while True:
        d = 1 + below(st, S_RNG, 6)
        st[S_ROLLS] += 1
        if lg:
            _log(log, E_ROLL, p, d, I0, I0, I0, I0)
        if d == 1:  # PIG.2
            st[S_BUSTS] += 1
            if lg:
                _log(log, E_BUST, p, total, I0, I0, I0, I0)
            total = 0
            break
        total += d
        if st[S_BANK + p] + total >= cfg[C_TARGET]:  # PIG.4: reaching the target holds
            break
        st[S_TOTAL] = total
        st[S_OPT] = HOLD
        st[S_OPT + 1] = ROLL
        if _ask(st, cfg, p, D_ROLL, 2) == HOLD:
            break
    st[S_TOTAL] = 0
    st[S_BANK + p] += total
    if total > 0 and lg:
        _log(log, E_HOLD, p, total, st[S_BANK + p], I0, I0, I0)
    if st[S_BANK + p] >= cfg[C_TARGET]:
        st[S_WINNER] = p


@njit
def check_invariants(st, cfg):
    for p in range(cfg[C_NP]):
        if st[S_BANK + p] < 0 or (st[S_BANK + p] >= cfg[C_TARGET] and st[S_WINNER] != p):
            return V_BANK
    if st[S_TOTAL] != 0:
        return V_TOTAL
    if st[S_WINNER] >= 0 and st[S_BANK + st[S_WINNER]] < cfg[C_TARGET]:
        return V_WINNER
    return 0


@njit(_nrt=False)  # and everything it calls: see simsuite/engine/batch_driver.py
def play_game(st, cfg, log, lg, chk):
    setup(st, cfg, log, lg)
    p = st[S_START]
    while st[S_WINNER] < 0:
        if _turn_cap(st, cfg, log, lg):
            break
        p = _turn_then_next(st, cfg, p, log, lg, chk)
    st[S_DONE] = 1


@njit(_nrt=False)
def score_game(st, cfg, out, i, log, lg):
    N = cfg[C_NP]
    _record_start(out, i)
    best = np.int64(-1)
    for p in range(N):
        out[i, R_SCORE + p] = st[S_BANK + p]
        best = max(best, st[S_BANK + p])
    nwin = 0
    mask = 0
    for p in range(N):  # a timeout: the highest banks share the win
        w = 1 if (st[S_WINNER] == p or (st[S_WINNER] < 0 and st[S_BANK + p] == best)) else 0
        out[i, R_WIN + p] = w
        nwin += w
        mask |= w << p
    _record_common(st, cfg, out, i, nwin)
    out[i, R_ROLLS] = st[S_ROLLS]
    out[i, R_BUSTS] = st[S_BUSTS]
    if lg:
        _log(log, E_WINNERS, np.int64(mask), best, I0, I0, I0, I0)
