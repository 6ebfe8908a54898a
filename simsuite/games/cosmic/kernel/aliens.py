"""Cosmic kernel part: the alien powers' optional uses (CE.22, rulings CE.23), for the classics
still built in; the others are alien files (simsuite/data/aliens/cosmic_classics: Chronos, Clone,
Empath, Filch, Healer, Laser, Mind, Mutant, Oracle, Pacifist, Philanthropist, Sorcerer, Trader,
Virus, Vulch, Zombie), called through alien_api.py and alien_api_flow.py.

The powers that act in a window (``power_window``): Amoeba, Parasite (windows.py says who may act
where). The powers with fixed moments act in the parts of the steps they change:
regroup_alliances (Macron's one ship, Parasite's answer), planning_reveal (the time travel a
Chronos asks for) and outcomes (Macron, Anti-Matter).

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
def _yes_no(st, cfg, p, pk):
    """A PASS / use decision (options -1, 1). Returns 1 for use."""
    st[S_OPT] = NONE
    st[S_OPT + 1] = I1
    return 1 if _ask_power(st, cfg, p, pk, I2) == 1 else 0


@njit
def _amoeba(st, cfg, p, log, lg):
    """CE.22.1 at W-8: one adjustment of its ships in the encounter: add from its colonies and/or
    take back to them (asked as: add k or take back k; after adding, also take back r); the
    offense's limit of 4 does not apply; 0 ships left is allowed; the power check (CE.19) runs
    after the whole adjustment."""
    o = st[S_OFF]
    t = st[S_TARGET]
    if p == o:
        inn = st[S_CENTRE]
        avail = st[S_ONPL + p]
    else:
        inn = st[S_PS + p * MAX_PLANETS + t]
        avail = st[S_ONPL + p] - inn
    st[S_OPT] = NONE
    n = 1
    for k in range(1, min(avail, 40) + 1):
        st[S_OPT + n] = k
        n += 1
    for k in range(1, min(inn, 40) + 1):
        st[S_OPT + n] = AMOEBA_REMOVE + k
        n += 1
    if n == 1:
        return 0
    ch = _ask_power(st, cfg, p, PK_AMOEBA, np.int64(n))
    if ch < 0:
        return 0
    back = I0
    if ch < AMOEBA_REMOVE:
        k = min(inn + ch, 40)
        st[S_PK_ARG] = ch
        st[S_OPT] = NONE
        for r in range(1, k + 1):
            st[S_OPT + r] = AMOEBA_REMOVE + r
        r = _ask_power(st, cfg, p, PK_AMOEBA_BACK, np.int64(k + 1))
        if r >= 0:
            back = r - AMOEBA_REMOVE
    else:
        back = ch - AMOEBA_REMOVE
        ch = I0
    st[S_WONCE] |= np.int64(1) << p
    st[S_PK_ARG] = ch
    st[S_PK_ARG2] = back
    if power_event(st, cfg, p, PK_AMOEBA, log, lg) == 0:
        return 1
    st[S_QUIET] = 1  # one step: the power check waits for the whole adjustment
    if ch > 0:
        if p == o:
            st[S_CENTRE] += take_ships(st, cfg, p, D_POWER_SHIPS, ch, ch, NONE, I0, log, lg)
        else:
            got = take_ships(st, cfg, p, D_POWER_SHIPS, ch, ch, t, I0, log, lg)
            ships_add(st, cfg, p, t, got, log, lg)
    if back > 0:
        if p == o:
            st[S_CENTRE] -= back
            place_ships(st, cfg, p, back, I0, CTX_AMOEBA, log, lg)
        else:
            ships_add(st, cfg, p, t, -back, log, lg)
            place_ships(st, cfg, p, back, _pbit(t), CTX_AMOEBA, log, lg)
    _end_quiet(st, cfg, p, log, lg)
    return 1


@njit
def _join(st, cfg, q, side, log, lg):
    """CE.8.4: q commits 1-4 ships from its colonies (Macron: 1, CE.22.9) to a wing or its carrier."""
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
    """CE.20.2: seat p's turn in window w for an optional use of its power (CE.22, CE.50.20).
    Returns 0 (pass), 1 (acted) or 2 (acted and the window closes: Chronos's time travel)."""
    if st[S_POWER + p] == 0:
        return 0
    a = st[S_ALIEN + p]
    if hb_is_file(a) == 1:  # its file's hook (alien_api.py)
        return hb_window(st, cfg, w, p, log, lg)
    o = st[S_OFF]
    d = st[S_DEF]
    if d < 0:
        return 0
    bit = np.int64(1) << p
    main = p == o or p == d
    if (st[S_ONCE] & bit) != 0:
        if a != A_AMOEBA:
            return 0
    if a == A_AMOEBA:
        if w == W_8 and main and (st[S_WONCE] & bit) == 0 and (st[S_IN7] & bit) != 0:
            return _amoeba(st, cfg, p, log, lg)
    elif a == A_PARASITE:
        if (w == W_7 and not main and st[S_ALLY + p] == 0 and ((st[S_FF_OUT] >> p) & 1) == 0
                and st[S_ONPL + p] > 0 and cfg[C_NP] >= 3):
            st[S_OPT] = NONE
            st[S_OPT + 1] = SIDE_OFFENSE
            st[S_OPT + 2] = SIDE_DEFENSE
            side = _ask_power(st, cfg, p, PK_PARASITE, I3)
            if side > 0:
                st[S_ONCE] |= bit
                if power_event(st, cfg, p, PK_PARASITE, log, lg) == 1:  # CE.22.14
                    _join(st, cfg, p, side, log, lg)
                return 1
    return 0
