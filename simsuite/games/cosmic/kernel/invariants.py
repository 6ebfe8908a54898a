"""Cosmic kernel part: the CE.70 invariants (checked runs and tests).

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit(_nrt=True)  # allocates; tests only
def check_invariants(st, cfg):
    """CE.70 checks on a state between encounters (or at the end); 0 or the first V_* code."""
    if st[S_HB_ERR] != 0:  # an alien file misused the power API (alien_api.py)
        return V_ALIEN_API
    N = cfg[C_NP]
    for p in range(N):
        on = 0
        home = 0
        foreign = 0
        mask = 0
        for pl in range(MAX_PLANETS):
            k = st[S_PS + p * MAX_PLANETS + pl]
            if k < 0:
                return V_SHIPS
            if k > 0:
                mask |= 1 << pl
                if pl >= N * PPS_MAX or pl % PPS_MAX >= cfg[C_PPS]:
                    return V_SHIPS
                on += k
                if pl // PPS_MAX == p:
                    home += 1
                else:
                    foreign += 1
        if st[S_WING + p] != 0 or st[S_CARRIER + p] != 0 or st[S_RWD + p] != 0:
            return V_TRANSIT
        if st[S_WARP + p] < 0:
            return V_WARP
        if on + st[S_WARP + p] != cfg[C_SHIPS]:  # CE.70.1
            return V_SHIPS
        if on != st[S_ONPL + p] or home != st[S_HOME + p] or foreign != st[S_FOREIGN + p]:
            return V_COLONY_CACHE
        if mask != st[S_CMASK + p]:
            return V_COLONY_CACHE
        if home > cfg[C_PPS]:
            return V_COLONY_CACHE
        if st[S_PWIN + p] != _alien_windows(st[S_ALIEN + p]):
            return V_POWER
        if st[S_QUIET] != 0:  # a deferred power check must never outlive its step
            return V_POWER
        want = 1 if home >= cfg[C_POWER_HOME] else 0
        if st[S_POWER + p] != want or st[S_ZAPPED + p] != 0:  # CE.70.5
            return V_POWER
        if st[S_ALLY + p] != 0:
            return V_ALLIES
    if st[S_CENTRE] != 0 or st[S_ASIDE_N] != 0:  # CE.70.2; set-aside cards are back (CE.20.1)
        return V_TRANSIT
    # CE.70.6 / CE.70.7 / CE.70.21 cards
    nc = cfg[C_N_CARDS]
    seen = np.zeros(MAX_CARDS, np.int64)
    for i in range(st[S_DECK_N]):
        seen[st[S_DECK + i]] += 1
    for i in range(st[S_DISC_N]):
        seen[st[S_DISC + i]] += 1
    in_play = 0
    if st[S_CARD_O] >= 0:
        seen[st[S_CARD_O]] += 1
        in_play += 1
    if st[S_CARD_D] >= 0:
        seen[st[S_CARD_D]] += 1
        in_play += 1
    for i in range(st[S_REINF_N]):  # FFG2008 reinforcement cards in play (CE.37.4)
        seen[st[S_REINF_IN + i]] += 1
        in_play += 1
    if st[S_FLARE_PLAY] > 0:  # CE.70.6 (FFG): a flare being resolved
        seen[st[S_FLARE_PLAY] - 1] += 1
        in_play += 1
    if in_play > 0 and st[S_DONE] == 0:
        return V_IN_PLAY
    tot_art = 0
    for p in range(N):
        ne = 0
        na = 0
        cnt = np.zeros(N_ART, np.int64)
        if st[S_HAND_N + p] < 0:
            return V_HAND_CACHE
        for i in range(st[S_HAND_N + p]):
            c = st[S_HAND + p * MAX_HAND + i]
            if c < 0 or c >= nc:
                return V_CARDS
            seen[c] += 1
            if cfg[C_CARD_KIND + c] == K_ARTIFACT:
                na += 1
                cnt[cfg[C_CARD_VAL + c]] += 1
            elif cfg[C_CARD_KIND + c] != K_REINF and cfg[C_CARD_KIND + c] != K_FLARE:
                ne += 1
        if ne != st[S_HAND_ENC + p] or na != st[S_HAND_ART + p]:
            return V_HAND_CACHE
        for a in range(N_ART):
            if cnt[a] != st[S_ART_CNT + p * N_ART + a]:
                return V_HAND_CACHE
        tot_art += na
    if tot_art != st[S_ART_TOTAL]:
        return V_HAND_CACHE
    for a in range(N_ART):
        k = 0
        for p in range(N):
            k += st[S_ART_CNT + p * N_ART + a]
        if k != st[S_ART_KIND + a]:
            return V_HAND_CACHE
    for i in range(nc):
        if seen[i] != 1:
            return V_CARDS
    for i in range(nc, MAX_CARDS):
        if seen[i] != 0:
            return V_CARDS
    # CE.70.17 order discs
    if st[S_ORD_N] <= 0:
        return V_DISCS
    # FFG2008 destiny deck: also 2 wild cards and one of each special card (CE.33, data.md)
    cnt = np.zeros(DESTINY_MOST_FOREIGN + 1, np.int64)
    hi = DESTINY_MOST_FOREIGN if cfg[C_EDITION] == ED_FFG2008 else N - 1
    for i in range(st[S_ORD_N] + st[S_ORDD_N]):
        c = st[S_ORD + i] if i < st[S_ORD_N] else st[S_ORDD + i - st[S_ORD_N]]
        if c < 0 or c > hi or (N <= c < DESTINY_WILD):
            return V_DISCS
        cnt[c] += 1
    for p in range(N):
        if cnt[p] != cfg[C_DISCS + p]:
            return V_DISCS
    if cfg[C_EDITION] == ED_FFG2008 and (cnt[DESTINY_WILD] != 2 or cnt[DESTINY_FEWEST_WARP] != 1
                                         or cnt[DESTINY_MOST_CARDS] != 1 or cnt[DESTINY_MOST_FOREIGN] != 1):
        return V_DISCS
    # CE.70.18 victory
    m = 0
    for p in range(N):
        if st[S_FOREIGN + p] >= cfg[C_WIN_COLONIES]:
            m |= 1 << p
    if st[S_DONE] == 1 and st[S_TIMEOUT] == 0:
        if m == 0 or m != st[S_WINNERS]:
            return V_VICTORY
    elif m != 0:
        return V_VICTORY
    return 0
