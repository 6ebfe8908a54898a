"""Cosmic kernel part: the alien powers' optional uses in the windows (CE.20.2, CE.22): every power,
the 20 classics' included, is an alien file (simsuite/data/aliens/cosmic_classics for the classics)
acting through its hooks (alien_api.py, alien_api_flow.py); here are its turn in a window and the
moves the API and the engine share (an ally joining, CE.8.4; two hands swapped, CE.22.17).

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def _swap_hands(st, cfg, a, b):
    """CE.22.17: a and b exchange their whole hands (the caches follow)."""
    na = st[S_HAND_N + a]
    nb = st[S_HAND_N + b]
    m = na if na > nb else nb
    for i in range(m):
        x = st[S_HAND + a * MAX_HAND + i]
        st[S_HAND + a * MAX_HAND + i] = st[S_HAND + b * MAX_HAND + i]
        st[S_HAND + b * MAX_HAND + i] = x
    for f in (S_HAND_N, S_HAND_ENC, S_HAND_ART):
        x = st[f + a]
        st[f + a] = st[f + b]
        st[f + b] = x
    for k in range(N_ART):
        x = st[S_ART_CNT + a * N_ART + k]
        st[S_ART_CNT + a * N_ART + k] = st[S_ART_CNT + b * N_ART + k]
        st[S_ART_CNT + b * N_ART + k] = x
    st[S_HAND_VER + a] += 1
    st[S_HAND_VER + b] += 1


@njit
def _join(st, cfg, q, side, log, lg):
    """CE.8.4: q commits 1-4 ships from its colonies (api.ship_limit: the Macron 1, CE.22.9) to a wing
    or its carrier."""
    avail = st[S_ONPL + q]
    lim = ship_limit(st, q)
    kmax = avail if avail < lim else lim
    st[S_ALLY + q] = side  # already an ally while it picks its ships (strategies may look)
    k = take_ships(st, cfg, q, D_ALLY_SHIPS, I1, np.int64(kmax), NONE, I0, log, lg)
    if side == SIDE_OFFENSE:
        st[S_WING + q] = k
    else:
        st[S_CARRIER + q] = k
    if lg:
        _log(log, E_ALLY, q, side, k, I0, I0, I0)


@njit
def power_window(st, cfg, w, p, log, lg):
    """CE.20.2: seat p's turn in window w for an optional use of its power (CE.22, CE.50.20), through
    its alien file's hook. Returns 0 (pass), 1 (acted) or 2 (acted and the window closes: Chronos's
    time travel)."""
    if st[S_POWER + p] == 0 or st[S_ALIEN + p] < 0:
        return 0
    return hb_window(st, cfg, w, p, log, lg)
