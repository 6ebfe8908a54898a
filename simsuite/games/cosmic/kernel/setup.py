"""Cosmic kernel part: setup (CE.2) and the dealing of aliens (CE.22, aliens = random/all).

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def _binom(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


@njit
def _deal_aliens(st, cfg):
    """CE.2.5: the aliens of this game. AM_FIXED: per seat from the config; AM_RANDOM: K distinct
    aliens from the pool dealt at random to K random seats (with C_ALIEN_DEALT, that alien and K - 1
    from the pool, which then lacks it); AM_ALL: game g gets combination
    number (j * stride) mod C(P, K), j = g // N, of the pool (every combination equally often,
    spread over the games), its slots rotated by (g + j) mod N, so over N consecutive games each
    alien of a combination sits in every seat once, and its pairing with the rotated strategy
    line-up shifts from one combination to the next. Seats whose strategy is a nopower control
    keep the alien's name but play without its power."""
    N = cfg[C_NP]
    for a in range(MAX_ALIENS):
        st[S_WHO + a] = -1
    st[S_HB_SEATS] = 0
    st[S_HB_NP] = N
    st[S_HB_STEPS] = 0
    st[S_HB_MOMS] = 0
    st[S_WEIGHTED] = 0
    for p in range(MAX_P):
        st[S_HB_PMOM + p] = 0
        st[S_SHIP_W + p] = 1  # CE.10.2
        st[S_SHIP_LIM + p] = 4  # CE.6.1, CE.8.4
    st[S_HB_KEEP] = NONE
    st[S_HB_ERR] = 0
    st[S_HB_HOOK] = NONE
    st[S_HB_SEAT] = NONE
    st[S_HB_LAST] = NONE
    for p in range(N):
        st[S_ALIEN_TAG + p] = -1
    mode = cfg[C_ALIEN_MODE]
    K = cfg[C_ALIEN_K]
    P = cfg[C_POOL_N]
    buf = S_TMP
    if mode == AM_FIXED:
        for p in range(N):
            st[S_ALIEN_TAG + p] = cfg[C_ALIEN_FIXED + p]
    elif mode == AM_RANDOM:
        D = cfg[C_ALIEN_DEALT] - 1  # alien_dealt: dealt in every game, the others from the pool without it
        KP = K if D < 0 else K - 1
        for i in range(P):
            st[buf + i] = i
        for i in range(KP):
            j = i + below(st, S_RNG, np.int64(P - i))
            x = st[buf + i]
            st[buf + i] = st[buf + j]
            st[buf + j] = x
        sb = buf + MAX_HAND
        for p in range(N):
            st[sb + p] = p
        _shuffle(st, sb, N)
        for i in range(KP):
            st[S_ALIEN_TAG + st[sb + i]] = cfg[C_POOL + st[buf + i]]
        if D >= 0:  # the shuffled seat order puts it at a uniformly random seat
            st[S_ALIEN_TAG + st[sb + KP]] = D
    else:
        g = st[S_GAME]
        j = g // N
        C = cfg[C_ALIEN_NCOMB]
        r = ((j % C) * cfg[C_ALIEN_STRIDE]) % C
        x = 0
        for i in range(K):  # unrank r in the lexicographic order of K-combinations
            while True:
                c = _binom(P - x - 1, K - i - 1)
                if r < c:
                    break
                r -= c
                x += 1
            st[buf + i] = x
            x += 1
        rev = (j // C) % 2
        rot = (g + j) % N
        for i in range(N):
            a = -1
            if i < K:
                a = cfg[C_POOL + st[buf + (K - 1 - i if rev == 1 else i)]]
            st[S_ALIEN_TAG + (i + rot) % N] = a
    anyone = 0
    for p in range(N):
        a = st[S_ALIEN_TAG + p]
        if a >= 0 and ((cfg[C_NOPOWER_MASK] >> st[S_STRAT + p]) & 1) == 1:
            a = -1
        st[S_ALIEN + p] = a
        st[S_PWIN + p] = _alien_windows(a)
        if a >= 0:
            st[S_WHO + a] = p
            anyone = 1
            st[S_HB_SEATS] |= np.int64(1) << p  # every alien is a file (the classics' too)
            st[S_HB_PMOM + p] = hb_moments(a)
            st[S_HB_MOMS] |= st[S_HB_PMOM + p]
            st[S_SHIP_W + p] = hb_ship_weight(a)
            st[S_SHIP_LIM + p] = hb_ship_limit(a)
            if st[S_SHIP_W + p] != 1:
                st[S_WEIGHTED] |= np.int64(1) << p
    st[S_ANY_ALIEN] = anyone


@njit
def setup(st, cfg, log, lg):
    """CE.2: planets, order discs and first player, deck and hands."""
    N = cfg[C_NP]
    pps = cfg[C_PPS]
    per = cfg[C_START_PER_PLANET]
    _deal_aliens(st, cfg)
    for p in range(N):
        for i in range(pps):
            st[S_PS + p * MAX_PLANETS + p * PPS_MAX + i] = per
        st[S_HOME + p] = pps if per > 0 else 0
        st[S_CMASK + p] = ((np.int64(1) << pps) - 1) << (p * PPS_MAX) if per > 0 else 0
        st[S_ONPL + p] = pps * per
        st[S_WARP + p] = cfg[C_SHIPS] - pps * per
        st[S_POWER + p] = 1 if st[S_HOME + p] >= cfg[C_POWER_HOME] else 0
    st[S_DEF] = -1
    st[S_TARGET] = -1
    st[S_CARD_O] = -1
    st[S_CARD_D] = -1
    st[S_DEAL] = -1
    st[S_DEAL_STD] = -1
    st[S_CTX_PL] = -1
    # CE.2.4: discs of the colours in play; one turned up names the first player; all reshuffled
    n = 0
    for p in range(N):
        for j in range(cfg[C_DISCS + p]):
            st[S_ORD + n] = p
            n += 1
    _shuffle(st, S_ORD, n)
    st[S_START] = st[S_ORD + n - 1]  # FFG2008: a colour card too (the wild and special cards join below)
    if cfg[C_EDITION] == ED_FFG2008:  # CE.33 / data.md: 2 wild cards and the 3 special cards
        for c in (DESTINY_WILD, DESTINY_WILD, DESTINY_FEWEST_WARP, DESTINY_MOST_CARDS, DESTINY_MOST_FOREIGN):
            st[S_ORD + n] = c
            n += 1
    _shuffle(st, S_ORD, n)
    st[S_ORD_N] = n
    st[S_ORDD_N] = 0
    # CE.2.6: shuffle the deck and deal the hands
    nc = cfg[C_N_CARDS]
    for i in range(nc):
        st[S_DECK + i] = i
    _shuffle(st, S_DECK, nc)
    st[S_DECK_N] = nc
    for p in range(N):
        for j in range(cfg[C_START_HAND]):
            c = _draw(st, cfg, log, lg)
            if c >= 0:
                _hand_add(st, cfg, p, c)
    if lg:
        _log(log, E_START, st[S_START], np.int64(n), I0, I0, I0, I0)
        for p in range(N):
            _log(log, E_ALIENS, p, st[S_ALIEN_TAG + p], st[S_ALIEN + p], I0, I0, I0)
