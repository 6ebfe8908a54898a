"""Cosmic kernel part: the encounter from regroup to alliances (CE.4-CE.8).

Step 1 regroup (CE.4), step 2 the order disc (CE.5), step 3 launch (CE.6), step 4 aim (CE.7),
steps 5-7 invitations and answers (CE.8).

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
def regroup(st, cfg, o, log, lg):
    """CE.4 step 1: optionally one warp ship onto a colony, or onto the mothership with no colony.
    Returns where it went (a planet, OPT_MOTHERSHIP), -1 if none."""
    if st[S_WARP + o] == 0:
        return NONE
    ffg = cfg[C_EDITION] == ED_FFG2008
    st[S_OPT] = NONE
    n = 0 if ffg else 1  # CE.32.2: no skip under FFG2008
    n = _colony_options(st, o, NONE, n)
    if n == (0 if ffg else 1):
        st[S_OPT + n] = OPT_MOTHERSHIP  # CE.4.2 / CE.32.3: the gate
        n += 1
    st[S_NOPT] = n
    dest = _decide(st, cfg, o, D_REGROUP)
    if dest < 0:
        return NONE
    st[S_WARP + o] -= 1
    if dest == OPT_MOTHERSHIP:
        st[S_CENTRE] += 1
    else:
        ships_add(st, cfg, o, dest, I1, log, lg)
    if lg:
        _log(log, E_REGROUP, o, dest, I0, I0, I0, I0)
    return dest


@njit
def _flip_disc(st, cfg, log, lg):
    """CE.5.1 / CE.5.2 (A5): turn the top disc onto the order discard; an emptied pile is rebuilt
    from the whole discard, that disc included."""
    n = st[S_ORD_N] - 1
    c = st[S_ORD + n]
    st[S_ORD_N] = n
    st[S_ORDD + st[S_ORDD_N]] = c
    st[S_ORDD_N] += 1
    if n == (1 if cfg[C_EDITION] == ED_FFG2008 else 0):  # CE.33.1: the last card is shuffled in too
        m = st[S_ORDD_N]
        for i in range(m):
            st[S_ORD + n + i] = st[S_ORDD + i]
        st[S_ORDD_N] = 0
        m += n
        st[S_ORD_N] = m
        _shuffle(st, S_ORD, m)
        if lg:
            _log(log, E_DISC_RESHUFFLE, m, I0, I0, I0, I0, I0)
    if lg:
        _log(log, E_DISC, c, st[S_ORD_N], I0, I0, I0, I0)
    return c


@njit
def order(st, cfg, o, log, lg):
    """CE.5 step 2 (CE.33 under FFG2008; after REDRAW the FFG2008 offense keeps drawing past its own
    colour without being asked again, CE.33.4 b, while AH2000 asks each time, CE.5.4 a). Returns 0 when a defense is set, 1 when the offense
    re-settled (NO_RESULT), 2 when it re-established a home colony (FFG2008, REESTABLISHED), 3 when
    no defense can be named (FFG2008 with ffg_target_requires_defense_colony, A52: see ffg.py)."""
    N = cfg[C_NP]
    pps = cfg[C_PPS]
    if N == 2 and cfg[C_2P_DISCS] == 0:  # data.md reading: no discs with two players
        st[S_DEF] = 1 - o
        if lg:
            _log(log, E_DEFENSE, st[S_DEF], I0, I0, I0, I0, I0)
        return 0
    ffg = cfg[C_EDITION] == ED_FFG2008
    strict = ffg and cfg[C_TARGET_COLONY] == 1
    nodef = strict and ffg_no_defense(st, cfg, o)  # only the offense's own colour can give an encounter
    kept = False  # FFG2008: REDRAW chosen in this destiny phase (CE.33.4 b)
    while True:
        c = _flip_disc(st, cfg, log, lg)
        if c >= DESTINY_WILD:  # CE.33.5 / CE.33.6 (only in the FFG2008 destiny deck)
            c = ffg_destiny_pick(st, cfg, o, c)
        if strict and c != o and (c < 0 or st[S_HOME + c] == 0):
            continue  # A52 strict: no colony of the named player to encounter: the next card
        if c != o:  # CE.5.3
            st[S_DEF] = c
            if lg:
                _log(log, E_DEFENSE, c, I0, I0, I0, I0, I0)
            return 0
        if kept:  # CE.33.4 (b) revision 2.1: one REDRAW draws on until another card; no new choice
            if lg:
                _log(log, E_OWN_COLOUR, o, NONE, I1, I0, I0, I0)
            continue
        # CE.5.4 own colour: REDRAW, RESETTLE (CE.5.5) or EXPEL (CE.5.6); no REDRAW when no other card
        # could name a defense (A52 strict), so the drawing ends
        st[S_OPT] = NONE
        n = 0 if nodef else 1
        for i in range(pps):
            h = o * PPS_MAX + i
            if ffg:  # CE.33.4 c: RE-ESTABLISH replaces RESETTLE
                if _reestablish_ok(st, cfg, o, h):
                    st[S_OPT + n] = h
                    n += 1
            elif st[S_ONPL + o] - st[S_PS + o * MAX_PLANETS + h] > 0 or st[S_CENTRE] > 0:
                st[S_OPT + n] = h
                n += 1
        for i in range(pps):
            h = o * PPS_MAX + i
            for j in range(1, N):  # the players on a planet clockwise from the offense's left (CE.0.5)
                q = _cw(o, j, N)
                if st[S_PS + q * MAX_PLANETS + h] > 0:
                    st[S_OPT + n] = EXPEL_BASE + q * MAX_PLANETS + h
                    n += 1
        if n == 0:
            return 3
        st[S_NOPT] = n
        ch = _decide(st, cfg, o, D_OWN_COLOUR)
        if lg:
            _log(log, E_OWN_COLOUR, o, ch, I0, I0, I0, I0)
        if ch < 0:
            kept = ffg  # AH2000 (CE.5.4 a) asks again each time its own colour comes up
            continue
        if ch < EXPEL_BASE and ffg:
            ffg_reestablish(st, cfg, o, ch, log, lg)
            return 2
        if ch < EXPEL_BASE:  # RESETTLE onto home planet ch
            k = take_ships(st, cfg, o, D_RESETTLE_SHIPS, I1, I4, ch, I1, log, lg)
            ships_add(st, cfg, o, ch, k, log, lg)
            st[S_N_RESETTLE] += 1
            if lg:
                _log(log, E_RESETTLE, o, ch, k, I0, I0, I0)
            return 1
        x = ch - EXPEL_BASE
        q = x // MAX_PLANETS
        st[S_DEF] = q
        st[S_TARGET] = x % MAX_PLANETS
        st[S_EXPEL] = 1
        st[S_N_EXPEL] += 1
        if lg:
            _log(log, E_EXPEL, o, q, x % MAX_PLANETS, st[S_PS + q * MAX_PLANETS + x % MAX_PLANETS], I0, I0)
        return 0


@njit
def launch(st, cfg, o, log, lg):
    """CE.6 step 3: 1 to 4 ships from the offense's colonies onto the centre row. Returns 0 if the
    offense can have no ship on the mothership (CE.6.4)."""
    if st[S_CENTRE] > 0:  # CE.6.2: the regrouped ship is the offense's side
        return 1
    avail = st[S_ONPL + o]
    if avail == 0:
        return 0
    lim = ship_limit(st, o)  # CE.6.1; CE.22.9: a Macron exactly one ship
    kmax = avail if avail < lim else lim
    k = take_ships(st, cfg, o, D_LAUNCH, I1, np.int64(kmax), NONE, I0, log, lg)
    st[S_CENTRE] += k
    if lg:
        _log(log, E_LAUNCH, o, k, I0, I0, I0, I0)
    return 1


@njit
def aim(st, cfg, o, log, lg):
    """CE.7 step 4: any planet of the defense's home system (A7); fixed under EXPEL. FFG2008 with
    ffg_target_requires_defense_colony (A52): only those holding defense ships; returns 0 when there
    is none (the defense lost its last home colony after the destiny phase), else 1."""
    d = st[S_DEF]
    if st[S_EXPEL] == 0:
        strict = cfg[C_EDITION] == ED_FFG2008 and cfg[C_TARGET_COLONY] == 1
        n = 0
        for i in range(cfg[C_PPS]):
            if strict and st[S_PS + d * MAX_PLANETS + d * PPS_MAX + i] == 0:
                continue
            st[S_OPT + n] = d * PPS_MAX + i
            n += 1
        if n == 0:
            return 0
        st[S_NOPT] = n
        st[S_TARGET] = _decide(st, cfg, o, D_TARGET)
    if lg:
        t = st[S_TARGET]
        _log(log, E_TARGET, o, d, t, st[S_PS + d * MAX_PLANETS + t], st[S_CENTRE], I0)
    return 1


@njit
def _invite(st, cfg, p, kind):
    """CE.8.1 / CE.8.2: any subset (bitmask) of the players other than the main players."""
    N = cfg[C_NP]
    e = 0
    for q in range(N):
        if q != st[S_OFF] and q != st[S_DEF]:
            e |= 1 << q
    # the subsets in the order of the mask turned so that p's seat is bit 0: the sets are listed
    # relative to p (CE.0.5), not by seat index
    full = (np.int64(1) << N) - 1
    r = ((e >> p) | (e << (N - p))) & full
    n = 0
    for m in range(r + 1):
        if (m & ~r) == 0:
            st[S_OPT + n] = ((m << p) | (m >> (N - p))) & full
            n += 1
    st[S_NOPT] = n
    return _decide(st, cfg, p, kind)


@njit
def alliances(st, cfg, o, log, lg):
    """CE.8 steps 5-7: invitations, then answers clockwise from the offense's left (A11)."""
    d = st[S_DEF]
    st[S_STEP] = 5
    st[S_INV_O] = _invite(st, cfg, o, D_INVITE_O)
    if lg:
        _log(log, E_INVITE, o, SIDE_OFFENSE, st[S_INV_O], I0, I0, I0)
    st[S_STEP] = 6
    st[S_INV_D] = _invite(st, cfg, d, D_INVITE_D)
    if lg:
        _log(log, E_INVITE, d, SIDE_DEFENSE, st[S_INV_D], I0, I0, I0)
    return st[S_INV_O] | st[S_INV_D]


@njit
def answers(st, cfg, o, log, lg):
    """CE.8.3 step 7: each other player answers once, seeing earlier answers; joining commits 1-4
    ships from its colonies onto a wing or its carrier (CE.8.4). Before it answers, its alien file's
    on_answer may let it answer a side that did not invite it (hb_offer_side; the Parasite,
    CE.22.14): joining that side is a use of its power (E.POWER)."""
    N = cfg[C_NP]
    d = st[S_DEF]
    st[S_STEP] = 7
    st[S_HB_OFFER] = 0
    for s in range(1, N):
        q = _cw(o, s, N)
        if q == d or ((st[S_FF_OUT] >> q) & 1) == 1:
            continue
        if HB_MOMENTS_ANY != 0 and ((st[S_HB_PMOM + q] >> (H_ANSWER - 40)) & 1) == 1:
            _hb_at(st, cfg, H_ANSWER, q, log, lg)  # its power's offer, in st[S_HB_OFFER]
        offer = (st[S_HB_OFFER] >> (2 * q)) & 3
        st[S_OPT] = NONE
        n = 1
        if st[S_ONPL + q] > 0:
            if ((st[S_INV_O] >> q) & 1) == 1 or (offer & 1) == 1:
                st[S_OPT + n] = SIDE_OFFENSE
                n += 1
            if ((st[S_INV_D] >> q) & 1) == 1 or (offer & 2) == 2:
                st[S_OPT + n] = SIDE_DEFENSE
                n += 1
        if n == 1:
            continue
        st[S_NOPT] = n
        side = _decide(st, cfg, q, D_ALLIANCE)
        if side > 0 and uninvited_use(st, q, side) == 1:  # uninvited: a use of the power (E.POWER)
            st[S_ONCE] |= np.int64(1) << q
            if power_event(st, cfg, q, st[S_HB_OFFER_PK], log, lg) == 0:
                side = NONE
        if side < 0:
            if lg:
                _log(log, E_ALLY, q, NONE, I0, I0, I0, I0)
            continue
        _join(st, cfg, q, side, log, lg)
